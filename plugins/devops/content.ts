// What should exist: a scan's unsuppressed findings grouped into work items (per rule, file or finding), each with
// its marker key, title, labels, Markdown description and the digest that says whether its content changed.
import { createHash } from 'node:crypto'
import { SEVERITIES, type Finding, type Severity, type StoredScan, type WorkItemContent, type WorkItemDraft } from '../../kernel/plugin.ts'

export type GroupBy = 'rule' | 'file' | 'finding'

export interface DraftOptions {
  groupBy: GroupBy
  /** `devops.labels`: added to every item. */
  labels: string[]
  /** `devops.public_url`: items link back to their findings there. */
  publicUrl?: string
}

/** Locations listed in one item; the rest are counted ("and 12 more"). */
export const MAX_LOCATIONS = 50
const MAX_TITLE = 200

const sha = (text: string) => createHash('sha256').update(text).digest('hex')

/** The start of every key of one repository's items: the items `list` returns for this repository. */
export function repoPrefix(repo: string): string {
  return `${sha(repo).slice(0, 12)}:`
}

/** The rule id a key names (`<repo>:<rule>[:…]`). */
export function ruleOfKey(key: string): string {
  return key.split(':')[1] ?? ''
}

function groupKey(prefix: string, f: Finding, groupBy: GroupBy): string {
  if (groupBy === 'rule') return `${prefix}${f.rule_id}`
  if (groupBy === 'file') return `${prefix}${f.rule_id}:f${sha(f.file).slice(0, 16)}`
  return `${prefix}${f.rule_id}:p${/^[0-9a-f]{8,64}$/.test(f.id) ? f.id : sha(f.id).slice(0, 32)}`
}

/** Where the findings are, for a title: the file (per file or finding), after the repository unless it is the root. */
function place(repo: string, findings: Finding[], groupBy: GroupBy): string {
  const file = groupBy === 'rule' ? '' : groupBy === 'file' ? findings[0].file : `${findings[0].file}:${findings[0].line}`
  const repoName = repo === '.' ? '' : repo === 'inline' ? 'inline files' : repo
  return [repoName, file].filter(Boolean).join(' › ')
}

/** The drafts of every work item a scan calls for, by key. */
export function draftsFor(scan: StoredScan, opts: DraftOptions): Map<string, WorkItemDraft> {
  const prefix = repoPrefix(scan.target)
  const groups = new Map<string, Finding[]>()
  for (const f of scan.result.findings) {
    if (f.suppressed) continue
    const key = groupKey(prefix, f, opts.groupBy)
    groups.set(key, [...(groups.get(key) ?? []), f])
  }
  const rules = new Map(scan.rules.map((r) => [r.id, r]))
  const drafts = new Map<string, WorkItemDraft>()
  for (const [key, findings] of [...groups].sort(([a], [b]) => a.localeCompare(b))) {
    const first = findings[0]
    const rule = rules.get(first.rule_id)
    const severity = SEVERITIES.find((s) => findings.some((f) => f.severity === s)) as Severity
    const sorted = [...findings].sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line || a.column - b.column)
    const where = place(scan.target, findings, opts.groupBy)
    const name = rule?.name ?? first.rule_id
    const standards = [...new Map(findings.flatMap((f) => f.standards).map((s) => [`${s.pack}\0${s.control}`, s])).values()].sort((a, b) => a.pack.localeCompare(b.pack) || a.control.localeCompare(b.control))
    const content: WorkItemContent = {
      summary: `${findings.length} finding${findings.length === 1 ? '' : 's'} of ${name} (${severity})${where ? ` in ${where}` : ''}`,
      rule: { id: first.rule_id, name, cwe: rule?.cwe ?? first.cwe, owasp: rule?.owasp ?? first.owasp },
      severity,
      repo: scan.target,
      locations: sorted.slice(0, MAX_LOCATIONS).map((f) => ({ file: f.file, line: f.line, message: f.message })),
      more: Math.max(0, sorted.length - MAX_LOCATIONS),
      remediation: rule?.remediation ?? first.remediation,
      standards,
      link: opts.publicUrl ? findingsLink(opts.publicUrl, scan.id, first, opts.groupBy) : null,
      scan_id: scan.id,
    }
    const title = cut(`[guard] ${name}${where ? ` in ${where}` : ''}`, MAX_TITLE)
    const labels = [...new Set(['guard', `severity:${severity}`, `rule:${first.rule_id}`, ...opts.labels])]
    drafts.set(key, { key, digest: contentDigest(title, labels, content), title, severity, rule_id: first.rule_id, labels, description: markdownOf(content), content })
  }
  return drafts
}

/** The content the service owns, without what changes every scan (the scan id, the link): equal digests, nothing to write. */
function contentDigest(title: string, labels: string[], c: WorkItemContent): string {
  return sha(JSON.stringify([title, [...labels].sort(), c.summary, c.rule, c.severity, c.repo, c.locations, c.more, c.remediation, c.standards])).slice(0, 16)
}

function findingsLink(publicUrl: string, scanId: string, f: Finding, groupBy: GroupBy): string {
  const q = new URLSearchParams({ scan_id: scanId, rule_id: f.rule_id, ...(groupBy === 'rule' ? {} : { file: f.file }) })
  return `${publicUrl.replace(/\/+$/, '')}/api/findings?${q}`
}

/** The description in Markdown: what, where, how to fix, which standards, and where it came from. */
export function markdownOf(c: WorkItemContent): string {
  const ids = [...c.rule.cwe, ...c.rule.owasp].map(code)
  const lines = [
    `**Severity:** ${c.severity} · **Rule:** ${code(c.rule.id)} ${text(c.rule.name)}${ids.length ? ` · ${ids.join(' ')}` : ''}`,
    '',
    `${text(c.summary)}:`,
    '',
    ...c.locations.map((l) => `- ${code(`${l.file}:${l.line}`)} ${text(l.message)}`),
    ...(c.more ? [`- … and ${c.more} more`] : []),
    '',
    '**Remediation**',
    '',
    text(c.remediation.trim()),
  ]
  if (c.standards.length) lines.push('', `**Standards:** ${c.standards.map((s) => `${text(s.pack)} ${code(s.control)}`).join(' · ')}`)
  lines.push('', `Last changed by guard scan ${code(c.scan_id)}${c.link ? ` ([findings](${c.link}))` : ''}.`)
  lines.push('', '_guard keeps this item: it updates it when the findings change, closes it when they are gone and reopens it when they come back. To accept a finding, suppress it in guard (`guard-ignore` or `.guard.yaml` suppressions) rather than closing this item._')
  return lines.join('\n')
}

/** Plain text that stays plain: Markdown and HTML characters escaped, `@` mentions defused (nobody is notified). */
function text(s: string): string {
  return s.replace(/[\\`*_{}[\]<>#|~!]/g, (c) => `\\${c}`).replace(/@/g, '@\u200b').replace(/\r?\n/g, ' ')
}

/** A code span holding any text (a backtick inside gets a longer fence). */
function code(s: string): string {
  const longest = Math.max(0, ...(s.match(/`+/g) ?? []).map((m) => m.length))
  const fence = '`'.repeat(longest + 1)
  return longest ? `${fence} ${s.replace(/\r?\n/g, ' ')} ${fence}` : `${fence}${s.replace(/\r?\n/g, ' ')}${fence}`
}

function cut(s: string, max: number): string {
  return s.length > max ? `${s.slice(0, max - 1)}…` : s
}
