// Fixture for js.nosql-injection.
app.post('/login', async (req, res) => {
  // ruleid: js.nosql-injection
  const user = await User.findOne({ username: req.body.username, password: req.body.password })
  // ruleid: js.nosql-injection
  const items = await db.collection('items').find(req.query).toArray()
  // ruleid: js.nosql-injection
  const rows = await db.collection('items').find({ $where: 'this.owner == "' + req.body.owner + '"' }).toArray()
  // ruleid: js.nosql-injection
  await Order.deleteMany({ customer: req.params.id })
  res.json({ user, items, rows })
})

app.post('/safe', async (req, res) => {
  // ok: js.nosql-injection
  const user = await User.findOne({ username: String(req.body.username) })
  // ok: js.nosql-injection
  const items = await db.collection('items').find({ owner: userId }).toArray()
  // ok: js.nosql-injection
  const open = await db.collection('items').find({ $where: 'this.qty > this.reserved' }).toArray()
  // ok: js.nosql-injection
  const found = list.find((x) => x.id === req.params.id)
  // ok: js.nosql-injection
  const clean = await User.findOne(sanitize(req.body))
  res.json({ user, items, open, found, clean })
})
