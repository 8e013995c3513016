// Fixture for js.template-injection.
const ejs = require('ejs')
const pug = require('pug')
const Handlebars = require('handlebars')

app.get('/preview', (req, res) => {
  // ruleid: js.template-injection
  res.send(ejs.render(req.query.template, { user: req.user }))
  // ruleid: js.template-injection
  const fn = pug.compile('h1 Hello ' + req.body.name)
  // ruleid: js.template-injection
  const t = Handlebars.compile(`<p>${req.body.greeting}</p>`)
  // ruleid: js.template-injection
  res.send(nunjucks.renderString(req.body.tpl, {}))
  res.send(fn() + t({}))
})

app.get('/safe', (req, res) => {
  // ok: js.template-injection
  res.send(ejs.render('<h1><%= name %></h1>', { name: req.query.name }))
  // ok: js.template-injection
  const fn = pug.compile(fs.readFileSync('views/page.pug', 'utf8'))
  // ok: js.template-injection
  const t = Handlebars.compile(templates.greeting)
  // ok: js.template-injection
  res.render('profile', { bio: req.body.bio })
  res.send(fn({ name: req.query.name }) + t({ name: req.query.name }))
})
