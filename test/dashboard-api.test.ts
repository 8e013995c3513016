// The API the dashboard stands on, on a real loopback server (SQLite, or PostgreSQL with GUARD_TEST_STORE=postgres):
// who am I, findings sorted/searched/compared, a finding's history and code, suppressions added under governance,
// a pack's controls, a rule's examples, and the /ui files themselves with their security headers.
import { test, describe, before, after } from 'node:test'
import assert from 'node:assert/strict'
import fs from 'node:fs'
import path from 'node:path'
import YAML from 'yaml'
import { startRoleServer, type RoleServer } from './helpers/roles.ts'
import { startServer } from './helpers/server.ts'
import { ROLES, type Role } from '../kernel/access/permissions.ts'
import type { Finding } from '../kernel/base/schemas.ts'

type Listed = Finding & { status: 'new' | 'existing' }
interface ListPage {
  items: Listed[]
  total: number
  next_cursor: string | null
  scan_id: string | null
  previous_scan_id: string | null
  counts: { by_severity: Record<string, number>; by_rule: Record<string, number> }
}

const EVAL_A = 'def a(request):\n    return eval(request.args["a"])\n'
const EVAL_B = 'def b(request):\n    return eval(request.args["b"])\n'
const SECRET_LINE = 'AWS_ACCESS_KEY_ID = "AKIAZ7Q3VXNPL2MWK4RT"\n'
const CONFIG = '# the server of the dashboard tests\ngovernance:\n  suppressions:\n    reason_required: true\n    max_expiry_days: 90\n'

describe('dashboard API', () => {
  let server: RoleServer
  const repo = () => path.join(server.dir, 'repo')
  async function as<T>(role: Role, pathname: string, status = 200, init: RequestInit & { json?: unknown } = {}): Promise<T> {
    const res = await server.as(role, pathname, init)
    const body = res.status === 204 ? null : await res.json()
    assert.equal(res.status, status, `${role} ${init.method ?? 'GET'} ${pathname}: ${JSON.stringify(body)}`)
    return body as T
  }
  const scanRepo = () => as<{ scan_id: string }>('admin', '/scan', 200, { method: 'POST', json: { repo_path: 'repo' } })

  let scans: string[] = []
  before(async () => {
    server = await startRoleServer({
      config: CONFIG,
      files: { 'repo/app/a.py': EVAL_A, 'repo/app/b.py': EVAL_B, 'repo/settings.py': `# settings\n${SECRET_LINE}DEBUG = False\n`, 'repo/[id]/page.py': EVAL_A },
    })
    // Scan 1: a, b; scan 2: b fixed; scan 3: b back; an inline scan in between belongs to another repository.
    scans.push((await scanRepo()).scan_id)
    fs.writeFileSync(path.join(repo(), 'app/b.py'), 'def b(request):\n    return 1\n')
    scans.push((await scanRepo()).scan_id)
    await as('admin', '/scan', 200, { method: 'POST', json: { files: { 'x.py': EVAL_A } } })
    fs.writeFileSync(path.join(repo(), 'app/b.py'), EVAL_B)
    scans.push((await scanRepo()).scan_id)
  })
  after(() => server?.close())

  test('GET /api/me tells each role who it is and what it may do', async () => {
    for (const role of ROLES) {
      const me = await as<{ sub: string; role: string; auth: string; permissions: string[] }>(role, '/api/me')
      assert.deepEqual([me.sub, me.role, me.auth], [`user-${role}`, role, 'jwt'])
      assert.ok(!me.permissions.includes('self') && !me.permissions.includes('public'))
    }
    const admin = await as<{ permissions: string[] }>('admin', '/api/me')
    assert.ok(['config:write', 'governance:write', 'packs:manage', 'approvals:decide'].every((p) => admin.permissions.includes(p)))
    const viewer = await as<{ permissions: string[] }>('viewer', '/api/me')
    assert.deepEqual(viewer.permissions.filter((p) => p.endsWith(':write') || p === 'packs:manage' || p === 'scan'), [])
    assert.ok(viewer.permissions.includes('audit:read'))
    assert.ok(!(await as<{ permissions: string[] }>('developer', '/api/me')).permissions.includes('audit:read'))
    assert.equal((await server.request('/api/me')).status, 401, 'no credential, no answer')
    const anonymous = await startServer({ env: { GUARD_API_KEY: undefined } })
    try {
      assert.deepEqual(await (await anonymous.request('/api/me')).json().then((m: { sub: string; role: string; auth: string }) => [m.sub, m.role, m.auth]), ['anonymous', 'admin', 'anonymous'])
    } finally {
      await anonymous.close()
    }
  })

  test('findings: status against the previous scan of the same repository, counts for the filter bar', async () => {
    const page = await as<ListPage>('viewer', '/api/findings')
    assert.equal(page.scan_id, scans[2])
    assert.equal(page.previous_scan_id, scans[1], 'the inline scan in between is another repository')
    const byFile = Object.fromEntries(page.items.map((f) => [f.file, f.status]))
    assert.equal(byFile['app/b.py'], 'new', 'b came back after scan 2')
    assert.equal(byFile['app/a.py'], 'existing')
    assert.deepEqual((await as<ListPage>('viewer', '/api/findings?status=new')).items.map((f) => f.file), ['app/b.py'])
    const first = await as<ListPage>('viewer', `/api/findings?scan_id=${scans[0]}`)
    assert.equal(first.previous_scan_id, null)
    assert.ok(first.items.every((f) => f.status === 'new'))
    assert.equal(page.counts.by_rule['py.eval-injection'], 3)
    assert.equal(page.counts.by_severity.critical, page.items.filter((f) => f.severity === 'critical').length)
    // Counts leave out their own filter: a severity filter keeps every severity's count, and narrows the rule counts.
    const high = await as<ListPage>('viewer', '/api/findings?severity=info')
    assert.equal(high.total, 0)
    assert.deepEqual(high.counts.by_severity, page.counts.by_severity)
    assert.deepEqual(high.counts.by_rule, {})
  })

  test('findings: search and sort, and paging over a sorted list', async () => {
    const search = await as<ListPage>('viewer', '/api/findings?q=AKIA')
    assert.deepEqual(search.items.map((f) => f.rule_id), ['secrets.aws-access-key'], 'the masked snippet keeps its first four characters')
    assert.equal((await as<ListPage>('viewer', '/api/findings?q=APP%2FB.PY')).total, 1, 'case-insensitive, in the file path')
    assert.equal((await as<ListPage>('viewer', '/api/findings?q=Z7Q3VX')).total, 0, 'the masked part of a secret is not searchable')
    const byFile = await as<ListPage>('viewer', '/api/findings?sort=file')
    const files = byFile.items.map((f) => f.file)
    assert.deepEqual(files, [...files].sort((a, b) => a.localeCompare(b)))
    const reversed = await as<ListPage>('viewer', '/api/findings?sort=-file')
    assert.deepEqual(reversed.items.map((f) => f.id), byFile.items.map((f) => f.id).reverse())
    const paged: string[] = []
    let cursor = ''
    do {
      const p = await as<ListPage>('viewer', `/api/findings?sort=-file&limit=2${cursor ? `&cursor=${cursor}` : ''}`)
      paged.push(...p.items.map((f) => f.id))
      cursor = p.next_cursor ?? ''
    } while (cursor)
    assert.deepEqual(paged, reversed.items.map((f) => f.id))
    const errors = await as<{ errors: { path: string }[] }>('viewer', '/api/findings?sort=color&status=old', 422)
    assert.deepEqual([...new Set(errors.errors.map((e) => e.path))].sort(), ['querystring.sort', 'querystring.status'])
    await as('viewer', `/api/findings?q=${'x'.repeat(201)}`, 422)
  })

  test("a finding's history: first seen, fixed, reintroduced", async () => {
    const b = (await as<ListPage>('viewer', '/api/findings?file=app/b.py')).items[0]
    const history = await as<{ target: string; events: { kind: string; scan_id: string }[]; scans: { scan_id: string; present: boolean }[]; present_in_latest: boolean; first_seen: { scan_id: string } }>('viewer', `/api/findings/${b.id}/history`)
    assert.equal(history.target, 'repo')
    assert.deepEqual(history.events.map((e) => [e.kind, e.scan_id]), [['first_seen', scans[0]], ['fixed', scans[1]], ['reintroduced', scans[2]]])
    assert.deepEqual(history.scans.map((s) => s.present), [true, false, true])
    assert.equal(history.present_in_latest, true)
    assert.equal(history.first_seen.scan_id, scans[0])
    // Asked of the scan that fixed it, the finding is not there: 404.
    await as('viewer', `/api/findings/${b.id}/history?scan_id=${scans[1]}`, 404)
    await as('viewer', '/api/findings/nope/history', 404)
  })

  test("a finding's code: the lines around it highlighted, secrets masked, a changed file said so", async () => {
    const items = (await as<ListPage>('viewer', '/api/findings')).items
    const a = items.find((f) => f.file === 'app/a.py')!
    const source = await as<{ available: boolean; changed: boolean; start_line: number; lines: { line: number; text: string; highlight: boolean }[] }>('viewer', `/api/findings/${a.id}/source?context=1`)
    assert.deepEqual([source.available, source.changed, source.start_line], [true, false, 1])
    assert.deepEqual(source.lines.filter((l) => l.highlight).map((l) => l.text), ['    return eval(request.args["a"])'])
    const secret = items.find((f) => f.rule_id === 'secrets.aws-access-key')!
    const masked = await as<{ lines: { text: string }[] }>('viewer', `/api/findings/${secret.id}/source`)
    const text = masked.lines.map((l) => l.text).join('\n')
    assert.ok(!text.includes('AKIAZ7Q3VXNPL2MWK4RT'), text)
    assert.match(text, /AKIA\*\*\*\*/)
    assert.match(text, /DEBUG = False/, 'the lines around it are shown')
    // The file moves on after the scan: the view says so rather than pretend.
    fs.writeFileSync(path.join(repo(), 'app/a.py'), `# a comment pushes the code down\n${EVAL_A}`)
    assert.equal((await as<{ changed: boolean }>('viewer', `/api/findings/${a.id}/source`)).changed, true)
    fs.rmSync(path.join(repo(), 'app/a.py'))
    const gone = await as<{ available: boolean; reason: string }>('viewer', `/api/findings/${a.id}/source`)
    assert.deepEqual([gone.available, gone.reason], [false, 'The file no longer exists in the repository.'])
    fs.writeFileSync(path.join(repo(), 'app/a.py'), EVAL_A)
  })

  test('the code view never leaves the repository, and an inline scan has none', async () => {
    const items = (await as<ListPage>('viewer', '/api/findings')).items
    const a = items.find((f) => f.file === 'app/a.py')!
    // The file becomes a link to a file outside the repository: not read.
    fs.writeFileSync(path.join(server.dir, 'outside.py'), EVAL_A)
    fs.rmSync(path.join(repo(), 'app/a.py'))
    fs.symlinkSync(path.join(server.dir, 'outside.py'), path.join(repo(), 'app/a.py'))
    try {
      assert.equal((await as<{ available: boolean }>('viewer', `/api/findings/${a.id}/source`)).available, false)
    } finally {
      fs.rmSync(path.join(repo(), 'app/a.py'))
      fs.writeFileSync(path.join(repo(), 'app/a.py'), EVAL_A)
    }
    const inlineScan = (await as<{ items: { id: string; target: string }[] }>('viewer', '/api/scans')).items.find((s) => s.target === 'inline')!
    const inlineFinding = (await as<ListPage>('viewer', `/api/findings?scan_id=${inlineScan.id}`)).items[0]
    const inline = await as<{ available: boolean; reason: string }>('viewer', `/api/findings/${inlineFinding.id}/source?scan_id=${inlineScan.id}`)
    assert.equal(inline.available, false)
    assert.match(inline.reason, /not kept/)
    await as('viewer', `/api/findings/${a.id}/source?context=51`, 422)
  })

  test('POST /api/suppressions: governance:write only, checked against the policy, appended with comments kept, audited', async () => {
    const file = path.join(server.dir, '.guard.yaml')
    const expires = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10)
    const entry = { rule_id: 'py.eval-injection', path: '\\[id\\]/page.py', reason: 'generated route, reviewed', expires }
    for (const role of ['developer', 'viewer', 'agent'] as Role[]) await as(role, '/api/suppressions', 403, { method: 'POST', json: entry })
    const before = fs.readFileSync(file, 'utf8')
    const refused = await as<{ errors: { path: string; message: string }[] }>('security-lead', '/api/suppressions', 422, { method: 'POST', json: { rule_id: 'py.no-such-rule' } })
    assert.deepEqual(refused.errors.map((e) => e.path).sort(), ['body.expires', 'body.reason', 'body.rule_id'])
    const tooLong = new Date(Date.now() + 200 * 86_400_000).toISOString().slice(0, 10)
    assert.match((await as<{ errors: { message: string }[] }>('security-lead', '/api/suppressions', 422, { method: 'POST', json: { ...entry, expires: tooLong } })).errors[0].message, /at most 90 day/)
    await as('security-lead', '/api/suppressions', 422, { method: 'POST', json: { ...entry, expires: '2001-02-30' } })
    await as('security-lead', '/api/suppressions', 422, { method: 'POST', json: { ...entry, by: 'someone-else' } })
    assert.equal(fs.readFileSync(file, 'utf8'), before, 'a refusal writes nothing')

    const added = await as<{ by: string; index: number }>('security-lead', '/api/suppressions', 201, { method: 'POST', json: entry })
    assert.deepEqual([added.by, added.index], ['user-security-lead', 0])
    const second = await as<{ index: number }>('admin', '/api/suppressions', 201, { method: 'POST', json: { rule_id: 'secrets.aws-access-key', path: 'settings.py', reason: 'test key', expires } })
    assert.equal(second.index, 1)
    const written = fs.readFileSync(file, 'utf8')
    assert.match(written, /^# the server of the dashboard tests/, 'comments kept')
    assert.deepEqual(YAML.parse(written).suppressions, [{ ...entry, by: 'user-security-lead' }, { rule_id: 'secrets.aws-access-key', path: 'settings.py', reason: 'test key', by: 'user-admin', expires }])
    // The next scan applies them: the escaped glob matches the file named with brackets, and only it.
    await scanRepo()
    const page = await as<ListPage>('viewer', '/api/findings?suppressed=true')
    assert.deepEqual(page.items.map((f) => f.file).sort(), ['[id]/page.py', 'settings.py'])
    assert.equal(page.items.find((f) => f.file === '[id]/page.py')!.suppression?.by, 'user-security-lead')
    const audit = await as<{ items: { action: string; actor: string; outcome: string; status: number }[] }>('admin', '/api/audit?action=suppressions.create')
    assert.deepEqual(audit.items.map((e) => [e.actor, e.outcome, e.status]).slice(0, 2), [['user-admin', 'success', 201], ['user-security-lead', 'success', 201]])
    assert.ok(audit.items.some((e) => e.actor === 'user-developer' && e.outcome === 'denied'))
  })

  test("a pack's controls with their rules, and a rule with its fixture's examples", async () => {
    const pack = await as<{ id: string; builtin: boolean; controls: { control: string; rules: { id: string; severity: string }[] }[] }>('viewer', '/api/packs/owasp-top-10')
    assert.equal(pack.builtin, true)
    const injection = pack.controls.find((c) => c.control.startsWith('A03'))!
    assert.ok(injection.rules.some((r) => r.id === 'py.eval-injection'))
    await as('viewer', '/api/packs/no-such-pack', 404)
    const rule = await as<{ id: string; standards: { pack: string; control: string }[]; examples: { kind: string; code: string; file: string }[] }>('viewer', '/rules/py.eval-injection')
    assert.ok(rule.standards.some((s) => s.pack === 'owasp-top-10' && s.control === injection.control))
    assert.ok(rule.examples.some((e) => e.kind === 'ruleid' && /eval|exec/.test(e.code)))
    assert.ok(rule.examples.some((e) => e.kind === 'ok'))
    assert.ok(rule.examples.every((e) => !e.file.includes('/')), 'file names only, no server path')
    await as('viewer', '/rules/py.no-such-rule', 404)
  })

  test('/ui: public files under a strict CSP, nothing outside its folder', async () => {
    const page = await server.request('/ui/')
    assert.equal(page.status, 200)
    assert.match(page.headers.get('content-type') ?? '', /text\/html/)
    const csp = page.headers.get('content-security-policy') ?? ''
    for (const directive of ["default-src 'self'", "script-src 'self'", "style-src 'self'", "frame-ancestors 'none'", "object-src 'none'"]) assert.ok(csp.includes(directive), csp)
    assert.ok(!csp.includes('unsafe-inline') && !csp.includes('unsafe-eval'), csp)
    assert.equal(page.headers.get('x-content-type-options'), 'nosniff')
    const html = await page.text()
    assert.ok(!/<script(?![^>]*\bsrc=)/.test(html), 'no inline script')
    assert.ok(!/<style|\sstyle=/.test(html), 'no inline style')
    const redirect = await server.request('/ui', { redirect: 'manual' })
    assert.deepEqual([redirect.status, redirect.headers.get('location')], [302, '/ui/'])
    const js = await server.request('/ui/pages/findings.js')
    assert.match(js.headers.get('content-type') ?? '', /javascript/)
    for (const bad of ['/ui/../package.json', '/ui/%2e%2e/package.json', '/ui/..%2fplugin.ts', '/ui/assets.ts', '/ui/nope.js']) {
      const res = await server.request(bad)
      assert.equal(res.status, 404, bad)
      await res.arrayBuffer()
    }
    assert.deepEqual(await (await server.request('/ui/config.json')).json(), { version: (await (await server.request('/health')).json()).version, oidc: null })
    // The OpenAPI document does not list the dashboard's files.
    const doc = (await (await server.as('admin', '/docs/json')).json()) as { paths: Record<string, unknown> }
    assert.ok(!Object.keys(doc.paths).some((p) => p.startsWith('/ui')))
    assert.ok(doc.paths['/api/me'] && doc.paths['/api/findings/{id}/history'] && doc.paths['/api/suppressions'])
  })
})
