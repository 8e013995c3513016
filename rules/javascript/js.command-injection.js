// Fixture for js.command-injection: request data reaching a shell command, by every flow the analysis follows.
const { exec, execSync, execFile, spawn } = require('child_process')
const child_process = require('child_process')
const { quote } = require('shell-quote')
const util = require('util')

app.get('/direct', (req, res) => {
  // ruleid: js.command-injection (flow: direct)
  exec('convert ' + req.query.file + ' out.png', (err) => res.end())
  // ruleid: js.command-injection (flow: direct)
  child_process.exec(req.body.command)
  // ruleid: js.command-injection (flow: direct)
  require('child_process').exec("nslookup " + req.params.host)
  // ruleid: js.command-injection (flow: direct)
  spawn(req.query.tool, ['--version'])
  // ruleid: js.command-injection (flow: direct)
  execSync(`dig ${req.get('X-Lookup-Host')}`)
  // ok: js.command-injection (flow: direct)
  execFile('git', ['log', '--author', req.query.author])
  // ok: js.command-injection (flow: direct)
  exec('ls -la /var/log', { env: { FILTER: req.query.filter } }, cb)
  // ok: js.command-injection (flow: direct)
  const m = /(\d+)-(\d+)/.exec(req.query.range)
})

app.post('/assignments', (req, res) => {
  const host = req.body.host
  const target = host
  const cmd = 'ping -c 1 ' + target
  // ruleid: js.command-injection (flow: assignments)
  execSync(cmd, { timeout: 1000 })
  const { ref } = req.body
  // ruleid: js.command-injection (flow: assignments)
  child_process.execSync(`git show ${ref}`)
})

app.get('/building', (req, res) => {
  const dir = req.query.dir
  // ruleid: js.command-injection (flow: string-building)
  exec(`tar czf /tmp/out.tgz ${dir}`)
  // ruleid: js.command-injection (flow: string-building)
  exec(['du', '-sh', dir].join(' '))
  // ruleid: js.command-injection (flow: string-building)
  exec(util.format('ls %s', dir))
  let line = 'find / -name '
  line += dir
  // ruleid: js.command-injection (flow: string-building)
  exec(line)
  // ruleid: js.command-injection (flow: string-building)
  exec('wc -l '.concat(dir))
})

app.get('/container', (req, res) => {
  const job = { tool: 'uptime', arg: req.query.arg }
  // ok: js.command-injection (flow: container)
  exec(job.tool)
  // ruleid: js.command-injection (flow: container)
  exec('echo ' + job.arg)
  const args = []
  args.push(req.query.a)
  // ruleid: js.command-injection (flow: container)
  exec('cat ' + args.join(' '))
})

function archiveName(name) {
  return name + '.tgz'
}

function runTar(what) {
  // ruleid: js.command-injection (flow: helper-function)
  execSync('tar czf ' + what)
}

app.get('/helper', (req, res) => {
  // ruleid: js.command-injection (flow: helper-function)
  exec('rm ' + archiveName(req.query.name))
  runTar(req.query.dir)
  // ok: js.command-injection (flow: helper-function)
  exec('rm ' + archiveName('nightly'))
})

class Backup {
  load(req) {
    this.target = req.body.target
    this.mode = 'full'
  }

  run() {
    // ruleid: js.command-injection (flow: class-field)
    execSync('rsync -a /data ' + this.target)
    // ok: js.command-injection (flow: class-field)
    execSync('backup --mode ' + this.mode)
  }
}

app.get('/sanitized', (req, res) => {
  // ok: js.command-injection (flow: sanitized)
  exec('grep -r ' + quote([req.query.pattern]) + ' /srv/docs')
  // ok: js.command-injection (flow: sanitized)
  execFile('grep', ['-r', req.query.pattern, '/srv/docs'])
  const count = Number(req.query.count)
  // ok: js.command-injection (flow: number-conversion)
  exec(`ping -c ${count} example.com`)
  // ok: js.command-injection (flow: number-conversion)
  exec('head -n ' + parseInt(req.query.lines, 10) + ' /var/log/app.log')
})

app.get('/constant', (req, res) => {
  let tool = req.query.tool
  tool = 'uptime'
  // ok: js.command-injection (flow: constant-overwrite)
  exec(tool)
  let flag = '-a'
  if (false) {
    flag = req.query.flag
  }
  // ok: js.command-injection (flow: dead-branch)
  exec('ls ' + flag)
})

// Fastify, Koa, hapi and AWS Lambda handlers.
fastify.get('/tar', async (request, reply) => {
  const name = request.query.name
  // ruleid: js.command-injection (flow: assignments)
  exec('tar xzf ' + name)
})
router.post('/zip', async (ctx) => {
  // ruleid: js.command-injection (flow: direct)
  execSync('zip -r out.zip ' + ctx.request.body.dir)
})
server.route({ method: 'POST', path: '/zip', handler: (request) => {
  // ruleid: js.command-injection (flow: direct)
  return execSync('zip -r out.zip ' + request.payload.dir)
} })
exports.handler = async (event) => {
  const { file } = event.queryStringParameters
  // ruleid: js.command-injection (flow: assignments)
  execSync(`file ${file}`)
}

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

// The request destructured in the handler's parameters.
app.post('/convert', ({ query, body }, res) => {
  // ruleid: js.command-injection (flow: direct)
  exec('convert ' + body.input + ' ' + query.format)
})
