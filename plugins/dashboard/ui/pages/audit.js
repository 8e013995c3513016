// The audit log: filters, newest first, and whether the hash chain still verifies.
import { api } from '../api.js'
import { fmtNumber, fmtTime, h, mount, notice, tableWrap } from '../dom.js'

export const title = () => 'Audit log'

const FIELDS = [
  { key: 'actor', label: 'Actor', type: 'text' },
  { key: 'action', label: 'Action', type: 'text', placeholder: 'e.g. scan, config, suppressions.create' },
  { key: 'since', label: 'From', type: 'date' },
  { key: 'until', label: 'Until', type: 'date' },
]

export async function render() {
  const filter = {}
  let back = []
  let cursor = ''
  const verification = h('div', { id: 'audit-verify', 'aria-live': 'polite' })
  const results = h('div')
  const summary = h('p', { class: 'summary', 'aria-live': 'polite' })
  const pager = h('div', { class: 'pager' })

  const verify = await api('/api/audit/verify')
  mount(
    verification,
    verify.valid
      ? notice(`Chain verified: ${fmtNumber(verify.entries)} entries, each hashing the one before.`, 'success')
      : notice(`Chain broken: entry ${verify.first_bad_id} was altered or removed (${fmtNumber(verify.entries)} entries checked).`, 'error'),
  )

  async function load() {
    const q = { ...filter, limit: 50, cursor }
    // A date alone means the whole day: `until` reaches its last instant.
    if (q.until) q.until = `${q.until}T23:59:59.999Z`
    const page = await api('/api/audit', { query: q })
    mount(summary, `${fmtNumber(page.total)} entries match`)
    mount(
      results,
      page.items.length
        ? tableWrap(
            'Audit entries',
            h(
              'table',
              { class: 'audit' },
              h('thead', {}, h('tr', {}, ['#', 'Time', 'Actor', 'Role', 'Auth', 'Action', 'Target', 'Outcome', 'Status'].map((c) => h('th', { scope: 'col' }, c)))),
              h(
                'tbody',
                {},
                page.items.map((e) =>
                  h(
                    'tr',
                    { 'data-action': e.action },
                    h('td', {}, String(e.id)),
                    h('td', { class: 'time' }, fmtTime(e.at)),
                    h('td', {}, e.actor),
                    h('td', {}, e.role ?? '—'),
                    h('td', {}, e.auth_method),
                    h('td', {}, h('code', {}, e.action)),
                    h('td', { class: 'target' }, e.target ?? '—'),
                    h('td', {}, h('span', { class: `badge outcome-${e.outcome}` }, e.outcome)),
                    h('td', {}, String(e.status)),
                  ),
                ),
              ),
            ),
          )
        : h('p', { class: 'empty' }, 'No entry matches.'),
    )
    mount(
      pager,
      h('button', { type: 'button', class: 'secondary', disabled: !back.length, onclick: () => ((cursor = back.pop()), load()) }, 'Newer'),
      h('button', { type: 'button', class: 'secondary', disabled: !page.next_cursor, onclick: () => (back.push(cursor), (cursor = page.next_cursor), load()) }, 'Older'),
    )
  }

  const inputs = FIELDS.map((f) => h('input', { id: `a-${f.key}`, name: f.key, type: f.type, placeholder: f.placeholder, autocomplete: 'off' }))
  const form = h(
    'form',
    {
      role: 'search',
      'aria-label': 'Filter the audit log',
      class: 'filters',
      onsubmit: async (event) => {
        event.preventDefault()
        FIELDS.forEach((f, i) => (filter[f.key] = inputs[i].value.trim() || undefined))
        back = []
        cursor = ''
        await load()
      },
    },
    FIELDS.map((f, i) => h('div', { class: 'field' }, h('label', { for: `a-${f.key}` }, f.label), inputs[i])),
    h('div', { class: 'field actions' }, h('button', { type: 'submit' }, 'Apply')),
  )
  await load()
  return h('div', { class: 'page audit-page' }, h('h1', { tabindex: '-1' }, 'Audit log'), verification, form, summary, results, pager)
}
