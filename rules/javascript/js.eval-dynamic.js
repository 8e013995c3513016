// Fixture for js.eval-dynamic: computed code that is not visibly request data.
const vm = require('vm')

function compileValidator(schema) {
  const source = generate(schema)
  // ruleid: js.eval-dynamic
  return new Function('data', 'scope', source)
}

function evaluate(expression, context) {
  // ruleid: js.eval-dynamic
  return eval('(' + expression + ')')
}

function deprecate(fn, args) {
  // ruleid: js.eval-dynamic
  return new Function('fn', `return function (${args}) { return fn.apply(this, arguments) }`)(fn)
}

// ruleid: js.eval-dynamic
window.eval(userScript)
// ruleid: js.eval-dynamic
setTimeout('poll(' + id + ')', 1000)
// ruleid: js.eval-dynamic
const fn = typeof handler === 'function' ? handler : Function(handler)
// ruleid: js.eval-dynamic
vm.runInThisContext(wrapper, { filename })

// ok: js.eval-dynamic
const globalObject = Function('return this')()
// ok: js.eval-dynamic
const add = new Function('a', 'b', 'return a ' + '+ b')
// ok: js.eval-dynamic
setTimeout(poll, 1000)
// ok: js.eval-dynamic
setInterval(() => poll(id), 1000)
// ok: js.eval-dynamic
const n = eval(`6 * 7`)
// ok: js.eval-dynamic
vm.runInNewContext('a + b', { a, b })

// Request data: reported once, by js.eval-injection.
app.get('/x', (req, res) => {
  const code = req.query.code
  // ok: js.eval-dynamic
  eval(code)
  // ok: js.eval-dynamic
  new Function('x', 'return ' + req.body.expr)
})
// ok: js.eval-dynamic
const copy = eval(JSON.stringify(value))
