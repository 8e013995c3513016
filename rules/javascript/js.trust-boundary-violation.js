// Fixture for js.trust-boundary-violation: request data stored in the session, by every flow the analysis follows.
const util = require('util')

const PLANS = { free: 'free', pro: 'pro' }

app.post('/direct', (req, res) => {
  // ruleid: js.trust-boundary-violation (flow: direct)
  req.session.role = req.body.role
  // ruleid: js.trust-boundary-violation (flow: direct)
  req.session['returnTo'] = req.query.returnTo
  // ruleid: js.trust-boundary-violation (flow: direct)
  Object.assign(req.session, req.body)
  // ok: js.trust-boundary-violation (flow: direct)
  req.session.visits = (req.session.visits || 0) + 1
  // ok: js.trust-boundary-violation (flow: direct)
  res.locals.role = req.body.role
})

app.post('/assignments', (req, res) => {
  const user = req.body.userId
  const id = user
  // ruleid: js.trust-boundary-violation (flow: assignments)
  req.session.userId = id
  const { cart } = req.body
  // ruleid: js.trust-boundary-violation (flow: assignments)
  req.session.cart = cart
})

app.post('/building', (req, res) => {
  const name = req.body.name
  // ruleid: js.trust-boundary-violation (flow: string-building)
  req.session.greeting = `Hello ${name}`
  // ruleid: js.trust-boundary-violation (flow: string-building)
  req.session.label = util.format('%s (guest)', name)
  // ruleid: js.trust-boundary-violation (flow: string-building)
  req.session.tags = ['new', name].join(',')
})

app.post('/container', (req, res) => {
  const prefs = { theme: 'dark', plan: req.body.plan }
  // ok: js.trust-boundary-violation (flow: container)
  req.session.theme = prefs.theme
  // ruleid: js.trust-boundary-violation (flow: container)
  req.session.plan = prefs.plan
  const history = []
  history.push(req.query.page)
  // ruleid: js.trust-boundary-violation (flow: container)
  req.session.history = history
})

function claims(body) {
  return { sub: body.sub, admin: body.admin }
}

function remember(req, value) {
  // ruleid: js.trust-boundary-violation (flow: helper-function)
  req.session.remembered = value
}

app.post('/helper', (req, res) => {
  // ruleid: js.trust-boundary-violation (flow: helper-function)
  req.session.claims = claims(req.body)
  remember(req, req.body.token)
  // ok: js.trust-boundary-violation (flow: helper-function)
  req.session.claims = claims({ sub: 'anonymous', admin: false })
})

class Checkout {
  constructor(req) {
    this.coupon = req.body.coupon
    this.currency = 'EUR'
  }

  save(req) {
    // ruleid: js.trust-boundary-violation (flow: class-field)
    req.session.coupon = this.coupon
    // ok: js.trust-boundary-violation (flow: class-field)
    req.session.currency = this.currency
  }
}

app.post('/sanitized', async (req, res) => {
  const user = await User.findOne({ email: req.body.email })
  // ok: js.trust-boundary-violation (flow: sanitized)
  req.session.userId = user.id
  // ok: js.trust-boundary-violation (flow: sanitized)
  req.session.plan = PLANS[req.body.plan]
  // ok: js.trust-boundary-violation (flow: number-conversion)
  req.session.page = Number(req.query.page)
  // ok: js.trust-boundary-violation (flow: number-conversion)
  req.session.consent = req.body.consent === 'yes'
})

app.post('/constant', (req, res) => {
  let role = req.body.role
  role = 'member'
  // ok: js.trust-boundary-violation (flow: constant-overwrite)
  req.session.role = role
  let plan = 'free'
  if (false) {
    plan = req.body.plan
  }
  // ok: js.trust-boundary-violation (flow: dead-branch)
  req.session.plan = plan
})

// Koa and Fastify.
router.post('/lang', async (ctx) => {
  // ruleid: js.trust-boundary-violation (flow: direct)
  ctx.session.lang = ctx.request.body.lang
})
fastify.post('/login', async (request, reply) => {
  // ruleid: js.trust-boundary-violation (flow: direct)
  request.session.set('user', request.body.user)
})
