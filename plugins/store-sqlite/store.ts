// The embedded store: one SQLite file under GUARD_DATA_DIR, WAL mode, versioned migrations at start-up.
import path from 'node:path'
import Database from 'better-sqlite3'
import { sealAuditEntry, type AuditHead, type AuditRecord } from '../../kernel/audit.ts'
import { decodeCursor, keysetPage } from '../../kernel/pagination.ts'
import type { AuditEntry, GateResult } from '../../kernel/schemas.ts'
import type { AuditFilter, Page, Store, StoredScan } from '../../kernel/store.ts'

const MIGRATIONS: string[] = [
  `CREATE TABLE scans (
     seq INTEGER PRIMARY KEY AUTOINCREMENT,
     id TEXT NOT NULL UNIQUE,
     target TEXT NOT NULL,
     started_at TEXT NOT NULL,
     total INTEGER NOT NULL,
     result TEXT NOT NULL,
     rules TEXT NOT NULL,
     gate TEXT
   )`,
  // The audit chain; audit_head keeps the last id and hash apart from the rows, so deleting the newest row shows.
  `ALTER TABLE scans ADD COLUMN suppressions TEXT;
   CREATE TABLE audit_log (
     id INTEGER PRIMARY KEY,
     at TEXT NOT NULL,
     actor TEXT NOT NULL,
     role TEXT,
     auth_method TEXT NOT NULL,
     action TEXT NOT NULL,
     target TEXT,
     outcome TEXT NOT NULL,
     status INTEGER NOT NULL,
     request_id TEXT NOT NULL,
     prev_hash TEXT NOT NULL,
     hash TEXT NOT NULL
   );
   CREATE INDEX audit_log_at ON audit_log (at);
   CREATE INDEX audit_log_actor ON audit_log (actor, id);
   CREATE INDEX audit_log_action ON audit_log (action, id);
   CREATE TABLE audit_head (one INTEGER PRIMARY KEY CHECK (one = 1), id INTEGER NOT NULL, hash TEXT NOT NULL);`,
]

const AUDIT_COLUMNS = 'id, at, actor, role, auth_method, action, target, outcome, status, request_id, prev_hash, hash'
const AUDIT_BATCH = 1000

export function migrate(db: Database.Database): void {
  db.exec('CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, applied_at TEXT NOT NULL)')
  const current = (db.prepare('SELECT MAX(version) AS v FROM schema_migrations').get() as { v: number | null }).v ?? 0
  MIGRATIONS.slice(current).forEach((sql, i) =>
    db.transaction(() => {
      db.exec(sql)
      db.prepare('INSERT INTO schema_migrations (version, applied_at) VALUES (?, ?)').run(current + i + 1, new Date().toISOString())
    })(),
  )
}

interface ScanRow {
  seq: number
  id: string
  target: string
  started_at: string
  total: number
  result: string
  rules: string
  gate: string | null
  suppressions: string | null
}

export class SqliteStore implements Store {
  private readonly db: Database.Database
  private readonly appendAuditTx: (record: AuditRecord) => AuditEntry

  constructor(file: string) {
    this.db = new Database(file)
    this.db.pragma('journal_mode = WAL')
    this.db.pragma('synchronous = NORMAL')
    this.db.pragma('busy_timeout = 5000')
    migrate(this.db)
    const head = this.db.prepare('SELECT id, hash FROM audit_head WHERE one = 1')
    const insert = this.db.prepare(`INSERT INTO audit_log (${AUDIT_COLUMNS}) VALUES (@id, @at, @actor, @role, @auth_method, @action, @target, @outcome, @status, @request_id, @prev_hash, @hash)`)
    const moveHead = this.db.prepare('INSERT INTO audit_head (one, id, hash) VALUES (1, @id, @hash) ON CONFLICT (one) DO UPDATE SET id = excluded.id, hash = excluded.hash')
    const append = this.db.transaction((record: AuditRecord) => {
      const entry = sealAuditEntry(record, (head.get() as AuditHead | undefined) ?? null)
      insert.run(entry)
      moveHead.run(entry)
      return entry
    })
    // IMMEDIATE takes the write lock before reading the head: two processes on one file cannot fork the chain.
    this.appendAuditTx = (record) => append.immediate(record)
  }

  async saveScan(scan: StoredScan): Promise<void> {
    this.db
      .prepare('INSERT INTO scans (id, target, started_at, total, result, rules, gate, suppressions) VALUES (?, ?, ?, ?, ?, ?, ?, ?)')
      .run(scan.id, scan.target, scan.started_at, scan.result.total, JSON.stringify(scan.result), JSON.stringify(scan.rules), scan.gate && JSON.stringify(scan.gate), scan.suppressions ? JSON.stringify(scan.suppressions) : null)
  }

  async saveGate(scanId: string, gate: GateResult): Promise<void> {
    this.db.prepare('UPDATE scans SET gate = ? WHERE id = ?').run(JSON.stringify(gate), scanId)
  }

  async getScan(id: string): Promise<StoredScan | undefined> {
    const row = this.db.prepare('SELECT * FROM scans WHERE id = ?').get(id) as ScanRow | undefined
    return row && { id: row.id, target: row.target, started_at: row.started_at, result: JSON.parse(row.result), rules: JSON.parse(row.rules), gate: row.gate ? JSON.parse(row.gate) : null, ...(row.suppressions ? { suppressions: JSON.parse(row.suppressions) } : {}) }
  }

  async listScans(opts: { limit: number; cursor?: string }): Promise<Page<Omit<StoredScan, 'result' | 'rules' | 'suppressions'> & { total: number }>> {
    const before = decodeCursor(opts.cursor) ?? Number.MAX_SAFE_INTEGER
    const rows = this.db
      .prepare('SELECT seq, id, target, started_at, total, gate FROM scans WHERE seq < ? ORDER BY seq DESC LIMIT ?')
      .all(before, opts.limit + 1) as ScanRow[]
    const count = (this.db.prepare('SELECT COUNT(*) AS n FROM scans').get() as { n: number }).n
    return keysetPage(rows, opts.limit, count, (r) => r.seq, (r) => ({ id: r.id, target: r.target, started_at: r.started_at, total: r.total, gate: r.gate ? JSON.parse(r.gate) : null }))
  }

  async appendAudit(record: AuditRecord): Promise<AuditEntry> {
    return this.appendAuditTx(record)
  }

  async listAudit(opts: AuditFilter & { limit: number; cursor?: string }): Promise<Page<AuditEntry>> {
    const where: string[] = []
    const args: (string | number)[] = []
    const filters: [keyof AuditFilter, string][] = [['actor', 'actor = ?'], ['action', 'action = ?'], ['since', 'at >= ?'], ['until', 'at <= ?']]
    for (const [key, sql] of filters) {
      if (opts[key] === undefined) continue
      where.push(sql)
      args.push(opts[key])
    }
    const filtered = where.length ? `WHERE ${where.join(' AND ')}` : ''
    const total = (this.db.prepare(`SELECT COUNT(*) AS n FROM audit_log ${filtered}`).get(...args) as { n: number }).n
    const before = decodeCursor(opts.cursor) ?? Number.MAX_SAFE_INTEGER
    const rows = this.db
      .prepare(`SELECT ${AUDIT_COLUMNS} FROM audit_log WHERE ${[...where, 'id < ?'].join(' AND ')} ORDER BY id DESC LIMIT ?`)
      .all(...args, before, opts.limit + 1) as AuditEntry[]
    return keysetPage(rows, opts.limit, total, (r) => r.id, (r) => r)
  }

  async *auditEntries(): AsyncIterable<AuditEntry> {
    const batch = this.db.prepare(`SELECT ${AUDIT_COLUMNS} FROM audit_log WHERE id > ? ORDER BY id LIMIT ?`)
    for (let after = 0; ; ) {
      const rows = batch.all(after, AUDIT_BATCH) as AuditEntry[]
      yield* rows
      if (rows.length < AUDIT_BATCH) return
      after = rows[rows.length - 1].id
    }
  }

  async auditHead(): Promise<AuditHead | null> {
    return (this.db.prepare('SELECT id, hash FROM audit_head WHERE one = 1').get() as AuditHead | undefined) ?? null
  }

  async ping(): Promise<void> {
    this.db.prepare('SELECT 1').get()
  }

  async close(): Promise<void> {
    this.db.close()
  }
}

export function openSqlite(url: string, dataDir: string): SqliteStore {
  // `sqlite:` alone is the default file; `sqlite:/abs/file.db` or `sqlite:relative.db` names one.
  const named = url.replace(/^sqlite:(\/\/)?/, '')
  return new SqliteStore(named ? path.resolve(dataDir, named) : path.join(dataDir, 'guard.db'))
}
