// Markdown reporter: a summary by severity and a findings table, fit for a pull-request comment or a wiki.
import { markdownCell, SEVERITIES, type Reporter, type ReportInput } from '../../kernel/plugin.ts'
import { compareTriage, locationLabel, severityCounts, sortedFindings, suppressionLabel } from './findings.ts'

/** Table-cell text (the kernel's: every Markdown table the service writes escapes alike). */
export { markdownCell }

function table(header: string[], align: string[], rows: string[][]): string[] {
  return [`| ${header.join(' | ')} |`, `|${align.join('|')}|`, ...rows.map((r) => `| ${r.join(' | ')} |`)]
}

export function renderMarkdown(input: ReportInput): string {
  const { scan } = input
  const { open, suppressed } = severityCounts(scan.findings)
  const findings = sortedFindings(scan.findings, compareTriage)
  const total = (counts: typeof open) => SEVERITIES.reduce((n, s) => n + counts[s], 0)
  const lines = [
    `# guard report: ${markdownCell(input.target)}`,
    '',
    `Scan ${markdownCell(scan.scan_id)} started ${markdownCell(input.startedAt)}, took ${scan.duration_ms} ms; ` +
      `${scan.files_scanned} files scanned, ${scan.files_skipped.length} skipped, ${scan.rules_evaluated} rules evaluated ` +
      `(guard ${markdownCell(input.toolVersion)}).`,
    '',
    '## Summary',
    '',
    ...table(
      ['Severity', 'Open', 'Suppressed'],
      [':---', '---:', '---:'],
      [...SEVERITIES.map((s) => [s, String(open[s]), String(suppressed[s])]), ['**total**', `**${total(open)}**`, `**${total(suppressed)}**`]],
    ),
    '',
    `## Findings (${findings.length})`,
    '',
  ]
  if (findings.length === 0) {
    lines.push('No findings.')
  } else {
    lines.push(
      ...table(
        ['#', 'Severity', 'Rule', 'Location', 'Message', 'CWE', 'OWASP', 'Status'],
        ['---:', ':---', ':---', ':---', ':---', ':---', ':---', ':---'],
        findings.map((f, i) => [
          String(i + 1),
          f.severity,
          markdownCell(f.rule_id),
          markdownCell(locationLabel(f)),
          markdownCell(f.message),
          markdownCell(f.cwe.join(', ')),
          markdownCell(f.owasp.join(', ')),
          f.suppressed ? markdownCell(suppressionLabel(f)) : 'open',
        ]),
      ),
      '',
      '## How to fix',
      '',
      ...table(
        ['Rule', 'Name', 'Remediation'],
        [':---', ':---', ':---'],
        [...new Set(findings.map((f) => f.rule_id))].map((id) => {
          const rule = input.rules.get(id)
          const remediation = rule?.remediation ?? findings.find((f) => f.rule_id === id)?.remediation ?? ''
          return [markdownCell(id), markdownCell(rule?.name ?? ''), markdownCell(remediation)]
        }),
      ),
    )
  }
  return `${lines.join('\n')}\n`
}

export const markdownReporter: Reporter = {
  format: 'markdown',
  contentType: 'text/markdown; charset=utf-8',
  extension: 'md',
  render: renderMarkdown,
}
