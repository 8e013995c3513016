// Packs: every pack, built-in and custom; an admin (config:write) enables or disables them for the server's scans.
import { api } from '../api.js'
import { fmtNumber, h, mount, notice, tableWrap } from '../dom.js'

export const title = () => 'Packs & rules'

export async function render(ctx) {
  const mayToggle = ctx.can('config:write')
  const [packs, config] = await Promise.all([api('/api/packs', { query: { limit: 1000 } }), mayToggle ? api('/api/config') : null])
  const status = h('div', { 'aria-live': 'polite' })

  async function toggle(pack) {
    const enabled = new Set(config.packs ?? packs.items.filter((p) => p.enabled).map((p) => p.id))
    if (pack.enabled) enabled.delete(pack.id)
    else enabled.add(pack.id)
    try {
      await api('/api/config', { method: 'POST', body: { packs: packs.items.map((p) => p.id).filter((id) => enabled.has(id)) } })
      await ctx.refresh()
    } catch (e) {
      mount(status, notice(`${pack.enabled ? 'Not disabled' : 'Not enabled'} — ${e.message}`, 'error'))
    }
  }

  return h(
    'div',
    { class: 'page packs-page' },
    h('h1', { tabindex: '-1' }, 'Packs & rules'),
    h('p', { class: 'help' }, 'A pack maps rules to the controls of a standard. Enabled packs decide which rules the server’s scans run.'),
    status,
    tableWrap(
      'Packs',
      h(
        'table',
        { class: 'packs' },
        h('thead', {}, h('tr', {}, ['Pack', 'Name', 'Version', 'Tier', 'Kind', 'Rules', 'Enabled'].map((c) => h('th', { scope: 'col' }, c)))),
        h(
          'tbody',
          {},
          packs.items.map((p) =>
            h(
              'tr',
              { 'data-pack': p.id },
              h('th', { scope: 'row' }, h('a', { href: `#/packs/${encodeURIComponent(p.id)}` }, p.id)),
              h('td', {}, p.name),
              h('td', {}, p.version),
              h('td', {}, p.tier),
              h('td', {}, p.builtin ? 'built-in' : 'custom'),
              h('td', {}, fmtNumber(p.rule_count)),
              h(
                'td',
                {},
                h('span', { class: `badge ${p.enabled ? 'gate-pass' : 'muted'}` }, p.enabled ? 'enabled' : 'disabled'),
                mayToggle ? [' ', h('button', { type: 'button', class: 'secondary small', 'data-toggle': p.id, onclick: () => toggle(p) }, p.enabled ? `Disable ${p.id}` : `Enable ${p.id}`)] : null,
              ),
            ),
          ),
        ),
      ),
    ),
  )
}
