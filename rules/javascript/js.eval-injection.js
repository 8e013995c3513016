// Fixture for js.eval-injection: request, URL and message data evaluated as code, by every flow the analysis follows.
const express = require('express')
const vm = require('vm')
const app = express()

app.get('/direct', (req, res) => {
  // ruleid: js.eval-injection (flow: direct)
  const result = eval(req.query.expr)
  // ruleid: js.eval-injection (flow: direct)
  const fn = new Function('a', 'b', req.body.source)
  // ruleid: js.eval-injection (flow: direct)
  setTimeout('refresh(' + req.query.id + ')', 100)
  // ruleid: js.eval-injection (flow: direct)
  vm.runInNewContext(req.body.script, { Math })
  // ruleid: js.eval-injection (flow: direct)
  const view = Function(req.cookies.view)
  // ok: js.eval-injection (flow: direct)
  const parsed = JSON.parse(req.body.json)
  // ok: js.eval-injection (flow: direct)
  const op = handlers[req.query.op](Number(req.query.a))
  // ok: js.eval-injection (flow: direct)
  vm.runInNewContext('Math.max(a, b)', { a: req.query.a, b: req.query.b })
  // ok: js.eval-injection (flow: direct)
  setTimeout(done, 100, req.query.id)
  // ok: js.eval-injection (flow: direct)
  setTimeout(() => refresh(req.query.id), 100)
  res.json({ result, fn, parsed, op, view })
})

app.post('/assignments', (req, res) => {
  const { expr, condition } = req.body
  const code = expr
  // ruleid: js.eval-injection (flow: assignments)
  const check = new Function('item', code)
  let body = req.body.body
  body = body.trim()
  // ruleid: js.eval-injection (flow: assignments)
  const run = Function('ctx', body)
  res.json({ check, run, condition })
})

app.post('/building', (req, res) => {
  const cond = req.body.condition
  // ruleid: js.eval-injection (flow: string-building)
  const ok = eval('(' + cond + ')')
  // ruleid: js.eval-injection (flow: string-building)
  const tpl = eval(`(${cond})`)
  // ruleid: js.eval-injection (flow: string-building)
  const joined = eval(['return', cond].join(' '))
  let src = 'var x = '
  src += cond
  // ruleid: js.eval-injection (flow: string-building)
  vm.runInThisContext(src)
  res.json({ ok, tpl, joined })
})

app.post('/container', (req, res) => {
  const job = { name: 'report', script: req.body.script }
  // ok: js.eval-injection (flow: container)
  eval('run_' + job.name + '()')
  // ruleid: js.eval-injection (flow: container)
  eval(job.script)
  const lines = []
  lines.push(req.body.line)
  // ruleid: js.eval-injection (flow: container)
  new vm.Script(lines.join('\n'))
})

function wrap(expr) {
  return '(function () { return ' + expr + ' })()'
}

function compute(formula) {
  // ruleid: js.eval-injection (flow: helper-function)
  return eval(formula)
}

app.get('/helper', (req, res) => {
  // ruleid: js.eval-injection (flow: helper-function)
  const v = eval(wrap(req.query.expr))
  const w = compute(req.query.formula)
  // ok: js.eval-injection (flow: helper-function)
  const z = eval(wrap('1 + 1'))
  res.json({ v, w, z })
})

class Rule {
  constructor(req) {
    this.expression = req.body.expression
    this.fallback = 'false'
  }

  test() {
    // ruleid: js.eval-injection (flow: class-field)
    return eval(this.expression)
  }

  fallbackValue() {
    // ok: js.eval-injection (flow: class-field)
    return eval(this.fallback)
  }
}

app.get('/sanitized', (req, res) => {
  // ok: js.eval-injection (flow: sanitized)
  const label = eval('(' + JSON.stringify(req.query.label) + ')')
  const n = parseInt(req.query.n, 10)
  // ok: js.eval-injection (flow: number-conversion)
  const twice = eval(n + ' * 2')
  // ok: js.eval-injection (flow: number-conversion)
  const size = eval(`${Number(req.query.w)} * ${Number(req.query.h)}`)
  res.json({ label, twice, size })
})

app.get('/constant', (req, res) => {
  let expr = req.query.expr
  expr = '6 * 7'
  // ok: js.eval-injection (flow: constant-overwrite)
  const a = eval(expr)
  let code = 'null'
  if (false) {
    code = req.query.code
  }
  // ok: js.eval-injection (flow: dead-branch)
  const b = eval(code)
  res.json({ a, b })
})

// Koa and hapi.
router.get('/calc', async (ctx) => {
  // ruleid: js.eval-injection (flow: direct)
  ctx.body = eval(ctx.request.query.expr)
})
server.route({ method: 'POST', path: '/run', handler: (request) => {
  // ruleid: js.eval-injection (flow: direct)
  return vm.runInThisContext(request.payload.code)
} })

// Browser sources: the URL, the referrer, a cross-window message.
// ruleid: js.eval-injection (flow: direct)
eval(decodeURIComponent(location.hash.slice(1)))
// ruleid: js.eval-injection (flow: string-building)
setTimeout(new URLSearchParams(location.search).get('cb') + '()', 0)
window.addEventListener('message', (event) => {
  // ruleid: js.eval-injection (flow: direct)
  eval(event.data.code)
  // ok: js.eval-injection (flow: direct)
  eval(event.origin === 'https://example.com' ? 'ready()' : 'reject()')
})
// Top-level browser script: the variable is declared at module level.
const hashCode = location.hash.substring(1)
// ruleid: js.eval-injection (flow: assignments)
eval(hashCode)

// Not attacker data: these are js.eval-dynamic's (code built by the program itself).
// ok: js.eval-injection
window.eval(userScript)
// ok: js.eval-injection
const two = eval('1 + 1')
// ok: js.eval-injection
const add = new Function('a', 'b', 'return a + b')
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
