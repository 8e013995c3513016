// Fixture for js.weak-cipher.
const crypto = require('crypto')

function encrypt(key, iv, data) {
  // ruleid: js.weak-cipher
  const a = crypto.createCipheriv('des-ede3-cbc', key, iv)
  // ruleid: js.weak-cipher
  const b = crypto.createCipheriv('aes-128-ecb', key, null)
  // ruleid: js.weak-cipher
  const c = crypto.createCipheriv('rc4', key, '')
  // ruleid: js.weak-cipher
  const d = crypto.createDecipheriv('bf-cbc', key, iv)
  return [a, b, c, d]
}

function safe(key, iv, data) {
  // ok: js.weak-cipher
  const a = crypto.createCipheriv('aes-256-gcm', key, iv)
  // ok: js.weak-cipher
  const b = crypto.createCipheriv('chacha20-poly1305', key, iv, { authTagLength: 16 })
  // ok: js.weak-cipher
  const c = crypto.createCipheriv(settings.cipher, key, iv)
  // ok: js.weak-cipher
  const d = crypto.createDecipheriv('aes-256-cbc', key, iv)
  return [a, b, c, d]
}
