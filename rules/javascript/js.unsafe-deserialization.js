// Fixture for js.unsafe-deserialization: request data deserialized by a code-running library, by every flow the analysis follows.
const serialize = require('node-serialize')
const yaml = require('js-yaml')

const PRESETS = { compact: '{"rows":10}', wide: '{"rows":50}' }

app.get('/direct', (req, res) => {
  // ruleid: js.unsafe-deserialization (flow: direct)
  const prefs = serialize.unserialize(Buffer.from(req.cookies.profile, 'base64').toString())
  // ruleid: js.unsafe-deserialization (flow: direct)
  const conf = yaml.load(req.body, { schema: yaml.DEFAULT_FULL_SCHEMA })
  // ruleid: js.unsafe-deserialization (flow: direct)
  const obj = require('node-serialize').unserialize(req.query.state)
  // ok: js.unsafe-deserialization (flow: direct)
  const json = JSON.parse(Buffer.from(req.cookies.profile, 'base64').toString())
  // ok: js.unsafe-deserialization (flow: direct)
  const safe = yaml.safeLoad(req.body)
  // ok: js.unsafe-deserialization (flow: direct)
  const v4 = yaml.load(req.body, { schema: yaml.JSON_SCHEMA })
  // ok: js.unsafe-deserialization (flow: direct)
  const out = serialize.serialize({ theme: req.query.theme })
  res.json({ prefs, conf, obj, json, safe, v4, out })
})

app.post('/assignments', (req, res) => {
  const raw = req.body.payload
  const text = raw
  // ruleid: js.unsafe-deserialization (flow: assignments)
  const value = serialize.unserialize(text)
  const { doc } = req.body
  // ruleid: js.unsafe-deserialization (flow: assignments)
  const all = yaml.loadAll(doc, null, { schema: yaml.DEFAULT_FULL_SCHEMA })
  res.json({ value, all })
})

app.post('/building', (req, res) => {
  const name = req.body.name
  // ruleid: js.unsafe-deserialization (flow: string-building)
  serialize.unserialize('{"name":"' + name + '"}')
  // ruleid: js.unsafe-deserialization (flow: string-building)
  serialize.unserialize(`{"name":"${name}"}`)
  // ruleid: js.unsafe-deserialization (flow: string-building)
  serialize.unserialize(['{"name":"', name, '"}'].join(''))
})

app.post('/container', (req, res) => {
  const session = { version: '{"v":1}', data: req.cookies.session }
  // ok: js.unsafe-deserialization (flow: container)
  serialize.unserialize(session.version)
  // ruleid: js.unsafe-deserialization (flow: container)
  serialize.unserialize(session.data)
  const chunks = []
  chunks.push(req.body.chunk)
  // ruleid: js.unsafe-deserialization (flow: container)
  serialize.unserialize(chunks.join(''))
})

function decode(value) {
  return Buffer.from(value, 'base64').toString('utf8')
}

function restore(state) {
  // ruleid: js.unsafe-deserialization (flow: helper-function)
  return serialize.unserialize(state)
}

app.get('/helper', (req, res) => {
  // ruleid: js.unsafe-deserialization (flow: helper-function)
  serialize.unserialize(decode(req.cookies.cart))
  restore(req.query.state)
  // ok: js.unsafe-deserialization (flow: helper-function)
  serialize.unserialize(decode('eyJ2IjoxfQ=='))
})

class CartStore {
  constructor(req) {
    this.blob = req.cookies.cart
    this.empty = '{}'
  }

  load() {
    // ruleid: js.unsafe-deserialization (flow: class-field)
    const cart = serialize.unserialize(this.blob)
    // ok: js.unsafe-deserialization (flow: class-field)
    const blank = serialize.unserialize(this.empty)
    return cart || blank
  }
}

app.get('/sanitized', (req, res) => {
  // ok: js.unsafe-deserialization (flow: sanitized)
  const preset = serialize.unserialize(PRESETS[req.query.preset])
  const rows = Number(req.query.rows)
  // ok: js.unsafe-deserialization (flow: number-conversion)
  const layout = serialize.unserialize('{"rows":' + rows + '}')
  res.json({ preset, layout })
})

app.get('/constant', (req, res) => {
  let state = req.cookies.state
  state = '{}'
  // ok: js.unsafe-deserialization (flow: constant-overwrite)
  serialize.unserialize(state)
  let cfg = 'a: 1'
  if (false) {
    cfg = req.body.cfg
  }
  // ok: js.unsafe-deserialization (flow: dead-branch)
  yaml.load(cfg, { schema: yaml.DEFAULT_FULL_SCHEMA })
})

function notARoute(payload) {
  // ok: js.unsafe-deserialization
  return serialize.unserialize(payload)
}
