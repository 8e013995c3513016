// The store interface: the kernel persists scans through it; plugins provide SQLite, PostgreSQL...
import type { AuditEntry, GateResult, ScanResult, Severity } from '../base/schemas.ts'
import type { RuleDef } from '../catalog/rule.ts'
import type { AuditHead, AuditRecord } from './audit.ts'
import type { SuppressionRule } from '../config/config.ts'

/** Rule metadata kept with a scan so a stored scan renders without the rule files. */
export type RuleMeta = Omit<RuleDef, 'pattern' | 'rule' | 'constraints' | 'regex' | 'regex_flags' | 'absent' | 'prefilter' | 'source'>

export interface StoredScan {
  id: string
  target: string
  started_at: string
  result: ScanResult
  rules: RuleMeta[]
  gate: GateResult | null
  /** The config suppressions the scan ran with, expired ones included (GET /api/suppressions); absent on older rows. */
  suppressions?: SuppressionRule[]
}

/** Filters of GET /api/audit; times are ISO 8601 UTC strings, compared as text. */
export interface AuditFilter {
  actor?: string
  action?: string
  since?: string
  until?: string
}

/** A stored scan's figures, without its findings. */
export interface ScanStat {
  id: string
  target: string
  started_at: string
  total: number
  suppressed: number
  files_scanned: number
  duration_ms: number
  by_severity: Record<Severity, number>
  /** The gate decision, or null when no gate was asked. */
  passed: boolean | null
}

export interface Page<T> {
  items: T[]
  total: number
  next_cursor: string | null
}

/** A document a plugin keeps (an approval request, a work item, a reconcile run), with its version. */
export interface StoredRecord<T = unknown> {
  id: string
  version: number
  data: T
  updated_at: string
}

export interface Store {
  /**
   * Stores a new scan; a second save of its id fails, unless `once`: then the scan already stored under the id is
   * kept as it is (a queued scan whose worker was lost after storing it, run again).
   */
  saveScan(scan: StoredScan, opts?: { once?: boolean }): Promise<void>
  /** Records the gate decision taken on a stored scan. */
  saveGate(scanId: string, gate: GateResult): Promise<void>
  getScan(id: string): Promise<StoredScan | undefined>
  listScans(opts: { limit: number; cursor?: string }): Promise<Page<Omit<StoredScan, 'result' | 'rules' | 'suppressions'> & { total: number }>>
  /**
   * Appends to the audit chain atomically: in one transaction, reads the head, seals the record with
   * `sealAuditEntry(record, head)` (kernel/audit.ts), inserts it and moves the head.
   */
  appendAudit(record: AuditRecord): Promise<AuditEntry>
  /** Newest first; `cursor` is a position this method issued. */
  listAudit(opts: AuditFilter & { limit: number; cursor?: string }): Promise<Page<AuditEntry>>
  /** Every entry, oldest first, read in batches (for verifyChain). */
  auditEntries(): AsyncIterable<AuditEntry>
  /** The id and hash of the last entry appended, kept apart from the entries; null before the first. */
  auditHead(): Promise<AuditHead | null>
  /** The figures of every scan started at or after `since` (ISO time), oldest first (GET /api/metrics, /api/trends). */
  scanStats(since?: string): Promise<ScanStat[]>
  /**
   * Writes a plugin's document of a kind (`approvals`, `work-items`…). `expected` makes it conditional: `null`
   * writes only a new id, a number only over that version (an optimistic lock: two deciders, two reconciles). Returns
   * the new version, or null when the condition failed (nothing written).
   */
  putRecord(kind: string, id: string, data: unknown, expected?: number | null): Promise<number | null>
  getRecord<T = unknown>(kind: string, id: string): Promise<StoredRecord<T> | undefined>
  /** Every document of a kind, most recently written first. */
  listRecords<T = unknown>(kind: string): Promise<StoredRecord<T>[]>
  deleteRecord(kind: string, id: string): Promise<void>
  /** Throws when the store cannot be reached (health check). */
  ping(): Promise<void>
  close(): Promise<void>
}
