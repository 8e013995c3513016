// Fixture for js.express-xss: request data reflected into an HTML response, by every flow the analysis follows.
const escapeHtml = require('escape-html')
const he = require('he')
const util = require('util')

app.get('/direct', (req, res) => {
  // ruleid: js.express-xss (flow: direct)
  res.send('<h1>Results for ' + req.query.q + '</h1>')
  // ruleid: js.express-xss (flow: direct)
  res.write(`<p>Hello ${req.params.name}</p>`)
  // ruleid: js.express-xss (flow: direct)
  res.status(400).send(req.body.comment)
  // ruleid: js.express-xss (flow: direct)
  res.end(req.query.callback + '(' + JSON.stringify(data) + ')')
  // ok: js.express-xss (flow: direct)
  res.json({ q: req.query.q })
  // ok: js.express-xss (flow: direct)
  res.send('<h1>Welcome</h1>')
  // ok: js.express-xss (flow: direct)
  res.end(req.headers.host + '|' + req.cookies.theme)
  // ok: js.express-xss (flow: direct)
  res.render('search', { q: req.query.q })
})

app.get('/assignments', (req, res) => {
  const name = req.query.name
  const shown = name
  const page = '<p>Hello ' + shown + '</p>'
  // ruleid: js.express-xss (flow: assignments)
  res.send(page)
  const { message } = req.body
  // ruleid: js.express-xss (flow: assignments)
  res.type('html').send(message)
})

app.get('/building', (req, res) => {
  const q = req.query.q
  // ruleid: js.express-xss (flow: string-building)
  res.send(`<ul><li>${q}</li></ul>`)
  // ruleid: js.express-xss (flow: string-building)
  res.send(['<b>', q, '</b>'].join(''))
  // ruleid: js.express-xss (flow: string-building)
  res.send(util.format('<i>%s</i>', q))
  let html = '<div>'
  html += q
  html += '</div>'
  // ruleid: js.express-xss (flow: string-building)
  res.end(html)
})

app.get('/container', (req, res) => {
  const view = { title: 'Search', query: req.query.q }
  // ok: js.express-xss (flow: container)
  res.send('<h1>' + view.title + '</h1>')
  // ruleid: js.express-xss (flow: container)
  res.send('<p>' + view.query + '</p>')
  const rows = []
  rows.push('<tr><td>' + req.query.item + '</td></tr>')
  // ruleid: js.express-xss (flow: container)
  res.send('<table>' + rows.join('') + '</table>')
})

function bold(text) {
  return '<b>' + text + '</b>'
}

function reply(res, body) {
  // ruleid: js.express-xss (flow: helper-function)
  res.send('<main>' + body + '</main>')
}

app.get('/helper', (req, res) => {
  // ruleid: js.express-xss (flow: helper-function)
  res.send(bold(req.query.name))
  reply(res, req.query.body)
  // ok: js.express-xss (flow: helper-function)
  res.send(bold('guest'))
})

class Greeting {
  constructor(req) {
    this.visitor = req.query.visitor
    this.site = 'Example'
  }

  write(res) {
    // ruleid: js.express-xss (flow: class-field)
    res.send('<p>Welcome ' + this.visitor + '</p>')
    // ok: js.express-xss (flow: class-field)
    res.send('<p>Welcome to ' + this.site + '</p>')
  }
}

app.get('/sanitized', (req, res) => {
  // ok: js.express-xss (flow: sanitized)
  res.send('<h1>Results for ' + escapeHtml(req.query.q) + '</h1>')
  // ok: js.express-xss (flow: sanitized)
  res.send(`<p>${he.encode(req.params.name)}</p>`)
  const page = Number(req.query.page)
  // ok: js.express-xss (flow: number-conversion)
  res.send('<p>Page ' + page + '</p>')
  // ok: js.express-xss (flow: number-conversion)
  res.send(`<p>${req.query.q.length} characters</p>`)
})

app.get('/constant', (req, res) => {
  let title = req.query.title
  title = 'Home'
  // ok: js.express-xss (flow: constant-overwrite)
  res.send('<h1>' + title + '</h1>')
  let note = ''
  if (false) {
    note = req.query.note
  }
  // ok: js.express-xss (flow: dead-branch)
  res.send('<p>' + note + '</p>')
})

// Koa and Fastify.
router.get('/hello', async (ctx) => {
  // ruleid: js.express-xss (flow: direct)
  ctx.body = '<p>Hello ' + ctx.query.name + '</p>'
  // ok: js.express-xss (flow: direct)
  ctx.body = { name: ctx.query.name }
})
fastify.get('/hello', async (request, reply) => {
  // ruleid: js.express-xss (flow: direct)
  reply.type('text/html').send(`<p>${request.query.name}</p>`)
  // ok: js.express-xss (flow: direct)
  reply.send(request.query.name)
})

app.get('/users/:id', async (req, res) => {
  const user = await User.findById(req.params.id)
  // ok: js.express-xss
  res.send('<h1>' + user.displayName + '</h1>')
  const { rows } = await pool.query('SELECT bio FROM profiles WHERE user_id = $1', [req.params.id])
  // ok: js.express-xss
  res.send('<p>' + rows[0].bio + '</p>')
})

app.get('/safe', (req, res) => {
  // ok: js.express-xss
  res.send(renderPage())
  // ok: js.express-xss
  res.set('Content-Type', 'text/plain').send(req.query.q)
})

// A file chosen by the request (confined to the base folder): what it holds is the server's, not the request's.
app.get('/file', (req, res) => {
  const full = require('path').resolve('/srv/pages', req.query.page)
  if (!full.startsWith('/srv/pages/')) return res.sendStatus(403)
  // ok: js.express-xss (flow: sanitized)
  res.send(require('fs').readFileSync(full, 'utf8'))
  // ruleid: js.express-xss (flow: direct)
  res.send('<p>No page ' + req.query.page + '</p>')
})

// A body whose declared type is not HTML is not rendered by the browser.
app.get('/api/echo', (req, res) => {
  res.setHeader('Content-Type', 'application/json')
  // ok: js.express-xss (flow: direct)
  res.end(JSON.stringify({ q: req.query.q }))
})
app.get('/api/plain', (req, res) => {
  res.writeHead(200, { 'Content-Type': 'text/plain; charset=utf-8' })
  // ok: js.express-xss (flow: direct)
  res.end(req.query.q)
})
app.get('/api/html', (req, res) => {
  res.setHeader('Content-Type', 'text/html')
  // ruleid: js.express-xss (flow: direct)
  res.end(JSON.stringify({ q: req.query.q }))
})
function routes(router) {
  router.get('/json', (req, res) => {
    res.type('json')
    // ok: js.express-xss (flow: direct)
    res.send(JSON.stringify(req.query))
  })
  router.get('/page', (req, res) => {
    // ruleid: js.express-xss (flow: direct)
    res.send('<p>' + req.query.q + '</p>')
  })
}
