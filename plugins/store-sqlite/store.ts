// The embedded store: one SQLite file under GUARD_DATA_DIR, WAL mode, versioned migrations at start-up.
import path from 'node:path'
import Database from 'better-sqlite3'
import type { GateResult } from '../../kernel/schemas.ts'
import type { Page, Store, StoredScan } from '../../kernel/store.ts'

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

interface ScanRow {
  seq: number
  id: string
  target: string
  started_at: string
  total: number
  result: string
  rules: string
  gate: string | null
}

export class SqliteStore implements Store {
  private readonly db: Database.Database

  constructor(file: string) {
    this.db = new Database(file)
    this.db.pragma('journal_mode = WAL')
    this.db.pragma('synchronous = NORMAL')
    this.db.pragma('busy_timeout = 5000')
    migrate(this.db)
  }

  async saveScan(scan: StoredScan): Promise<void> {
    this.db
      .prepare('INSERT INTO scans (id, target, started_at, total, result, rules, gate) VALUES (?, ?, ?, ?, ?, ?, ?)')
      .run(scan.id, scan.target, scan.started_at, scan.result.total, JSON.stringify(scan.result), JSON.stringify(scan.rules), scan.gate && JSON.stringify(scan.gate))
  }

  async saveGate(scanId: string, gate: GateResult): Promise<void> {
    this.db.prepare('UPDATE scans SET gate = ? WHERE id = ?').run(JSON.stringify(gate), scanId)
  }

  async getScan(id: string): Promise<StoredScan | undefined> {
    const row = this.db.prepare('SELECT * FROM scans WHERE id = ?').get(id) as ScanRow | undefined
    return row && { id: row.id, target: row.target, started_at: row.started_at, result: JSON.parse(row.result), rules: JSON.parse(row.rules), gate: row.gate ? JSON.parse(row.gate) : null }
  }

  async listScans(opts: { limit: number; cursor?: string }): Promise<Page<Omit<StoredScan, 'result' | 'rules'> & { total: number }>> {
    const before = opts.cursor ? Number(Buffer.from(opts.cursor, 'base64url').toString()) : Number.MAX_SAFE_INTEGER
    const rows = this.db
      .prepare('SELECT seq, id, target, started_at, total, gate FROM scans WHERE seq < ? ORDER BY seq DESC LIMIT ?')
      .all(before, opts.limit + 1) as ScanRow[]
    const count = (this.db.prepare('SELECT COUNT(*) AS n FROM scans').get() as { n: number }).n
    const page = rows.slice(0, opts.limit)
    return {
      items: page.map((r) => ({ id: r.id, target: r.target, started_at: r.started_at, total: r.total, gate: r.gate ? JSON.parse(r.gate) : null })),
      total: count,
      next_cursor: rows.length > opts.limit ? Buffer.from(String(page[page.length - 1].seq)).toString('base64url') : null,
    }
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
