// The server store: PostgreSQL through a pg Pool, JSONB documents, versioned migrations at start-up.
import pg from 'pg'
import { AUDIT_COLUMNS, AUDIT_TABLES, auditInBatches, auditWhere, decodeCursor, keysetPage, scanFromRow, scanStatFromRow, scanSummaryFromRow, sealAuditEntry, type AuditEntry, type AuditFilter, type AuditHead, type AuditRecord, type GateResult, type Page, type ScanRow, type ScanStat, type ScanStatRow, type Store, type StoredRecord, type StoredScan } from '../../kernel/plugin.ts'

// The same steps as the SQLite store's MIGRATIONS, in PostgreSQL's dialect.
const MIGRATIONS: string[] = [
  `CREATE TABLE scans (
     seq INTEGER GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
     id TEXT NOT NULL UNIQUE,
     target TEXT NOT NULL,
     started_at TEXT NOT NULL,
     total INTEGER NOT NULL,
     result JSONB NOT NULL,
     rules JSONB NOT NULL,
     gate JSONB
   )`,
  // The scans' suppressions, and the audit chain's tables.
  `ALTER TABLE scans ADD COLUMN suppressions JSONB;
   ${AUDIT_TABLES}`,
  // Plugins' documents (approval requests, work items, reconcile runs).
  `CREATE TABLE records (
     kind TEXT NOT NULL,
     id TEXT NOT NULL,
     version INTEGER NOT NULL,
     data JSONB NOT NULL,
     updated_at TEXT NOT NULL,
     PRIMARY KEY (kind, id)
   )`,
]

// Transaction-level advisory lock keys: one for migrating, one for the audit chain (released at COMMIT/ROLLBACK).
const MIGRATION_LOCK = 0x67756101
const AUDIT_LOCK = 0x67756102
/** How long connecting may take before a query (and /health) fails: an unreachable database must not hang a check. */
const CONNECT_TIMEOUT_MS = 2000
const PING_TIMEOUT_MS = 2000

const $ = (n: number) => `$${n}`
// COUNT is bigint, which pg returns as text; a cursor is compared as bigint since it may name any position.
const COUNT = 'COUNT(*)::int AS n'

/** PostgreSQL text cannot hold U+0000 (a snippet past the binary check, a token's subject may): it is kept as U+FFFD. */
const withoutNul = (v: unknown): unknown => (typeof v === 'string' && v.includes('\0') ? v.replaceAll('\0', '\uFFFD') : v)
/** A value as JSONB text (not an object: pg would send a JS array as a PostgreSQL array). */
const jsonb = (value: unknown): string => JSON.stringify(value, (_key, v: unknown) => withoutNul(v))

async function inTransaction<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect()
  try {
    await client.query('BEGIN')
    const result = await work(client)
    await client.query('COMMIT')
    client.release()
    return result
  } catch (e) {
    // A connection that cannot even roll back is dropped from the pool.
    const rolledBack = await client.query('ROLLBACK').then(() => true, () => false)
    client.release(!rolledBack)
    throw e
  }
}

/** Applies the migrations not yet recorded, in one transaction; the advisory lock makes servers starting together wait in turn. */
export async function migrate(pool: pg.Pool): Promise<void> {
  await inTransaction(pool, async (client) => {
    await client.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK])
    await client.query('CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, applied_at TEXT NOT NULL)')
    const current = (await client.query<{ v: number | null }>('SELECT MAX(version) AS v FROM schema_migrations')).rows[0].v ?? 0
    for (const [i, sql] of MIGRATIONS.slice(current).entries()) {
      await client.query(sql)
      await client.query('INSERT INTO schema_migrations (version, applied_at) VALUES ($1, $2)', [current + i + 1, new Date().toISOString()])
    }
  })
}

export class PostgresStore implements Store {
  constructor(private readonly pool: pg.Pool) {}

  async saveScan(scan: StoredScan, opts: { once?: boolean } = {}): Promise<void> {
    await this.pool.query(`INSERT INTO scans (id, target, started_at, total, result, rules, gate, suppressions) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)${opts.once ? ' ON CONFLICT (id) DO NOTHING' : ''}`, [
      scan.id, scan.target, scan.started_at, scan.result.total, jsonb(scan.result), jsonb(scan.rules), scan.gate && jsonb(scan.gate), scan.suppressions ? jsonb(scan.suppressions) : null,
    ])
  }

  async saveGate(scanId: string, gate: GateResult): Promise<void> {
    await this.pool.query('UPDATE scans SET gate = $1 WHERE id = $2', [jsonb(gate), scanId])
  }

  async getScan(id: string): Promise<StoredScan | undefined> {
    const row = (await this.pool.query<ScanRow<unknown>>('SELECT * FROM scans WHERE id = $1', [id])).rows[0]
    return row && scanFromRow(row, (v) => v)
  }

  async listScans(opts: { limit: number; cursor?: string }): Promise<Page<Omit<StoredScan, 'result' | 'rules' | 'suppressions'> & { total: number }>> {
    const before = decodeCursor(opts.cursor) ?? Number.MAX_SAFE_INTEGER
    const [{ rows }, count] = await Promise.all([
      this.pool.query<ScanRow<unknown>>('SELECT seq, id, target, started_at, total, gate FROM scans WHERE seq < $1::bigint ORDER BY seq DESC LIMIT $2', [before, opts.limit + 1]),
      this.pool.query<{ n: number }>(`SELECT ${COUNT} FROM scans`),
    ])
    return keysetPage(rows, opts.limit, count.rows[0].n, (r) => r.seq, (r) => scanSummaryFromRow(r, (v) => v))
  }

  async scanStats(since = ''): Promise<ScanStat[]> {
    const { rows } = await this.pool.query<ScanStatRow<unknown>>(
      `SELECT id, target, started_at, total, result->'suppressed' AS suppressed, result->'files_scanned' AS files_scanned,
         result->'duration_ms' AS duration_ms, result->'by_severity' AS by_severity, (gate->>'passed')::boolean AS passed
       FROM scans WHERE started_at >= $1 ORDER BY seq`,
      [since],
    )
    return rows.map((r) => scanStatFromRow(r, (v) => v))
  }

  appendAudit(record: AuditRecord): Promise<AuditEntry> {
    return inTransaction(this.pool, async (client) => {
      // Appends queue on the lock before reading the head, so no two seal after the same entry.
      await client.query('SELECT pg_advisory_xact_lock($1)', [AUDIT_LOCK])
      const head = (await client.query<AuditHead>('SELECT id, hash FROM audit_head WHERE one = 1')).rows[0] ?? null
      // Sealed as stored, so the hash holds over what is read back.
      const entry = sealAuditEntry(JSON.parse(jsonb(record)) as AuditRecord, head)
      const { id, at, actor, role, auth_method, action, target, outcome, status, request_id, prev_hash, hash } = entry
      await client.query(`INSERT INTO audit_log (${AUDIT_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`, [id, at, actor, role, auth_method, action, target, outcome, status, request_id, prev_hash, hash])
      await client.query('INSERT INTO audit_head (one, id, hash) VALUES (1, $1, $2) ON CONFLICT (one) DO UPDATE SET id = excluded.id, hash = excluded.hash', [id, hash])
      return entry
    })
  }

  async listAudit(opts: AuditFilter & { limit: number; cursor?: string }): Promise<Page<AuditEntry>> {
    const { conditions, args } = auditWhere(opts, $)
    const filtered = conditions.length ? `WHERE ${conditions.join(' AND ')}` : ''
    const before = decodeCursor(opts.cursor) ?? Number.MAX_SAFE_INTEGER
    const n = args.length
    const [count, { rows }] = await Promise.all([
      this.pool.query<{ n: number }>(`SELECT ${COUNT} FROM audit_log ${filtered}`, args),
      this.pool.query<AuditEntry>(`SELECT ${AUDIT_COLUMNS} FROM audit_log WHERE ${[...conditions, `id < ${$(n + 1)}::bigint`].join(' AND ')} ORDER BY id DESC LIMIT ${$(n + 2)}`, [...args, before, opts.limit + 1]),
    ])
    return keysetPage(rows, opts.limit, count.rows[0].n, (r) => r.id, (r) => r)
  }

  auditEntries(): AsyncIterable<AuditEntry> {
    return auditInBatches(async (after, size) => (await this.pool.query<AuditEntry>(`SELECT ${AUDIT_COLUMNS} FROM audit_log WHERE id > $1 ORDER BY id LIMIT $2`, [after, size])).rows)
  }

  async auditHead(): Promise<AuditHead | null> {
    return (await this.pool.query<AuditHead>('SELECT id, hash FROM audit_head WHERE one = 1')).rows[0] ?? null
  }

  async putRecord(kind: string, id: string, data: unknown, expected?: number | null): Promise<number | null> {
    const now = new Date().toISOString()
    const json = jsonb(data)
    // One statement each way, so the condition and the write are atomic without a lock.
    if (expected === null) {
      const r = await this.pool.query('INSERT INTO records (kind, id, version, data, updated_at) VALUES ($1, $2, 1, $3::jsonb, $4) ON CONFLICT (kind, id) DO NOTHING RETURNING version', [kind, id, json, now])
      return r.rows[0]?.version ?? null
    }
    if (typeof expected === 'number') {
      const r = await this.pool.query('UPDATE records SET version = version + 1, data = $3::jsonb, updated_at = $4 WHERE kind = $1 AND id = $2 AND version = $5 RETURNING version', [kind, id, json, now, expected])
      return r.rows[0]?.version ?? null
    }
    const r = await this.pool.query(
      'INSERT INTO records (kind, id, version, data, updated_at) VALUES ($1, $2, 1, $3::jsonb, $4) ON CONFLICT (kind, id) DO UPDATE SET version = records.version + 1, data = excluded.data, updated_at = excluded.updated_at RETURNING version',
      [kind, id, json, now],
    )
    return r.rows[0].version as number
  }

  async getRecord<T>(kind: string, id: string): Promise<StoredRecord<T> | undefined> {
    const r = await this.pool.query('SELECT id, version, data, updated_at FROM records WHERE kind = $1 AND id = $2', [kind, id])
    return r.rows[0] as StoredRecord<T> | undefined
  }

  async listRecords<T>(kind: string): Promise<StoredRecord<T>[]> {
    const r = await this.pool.query('SELECT id, version, data, updated_at FROM records WHERE kind = $1 ORDER BY updated_at DESC, id', [kind])
    return r.rows as StoredRecord<T>[]
  }

  async deleteRecord(kind: string, id: string): Promise<void> {
    await this.pool.query('DELETE FROM records WHERE kind = $1 AND id = $2', [kind, id])
  }

  async ping(): Promise<void> {
    // pg reads a per-query query_timeout (a hung server); @types/pg does not declare it.
    await this.pool.query({ text: 'SELECT 1', query_timeout: PING_TIMEOUT_MS } as pg.QueryConfig)
  }

  close(): Promise<void> {
    return this.pool.end()
  }
}

/** `postgres://user:password@host:port/database?...` (libpq's URL form); fails when the database cannot be reached or migrated. */
export async function openPostgres(url: string): Promise<PostgresStore> {
  const pool = new pg.Pool({ connectionString: url, connectionTimeoutMillis: CONNECT_TIMEOUT_MS })
  // An idle connection the server closed (a restart) must not crash the process; the next query reconnects.
  pool.on('error', () => undefined)
  try {
    await migrate(pool)
  } catch (e) {
    await pool.end().catch(() => undefined)
    throw e
  }
  return new PostgresStore(pool)
}
