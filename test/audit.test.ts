// The audit log (CONTRACT §5, §11) on a real loopback server over each store (a SQLite file, PostgreSQL): entries, filters, roles, the hash chain.
import { test, describe, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { STORES, startServer, writeTree, type TestServer } from './helpers/server.ts'
import { openDatabase } from './helpers/database.ts'
import { signToken } from '../kernel/access/tokens.ts'
import { chainHash, GENESIS_HASH } from '../kernel/store/audit.ts'
import type { Role } from '../kernel/access/permissions.ts'
import type { AuditEntry } from '../kernel/base/schemas.ts'

const SECRET = 'audit-secret-0123456789abcdef0123456789'
const token = (role: Role, sub = `user-${role}`) => signToken(SECRET, { sub, role }, 1)
const as = (role: Role, sub?: string) => ({ authorization: `Bearer ${token(role, sub)}` })
const scanBody = { files: { 'a.py': 'x = eval(input())\n' } }

interface AuditPage {
  items: AuditEntry[]
  total: number
  next_cursor: string | null
}

for (const store of STORES) describe(`audit log (${store})`, () => {
  let server: TestServer

  async function audit(query = '', role: Role = 'viewer'): Promise<AuditPage> {
    const res = await server.request(`/api/audit${query}`, { headers: as(role) })
    assert.equal(res.status, 200, await res.clone().text())
    return (await res.json()) as AuditPage
  }

  async function verify(): Promise<{ valid: boolean; entries: number; first_bad_id: number | null }> {
    const res = await server.request('/api/audit/verify', { headers: as('security-lead') })
    assert.equal(res.status, 200)
    return res.json() as Promise<{ valid: boolean; entries: number; first_bad_id: number | null }>
  }

  /** Sends a request and returns the audit entry written for it (found by request id). */
  async function auditedAs(pathname: string, init: RequestInit & { json?: unknown }, status: number): Promise<AuditEntry> {
    const res = await server.request(pathname, { method: 'POST', ...init })
    assert.equal(res.status, status, `${pathname}: ${await res.clone().text()}`)
    const requestId = res.headers.get('x-request-id')
    const entry = (await audit('?limit=1000')).items.find((e) => e.request_id === requestId)
    assert.ok(entry, `an audit entry for ${pathname} (${requestId})`)
    return entry
  }

  before(async () => {
    server = await startServer({ store, config: { auth: { enabled: true, jwt_secret: SECRET } }, env: { GUARD_API_KEY: 'audit-key', GUARD_JWT_SECRET: undefined } })
    writeTree(server.dir, { 'repo/app.py': 'print(1)\n' })
  })
  after(() => server.close())

  describe('entries', () => {
    test('a scan, a gate and a stored-scan report are recorded with who, what, where and how it ended', async () => {
      const scan = await auditedAs('/scan', { json: scanBody, headers: as('developer', 'dana') }, 200)
      assert.deepEqual(
        { actor: scan.actor, role: scan.role, auth_method: scan.auth_method, action: scan.action, target: scan.target, outcome: scan.outcome, status: scan.status },
        { actor: 'dana', role: 'developer', auth_method: 'jwt', action: 'scan', target: 'inline', outcome: 'success', status: 200 },
      )
      assert.ok(!Number.isNaN(Date.parse(scan.at)) && scan.at.endsWith('Z'))
      assert.match(scan.hash, /^[0-9a-f]{64}$/)

      const gate = await auditedAs('/gate', { json: { repo_path: 'repo' }, headers: { 'x-api-key': 'audit-key' } }, 200)
      assert.deepEqual([gate.actor, gate.role, gate.auth_method, gate.action, gate.target, gate.outcome], ['api-key', 'admin', 'api-key', 'gate', 'repo', 'success'])
      assert.ok(gate.id > scan.id, 'ids grow')

      const scanId = ((await (await server.request('/scan', { method: 'POST', json: scanBody, headers: as('admin') })).json()) as { scan_id: string }).scan_id
      const report = await auditedAs('/report?format=csv', { json: { scan_id: scanId }, headers: as('security-lead') }, 200)
      assert.deepEqual([report.action, report.target, report.outcome], ['report', scanId, 'success'])
    })

    test('a denied scan (403), a failed validation (422), a bad token (401) and a missing key (401) are recorded too', async () => {
      const denied = await auditedAs('/scan', { json: scanBody, headers: as('viewer', 'vic') }, 403)
      assert.deepEqual([denied.actor, denied.role, denied.action, denied.outcome, denied.status], ['vic', 'viewer', 'scan', 'denied', 403])

      const invalid = await auditedAs('/scan', { json: { files: { '../escape.py': 'x' } }, headers: as('developer', 'dana') }, 422)
      assert.deepEqual([invalid.actor, invalid.action, invalid.target, invalid.outcome, invalid.status], ['dana', 'scan', 'inline', 'error', 422])
      const unknownField = await auditedAs('/gate', { json: { nope: 1 }, headers: as('developer', 'dana') }, 422)
      assert.deepEqual([unknownField.action, unknownField.outcome, unknownField.status], ['gate', 'error', 422])

      const forged = signToken('another-secret-another-secret-000000', { sub: 'mallory', role: 'admin' }, 1)
      const badToken = await auditedAs('/scan', { json: scanBody, headers: { authorization: `Bearer ${forged}` } }, 401)
      assert.deepEqual([badToken.actor, badToken.role, badToken.auth_method, badToken.outcome, badToken.status], ['mallory', null, 'jwt', 'denied', 401])
      const noCredentials = await auditedAs('/gate', { json: scanBody }, 401)
      assert.deepEqual([noCredentials.actor, noCredentials.auth_method, noCredentials.outcome], ['anonymous', 'none', 'denied'])
    })

    test('reads are not audited; entries come newest first and chain from the genesis value', async () => {
      const before = (await audit()).total
      await server.request('/rules', { headers: as('viewer') })
      await server.request('/api/findings', { headers: as('viewer') })
      const { items, total } = await audit('?limit=1000')
      assert.equal(total, before)
      const ids = items.map((e) => e.id)
      assert.deepEqual(ids, [...ids].sort((a, b) => b - a))
      const oldestFirst = [...items].reverse()
      assert.equal(oldestFirst[0].id, 1)
      assert.equal(oldestFirst[0].prev_hash, GENESIS_HASH)
      oldestFirst.forEach((e, i) => {
        assert.equal(e.hash, chainHash(e))
        if (i > 0) assert.equal(e.prev_hash, oldestFirst[i - 1].hash)
      })
    })
  })

  describe('GET /api/audit', () => {
    test('filters by actor, action and time window', async () => {
      const dana = await audit('?actor=dana')
      assert.ok(dana.total >= 3)
      assert.ok(dana.items.every((e) => e.actor === 'dana'))
      const gates = await audit('?action=gate')
      assert.ok(gates.total >= 2 && gates.items.every((e) => e.action === 'gate'))
      const both = await audit('?actor=dana&action=gate')
      assert.ok(both.items.every((e) => e.actor === 'dana' && e.action === 'gate') && both.total >= 1)

      const all = await audit('?limit=1000')
      const middle = all.items[Math.floor(all.items.length / 2)].at
      const since = await audit(`?since=${encodeURIComponent(middle)}&limit=1000`)
      const until = await audit(`?until=${encodeURIComponent(middle)}&limit=1000`)
      assert.ok(since.items.every((e) => e.at >= middle) && until.items.every((e) => e.at <= middle))
      assert.ok(since.total + until.total >= all.total, 'the two halves cover everything')
      assert.equal((await audit('?since=2999-01-01')).total, 0)
      assert.equal((await audit('?until=2000-01-01')).total, 0)
    })

    test('pages with next_cursor until null, without duplicates', async () => {
      const { total } = await audit()
      assert.ok(total >= 8, `enough entries to page (${total})`)
      const seen: number[] = []
      let cursor: string | null = null
      let pages = 0
      do {
        const page: AuditPage = await audit(`?limit=3${cursor ? `&cursor=${cursor}` : ''}`)
        assert.equal(page.total, total)
        assert.ok(page.items.length <= 3)
        seen.push(...page.items.map((e) => e.id))
        cursor = page.next_cursor
        pages++
      } while (cursor)
      assert.equal(pages, Math.ceil(total / 3))
      assert.equal(new Set(seen).size, seen.length)
      assert.equal(seen.length, total)
    })

    test('bad limit, bad dates and a foreign cursor are 422 with the field', async () => {
      for (const [query, field] of [
        ['?limit=0', 'limit'], ['?limit=1001', 'limit'], ['?limit=ten', 'limit'],
        ['?since=yesterday', 'since'], ['?since=2024-13-45', 'since'], ['?until=2024-02-30T25:00:00Z', 'until'],
        ['?cursor=not-a-cursor', 'cursor'],
      ]) {
        const res = await server.request(`/api/audit${query}`, { headers: as('viewer') })
        assert.equal(res.status, 422, query)
        const body = (await res.json()) as { detail: string; errors: { path: string }[] }
        assert.ok(body.errors.some((e) => e.path === `querystring.${field}`), `${query}: ${JSON.stringify(body)}`)
      }
    })

    test('admin, security-lead and viewer may read the log; developer and agent may not', async () => {
      for (const role of ['admin', 'security-lead', 'viewer'] as const) {
        assert.equal((await server.request('/api/audit', { headers: as(role) })).status, 200, role)
        assert.equal((await server.request('/api/audit/verify', { headers: as(role) })).status, 200, role)
      }
      for (const role of ['developer', 'agent'] as const) {
        for (const route of ['/api/audit', '/api/audit/verify']) {
          const res = await server.request(route, { headers: as(role) })
          assert.equal(res.status, 403, `${role} ${route}`)
          assert.deepEqual(await res.json(), { detail: 'Permission denied: audit:read required' })
        }
      }
      assert.equal((await server.request('/api/audit')).status, 401)
    })
  })

  describe('GET /api/audit/verify', () => {
    test('an intact chain is valid', async () => {
      const { total } = await audit()
      assert.deepEqual(await verify(), { valid: true, entries: total, first_bad_id: null })
    })

    test('an UPDATE made in the database behind the server is found, and undoing it makes the chain valid again', async () => {
      const db = await openDatabase(server)
      try {
        const [original] = await db.query<{ actor: string }>('SELECT actor FROM audit_log WHERE id = 3')
        await db.query("UPDATE audit_log SET actor = 'someone-else' WHERE id = 3")
        assert.deepEqual(await verify(), { valid: false, entries: 3, first_bad_id: 3 })
        await db.query('UPDATE audit_log SET actor = ? WHERE id = 3', original.actor)
        assert.equal((await verify()).valid, true)
        // Rewriting the hash too does not help: the next entry's prev_hash no longer matches.
        await db.query("UPDATE audit_log SET target = 'somewhere-else' WHERE id = 4")
        const [row] = await db.query<AuditEntry>('SELECT * FROM audit_log WHERE id = 4')
        await db.query('UPDATE audit_log SET hash = ? WHERE id = 4', chainHash(row))
        assert.deepEqual(await verify(), { valid: false, entries: 5, first_bad_id: 5 })
      } finally {
        await db.close()
      }
    })

    test('a DELETE of a middle row, and a truncation, are found', async () => {
      const db = await openDatabase(server)
      try {
        await db.query('DELETE FROM audit_log WHERE id = 2')
        assert.deepEqual(await verify(), { valid: false, entries: 2, first_bad_id: 2 })
        await db.query('DELETE FROM audit_log WHERE id >= 2')
        assert.deepEqual(await verify(), { valid: false, entries: 1, first_bad_id: 2 }, 'a truncated log falls short of the head')
      } finally {
        await db.close()
      }
    })
  })

  describe('a fresh log', () => {
    test('deleting only the newest row is found through the head', async () => {
      const fresh = await startServer({ store, env: { GUARD_API_KEY: undefined } })
      try {
        for (let i = 0; i < 3; i++) assert.equal((await fresh.request('/scan', { method: 'POST', json: scanBody })).status, 200)
        const check = async () => (await fresh.request('/api/audit/verify')).json()
        assert.deepEqual(await check(), { valid: true, entries: 3, first_bad_id: null })
        const db = await openDatabase(fresh)
        await db.query('DELETE FROM audit_log WHERE id = 3')
        await db.close()
        assert.deepEqual(await check(), { valid: false, entries: 2, first_bad_id: 3 })
      } finally {
        await fresh.close()
      }
    })
  })
})
