// Fixture for js.weak-hash.
const crypto = require('crypto')
const { createHash } = require('node:crypto')

function fingerprint(password, token) {
  // ruleid: js.weak-hash
  const h = crypto.createHash('md5').update(password).digest('hex')
  // ruleid: js.weak-hash
  const s = crypto.createHash('sha1').update(token).digest('base64')
  // ruleid: js.weak-hash
  const t = createHash("MD5").update(token).digest()
  return [h, s, t]
}

function safe(password, data) {
  // ok: js.weak-hash
  const h = crypto.createHash('sha256').update(data).digest('hex')
  // ok: js.weak-hash
  const m = crypto.createHmac('sha256', key).update(data).digest('hex')
  // ok: js.weak-hash
  const n = crypto.createHash(config.algorithm).update(data).digest('hex')
  // ok: js.weak-hash
  const label = "createHash('md5') is not allowed here"
  return [h, m, n, label]
}
