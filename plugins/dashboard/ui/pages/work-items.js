// Work items (CONTRACT §11): what the configured provider tracks for findings; devops:write reconciles them.
import { api, optional } from '../api.js'
import { fmtTime, h, mount, notice, severityBadge, tableWrap } from '../dom.js'

export const title = () => 'Work items'

export async function render(ctx) {
  const heading = h('h1', { tabindex: '-1' }, 'Work items')
  const { data, missing } = await optional('/api/work-items', { query: { limit: 500 } })
  if (missing) return h('div', { class: 'page' }, heading, notice(missing.status === 404 ? 'Work items are not available on this server.' : missing.message))
  const status = h('div', { 'aria-live': 'polite' })

  async function reconcile(dryRun) {
    try {
      const r = await api('/api/reconcile', { method: 'POST', body: { dry_run: dryRun } })
      // A dry run counts nothing as done: its plan is the list of actions.
      const planned = (kind) => (r.actions ?? []).filter((a) => a.action === kind).length
      const counts = `${planned('create')} to create, ${planned('update')} to update, ${planned('reopen')} to reopen, ${planned('close')} to close`
      if (dryRun) mount(status, notice(`Dry run for ${r.repo ?? 'the latest scan'}: ${counts}.`), h('button', { type: 'button', 'data-testid': 'reconcile-apply', onclick: () => reconcile(false) }, 'Apply'))
      else await ctx.refresh()
    } catch (e) {
      mount(status, notice(`Not reconciled — ${e.message}`, 'error'))
    }
  }

  const items = data.items ?? []
  return h(
    'div',
    { class: 'page work-items-page' },
    heading,
    ctx.can('devops:write') ? h('div', { class: 'toolbar' }, h('button', { type: 'button', 'data-testid': 'reconcile-preview', onclick: () => reconcile(true) }, 'Reconcile with the latest scan…')) : null,
    status,
    items.length
      ? tableWrap(
          'Work items',
          h(
            'table',
            {},
            h('thead', {}, h('tr', {}, ['Item', 'State', 'Provider', 'Repository', 'Rule', 'Severity', 'Findings', 'Updated'].map((c) => h('th', { scope: 'col' }, c)))),
            h(
              'tbody',
              {},
              items.map((w) =>
                h(
                  'tr',
                  { 'data-item': w.id },
                  h('th', { scope: 'row' }, w.url ? h('a', { href: w.url, rel: 'noreferrer noopener', target: '_blank' }, w.title ?? w.id) : w.title ?? w.id),
                  h('td', {}, w.state ?? '—'),
                  h('td', {}, w.provider ?? '—'),
                  h('td', {}, w.repo ?? '—'),
                  h('td', {}, w.rule_id ? h('code', {}, w.rule_id) : '—'),
                  h('td', {}, w.severity ? severityBadge(w.severity) : '—'),
                  h('td', {}, String(w.findings ?? '—')),
                  h('td', { class: 'time' }, fmtTime(w.updated_at)),
                ),
              ),
            ),
          ),
        )
      : h('p', { class: 'empty' }, 'No work item yet.'),
  )
}
