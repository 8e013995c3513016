// Plugins from GUARD_PLUGINS_DIR (CONTRACT §12): loading order with the built-ins, the license tier check for every
// plugin, failures that stay a plugin's own, GET /api/plugins and /health, and the GitLab SAST reporter example.
import { test, describe, after } from 'node:test'
import assert from 'node:assert/strict'
import fs from 'node:fs'
import path from 'node:path'
import { generateKeyPairSync } from 'node:crypto'
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { fileURLToPath } from 'node:url'
import { Ajv } from 'ajv'
import Fastify, { type FastifyInstance } from 'fastify'
import pino from 'pino'
import { startServer, tempDir, writeTree, type TestServer } from './helpers/server.ts'
import { startRoleServer } from './helpers/roles.ts'
import { freePort, GUARD, runGuard, waitForHealth } from './helpers/process.ts'
import { Kernel, type PluginStatus } from '../kernel/kernel.ts'
import { issueLicense } from '../kernel/access/license.ts'
import type { Finding, ScanResult } from '../kernel/base/schemas.ts'

const EXAMPLE = fileURLToPath(new URL('../examples/plugins/gitlab-sast', import.meta.url))
const SAST_SCHEMA = JSON.parse(fs.readFileSync(new URL('./schemas/gitlab-sast-report-15.0.7.json', import.meta.url), 'utf8'))

const dirs: string[] = []
after(() => {
  for (const d of dirs) fs.rmSync(d, { recursive: true, force: true })
})
/** A plugins folder outside the repository (as an installed plugin would be): `files` relative to it. */
function pluginsDir(files: Record<string, string> = {}): string {
  const dir = tempDir('guard-plugins-')
  dirs.push(dir)
  writeTree(dir, files)
  return dir
}
const manifest = (m: Record<string, unknown>) => JSON.stringify({ version: '1.0.0', tier: 'community', dependencies: [], entry: 'index.mjs', ...m })

/** Licenses signed by a test vendor key (GUARD_LICENSE_PUBLIC_KEY replaces the built-in one). */
const vendor = generateKeyPairSync('ed25519')
const vendorPem = vendor.publicKey.export({ format: 'pem', type: 'spki' }).toString()
const licenseEnv = (tier: 'team' | 'enterprise') => ({
  GUARD_LICENSE_PUBLIC_KEY: vendorPem,
  GUARD_LICENSE_KEY: issueLicense(vendor.privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(), { org: 'Acme', tier, expires_at: new Date(Date.now() + 86_400_000).toISOString() }),
})
const COMMUNITY = { GUARD_LICENSE_KEY: undefined, GUARD_LICENSE_PUBLIC_KEY: undefined }

async function plugins(server: TestServer): Promise<PluginStatus[]> {
  const res = await server.request('/api/plugins?limit=1000')
  assert.equal(res.status, 200)
  return ((await res.json()) as { items: PluginStatus[] }).items
}
const byName = (list: PluginStatus[], name: string, source: PluginStatus['source'] = 'disk') => list.find((p) => p.name === name && p.source === source)

async function withServer(opts: Parameters<typeof startServer>[0], fn: (server: TestServer) => Promise<void>): Promise<void> {
  const server = await startServer(opts)
  try {
    await fn(server)
  } finally {
    await server.close()
  }
}

describe('disk plugins load beside the built-in ones', () => {
  test('in dependency order (a built-in one and another disk plugin), from outside the repository, .mts and .ts, through guard/plugin', async () => {
    const dir = pluginsDir({
      // Named so that alphabetical order would be wrong: alpha needs zeta.
      'zeta/plugin.json': manifest({ name: 'zeta', entry: 'index.mts' }),
      'zeta/index.mts': `import fs from 'node:fs'
import { VERSION, type PluginContext } from 'guard/plugin'
export default function register({ app }: PluginContext): void {
  fs.appendFileSync(new URL('../order.txt', import.meta.url), 'zeta\\n')
  app?.get('/api/zeta', { config: { permission: 'findings:read' } }, async () => ({ version: VERSION }))
}
`,
      'alpha/plugin.json': manifest({ name: 'alpha', version: '2.1.0-rc.1', dependencies: ['zeta', 'auth'], entry: 'src/index.ts' }),
      'alpha/package.json': '{"type": "module"}',
      'alpha/src/index.ts': `import fs from 'node:fs'
import { NotFoundError, type PluginContext } from 'guard/plugin'
export default function register({ app, kernel }: PluginContext): void {
  fs.appendFileSync(new URL('../../order.txt', import.meta.url), 'alpha\\n')
  app?.get('/api/alpha/:id', { config: { permission: 'findings:read' } }, async (request) => {
    throw new NotFoundError(\`No alpha \${(request.params as { id: string }).id} (of \${kernel.plugins.length} plugins)\`)
  })
}
`,
    })
    await withServer({ env: { GUARD_PLUGINS_DIR: dir } }, async (server) => {
      assert.equal(fs.readFileSync(path.join(dir, 'order.txt'), 'utf8'), 'zeta\nalpha\n')
      const list = await plugins(server)
      assert.deepEqual(list.filter((p) => p.source === 'disk'), [
        { name: 'zeta', version: '1.0.0', tier: 'community', source: 'disk', status: 'loaded' },
        { name: 'alpha', version: '2.1.0-rc.1', tier: 'community', source: 'disk', status: 'loaded' },
      ])
      // The built-in plugins come first: a disk plugin may need any of them.
      const sources = list.map((p) => p.source).join()
      assert.match(sources, /^(builtin,)+disk,disk$/)
      assert.deepEqual(await (await server.request('/api/zeta')).json(), { version: JSON.parse(fs.readFileSync('package.json', 'utf8')).version })
      // The error class a plugin imports from guard/plugin is the server's: it answers with its status and detail.
      const missing = await server.request('/api/alpha/7')
      assert.equal(missing.status, 404)
      assert.match(((await missing.json()) as { detail: string }).detail, /^No alpha 7 \(of \d+ plugins\)$/)
      // Its routes are documented like the built-in ones.
      const doc = (await (await server.request('/docs/json')).json()) as { paths: Record<string, unknown> }
      assert.ok(doc.paths['/api/alpha/{id}'], 'in the OpenAPI document')
    })
  })

  test('/health lists the loaded plugins by name and version, and nothing of those not loaded', async () => {
    const dir = pluginsDir({
      'fine/plugin.json': manifest({ name: 'fine', version: '3.0.0' }),
      'fine/index.mjs': 'export default function register() {}\n',
      'broken/plugin.json': manifest({ name: 'broken' }),
      'broken/index.mjs': 'export default function register() { throw new Error("secret detail /srv/x") }\n',
      'pricey/plugin.json': manifest({ name: 'pricey', tier: 'enterprise' }),
      'pricey/index.mjs': 'export default function register() {}\n',
    })
    await withServer({ env: { GUARD_PLUGINS_DIR: dir, ...COMMUNITY } }, async (server) => {
      const res = await server.request('/health')
      assert.equal(res.status, 200)
      const text = await res.text()
      const health = JSON.parse(text) as { status: string; plugins: { name: string; version: string }[] }
      assert.equal(health.status, 'ok')
      assert.deepEqual(health.plugins.find((p) => p.name === 'fine'), { name: 'fine', version: '3.0.0' })
      assert.ok(health.plugins.some((p) => p.name === 'auth') && health.plugins.every((p) => Object.keys(p).join() === 'name,version'))
      for (const absent of ['broken', 'pricey', 'approvals']) assert.ok(!health.plugins.some((p) => p.name === absent), absent)
      assert.ok(!text.includes('secret detail') && !text.includes(dir), 'no errors or paths in a public answer')
    })
  })
})

describe('the license tier of every plugin', () => {
  const files = {
    '.guard/plugins/team-only/plugin.json': manifest({ name: 'team-only', tier: 'team', routes: ['/api/team-thing'], license_message: 'Team things need a Team license' }),
    '.guard/plugins/team-only/index.mjs': `import fs from 'node:fs'
fs.writeFileSync(new URL('./imported', import.meta.url), '')
export default function register({ app }) {
  fs.writeFileSync(new URL('./registered', import.meta.url), '')
  app?.get('/api/team-thing', { config: { permission: 'findings:read' } }, async () => ({ team: true }))
}
`,
  }

  test('not covered: never imported nor registered, listed and its routes answer 403 with its message once authenticated', async () => {
    const server = await startRoleServer({ files, env: { GUARD_PLUGINS_DIR: undefined, ...COMMUNITY } })
    try {
      const folder = path.join(server.dir, '.guard/plugins/team-only')
      assert.ok(!fs.existsSync(path.join(folder, 'imported')) && !fs.existsSync(path.join(folder, 'registered')))
      const list = ((await (await server.as('admin', '/api/plugins')).json()) as { items: PluginStatus[] }).items
      assert.deepEqual(byName(list, 'team-only'), { name: 'team-only', version: '1.0.0', tier: 'team', source: 'disk', status: 'not-licensed', reason: "its tier is team, this server's license is community" })
      // The approvals plugin goes through the same check.
      assert.equal(byName(list, 'approvals', 'builtin')?.status, 'not-licensed')
      assert.equal(byName(list, 'approvals', 'builtin')?.tier, 'enterprise')
      // Credentials first, as on every route; then the license, whatever the role and the method.
      const anonymous = await server.request('/api/team-thing')
      assert.equal(anonymous.status, 401)
      for (const [role, method, url] of [['viewer', 'GET', '/api/team-thing'], ['agent', 'POST', '/api/team-thing/a/b'], ['admin', 'DELETE', '/api/team-thing/x']] as const) {
        const res = await server.as(role, url, { method })
        assert.equal(res.status, 403, `${role} ${method} ${url}`)
        assert.deepEqual(await res.json(), { detail: 'Team things need a Team license' })
      }
      const approvals = await server.as('security-lead', '/api/approvals/some-id', { method: 'PATCH', json: { decision: 'approve' } })
      assert.equal(approvals.status, 403)
      assert.deepEqual(await approvals.json(), { detail: 'Approvals require an Enterprise license' })
      // Only under the prefix: elsewhere an unknown route is still a 404.
      assert.equal((await server.as('admin', '/api/team-things')).status, 404)
    } finally {
      await server.close()
    }
  })

  test('covered by a team license: loaded (the enterprise approvals plugin still is not); by an enterprise one: both', async () => {
    for (const tier of ['team', 'enterprise'] as const) {
      const server = await startRoleServer({ files, env: { GUARD_PLUGINS_DIR: undefined, ...licenseEnv(tier) } })
      try {
        const list = ((await (await server.as('admin', '/api/plugins')).json()) as { items: PluginStatus[] }).items
        assert.equal(byName(list, 'team-only')?.status, 'loaded', tier)
        assert.ok(fs.existsSync(path.join(server.dir, '.guard/plugins/team-only/registered')))
        assert.deepEqual(await (await server.as('viewer', '/api/team-thing')).json(), { team: true })
        assert.equal(byName(list, 'approvals', 'builtin')?.status, tier === 'enterprise' ? 'loaded' : 'not-licensed', tier)
        if (tier === 'enterprise') assert.equal((await server.as('viewer', '/api/approvals')).status, 200)
      } finally {
        await server.close()
      }
    }
  })
})

describe('a plugin that fails is its own failure', () => {
  const entry = (body: string) => `export default async function register({ app, registerReporter }) {\n${body}\n}\n`
  const halfRoute = `  app.get('/api/half', { config: { permission: 'findings:read' } }, async () => 'half')`

  function failingPlugins(): string {
    const dir = pluginsDir({
      'good/plugin.json': manifest({ name: 'good' }),
      'good/index.mjs': entry(`  app.get('/api/good', { config: { permission: 'findings:read' } }, async () => ({ good: true }))`),
      'no-manifest/index.mjs': entry(''),
      'bad-json/plugin.json': '{ "name": "bad-json", ',
      'bad-fields/plugin.json': JSON.stringify({ name: 'Bad Name', version: 'one', tier: 'gold', dependencies: 'auth', entry: '/etc/passwd', extra: 1 }),
      'dots/plugin.json': manifest({ name: 'dots', entry: 'lib/../../outside.mjs' }),
      'link/plugin.json': manifest({ name: 'link', entry: 'index.mjs' }),
      'outside.mjs': entry(''),
      'gone/plugin.json': manifest({ name: 'gone', entry: 'missing.mjs' }),
      'no-default/plugin.json': manifest({ name: 'no-default' }),
      'no-default/index.mjs': 'export const register = () => {}\n',
      'import-throws/plugin.json': manifest({ name: 'import-throws' }),
      'import-throws/index.mjs': 'throw new Error("cannot start: no license file")\n',
      'syntax/plugin.json': manifest({ name: 'syntax' }),
      'syntax/index.mjs': 'export default function register( {\n',
      'register-throws/plugin.json': manifest({ name: 'register-throws' }),
      'register-throws/index.mjs': entry(`${halfRoute}\n  registerReporter({ format: 'half-format', contentType: 'text/plain', extension: 'txt', render: () => 'half' })\n  throw new Error('register broke halfway')`),
      'nested-throws/plugin.json': manifest({ name: 'nested-throws' }),
      'nested-throws/index.mjs': entry(`  app.register(async (scope) => {\n    scope.get('/api/nested', { config: { permission: 'findings:read' } }, async () => 'nested')\n    throw new Error('nested plugin broke')\n  })`),
      'needs-missing/plugin.json': manifest({ name: 'needs-missing', dependencies: ['auth', 'nowhere'] }),
      'needs-missing/index.mjs': entry(''),
      'needs-failed/plugin.json': manifest({ name: 'needs-failed', dependencies: ['register-throws'] }),
      'needs-failed/index.mjs': entry(''),
      'cycle-a/plugin.json': manifest({ name: 'cycle-a', dependencies: ['cycle-b'] }),
      'cycle-a/index.mjs': entry(''),
      'cycle-b/plugin.json': manifest({ name: 'cycle-b', dependencies: ['cycle-a'] }),
      'cycle-b/index.mjs': entry(''),
      'clash/plugin.json': manifest({ name: 'auth' }),
      'clash/index.mjs': entry(''),
      'reporter-clash/plugin.json': manifest({ name: 'reporter-clash' }),
      'reporter-clash/index.mjs': entry(`  registerReporter({ format: 'sarif', contentType: 'text/plain', extension: 'txt', render: () => 'not sarif' })`),
      'hangs/plugin.json': manifest({ name: 'hangs' }),
      'hangs/index.mjs': entry('  await new Promise(() => {})'),
    })
    // Through a symbolic link, the entry of `link` is the file outside its folder.
    fs.symlinkSync(path.join(dir, 'outside.mjs'), path.join(dir, 'link', 'index.mjs'))
    return dir
  }

  test('bad manifests, escaping entries, throwing and hanging entries, missing and cyclic dependencies: the server starts and lists each', async () => {
    const dir = failingPlugins()
    await withServer({ env: { GUARD_PLUGINS_DIR: dir } }, async (server) => {
      assert.equal((await server.request('/health')).status, 200)
      const list = await plugins(server)
      const reason = (name: string) => {
        const p = byName(list, name)
        assert.equal(p?.status, 'failed', name)
        return p!.reason!
      }
      assert.equal(byName(list, 'good')?.status, 'loaded')
      assert.deepEqual(await (await server.request('/api/good')).json(), { good: true })
      assert.equal(reason('no-manifest'), 'the folder has no plugin.json')
      assert.match(reason('bad-json'), /^plugin\.json is not readable JSON: /)
      const fields = reason('bad-fields')
      for (const field of ['extra: unknown field', 'name: ', 'version: ', 'tier: one of community, team, enterprise', 'dependencies: ', 'entry: "/etc/passwd" must be a path relative']) assert.ok(fields.includes(field), `${field} in ${fields}`)
      assert.equal(byName(list, 'bad-fields')?.version, null)
      assert.match(reason('dots'), /entry: "lib\/\.\.\/\.\.\/outside\.mjs" must not contain \.\./)
      assert.equal(reason('link'), 'entry index.mjs leads outside the plugin folder')
      assert.equal(reason('gone'), 'entry missing.mjs does not exist')
      assert.equal(reason('no-default'), 'its entry has no default export function register(ctx)')
      assert.equal(reason('import-throws'), 'cannot start: no license file')
      assert.ok(reason('syntax').length > 0)
      assert.equal(reason('register-throws'), 'register broke halfway')
      assert.equal(reason('nested-throws'), 'nested plugin broke')
      assert.equal(reason('needs-missing'), 'it needs nowhere, which is not installed')
      assert.equal(reason('needs-failed'), 'it needs register-throws, which is not loaded (failed)')
      assert.match(reason('cycle-a'), /^dependency cycle: cycle-(a|b) → cycle-(a|b) → cycle-(a|b)$/)
      assert.match(reason('cycle-b'), /^dependency cycle: /)
      assert.equal(reason('auth'), 'a built-in plugin has this name (plugin folder clash)')
      assert.equal(byName(list, 'auth', 'builtin')?.status, 'loaded')
      assert.equal(reason('reporter-clash'), 'report format sarif is already registered by another plugin')
      assert.equal(reason('hangs'), 'it did not finish loading within 5 s')

      // What failed plugins added before failing is gone: routes answer as unknown ones do, and are not documented...
      for (const url of ['/api/half', '/api/nested']) {
        const res = await server.request(url)
        assert.equal(res.status, 404, url)
        assert.deepEqual(await res.json(), { detail: `Not found: GET ${url}` })
        assert.equal((await server.request(url, { method: 'HEAD' })).status, 404, `HEAD ${url}`)
      }
      const doc = (await (await server.request('/docs/json')).json()) as { paths: Record<string, unknown> }
      assert.ok(!doc.paths['/api/half'] && !doc.paths['/api/nested'] && doc.paths['/api/good'])
      // ...and so are their registrations: the reporter of register-throws is not a format, sarif is still ours.
      const half = await server.request('/report?format=half-format', { method: 'POST', json: { files: { 'a.js': 'x()\n' } } })
      assert.equal(half.status, 422)
      const sarif = await server.request('/report?format=sarif', { method: 'POST', json: { files: { 'a.js': 'x()\n' } } })
      assert.equal(((await sarif.json()) as { content: string }).content.includes('"version": "2.1.0"'), true)
      assert.equal((await server.request('/scan', { method: 'POST', json: { files: { 'a.js': 'eval(x)\n' } } })).status, 200)
    })
  })

  test('each failure is one error line naming the plugin and its cause; a plugin not licensed, one warning', async () => {
    const cwd = tempDir('guard-plugins-log-')
    dirs.push(cwd)
    writeTree(cwd, {
      '.guard/plugins/team-only/plugin.json': manifest({ name: 'team-only', tier: 'team' }),
      '.guard/plugins/team-only/index.mjs': entry(''),
      '.guard/plugins/register-throws/plugin.json': manifest({ name: 'register-throws' }),
      '.guard/plugins/register-throws/index.mjs': entry(`${halfRoute}\n  throw new Error('register broke halfway')`),
      '.guard/plugins/bad-json/plugin.json': '[',
    })
    const lines: { level: number; msg: string }[] = []
    const app = Fastify({ loggerInstance: pino({ level: 'info' }, { write: (line: string) => void lines.push(JSON.parse(line)) }) })
    const keys = ['GUARD_LICENSE_KEY', 'GUARD_LICENSE_PUBLIC_KEY', 'GUARD_PLUGINS_DIR'] as const
    const saved = keys.map((k) => process.env[k])
    for (const k of keys) delete process.env[k]
    let kernel: Kernel | undefined
    try {
      kernel = await Kernel.boot({ app: app as unknown as FastifyInstance, cwd, threads: 0 })
      await app.ready()
    } finally {
      keys.forEach((k, i) => (saved[i] === undefined ? delete process.env[k] : (process.env[k] = saved[i])))
      await app.close()
      await kernel?.close()
    }
    const about = (name: string) => lines.filter((l) => l.msg.includes(`plugin ${name} `))
    assert.deepEqual(about('team-only').map((l) => [l.level, l.msg]), [[40, "plugin team-only not loaded: its tier is team, this server's license is community"]])
    assert.deepEqual(about('register-throws').map((l) => [l.level, l.msg]), [[50, 'plugin register-throws (disk) failed to load: register broke halfway']])
    assert.equal(about('bad-json').length, 1)
    assert.equal(about('bad-json')[0].level, 50)
    assert.match(about('bad-json')[0].msg, /^plugin bad-json \(disk\) failed to load: plugin\.json is not readable JSON/)
  })
})

test('guard serve --reload restarts when an installed plugin changes', async () => {
  const cwd = tempDir('guard-plugins-reload-')
  dirs.push(cwd)
  const index = path.join(cwd, '.guard/plugins/echo/index.mjs')
  const version = (v: string) => `export default ({ app }) => app?.get('/api/echo', { config: { permission: 'findings:read' } }, async () => ({ v: '${v}' }))\n`
  writeTree(cwd, { '.guard/plugins/echo/plugin.json': manifest({ name: 'echo' }), '.guard/plugins/echo/index.mjs': version('one') })
  const port = await freePort()
  const child = spawn(process.execPath, [GUARD, 'serve', '--port', String(port), '--host', '127.0.0.1', '--reload'], { cwd, env: { ...process.env, GUARD_PLUGINS_DIR: undefined, GUARD_LOG_LEVEL: 'warn' }, stdio: 'ignore' })
  const url = `http://127.0.0.1:${port}`
  const echo = async () => ((await (await fetch(`${url}/api/echo`)).json()) as { v: string }).v
  try {
    await waitForHealth(url)
    assert.equal(await echo(), 'one')
    fs.writeFileSync(index, version('two'))
    let v = 'one'
    for (const end = Date.now() + 20_000; v !== 'two' && Date.now() < end; ) {
      await new Promise((r) => setTimeout(r, 300))
      v = await echo().catch(() => 'down')
    }
    assert.equal(v, 'two')
  } finally {
    child.kill('SIGTERM')
    assert.equal((await once(child, 'exit'))[0], 0)
  }
})

describe('the GitLab SAST reporter (examples/plugins/gitlab-sast)', () => {
  const AWS_KEY = 'AKIAZ7Q3VXNPL2MWK4RT'
  const REPO = {
    'repo/app/views.py': 'import os\n\ndef run(request):\n    code = request.args.get("code")\n    return eval(code)\n',
    'repo/web/handler.js': 'function handle(req) {\n  return eval(req.query.expr)\n}\n',
    'repo/web/reviewed.js': 'function f(a) {\n  // guard-ignore -- reviewed: a is a constant table key\n  return eval(a)\n}\n',
    'repo/config/settings.py': `AWS_ACCESS_KEY_ID = "${AWS_KEY}"\n`,
  }
  /** The example plugin, copied as a user installs it. */
  function installed(): string {
    const dir = pluginsDir()
    fs.cpSync(EXAMPLE, path.join(dir, 'gitlab-sast'), { recursive: true })
    return dir
  }
  const validate = new Ajv({ allErrors: true, strict: false }).compile(SAST_SCHEMA)
  const valid = (report: unknown) => {
    const ok = validate(report)
    assert.ok(ok, JSON.stringify(validate.errors?.slice(0, 5)))
  }
  interface Vulnerability {
    id: string
    name: string
    description: string
    severity: string
    solution?: string
    location: { file: string; start_line: number; end_line: number }
    identifiers: { type: string; name: string; value: string; url?: string }[]
    details?: Record<string, { name: string; type: string; items: { type: string; value?: string; file_name?: string; line_start?: number }[] }>
  }
  interface SastReport {
    version: string
    schema: string
    scan: { type: string; status: string; start_time: string; end_time: string; analyzer: { id: string; version: string }; messages?: { level: string; value: string }[]; primary_identifiers: { value: string }[] }
    vulnerabilities: Vulnerability[]
  }

  test('POST /report?format=gitlab-sast: valid against the schema, one vulnerability per open finding, mapped', async () => {
    await withServer({ env: { GUARD_PLUGINS_DIR: installed() }, files: REPO }, async (server) => {
      const scanned = (await (await server.request('/scan', { method: 'POST', json: { repo_path: 'repo' } })).json()) as ScanResult
      const render = async () => {
        const res = await server.request('/report?format=gitlab-sast', { method: 'POST', json: { scan_id: scanned.scan_id } })
        assert.equal(res.status, 200)
        const body = (await res.json()) as { format: string; content: string }
        assert.equal(body.format, 'gitlab-sast')
        return JSON.parse(body.content) as SastReport
      }
      const report = await render()
      valid(report)
      // The validator is not vacuous: what GitLab refuses, it refuses.
      for (const broken of [{ ...report, version: '15' }, { ...report, vulnerabilities: [{ ...report.vulnerabilities[0], severity: 'critical' }] }, { ...report, vulnerabilities: [{ ...report.vulnerabilities[0], identifiers: [] }] }, { ...report, scan: { ...report.scan, start_time: new Date().toISOString() } }])
        assert.equal(validate(broken), false)

      assert.equal(report.version, '15.0.7')
      assert.equal(report.schema, 'https://gitlab.com/gitlab-org/security-products/security-report-schemas/-/raw/v15.0.7/dist/sast-report-format.json')
      assert.deepEqual([report.scan.type, report.scan.status, report.scan.analyzer.id], ['sast', 'success', 'guard'])
      const open = scanned.findings.filter((f) => !f.suppressed)
      const suppressed = scanned.findings.filter((f) => f.suppressed)
      assert.ok(open.length >= 3 && suppressed.length === 1, JSON.stringify(scanned.findings.map((f) => [f.rule_id, f.file, f.suppressed])))
      assert.equal(report.vulnerabilities.length, open.length)
      assert.ok(!report.vulnerabilities.some((v) => v.location.file === 'web/reviewed.js'), 'a suppressed finding is left out')
      assert.deepEqual(report.scan.messages, [{ level: 'info', value: '1 suppressed finding(s) left out' }])

      const at = (file: string, rule: string) => report.vulnerabilities.find((v) => v.location.file === file && v.identifiers[0].value === rule)
      const finding = (file: string, rule: string) => open.find((f) => f.file === file && f.rule_id === rule) as Finding
      const py = at('app/views.py', 'py.eval-injection')!
      assert.deepEqual(py.location, { file: 'app/views.py', start_line: 5, end_line: 5 })
      assert.equal(py.severity, 'Critical')
      assert.deepEqual(py.identifiers.slice(0, 2), [
        { type: 'guard_rule_id', name: 'py.eval-injection', value: 'py.eval-injection' },
        { type: 'cwe', name: 'CWE-95', value: '95', url: 'https://cwe.mitre.org/data/definitions/95.html' },
      ])
      assert.ok(py.identifiers.some((i) => i.type === 'owasp' && i.value === 'A03:2021' && i.name === 'A03:2021 - Injection' && i.url === 'https://owasp.org/Top10/A03_2021-Injection/'))
      assert.ok(py.description.startsWith(finding('app/views.py', 'py.eval-injection').message))
      assert.equal(py.solution, finding('app/views.py', 'py.eval-injection').remediation)
      assert.deepEqual(py.details?.standards.items, [{ type: 'text', value: 'owasp-top-10 A03:2021 Injection' }])
      assert.deepEqual(py.details?.data_flow.items.at(-1), { type: 'file-location', file_name: 'app/views.py', line_start: 5 })
      assert.ok(at('web/handler.js', 'js.eval-injection'))
      const secret = report.vulnerabilities.find((v) => v.location.file === 'config/settings.py' && v.identifiers.some((i) => i.name === 'CWE-798'))
      assert.ok(secret, 'the AWS key')
      assert.ok(!JSON.stringify(report).includes(AWS_KEY), 'the key itself never appears')

      // Every vulnerability matches its finding's severity; ids are UUIDs (version 5), one per finding, the same next time.
      for (const v of report.vulnerabilities) {
        const f = finding(v.location.file, v.identifiers[0].value)
        assert.equal(v.severity, f.severity[0].toUpperCase() + f.severity.slice(1))
        assert.match(v.id, /^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
        assert.ok(report.scan.primary_identifiers.some((p) => p.value === v.identifiers[0].value), 'every rule that reported is among those the scan ran')
      }
      assert.equal(new Set(report.vulnerabilities.map((v) => v.id)).size, report.vulnerabilities.length)
      assert.deepEqual((await render()).vulnerabilities.map((v) => v.id), report.vulnerabilities.map((v) => v.id))
      // The rules the report knows ran, each once (a stored scan keeps those that reported).
      const ran = report.scan.primary_identifiers.map((p) => p.value)
      assert.deepEqual(ran, [...new Set(scanned.findings.map((f) => f.rule_id))].sort())

      // A scan and its report in one request; an unknown format names the plugin's among the choices.
      const direct = await server.request('/report?format=gitlab-sast', { method: 'POST', json: { files: { 'a.js': 'eval(req.query.x)\n' } } })
      const fresh = JSON.parse(((await direct.json()) as { content: string }).content) as SastReport
      valid(fresh)
      // A new scan knows every rule it ran: GitLab resolves a vulnerability whose rule ran and no longer finds it.
      assert.ok(fresh.scan.primary_identifiers.length > 100, String(fresh.scan.primary_identifiers.length))
      const unknown = await server.request('/report?format=pdf', { method: 'POST', json: { scan_id: scanned.scan_id } })
      assert.equal(unknown.status, 422)
      assert.match(JSON.stringify(await unknown.json()), /sarif, junit, html, csv, markdown, gitlab-sast/)
    })
  })

  test('guard report --format gitlab-sast from the command line; an unknown format lists it', async () => {
    const cwd = tempDir('guard-plugins-cli-')
    dirs.push(cwd)
    writeTree(cwd, REPO)
    const env = { GUARD_PLUGINS_DIR: installed(), GUARD_DATA_DIR: path.join(cwd, 'data') }
    const out = path.join(cwd, 'gl-sast-report.json')
    const r = await runGuard(['report', '--format', 'gitlab-sast', '--output', out, 'repo'], { cwd, env })
    assert.equal(r.code, 0, r.stderr)
    const report = JSON.parse(fs.readFileSync(out, 'utf8')) as SastReport
    valid(report)
    assert.ok(report.vulnerabilities.some((v) => v.identifiers[0].value === 'js.eval-injection'))
    const bad = await runGuard(['scan', 'repo', '--format', 'gitlab'], { cwd, env })
    assert.equal(bad.code, 2)
    assert.match(bad.stderr, /unknown format gitlab; one of text, json, sarif, junit, html, csv, markdown, gitlab-sast/)
  })
})
