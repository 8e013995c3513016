// The read API over stored scans (CONTRACT §7, §11) on a real loopback server over each store: scans, findings, suppressions, roles.
import { test, describe, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { STORES, startServer, type TestServer } from './helpers/server.ts'
import { signToken } from '../kernel/access/tokens.ts'
import { ROLES, type Role } from '../kernel/access/permissions.ts'
import type { AppliedSuppression, Finding, GateResult, ScanResult } from '../kernel/base/schemas.ts'

const SECRET = 'findings-secret-0123456789abcdef012345'
const as = (role: Role) => ({ authorization: `Bearer ${signToken(SECRET, { sub: `user-${role}`, role }, 1)}` })

/** Eight findings over three files: two critical evals, one suppressed inline, two by config (one of them expired). */
const FILES = {
  'app/views.py': 'def run(request):\n    return eval(request.args.get("code"))\n',
  'web/handler.js': 'function handle(req) {\n  // guard-ignore: js.eval-injection -- reviewed: constant table key\n  return eval(req.query.expr)\n}\n',
  'legacy/old.py': 'def a(request):\n    return eval(request.args["x"])\n\ndef b(request):\n    return eval(request.form["y"])\n',
  'vendor/lib.py': 'def c(request):\n    return eval(request.args["z"])\n',
  'config/settings.py': 'AWS_ACCESS_KEY_ID = "AKIAZ7Q3VXNPL2MWK4RT"\n',
}
const SUPPRESSIONS = [
  { rule_id: 'py.eval-injection', path: 'legacy/**', reason: 'frozen code, rewrite planned', by: 'sec-team', expires: '2999-01-01' },
  { rule_id: 'py.eval-injection', path: 'vendor/**', reason: 'vendored, upstream fix pending', by: 'sec-team', expires: '2001-01-01' },
  { rule_id: 'secrets.generic-password', path: 'nowhere/**', reason: 'never matches' },
]

interface Page<T> {
  items: T[]
  total: number
  next_cursor: string | null
}
type FindingsPage = Page<Finding> & { scan_id: string | null }
/** A listed finding as the scan stored it: the list adds `status` (new or existing), compared in dashboard-api.test.ts. */
const withoutStatus = ({ status: _status, ...f }: Finding & { status?: string }): Finding => f

for (const store of STORES) describe(`findings API (${store})`, () => {
  let server: TestServer
  async function get<T>(pathname: string, status = 200, role: Role = 'viewer'): Promise<T> {
    const res = await server.request(pathname, { headers: as(role) })
    const body = await res.json()
    assert.equal(res.status, status, `${pathname}: ${JSON.stringify(body)}`)
    return body as T
  }
  async function post<T>(route: string, json: object): Promise<T> {
    const res = await server.request(route, { method: 'POST', json, headers: as('admin') })
    assert.equal(res.status, 200)
    return (await res.json()) as T
  }

  /** Follows next_cursor from the first page to the last; every page must agree on the total. */
  async function allPages<T>(pathname: string, limit: number): Promise<{ items: T[]; pages: number; total: number }> {
    const items: T[] = []
    let cursor: string | null = null
    let pages = 0
    let total = -1
    do {
      const sep = pathname.includes('?') ? '&' : '?'
      const page: Page<T> = await get<Page<T>>(`${pathname}${sep}limit=${limit}${cursor ? `&cursor=${cursor}` : ''}`)
      assert.ok(page.items.length <= limit)
      if (total >= 0) assert.equal(page.total, total)
      total = page.total
      items.push(...page.items)
      cursor = page.next_cursor
      pages++
    } while (cursor)
    return { items, pages, total }
  }

  let first: ScanResult
  let gated: GateResult
  let latest: ScanResult

  before(async () => {
    server = await startServer({ store, config: { auth: { enabled: true, jwt_secret: SECRET }, suppressions: SUPPRESSIONS }, env: { GUARD_API_KEY: undefined, GUARD_JWT_SECRET: undefined } })
  })
  after(() => server.close())

  describe('before any scan', () => {
    test('the lists are empty, findings name no scan', async () => {
      assert.deepEqual(await get('/api/scans'), { items: [], total: 0, next_cursor: null })
      assert.deepEqual(await get('/api/findings'), { items: [], total: 0, next_cursor: null, scan_id: null, previous_scan_id: null, counts: { by_severity: { critical: 0, high: 0, medium: 0, low: 0, info: 0 }, by_rule: {} } })
      assert.deepEqual(await get('/api/suppressions'), { items: [], total: 0, next_cursor: null, scans_examined: 0 })
      await get('/api/findings/abc', 404)
    })
  })

  describe('scans', () => {
    before(async () => {
      first = await post<ScanResult>('/scan', { files: FILES })
      gated = await post<GateResult>('/gate', { files: { 'clean.py': 'print(1)\n' } })
      latest = await post<ScanResult>('/scan', { files: FILES })
    })

    test('GET /api/scans lists newest first with target, total and the gate decision', async () => {
      const page = await get<Page<{ id: string; target: string; started_at: string; total: number; passed: boolean | null }>>('/api/scans')
      assert.equal(page.total, 3)
      assert.deepEqual(page.items.map((s) => s.id), [latest.scan_id, gated.scan_id, first.scan_id])
      assert.deepEqual(page.items.map((s) => s.passed), [null, true, null])
      assert.deepEqual(page.items.map((s) => s.total), [latest.total, 0, first.total])
      assert.ok(page.items.every((s) => s.target === 'inline' && !Number.isNaN(Date.parse(s.started_at))))
      const paged = await allPages<{ id: string }>('/api/scans', 1)
      assert.equal(paged.pages, 3)
      assert.deepEqual(paged.items.map((s) => s.id), page.items.map((s) => s.id))
    })

    test('GET /api/scans/{id} is the stored result and gate; an unknown id is 404', async () => {
      const stored = await get<{ id: string; result: ScanResult; gate: GateResult | null }>(`/api/scans/${first.scan_id}`)
      assert.equal(stored.id, first.scan_id)
      assert.deepEqual(stored.result, first)
      assert.equal(stored.gate, null)
      const withGate = await get<{ gate: GateResult }>(`/api/scans/${gated.scan_id}`)
      assert.deepEqual(withGate.gate, gated)
      const missing = await get<{ detail: string }>('/api/scans/no-such-scan', 404)
      assert.match(missing.detail, /no-such-scan/)
    })
  })

  describe('findings', () => {
    test('the latest scan by default, or the one named', async () => {
      const page = await get<FindingsPage>('/api/findings')
      assert.equal(page.scan_id, latest.scan_id)
      assert.equal(page.total, latest.findings.length)
      assert.deepEqual(page.items.map(withoutStatus), latest.findings)
      const older = await get<FindingsPage>(`/api/findings?scan_id=${gated.scan_id}`)
      assert.deepEqual([older.scan_id, older.total], [gated.scan_id, 0])
      await get(`/api/findings?scan_id=missing`, 404)
    })

    test('filters by severity, rule_id, file, pack and suppressed', async () => {
      const all = latest.findings
      assert.ok(all.length >= 6, `enough findings (${all.length})`)
      const cases: [string, (f: Finding) => boolean][] = [
        ['severity=critical', (f) => f.severity === 'critical'],
        ['severity=low', (f) => f.severity === 'low'],
        ['rule_id=py.eval-injection', (f) => f.rule_id === 'py.eval-injection'],
        ['file=legacy/old.py', (f) => f.file === 'legacy/old.py'],
        ['pack=secrets', (f) => f.standards.some((s) => s.pack === 'secrets')],
        ['pack=owasp-top-10', (f) => f.standards.some((s) => s.pack === 'owasp-top-10')],
        ['suppressed=true', (f) => f.suppressed],
        ['suppressed=false', (f) => !f.suppressed],
        ['rule_id=py.eval-injection&suppressed=false&file=vendor/lib.py', (f) => f.rule_id === 'py.eval-injection' && !f.suppressed && f.file === 'vendor/lib.py'],
      ]
      for (const [query, keep] of cases) {
        const page = await get<FindingsPage>(`/api/findings?${query}`)
        assert.deepEqual(page.items.map((f) => f.id), all.filter(keep).map((f) => f.id), query)
        assert.equal(page.total, all.filter(keep).length, query)
      }
      assert.equal((await get<FindingsPage>('/api/findings?suppressed=true')).total, 3, 'one inline and two legacy config suppressions')
      assert.equal((await get<FindingsPage>('/api/findings?pack=no-such-pack')).total, 0)
    })

    test('pages across the scan with next_cursor, without duplicates', async () => {
      const { items, pages, total } = await allPages<Finding>('/api/findings', 2)
      assert.equal(total, latest.findings.length)
      assert.equal(pages, Math.ceil(total / 2))
      assert.equal(new Set(items.map((f) => f.id)).size, items.length)
      assert.deepEqual(items.map(withoutStatus), latest.findings)
    })

    test('bad severity, limit and cursor are 422', async () => {
      for (const [query, field] of [['severity=urgent', 'severity'], ['limit=0', 'limit'], ['limit=5000', 'limit'], ['suppressed=maybe', 'suppressed'], ['cursor=%%%', 'cursor']]) {
        const body = await get<{ detail: string; errors: { path: string }[] }>(`/api/findings?${query}`, 422)
        assert.ok(body.errors.some((e) => e.path === `querystring.${field}`), `${query}: ${JSON.stringify(body)}`)
      }
      await get('/api/scans?limit=-1', 422)
    })

    test('GET /api/findings/{id} in the latest scan or the one named; unknown ids are 404', async () => {
      const wanted = latest.findings.find((f) => f.file === 'app/views.py')!
      assert.deepEqual(await get(`/api/findings/${wanted.id}`), { ...wanted, scan_id: latest.scan_id })
      const inFirst = first.findings.find((f) => f.id === wanted.id)!
      assert.deepEqual(await get(`/api/findings/${wanted.id}?scan_id=${first.scan_id}`), { ...inFirst, scan_id: first.scan_id })
      await get('/api/findings/not-a-fingerprint', 404)
      await get(`/api/findings/${wanted.id}?scan_id=${gated.scan_id}`, 404)
      await get(`/api/findings/${wanted.id}?scan_id=missing`, 404)
    })
  })

  describe('GET /api/suppressions', () => {
    test('lists inline and config suppressions where they applied, expired config entries as expired', async () => {
      const page = await get<Page<AppliedSuppression> & { scans_examined: number }>(`/api/suppressions?scan_id=${latest.scan_id}`)
      assert.equal(page.scans_examined, 1)
      const key = (s: AppliedSuppression) => `${s.source} ${s.rule_id} ${s.file}:${s.line} expired=${s.expired}`
      assert.deepEqual(page.items.map(key).sort(), [
        'config py.eval-injection legacy/old.py:2 expired=false',
        'config py.eval-injection legacy/old.py:5 expired=false',
        'config py.eval-injection vendor/lib.py:2 expired=true',
        'config secrets.generic-password null:null expired=false',
        'inline js.eval-injection web/handler.js:3 expired=false',
      ])
      const inline = page.items.find((s) => s.source === 'inline')!
      assert.deepEqual([inline.reason, inline.by, inline.expires, inline.path, inline.scan_id], ['reviewed: constant table key', null, null, null, latest.scan_id])
      const expired = page.items.find((s) => s.expired)!
      assert.deepEqual([expired.path, expired.reason, expired.by, expired.expires], ['vendor/**', 'vendored, upstream fix pending', 'sec-team', '2001-01-01'])
      const legacy = page.items.find((s) => s.file === 'legacy/old.py')!
      assert.deepEqual([legacy.path, legacy.reason, legacy.expires], ['legacy/**', 'frozen code, rewrite planned', '2999-01-01'])
      // The expired entry was not honoured: its finding is not suppressed.
      assert.equal(latest.findings.find((f) => f.file === 'vendor/lib.py')!.suppressed, false)
    })

    test('looks at the latest scans (default 10, `scans` to change), filters on expired, and pages', async () => {
      const recent = await get<Page<AppliedSuppression> & { scans_examined: number }>('/api/suppressions')
      assert.equal(recent.scans_examined, 3)
      assert.equal(recent.total, 13, 'five for each scan of FILES, and the three config entries the clean gate scan matched nowhere')
      const latestOnly = await get<Page<AppliedSuppression> & { scans_examined: number }>('/api/suppressions?scans=1')
      assert.equal(latestOnly.scans_examined, 1)
      assert.ok(latestOnly.items.every((s) => s.scan_id === latest.scan_id))
      const expired = await get<Page<AppliedSuppression>>('/api/suppressions?expired=true')
      assert.ok(expired.items.length >= 2 && expired.items.every((s) => s.expired))
      const { items } = await allPages<AppliedSuppression>('/api/suppressions', 3)
      assert.deepEqual(items, recent.items)
      await get('/api/suppressions?scans=0', 422)
      await get('/api/suppressions?scan_id=missing', 404)
    })
  })

  describe('permissions', () => {
    test('every role may read scans, findings and suppressions; no credentials is 401', async () => {
      const id = latest.findings[0].id
      for (const role of ROLES) {
        for (const route of ['/api/scans', `/api/scans/${latest.scan_id}`, '/api/findings', `/api/findings/${id}`, '/api/suppressions']) {
          const res = await server.request(route, { headers: as(role) })
          assert.equal(res.status, 200, `${role} ${route}`)
          await res.arrayBuffer()
        }
      }
      for (const route of ['/api/scans', '/api/findings', '/api/suppressions']) assert.equal((await server.request(route)).status, 401, route)
    })

    test('the routes are in the OpenAPI document with their permission', async () => {
      const doc = (await (await server.request('/docs/json', { headers: as('viewer') })).json()) as { paths: Record<string, Record<string, { 'x-permission': string; summary: string }>> }
      for (const route of ['/api/scans', '/api/scans/{id}', '/api/findings', '/api/findings/{id}', '/api/suppressions']) {
        assert.equal(doc.paths[route]?.get?.['x-permission'], 'findings:read', route)
        assert.ok(doc.paths[route].get.summary)
      }
      for (const route of ['/api/audit', '/api/audit/verify']) assert.equal(doc.paths[route]?.get?.['x-permission'], 'audit:read', route)
    })
  })
})
