// Fixture for js.weak-rsa-key.
const crypto = require('crypto')

// ruleid: js.weak-rsa-key
const a = crypto.generateKeyPairSync('rsa', { modulusLength: 1024 })
// ruleid: js.weak-rsa-key
crypto.generateKeyPair('rsa', { modulusLength: 512, publicExponent: 0x10001 }, done)
// ruleid: js.weak-rsa-key
const b = crypto.generateKeyPairSync('dsa', { modulusLength: 1024, divisorLength: 160 })

// ok: js.weak-rsa-key
const c = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 })
// ok: js.weak-rsa-key
const d = crypto.generateKeyPairSync('rsa', { modulusLength: 4096 })
// ok: js.weak-rsa-key
const e = crypto.generateKeyPairSync('ec', { namedCurve: 'P-256' })
// ok: js.weak-rsa-key
const f = crypto.generateKeyPairSync('rsa', { modulusLength: bits })
