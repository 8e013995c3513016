// Fixture for js.xpath-injection.
const xpath = require('xpath')

function findUser(doc, name, req) {
  // ruleid: js.xpath-injection
  const nodes = xpath.select("//user[name='" + name + "']", doc)
  // ruleid: js.xpath-injection
  const one = xpath.select1(`//user[@id='${req.query.id}']/email`, doc)
  // ruleid: js.xpath-injection
  const it = document.evaluate("//a[@title='" + req.query.t + "']", document, null, XPathResult.ANY_TYPE, null)
  return [nodes, one, it]
}

function safe(doc) {
  // ok: js.xpath-injection
  const nodes = xpath.select('//user[@active="true"]', doc)
  // ok: js.xpath-injection
  const one = xpath.select1(`//config/timeout`, doc)
  // ok: js.xpath-injection
  const it = document.evaluate(COMPILED_QUERY, document, null, XPathResult.ANY_TYPE, null)
  // ok: js.xpath-injection
  const total = xpath.select('count(//item)', doc) + offset
  return [nodes, one, it, total]
}
