// A rule: what it finds, how to fix it, the packs and controls that map it, and its fixture's examples.
import { api } from '../api.js'
import { h, severityBadge } from '../dom.js'

let shownTitle = 'Rule'
export const title = () => shownTitle

function examples(list, kind, heading, help) {
  const chosen = list.filter((e) => e.kind === kind)
  return h(
    'section',
    { class: 'card', 'aria-labelledby': `ex-${kind}` },
    h('h2', { id: `ex-${kind}` }, heading),
    h('p', { class: 'help' }, help),
    chosen.length
      ? h('ul', { class: 'examples', 'data-kind': kind }, chosen.map((e) => h('li', {}, h('span', { class: 'where' }, `${e.file}:${e.line}`), h('pre', { class: 'code', tabindex: '0' }, h('code', {}, e.code)))))
      : h('p', { class: 'empty' }, 'None in the fixture.'),
  )
}

export async function render(ctx) {
  const [id] = ctx.params
  const rule = await api(`/rules/${encodeURIComponent(id)}`)
  shownTitle = rule.id
  return h(
    'div',
    { class: 'page rule-page' },
    h('nav', { 'aria-label': 'Breadcrumb', class: 'crumbs' }, h('a', { href: '#/packs' }, 'Packs & rules'), ' › ', rule.id),
    h('h1', { tabindex: '-1' }, rule.name),
    h(
      'dl',
      { class: 'facts' },
      h('dt', {}, 'Id'), h('dd', {}, h('code', {}, rule.id)),
      h('dt', {}, 'Severity'), h('dd', {}, severityBadge(rule.severity)),
      h('dt', {}, 'Confidence'), h('dd', {}, rule.confidence),
      h('dt', {}, 'Languages'), h('dd', {}, rule.languages.join(', ')),
      h('dt', {}, 'Weakness'), h('dd', {}, [...rule.cwe, ...rule.owasp].join(', ') || '—'),
      h('dt', {}, 'Enabled'), h('dd', {}, rule.enabled ? 'yes' : 'no (no enabled pack maps it, or an override turned it off)'),
    ),
    h('section', { class: 'card', 'aria-labelledby': 'desc-h' }, h('h2', { id: 'desc-h' }, 'What it finds'), h('p', {}, rule.description), h('h3', {}, 'How to fix'), h('p', {}, rule.remediation)),
    h(
      'section',
      { class: 'card', 'aria-labelledby': 'packs-h' },
      h('h2', { id: 'packs-h' }, 'Packs and controls'),
      rule.standards.length
        ? h('ul', { class: 'standards' }, rule.standards.map((s) => h('li', {}, h('a', { href: `#/packs/${encodeURIComponent(s.pack)}` }, s.pack), ' — control ', h('strong', {}, s.control))))
        : h('p', { class: 'empty' }, 'No pack maps this rule.'),
    ),
    examples(rule.examples, 'ruleid', 'Reported', 'Lines of the rule’s fixture it must report.'),
    examples(rule.examples, 'ok', 'Not reported', 'Lines of the fixture it must leave alone.'),
  )
}
