// Fixture for js.jwt-decode-without-verify.
const jwt = require('jsonwebtoken')
const { decodeJwt } = require('jose')

function currentUser(req) {
  // ruleid: js.jwt-decode-without-verify
  const claims = jwt.decode(req.headers.authorization.slice(7))
  // ruleid: js.jwt-decode-without-verify
  const full = jwt.decode(token, { complete: true })
  // ruleid: js.jwt-decode-without-verify
  const c = decodeJwt(token)
  return [claims, full, c]
}

function safe(token) {
  // ok: js.jwt-decode-without-verify
  const claims = jwt.verify(token, publicKey, { algorithms: ['RS256'] })
  // ok: js.jwt-decode-without-verify
  const text = decodeURIComponent(token)
  // ok: js.jwt-decode-without-verify
  const b = base64url.decode(token.split('.')[1])
  // ok: js.jwt-decode-without-verify
  // jwt.decode(token) is not enough here
  return [claims, text, b]
}
