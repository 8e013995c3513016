// Fixture for js.path-traversal: request data reaching a file path, by every flow the analysis follows.
const fs = require('fs')
const fsp = require('fs/promises')
const path = require('path')

const BASE = '/srv/uploads'
const REPORTS = { monthly: 'reports/monthly.pdf', yearly: 'reports/yearly.pdf' }

app.get('/direct', (req, res) => {
  // ruleid: js.path-traversal (flow: direct)
  fs.readFile(req.query.file, 'utf8', (err, data) => res.send(data))
  // ruleid: js.path-traversal (flow: direct)
  res.sendFile(path.join(__dirname, 'public', req.params.name))
  // ruleid: js.path-traversal (flow: direct)
  res.download('/srv/exports/' + req.query.name)
  // ruleid: js.path-traversal (flow: direct)
  fs.unlinkSync(`/tmp/uploads/${req.body.upload}`)
  // ok: js.path-traversal (flow: direct)
  res.sendFile(req.params.name, { root: BASE })
  // ok: js.path-traversal (flow: direct)
  fs.readFile(path.join(BASE, 'index.html'), 'utf8', cb)
  // ok: js.path-traversal (flow: direct)
  fs.writeFile('/var/log/app/last-query.txt', req.query.q, cb)
})

app.get('/assignments', async (req, res) => {
  const name = req.query.name
  const file = name
  const full = path.resolve(BASE, file)
  // ruleid: js.path-traversal (flow: assignments)
  const data = await fsp.readFile(full)
  const { dir } = req.params
  // ruleid: js.path-traversal (flow: assignments)
  const entries = await fs.promises.readdir(dir)
  res.json({ data, entries })
})

app.get('/building', (req, res) => {
  const name = req.query.name
  // ruleid: js.path-traversal (flow: string-building)
  fs.createReadStream(`${BASE}/${name}.log`).pipe(res)
  // ruleid: js.path-traversal (flow: string-building)
  fs.readFileSync([BASE, name].join('/'))
  // ruleid: js.path-traversal (flow: string-building)
  fs.readFileSync(BASE.concat('/', name))
  let target = BASE + '/'
  target += name
  // ruleid: js.path-traversal (flow: string-building)
  fs.rmSync(target, { recursive: true })
})

app.get('/container', (req, res) => {
  const opts = { folder: 'public', file: req.query.file }
  // ok: js.path-traversal (flow: container)
  fs.readdirSync(path.join(BASE, opts.folder))
  // ruleid: js.path-traversal (flow: container)
  fs.readFileSync(path.join(BASE, opts.file))
  const segments = [BASE]
  segments.push(req.query.sub)
  // ruleid: js.path-traversal (flow: container)
  fs.mkdirSync(path.join(...segments))
})

function uploadPath(name) {
  return path.join(BASE, name)
}

function remove(file) {
  // ruleid: js.path-traversal (flow: helper-function)
  fs.unlinkSync(file)
}

app.delete('/helper', (req, res) => {
  // ruleid: js.path-traversal (flow: helper-function)
  fs.readFileSync(uploadPath(req.query.name))
  remove(req.body.file)
  // ok: js.path-traversal (flow: helper-function)
  fs.readFileSync(uploadPath('avatar.png'))
})

class Exporter {
  constructor(req) {
    this.target = req.body.target
    this.folder = '/srv/exports'
  }

  write(data) {
    // ruleid: js.path-traversal (flow: class-field)
    fs.writeFileSync(this.target, data)
    // ok: js.path-traversal (flow: class-field)
    fs.writeFileSync(path.join(this.folder, 'latest.json'), data)
  }
}

app.get('/sanitized', (req, res) => {
  // ok: js.path-traversal (flow: sanitized)
  fs.readFileSync(path.join(BASE, path.basename(req.query.file)))
  // ok: js.path-traversal (flow: sanitized)
  res.sendFile(REPORTS[req.query.report], { root: BASE })
  // ok: js.path-traversal (flow: sanitized)
  fs.readFileSync(path.join(BASE, REPORTS[req.query.report]))
  // ok: js.path-traversal (flow: sanitized)
  fs.readFileSync(req.file.path)
  // ruleid: js.path-traversal (flow: direct)
  fs.renameSync(req.file.path, path.join(BASE, req.file.originalname))
  const id = parseInt(req.params.id, 10)
  // ok: js.path-traversal (flow: number-conversion)
  fs.readFileSync(`${BASE}/invoice-${id}.pdf`)
  // ok: js.path-traversal (flow: number-conversion)
  fs.readFileSync(`${BASE}/page-${Number(req.query.page)}.html`)
})

app.get('/constant', (req, res) => {
  let file = req.query.file
  file = 'index.html'
  // ok: js.path-traversal (flow: constant-overwrite)
  res.sendFile(path.join(BASE, file))
  let dir = 'public'
  if (false) {
    dir = req.query.dir
  }
  // ok: js.path-traversal (flow: dead-branch)
  fs.readdirSync(path.join(BASE, dir))
})

// Koa and Fastify.
router.get('/files/:name', async (ctx) => {
  // ruleid: js.path-traversal (flow: direct)
  ctx.body = fs.createReadStream(path.join(BASE, ctx.params.name))
})
fastify.get('/avatar', async (request, reply) => {
  // ruleid: js.path-traversal (flow: direct)
  const stream = fs.createReadStream(path.join(BASE, request.query.file))
  // ok: js.path-traversal (flow: direct)
  return reply.sendFile(request.query.file)
})

function notARoute(file) {
  // ok: js.path-traversal
  return fs.readFileSync(file)
}

// Checked against an allow-list, or made whole and checked to lie under the base folder.
app.get('/guarded', async (req, res) => {
  const name = req.query.name
  const full = path.resolve(BASE, name)
  if (!full.startsWith(BASE + path.sep)) return res.sendStatus(403)
  // ok: js.path-traversal (flow: guard)
  fs.readFileSync(full)
  const raw = req.query.raw
  if (!raw.startsWith('/srv/files')) return res.sendStatus(403)
  // ruleid: js.path-traversal (flow: guard)
  fs.readFileSync(raw)
  const entries = await fsp.readdir(BASE)
  if (!entries.includes(name)) {
    try {
      await fsp.stat(path.join(BASE, 'missing.txt'))
      return res.sendStatus(404)
    } catch (err) {
      return res.sendStatus(500)
    }
  }
  // ok: js.path-traversal (flow: guard)
  fs.readFileSync(path.join(BASE, name))
  const report = req.query.report
  if (['monthly', 'yearly'].indexOf(report) === -1) throw new Error('unknown report')
  // ok: js.path-traversal (flow: guard)
  res.sendFile(path.join(BASE, report + '.pdf'))
  const doc = req.query.doc
  if (/^[a-z0-9_-]+$/i.test(doc) && doc.length < 64) {
    // ok: js.path-traversal (flow: guard)
    res.download(path.join(BASE, doc))
  }
  // ruleid: js.path-traversal (flow: guard)
  res.download(path.join(BASE, doc))
  const other = req.query.other
  if (other.includes('..')) return res.sendStatus(400)
  // ruleid: js.path-traversal (flow: guard)
  res.download(path.join('/srv/other', other))
})

// The same check through path.relative: where the relative path does not climb out, the path lies under the base.
app.get('/relative', async (req, res) => {
  const full = path.resolve(BASE, req.query.name)
  const rel = path.relative(BASE, full)
  if (rel.startsWith('..') || path.isAbsolute(rel)) return res.sendStatus(403)
  // ok: js.path-traversal (flow: guard)
  res.sendFile(full)
  const other = path.resolve(BASE, req.query.other)
  const otherRel = path.relative(BASE, other)
  if (!otherRel.startsWith('..') && !path.isAbsolute(otherRel)) {
    // ok: js.path-traversal (flow: guard)
    fs.readFileSync(other)
  }
  // ruleid: js.path-traversal (flow: guard)
  fs.readFileSync(other)
  const raw = req.query.raw
  const rawRel = path.relative(BASE, raw)
  if (rawRel.startsWith('..')) return res.sendStatus(403)
  // ruleid: js.path-traversal (flow: guard)
  fs.readFileSync(path.join(BASE, raw))
})

// Compared with constants: the value is one of them.
app.get('/export', (req, res) => {
  const format = req.query.format
  if (format !== 'csv' && format !== 'json') return res.sendStatus(400)
  // ok: js.path-traversal (flow: guard)
  res.sendFile(path.join(BASE, 'export.' + format))
})

app.get('/theme', (req, res) => {
  const theme = req.query.theme
  if (theme.toLowerCase() === 'dark' || theme.toLowerCase() === 'light') {
    // ok: js.path-traversal (flow: guard)
    res.sendFile(path.join(BASE, 'themes', theme + '.css'))
  }
  if (theme === 'dark' || theme.length < 20) {
    // ruleid: js.path-traversal (flow: guard)
    res.sendFile(path.join(BASE, 'themes', theme + '.css'))
  }
})
