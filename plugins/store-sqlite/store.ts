// The embedded store: one SQLite file under GUARD_DATA_DIR, WAL mode, versioned migrations at start-up.
import fs from 'node:fs'
import path from 'node:path'
import Database from 'better-sqlite3'
import { AUDIT_COLUMNS, AUDIT_TABLES, auditInBatches, auditWhere, decodeCursor, keysetPage, scanFromRow, scanStatFromRow, scanSummaryFromRow, sealAuditEntry, type AuditEntry, type AuditFilter, type AuditHead, type AuditRecord, type GateResult, type Page, type ScanRow, type ScanStat, type ScanStatRow, type Store, type StoredRecord, type StoredScan } from '../../kernel/plugin.ts'

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
  // The scans' suppressions, and the audit chain's tables.
  `ALTER TABLE scans ADD COLUMN suppressions TEXT;
   ${AUDIT_TABLES}`,
  // Plugins' documents (approval requests, work items, reconcile runs).
  `CREATE TABLE records (
     kind TEXT NOT NULL,
     id TEXT NOT NULL,
     version INTEGER NOT NULL,
     data TEXT NOT NULL,
     updated_at TEXT NOT NULL,
     PRIMARY KEY (kind, id)
   )`,
]

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

interface RecordRow {
  id: string
  version: number
  data: string
  updated_at: string
}
const recordFromRow = <T>(row: RecordRow): StoredRecord<T> => ({ id: row.id, version: row.version, data: JSON.parse(row.data) as T, updated_at: row.updated_at })

/** A write waiting for the next group commit. */
interface Pending {
  write: () => unknown
  resolve: (value: never) => void
  reject: (error: unknown) => void
}

export class SqliteStore implements Store {
  private readonly db: Database.Database
  private readonly appendAuditTx: (record: AuditRecord) => AuditEntry
  private readonly insertScan: Database.Statement
  private readonly insertScanOnce: Database.Statement
  private readonly updateGate: Database.Statement
  /** Writes of requests that arrive together, committed as one transaction (one fsync) on the next turn. */
  private pending: Pending[] = []
  /** The write-ahead log, opened to be synced from libuv's threads (see `flush`). */
  private readonly wal: number
  /** Groups committed whose log sync has not returned yet (`close` waits for them). */
  private readonly syncing = new Set<Promise<void>>()
  private readonly commitGroup: { immediate(writes: Pending[]): ({ ok: unknown } | { error: unknown })[] }

  constructor(file: string) {
    this.db = new Database(file)
    this.db.pragma('journal_mode = WAL')
    // NORMAL: a commit writes the log without waiting for the disk; `flush` syncs the log before it answers, off this
    // thread. An acknowledged scan or audit entry survives power loss as with FULL, and the event loop is not held
    // for the sync (with FULL it was a third of the server's time under small scans).
    this.db.pragma('synchronous = NORMAL')
    this.db.pragma('busy_timeout = 5000')
    migrate(this.db)
    this.wal = fs.openSync(`${file}-wal`, fs.constants.O_RDONLY | fs.constants.O_CREAT, 0o600)
    const head = this.db.prepare('SELECT id, hash FROM audit_head WHERE one = 1')
    const insert = this.db.prepare(`INSERT INTO audit_log (${AUDIT_COLUMNS}) VALUES (@id, @at, @actor, @role, @auth_method, @action, @target, @outcome, @status, @request_id, @prev_hash, @hash)`)
    const moveHead = this.db.prepare('INSERT INTO audit_head (one, id, hash) VALUES (1, @id, @hash) ON CONFLICT (one) DO UPDATE SET id = excluded.id, hash = excluded.hash')
    const append = this.db.transaction((record: AuditRecord) => {
      const entry = sealAuditEntry(record, (head.get() as AuditHead | undefined) ?? null)
      insert.run(entry)
      moveHead.run(entry)
      return entry
    })
    // Inside a group commit (see `commit`), so IMMEDIATE: the write lock is taken before the head is read, and two
    // processes on one file cannot fork the chain.
    this.appendAuditTx = append
    this.insertScan = this.db.prepare('INSERT INTO scans (id, target, started_at, total, result, rules, gate, suppressions) VALUES (?, ?, ?, ?, ?, ?, ?, ?)')
    this.insertScanOnce = this.db.prepare('INSERT INTO scans (id, target, started_at, total, result, rules, gate, suppressions) VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (id) DO NOTHING')
    this.updateGate = this.db.prepare('UPDATE scans SET gate = ? WHERE id = ?')
    // Each write is its own savepoint: one that fails is undone and answered alone, the others still commit.
    const one = this.db.transaction((write: () => unknown) => write())
    this.commitGroup = this.db.transaction((writes: Pending[]) =>
      writes.map((w) => {
        try {
          return { ok: one(w.write) }
        } catch (error) {
          return { error }
        }
      }),
    )
  }

  /**
   * A group commit: the writes of requests that arrive together (a scan, its gate, their audit entries) go to disk
   * in one transaction, so they share one fsync. Each caller is answered only once the transaction has committed and
   * the log is synced: what is acknowledged is on disk, as with a commit per write.
   */
  private commit<T>(write: () => T): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      if (this.pending.push({ write, resolve: resolve as (value: never) => void, reject }) === 1) setImmediate(() => this.flush())
    })
  }

  private flush(): void {
    const writes = this.pending
    if (!writes.length) return // flushed already, by close
    this.pending = []
    let outcomes: ({ ok: unknown } | { error: unknown })[]
    try {
      outcomes = this.commitGroup.immediate(writes)
    } catch (error) {
      for (const w of writes) w.reject(error) // the commit itself failed (disk full, database locked): nothing was kept
      return
    }
    // Synced on libuv's threads: this thread goes on with other requests meanwhile. Committed but not known to be on
    // disk is not acknowledged.
    this.syncLog().then(
      () => outcomes.forEach((o, i) => ('ok' in o ? writes[i].resolve(o.ok as never) : writes[i].reject(o.error))),
      (error) => writes.forEach((w) => w.reject(error)),
    )
  }

  /** Syncs the log to disk (what was committed before the call is then durable); `close` waits for it. */
  private syncLog(): Promise<void> {
    const synced = new Promise<void>((resolve, reject) => fs.fsync(this.wal, (error) => (error ? reject(error) : resolve())))
    this.syncing.add(synced)
    const done = () => void this.syncing.delete(synced)
    synced.then(done, done)
    return synced
  }

  async saveScan(scan: StoredScan, opts: { once?: boolean } = {}): Promise<void> {
    const row = [scan.id, scan.target, scan.started_at, scan.result.total, JSON.stringify(scan.result), JSON.stringify(scan.rules), scan.gate && JSON.stringify(scan.gate), scan.suppressions ? JSON.stringify(scan.suppressions) : null]
    const insert = opts.once ? this.insertScanOnce : this.insertScan
    await this.commit(() => insert.run(...row))
  }

  async saveGate(scanId: string, gate: GateResult): Promise<void> {
    const json = JSON.stringify(gate)
    await this.commit(() => this.updateGate.run(json, scanId))
  }

  async getScan(id: string): Promise<StoredScan | undefined> {
    const row = this.db.prepare('SELECT * FROM scans WHERE id = ?').get(id) as ScanRow<string> | undefined
    return row && scanFromRow(row, JSON.parse)
  }

  async listScans(opts: { limit: number; cursor?: string }): Promise<Page<Omit<StoredScan, 'result' | 'rules' | 'suppressions'> & { total: number }>> {
    const before = decodeCursor(opts.cursor) ?? Number.MAX_SAFE_INTEGER
    const rows = this.db
      .prepare('SELECT seq, id, target, started_at, total, gate FROM scans WHERE seq < ? ORDER BY seq DESC LIMIT ?')
      .all(before, opts.limit + 1) as ScanRow<string>[]
    const count = (this.db.prepare('SELECT COUNT(*) AS n FROM scans').get() as { n: number }).n
    return keysetPage(rows, opts.limit, count, (r) => r.seq, (r) => scanSummaryFromRow(r, JSON.parse))
  }

  async scanStats(since = ''): Promise<ScanStat[]> {
    const rows = this.db
      .prepare(
        `SELECT id, target, started_at, total, json_extract(result, '$.suppressed') AS suppressed, json_extract(result, '$.files_scanned') AS files_scanned,
           json_extract(result, '$.duration_ms') AS duration_ms, json_extract(result, '$.by_severity') AS by_severity, json_extract(gate, '$.passed') AS passed
         FROM scans WHERE started_at >= ? ORDER BY seq`,
      )
      .all(since) as ScanStatRow<string>[]
    return rows.map((r) => scanStatFromRow(r, JSON.parse))
  }

  async appendAudit(record: AuditRecord): Promise<AuditEntry> {
    return this.commit(() => this.appendAuditTx(record))
  }

  async listAudit(opts: AuditFilter & { limit: number; cursor?: string }): Promise<Page<AuditEntry>> {
    const { conditions, args } = auditWhere(opts, () => '?')
    const filtered = conditions.length ? `WHERE ${conditions.join(' AND ')}` : ''
    const total = (this.db.prepare(`SELECT COUNT(*) AS n FROM audit_log ${filtered}`).get(...args) as { n: number }).n
    const before = decodeCursor(opts.cursor) ?? Number.MAX_SAFE_INTEGER
    const rows = this.db
      .prepare(`SELECT ${AUDIT_COLUMNS} FROM audit_log WHERE ${[...conditions, 'id < ?'].join(' AND ')} ORDER BY id DESC LIMIT ?`)
      .all(...args, before, opts.limit + 1) as AuditEntry[]
    return keysetPage(rows, opts.limit, total, (r) => r.id, (r) => r)
  }

  auditEntries(): AsyncIterable<AuditEntry> {
    const batch = this.db.prepare(`SELECT ${AUDIT_COLUMNS} FROM audit_log WHERE id > ? ORDER BY id LIMIT ?`)
    return auditInBatches((after, size) => batch.all(after, size) as AuditEntry[])
  }

  async auditHead(): Promise<AuditHead | null> {
    return (this.db.prepare('SELECT id, hash FROM audit_head WHERE one = 1').get() as AuditHead | undefined) ?? null
  }

  async putRecord(kind: string, id: string, data: unknown, expected?: number | null): Promise<number | null> {
    const now = new Date().toISOString()
    const json = JSON.stringify(data)
    const write = this.db.transaction(() => {
      const row = this.db.prepare('SELECT version FROM records WHERE kind = ? AND id = ?').get(kind, id) as { version: number } | undefined
      if ((expected === null && row) || (typeof expected === 'number' && row?.version !== expected)) return null
      const version = (row?.version ?? 0) + 1
      this.db.prepare('INSERT INTO records (kind, id, version, data, updated_at) VALUES (?, ?, ?, ?, ?) ON CONFLICT (kind, id) DO UPDATE SET version = excluded.version, data = excluded.data, updated_at = excluded.updated_at').run(kind, id, version, json, now)
      return version
    })
    return this.synced(write.immediate())
  }

  async getRecord<T>(kind: string, id: string): Promise<StoredRecord<T> | undefined> {
    const row = this.db.prepare('SELECT id, version, data, updated_at FROM records WHERE kind = ? AND id = ?').get(kind, id) as RecordRow | undefined
    return row && recordFromRow<T>(row)
  }

  async listRecords<T>(kind: string): Promise<StoredRecord<T>[]> {
    return (this.db.prepare('SELECT id, version, data, updated_at FROM records WHERE kind = ? ORDER BY updated_at DESC, id').all(kind) as RecordRow[]).map((r) => recordFromRow<T>(r))
  }

  async deleteRecord(kind: string, id: string): Promise<void> {
    await this.synced(this.db.prepare('DELETE FROM records WHERE kind = ? AND id = ?').run(kind, id))
  }

  /** `value` once what was just committed is on disk (a write outside the group commit). */
  private async synced<T>(value: T): Promise<T> {
    await this.syncLog()
    return value
  }

  async ping(): Promise<void> {
    this.db.prepare('SELECT 1').get()
  }

  async close(): Promise<void> {
    if (this.pending.length) this.flush()
    await Promise.allSettled(this.syncing)
    this.db.close()
    fs.closeSync(this.wal)
  }
}

export function openSqlite(url: string, dataDir: string): SqliteStore {
  // `sqlite:` alone is the default file; `sqlite:/abs/file.db` or `sqlite:relative.db` names one.
  const named = url.replace(/^sqlite:(\/\/)?/, '')
  return new SqliteStore(named ? path.resolve(dataDir, named) : path.join(dataDir, 'guard.db'))
}
