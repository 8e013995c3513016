// Fixture for js.xpath-injection: request data reaching an XPath expression, by every flow the analysis follows.
const xpath = require('xpath')
const util = require('util')

const ROLES = { admin: "//user[@role='admin']", staff: "//user[@role='staff']" }

app.get('/direct', (req, res) => {
  // ruleid: js.xpath-injection (flow: direct)
  const one = xpath.select1(`//user[@id='${req.query.id}']/email`, doc)
  // ruleid: js.xpath-injection (flow: direct)
  const nodes = xpath.select("//user[name='" + req.body.name + "']", doc)
  // ruleid: js.xpath-injection (flow: direct)
  const found = xmlDoc.find("//product[sku='" + req.params.sku + "']")
  // ok: js.xpath-injection (flow: direct)
  const active = xpath.select('//user[@active="true"]', doc)
  // ok: js.xpath-injection (flow: direct)
  const total = xpath.select('count(//item)', doc) + req.query.offset
  // ok: js.xpath-injection (flow: direct)
  const cached = cache.get("//user[name='" + req.body.name + "']")
  res.json({ one, nodes, found, active, total, cached })
})

app.post('/assignments', (req, res) => {
  const user = req.body.user
  const who = user
  const expr = "//account[owner='" + who + "']"
  // ruleid: js.xpath-injection (flow: assignments)
  res.json(xpath.select(expr, doc))
})

app.post('/building', (req, res) => {
  const tag = req.body.tag
  // ruleid: js.xpath-injection (flow: string-building)
  xpath.select(util.format("//post[tag='%s']", tag), doc)
  // ruleid: js.xpath-injection (flow: string-building)
  xpath.select(["//post[tag='", tag, "']"].join(''), doc)
  let q = '//post'
  q += "[author='" + tag + "']"
  // ruleid: js.xpath-injection (flow: string-building)
  xpath.select(q, doc)
})

app.post('/container', (req, res) => {
  const search = { root: '//catalog', title: req.body.title }
  // ok: js.xpath-injection (flow: container)
  xpath.select(search.root + '/book', doc)
  // ruleid: js.xpath-injection (flow: container)
  xpath.select("//book[title='" + search.title + "']", doc)
  const conditions = []
  conditions.push("@lang='" + req.body.lang + "'")
  // ruleid: js.xpath-injection (flow: container)
  xpath.select('//book[' + conditions.join(' and ') + ']', doc)
})

function byName(name) {
  return "//user[name='" + name + "']"
}

function selectAll(expression) {
  // ruleid: js.xpath-injection (flow: helper-function)
  return xpath.select(expression, doc)
}

app.get('/helper', (req, res) => {
  // ruleid: js.xpath-injection (flow: helper-function)
  xpath.select(byName(req.query.name), doc)
  selectAll('//user[@id=' + req.query.id + ']')
  // ok: js.xpath-injection (flow: helper-function)
  xpath.select(byName('root'), doc)
})

class Directory {
  constructor(req) {
    this.login = req.body.login
    this.root = '//users'
  }

  find() {
    // ruleid: js.xpath-injection (flow: class-field)
    const hit = xpath.select1(this.root + "/user[login='" + this.login + "']", doc)
    // ok: js.xpath-injection (flow: class-field)
    const all = xpath.select(this.root + '/user', doc)
    return [hit, all]
  }
}

app.get('/sanitized', (req, res) => {
  // ok: js.xpath-injection (flow: sanitized)
  const byVar = xpath.parse('//user[@name=$name]').select({ node: doc, variables: { name: req.query.name } })
  // ok: js.xpath-injection (flow: sanitized)
  const byRole = xpath.select(ROLES[req.query.role], doc)
  const id = parseInt(req.query.id, 10)
  // ok: js.xpath-injection (flow: number-conversion)
  const byId = xpath.select('//user[@id=' + id + ']', doc)
  res.json({ byVar, byRole, byId })
})

app.get('/constant', (req, res) => {
  let name = req.query.name
  name = 'guest'
  // ok: js.xpath-injection (flow: constant-overwrite)
  xpath.select("//user[name='" + name + "']", doc)
  let role = 'reader'
  if (false) {
    role = req.query.role
  }
  // ok: js.xpath-injection (flow: dead-branch)
  xpath.select("//user[@role='" + role + "']", doc)
})

// In a page: the URL reaches document.evaluate.
function highlight() {
  const term = new URLSearchParams(location.search).get('term')
  // ruleid: js.xpath-injection (flow: assignments)
  return document.evaluate("//a[@title='" + term + "']", document, null, XPathResult.ANY_TYPE, null)
}

function notARoute(doc, name) {
  // ok: js.xpath-injection
  return xpath.select("//user[name='" + name + "']", doc)
}
