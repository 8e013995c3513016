// Fixture for js.insecure-random: Math.random() output becoming a secret, by every flow the analysis follows.
const crypto = require('crypto')
const jwt = require('jsonwebtoken')

function direct(user, res) {
  // ruleid: js.insecure-random (flow: direct)
  const resetToken = Math.random().toString(36).slice(2)
  // ruleid: js.insecure-random (flow: direct)
  user.sessionId = 'sess-' + Math.floor(Math.random() * 1e16)
  // ruleid: js.insecure-random (flow: direct)
  res.cookie('sid', Math.random().toString(16).substring(2), { httpOnly: true })
  // ok: js.insecure-random (flow: direct)
  const jitter = Math.random() * 100
  // ok: js.insecure-random (flow: direct)
  const color = COLORS[Math.floor(Math.random() * COLORS.length)]
  // ok: js.insecure-random (flow: direct)
  const token = crypto.randomBytes(32).toString('hex')
  // ok: js.insecure-random (flow: direct)
  const tokenIndex = Math.floor(Math.random() * tokens.length)
  return { resetToken, jitter, color, token, tokenIndex }
}

function assignments(req) {
  const r = Math.random()
  const n = r
  // ruleid: js.insecure-random (flow: assignments)
  req.session.csrf = n.toString(36)
  const delay = 1000 + Math.random() * 500
  // ok: js.insecure-random (flow: assignments)
  const delayMs = delay
  return delayMs
}

function building(user) {
  const part = Math.random().toString(36).substring(2)
  // ruleid: js.insecure-random (flow: string-building)
  const apiKey = `key_${part}${Date.now()}`
  // ruleid: js.insecure-random (flow: string-building)
  user.password = ['tmp', part].join('-')
  let digits = ''
  for (let i = 0; i < 6; i++) digits += Math.floor(Math.random() * 10)
  // ruleid: js.insecure-random (flow: string-building)
  user.otp = digits
  return apiKey
}

function container(res) {
  const gen = { seed: 42, value: Math.random().toString(36) }
  // ok: js.insecure-random (flow: container)
  const nonce = String(gen.seed)
  // ruleid: js.insecure-random (flow: container)
  const salt = gen.value
  const chars = []
  chars.push(Math.random().toString(36))
  // ruleid: js.insecure-random (flow: container)
  return res.json({ token: chars.join('') })
}

function randomString(length) {
  let out = ''
  while (out.length < length) out += Math.random().toString(36).slice(2)
  return out.slice(0, length)
}

function setSecret(user, value) {
  // ruleid: js.insecure-random (flow: helper-function)
  user.secret = value
}

function helper(user) {
  // ruleid: js.insecure-random (flow: helper-function)
  const inviteCode = randomString(8)
  setSecret(user, Math.random().toString(36))
  // ok: js.insecure-random (flow: helper-function)
  const label = randomString(8)
  return { inviteCode, label }
}

class Session {
  start() {
    this.seed = Math.random().toString(36)
    this.theme = 'dark'
  }

  issue(res) {
    // ruleid: js.insecure-random (flow: class-field)
    res.cookie('session', this.seed)
    // ok: js.insecure-random (flow: class-field)
    res.cookie('theme', this.theme)
  }
}

function sanitized(res) {
  // ok: js.insecure-random (flow: sanitized)
  const csrfToken = crypto.randomUUID()
  // ok: js.insecure-random (flow: sanitized)
  res.cookie('sid', crypto.randomBytes(16).toString('hex'))
  // ok: js.insecure-random (flow: sanitized)
  const nonce = crypto.randomInt(0, 1e9).toString(36)
  return { csrfToken, nonce }
}

function constants(user) {
  let value = Math.random().toString(36)
  value = crypto.randomBytes(24).toString('base64url')
  // ok: js.insecure-random (flow: constant-overwrite)
  user.token = value
  let salt = crypto.randomBytes(16).toString('hex')
  if (false) {
    salt = Math.random().toString(36)
  }
  // ok: js.insecure-random (flow: dead-branch)
  user.salt = salt
}

function generatePassword(length) {
  let out = ''
  for (let i = 0; i < length; i++) out += CHARS[Math.floor(Math.random() * CHARS.length)]
  // ruleid: js.insecure-random (flow: string-building)
  return out
}

const makeApiKey = () => {
  // ruleid: js.insecure-random (flow: direct)
  return Math.random().toString(36).slice(2)
}

function signWith(payload) {
  const material = Math.random().toString(36)
  // ruleid: js.insecure-random (flow: assignments)
  return jwt.sign(payload, material)
}

// Shuffling and sampling are not secrets.
function shuffle(items) {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1))
    // ok: js.insecure-random
    const tmp = items[i]
    items[i] = items[j]
    items[j] = tmp
  }
  // ok: js.insecure-random
  return items
}

// A random property name, not a secret: `key` alone names an object key far more often than a crypto key.
function forcedAccessor() {
  // ok: js.insecure-random
  var key = Math.random()
  return key
}
