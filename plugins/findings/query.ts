// The findings list: filters, text search and order over one stored scan's findings, in memory.
import { SEVERITIES, type Finding, type Severity } from '../../kernel/plugin.ts'
import type { FindingSort, FindingsListQuery, FindingStatus } from './schemas.ts'

type Filter = Omit<FindingsListQuery, 'scan_id' | 'limit' | 'cursor' | 'sort'>

const rank = (s: Severity) => SEVERITIES.indexOf(s)
const byPlace = (a: Finding, b: Finding) => a.file.localeCompare(b.file) || a.line - b.line || a.column - b.column || a.id.localeCompare(b.id)
const ORDERS: Record<'severity' | 'rule_id' | 'file', (a: Finding, b: Finding) => number> = {
  severity: (a, b) => rank(a.severity) - rank(b.severity) || byPlace(a, b),
  rule_id: (a, b) => a.rule_id.localeCompare(b.rule_id) || rank(a.severity) - rank(b.severity) || byPlace(a, b),
  file: byPlace,
}

/** Each list's orders, sorted once: a scan's findings never change, and 100,000 take ~100 ms to sort. */
const sorted = new WeakMap<Finding[], Map<FindingSort, Finding[]>>()
export function sortFindings(findings: Finding[], sort: FindingSort): Finding[] {
  let orders = sorted.get(findings)
  if (!orders) sorted.set(findings, (orders = new Map()))
  let list = orders.get(sort)
  if (!list) {
    const key = sort.replace(/^-/, '') as keyof typeof ORDERS
    list = [...findings].sort(ORDERS[key])
    if (sort.startsWith('-')) list.reverse()
    orders.set(sort, list)
  }
  return list
}

/** The lower-case text a search looks in, built once per finding. */
const haystacks = new WeakMap<Finding, string>()
function haystack(f: Finding): string {
  let text = haystacks.get(f)
  if (text === undefined) haystacks.set(f, (text = `${f.rule_id}\n${f.file}\n${f.message}\n${f.snippet}`.toLowerCase()))
  return text
}

export interface Listed {
  items: Finding[]
  by_severity: Record<Severity, number>
  by_rule: Record<string, number>
}

/**
 * The findings that pass every filter, in order; the counts are of those that pass every filter but severity (for
 * by_severity) or but rule_id (for by_rule), as a filter bar shows them.
 */
export function listFindings(ordered: Finding[], filter: Filter, statusOf: (f: Finding) => FindingStatus): Listed {
  const needle = filter.q?.toLowerCase()
  const rest = (f: Finding) =>
    (filter.file === undefined || f.file === filter.file) &&
    (filter.pack === undefined || f.standards.some((s) => s.pack === filter.pack)) &&
    (filter.suppressed === undefined || f.suppressed === filter.suppressed) &&
    (filter.status === undefined || statusOf(f) === filter.status) &&
    (needle === undefined || haystack(f).includes(needle))
  const by_severity = Object.fromEntries(SEVERITIES.map((s) => [s, 0])) as Record<Severity, number>
  const by_rule: Record<string, number> = {}
  const items: Finding[] = []
  for (const f of ordered) {
    if (!rest(f)) continue
    const severityOk = filter.severity === undefined || f.severity === filter.severity
    const ruleOk = filter.rule_id === undefined || f.rule_id === filter.rule_id
    if (ruleOk) by_severity[f.severity]++
    if (severityOk) by_rule[f.rule_id] = (by_rule[f.rule_id] ?? 0) + 1
    if (severityOk && ruleOk) items.push(f)
  }
  return { items, by_severity, by_rule }
}
