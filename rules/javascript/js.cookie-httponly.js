// Fixture for js.cookie-httponly.
const session = require('express-session')

app.post('/login', (req, res) => {
  // ruleid: js.cookie-httponly
  res.cookie('session', token, { maxAge: 86400000 })
  // ruleid: js.cookie-httponly
  res.cookie('auth', token, { secure: true })
  // ruleid: js.cookie-httponly
  res.cookie('auth', token, { httpOnly: false, secure: true })
  // ruleid: js.cookie-httponly
  reply.setCookie('auth', token, { 'httpOnly': false, 'secure': true, path: '/' })
  res.end()
})

app.use(session({
  secret: process.env.SESSION_SECRET,
  // ruleid: js.cookie-httponly
  cookie: { httpOnly: false, secure: true, maxAge: 3600000 },
}))

app.post('/safe', (req, res) => {
  // ok: js.cookie-httponly
  res.cookie('session', token, { httpOnly: true, secure: true, sameSite: 'lax' })
  // ok: js.cookie-httponly
  res.cookie('auth', token, { httpOnly: true })
  // ok: js.cookie-httponly
  res.cookie('auth', token, { httpOnly: true, secure: false })
  // ok: js.cookie-httponly
  res.cookie('auth', token, { httpOnly: !allowScriptAccess, secure: true })
  // ok: js.cookie-httponly
  res.cookie('auth', token, { httpOnly, secure: true })
  // ok: js.cookie-httponly
  res.cookie('auth', token, { ...COOKIE_DEFAULTS, maxAge: 1000 })
  // ok: js.cookie-httponly
  res.cookie('theme', 'dark', cookieOptions)
  res.end()
})
// ok: js.cookie-httponly
app.use(session({ secret: process.env.SESSION_SECRET, cookie: { secure: true, httpOnly: true } }))
// ok: js.cookie-httponly
app.use(session({ secret: process.env.SESSION_SECRET, cookie: { secure: false } }))
