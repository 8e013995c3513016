// The pass/fail decision over a finished scan (CONTRACT §3, POST /gate).
import { SEVERITIES, type GateResult, type ScanResult, type Severity } from '../base/schemas.ts'
import { DEFAULT_FAIL_ON, type ScanConfig } from '../config/config.ts'

export function failOn(config: ScanConfig): Severity[] {
  const env = process.env.GUARD_GATE_FAIL_ON
  if (env) return env.split(',').map((s) => s.trim()).filter((s): s is Severity => (SEVERITIES as readonly string[]).includes(s))
  return config.gate?.fail_on ?? DEFAULT_FAIL_ON
}

/** The findings a gate counts as blocking: unsuppressed, with a severity in its fail_on. */
export function blockingFindings(scan: ScanResult, gate: Pick<GateResult, 'fail_on'>): ScanResult['findings'] {
  return scan.findings.filter((f) => !f.suppressed && gate.fail_on.includes(f.severity))
}

/**
 * Whether the engines failed on every file the scan tried (none scanned, at least one failed): a broken installation
 * or engine, not code without findings. A gate then fails closed, and the command ends in error.
 */
export function analysisFailedEverywhere(scan: Pick<ScanResult, 'files_scanned' | 'files_skipped'>): boolean {
  return scan.files_scanned === 0 && scan.files_skipped.some((s) => s.reason.startsWith('analysis failed'))
}

export function decideGate(scan: ScanResult, config: ScanConfig): GateResult {
  const fail = failOn(config)
  const budget = config.gate?.max ?? {}
  const reasons: string[] = []
  let blocking = 0
  for (const sev of fail) {
    const count = scan.by_severity[sev]
    const allowed = budget[sev] ?? 0
    blocking += count
    if (count > allowed) reasons.push(`${count} ${sev} finding(s) exceed the allowed ${allowed}`)
  }
  if (analysisFailedEverywhere(scan)) reasons.push('The analysis failed on every file it tried: the gate cannot vouch for the code (see files_skipped)')
  const passed = reasons.length === 0
  if (passed) reasons.push(blocking === 0 ? `No unsuppressed findings with severity in [${fail.join(', ')}]` : `${blocking} blocking finding(s) within the allowed budget`)
  if (scan.suppressed) reasons.push(`${scan.suppressed} suppressed finding(s) do not block`)
  if (scan.files_scanned === 0) reasons.push('No file was scanned, so the gate saw no code')
  // Files left unread (too large, minified, binary, timed out) are code the gate did not see: say so.
  const unread = scan.files_skipped.filter((s) => !/^(vendored|not found|symbolic link|pattern not applied)/.test(s.reason))
  if (unread.length) {
    const why = [...new Set(unread.map((s) => s.reason))].slice(0, 3).join('; ')
    reasons.push(`${unread.length} file(s) were not analysed (${why})`)
  }
  if (scan.warnings?.some((w) => / first \d+ findings/.test(w.message))) reasons.push('Some findings were left out by the per-file or per-scan limit: see warnings')
  return {
    passed,
    total_findings: scan.total,
    ...scan.by_severity,
    suppressed: scan.suppressed,
    blocking,
    fail_on: fail,
    scan_id: scan.scan_id,
    reasons,
    approval: null,
  }
}
