// Fixture for js.open-redirect: request and page-URL data deciding a redirect target, by every flow the analysis follows.
const util = require('util')

const DESTINATIONS = { home: '/', billing: '/account/billing' }

app.get('/direct', (req, res) => {
  // ruleid: js.open-redirect (flow: direct)
  res.redirect(req.query.next)
  // ruleid: js.open-redirect (flow: direct)
  res.redirect(302, req.body.returnTo)
  // ruleid: js.open-redirect (flow: direct)
  res.location(req.query.to)
  // ok: js.open-redirect (flow: direct)
  res.redirect(req.get('Referrer') || '/')
  // ok: js.open-redirect (flow: direct)
  res.redirect(301, 'https://' + req.headers.host + req.originalUrl)
  // ruleid: js.open-redirect (flow: direct)
  res.setHeader('Location', req.query.to)
  // ruleid: js.open-redirect (flow: direct)
  res.writeHead(302, { Location: req.query.to })
  // ok: js.open-redirect (flow: direct)
  res.redirect('/dashboard')
  // ok: js.open-redirect (flow: direct)
  res.setHeader('X-Request-Id', req.query.id)
  // ok: js.open-redirect (flow: direct)
  res.redirect(config.loginUrl)
})

app.get('/assignments', (req, res) => {
  const next = req.query.next
  const target = next
  // ruleid: js.open-redirect (flow: assignments)
  res.redirect(target)
  const { returnTo } = req.body
  // ruleid: js.open-redirect (flow: assignments)
  res.redirect(301, returnTo)
})

app.get('/building', (req, res) => {
  const host = req.query.host
  // ruleid: js.open-redirect (flow: string-building)
  res.redirect(host + '/welcome')
  // ruleid: js.open-redirect (flow: string-building)
  res.redirect(`${host}/home`)
  // ruleid: js.open-redirect (flow: string-building)
  res.redirect(util.format('https://%s/login', host))
  // ruleid: js.open-redirect (flow: string-building)
  res.redirect(['https:', '', host].join('/'))
})

app.get('/container', (req, res) => {
  const state = { page: '/inbox', back: req.query.back }
  // ok: js.open-redirect (flow: container)
  res.redirect(state.page)
  // ruleid: js.open-redirect (flow: container)
  res.redirect(state.back)
  const hops = []
  hops.push(req.query.hop)
  // ruleid: js.open-redirect (flow: container)
  res.redirect(hops[0])
})

function withTracking(url) {
  return url + '?utm_source=mail'
}

function send(res, url) {
  // ruleid: js.open-redirect (flow: helper-function)
  res.redirect(url)
}

app.get('/helper', (req, res) => {
  // ruleid: js.open-redirect (flow: helper-function)
  res.redirect(withTracking(req.query.url))
  send(res, req.query.to)
  // ok: js.open-redirect (flow: helper-function)
  res.redirect(withTracking('/newsletter'))
})

class LoginFlow {
  start(req) {
    this.returnTo = req.query.returnTo
    this.home = '/home'
  }

  finish(res) {
    // ruleid: js.open-redirect (flow: class-field)
    res.redirect(this.returnTo)
    // ok: js.open-redirect (flow: class-field)
    res.redirect(this.home)
  }
}

app.get('/sanitized', (req, res) => {
  // ok: js.open-redirect (flow: sanitized)
  res.redirect('/items/' + req.params.id)
  // ok: js.open-redirect (flow: sanitized)
  res.redirect(`/users/${req.params.id}/profile`)
  // ok: js.open-redirect (flow: sanitized)
  res.redirect(DESTINATIONS[req.query.dest])
  // ok: js.open-redirect (flow: sanitized)
  res.redirect(safeNext(req.query.next))
  // ok: js.open-redirect (flow: sanitized)
  res.redirect(`${process.env.FRONTEND_URL}/verify?token=${req.query.token}`)
  const page = Number(req.query.page)
  // ok: js.open-redirect (flow: number-conversion)
  res.redirect('?page=' + page)
})

app.get('/constant', (req, res) => {
  let next = req.query.next
  next = '/'
  // ok: js.open-redirect (flow: constant-overwrite)
  res.redirect(next)
  let to = '/home'
  if (false) {
    to = req.query.to
  }
  // ok: js.open-redirect (flow: dead-branch)
  res.redirect(to)
})

// Fastify and Koa.
fastify.get('/go', async (request, reply) => {
  // ruleid: js.open-redirect (flow: direct)
  return reply.redirect(request.query.url)
})
router.get('/out', async (ctx) => {
  // ruleid: js.open-redirect (flow: direct)
  ctx.redirect(ctx.query.url)
})

// Browser: the page's URL decides where it goes.
function afterLogin() {
  const params = new URLSearchParams(window.location.search)
  const next = params.get('next')
  // ruleid: js.open-redirect (flow: assignments)
  window.location.href = next
  // ruleid: js.open-redirect (flow: direct)
  location.assign(location.hash.slice(1))
  // ok: js.open-redirect (flow: sanitized)
  window.location.href = '/search?q=' + encodeURIComponent(next)
  // ok: js.open-redirect
  window.location.href = '/login'
}

function paginate() {
  // ok: js.open-redirect
  window.location.href = window.location.pathname + '?page=2'
  // ok: js.open-redirect
  location.replace(location.href.split('#')[0])
  // ruleid: js.open-redirect (flow: direct)
  location.href = new URL(location.href).searchParams.get('next')
}
