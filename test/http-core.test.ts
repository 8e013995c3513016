// The core endpoints on a real loopback server: /scan, /gate, /report, /rules, /health and the error contract.
import { test, before, after, describe } from 'node:test'
import assert from 'node:assert/strict'
import fs from 'node:fs'
import path from 'node:path'
import { startServer, writeTree, type TestServer } from './helpers/server.ts'
import { buildServer } from '../kernel/server.ts'
import { VERSION } from '../kernel/base/install.ts'
import type { Finding, GateResult, ScanResult } from '../kernel/base/schemas.ts'

const AWS_KEY = 'AKIAZ7Q3VXNPL2MWK4RT'
const VULNERABLE = {
  'app/views.py': 'import os\n\ndef run(request):\n    code = request.args.get("code")\n    return eval(code)\n',
  'web/handler.js': 'function handle(req) {\n  return eval(req.query.expr)\n}\n',
  'config/settings.py': `AWS_ACCESS_KEY_ID = "${AWS_KEY}"\n`,
}
const cwe = (findings: Finding[], id: string) => findings.filter((f) => f.cwe.includes(id))

let server: TestServer
before(async () => {
  server = await startServer()
})
after(() => server.close())

async function scan(body: object, route = '/scan') {
  const res = await server.request(route, { method: 'POST', json: body })
  return { status: res.status, body: (await res.json()) as ScanResult & GateResult & { detail: string; errors: { path: string; message: string }[] } }
}

describe('GET /health', () => {
  test('reports ok and the package version', async () => {
    const res = await server.request('/health')
    assert.equal(res.status, 200)
    const { plugins, ...rest } = (await res.json()) as { plugins: { name: string; version: string }[] }
    assert.deepEqual(rest, { status: 'ok', version: VERSION })
    // And the plugins loaded (CONTRACT §12), names and versions only.
    assert.deepEqual(plugins.find((p) => p.name === 'core-api'), { name: 'core-api', version: '1.0.0' })
  })
})

describe('POST /scan with inline files', () => {
  test('finds eval injection in Python and JavaScript and a masked AWS key, in the contract field order', async () => {
    const { status, body } = await scan({ files: VULNERABLE })
    assert.equal(status, 200)
    assert.deepEqual(Object.keys(body), ['findings', 'total', 'by_severity', 'scan_id', 'files_scanned', 'files_skipped', 'rules_evaluated', 'duration_ms', 'suppressed', 'warnings'])
    assert.deepEqual(Object.keys(body.by_severity), ['critical', 'high', 'medium', 'low', 'info'])
    const evals = cwe(body.findings, 'CWE-95')
    assert.deepEqual(evals.map((f) => f.file).sort(), ['app/views.py', 'web/handler.js'])
    assert.equal(evals.find((f) => f.file === 'app/views.py')!.line, 5)
    const secret = cwe(body.findings, 'CWE-798').find((f) => f.file === 'config/settings.py')
    assert.ok(secret, 'AWS key found')
    assert.ok(secret.snippet.includes('AKIA****'), secret.snippet)
    assert.ok(!JSON.stringify(body).includes(AWS_KEY), 'the full key never leaves the server')
    assert.equal(body.total, body.findings.filter((f) => !f.suppressed).length)
    assert.equal(Object.values(body.by_severity).reduce((a, b) => a + b, 0), body.total)
    assert.equal(body.files_scanned, 3)
    assert.ok(body.rules_evaluated > 0)
    for (const f of body.findings) {
      assert.ok(f.standards.some((s) => s.pack === 'owasp-top-10' || s.pack === 'secrets'), `${f.rule_id} lists its packs`)
      assert.ok(f.line >= 1 && f.column >= 1 && f.end_line >= f.line)
    }
  })

  test('code in comments and string literals is not a code finding', async () => {
    const { body } = await scan({
      files: {
        'a.py': '# eval(user_input) was removed\nmsg = "never call eval(user_input)"\n',
        'b.js': '// eval(req.body)\nconst s = "eval(req.body)"\n',
      },
    })
    assert.deepEqual(cwe(body.findings, 'CWE-95'), [])
  })

  test('changed_files limits an inline scan', async () => {
    const { body } = await scan({ files: VULNERABLE, changed_files: ['web/handler.js'] })
    assert.equal(body.files_scanned, 1)
    assert.deepEqual([...new Set(body.findings.map((f) => f.file))], ['web/handler.js'])
  })

  test('ids are stable across moved, re-indented and CRLF code; identical matches differ by occurrence', async () => {
    const base = (await scan({ files: { 'x.js': 'function f(a) {\n  return eval(a)\n}\n' } })).body.findings
    const moved = (await scan({ files: { 'x.js': '// header\n\n\r\nfunction f(a) {\r\n        return eval(a)\r\n}\r\n' } })).body.findings
    const evalId = (fs: Finding[]) => cwe(fs, 'CWE-95').map((f) => f.id)
    assert.equal(evalId(base).length, 1)
    assert.deepEqual(evalId(moved), evalId(base))
    assert.notEqual(cwe(moved, 'CWE-95')[0].line, cwe(base, 'CWE-95')[0].line)
    const twice = (await scan({ files: { 'x.js': 'eval(a)\neval(a)\n' } })).body.findings
    const ids = evalId(twice)
    assert.equal(ids.length, 2)
    assert.notEqual(ids[0], ids[1])
  })

  test('inline guard-ignore suppresses, keeps the finding marked, and does not count it', async () => {
    const { body } = await scan({
      files: { 'x.js': 'function f(a) {\n  // guard-ignore -- reviewed: input is a constant table key\n  return eval(a)\n}\n' },
    })
    const f = cwe(body.findings, 'CWE-95')[0]
    assert.equal(f.suppressed, true)
    assert.deepEqual(f.suppression, { source: 'inline', reason: 'reviewed: input is a constant table key', by: null, expires: null })
    assert.equal(body.suppressed, 1)
    assert.equal(body.total, 0)
  })

  test('config suppressions apply until they expire', async () => {
    const files = { 'x.js': 'eval(a)\n' }
    const ruleId = cwe((await scan({ files })).body.findings, 'CWE-95')[0].rule_id
    const active = (await scan({ files, config_overrides: { suppressions: [{ rule_id: ruleId, path: '*.js', reason: 'legacy', by: 'alice', expires: '2999-01-01' }] } })).body
    assert.equal(active.findings[0].suppression?.source, 'config')
    assert.equal(active.findings[0].suppression?.by, 'alice')
    const expired = (await scan({ files, config_overrides: { suppressions: [{ rule_id: ruleId, reason: 'legacy', expires: '2001-01-01' }] } })).body
    assert.equal(expired.findings[0].suppressed, false)
  })

  test('inline paths that are absolute or climb are refused with 422', async () => {
    for (const bad of ['../escape.py', '/etc/passwd', 'a/../../b.py', 'C:\\x.py']) {
      const { status, body } = await scan({ files: { [bad]: 'x = 1\n' } })
      assert.equal(status, 422, bad)
      assert.equal(body.errors[0].path, `files.${bad}`)
    }
  })

  test('files over the size limit are skipped and listed', async () => {
    const { body } = await scan({ files: { 'big.js': `eval(a)\n${'x'.repeat(3000)}\n`, 'small.js': 'eval(b)\n' }, config_overrides: { limits: { max_file_kb: 2 } } })
    assert.deepEqual(body.files_skipped, [{ path: 'big.js', reason: 'larger than 2 KB' }])
    assert.equal(body.files_scanned, 1)
  })
})

describe('POST /scan of a repository on the server', () => {
  test('walks the repo: .gitignore, vendored folders, binaries and minified bundles are skipped', async () => {
    writeTree(server.dir, {
      'repo/.gitignore': 'generated/\nsecret-notes.py\n',
      'repo/src/app.py': VULNERABLE['app/views.py'],
      'repo/generated/gen.py': 'eval(x)\n',
      'repo/secret-notes.py': 'eval(x)\n',
      'repo/node_modules/lib/index.js': 'eval(x)\n',
      'repo/static/app.min.js': 'eval(x)\n',
      'repo/static/bundle.js': `${'var a=1;'.repeat(5000)}eval(x)\n`,
      'repo/static/chunk-4f2a.js': `${'var b=2;'.repeat(30_000)}\neval(x)\n`,
      'repo/static/highlight.pack.js': `!function(e){${'var c=3;'.repeat(1000)}eval(x)}()\n`,
    })
    fs.writeFileSync(path.join(server.dir, 'repo/logo.js'), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 1]))
    const { status, body } = await scan({ repo_path: 'repo' })
    assert.equal(status, 200)
    assert.deepEqual([...new Set(body.findings.map((f) => f.file))], ['src/app.py'])
    const reasons = Object.fromEntries(body.files_skipped.map((s) => [s.path, s.reason]))
    assert.match(reasons['node_modules'], /vendored/)
    assert.match(reasons['static/app.min.js'], /minified/)
    assert.match(reasons['static/bundle.js'], /minified/)
    assert.match(reasons['static/chunk-4f2a.js'], /minified/, 'decided from the first 64 KB of a large file')
    assert.match(reasons['static/highlight.pack.js'], /minified/, 'a small file of one 8,000-character line')
    assert.equal(reasons['logo.js'], 'binary')
    assert.equal(reasons['generated'], undefined, 'gitignored paths are silently left out')
  })

  test('a .gitignore that cannot be read is listed, and a changed file under a file is not found: the scan goes on', async () => {
    writeTree(server.dir, { 'odd/src/app.py': VULNERABLE['app/views.py'], 'odd/readme.txt': 'notes\n' })
    fs.mkdirSync(path.join(server.dir, 'odd/src/.gitignore'))
    const { status, body } = await scan({ repo_path: 'odd' })
    assert.equal(status, 200)
    assert.ok(body.findings.some((f) => f.file === 'src/app.py'))
    assert.deepEqual(body.files_skipped.find((s) => s.path === 'src/.gitignore'), { path: 'src/.gitignore', reason: 'unreadable' })
    const changed = await scan({ repo_path: 'odd', changed_files: ['readme.txt/app.py', 'src/app.py'] })
    assert.equal(changed.status, 200)
    assert.deepEqual(changed.body.files_skipped, [{ path: 'readme.txt/app.py', reason: 'not found' }])
  })

  test('repository files over the size limit are skipped by the worker that reads them', async () => {
    writeTree(server.dir, { 'sized/big.js': `eval(req.query.a)\n${'x'.repeat(3000)}\n`, 'sized/small.js': 'eval(req.query.b)\n' })
    const { status, body } = await scan({ repo_path: 'sized', config_overrides: { limits: { max_file_kb: 2 } } })
    assert.equal(status, 200)
    assert.deepEqual(body.files_skipped, [{ path: 'big.js', reason: 'larger than 2 KB' }])
    assert.equal(body.files_scanned, 1)
    assert.deepEqual([...new Set(body.findings.map((f: { file: string }) => f.file))], ['small.js'])
  })

  test("the repo's own .guard.yaml applies, under config_overrides", async () => {
    writeTree(server.dir, { 'cfgrepo/.guard.yaml': 'packs: [secrets]\n', 'cfgrepo/a.js': 'eval(x)\n' })
    assert.equal((await scan({ repo_path: 'cfgrepo' })).body.total, 0)
    assert.equal(cwe((await scan({ repo_path: 'cfgrepo', config_overrides: { packs: ['owasp-top-10'] } })).body.findings, 'CWE-95').length, 1)
  })

  test("packs come from the repo's .guard/packs and GUARD_PACKS_DIR, with their own rules, without a restart", async () => {
    const rule = (id: string, word: string) =>
      [`id: ${id}`, `name: ${word} call`, `message: ${word} of $X`, 'severity: medium', 'languages: [python]', 'cwe: [CWE-676]',
        'owasp: ["A04:2021"]', 'confidence: high', 'remediation: do not', `pattern: ${word}($X)`, ''].join('\n')
    const pack = (id: string, ruleId: string) => `id: ${id}\nname: ${id}\nversion: "1"\nrules:\n  - { id: ${ruleId}, control: "T-1" }\n`
    writeTree(server.dir, {
      'packrepo/app.py': 'frobnicate(a)\ndefrag(b)\n',
      'packrepo/.guard/packs/team/pack.yaml': pack('team', 'py.team-frobnicate'),
      'packrepo/.guard/packs/team/rules/py.team-frobnicate.yaml': rule('py.team-frobnicate', 'frobnicate'),
      '.guard/packs/org/pack.yaml': pack('org', 'py.org-defrag'),
      '.guard/packs/org/rules/py.org-defrag.yaml': rule('py.org-defrag', 'defrag'),
    })
    const { status, body } = await scan({ repo_path: 'packrepo', config_overrides: { packs: ['team', 'org'] } })
    assert.equal(status, 200, JSON.stringify(body))
    assert.deepEqual(body.findings.map((f) => [f.rule_id, f.line, f.standards]), [
      ['py.team-frobnicate', 1, [{ pack: 'team', control: 'T-1' }]],
      ['py.org-defrag', 2, [{ pack: 'org', control: 'T-1' }]],
    ])
  })

  test('a repo_path outside the scan roots is 403, symlinks resolved; a missing one is 404', async () => {
    fs.symlinkSync('/etc', path.join(server.dir, 'etc-link'))
    for (const p of ['..', '/etc', 'etc-link', 'repo/../../']) assert.equal((await scan({ repo_path: p })).status, 403, p)
    assert.equal((await scan({ repo_path: 'no-such-dir' })).status, 404)
  })

  test('an invalid repo .guard.yaml is a 422 naming the key', async () => {
    writeTree(server.dir, { 'badcfg/.guard.yaml': 'gate:\n  fail_on: [severe]\n' })
    const { status, body } = await scan({ repo_path: 'badcfg' })
    assert.equal(status, 422)
    assert.equal(body.errors[0].path, '.guard.yaml: gate.fail_on[0]')
  })
})

describe('POST /gate', () => {
  test('fails on critical/high by default, in the contract field order, with reasons', async () => {
    const { status, body } = await scan({ files: VULNERABLE }, '/gate')
    assert.equal(status, 200)
    assert.deepEqual(Object.keys(body), ['passed', 'total_findings', 'critical', 'high', 'medium', 'low', 'info', 'suppressed', 'blocking', 'fail_on', 'scan_id', 'reasons', 'approval'])
    assert.equal(body.passed, false)
    assert.deepEqual(body.fail_on, ['critical', 'high'])
    assert.equal(body.blocking, body.critical + body.high)
    assert.ok(body.blocking > 0)
    assert.ok(body.reasons.length > 0)
    assert.equal(body.approval, null)
  })

  test('passes a clean scan; fail_on and budgets come from overrides; GUARD_GATE_FAIL_ON wins', async () => {
    assert.equal((await scan({ files: { 'ok.py': 'print("hello")\n' } }, '/gate')).body.passed, true)
    assert.equal((await scan({ files: VULNERABLE, config_overrides: { gate: { fail_on: ['info'] } } }, '/gate')).body.passed, true)
    const budget = (await scan({ files: VULNERABLE, config_overrides: { gate: { max: { critical: 100, high: 100 } } } }, '/gate')).body
    assert.equal(budget.passed, true)
    assert.ok(budget.blocking > 0)
    process.env.GUARD_GATE_FAIL_ON = 'info'
    try {
      assert.deepEqual((await scan({ files: VULNERABLE }, '/gate')).body.fail_on, ['info'])
    } finally {
      delete process.env.GUARD_GATE_FAIL_ON
    }
  })

  test('suppressed findings never block', async () => {
    const body = (await scan({ files: { 'x.js': 'eval(a) // guard-ignore\n' } }, '/gate')).body
    assert.equal(body.passed, true)
    assert.equal(body.suppressed, 1)
  })
})

describe('POST /report', () => {
  test('renders every format from a scan request; SARIF by default', async () => {
    const res = await server.request('/report', { method: 'POST', json: { files: VULNERABLE } })
    const body = (await res.json()) as { format: string; content: string }
    assert.equal(body.format, 'sarif')
    const sarif = JSON.parse(body.content)
    assert.equal(sarif.version, '2.1.0')
    assert.ok(sarif.runs[0].results.length >= 3)
    assert.ok(!body.content.includes(AWS_KEY))
    for (const format of ['junit', 'html', 'csv', 'markdown']) {
      const r = await server.request(`/report?format=${format}`, { method: 'POST', json: { files: VULNERABLE } })
      assert.equal(r.status, 200, format)
      const { content } = (await r.json()) as { content: string }
      assert.ok(content.includes('web/handler.js'), format)
      assert.ok(!content.includes(AWS_KEY), format)
    }
  })

  test('renders a stored scan by scan_id; an unknown id is 404; an unknown format 422', async () => {
    const { body } = await scan({ files: VULNERABLE })
    const res = await server.request('/report?format=junit', { method: 'POST', json: { scan_id: body.scan_id } })
    assert.equal(res.status, 200)
    assert.match(((await res.json()) as { content: string }).content, /<testsuites/)
    assert.equal((await server.request('/report', { method: 'POST', json: { scan_id: 'nope' } })).status, 404)
    assert.equal((await server.request('/report?format=pdf', { method: 'POST', json: { scan_id: body.scan_id } })).status, 422)
  })
})

describe('GET /rules', () => {
  test('lists rules with the contract fields and filters by pack, language and severity', async () => {
    const res = await server.request('/rules')
    const all = (await res.json()) as { rules: Record<string, unknown>[]; total: number }
    assert.equal(all.total, all.rules.length)
    assert.ok(all.total >= 15)
    assert.deepEqual(Object.keys(all.rules[0]), ['id', 'name', 'severity', 'languages', 'cwe', 'owasp', 'packs', 'description', 'remediation', 'enabled'])
    const py = (await (await server.request('/rules?language=python')).json()) as typeof all
    assert.ok(py.total > 0 && py.total < all.total)
    assert.ok(py.rules.every((r) => (r.languages as string[]).some((l) => l === 'python' || l === 'generic')))
    const secrets = (await (await server.request('/rules?pack=secrets')).json()) as typeof all
    assert.ok(secrets.total > 0 && secrets.rules.every((r) => (r.packs as string[]).includes('secrets')))
    const crit = (await (await server.request('/rules?severity=critical')).json()) as typeof all
    assert.ok(crit.rules.every((r) => r.severity === 'critical'))
    assert.equal((await server.request('/rules?severity=severe')).status, 422)
  })
})

describe('errors', () => {
  test('malformed JSON is 400 with detail', async () => {
    const res = await server.request('/scan', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"files": ' })
    assert.equal(res.status, 400)
    assert.equal(typeof ((await res.json()) as { detail: string }).detail, 'string')
  })

  test('schema failures are 422 with errors naming the field', async () => {
    const wrongType = await scan({ files: { 'a.py': 42 } })
    assert.equal(wrongType.status, 422)
    assert.ok(wrongType.body.errors.some((e) => e.path.startsWith('body.files')))
    const unknown = await scan({ file: {} })
    assert.equal(unknown.status, 422)
    assert.deepEqual(unknown.body.errors.map((e) => e.path), ['body.file'])
  })

  test('config_overrides may only carry valid scan keys', async () => {
    const auth = await scan({ files: {}, config_overrides: { auth: { enabled: false } } })
    assert.equal(auth.status, 422)
    assert.equal(auth.body.errors[0].path, 'config_overrides.auth')
    const badPack = await scan({ files: {}, config_overrides: { packs: ['no-such-pack'] } })
    assert.equal(badPack.status, 422)
    const badKey = await scan({ files: {}, config_overrides: { gate: { fail_on: ['severe'] } } })
    assert.equal(badKey.body.errors[0].path, 'config_overrides.gate.fail_on[0]')
  })

  test('unknown routes are JSON 404', async () => {
    const res = await server.request('/nope')
    assert.equal(res.status, 404)
    assert.match(((await res.json()) as { detail: string }).detail, /Not found/)
  })

  test('a scan over its time limit is 504, not a hang', async () => {
    const files = Object.fromEntries(Array.from({ length: 400 }, (_, i) => [`f${i}.js`, `function f${i}(a) { return eval(a) }\n`.repeat(50)]))
    const { status, body } = await scan({ files, config_overrides: { limits: { scan_timeout_s: 0.001 } } })
    assert.equal(status, 504)
    assert.match(body.detail, /time limit/)
  })
})

describe('server limits and internals', () => {
  test('a body over GUARD_MAX_BODY_MB is 413', async () => {
    const small = await startServer({ env: { GUARD_MAX_BODY_MB: '0.01' } })
    try {
      const res = await small.request('/scan', { method: 'POST', json: { files: { 'a.py': 'x'.repeat(20_000) } } })
      assert.equal(res.status, 413)
      assert.equal(typeof ((await res.json()) as { detail: string }).detail, 'string')
    } finally {
      await small.close()
    }
  })

  test('an unexpected failure is 500 with a request id and no internals', async () => {
    const { app } = await buildServer({ cwd: server.dir, threads: 0, logLevel: 'silent' })
    app.get('/boom', { config: { permission: 'public' } }, async () => {
      throw new Error(`cannot open ${server.dir}/secret.db`)
    })
    const res = await app.inject('/boom')
    await app.close()
    assert.equal(res.statusCode, 500)
    const body = res.json() as { detail: string; request_id: string }
    assert.equal(body.detail, 'Internal server error')
    assert.equal(body.request_id, res.headers['x-request-id'])
    assert.ok(!res.body.includes(server.dir))
  })
})
