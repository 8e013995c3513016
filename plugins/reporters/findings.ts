// Views of a scan's findings that every report format shares: order, occurrence numbers, counts, labels.
import { SEVERITIES, type Finding, type Severity } from '../../kernel/plugin.ts'

export type SeverityCounts = Record<Severity, number>

export function severityRank(severity: Severity): number {
  return SEVERITIES.indexOf(severity)
}

/** Reading order: file, then position, then rule, so every format lists a scan the same way. */
export function comparePosition(a: Finding, b: Finding): number {
  return (
    compareText(a.file, b.file) ||
    a.line - b.line ||
    a.column - b.column ||
    compareText(a.rule_id, b.rule_id) ||
    compareText(a.id, b.id)
  )
}

/** Triage order: open before suppressed, worst severity first, then reading order. */
export function compareTriage(a: Finding, b: Finding): number {
  return Number(a.suppressed) - Number(b.suppressed) || severityRank(a.severity) - severityRank(b.severity) || comparePosition(a, b)
}

function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0
}

export function sortedFindings(findings: readonly Finding[], compare: (a: Finding, b: Finding) => number): Finding[] {
  return [...findings].sort(compare)
}

/** 1-based index of each finding among those sharing `key`, in reading order (two identical matches differ by it). */
export function occurrences(findings: readonly Finding[], key: (f: Finding) => string): Map<Finding, number> {
  const seen = new Map<string, number>()
  const result = new Map<Finding, number>()
  for (const f of sortedFindings(findings, comparePosition)) {
    const k = key(f)
    const n = (seen.get(k) ?? 0) + 1
    seen.set(k, n)
    result.set(f, n)
  }
  return result
}

export function emptyCounts(): SeverityCounts {
  return { critical: 0, high: 0, medium: 0, low: 0, info: 0 }
}

/** Counts by severity, open (unsuppressed) and suppressed apart, as CONTRACT §3 counts them. */
export function severityCounts(findings: readonly Finding[]): { open: SeverityCounts; suppressed: SeverityCounts } {
  const open = emptyCounts()
  const suppressed = emptyCounts()
  for (const f of findings) (f.suppressed ? suppressed : open)[f.severity] += 1
  return { open, suppressed }
}

export function locationLabel(f: Finding): string {
  return `${f.file}:${f.line}:${f.column}`
}

export function standardsLabel(f: Finding): string {
  return f.standards.map((s) => `${s.pack} ${s.control}`).join(', ')
}

/** Why a finding is suppressed, in one line ("" for an open finding). */
export function suppressionLabel(f: Finding): string {
  if (!f.suppressed) return ''
  const s = f.suppression
  if (!s) return 'Suppressed'
  const extra = [s.by && `by ${s.by}`, s.expires && `until ${s.expires}`].filter(Boolean).join(', ')
  return `Suppressed (${s.source})${s.reason ? `: ${s.reason}` : ''}${extra ? ` [${extra}]` : ''}`
}

/** Cuts text to `max` characters (code points kept whole), marking the cut with an ellipsis. */
export function truncate(text: string, max: number): string {
  const chars = Array.from(text)
  return chars.length <= max ? text : `${chars.slice(0, max - 1).join('')}…`
}
