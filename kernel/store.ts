// The store interface: the kernel persists scans through it; plugins provide SQLite, PostgreSQL...
import type { GateResult, ScanResult } from './schemas.ts'
import type { RuleDef } from './rule.ts'

/** Rule metadata kept with a scan so a stored scan renders without the rule files. */
export type RuleMeta = Omit<RuleDef, 'pattern' | 'rule' | 'constraints' | 'regex' | 'regex_flags' | 'prefilter' | 'source'>

export interface StoredScan {
  id: string
  target: string
  started_at: string
  result: ScanResult
  rules: RuleMeta[]
  gate: GateResult | null
}

export interface Page<T> {
  items: T[]
  total: number
  next_cursor: string | null
}

export interface Store {
  saveScan(scan: StoredScan): Promise<void>
  /** Records the gate decision taken on a stored scan. */
  saveGate(scanId: string, gate: GateResult): Promise<void>
  getScan(id: string): Promise<StoredScan | undefined>
  listScans(opts: { limit: number; cursor?: string }): Promise<Page<Omit<StoredScan, 'result' | 'rules'> & { total: number }>>
  /** Throws when the store cannot be reached (health check). */
  ping(): Promise<void>
  close(): Promise<void>
}
