// The `guard` command as a process: scan, gate exit codes, report, rules, rules test, token, serve, --reload.
import { test, describe, before, after } from 'node:test'
import assert from 'node:assert/strict'
import fs from 'node:fs'
import path from 'node:path'
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { tempDir, writeTree } from './helpers/server.ts'
import { GUARD, runGuard, waitForHealth } from './helpers/process.ts'
import { progressBar } from '../bin/output.ts'
import { analysisFailedEverywhere } from '../kernel/scan/gate.ts'

const SECRET = 'cli-secret-0123456789abcdef0123456789'

const guard = runGuard

let work: string
before(() => {
  work = tempDir('guard-cli-')
  writeTree(work, {
    'vuln/app.py': 'import subprocess\n\ndef run(cmd):\n    return eval(cmd)\n',
    'vuln/web.js': 'module.exports = (req) => eval(req.body.code)\n',
    'clean/app.py': 'def add(a, b):\n    return a + b\n',
  })
})
after(() => fs.rmSync(work, { recursive: true, force: true }))

describe('guard scan / gate / report', () => {
  test('scan --format sarif --output writes a SARIF file and exits 0', async () => {
    const out = path.join(work, 'out.sarif')
    const r = await guard(['scan', 'vuln', '--format', 'sarif', '--output', out], { cwd: work })
    assert.equal(r.code, 0, r.stderr)
    const sarif = JSON.parse(fs.readFileSync(out, 'utf8'))
    assert.equal(sarif.version, '2.1.0')
    assert.deepEqual([...new Set(sarif.runs[0].results.map((x: { locations: { physicalLocation: { artifactLocation: { uri: string } } }[] }) => x.locations[0].physicalLocation.artifactLocation.uri))].sort(), ['app.py', 'web.js'])
    assert.ok(!r.stderr.includes('\r['), 'no progress bar when stderr is not a TTY')
  })

  test('scan --format json prints the scan result; --changed-files limits it; text is the default', async () => {
    const json = await guard(['scan', 'vuln', '--format', 'json', '--changed-files', 'web.js'], { cwd: work })
    assert.equal(json.code, 0, json.stderr)
    const result = JSON.parse(json.stdout)
    assert.equal(result.files_scanned, 1)
    assert.ok(result.findings.every((f: { file: string }) => f.file === 'web.js'))
    const text = await guard(['scan', 'vuln'], { cwd: work })
    assert.match(text.stdout, /web\.js:1:/)
  })

  test('gate exits 1 on blocking findings, 0 when clean, 2 on error', async () => {
    const failed = await guard(['gate', 'vuln', '--format', 'json'], { cwd: work })
    assert.equal(failed.code, 1)
    assert.equal(JSON.parse(failed.stdout).gate.passed, false)
    assert.match(failed.stderr, /gate FAILED/)
    assert.equal((await guard(['gate', 'clean'], { cwd: work })).code, 0)
    assert.equal((await guard(['gate', 'no-such-dir'], { cwd: work })).code, 2)
    assert.equal((await guard(['gate', 'vuln', '--pack', 'no-such-pack'], { cwd: work })).code, 2)
    assert.equal((await guard(['gate', 'vuln', '--pack', 'secrets'], { cwd: work })).code, 0)
  })

  test('an engine that fails on every file: scan and gate end in error (2), and the gate fails closed', async () => {
    const plugins = tempDir('guard-broken-engine-')
    writeTree(plugins, {
      'broken/plugin.json': JSON.stringify({ name: 'broken', version: '1.0.0', tier: 'community', dependencies: [], entry: 'index.mjs' }),
      'broken/index.mjs': "export default function register({ registerEngine }) { registerEngine(new URL('./engine.mjs', import.meta.url).href) }\n",
      'broken/engine.mjs': "export default { name: 'broken', handles: () => true, validate() {}, scan() { throw new Error('engine broken') } }\n",
    })
    try {
      const env = { GUARD_PLUGINS_DIR: plugins }
      const scan = await guard(['scan', 'vuln', '--format', 'json', '--no-cache'], { cwd: work, env })
      assert.equal(scan.code, 2, scan.stderr)
      assert.equal(JSON.parse(scan.stdout).files_scanned, 0)
      assert.match(scan.stderr, /the analysis failed on every file it tried \(analysis failed: engine broken\)/)
      const gate = await guard(['gate', 'vuln', '--format', 'json', '--no-cache'], { cwd: work, env })
      assert.equal(gate.code, 2, gate.stderr)
      assert.equal(JSON.parse(gate.stdout).gate.passed, false)
      assert.match(gate.stderr, /gate FAILED[^]*cannot vouch for the code/)
      // A file the engines fail on, beside one they analysed, is a skipped file (listed, and named by the gate), not an error.
      assert.equal(analysisFailedEverywhere({ files_scanned: 1, files_skipped: [{ path: 'a.js', reason: 'analysis failed: engine broken' }] }), false)
    } finally {
      fs.rmSync(plugins, { recursive: true, force: true })
    }
  })

  test('report --format junit writes JUnit XML', async () => {
    const r = await guard(['report', '--format', 'junit', 'vuln'], { cwd: work })
    assert.equal(r.code, 0, r.stderr)
    assert.match(r.stdout, /<testsuites[\s>]/)
    assert.match(r.stdout, /app\.py/)
    assert.equal((await guard(['report', '--format', 'pdf', 'vuln'], { cwd: work })).code, 2)
  })
})

describe('guard rules', () => {
  test('rules lists the catalogue and filters by language', async () => {
    const r = await guard(['rules', '--language', 'python', '--json'], { cwd: work })
    assert.equal(r.code, 0, r.stderr)
    const { rules, total } = JSON.parse(r.stdout)
    assert.ok(total > 0)
    assert.ok(rules.every((x: { languages: string[] }) => x.languages.includes('python') || x.languages.includes('generic')))
  })

  test('rules test runs every fixture and exits 0; a broken fixture exits 1', async () => {
    const ok = await guard(['rules', 'test'], { cwd: work })
    assert.equal(ok.code, 0, ok.stdout + ok.stderr)
    const broken = path.join(work, 'broken-rules')
    writeTree(broken, {
      'js/js.test-eval.yaml': [
        'id: js.test-eval', 'name: eval', 'message: eval of $X', 'severity: high', 'languages: [javascript]',
        'cwe: [CWE-95]', 'owasp: ["A03:2021"]', 'confidence: high', 'remediation: do not', 'pattern: eval($X)', '',
      ].join('\n'),
      'js/js.test-eval.js': '// ruleid: js.test-eval\nfoo(a)\n// ok: js.test-eval\neval(b)\n',
    })
    const bad = await guard(['rules', 'test', broken], { cwd: work })
    assert.equal(bad.code, 1, bad.stdout)
  })
})

describe('guard token', () => {
  test('mints a JWT with the configured secret, and refuses without one', async () => {
    const r = await guard(['token', '--sub', 'ci-bot', '--role', 'agent', '--repo', 'team-a/*', '--hours', '2'], { cwd: work, env: { GUARD_JWT_SECRET: SECRET } })
    assert.equal(r.code, 0, r.stderr)
    const claims = JSON.parse(Buffer.from(r.stdout.trim().split('.')[1], 'base64url').toString())
    assert.equal(claims.sub, 'ci-bot')
    assert.equal(claims.role, 'agent')
    assert.deepEqual(claims.repo_access, ['team-a/*'])
    assert.ok(Math.abs(claims.exp - (Date.now() / 1000 + 7200)) < 60)
    assert.equal((await guard(['token', '--sub', 'x', '--role', 'root'], { cwd: work, env: { GUARD_JWT_SECRET: SECRET } })).code, 2)
    assert.equal((await guard(['token', '--sub', 'x', '--role', 'admin'], { cwd: work, env: { GUARD_JWT_SECRET: '' } })).code, 2)
  })
})

describe('guard serve', () => {
  test('serves on the given port and host, accepts a minted token, and exits 0 on SIGTERM', async () => {
    const dir = tempDir('guard-serve-')
    fs.writeFileSync(path.join(dir, '.guard.yaml'), 'auth:\n  enabled: true\n')
    const port = 20000 + Math.floor(Math.random() * 20000)
    const env = { ...process.env, GUARD_JWT_SECRET: SECRET, GUARD_LOG_LEVEL: 'warn' }
    const child = spawn(process.execPath, [GUARD, 'serve', '--port', String(port), '--host', '127.0.0.1'], { cwd: dir, env, stdio: 'ignore' })
    try {
      const url = `http://127.0.0.1:${port}`
      await waitForHealth(url)
      assert.equal((await fetch(`${url}/rules`)).status, 401)
      const minted = await guard(['token', '--sub', 'dev', '--role', 'developer'], { cwd: dir, env: { GUARD_JWT_SECRET: SECRET } })
      assert.equal((await fetch(`${url}/rules`, { headers: { authorization: `Bearer ${minted.stdout.trim()}` } })).status, 200)
    } finally {
      child.kill('SIGTERM')
      const [code] = await once(child, 'exit')
      assert.equal(code, 0)
      fs.rmSync(dir, { recursive: true, force: true })
    }
  })

  test('--reload restarts the service when .guard.yaml changes', async () => {
    const dir = tempDir('guard-reload-')
    const port = 20000 + Math.floor(Math.random() * 20000)
    const child = spawn(process.execPath, [GUARD, 'serve', '--port', String(port), '--host', '127.0.0.1', '--reload'], { cwd: dir, env: { ...process.env, GUARD_LOG_LEVEL: 'warn' }, stdio: 'ignore' })
    const url = `http://127.0.0.1:${port}`
    const enabledIds = async () => ((await (await fetch(`${url}/rules`)).json()) as { rules: { id: string; enabled: boolean }[] }).rules.filter((r) => r.enabled).map((r) => r.id)
    try {
      await waitForHealth(url)
      assert.ok((await enabledIds()).some((id) => !id.startsWith('secrets.')))
      fs.writeFileSync(path.join(dir, '.guard.yaml'), 'packs: [secrets]\n')
      const end = Date.now() + 20_000
      let ids: string[] = []
      while (Date.now() < end) {
        await new Promise((r) => setTimeout(r, 300))
        ids = await enabledIds().catch(() => [])
        if (ids.length && ids.every((id) => id.startsWith('secrets.'))) break
      }
      assert.ok(ids.length > 0 && ids.every((id) => id.startsWith('secrets.')), 'only the secrets pack is enabled after the reload')
    } finally {
      child.kill('SIGTERM')
      const [code] = await once(child, 'exit')
      assert.equal(code, 0)
      fs.rmSync(dir, { recursive: true, force: true })
    }
  })
})

test('the progress bar draws on a TTY and stays quiet otherwise', () => {
  const written: string[] = []
  const tty = { isTTY: true, write: (s: string) => written.push(s) } as unknown as NodeJS.WriteStream
  const saved = process.env.CI
  delete process.env.CI
  try {
    const bar = progressBar(tty)
    bar.update({ files_done: 5, files_total: 10, findings: 2 })
    bar.done()
    assert.match(written[0], /\[#{15}-{15}\] 5\/10 files, 2 finding/)
    const quiet: string[] = []
    progressBar({ isTTY: false, write: (s: string) => quiet.push(s) } as unknown as NodeJS.WriteStream).update({ files_done: 1, files_total: 1, findings: 0 })
    assert.deepEqual(quiet, [])
  } finally {
    if (saved !== undefined) process.env.CI = saved
  }
})
