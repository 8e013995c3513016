// Fixture for js.path-traversal.
const fs = require('fs')
const path = require('path')
const express = require('express')
const app = express()
const UPLOADS = path.join(__dirname, 'uploads')

app.get('/file', (req, res) => {
  // ruleid: js.path-traversal
  fs.readFile(req.query.name, 'utf8', (err, data) => res.send(data))
  // ruleid: js.path-traversal
  const stream = fs.createReadStream('/srv/data/' + req.params.file)
  // ruleid: js.path-traversal
  res.sendFile(path.join(UPLOADS, req.params.name))
  // ruleid: js.path-traversal
  res.download(`${UPLOADS}/${req.query.file}`)
  // ruleid: js.path-traversal
  fs.writeFileSync(req.body.target, 'x')
  stream.pipe(res)
})

app.get('/safe', (req, res) => {
  // ok: js.path-traversal
  res.sendFile(req.params.name, { root: UPLOADS })
  // ok: js.path-traversal
  fs.readFile(path.join(UPLOADS, 'index.html'), 'utf8', () => {})
  // ok: js.path-traversal
  const data = fs.readFileSync(config.templatePath)
  // ok: js.path-traversal
  fs.readFile(path.join(UPLOADS, path.basename(String(name))), () => {})
  // ok: js.path-traversal
  // fs.readFile(req.query.name) used to be here
  // ok: js.path-traversal
  const note = 'never fs.readFile(req.query.name)'
  res.send(data + note)
})
