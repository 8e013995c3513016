// A baseline: the fingerprints of the findings a repository already had when a team adopted the scanner. A scan with
// one reports only what is new (`guard scan --write-baseline FILE`, then `.guard.yaml` \`baseline: FILE\`).
import fs from 'node:fs'
import { isPlainObject } from '../base/input.ts'
import type { Finding } from '../base/schemas.ts'

/** Larger files are not a baseline a scan can read in one go (100,000 findings take about 10 MB). */
const MAX_BASELINE_BYTES = 32 * 1024 * 1024

export interface BaselineFile {
  guard_baseline: 1
  created_at: string
  findings: { id: string; rule_id: string; file: string; line: number }[]
}

/** The baseline file for a scan's findings (suppressed ones too: they are known). */
export function baselineOf(findings: Finding[]): BaselineFile {
  return { guard_baseline: 1, created_at: new Date().toISOString(), findings: findings.map((f) => ({ id: f.id, rule_id: f.rule_id, file: f.file, line: f.line })) }
}

/** The fingerprints a baseline file lists, or why it cannot be read (the scan then reports every finding). */
export function readBaseline(file: string): { ids: Set<string> } | { problem: string } {
  let text: string
  try {
    const stat = fs.statSync(file)
    if (!stat.isFile()) return { problem: 'not a regular file' }
    if (stat.size > MAX_BASELINE_BYTES) return { problem: `larger than ${MAX_BASELINE_BYTES / 1024 / 1024} MB` }
    text = fs.readFileSync(file, 'utf8')
  } catch {
    return { problem: 'not found' }
  }
  let data: unknown
  try {
    data = JSON.parse(text)
  } catch {
    return { problem: 'not JSON' }
  }
  if (!isPlainObject(data) || data.guard_baseline !== 1 || !Array.isArray(data.findings)) return { problem: 'not a guard baseline (written by guard scan --write-baseline)' }
  return { ids: new Set(data.findings.flatMap((f) => (isPlainObject(f) && typeof f.id === 'string' ? [f.id] : []))) }
}
