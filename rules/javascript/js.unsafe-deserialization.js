// Fixture for js.unsafe-deserialization.
const serialize = require('node-serialize')
const yaml = require('js-yaml')

app.get('/profile', (req, res) => {
  // ruleid: js.unsafe-deserialization
  const prefs = serialize.unserialize(Buffer.from(req.cookies.profile, 'base64').toString())
  // ruleid: js.unsafe-deserialization
  const conf = yaml.load(req.body, { schema: yaml.DEFAULT_FULL_SCHEMA })
  // ruleid: js.unsafe-deserialization
  const obj = require('node-serialize').unserialize(payload)
  // ruleid: js.unsafe-deserialization
  const all = yaml.loadAll(text, null, { schema: yaml.DEFAULT_FULL_SCHEMA })
  res.json({ prefs, conf, obj, all })
})

app.get('/safe', (req, res) => {
  // ok: js.unsafe-deserialization
  const prefs = JSON.parse(Buffer.from(req.cookies.profile, 'base64').toString())
  // ok: js.unsafe-deserialization
  const conf = yaml.safeLoad(req.body)
  // ok: js.unsafe-deserialization
  const conf4 = yaml.load(req.body, { schema: yaml.JSON_SCHEMA })
  // ok: js.unsafe-deserialization
  const out = serialize.serialize(prefs)
  res.json({ prefs, conf, conf4, out })
})
