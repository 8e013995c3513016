// Fixture for js.nosql-injection: request data reaching a MongoDB filter, by every flow the analysis follows.
const sanitize = require('mongo-sanitize')
const { ObjectId } = require('mongodb')

app.post('/direct', async (req, res) => {
  // ruleid: js.nosql-injection (flow: direct)
  const user = await User.findOne({ username: req.body.username, password: req.body.password })
  // ruleid: js.nosql-injection (flow: direct)
  const items = await db.collection('items').find(req.query).toArray()
  // ruleid: js.nosql-injection (flow: direct)
  const rows = await db.collection('items').find({ $where: 'this.owner == "' + req.body.owner + '"' }).toArray()
  // ruleid: js.nosql-injection (flow: direct)
  await Order.deleteMany({ customer: req.params.id })
  // ok: js.nosql-injection (flow: direct)
  const found = list.find((x) => x.id === req.params.id)
  // ok: js.nosql-injection (flow: direct)
  const open = await db.collection('items').find({ $where: 'this.qty > this.reserved' }).toArray()
  // ok: js.nosql-injection (flow: direct)
  const one = await User.findById(req.params.id)
  res.json({ user, items, rows, found, open, one })
})

app.post('/assignments', async (req, res) => {
  const { username, password } = req.body
  const filter = { username, password }
  // ruleid: js.nosql-injection (flow: assignments)
  const user = await User.findOne(filter)
  const email = req.body.email
  const who = email
  // ruleid: js.nosql-injection (flow: assignments)
  await User.updateOne({ email: who }, { $set: { verified: true } })
  // ok: js.nosql-injection (flow: assignments)
  await User.updateOne({ _id: user._id }, { $set: { lastEmail: who } })
  res.json({ user })
})

app.get('/building', async (req, res) => {
  const owner = req.query.owner
  // ruleid: js.nosql-injection (flow: string-building)
  await Item.find({ $where: `this.owner === '${owner}'` })
  // ruleid: js.nosql-injection (flow: string-building)
  await Item.where('this.owner == ' + JSON.stringify(owner) + ' || true')
  // ruleid: js.nosql-injection (flow: string-building)
  await Item.find({ $where: ['this.owner', owner].join(' == ') })
})

app.get('/container', async (req, res) => {
  const query = { status: 'open', owner: req.query.owner }
  // ok: js.nosql-injection (flow: container)
  await Item.find({ status: query.status })
  // ruleid: js.nosql-injection (flow: container)
  await Item.find({ owner: query.owner })
  const or = []
  or.push({ tag: req.query.tag })
  // ruleid: js.nosql-injection (flow: container)
  await Item.find({ $or: or })
})

function byOwner(owner) {
  return { owner: owner, archived: false }
}

function removeFor(filter) {
  // ruleid: js.nosql-injection (flow: helper-function)
  return Item.deleteMany(filter)
}

app.get('/helper', async (req, res) => {
  // ruleid: js.nosql-injection (flow: helper-function)
  await Item.find(byOwner(req.query.owner))
  await removeFor({ owner: req.body.owner })
  // ok: js.nosql-injection (flow: helper-function)
  await Item.find(byOwner('system'))
})

class Accounts {
  constructor(req) {
    this.login = req.body.login
    this.role = 'member'
  }

  async lookup() {
    // ruleid: js.nosql-injection (flow: class-field)
    return User.findOne({ login: this.login })
  }

  async members() {
    // ok: js.nosql-injection (flow: class-field)
    return User.find({ role: this.role })
  }
}

app.post('/sanitized', async (req, res) => {
  // ok: js.nosql-injection (flow: sanitized)
  const user = await User.findOne({ username: String(req.body.username) })
  // ok: js.nosql-injection (flow: sanitized)
  const clean = await User.findOne(sanitize(req.body))
  // ok: js.nosql-injection (flow: sanitized)
  const doc = await Item.findOne({ _id: new ObjectId(req.params.id) })
  const age = Number(req.query.age)
  // ok: js.nosql-injection (flow: number-conversion)
  const adults = await User.find({ age: { $gte: age } })
  // ok: js.nosql-injection (flow: number-conversion)
  const page = await User.find({ rank: parseInt(req.query.rank, 10) })
  res.json({ user, clean, doc, adults, page })
})

app.get('/constant', async (req, res) => {
  let status = req.query.status
  status = 'open'
  // ok: js.nosql-injection (flow: constant-overwrite)
  await Item.find({ status })
  let owner = 'system'
  if (false) {
    owner = req.query.owner
  }
  // ok: js.nosql-injection (flow: dead-branch)
  await Item.find({ owner })
})

function notARoute(filter) {
  // ok: js.nosql-injection
  return Item.find(filter)
}

// Checked to be a string first; Sequelize's filters take no operators from JSON.
app.post('/reviews', async (req, res) => {
  const id = req.body.id
  if (typeof id !== 'string') return res.status(400).end()
  // ok: js.nosql-injection (flow: guard)
  await Review.updateOne({ _id: id }, { message: req.body.message })
  const author = req.body.author
  // ruleid: js.nosql-injection (flow: guard)
  await Review.find({ author })
  // ok: js.nosql-injection (flow: direct)
  await UserModel.findOne({ where: { email: req.body.email } })
})

// A webhook's signature: the body is a digest's input, not a query; collection.update(filter, doc) still is one.
app.post('/hooks', async (req, res) => {
  const crypto = require('crypto')
  // ok: js.nosql-injection (flow: direct)
  const signature = crypto.createHmac('sha256', process.env.HOOK_SECRET).update(req.body.payload).digest('hex')
  const hash = crypto.createHash('sha256')
  // ok: js.nosql-injection (flow: direct)
  hash.update(req.body.payload, 'utf8')
  // ruleid: js.nosql-injection (flow: direct)
  await db.collection('hooks').update({ sender: req.body.sender }, { $set: { signature } })
})
