// Terminal output of the CLI: a progress bar on a TTY (quiet in CI), text findings, the gate summary.
import type { ScanProgress } from '../kernel/scan/pipeline.ts'
import type { GateResult, ScanResult } from '../kernel/base/schemas.ts'
import type { ApprovalRequest } from '../plugins/approvals/schemas.ts'

export function progressBar(stream: NodeJS.WriteStream = process.stderr) {
  const live = stream.isTTY === true && !process.env.CI
  let last = 0
  let shown = false
  return {
    update: (p: ScanProgress) => {
      const now = Date.now()
      if (!live || (now - last < 100 && p.files_done < p.files_total)) return
      last = now
      shown = true
      const width = 30
      const filled = p.files_total ? Math.round((p.files_done / p.files_total) * width) : width
      stream.write(`\r[${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${p.files_done}/${p.files_total} files, ${p.findings} finding(s)`)
    },
    done: () => {
      if (shown) stream.write('\r\x1b[K')
      shown = false
    },
  }
}

export function formatText(result: ScanResult): string {
  const lines = result.findings.map((f) => {
    const mark = f.suppressed ? ' (suppressed)' : ''
    const snippet = f.snippet.split('\n').map((l) => `    | ${l}`).join('\n')
    const trace = (f.trace ?? []).map((s, i) => `\n    ${i + 1}. ${s.file}:${s.line}:${s.column}  ${s.note}`).join('')
    const commit = f.commit ? ` (commit ${f.commit.slice(0, 12)}, ${f.commit_date})` : ''
    return `${f.severity.toUpperCase().padEnd(8)} ${f.rule_id}${mark}\n  ${f.file}:${f.line}:${f.column}${commit}  ${f.message}\n${snippet}${trace}`
  })
  const counts = Object.entries(result.by_severity).map(([s, n]) => `${n} ${s}`).join(', ')
  lines.push(
    `${result.total} finding(s) (${counts}); ${result.suppressed} suppressed;${result.baselined !== undefined ? ` ${result.baselined} in the baseline;` : ''} ${result.files_scanned} file(s) scanned, ` +
      `${result.files_skipped.length} skipped, ${result.rules_evaluated} rule(s), ${result.duration_ms} ms; scan ${result.scan_id}`,
  )
  return lines.join('\n\n')
}

export function formatGate(gate: GateResult): string {
  return `gate ${gate.passed ? 'PASSED' : 'FAILED'}: ${gate.reasons.join('; ')}\n`
}

/** `guard approvals list`: one line a request, newest first. */
export function formatApprovals(page: { items: ApprovalRequest[]; total: number }): string {
  const rows = page.items.map((a) => [a.id, a.status, a.repo, String(a.blocking_fingerprints.length), `${approvalsOf(a)}/${a.required_approvals}`, a.requested_by, a.created_at, a.expires_at])
  return `${table([['ID', 'STATUS', 'REPO', 'BLOCKING', 'APPROVALS', 'REQUESTED BY', 'CREATED', 'EXPIRES'], ...rows])}\n${page.items.length} of ${page.total} approval request(s)`
}

/** `guard approvals show|approve|reject`: one request with its decisions. */
export function formatApproval(a: ApprovalRequest): string {
  const g = a.gate
  const lines = [
    `approval ${a.id}: ${a.status}${a.decided_at ? ` at ${a.decided_at}` : ''}`,
    `  repo ${a.repo}, scan ${a.scan_id}`,
    `  requested by ${a.requested_by} at ${a.created_at}; expires ${a.expires_at}`,
    `  gate: ${g.blocking} blocking (fail_on ${g.fail_on.join(', ')}): ${g.critical} critical, ${g.high} high, ${g.medium} medium, ${g.low} low, ${g.info} info`,
    `  approvals: ${approvalsOf(a)} of ${a.required_approvals} required`,
    ...a.decisions.map((d) => `  - ${d.decision === 'approve' ? 'approved' : 'rejected'} by ${d.by} (${d.role}) at ${d.at}${d.comment ? `: ${d.comment}` : ''}`),
    `  blocking findings:`,
    ...a.blocking_fingerprints.map((f) => `    ${f}`),
  ]
  return lines.join('\n')
}

const approvalsOf = (a: ApprovalRequest) => a.decisions.filter((d) => d.decision === 'approve').length

/** Columns padded to their widest cell; the last column is not padded. */
function table(rows: string[][]): string {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)))
  return rows.map((r) => r.map((cell, i) => (i === r.length - 1 ? cell : cell.padEnd(widths[i]))).join('  ')).join('\n')
}
