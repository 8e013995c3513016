// Fixture for js.template-injection: request data reaching a template's source, by every flow the analysis follows.
const ejs = require('ejs')
const pug = require('pug')
const Handlebars = require('handlebars')
const nunjucks = require('nunjucks')
const _ = require('lodash')
const fs = require('fs')

const TEMPLATES = { welcome: '<h1>Welcome <%= name %></h1>', bye: '<h1>Bye <%= name %></h1>' }

app.get('/direct', (req, res) => {
  // ruleid: js.template-injection (flow: direct)
  res.send(ejs.render(req.query.template, { user: req.user }))
  // ruleid: js.template-injection (flow: direct)
  const fn = pug.compile('h1 Hello ' + req.body.name)
  // ruleid: js.template-injection (flow: direct)
  const t = Handlebars.compile(`<p>${req.body.greeting}</p>`)
  // ruleid: js.template-injection (flow: direct)
  res.send(nunjucks.renderString(req.body.tpl, {}))
  // ok: js.template-injection (flow: direct)
  res.send(ejs.render('<h1><%= name %></h1>', { name: req.query.name }))
  // ok: js.template-injection (flow: direct)
  res.render('profile', { bio: req.body.bio })
  // ok: js.template-injection (flow: direct)
  const page = pug.compile(fs.readFileSync('views/page.pug', 'utf8'))
  res.send(fn() + t({}) + page({ name: req.query.name }))
})

app.post('/assignments', (req, res) => {
  const source = req.body.source
  const tpl = source
  // ruleid: js.template-injection (flow: assignments)
  const render = _.template(tpl)
  const { layout } = req.body
  // ruleid: js.template-injection (flow: assignments)
  res.send(ejs.render(layout, {}))
  res.send(render({}))
})

app.post('/building', (req, res) => {
  const title = req.body.title
  // ruleid: js.template-injection (flow: string-building)
  res.send(nunjucks.renderString('{% extends "base.html" %}{% block title %}' + title + '{% endblock %}', {}))
  // ruleid: js.template-injection (flow: string-building)
  res.send(ejs.render(['<h1>', title, '</h1>'].join(''), {}))
  let body = '<main>'
  body += title
  // ruleid: js.template-injection (flow: string-building)
  res.send(Handlebars.compile(body)({}))
})

app.post('/container', (req, res) => {
  const theme = { header: '<header>Shop</header>', footer: req.body.footer }
  // ok: js.template-injection (flow: container)
  res.send(ejs.render(theme.header, {}))
  // ruleid: js.template-injection (flow: container)
  res.send(ejs.render(theme.footer, {}))
  const parts = []
  parts.push(req.body.part)
  // ruleid: js.template-injection (flow: container)
  res.send(pug.render(parts.join('\n')))
})

function wrapLayout(inner) {
  return '<div class="layout">' + inner + '</div>'
}

function compileEmail(text) {
  // ruleid: js.template-injection (flow: helper-function)
  return Handlebars.compile(text)
}

app.post('/helper', (req, res) => {
  // ruleid: js.template-injection (flow: helper-function)
  res.send(ejs.render(wrapLayout(req.body.html), {}))
  compileEmail(req.body.email)
  // ok: js.template-injection (flow: helper-function)
  res.send(ejs.render(wrapLayout('<%= name %>'), { name: req.body.name }))
})

class Campaign {
  constructor(req) {
    this.template = req.body.template
    this.signature = '<p>The team</p>'
  }

  render() {
    // ruleid: js.template-injection (flow: class-field)
    const body = ejs.render(this.template, {})
    // ok: js.template-injection (flow: class-field)
    const sig = ejs.render(this.signature, {})
    return body + sig
  }
}

app.get('/sanitized', (req, res) => {
  // ok: js.template-injection (flow: sanitized)
  res.send(ejs.render(TEMPLATES[req.query.name], { name: req.query.user }))
  // ok: js.template-injection (flow: sanitized)
  res.send(nunjucks.renderString('Hello {{ name }}', { name: req.query.name }))
  const count = Number(req.query.count)
  // ok: js.template-injection (flow: number-conversion)
  res.send(ejs.render('<p>' + count + ' items</p>', {}))
})

app.get('/constant', (req, res) => {
  let tpl = req.query.tpl
  tpl = '<p>Hello</p>'
  // ok: js.template-injection (flow: constant-overwrite)
  res.send(ejs.render(tpl, {}))
  let footer = ''
  if (false) {
    footer = req.query.footer
  }
  // ok: js.template-injection (flow: dead-branch)
  res.send(ejs.render('<footer>' + footer + '</footer>', {}))
})

function notARoute(source) {
  // ok: js.template-injection
  return Handlebars.compile(source)
}
