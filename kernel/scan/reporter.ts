// The reporter interface: a plugin registers one per format; the kernel never switches on formats.
import type { ReportFormat, ScanResult } from '../base/schemas.ts'
import type { RuleDef } from '../catalog/rule.ts'

/** What a reporter renders: a finished scan, the rules that produced it, and where it came from. */
export interface ReportInput {
  scan: ScanResult
  /** Every rule evaluated in the scan, by id (for descriptions, help, CWE tags). */
  rules: Map<string, RuleDef>
  /** Scanned target as the user named it (repo path or "inline"). */
  target: string
  toolVersion: string
  /** ISO time the scan started. */
  startedAt: string
}

export interface Reporter {
  format: ReportFormat
  /** MIME type when written over HTTP or to a file. */
  contentType: string
  /** File extension for `guard scan --output` defaults. */
  extension: string
  render(input: ReportInput): string
}
