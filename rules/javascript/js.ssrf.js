// Fixture for js.ssrf.
const axios = require('axios')
const https = require('https')

app.get('/preview', async (req, res) => {
  // ruleid: js.ssrf
  const page = await fetch(req.query.url)
  // ruleid: js.ssrf
  const r = await axios.get(req.body.webhook)
  // ruleid: js.ssrf
  https.get(req.query.host + '/status', (resp) => resp.pipe(res))
  // ruleid: js.ssrf
  const g = await got(`${req.query.origin}/api/v1/info`)
  res.json({ page, r, g })
})

app.get('/safe', async (req, res) => {
  // ok: js.ssrf
  const page = await fetch('https://api.example.com/items/' + req.params.id)
  // ok: js.ssrf
  const r = await axios.get(`https://api.example.com/users/${req.params.id}`)
  // ok: js.ssrf
  const s = await fetch(config.statusUrl)
  // ok: js.ssrf
  const t = await fetch(allowListed(req.query.url))
  res.json({ page, r, s, t })
})
