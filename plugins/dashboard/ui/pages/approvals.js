// Approval requests (CONTRACT §9, Enterprise): a failed gate asks; approvals:decide approves or rejects.
import { api, ApiError, optional } from '../api.js'
import { fmtTime, h, mount, notice, tableWrap } from '../dom.js'

export const title = () => 'Approvals'

export async function render(ctx) {
  const { data, missing } = await optional('/api/approvals', { query: { limit: 200 } })
  const heading = h('h1', { tabindex: '-1' }, 'Approvals')
  if (missing) {
    const why = missing.status === 404 ? 'Approvals are not available on this server.' : missing.message
    return h('div', { class: 'page approvals-page' }, heading, notice(why))
  }
  const status = h('div', { 'aria-live': 'polite' })

  function decideControls(a) {
    if (!ctx.can('approvals:decide') || a.status !== 'pending') return null
    if (a.requested_by === ctx.me.sub) return h('span', { class: 'help' }, 'You asked for it: someone else decides.')
    const id = `c-${a.id}`
    const comment = h('input', { id, type: 'text', autocomplete: 'off' })
    const decide = async (decision) => {
      try {
        await api(`/api/approvals/${encodeURIComponent(a.id)}`, { method: 'PATCH', body: { decision, comment: comment.value.trim() } })
        await ctx.refresh()
      } catch (e) {
        mount(status, notice(`Not ${decision === 'approve' ? 'approved' : 'rejected'} — ${e instanceof ApiError ? e.message : e}`, 'error'))
      }
    }
    return h(
      'div',
      { class: 'decide' },
      h('label', { for: id }, 'Comment'),
      comment,
      h('button', { type: 'button', 'data-decide': 'approve', onclick: () => decide('approve') }, 'Approve'),
      h('button', { type: 'button', class: 'danger', 'data-decide': 'reject', onclick: () => decide('reject') }, 'Reject'),
    )
  }

  const items = data.items ?? []
  return h(
    'div',
    { class: 'page approvals-page' },
    heading,
    h('p', { class: 'help' }, 'A gate that fails asks for approval when governance or the request says so; once approved, a later gate with the same blocking findings passes.'),
    status,
    items.length
      ? tableWrap(
          'Approval requests',
          h(
            'table',
            { class: 'approvals' },
            h('thead', {}, h('tr', {}, ['Request', 'Repository', 'Status', 'Asked by', 'Asked', 'Expires', 'Blocking', 'Decisions', ''].map((c) => h('th', { scope: 'col' }, c || h('span', { class: 'visually-hidden' }, 'Decide'))))),
            h(
              'tbody',
              {},
              items.map((a) =>
                h(
                  'tr',
                  { 'data-approval': a.id },
                  h('th', { scope: 'row' }, h('code', {}, a.id)),
                  h('td', {}, a.repo ?? '—'),
                  h('td', {}, h('span', { class: `badge approval-${a.status}` }, a.status)),
                  h('td', {}, a.requested_by ?? '—'),
                  h('td', { class: 'time' }, fmtTime(a.created_at)),
                  h('td', { class: 'time' }, fmtTime(a.expires_at)),
                  h('td', {}, String(a.blocking_fingerprints?.length ?? a.gate?.blocking ?? '—')),
                  h('td', {}, (a.decisions ?? []).map((d) => h('div', {}, `${d.decision} by ${d.by}${d.comment ? `: ${d.comment}` : ''}`))),
                  h('td', {}, decideControls(a)),
                ),
              ),
            ),
          ),
        )
      : h('p', { class: 'empty' }, 'No approval request yet.'),
  )
}
