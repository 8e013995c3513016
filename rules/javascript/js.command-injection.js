// Fixture for js.command-injection: request data in a shell command.
const { exec, execSync, execFile } = require('child_process')
const child_process = require('child_process')

function convert(req, res) {
  // ruleid: js.command-injection
  exec('convert ' + req.query.file + ' out.png', (err) => res.end())
  // ruleid: js.command-injection
  const out = execSync(`git log --author=${req.query.author}`)
  // ruleid: js.command-injection
  child_process.exec(req.body.command)
  // ruleid: js.command-injection
  require('child_process').exec("nslookup " + req.params.host)
  // ok: js.command-injection
  require('child_process').exec('git status')
  // ok: js.command-injection
  execFile('git', ['log', '--author', req.query.author])
  // ok: js.command-injection
  exec('ls -la /var/log', { env: { FILTER: req.query.filter } }, cb)
  // ok: js.command-injection
  const m = /(\d+)-(\d+)/.exec(prefix + req.query.range)
  return out
}

// One local variable between the request and the command (Express, Fastify, Koa).
app.post('/ping', (req, res) => {
  const { host } = req.body
  const count = Number(req.query.count)
  // ruleid: js.command-injection
  child_process.execSync(`ping -c ${count} ${host}`, { timeout: 1000 })
})
fastify.get('/tar', async (request, reply) => {
  const name = request.query.name
  // ruleid: js.command-injection
  exec('tar xzf ' + name)
})

function archive(upload, dir) {
  // Not request data here: js.exec-dynamic reports these.
  // ok: js.command-injection
  child_process.exec('tar xzf ' + upload.path)
  // ok: js.command-injection
  require('child_process').exec("rm -rf " + dir)
  // ok: js.command-injection
  execSync(`uptime`)
  // ok: js.command-injection
  // exec('convert ' + req.query.file)
  // ok: js.command-injection
  const help = "run exec('rm ' + req.query.path) only in tests"
}

// hapi and AWS Lambda handlers.
server.route({ method: 'POST', path: '/zip', handler: (request) => {
  // ruleid: js.command-injection
  return execSync('zip -r out.zip ' + request.payload.dir)
} })
exports.handler = async (event) => {
  const { file } = event.queryStringParameters
  // ruleid: js.command-injection
  execSync(`file ${file}`)
}
