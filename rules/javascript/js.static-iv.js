// Fixture for js.static-iv.
const crypto = require('crypto')

function encrypt(key, data) {
  // ruleid: js.static-iv
  const a = crypto.createCipheriv('aes-256-cbc', key, Buffer.alloc(16))
  // ruleid: js.static-iv
  const b = crypto.createCipheriv('aes-256-gcm', key, Buffer.from('0123456789ab'))
  // ruleid: js.static-iv
  const c = crypto.createCipheriv('aes-128-cbc', key, '1234567890123456')
  // ruleid: js.static-iv
  const d = crypto.createCipheriv('aes-128-ctr', key, Buffer.from([0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15]))
  return [a, b, c, d]
}

function safe(key, data, stored) {
  const iv = crypto.randomBytes(12)
  // ok: js.static-iv
  const a = crypto.createCipheriv('aes-256-gcm', key, iv)
  // ok: js.static-iv
  const b = crypto.createCipheriv('aes-256-cbc', key, crypto.randomBytes(16))
  // ok: js.static-iv
  const c = crypto.createDecipheriv('aes-256-cbc', key, Buffer.from(stored.iv, 'hex'))
  // ok: js.static-iv
  const d = crypto.createCipheriv('aes-128-ecb', key, '')
  return [a, b, c, d]
}
