// The description as the HTML Azure DevOps' rich-text fields hold: every value from a scan escaped, so a file name or
// a message can never become markup, a link or a mention; long values cut so an item stays readable.
import { escapeMarkup, type WorkItemContent } from '../../kernel/plugin.ts'

const MAX_MESSAGE = 500
const MAX_PATH = 500
const MAX_REMEDIATION = 4000

const cut = (s: string, max: number) => (s.length > max ? `${s.slice(0, max - 1)}…` : s)
/** A long path keeps its end: the file's name says more than the folders above it. */
const cutStart = (s: string, max: number) => (s.length > max ? `…${s.slice(s.length - max + 1)}` : s)

/** Text, one line. */
const text = (s: string) => escapeMarkup(s.replace(/\s*\r?\n\s*/g, ' '))
const code = (s: string) => `<code>${text(s)}</code>`

export function azureDescription(c: WorkItemContent): string {
  const ids = [...c.rule.cwe, ...c.rule.owasp].map(code)
  const parts = [
    `<p><b>Severity:</b> ${text(c.severity)} · <b>Rule:</b> ${code(c.rule.id)} ${text(c.rule.name)}${ids.length ? ` · ${ids.join(' ')}` : ''}</p>`,
    `<p>${text(c.summary)}:</p>`,
    '<ul>',
    ...c.locations.map((l) => `<li>${code(`${cutStart(l.file, MAX_PATH)}:${l.line}`)} ${text(cut(l.message, MAX_MESSAGE))}</li>`),
    ...(c.more ? [`<li>… and ${c.more} more</li>`] : []),
    '</ul>',
    '<h3>Remediation</h3>',
    // The remediation keeps its line breaks.
    `<p>${cut(c.remediation, MAX_REMEDIATION).split(/\r?\n/).map((line) => escapeMarkup(line)).join('<br>')}</p>`,
  ]
  if (c.standards.length) parts.push(`<p><b>Standards:</b> ${c.standards.map((s) => `${text(s.pack)} ${code(s.control)}`).join(' · ')}</p>`)
  const link = c.link && /^https?:\/\//i.test(c.link) ? ` (<a href="${escapeMarkup(c.link)}">findings</a>)` : ''
  parts.push(`<p>Last changed by guard scan ${code(c.scan_id)}${link}.</p>`)
  parts.push(
    '<p><i>guard keeps this work item: it updates it when the findings change, closes it when they are gone and reopens it when they come back, ' +
      'and finds it again by its <code>guard-…</code> tags (keep them). To accept a finding, suppress it in guard (<code>guard-ignore</code> or ' +
      '<code>.guard.yaml</code> suppressions) rather than closing this item.</i></p>',
  )
  return parts.join('\n')
}
