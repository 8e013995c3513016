// Fixture for js.eval-injection: `ruleid:` lines must match, `ok:` lines must not.
const express = require('express')
const vm = require('vm')
const app = express()

app.get('/calc', (req, res) => {
  // ruleid: js.eval-injection
  const result = eval(req.query.expr)
  // ruleid: js.eval-injection
  const fn = new Function('a', 'b', req.body.source)
  // ruleid: js.eval-injection
  setTimeout('refresh(' + req.query.id + ')', 100)
  // ruleid: js.eval-injection
  const tpl = eval(`(${req.body.json})`)
  // ruleid: js.eval-injection
  vm.runInNewContext(req.body.script, { Math })
  // ok: js.eval-injection
  const parsed = JSON.parse(req.body.json)
  // ok: js.eval-injection
  const op = handlers[req.query.op](Number(req.query.a))
  // ok: js.eval-injection
  vm.runInNewContext('Math.max(a, b)', { a: req.query.a, b: req.query.b })
  // ok: js.eval-injection
  setTimeout(done, 100, req.query.id)
  res.send(String(result))
})

// One local variable between the request and the sink.
app.post('/rules', function (req, res) {
  const { condition, action: body } = req.body
  const expr = 'return (' + req.query.filter + ')'
  const label = req.query.label
  // ruleid: js.eval-injection
  const check = new Function('item', expr)
  // ruleid: js.eval-injection
  const ok = eval('(' + condition + ')')
  // ruleid: js.eval-injection
  const run = Function('ctx', body)
  // ok: js.eval-injection
  const title = eval(JSON.stringify(label)) && label.length
  res.json({ ok, check, run, title })
})

// Fastify and Koa handlers.
fastify.post('/eval', async (request, reply) => {
  // ruleid: js.eval-injection
  return vm.runInThisContext(request.body.code)
})
router.get('/k', async (ctx) => {
  // ruleid: js.eval-injection
  ctx.body = eval(ctx.request.query.expr)
})

// Browser sources: the URL, the referrer, a cross-window message.
// ruleid: js.eval-injection
eval(decodeURIComponent(location.hash.slice(1)))
// ruleid: js.eval-injection
setTimeout(new URLSearchParams(location.search).get('cb') + '()', 0)
window.addEventListener('message', (event) => {
  // ruleid: js.eval-injection
  eval(event.data.code)
})

// Not request data: these are js.eval-dynamic's (code built by the program itself).
// ok: js.eval-injection
window.eval(userScript)
// ok: js.eval-injection
const two = eval('1 + 1')
// ok: js.eval-injection
const add = new Function('a', 'b', 'return a + b')
// ok: js.eval-injection
setTimeout(() => refresh(id), 100)
// ok: js.eval-injection
setInterval(pollHandler, 1000)
// A dedicated worker's messages come from this page's own worker script, not from another window.
worker.addEventListener('message', (event) => {
  // ok: js.eval-injection
  eval(event.data.code)
})
// ok: js.eval-injection
// eval(req.query.expr) is what we used to do here
// ok: js.eval-injection
const doc = "never call eval(req.query.expr) on input"
// ok: js.eval-injection
const plain = eval(`2 * 21`)

// Top-level browser script: the variable is declared at module level.
const hashCode = location.hash.substring(1)
// ruleid: js.eval-injection
eval(hashCode)
function compile(source) {
  // A request variable of a nested function is not this function's parameter.
  const inner = () => { const source = req.query.source; return source }
  // ok: js.eval-injection
  return new Function(source)
}
