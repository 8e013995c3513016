// Fixture for js.exec-dynamic: a shell command built from values that are not visibly request data.
const { exec, execSync } = require('child_process')
const child_process = require('child_process')
const util = require('util')
const execAsync = util.promisify(exec)

function archive(upload, dir, host, branch) {
  // ruleid: js.exec-dynamic
  child_process.exec('tar xzf ' + upload.path)
  // ruleid: js.exec-dynamic
  child_process.execSync(`ping -c 1 ${host}`, { timeout: 1000 })
  // ruleid: js.exec-dynamic
  require('child_process').exec("rm -rf " + dir)
  // ruleid: js.exec-dynamic
  return execAsync(`git checkout ${branch} && npm ci`)
}

function constants(files) {
  // ok: js.exec-dynamic
  execSync(`node ${__dirname}/build.js --out ${OUT_DIR}`)
  // ok: js.exec-dynamic
  execSync('"' + process.execPath + '" --version')
  // ok: js.exec-dynamic
  execSync(`git add ${quote(files)}`)
  // ok: js.exec-dynamic
  exec('ls -la ' + '/var/log', cb)
  // ok: js.exec-dynamic
  execSync(`uptime`)
  // ok: js.exec-dynamic
  const m = /(\d+)-(\d+)/.exec(prefix + range)
}

// Request data: reported once, by js.command-injection.
app.get('/x', (req, res) => {
  // ok: js.exec-dynamic
  exec('convert ' + req.query.file + ' out.png')
})
