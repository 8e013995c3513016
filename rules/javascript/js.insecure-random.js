// Fixture for js.insecure-random.
function issue(user) {
  // ruleid: js.insecure-random
  const resetToken = Math.random().toString(36).slice(2)
  // ruleid: js.insecure-random
  user.sessionId = 'sess-' + Math.floor(Math.random() * 1e16)
  // ruleid: js.insecure-random
  return { nonce: Math.random().toString(16).substring(2) }
}

function generatePassword(length) {
  let out = ''
  // ruleid: js.insecure-random
  for (let i = 0; i < length; i++) out += CHARS[Math.floor(Math.random() * CHARS.length)]
  return out
}

function makeApiKey() {
  // ruleid: js.insecure-random
  return Math.random().toString(36).slice(2)
}

function layout(items) {
  // ok: js.insecure-random
  const jitter = Math.random() * 100
  // ok: js.insecure-random
  const color = COLORS[Math.floor(Math.random() * COLORS.length)]
  // ok: js.insecure-random
  const token = crypto.randomBytes(32).toString('hex')
  // ok: js.insecure-random
  const delayMs = 1000 + Math.random() * 500
  return { jitter, color, token, delayMs }
}
