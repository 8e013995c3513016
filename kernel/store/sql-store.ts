// What the SQL stores (SQLite, PostgreSQL) share beyond their dialects: audit columns and filters, batched reads, row shapes.
import type { AuditEntry, GateResult } from '../base/schemas.ts'
import type { AuditFilter, ScanStat, StoredScan } from './store.ts'

export const AUDIT_COLUMNS = 'id, at, actor, role, auth_method, action, target, outcome, status, request_id, prev_hash, hash'

/**
 * The audit chain's tables, in SQL both dialects read alike (part of each store's second migration: never edit, add
 * a migration). audit_head keeps the last id and hash apart from the rows, so deleting the newest row shows.
 */
export const AUDIT_TABLES = `CREATE TABLE audit_log (
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
CREATE TABLE audit_head (one INTEGER PRIMARY KEY CHECK (one = 1), id INTEGER NOT NULL, hash TEXT NOT NULL);`

/** A store's placeholder for its n-th parameter (from 1): `?` in SQLite, `$n` in PostgreSQL. */
export type Placeholder = (n: number) => string

/** The WHERE clause of GET /api/audit's filters (times compare as ISO text), and its arguments in order. */
export function auditWhere(filter: AuditFilter, param: Placeholder): { conditions: string[]; args: string[] } {
  const columns: [keyof AuditFilter, string][] = [['actor', 'actor ='], ['action', 'action ='], ['since', 'at >='], ['until', 'at <=']]
  const conditions: string[] = []
  const args: string[] = []
  for (const [key, test] of columns) {
    const value = filter[key]
    if (value === undefined) continue
    args.push(value)
    conditions.push(`${test} ${param(args.length)}`)
  }
  return { conditions, args }
}

const AUDIT_BATCH = 1000

/** Every audit entry, oldest first, `batch(afterId, size)` rows at a time (for verifyChain over a large log). */
export async function* auditInBatches(batch: (afterId: number, size: number) => Promise<AuditEntry[]> | AuditEntry[]): AsyncIterable<AuditEntry> {
  for (let after = 0; ; ) {
    const rows = await batch(after, AUDIT_BATCH)
    yield* rows
    if (rows.length < AUDIT_BATCH) return
    after = rows[rows.length - 1].id
  }
}

/** A scans row; the JSON columns as the driver returns them (text in SQLite, parsed JSONB in PostgreSQL). */
export interface ScanRow<J> {
  seq: number
  id: string
  target: string
  started_at: string
  total: number
  result: J
  rules: J
  gate: J | null
  suppressions: J | null
}

/** The stored scan a row holds; `json` turns a JSON column into its value. */
export function scanFromRow<J>(row: ScanRow<J>, json: (value: J) => unknown): StoredScan {
  const { id, target, started_at } = row
  const suppressions = row.suppressions === null ? {} : { suppressions: json(row.suppressions) as StoredScan['suppressions'] }
  return { id, target, started_at, result: json(row.result) as StoredScan['result'], rules: json(row.rules) as StoredScan['rules'], gate: row.gate === null ? null : (json(row.gate) as GateResult), ...suppressions }
}

/** An item of listScans. */
export function scanSummaryFromRow<J>(row: Pick<ScanRow<J>, 'id' | 'target' | 'started_at' | 'total' | 'gate'>, json: (value: J) => unknown): Omit<StoredScan, 'result' | 'rules' | 'suppressions'> & { total: number } {
  return { id: row.id, target: row.target, started_at: row.started_at, total: row.total, gate: row.gate === null ? null : (json(row.gate) as GateResult) }
}

/** The figures of a scan from its stored result and gate, as both dialects select them (`SCAN_STAT_COLUMNS`). */
export interface ScanStatRow<J> {
  id: string
  target: string
  started_at: string
  total: number
  suppressed: number | string
  files_scanned: number | string
  duration_ms: number | string
  by_severity: J
  passed: boolean | number | null
}

export function scanStatFromRow<J>(row: ScanStatRow<J>, json: (value: J) => unknown): ScanStat {
  return {
    id: row.id,
    target: row.target,
    started_at: row.started_at,
    total: row.total,
    suppressed: Number(row.suppressed),
    files_scanned: Number(row.files_scanned),
    duration_ms: Number(row.duration_ms),
    by_severity: json(row.by_severity) as ScanStat['by_severity'],
    passed: row.passed === null ? null : Boolean(row.passed),
  }
}
