// A work item's content as an Atlassian Document Format document (Jira Cloud's REST v3 descriptions): structured
// nodes, so nothing needs escaping; text is only kept non-empty, on one line and free of control characters.
import type { WorkItemContent } from '../../kernel/plugin.ts'
import { FOOTER } from './text.ts'

type Mark = { type: 'strong' | 'em' | 'code' } | { type: 'link'; attrs: { href: string } }
export interface AdfText {
  type: 'text'
  text: string
  marks?: Mark[]
}
type Inline = AdfText | { type: 'hardBreak' }
type Block =
  | { type: 'paragraph'; content: Inline[] }
  | { type: 'heading'; attrs: { level: number }; content: Inline[] }
  | { type: 'bulletList'; content: { type: 'listItem'; content: Block[] }[] }

export interface AdfDocument {
  type: 'doc'
  version: 1
  content: Block[]
}

/** A text node, or none for an empty text (ADF refuses empty text nodes). */
function text(value: string, ...marks: Mark['type'][]): AdfText[] {
  const clean = oneLine(value)
  return clean ? [{ type: 'text', text: clean, ...(marks.length ? { marks: marks.map((type) => ({ type }) as Mark) } : {}) }] : []
}
const strong = (value: string) => text(value, 'strong')
const code = (value: string) => text(value, 'code')
const link = (value: string, href: string): AdfText[] => [{ type: 'text', text: value, marks: [{ type: 'link', attrs: { href } }] }]
const paragraph = (...content: Inline[][]): Block => ({ type: 'paragraph', content: content.flat() })

function oneLine(s: string): string {
  return s.replace(/\r?\n|\r/g, ' ').replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g, '')
}

/** Lines become hard breaks, blank lines new paragraphs. */
function paragraphs(s: string): Block[] {
  return s
    .split(/\r?\n\s*\r?\n/)
    .map((block) => block.split(/\r?\n/).flatMap((line, i): Inline[] => [...(i ? [{ type: 'hardBreak' as const }] : []), ...text(line)]))
    .filter((content) => content.some((n) => n.type === 'text'))
    .map((content) => ({ type: 'paragraph', content }))
}

export function adfDescription(c: WorkItemContent): AdfDocument {
  const ids = [...c.rule.cwe, ...c.rule.owasp]
  const items = [
    ...c.locations.map((l) => paragraph(code(`${l.file}:${l.line}`), text(` ${l.message}`))),
    ...(c.more ? [paragraph(text(`… and ${c.more} more`))] : []),
  ]
  const content: Block[] = [
    paragraph(strong('Severity:'), text(` ${c.severity} · `), strong('Rule:'), text(' '), code(c.rule.id), text(` ${c.rule.name}`), ...ids.flatMap((id, i) => [text(i ? ' ' : ' · '), code(id)])),
    paragraph(text(`${c.summary}:`)),
    ...(items.length ? [{ type: 'bulletList' as const, content: items.map((p) => ({ type: 'listItem' as const, content: [p] })) }] : []),
    { type: 'heading', attrs: { level: 3 }, content: text('Remediation') },
    ...paragraphs(c.remediation),
  ]
  if (c.standards.length) content.push(paragraph(strong('Standards:'), ...c.standards.flatMap((s, i) => [text(`${i ? ' · ' : ' '}${s.pack} `), code(s.control)])))
  content.push(paragraph(text('Last changed by guard scan '), code(c.scan_id), ...(c.link ? [text(' ('), link('findings', c.link), text(')')] : []), text('.')))
  content.push(paragraph(...FOOTER.map((part) => (part.code ? code(part.text) : text(part.text, 'em')))))
  return { type: 'doc', version: 1, content }
}
