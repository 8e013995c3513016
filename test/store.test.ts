// The Store interface itself (kernel/store.ts) on each implementation: a SQLite file and a real PostgreSQL.
import { test, describe, before, after } from 'node:test'
import assert from 'node:assert/strict'
import fs from 'node:fs'
import net from 'node:net'
import { openSqlite } from '../plugins/store-sqlite/store.ts'
import { openPostgres } from '../plugins/store-postgres/store.ts'
import { verifyChain, type AuditRecord } from '../kernel/store/audit.ts'
import { encodeCursor } from '../kernel/store/pagination.ts'
import { ValidationError } from '../kernel/base/errors.ts'
import type { Store, StoredScan } from '../kernel/store/store.ts'
import type { GateResult } from '../kernel/base/schemas.ts'
import { STORES, startServer, tempDir, type StoreKind } from './helpers/server.ts'
import { freshPostgresDatabase, startPostgres } from './helpers/postgres.ts'

/** Opens the store twice on one database, as two servers would. */
async function openTwice(kind: StoreKind): Promise<{ stores: [Store, Store]; cleanup(): Promise<void> }> {
  if (kind === 'postgres') {
    const url = await freshPostgresDatabase()
    const stores = await Promise.all([openPostgres(url), openPostgres(url)])
    return { stores, cleanup: async () => void (await Promise.all(stores.map((s) => s.close()))) }
  }
  const dir = tempDir()
  const stores: [Store, Store] = [openSqlite('sqlite:', dir), openSqlite('sqlite:', dir)]
  return {
    stores,
    async cleanup() {
      await Promise.all(stores.map((s) => s.close()))
      fs.rmSync(dir, { recursive: true, force: true })
    },
  }
}

function scan(n: number, extra: Partial<StoredScan> = {}): StoredScan {
  const id = `scan-${n}`
  return {
    id,
    target: n % 2 ? 'inline' : 'repo/ünïcode',
    started_at: new Date(Date.UTC(2025, 0, 1, 0, n)).toISOString(),
    result: {
      findings: [], total: n, by_severity: { critical: n, high: 0, medium: 0, low: 0, info: 0 }, scan_id: id, files_scanned: 3,
      files_skipped: [{ path: 'big/файл.bin', reason: 'binary' }], rules_evaluated: 52, duration_ms: 7, suppressed: 0,
    },
    rules: [],
    gate: null,
    ...extra,
  }
}

const gate = (scanId: string, passed: boolean): GateResult => ({
  passed, total_findings: 1, critical: passed ? 0 : 1, high: 0, medium: 0, low: 0, info: 0, suppressed: 0, blocking: passed ? 0 : 1,
  fail_on: ['critical', 'high'], scan_id: scanId, reasons: [passed ? 'no blocking findings' : '1 critical finding'], approval: null,
})

const record = (i: number, over: Partial<AuditRecord> = {}): AuditRecord => ({
  at: new Date(Date.UTC(2025, 5, 1, 12, 0, i)).toISOString(), actor: `user-${i % 3}`, role: i % 2 ? 'developer' : null, auth_method: 'jwt',
  action: i % 2 ? 'scan' : 'gate', target: i % 4 ? 'inline' : null, outcome: 'success', status: 200, request_id: `req-${i}`, ...over,
})

async function all<T>(items: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = []
  for await (const item of items) out.push(item)
  return out
}

for (const kind of STORES) {
  describe(`Store (${kind})`, () => {
    let store: Store
    let other: Store
    let cleanup: () => Promise<void>
    before(async () => {
      ;({ stores: [store, other], cleanup } = await openTwice(kind))
    })
    after(() => cleanup())

    test("records: plugins' documents by kind, written only as their condition says, seen by a second connection", async () => {
      assert.deepEqual(await store.listRecords('approvals'), [])
      assert.equal(await store.putRecord('approvals', 'a1', { status: 'pending', n: 'ü' }, null), 1)
      assert.equal(await other.putRecord('approvals', 'a1', { status: 'pending' }, null), null, 'a second create of one id loses')
      // Two deciders read version 1: the first write wins, the second finds the version moved.
      assert.equal(await store.putRecord('approvals', 'a1', { status: 'approved' }, 1), 2)
      assert.equal(await other.putRecord('approvals', 'a1', { status: 'rejected' }, 1), null)
      const read = await other.getRecord<{ status: string }>('approvals', 'a1')
      assert.equal(read?.version, 2)
      assert.deepEqual(read?.data, { status: 'approved' })
      assert.equal(await store.putRecord('approvals', 'a2', { status: 'pending' }), 1, 'an unconditional write')
      assert.equal(await store.putRecord('work-items', 'a1', { other: true }), 1, 'kinds are apart')
      assert.deepEqual((await other.listRecords('approvals')).map((r) => r.id).sort(), ['a1', 'a2'])
      await store.deleteRecord('approvals', 'a2')
      assert.equal(await other.getRecord('approvals', 'a2'), undefined)
      assert.equal((await other.listRecords('work-items')).length, 1)
    })

    test('scans: saved and read back whole, listed newest first in keyset pages, gates recorded', async () => {
      assert.deepEqual(await store.listScans({ limit: 10 }), { items: [], total: 0, next_cursor: null })
      const suppressions = [{ rule_id: 'py.eval-injection', path: 'legacy/**', reason: 'frozen', expires: '2999-01-01' }]
      for (let n = 1; n <= 5; n++) await store.saveScan(scan(n, n === 2 ? { suppressions } : {}))
      assert.deepEqual(await store.getScan('scan-2'), scan(2, { suppressions }))
      assert.deepEqual(await other.getScan('scan-3'), scan(3), 'a scan without suppressions has none')
      assert.equal(await store.getScan('nope'), undefined)

      await store.saveGate('scan-4', gate('scan-4', false))
      assert.deepEqual((await store.getScan('scan-4'))?.gate, gate('scan-4', false))

      const ids: string[] = []
      let cursor: string | undefined
      let pages = 0
      do {
        const page = await store.listScans({ limit: 2, cursor })
        assert.equal(page.total, 5)
        ids.push(...page.items.map((s) => s.id))
        if (pages === 0) assert.deepEqual(page.items[1], { id: 'scan-4', target: 'repo/ünïcode', started_at: scan(4).started_at, total: 4, gate: gate('scan-4', false) })
        cursor = page.next_cursor ?? undefined
        pages++
      } while (cursor)
      assert.deepEqual(ids, ['scan-5', 'scan-4', 'scan-3', 'scan-2', 'scan-1'])
      assert.equal(pages, 3)
      // A cursor beyond any position is simply the start; one this service did not write is a 422.
      assert.equal((await store.listScans({ limit: 10, cursor: encodeCursor(999_999_999_999_999) })).items.length, 5)
      await assert.rejects(store.listScans({ limit: 10, cursor: 'bm9wZQ' }), ValidationError)
      await assert.rejects(store.saveScan(scan(1)), 'a scan id is stored once')
      // A queued scan run again after its worker was lost keeps what the first run stored.
      const before = await store.getScan('scan-1')
      await store.saveScan({ ...scan(1), target: 'rerun' }, { once: true })
      assert.deepEqual(await store.getScan('scan-1'), before)
    })

    test('audit: appended in a chain, listed newest first with filters and keyset pages, verified', async () => {
      assert.equal(await store.auditHead(), null)
      assert.deepEqual(await verifyChain(store.auditEntries(), null), { valid: true, entries: 0, first_bad_id: null })
      const appended = []
      for (let i = 1; i <= 9; i++) appended.push(await (i % 2 ? store : other).appendAudit(record(i)))
      assert.deepEqual(appended.map((e) => e.id), [1, 2, 3, 4, 5, 6, 7, 8, 9])
      assert.deepEqual(await other.auditHead(), { id: 9, hash: appended[8].hash })
      assert.deepEqual(await all(store.auditEntries()), appended)
      assert.deepEqual(await verifyChain(other.auditEntries(), await other.auditHead()), { valid: true, entries: 9, first_bad_id: null })

      const newestFirst = [...appended].reverse()
      assert.deepEqual(await store.listAudit({ limit: 100 }), { items: newestFirst, total: 9, next_cursor: null })
      const filters = [
        [{ actor: 'user-1' }, (e: AuditRecord) => e.actor === 'user-1'],
        [{ action: 'gate' }, (e: AuditRecord) => e.action === 'gate'],
        [{ actor: 'user-0', action: 'scan' }, (e: AuditRecord) => e.actor === 'user-0' && e.action === 'scan'],
        [{ since: record(4).at, until: record(7).at }, (e: AuditRecord) => e.at >= record(4).at && e.at <= record(7).at],
        [{ actor: 'nobody' }, () => false],
      ] as const
      for (const [filter, keep] of filters) {
        const page = await store.listAudit({ ...filter, limit: 100 })
        assert.deepEqual(page.items, newestFirst.filter(keep), JSON.stringify(filter))
        assert.equal(page.total, newestFirst.filter(keep).length)
      }

      const seen: number[] = []
      let cursor: string | undefined
      do {
        const page = await store.listAudit({ action: 'scan', limit: 2, cursor })
        assert.equal(page.total, 5)
        seen.push(...page.items.map((e) => e.id))
        cursor = page.next_cursor ?? undefined
      } while (cursor)
      assert.deepEqual(seen, [9, 7, 5, 3, 1])
      await assert.rejects(store.listAudit({ limit: 1, cursor: '!!' }), ValidationError)
    })

    test('50 appends at once, through two stores on one database, make one valid chain of 50 more', async () => {
      const start = (await store.auditHead())?.id ?? 0
      const entries = await Promise.all(Array.from({ length: 50 }, (_, i) => (i % 2 ? store : other).appendAudit(record(100 + i, { request_id: `burst-${i}` }))))
      assert.deepEqual(entries.map((e) => e.id).sort((a, b) => a - b), Array.from({ length: 50 }, (_, i) => start + i + 1))
      assert.deepEqual(await verifyChain(store.auditEntries(), await store.auditHead()), { valid: true, entries: start + 50, first_bad_id: null })
      assert.equal((await other.listAudit({ limit: 1 })).total, start + 50)
    })

    test('a NUL in a scan or an audit record is stored (PostgreSQL keeps it as U+FFFD) and the chain still verifies', async () => {
      const nul = kind === 'postgres' ? '\uFFFD' : '\0'
      const withNul = scan(50, { result: { ...scan(50).result, files_skipped: [{ path: 'a\0b', reason: 'binary' }] } })
      await store.saveScan(withNul)
      assert.equal((await store.getScan('scan-50'))?.result.files_skipped[0].path, `a${nul}b`)
      const entry = await store.appendAudit(record(500, { actor: 'm\0allory' }))
      assert.equal(entry.actor, `m${nul}allory`)
      assert.deepEqual((await other.listAudit({ limit: 1 })).items, [entry])
      assert.equal((await verifyChain(store.auditEntries(), await store.auditHead())).valid, true)
    })

    test('ping answers while the database is up', async () => {
      await store.ping()
      await other.ping()
    })
  })
}

describe('PostgreSQL going away', () => {
  test('ping on a stopped server throws at once; /health turns 503 degraded, and is degraded when nothing listens from the start', async () => {
    const postgres = await startPostgres()
    let stopped = false
    const store = await openPostgres(postgres.url)
    const server = await startServer({ env: { GUARD_DATABASE_URL: postgres.url } })
    try {
      await store.ping()
      const up = await server.request('/health')
      assert.equal(up.status, 200)
      assert.equal(((await up.json()) as { status: string }).status, 'ok')
      await store.appendAudit(record(1))

      await postgres.stop()
      stopped = true
      let t = Date.now()
      await assert.rejects(store.ping())
      assert.ok(Date.now() - t < 3000, `ping failed in ${Date.now() - t} ms`)
      t = Date.now()
      const down = await server.request('/health')
      assert.ok(Date.now() - t < 3000, `/health answered in ${Date.now() - t} ms`)
      assert.equal(down.status, 503)
      const body = (await down.json()) as { status: string; checks: { store: string } }
      assert.equal(body.status, 'degraded')
      assert.match(body.checks.store, /ECONNREFUSED|connect|terminat/i)
    } finally {
      await server.close()
      await store.close()
      if (!stopped) await postgres.stop()
    }

    // A server whose database was never reachable starts, and says so at /health.
    const nowhere = await startServer({ env: { GUARD_DATABASE_URL: postgres.url } })
    try {
      const res = await nowhere.request('/health')
      assert.equal(res.status, 503)
      assert.equal(((await res.json()) as { status: string }).status, 'degraded')
    } finally {
      await nowhere.close()
    }
  })

  test('a database that accepts connections and never answers fails /health within the connection timeout', async () => {
    const sockets = new Set<net.Socket>()
    const silent = net.createServer((socket) => void sockets.add(socket))
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve))
    const { port } = silent.address() as net.AddressInfo
    const server = await startServer({ env: { GUARD_DATABASE_URL: `postgresql://guard@127.0.0.1:${port}/guard` } })
    try {
      const t = Date.now()
      const res = await server.request('/health')
      assert.equal(res.status, 503)
      assert.ok(Date.now() - t < 5000, `/health answered in ${Date.now() - t} ms`)
      assert.match(((await res.json()) as { checks: { store: string } }).checks.store, /timeout/i)
    } finally {
      await server.close()
      for (const socket of sockets) socket.destroy()
      await new Promise((resolve) => silent.close(resolve))
    }
  })
})
