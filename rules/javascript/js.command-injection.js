// Fixture for js.command-injection.
const { exec, execSync, execFile } = require('child_process')
const child_process = require('child_process')

function convert(req, res) {
  // ruleid: js.command-injection
  exec('convert ' + req.query.file + ' out.png', (err) => res.end())
  // ruleid: js.command-injection
  const out = execSync(`git log --author=${req.query.author}`)
  // ruleid: js.command-injection
  child_process.exec('tar xzf ' + upload.path)
  // ruleid: js.command-injection
  child_process.execSync(`ping -c 1 ${host}`, { timeout: 1000 })
  // ruleid: js.command-injection
  require('child_process').exec("rm -rf " + dir)
  // ok: js.command-injection
  require('child_process').exec('git status')
  return out
}

function safe(req) {
  // ok: js.command-injection
  execFile('git', ['log', '--author', req.query.author])
  // ok: js.command-injection
  exec('ls -la /var/log', cb)
  // ok: js.command-injection
  const m = /(\d+)-(\d+)/.exec(prefix + req.query.range)
  // ok: js.command-injection
  execSync(`uptime`)
  // ok: js.command-injection
  // exec('convert ' + req.query.file)
  // ok: js.command-injection
  const help = "run exec('rm ' + path) only in tests"
}
