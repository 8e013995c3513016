// Fixture for js.eval-injection: `ruleid:` lines must match, `ok:` lines must not.
const express = require('express')
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
  window.eval(userScript)
  res.send(String(result))
})

// ok: js.eval-injection
const two = eval('1 + 1')
// ok: js.eval-injection
const add = new Function('a', 'b', 'return a + b')
// ok: js.eval-injection
setTimeout(() => refresh(id), 100)
// ok: js.eval-injection
setInterval(pollHandler, 1000)
// ok: js.eval-injection
const parsed = JSON.parse(req.body.json)
// ok: js.eval-injection
// eval(req.query.expr) is what we used to do here
// ok: js.eval-injection
const doc = "never call eval(req.query.expr) on input"
// ok: js.eval-injection
const plain = eval(`2 * 21`)
