// A work item's content as Jira wiki markup (Data Center's REST v2 descriptions). Text from the scanned code (messages,
// paths) is escaped so that it stays text: no effects, no links, no macros, no `[~user]` mentions.
import type { WorkItemContent } from '../../kernel/plugin.ts'
import { FOOTER } from './text.ts'

/** Characters with a meaning in wiki markup, escaped by a backslash; a backslash itself is an entity (`\\` is a line break). */
export function escapeWiki(s: string): string {
  return s
    .replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, '')
    .replace(/\r?\n|\r/g, ' ')
    .replace(/[\\{}[\]|*_\-+^~?!#]/g, (c) => (c === '\\' ? '&#92;' : `\\${c}`))
}

/** `{{monospace}}`, empty when the text is. */
const mono = (s: string) => (s ? `{{${escapeWiki(s)}}}` : '')

/** A link's target: the characters that would end `[text|url]` percent-encoded. */
const href = (url: string) => url.replace(/[[\]|{}\s]/g, (c) => encodeURIComponent(c))

export function wikiDescription(c: WorkItemContent): string {
  const ids = [...c.rule.cwe, ...c.rule.owasp].map(mono)
  const lines = [
    `*Severity:* ${escapeWiki(c.severity)} · *Rule:* ${mono(c.rule.id)} ${escapeWiki(c.rule.name)}${ids.length ? ` · ${ids.join(' ')}` : ''}`,
    '',
    `${escapeWiki(c.summary)}:`,
    '',
    ...c.locations.map((l) => `* ${mono(`${l.file}:${l.line}`)} ${escapeWiki(l.message)}`),
    ...(c.more ? [`* … and ${c.more} more`] : []),
    '',
    'h3. Remediation',
    '',
    // Lines of the remediation stay lines (a single newline is a line break in wiki markup); each is escaped.
    ...c.remediation.split(/\r?\n/).map(escapeWiki),
  ]
  if (c.standards.length) lines.push('', `*Standards:* ${c.standards.map((s) => `${escapeWiki(s.pack)} ${mono(s.control)}`).join(' · ')}`)
  lines.push('', `Last changed by guard scan ${mono(c.scan_id)}${c.link ? ` ([findings|${href(c.link)}])` : ''}.`)
  lines.push('', `_${FOOTER.map((part) => (part.code ? mono(part.text) : escapeWiki(part.text))).join('')}_`)
  return lines.join('\n')
}
