// Fixture for js.header-injection: request data reaching a response header, by every flow the analysis follows.
const contentDisposition = require('content-disposition')
const util = require('util')

const LANGUAGES = { en: 'en-US', fr: 'fr-FR' }

app.get('/direct', (req, res) => {
  // ruleid: js.header-injection (flow: direct)
  res.setHeader('Content-Disposition', 'attachment; filename="' + req.query.name + '"')
  // ruleid: js.header-injection (flow: direct)
  res.set('X-Report', req.params.report)
  // ok: js.header-injection (flow: direct)
  res.set('X-Trace-Id', req.get('X-Request-Id'))
  // ruleid: js.header-injection (flow: direct)
  res.writeHead(200, { 'Content-Language': req.query.lang })
  // ruleid: js.header-injection (flow: direct)
  res.header(req.query.header, 'on')
  // ok: js.header-injection (flow: direct)
  res.setHeader('Location', req.query.next)
  // ok: js.header-injection (flow: direct)
  res.setHeader('Cache-Control', 'no-store')
  // ok: js.header-injection (flow: direct)
  cache.set('last-query', req.query.q)
  // ok: js.header-injection (flow: direct)
  url.searchParams.set('q', req.query.q)
})

app.get('/assignments', (req, res) => {
  const file = req.query.file
  const name = file
  // ruleid: js.header-injection (flow: assignments)
  res.set('Content-Disposition', `attachment; filename="${name}"`)
  const { version } = req.body
  // ruleid: js.header-injection (flow: assignments)
  res.append('X-Client-Version', version)
})

app.get('/building', (req, res) => {
  const tag = req.query.tag
  // ruleid: js.header-injection (flow: string-building)
  res.setHeader('ETag', util.format('"%s"', tag))
  // ruleid: js.header-injection (flow: string-building)
  res.setHeader('Link', ['</style.css>; rel=preload', tag].join(', '))
  let cookie = 'pref='
  cookie += tag
  // ruleid: js.header-injection (flow: string-building)
  res.setHeader('Set-Cookie', cookie)
})

app.get('/container', (req, res) => {
  const meta = { type: 'text/csv', filename: req.query.filename }
  // ok: js.header-injection (flow: container)
  res.setHeader('Content-Type', meta.type)
  // ruleid: js.header-injection (flow: container)
  res.setHeader('Content-Disposition', 'attachment; filename=' + meta.filename)
  const vary = []
  vary.push(req.query.vary)
  // ruleid: js.header-injection (flow: container)
  res.setHeader('Vary', vary.join(', '))
})

function attachment(name) {
  return 'attachment; filename="' + name + '"'
}

function tagResponse(res, value) {
  // ruleid: js.header-injection (flow: helper-function)
  res.setHeader('X-Tag', value)
}

app.get('/helper', (req, res) => {
  // ruleid: js.header-injection (flow: helper-function)
  res.setHeader('Content-Disposition', attachment(req.query.name))
  tagResponse(res, req.query.tag)
  // ok: js.header-injection (flow: helper-function)
  res.setHeader('Content-Disposition', attachment('report.csv'))
})

class Download {
  constructor(req) {
    this.filename = req.params.filename
    this.type = 'application/pdf'
  }

  headers(res) {
    // ruleid: js.header-injection (flow: class-field)
    res.setHeader('Content-Disposition', 'inline; filename=' + this.filename)
    // ok: js.header-injection (flow: class-field)
    res.setHeader('Content-Type', this.type)
  }
}

app.get('/sanitized', (req, res) => {
  // ok: js.header-injection (flow: sanitized)
  res.setHeader('Content-Disposition', contentDisposition(req.query.name))
  // ok: js.header-injection (flow: sanitized)
  res.setHeader('X-Search', encodeURIComponent(req.query.q))
  // ok: js.header-injection (flow: sanitized)
  res.setHeader('X-Note', req.query.note.replace(/[\r\n]/g, ''))
  // ok: js.header-injection (flow: sanitized)
  res.setHeader('Content-Language', LANGUAGES[req.query.lang])
  // ok: js.header-injection (flow: number-conversion)
  res.setHeader('X-Page', Number(req.query.page))
})

app.get('/constant', (req, res) => {
  let lang = req.query.lang
  lang = 'en'
  // ok: js.header-injection (flow: constant-overwrite)
  res.setHeader('Content-Language', lang)
  let tag = 'v1'
  if (false) {
    tag = req.query.tag
  }
  // ok: js.header-injection (flow: dead-branch)
  res.setHeader('ETag', tag)
})

// Koa and Fastify.
router.get('/export', async (ctx) => {
  // ruleid: js.header-injection (flow: direct)
  ctx.set('Content-Disposition', 'attachment; filename=' + ctx.query.name)
})
fastify.get('/export', async (request, reply) => {
  // ruleid: js.header-injection (flow: direct)
  reply.header('X-Export', request.query.name)
})
