// Fixture for js.cookie-insecure.
const session = require('express-session')

app.post('/login', (req, res) => {
  // ruleid: js.cookie-insecure
  res.cookie('session', token, { maxAge: 86400000 })
  // ruleid: js.cookie-insecure
  res.cookie('auth', token, { httpOnly: true })
  // ruleid: js.cookie-insecure
  res.cookie('auth', token, { httpOnly: true, secure: false })
  // ruleid: js.cookie-insecure
  reply.setCookie('auth', token, { 'httpOnly': true, 'secure': false, path: '/' })
  res.end()
})

app.use(session({
  secret: process.env.SESSION_SECRET,
  // ruleid: js.cookie-insecure
  cookie: { secure: false, maxAge: 3600000 },
}))

app.post('/safe', (req, res) => {
  // ok: js.cookie-insecure
  res.cookie('session', token, { httpOnly: true, secure: true, sameSite: 'lax' })
  // ok: js.cookie-insecure
  res.cookie('prefs', prefs, { secure: true })
  // ok: js.cookie-insecure
  res.cookie('auth', token, { httpOnly: false, secure: true })
  // ok: js.cookie-insecure
  res.cookie('auth', token, { httpOnly: true, secure: process.env.NODE_ENV === 'production' })
  // ok: js.cookie-insecure
  res.cookie('auth', token, { httpOnly: true, secure: forceSecure })
  // ok: js.cookie-insecure
  res.cookie('auth', token, { httpOnly: true, secure })
  // ok: js.cookie-insecure
  res.cookie('auth', token, { ...COOKIE_DEFAULTS, maxAge: 1000 })
  // ok: js.cookie-insecure
  res.cookie('theme', 'dark', cookieOptions)
  res.end()
})
// ok: js.cookie-insecure
app.use(session({ secret: process.env.SESSION_SECRET, cookie: { secure: true, httpOnly: true } }))
// ok: js.cookie-insecure
app.use(session({ secret: process.env.SESSION_SECRET, cookie: { secure: true, httpOnly: false } }))
