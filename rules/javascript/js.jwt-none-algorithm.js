// Fixture for js.jwt-none-algorithm.
const jwt = require('jsonwebtoken')

function auth(token) {
  // ruleid: js.jwt-none-algorithm
  const claims = jwt.verify(token, secret, { algorithms: ['HS256', 'none'] })
  // ruleid: js.jwt-none-algorithm
  const unsigned = jwt.sign({ sub: 'u1' }, '', { algorithm: 'none' })
  // ruleid: js.jwt-none-algorithm
  const c2 = jwt.verify(token, null, { algorithms: ["none"] })
  return [claims, unsigned, c2]
}

function safe(token) {
  // ok: js.jwt-none-algorithm
  const claims = jwt.verify(token, publicKey, { algorithms: ['RS256'] })
  // ok: js.jwt-none-algorithm
  const signed = jwt.sign({ sub: 'u1' }, secret, { algorithm: 'HS256', expiresIn: '1h' })
  // ok: js.jwt-none-algorithm
  const c2 = jwt.verify(token, secret)
  // ok: js.jwt-none-algorithm
  const opts = { algorithms: ['none'] }
  return [claims, signed, c2, opts]
}
