// What an outside probe and a new user broke (issue 9): each defect reproduced at the level a user meets it.
import { test, describe, before, after } from 'node:test'
import assert from 'node:assert/strict'
import fs from 'node:fs'
import net from 'node:net'
import path from 'node:path'
import { execFile, execFileSync } from 'node:child_process'
import YAML from 'yaml'
import { startServer, tempDir, writeTree, type TestServer } from './helpers/server.ts'
import { startRoleServer, type RoleServer } from './helpers/roles.ts'
import { GUARD as GUARD_BIN, runGuard } from './helpers/process.ts'
import { signToken } from '../kernel/access/tokens.ts'
import { INSTALL_DIR } from '../kernel/base/install.ts'
import type { ScanResult } from '../kernel/base/schemas.ts'

type Body = ScanResult & { detail: string; errors: { path: string; message: string }[]; warnings: { path: string; message: string }[]; reasons: string[]; passed: boolean }
const AWS_KEY = 'AKIAZ7Q3VXNPL2MWK4RT'

async function post(server: TestServer, route: string, json: unknown, headers: Record<string, string> = {}): Promise<{ status: number; body: Body }> {
  const res = await server.request(route, { method: 'POST', json, headers })
  return { status: res.status, body: (await res.json()) as Body }
}

const guard = (args: string[], cwd: string) => runGuard(args, { cwd })

describe('scans stay inside the repository', () => {
  let server: TestServer
  before(async () => {
    server = await startServer()
    writeTree(server.dir, {
      'repo/app.js': 'module.exports = 1\n',
      'repo/.guard/packs/.keep': '',
      'outside/secret.js': `const key = "${AWS_KEY}"\n`,
      'outside/.guard.yaml': 'colour: blue\nsecret_key_of_outside: 1\n',
      'outside/packs/leak/pack.yaml': 'id: leak\nname: Leak\nversion: "1"\nrules:\n  - { tag: secrets, control: LEAKED-CONTROL }\n',
    })
    fs.symlinkSync(path.join(server.dir, 'outside'), path.join(server.dir, 'repo/linked'))
  })
  after(() => server.close())

  test('changed_files that climb out, are absolute, or pass through a symlinked folder are 422 naming the entry', async () => {
    for (const entry of ['../outside/secret.js', 'sub/../../outside/secret.js', `${server.dir}/outside/secret.js`, '/etc/passwd', 'linked/secret.js']) {
      const { status, body } = await post(server, '/scan', { repo_path: 'repo', changed_files: ['app.js', entry] })
      assert.equal(status, 422, `${entry}: ${JSON.stringify(body)}`)
      assert.equal(body.errors[0].path, 'changed_files[1]')
      assert.ok(body.errors[0].message.includes(entry), body.errors[0].message)
      assert.ok(!JSON.stringify(body).includes(AWS_KEY.slice(4)))
    }
    for (const route of ['/gate', '/report']) assert.equal((await post(server, route, { repo_path: 'repo', changed_files: ['../outside/secret.js'] })).status, 422, route)
  })

  test('changed_files inside the repository are scanned under their clean relative path', async () => {
    writeTree(server.dir, { 'repo/src/web.js': 'module.exports = (req) => eval(req.query.x)\n' })
    const { status, body } = await post(server, '/scan', { repo_path: 'repo', changed_files: ['./src/web.js', 'src/../src/web.js', 'gone.js'] })
    assert.equal(status, 200, JSON.stringify(body))
    assert.equal(body.files_scanned, 1)
    assert.ok(body.findings.length > 0)
    for (const f of body.findings) assert.equal(f.file, 'src/web.js')
    assert.deepEqual(body.files_skipped, [{ path: 'gone.js', reason: 'not found' }])
  })

  test("a repository's .guard.yaml or .guard/packs that link out of it are not read", async () => {
    writeTree(server.dir, { 'cfglink/app.js': 'module.exports = 1\n' })
    fs.symlinkSync(path.join(server.dir, 'outside/.guard.yaml'), path.join(server.dir, 'cfglink/.guard.yaml'))
    fs.mkdirSync(path.join(server.dir, 'cfglink/.guard'))
    fs.symlinkSync(path.join(server.dir, 'outside/packs'), path.join(server.dir, 'cfglink/.guard/packs'))
    writeTree(server.dir, { 'cfglink/more/app.js': 'x = 1\n' })
    const { status, body } = await post(server, '/scan', { repo_path: 'cfglink' })
    assert.equal(status, 200, JSON.stringify(body))
    assert.ok(!JSON.stringify(body).includes('secret_key_of_outside'))
    assert.ok(body.warnings.some((w) => w.path === '.guard.yaml' && /symbolic link/.test(w.message)), JSON.stringify(body.warnings))
    const leak = await post(server, '/scan', { repo_path: 'cfglink', config_overrides: { packs: ['leak'] } })
    assert.equal(leak.status, 422, 'the linked pack does not exist for this scan')
    assert.ok(!JSON.stringify(leak.body).includes('LEAKED-CONTROL'))
  })

  test("a FIFO or a folder where a repository's pack file should be is not read (no hang, no 500)", async () => {
    writeTree(server.dir, { 'fifo/a.js': 'x = 1\n', 'fifo/.guard/packs/p/overrides.yaml/.keep': '' })
    execFileSync('mkfifo', [path.join(server.dir, 'fifo/.guard/packs/p/pack.yaml')])
    const { status } = await post(server, '/scan', { repo_path: 'fifo' })
    assert.equal(status, 200)
  })

  test("a repository's own pack rules get the regex safety check", async () => {
    writeTree(server.dir, {
      'redos/app.txt': `${'a'.repeat(40)}!\n`,
      'redos/.guard/packs/evil/pack.yaml': 'id: evil\nname: Evil\nversion: "1"\nrules:\n  - { id: txt.evil, control: E-1 }\n',
      'redos/.guard/packs/evil/rules/txt.evil.yaml': YAML.stringify({
        id: 'txt.evil', name: 'evil', message: 'm', severity: 'low', languages: ['generic'], cwe: ['CWE-1333'], owasp: [], confidence: 'low', remediation: 'r', regex: '(a+)+$',
      }),
    })
    const started = Date.now()
    const { status, body } = await post(server, '/scan', { repo_path: 'redos', config_overrides: { packs: ['evil'] } })
    assert.equal(status, 422, JSON.stringify(body))
    assert.ok(body.errors.some((e) => e.message.includes('txt.evil') && e.path.endsWith('regex')), JSON.stringify(body.errors))
    assert.ok(Date.now() - started < 5000)
  })
})

describe('the per-file time limit stops a file at its limit', () => {
  let server: TestServer
  before(async () => (server = await startServer({ env: { GUARD_FILE_TIMEOUT_S: '1', GUARD_MAX_FILE_KB: '4096' } })))
  after(() => server.close())

  test('a file that takes too long is skipped after about its limit; the other files of its batch are still analysed', async () => {
    // Several seconds of parsing and matching: a generated file with a finding on every line.
    const files: Record<string, string> = { 'slow.js': 'document.body.innerHTML = req.query.a + eval(req.body.b)\n'.repeat(60_000) }
    for (let i = 0; i < 6; i++) files[`ok${i}.js`] = 'module.exports = 1\n'
    const started = Date.now()
    const { status, body } = await post(server, '/scan', { files })
    const took = Date.now() - started
    assert.equal(status, 200, JSON.stringify(body))
    assert.deepEqual(body.files_skipped, [{ path: 'slow.js', reason: 'timed out after 1 s' }])
    assert.equal(body.files_scanned, 6)
    assert.ok(took < 4000, `took ${took} ms for a 1 s limit`)
  })
})

describe('memory and long inputs are bounded', () => {
  let server: TestServer
  before(async () => (server = await startServer({ env: { GUARD_MAX_BODY_MB: '200', GUARD_MAX_FILE_KB: '1000000' } })))
  after(() => server.close())

  test('a file with hundreds of thousands of findings fails cleanly (no stack overflow), and the server keeps answering', async () => {
    const text = `k = "${AWS_KEY}"\n`.repeat(150_000)
    const pending = post(server, '/scan', { files: { 'many.js': text, 'ok.js': 'eval(req.query.b)\n' } })
    const health = await server.request('/health')
    assert.equal(health.status, 200)
    const { status, body } = await pending
    assert.equal(status, 200, JSON.stringify(body).slice(0, 500))
    const many = body.findings.filter((f) => f.file === 'many.js')
    assert.ok(many.length <= 1000, `${many.length} findings kept for one file`)
    assert.ok(body.warnings.some((w) => w.path === 'many.js' && /first 1000 findings/.test(w.message)), JSON.stringify(body.warnings))
    assert.ok(body.findings.some((f) => f.file === 'ok.js'))
  })

  test('files beyond the hard size ceiling are skipped whatever the configured limit', async () => {
    const { status, body } = await post(server, '/scan', { files: { 'huge.js': 'x = 1\n'.repeat(3_000_000) } })
    assert.equal(status, 200)
    assert.deepEqual(body.files_skipped, [{ path: 'huge.js', reason: 'larger than 4096 KB' }])
  })

  test('long inputs are cut in answers and in the store', async () => {
    const long = `a${'b'.repeat(100_000)}`
    const missing = await post(server, '/scan', { repo_path: long })
    assert.ok(missing.status === 404 || missing.status === 422, String(missing.status))
    assert.ok(JSON.stringify(missing.body).length < 2000, `answer of ${JSON.stringify(missing.body).length} characters`)
    const changed = await post(server, '/scan', { repo_path: '.', changed_files: [long] })
    assert.equal(changed.status, 422)
    assert.ok(JSON.stringify(changed.body).length < 2000)
    const audit = (await (await server.request('/api/audit?limit=5')).json()) as { items: { target: string | null }[] }
    for (const entry of audit.items) assert.ok((entry.target ?? '').length <= 1024, `audit target of ${entry.target?.length}`)
  })
})

describe('secrets are masked in every output', () => {
  let server: TestServer
  before(async () => (server = await startServer()))
  after(() => server.close())

  test('a private key embedded on one line shows only its first four characters', async () => {
    const body = 'MIICXAIBAAKBgQCqGKukO1De7zhZj6+H0qtjTkVxwTCpvKe4eCZ0FPqri0cb2JZfXJ/DgYSF6vUpwmJG8wVQZKjeGcjDOL5UlsuusFncCzWBQ7RKNUSesmQRMSGkVb1/3j+skZ6UtW+5u09lHNsj6tQ51s1SPrCBkedbNf0Tp0GbMJDyR4e9T04ZZwIDAQABAoGAFijko56+qGyN8M0RVyaRAXz++xTqHBLh'
    const files = { 'keys.js': `const key = "-----BEGIN RSA PRIVATE KEY-----\\r\\n${body}\\r\\n-----END RSA PRIVATE KEY-----"\n` }
    const scan = await post(server, '/scan', { files })
    const finding = scan.body.findings.find((f) => f.rule_id === 'secrets.private-key')
    assert.ok(finding, JSON.stringify(scan.body.findings.map((f) => f.rule_id)))
    const outputs = [JSON.stringify(scan.body)]
    for (const format of ['sarif', 'junit', 'html', 'csv', 'markdown']) outputs.push(((await post(server, `/report?format=${format}`, { scan_id: scan.body.scan_id })).body as unknown as { content: string }).content)
    outputs.push(JSON.stringify(await (await server.request(`/api/scans/${scan.body.scan_id}`)).json()))
    for (const out of outputs) assert.ok(!out.includes(body.slice(4, 24)), `key material in: ${out.slice(0, 200)}`)
  })

  test("every secret rule's fixture: no output holds a matched secret beyond its first four characters", async () => {
    const dir = path.join(INSTALL_DIR, 'rules', 'generic')
    const files: Record<string, string> = {}
    const rules = new Map<string, { regex: RegExp; group?: number }>()
    for (const name of fs.readdirSync(dir).filter((f) => f.startsWith('secrets.'))) {
      if (name.endsWith('.yaml') && !name.includes('.fixture.')) {
        const rule = YAML.parse(fs.readFileSync(path.join(dir, name), 'utf8'))
        rules.set(rule.id, { regex: new RegExp(rule.regex, `${rule.regex_flags ?? ''}g`), group: rule.secret_group })
      } else files[`fixtures/${name.replace('.fixture', '')}`] = fs.readFileSync(path.join(dir, name), 'utf8')
    }
    const scan = await post(server, '/scan', { files, config_overrides: { packs: ['secrets'] } })
    assert.equal(scan.status, 200)
    // Each secret as the rule's own regex finds it on the finding's line, independent of the engine's masking.
    const secrets = new Set<string>()
    for (const f of scan.body.findings) {
      const { regex, group } = rules.get(f.rule_id)!
      const line = files[f.file].split(/\r?\n/)[f.line - 1]
      for (const m of line.matchAll(regex)) if (group !== undefined && m[group] && m[group].length > 4) secrets.add(m[group])
    }
    assert.ok(secrets.size >= 100, `${secrets.size} secrets found in the fixtures`)
    const outputs = [JSON.stringify(scan.body), JSON.stringify(await (await server.request(`/api/scans/${scan.body.scan_id}`)).json())]
    outputs.push(JSON.stringify(await (await server.request(`/api/findings?scan_id=${scan.body.scan_id}&limit=1000`)).json()))
    for (const format of ['sarif', 'junit', 'html', 'csv', 'markdown']) outputs.push(((await post(server, `/report?format=${format}`, { scan_id: scan.body.scan_id })).body as unknown as { content: string }).content)
    // What follows the first four characters must not be there (a short secret's rest could be there by chance: then the whole).
    for (const secret of secrets) {
      const hidden = secret.length >= 12 ? secret.slice(4) : secret
      for (const out of outputs) assert.ok(!out.includes(hidden), `${secret.slice(0, 4)}… shown in ${out.slice(0, 80)}`)
    }
  })
})

describe('errors the contract says are 4xx', () => {
  let server: TestServer
  before(async () => (server = await startServer()))
  after(() => server.close())

  test('a scan time limit that is no whole number of milliseconds is accepted', async () => {
    for (const s of [0.0001, 12.3456]) {
      const { status } = await post(server, '/scan', { files: { 'a.py': 'x = 1\n' }, config_overrides: { limits: { scan_timeout_s: s } } })
      assert.ok(status === 200 || status === 504, `${s}: ${status}`)
    }
  })

  test('YAML with an undefined alias or an alias bomb is 400, in pack import and in config validation', async () => {
    const bomb = ['a: &a [x,x,x,x,x,x,x,x,x]', ...'bcdefgh'.split('').map((c, i) => `${c}: &${c} [${Array(9).fill(`*${'abcdefgh'[i]}`).join(',')}]`)].join('\n')
    for (const yaml of ['id: p\nname: *nope\n', bomb, `${'['.repeat(5000)}${']'.repeat(5000)}`]) {
      const res = await server.request('/api/packs/import', { method: 'POST', headers: { 'content-type': 'application/yaml' }, body: yaml })
      assert.equal(res.status, 400, yaml.slice(0, 40))
      assert.equal(typeof ((await res.json()) as { detail: unknown }).detail, 'string')
      writeTree(server.dir, { 'cfg/.guard.yaml': yaml })
      const v = await server.request('/api/config/validate?path=cfg/.guard.yaml')
      assert.ok(v.status === 200 || v.status === 400, `validate: ${v.status}`)
      if (v.status === 200) assert.equal(((await v.json()) as { valid: boolean }).valid, false)
      assert.equal((await post(server, '/scan', { repo_path: 'cfg' })).status, 400)
    }
  })

  test('a value nested 1,000 levels deep is 400, not a stack overflow', async () => {
    let deep: unknown = 1
    for (let i = 0; i < 1000; i++) deep = { a: deep }
    for (const [route, body] of [['/api/config', { devops: deep }], ['/api/config', { rules: { 'x.y': deep } }], ['/scan', { files: { 'a.py': 'x=1\n' }, config_overrides: { rules: deep } }], ['/api/governance', { approvals: deep }]] as const) {
      const res = await post(server, route, body)
      assert.ok(res.status === 400 || res.status === 422, `${route}: ${res.status}`)
      assert.equal(typeof res.body.detail, 'string')
    }
  })

  test('a too-long path parameter (414) and too-large headers (431) answer with a JSON detail', async () => {
    const res = await server.request(`/api/packs/${'x'.repeat(5000)}/export`)
    assert.equal(res.status, 414)
    assert.equal(typeof ((await res.json()) as { detail: unknown }).detail, 'string')
    const raw = await rawRequest(server.url, `GET /health HTTP/1.1\r\nHost: x\r\nX-Big: ${'y'.repeat(40_000)}\r\nConnection: close\r\n\r\n`)
    assert.match(raw, /^HTTP\/1\.1 431/)
    assert.equal(typeof (JSON.parse(raw.slice(raw.indexOf('\r\n\r\n') + 4)) as { detail: unknown }).detail, 'string')
  })

  test('globs too costly to match, YAML over 512 KB, and JWT left without a secret are refused', async () => {
    const glob = await post(server, '/scan', { files: { 'a.js': 'x' }, config_overrides: { include: ['**/a/**/b/**/c/**/d.js'] } })
    assert.equal(glob.status, 422)
    assert.match(glob.body.errors[0].message, /\*\* segments/)
    const big = await server.request('/api/packs/import', { method: 'POST', headers: { 'content-type': 'application/yaml' }, body: `id: p\n${'k: v\n'.repeat(150_000)}` })
    assert.equal(big.status, 400)
    const lock = await post(server, '/api/config', { auth: { enabled: true } })
    assert.equal(lock.status, 422)
    assert.ok(lock.body.errors.some((e) => e.path === 'auth.jwt_secret'), JSON.stringify(lock.body.errors))
  })

  test('unknown keys under devops are refused like in every other section', async () => {
    const res = await post(server, '/api/config', { devops: { foo: 1 } })
    assert.equal(res.status, 422)
    assert.ok(res.body.errors.some((e) => e.path === 'devops.foo'), JSON.stringify(res.body.errors))
  })
})

function rawRequest(url: string, text: string): Promise<string> {
  const { hostname, port } = new URL(url)
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname, () => socket.end(text))
    let data = ''
    socket.on('data', (d) => (data += d))
    socket.on('end', () => resolve(data))
    socket.on('error', reject)
  })
}

describe('what a new user trips over', () => {
  let server: RoleServer
  before(async () => (server = await startRoleServer({ files: { 'repo/a.js': 'module.exports = (req) => eval(req.query.x)\n' } })))
  after(() => server.close())

  test('GET /api/governance can be posted back unchanged', async () => {
    const policy = await (await server.as('admin', '/api/governance')).json()
    const res = await server.as('admin', '/api/governance', { method: 'POST', json: policy })
    assert.equal(res.status, 200, JSON.stringify(await res.clone().json()))
    assert.deepEqual(await res.json(), policy)
    const limited = await (await server.as('admin', '/api/governance', { method: 'POST', json: { suppressions: { max_expiry_days: 30 } } })).json()
    assert.equal(limited.suppressions.max_expiry_days, 30)
    const cleared = await (await server.as('admin', '/api/governance', { method: 'POST', json: { suppressions: { max_expiry_days: null } } })).json()
    assert.equal(cleared.suppressions.max_expiry_days, null)
    const config = await (await server.as('admin', '/api/config')).json()
    assert.equal((await server.as('admin', '/api/config', { method: 'POST', json: config })).status, 200)
  })

  test('with every scan key and changed_files locked, a developer cannot narrow a gate; a gate that scanned nothing says so', async () => {
    const locked = ['packs', 'gate', 'include', 'exclude', 'suppressions', 'rules', 'limits', 'changed_files']
    assert.equal((await server.as('admin', '/api/governance', { method: 'POST', json: { locked_keys: locked } })).status, 200)
    const narrowed = await server.as('developer', '/gate', { method: 'POST', json: { repo_path: 'repo', changed_files: [] } })
    assert.equal(narrowed.status, 403)
    writeTree(server.dir, { 'repo/.gitignore': '*\n' })
    const gate = await (await server.as('developer', '/gate', { method: 'POST', json: { repo_path: 'repo' } })).json()
    assert.equal(gate.passed, false, 'with exclude locked the repository .gitignore does not hide its code')
    const lead = await (await server.as('security-lead', '/gate', { method: 'POST', json: { repo_path: 'repo', changed_files: [] } })).json()
    assert.ok(lead.reasons.some((r: string) => /no file was scanned/i.test(r)), JSON.stringify(lead.reasons))
    await server.as('admin', '/api/governance', { method: 'POST', json: { locked_keys: [] } })
  })
})

describe('one-file packs, legacy configuration, and no-auth mode', () => {
  let server: TestServer
  const inlinePack = [
    'id: acme',
    'name: ACME rules',
    'version: "1.0"',
    'rules:',
    '  - id: acme.no-debugger',
    '    message: debugger statement left in',
    '    severity: medium',
    '    languages: [javascript]',
    '    pattern: debugger',
    '  - id: acme.internal-host',
    '    message: internal host name in code',
    '    severity: low',
    '    languages: [generic]',
    '    regex: "corp\\\\.acme\\\\.internal"',
    '    control: ACME-7',
    '  - { tag: secrets, control: ACME-SECRETS }',
    '',
  ].join('\n')
  before(async () => (server = await startServer({ env: { GUARD_API_KEY: undefined }, files: { '.guard/packs/acme/pack.yaml': inlinePack } })))
  after(() => server.close())

  test('a pack.yaml with rule objects inline is read from disk and through the API', async () => {
    const files = { 'a.js': 'function f() {\n  debugger\n  return "corp.acme.internal"\n}\n' }
    const { status, body } = await post(server, '/scan', { files, config_overrides: { packs: ['acme'] } })
    assert.equal(status, 200, JSON.stringify(body))
    assert.deepEqual(body.findings.map((f) => [f.rule_id, f.line, f.standards]), [
      ['acme.no-debugger', 2, [{ pack: 'acme', control: 'acme.no-debugger' }]],
      ['acme.internal-host', 3, [{ pack: 'acme', control: 'ACME-7' }]],
    ])
    const imported = await server.request('/api/packs/import', { method: 'POST', headers: { 'content-type': 'application/yaml' }, body: inlinePack.replace('id: acme\n', 'id: acme-two\n').replace(/acme\.(no-debugger|internal-host)/g, 'acme2.$1') })
    assert.equal(imported.status, 201, await imported.clone().text())
    const two = await post(server, '/scan', { files, config_overrides: { packs: ['acme-two'] } })
    assert.deepEqual(two.body.findings.map((f) => f.rule_id), ['acme2.no-debugger', 'acme2.internal-host'])
  })

  test("a repository with the original product's .guard.yaml is scanned, its keys mapped with deprecation warnings", async () => {
    writeTree(server.dir, {
      'legacy/.guard.yaml': '# our old scanner settings\ngate_fail_on: [critical]\nstandards_packs: [owasp-top-10]\nreporters: [sarif, html]\noutput_dir: reports\nstandards_file: standards.yaml\nfavourite_colour: teal\n',
      'legacy/app.js': 'module.exports = (req) => eval(req.query.x)\n',
      'legacy/keys.py': `KEY = "${AWS_KEY}"\n`,
    })
    const { status, body } = await post(server, '/gate', { repo_path: 'legacy' })
    assert.equal(status, 200, JSON.stringify(body))
    assert.deepEqual((body as unknown as { fail_on: string[] }).fail_on, ['critical'])
    const scan = await post(server, '/scan', { repo_path: 'legacy' })
    assert.ok(scan.body.findings.every((f) => f.standards.some((s) => s.pack === 'owasp-top-10')), 'standards_packs chose the packs')
    const warned = Object.fromEntries(scan.body.warnings.map((w) => [w.path, w.message]))
    assert.match(warned['.guard.yaml: gate_fail_on'], /deprecated.*gate\.fail_on/)
    assert.match(warned['.guard.yaml: standards_packs'], /deprecated.*packs/)
    assert.match(warned['.guard.yaml: favourite_colour'], /unknown key/)
    assert.ok(warned['.guard.yaml: reporters'] && warned['.guard.yaml: output_dir'] && warned['.guard.yaml: standards_file'])
  })

  test('legacy values of another shape are read or left out with a warning, never a refusal', async () => {
    writeTree(server.dir, { 'odd-legacy/.guard.yaml': 'standards_packs: OWASP_TOP_10\ngate_fail_on: 5\nmax_file_size_kb: "100"\n', 'odd-legacy/a.js': 'x = 1\n' })
    const { status, body } = await post(server, '/scan', { repo_path: 'odd-legacy' })
    assert.equal(status, 200, JSON.stringify(body))
    const warned = Object.fromEntries(body.warnings.map((w) => [w.path, w.message]))
    assert.match(warned['.guard.yaml: gate_fail_on'], /cannot be read as gate\.fail_on/)
    assert.match(warned['.guard.yaml: standards_packs'], /read as packs/)
    const validated = (await (await server.request('/api/config/validate?path=odd-legacy/.guard.yaml')).json()) as { valid: boolean }
    assert.equal(validated.valid, true, 'validation reads a repository file as a scan does')
  })

  test('two inline names for one file are refused; an exported one-file pack keeps its rules', async () => {
    const dup = await post(server, '/scan', { files: { 'x.js': 'a', './x.js': 'b' } })
    assert.equal(dup.status, 422)
    const exported = await (await server.request('/api/packs/acme/export')).text()
    assert.match(exported, /acme\.no-debugger/)
    assert.match(exported, /pattern: debugger/)
  })

  test('with no method configured, an X-API-Key header is ignored: the caller is the anonymous admin', async () => {
    const res = await server.request('/rules', { headers: { 'x-api-key': 'anything' } })
    assert.equal(res.status, 200)
  })
})

describe('the command line', () => {
  let work: string
  before(() => {
    work = tempDir('guard-hard-cli-')
    writeTree(work, {
      'legacy/.guard.yaml': '# kept comment\ngate_fail_on: [critical]   # why\nstandards_packs: [owasp-top-10]\nreporters: [sarif]\noutput_dir: out\nunknown_thing: 1\n',
      'legacy/app.js': 'module.exports = (req) => eval(req.query.x)\n',
      'plain/app.js': 'module.exports = 1\n',
    })
  })
  after(() => fs.rmSync(work, { recursive: true, force: true }))

  test('--output to /dev/null, a FIFO or a symlink writes through it and never replaces it', async () => {
    const before = fs.statSync('/dev/null')
    const r = await guard(['scan', 'plain', '--format', 'json', '--output', '/dev/null'], work)
    assert.equal(r.code, 0, r.stderr)
    const after = fs.statSync('/dev/null')
    assert.ok(after.isCharacterDevice(), '/dev/null is still a device')
    assert.equal(after.rdev, before.rdev)
    fs.writeFileSync(path.join(work, 'real.json'), 'old')
    fs.symlinkSync(path.join(work, 'real.json'), path.join(work, 'link.json'))
    assert.equal((await guard(['scan', 'plain', '--format', 'json', '--output', 'link.json'], work)).code, 0)
    assert.ok(fs.lstatSync(path.join(work, 'link.json')).isSymbolicLink(), 'the link stays a link')
    assert.equal(JSON.parse(fs.readFileSync(path.join(work, 'real.json'), 'utf8')).files_scanned, 1)
    const piped = execFileSync('sh', ['-c', `"${process.execPath}" "${GUARD_BIN}" scan plain --format json --output /dev/stdout | cat`], { cwd: work, encoding: 'utf8' })
    assert.equal(JSON.parse(piped).files_scanned, 1, '/dev/stdout into a pipe is written through')
    execFileSync('mkfifo', [path.join(work, 'pipe')])
    const reader = new Promise<string>((resolve) => execFile('cat', [path.join(work, 'pipe')], (_e, out) => resolve(out)))
    assert.equal((await guard(['scan', 'plain', '--format', 'json', '--output', 'pipe'], work)).code, 0)
    assert.equal(JSON.parse(await reader).files_scanned, 1)
    assert.ok(fs.lstatSync(path.join(work, 'pipe')).isFIFO())
  })

  test("the original product's .guard.yaml does not stop a scan; `guard config migrate` rewrites it, comments kept", async () => {
    const gate = await guard(['gate', 'legacy', '--format', 'json'], work)
    assert.equal(gate.code, 1, gate.stderr)
    assert.deepEqual(JSON.parse(gate.stdout).gate.fail_on, ['critical'])
    assert.match(gate.stderr, /gate_fail_on.*deprecated/)
    const migrated = await guard(['config', 'migrate', 'legacy/.guard.yaml'], work)
    assert.equal(migrated.code, 0, migrated.stderr)
    const text = fs.readFileSync(path.join(work, 'legacy/.guard.yaml'), 'utf8')
    assert.ok(text.includes('# kept comment') && text.includes('# why'), text)
    const doc = YAML.parse(text)
    assert.deepEqual(doc.gate, { fail_on: ['critical'] })
    assert.deepEqual(doc.packs, ['owasp-top-10'])
    for (const old of ['gate_fail_on', 'standards_packs', 'reporters', 'output_dir']) assert.equal(doc[old], undefined, old)
    const again = await guard(['gate', 'legacy', '--format', 'json'], work)
    assert.doesNotMatch(again.stderr, /deprecated/)
  })
})

test('an agent limited to allowed/** cannot read private/ through changed_files', async () => {
  const server = await startRoleServer({ files: { 'allowed/app.js': 'x = 1\n', 'private/secret.js': `k = "${AWS_KEY}"\n` } })
  try {
    const token = signToken('roles-secret-0123456789abcdef012345', { sub: 'bot', role: 'agent', repo_access: ['allowed/**', 'allowed'] }, 1)
    const res = await server.request('/scan', { method: 'POST', json: { repo_path: 'allowed', changed_files: ['../private/secret.js'] }, headers: { authorization: `Bearer ${token}` } })
    assert.equal(res.status, 422)
    assert.ok(!(await res.text()).includes(AWS_KEY.slice(4)))
  } finally {
    await server.close()
  }
})
