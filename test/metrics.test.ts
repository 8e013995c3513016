// GET /api/metrics and GET /api/trends over each store, computed from real stored scans and gates.
import { test, describe, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { STORES, startServer, type TestServer } from './helpers/server.ts'
import { signToken } from '../kernel/access/tokens.ts'
import { ROLES } from '../kernel/access/permissions.ts'
import { computeTrends } from '../kernel/store/metrics.ts'

const SECRET = 'metrics-secret-0123456789abcdef012345'
const viewer = { authorization: `Bearer ${signToken(SECRET, { sub: 'v', role: 'viewer' }, 1)}` }
const admin = { authorization: `Bearer ${signToken(SECRET, { sub: 'a', role: 'admin' }, 1)}` }
const VULNERABLE = { 'a.py': 'def f(request):\n    return eval(request.args["x"])\n', 'b.js': 'eval(req.query.q) // guard-ignore\n' }
const CLEAN = { 'ok.py': 'print("hello")\n' }

for (const store of STORES) describe(`metrics and trends (${store})`, () => {
  let server: TestServer
  before(async () => {
    server = await startServer({ store, config: { auth: { enabled: true, jwt_secret: SECRET } } })
  })
  after(() => server.close())

  const get = async (pathname: string) => {
    const res = await server.request(pathname, { headers: viewer })
    return { status: res.status, body: (await res.json()) as Record<string, any> }
  }

  test('start empty, then count scans, files, findings, gates and the latest scan', async () => {
    const empty = await get('/api/metrics')
    assert.equal(empty.status, 200)
    assert.equal(empty.body.scans, 0)
    assert.equal(empty.body.gates.pass_rate, null)
    assert.equal(empty.body.latest, null)

    const post = (route: string, files: object) => server.request(route, { method: 'POST', headers: admin, json: { files } })
    await post('/scan', VULNERABLE)
    await post('/gate', VULNERABLE) // fails: one critical eval
    await post('/gate', CLEAN) // passes
    const last = (await (await post('/scan', CLEAN)).json()) as { scan_id: string }

    const { body } = await get('/api/metrics')
    assert.equal(body.scans, 4)
    assert.equal(body.files_scanned, 2 + 2 + 1 + 1)
    assert.equal(body.findings.total, 2, 'the unsuppressed eval of two scans')
    assert.equal(body.findings.suppressed, 2)
    assert.equal(body.findings.by_severity.critical, 2)
    assert.deepEqual(Object.keys(body.findings.by_severity), ['critical', 'high', 'medium', 'low', 'info'])
    assert.deepEqual(body.gates, { decided: 2, passed: 1, pass_rate: 0.5 })
    assert.ok(body.mean_duration_ms >= 0)
    assert.equal(body.latest.id, last.scan_id)
    assert.equal(body.latest.passed, null)
  })

  test('trends give one point per UTC day, today holding the scans; days is bounded', async () => {
    const { status, body } = await get('/api/trends?days=7')
    assert.equal(status, 200)
    assert.equal(body.days, 7)
    assert.equal(body.points.length, 7)
    const today = new Date().toISOString().slice(0, 10)
    assert.equal(body.points[6].date, today)
    assert.equal(body.points[6].scans, 4)
    assert.equal(body.points[6].by_severity.critical, 2)
    assert.equal(body.points[6].gate_pass_rate, 0.5)
    assert.ok(body.points.slice(0, 6).every((p: { scans: number; gate_pass_rate: null }) => p.scans === 0 && p.gate_pass_rate === null))
    assert.equal((await get('/api/trends')).body.points.length, 30)
    for (const bad of ['0', '366', 'week']) assert.equal((await get(`/api/trends?days=${bad}`)).status, 422, bad)
  })

  test('every role may read metrics; no credentials is 401', async () => {
    for (const role of ROLES) {
      const res = await server.request('/api/metrics', { headers: { authorization: `Bearer ${signToken(SECRET, { sub: role, role }, 1)}` } })
      assert.equal(res.status, 200, role)
    }
    assert.equal((await server.request('/api/trends')).status, 401)
  })
})

test('trend days are UTC calendar days, scans placed by their start time', () => {
  const stat = (started_at: string, critical: number, passed: boolean | null) => ({
    id: started_at, target: 'inline', started_at, total: critical, suppressed: 0, files_scanned: 1, duration_ms: 5,
    by_severity: { critical, high: 0, medium: 0, low: 0, info: 0 }, passed,
  })
  const points = computeTrends([stat('2026-03-01T23:59:59.000Z', 1, true), stat('2026-03-02T00:00:00.000Z', 2, false), stat('2026-03-02T10:00:00.000Z', 0, true)], 3, new Date('2026-03-02T12:00:00Z'))
  assert.deepEqual(points.map((p) => [p.date, p.scans, p.by_severity.critical, p.gate_pass_rate]), [
    ['2026-02-28', 0, 0, null],
    ['2026-03-01', 1, 1, 1],
    ['2026-03-02', 2, 2, 0.5],
  ])
})
