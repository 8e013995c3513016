// A pack: its controls and the rules mapped to each; packs:manage may change a rule's severity or turn it off.
import { api } from '../api.js'
import { h, mount, notice, SEVERITIES, severityBadge, tableWrap } from '../dom.js'

let shownTitle = 'Pack'
export const title = () => shownTitle

export async function render(ctx) {
  const [id] = ctx.params
  const pack = await api(`/api/packs/${encodeURIComponent(id)}`)
  shownTitle = pack.name
  const manage = ctx.can('packs:manage')
  const status = h('div', { 'aria-live': 'polite' })

  async function override(rule, change, what) {
    try {
      await api(`/api/packs/${encodeURIComponent(pack.id)}/overrides`, { method: 'POST', body: { rules: { [rule.id]: change } } })
      mount(status, notice(`${rule.id}: ${what}. The next scan applies it.`, 'success'))
    } catch (e) {
      mount(status, notice(`${rule.id} not changed — ${e.message}`, 'error'))
    }
  }

  function ruleRow(rule) {
    const sevId = `sev-${rule.id}`
    const enId = `en-${rule.id}`
    return h(
      'tr',
      { 'data-rule': rule.id },
      h('th', { scope: 'row' }, h('a', { href: `#/rules/${encodeURIComponent(rule.id)}` }, rule.id)),
      h('td', {}, rule.name),
      h(
        'td',
        {},
        manage
          ? [h('label', { for: sevId, class: 'visually-hidden' }, `Severity of ${rule.id}`),
             h('select', { id: sevId, 'data-severity': rule.id, onchange: (e) => override(rule, { severity: e.target.value }, `severity set to ${e.target.value}`) }, SEVERITIES.map((s) => h('option', { value: s, selected: s === rule.severity }, s)))]
          : severityBadge(rule.severity),
      ),
      h(
        'td',
        {},
        manage
          ? [h('input', { type: 'checkbox', id: enId, checked: rule.enabled, 'data-enabled': rule.id, onchange: (e) => override(rule, { enabled: e.target.checked }, e.target.checked ? 'enabled' : 'disabled') }),
             h('label', { for: enId, class: 'visually-hidden' }, `${rule.id} enabled`)]
          : rule.enabled ? 'yes' : 'no',
      ),
    )
  }

  return h(
    'div',
    { class: 'page pack-page' },
    h('nav', { 'aria-label': 'Breadcrumb', class: 'crumbs' }, h('a', { href: '#/packs' }, 'Packs & rules'), ' › ', pack.id),
    h('h1', { tabindex: '-1' }, pack.name),
    h('p', {}, pack.description ?? ''),
    h(
      'dl',
      { class: 'facts' },
      h('dt', {}, 'Id'), h('dd', {}, h('code', {}, pack.id)),
      h('dt', {}, 'Version'), h('dd', {}, pack.version),
      h('dt', {}, 'Tier'), h('dd', {}, pack.tier),
      h('dt', {}, 'Enabled'), h('dd', {}, pack.enabled ? 'yes' : 'no'),
      h('dt', {}, 'Rules'), h('dd', {}, String(pack.rule_count)),
    ),
    manage ? h('p', { class: 'help' }, 'Changes are overrides: a built-in pack’s go to the server’s .guard.yaml rules, a custom pack’s to its overrides.yaml.') : null,
    status,
    pack.controls.length
      ? pack.controls.map((c, i) =>
          h(
            'section',
            { class: 'card', 'aria-labelledby': `control-${i}` },
            h('h2', { id: `control-${i}` }, `Control ${c.control}`),
            tableWrap(
              `Rules of control ${c.control}`,
              h('table', { class: 'rules' }, h('thead', {}, h('tr', {}, ['Rule', 'Name', 'Severity', 'Enabled'].map((x) => h('th', { scope: 'col' }, x)))), h('tbody', {}, c.rules.map(ruleRow))),
            ),
          ),
        )
      : h('p', { class: 'empty' }, 'This pack maps no rule.'),
  )
}
