// Fixture for js.express-xss.
const escapeHtml = require('escape-html')

app.get('/search', (req, res) => {
  // ruleid: js.express-xss
  res.send('<h1>Results for ' + req.query.q + '</h1>')
  // ruleid: js.express-xss
  res.write(`<p>Hello ${req.params.name}</p>`)
  // ruleid: js.express-xss
  res.send(req.body.comment)
  // ruleid: js.express-xss
  res.end(req.query.callback + '(' + JSON.stringify(data) + ')')
})

app.get('/safe', (req, res) => {
  // ok: js.express-xss
  res.send('<h1>Results for ' + escapeHtml(req.query.q) + '</h1>')
  // ok: js.express-xss
  res.json({ q: req.query.q })
  // ok: js.express-xss
  res.send(`<p>${escapeHtml(req.params.name)}</p>`)
  // ok: js.express-xss
  res.send('<h1>Welcome</h1>')
  // ok: js.express-xss
  res.send(renderPage(req.query.q))
  // ok: js.express-xss
  res.end(req.headers.host + '|' + req.url)
})
