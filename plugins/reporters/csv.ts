// CSV reporter (RFC 4180): one row per finding for spreadsheets, with cells that cannot run as formulas.
import { csvCell, type Finding, type Reporter, type ReportInput } from '../../kernel/plugin.ts'
import { comparePosition, sortedFindings, standardsLabel } from './findings.ts'

const COLUMNS: [string, (f: Finding, input: ReportInput) => string | number | boolean][] = [
  ['id', (f) => f.id],
  ['rule_id', (f) => f.rule_id],
  ['rule_name', (f, input) => input.rules.get(f.rule_id)?.name ?? ''],
  ['severity', (f) => f.severity],
  ['confidence', (f) => f.confidence],
  ['file', (f) => f.file],
  ['line', (f) => f.line],
  ['column', (f) => f.column],
  ['end_line', (f) => f.end_line],
  ['end_column', (f) => f.end_column],
  ['message', (f) => f.message],
  ['snippet', (f) => f.snippet],
  ['cwe', (f) => f.cwe.join(';')],
  ['owasp', (f) => f.owasp.join(';')],
  ['standards', (f) => standardsLabel(f)],
  ['remediation', (f) => f.remediation],
  ['suppressed', (f) => f.suppressed],
  ['suppression_source', (f) => f.suppression?.source ?? ''],
  ['suppression_reason', (f) => f.suppression?.reason ?? ''],
  ['suppression_by', (f) => f.suppression?.by ?? ''],
  ['suppression_expires', (f) => f.suppression?.expires ?? ''],
]

/** One CSV field (the kernel's: every CSV the service writes defuses formulas alike). */
export { csvCell }

export function renderCsv(input: ReportInput): string {
  const rows = [COLUMNS.map(([name]) => name)]
  for (const f of sortedFindings(input.scan.findings, comparePosition)) rows.push(COLUMNS.map(([, get]) => csvCell(get(f, input))))
  return rows.map((cells) => `${cells.join(',')}\r\n`).join('')
}

export const csvReporter: Reporter = {
  format: 'csv',
  contentType: 'text/csv; charset=utf-8; header=present',
  extension: 'csv',
  render: renderCsv,
}
