// Fixture for js.ssrf: request data deciding which URL the server fetches, by every flow the analysis follows.
const axios = require('axios')
const http = require('http')
const util = require('util')

const UPSTREAMS = { eu: 'https://eu.api.example.com', us: 'https://us.api.example.com' }

app.get('/direct', async (req, res) => {
  // ruleid: js.ssrf (flow: direct)
  const page = await fetch(req.query.url)
  // ruleid: js.ssrf (flow: direct)
  const img = await axios.get(req.body.imageUrl, { responseType: 'arraybuffer' })
  // ruleid: js.ssrf (flow: direct)
  http.get('http://' + req.query.host + ':8080/health', (r) => r.resume())
  // ruleid: js.ssrf (flow: direct)
  const hook = await axios({ method: 'post', url: req.body.webhook, data: { ok: true } })
  // ok: js.ssrf (flow: direct)
  const user = await fetch('https://api.github.com/users/' + req.params.user)
  // ok: js.ssrf (flow: direct)
  const repo = await axios.get(`https://api.github.com/repos/${req.params.owner}/${req.params.repo}`)
  // ok: js.ssrf (flow: direct)
  const cfg = await fetch('https://config.internal/app.json', { headers: { 'X-Trace': req.headers['x-trace'] } })
  res.json({ page, img, hook, user, repo, cfg })
})

app.post('/assignments', async (req, res) => {
  const target = req.body.target
  const url = target
  // ruleid: js.ssrf (flow: assignments)
  const r = await fetch(url, { method: 'HEAD' })
  const { feed } = req.query
  // ruleid: js.ssrf (flow: assignments)
  const f = await got(feed).text()
  res.json({ status: r.status, f })
})

app.get('/building', async (req, res) => {
  const host = req.query.host
  // ruleid: js.ssrf (flow: string-building)
  await fetch(`http://${host}/status`)
  // ruleid: js.ssrf (flow: string-building)
  await fetch(['https:/', host, 'api'].join('/'))
  // ruleid: js.ssrf (flow: string-building)
  await fetch(util.format('http://%s/metrics', host))
  let endpoint = 'http://'
  endpoint += host
  // ruleid: js.ssrf (flow: string-building)
  await axios.post(endpoint, {})
})

app.get('/container', async (req, res) => {
  const job = { name: 'sync', callback: req.query.callback }
  // ok: js.ssrf (flow: container)
  await fetch('https://jobs.example.com/' + job.name)
  // ruleid: js.ssrf (flow: container)
  await fetch(job.callback)
  const mirrors = []
  mirrors.push(req.query.mirror)
  // ruleid: js.ssrf (flow: container)
  await fetch(mirrors[0])
})

function withScheme(host) {
  return 'https://' + host
}

function ping(url) {
  // ruleid: js.ssrf (flow: helper-function)
  return fetch(url)
}

app.get('/helper', async (req, res) => {
  // ruleid: js.ssrf (flow: helper-function)
  await fetch(withScheme(req.query.host))
  await ping(req.query.url)
  // ok: js.ssrf (flow: helper-function)
  await fetch(withScheme('status.example.com'))
})

class Importer {
  constructor(req) {
    this.source = req.body.source
    this.registry = 'https://registry.example.com/index.json'
  }

  async load() {
    // ruleid: js.ssrf (flow: class-field)
    await axios.get(this.source)
    // ok: js.ssrf (flow: class-field)
    await axios.get(this.registry)
  }
}

app.get('/sanitized', async (req, res) => {
  // ok: js.ssrf (flow: sanitized)
  await fetch(UPSTREAMS[req.query.region] + '/v1/status')
  // ok: js.ssrf (flow: sanitized)
  await fetch('https://search.example.com/?q=' + encodeURIComponent(req.query.q))
  // ok: js.ssrf (flow: sanitized)
  await fetch(`${process.env.USERS_API}/users/${req.params.id}`)
  // ok: js.ssrf (flow: sanitized)
  await axios.get(config.services.billing + '/invoices/' + req.params.invoice)
  // ruleid: js.ssrf (flow: string-building)
  await fetch(`${process.env.USERS_API}${req.query.path}`)
  const port = Number(req.query.port)
  // ok: js.ssrf (flow: number-conversion)
  await fetch('http://127.0.0.1:' + port + '/health')
  // ok: js.ssrf (flow: number-conversion)
  await fetch(`http://localhost:${parseInt(req.query.port, 10)}/ready`)
})

app.get('/constant', async (req, res) => {
  let url = req.query.url
  url = 'https://example.com/feed.xml'
  // ok: js.ssrf (flow: constant-overwrite)
  await fetch(url)
  let host = 'example.com'
  if (false) {
    host = req.query.host
  }
  // ok: js.ssrf (flow: dead-branch)
  await fetch('https://' + host)
})

function notARoute(url) {
  // ok: js.ssrf
  return fetch(url)
}

// A client's own request object (node-fetch following a redirect), not the server's.
function follow(url, opts) {
  return new Promise((resolve) => {
    const request = new Request(url, opts)
    send(request).then((res) => {
      const location = res.headers.get('Location')
      const next = new URL(location, request.url).toString()
      // ok: js.ssrf (flow: direct)
      resolve(fetch(next))
    })
  })
}

app.post('/avatar', (req, res) => {
  const url = req.body.imageUrl
  // ruleid: js.ssrf (flow: direct)
  request
    .get(url)
    .pipe(res)
})

// The parsed URL's host checked against an allow-list before the request.
app.get('/proxy', async (req, res) => {
  const target = new URL(req.query.url)
  if (!['api.example.com', 'cdn.example.com'].includes(target.hostname)) return res.sendStatus(400)
  // ok: js.ssrf (flow: guard)
  const answer = await fetch(target)
  const other = new URL(req.query.other)
  if (other.hostname !== 'api.example.com') return res.sendStatus(400)
  // ok: js.ssrf (flow: guard)
  await fetch(other)
  const loose = new URL(req.query.loose)
  if (!loose.hostname.endsWith('example.com')) return res.sendStatus(400)
  // ruleid: js.ssrf (flow: guard)
  await fetch(loose)
  res.send(await answer.text())
})
