// A finding: the code around it, its taint path, the rule, the standards it maps to, its history, and the actions
// the caller's role may take (suppress, reconcile work items).
import { api, ApiError, optional } from '../api.js'
import { fmtTime, h, hashLink, mount, notice, severityBadge } from '../dom.js'

let shownTitle = 'Finding'
export const title = () => shownTitle

/** A file path as a glob that matches only itself (picomatch's special characters escaped). */
export function literalGlob(file) {
  return file.replace(/[\\*?[\]{}()!+@]/g, '\\$&')
}

function section(id, heading, ...body) {
  return h('section', { 'aria-labelledby': id, class: 'card' }, h('h2', { id }, heading), ...body)
}

function codeView(source, finding) {
  if (!source?.available) {
    return [
      notice(source ? `${source.reason} The snippet stored with the scan is shown.` : 'The code could not be read; the snippet stored with the scan is shown.'),
      h('pre', { class: 'code snippet', tabindex: '0', 'aria-label': 'Stored snippet' }, h('code', {}, finding.snippet)),
    ]
  }
  return [
    source.changed ? notice('The file has changed since this scan: these are its lines now, and they may no longer be the ones the scan reported. The snippet as scanned is below.', 'warning') : null,
    h(
      'pre',
      { class: 'code', tabindex: '0', 'aria-label': `${finding.file}, lines ${source.start_line} to ${source.start_line + source.lines.length - 1}` },
      h('code', {}, source.lines.map((l) => h('span', { class: l.highlight ? 'line hl' : 'line', 'data-line': l.line }, h('span', { class: 'ln', 'aria-hidden': 'true' }, String(l.line)), l.highlight ? h('mark', {}, l.text) : l.text, '\n'))),
    ),
    source.changed ? h('pre', { class: 'code snippet', tabindex: '0', 'aria-label': 'Snippet as scanned' }, h('code', {}, finding.snippet)) : null,
  ]
}

function traceView(trace) {
  return h(
    'ol',
    { class: 'trace' },
    trace.map((step, i) =>
      h('li', {}, h('span', { class: 'badge muted' }, i === 0 ? 'source' : i === trace.length - 1 ? 'sink' : `step ${i}`), ' ', h('code', {}, `${step.file}:${step.line}:${step.column}`), ' ', step.note),
    ),
  )
}

function historyView(history) {
  const label = { first_seen: 'First seen', fixed: 'Fixed', reintroduced: 'Reintroduced' }
  return [
    h(
      'dl',
      { class: 'facts' },
      h('dt', {}, 'First seen'), h('dd', {}, history.first_seen ? fmtTime(history.first_seen.started_at) : '—'),
      h('dt', {}, 'Last seen'), h('dd', {}, history.last_seen ? fmtTime(history.last_seen.started_at) : '—'),
      h('dt', {}, 'In the latest scan'), h('dd', {}, history.present_in_latest ? 'yes, still open' : 'no, fixed'),
      h('dt', {}, 'Scans compared'), h('dd', {}, `${history.scans_examined} of ${history.target}`),
    ),
    h('ol', { class: 'events' }, history.events.map((e) => h('li', { 'data-kind': e.kind }, h('strong', {}, label[e.kind]), ' ', h('a', { href: hashLink('/findings', { scan_id: e.scan_id }) }, fmtTime(e.started_at))))),
  ]
}

function suppressForm(ctx, finding, governance) {
  const policy = governance?.suppressions ?? { reason_required: false, max_expiry_days: null }
  const today = new Date().toISOString().slice(0, 10)
  const max = policy.max_expiry_days ? new Date(Date.now() + policy.max_expiry_days * 86_400_000).toISOString().slice(0, 10) : undefined
  const status = h('div', { 'aria-live': 'polite' })
  const reason = h('textarea', { id: 's-reason', name: 'reason', rows: '2', required: policy.reason_required, maxlength: '2000' })
  const expires = h('input', { id: 's-expires', name: 'expires', type: 'date', min: today, max, required: Boolean(max) })
  const scopeFile = h('input', { type: 'radio', name: 'scope', id: 's-scope-file', value: 'file', checked: true })
  const scopeAll = h('input', { type: 'radio', name: 'scope', id: 's-scope-all', value: 'all' })
  return h(
    'form',
    {
      class: 'suppress',
      'data-testid': 'suppress-form',
      onsubmit: async (event) => {
        event.preventDefault()
        const body = { rule_id: finding.rule_id, ...(scopeFile.checked ? { path: literalGlob(finding.file) } : {}), ...(reason.value.trim() ? { reason: reason.value.trim() } : {}), ...(expires.value ? { expires: expires.value } : {}) }
        try {
          const added = await api('/api/suppressions', { method: 'POST', body })
          mount(status, notice(`Suppressed: entry ${added.index + 1} of .guard.yaml suppressions, by ${added.by}${added.expires ? `, until ${added.expires}` : ''}. It applies from the next scan.`, 'success'))
          event.target.querySelector('button[type=submit]').disabled = true
        } catch (e) {
          const detail = e instanceof ApiError && e.errors.length ? `: ${e.errors.map((x) => x.message).join('; ')}` : ''
          mount(status, notice(`Not suppressed — ${e.message}${detail}`, 'error'))
        }
      },
    },
    h('fieldset', {}, h('legend', {}, 'Scope'),
      h('div', { class: 'radio' }, scopeFile, h('label', { for: 's-scope-file' }, 'This rule in ', h('code', {}, finding.file))),
      h('div', { class: 'radio' }, scopeAll, h('label', { for: 's-scope-all' }, 'This rule in every file'))),
    h('label', { for: 's-reason' }, `Reason${policy.reason_required ? ' (required by governance)' : ''}`),
    reason,
    h('label', { for: 's-expires' }, `Expires${max ? ` (at most ${policy.max_expiry_days} days)` : ' (optional)'}`),
    expires,
    h('button', { type: 'submit' }, 'Suppress'),
    status,
  )
}

async function workItemsPanel(ctx, finding) {
  const { data, missing } = await optional('/api/work-items', { query: { rule_id: finding.rule_id, limit: 100 } })
  if (missing) return notice(missing.status === 404 ? 'Work items are not available on this server.' : `Work items: ${missing.message}`)
  const mine = (data.items ?? []).filter((w) => w.rule_id === finding.rule_id)
  const status = h('div', { 'aria-live': 'polite' })
  return h(
    'div',
    { 'data-testid': 'work-items' },
    mine.length
      ? h('ul', {}, mine.map((w) => h('li', {}, w.url ? h('a', { href: w.url, rel: 'noreferrer noopener', target: '_blank' }, w.title ?? w.id) : w.title ?? w.id, w.state ? ` — ${w.state}${w.repo ? ` in ${w.repo}` : ''}` : '')))
      : h('p', { class: 'empty' }, 'No work item tracks this finding yet.'),
    ctx.can('devops:write')
      ? h('button', { type: 'button', 'data-testid': 'reconcile', onclick: async () => {
          try {
            const r = await api('/api/reconcile', { method: 'POST', body: { dry_run: false, scan_id: finding.scan_id } })
            mount(status, notice(`Work items reconciled: ${r.created} created, ${r.updated} updated, ${r.reopened} reopened, ${r.closed} closed.`, 'success'))
          } catch (e) {
            mount(status, notice(`Not reconciled — ${e.message}`, 'error'))
          }
        } }, 'Open work items for this scan')
      : null,
    status,
  )
}

export async function render(ctx) {
  const [id] = ctx.params
  const scanId = ctx.query.scan_id || undefined
  const finding = await api(`/api/findings/${encodeURIComponent(id)}`, { query: { scan_id: scanId } })
  const q = { scan_id: finding.scan_id }
  const [source, history, ruleInfo, governance] = await Promise.all([
    api(`/api/findings/${encodeURIComponent(id)}/source`, { query: q }).catch(() => null),
    api(`/api/findings/${encodeURIComponent(id)}/history`, { query: q }).catch(() => null),
    optional(`/rules/${encodeURIComponent(finding.rule_id)}`).then((r) => r.data),
    ctx.can('governance:write') && ctx.can('config:read') ? api('/api/governance').catch(() => null) : null,
  ])
  shownTitle = `${finding.rule_id} in ${finding.file}`
  const actions = []
  if (ctx.can('governance:write')) actions.push(h('h3', {}, 'Suppress'), finding.suppressed ? notice(`Already suppressed (${finding.suppression?.source}${finding.suppression?.reason ? `: ${finding.suppression.reason}` : ''}).`) : suppressForm(ctx, finding, governance))
  if (ctx.can('devops')) actions.push(h('h3', {}, 'Work items'), await workItemsPanel(ctx, finding))

  return h(
    'div',
    { class: 'page finding-page' },
    h('nav', { 'aria-label': 'Breadcrumb', class: 'crumbs' }, h('a', { href: hashLink('/findings', q) }, 'Findings'), ' › ', finding.rule_id),
    h('h1', { tabindex: '-1' }, finding.message),
    h(
      'dl',
      { class: 'facts' },
      h('dt', {}, 'Severity'), h('dd', {}, severityBadge(finding.severity)),
      h('dt', {}, 'Rule'), h('dd', {}, h('a', { href: `#/rules/${encodeURIComponent(finding.rule_id)}` }, finding.rule_id)),
      h('dt', {}, 'Location'), h('dd', {}, h('code', {}, `${finding.file}:${finding.line}:${finding.column}`)),
      h('dt', {}, 'Confidence'), h('dd', {}, finding.confidence),
      h('dt', {}, 'Weakness'), h('dd', {}, [...finding.cwe, ...finding.owasp].join(', ') || '—'),
      h('dt', {}, 'Suppressed'), h('dd', {}, finding.suppressed ? `yes (${finding.suppression?.source}${finding.suppression?.reason ? `: ${finding.suppression.reason}` : ''}${finding.suppression?.expires ? `, until ${finding.suppression.expires}` : ''})` : 'no'),
      finding.commit ? [h('dt', {}, 'Commit'), h('dd', {}, h('code', {}, finding.commit))] : null,
    ),
    section('code-h', 'Code', ...codeView(source, finding)),
    finding.trace?.length ? section('trace-h', 'Taint path', h('p', { class: 'help' }, 'How untrusted data reaches the sink, step by step.'), traceView(finding.trace)) : null,
    section(
      'rule-h',
      'Rule',
      ruleInfo ? h('p', {}, ruleInfo.description) : null,
      h('h3', {}, 'How to fix'),
      h('p', { class: 'remediation' }, ruleInfo?.remediation ?? finding.remediation),
    ),
    section(
      'std-h',
      'Standards',
      finding.standards.length
        ? h('ul', { class: 'standards' }, finding.standards.map((s) => h('li', {}, h('a', { href: `#/packs/${encodeURIComponent(s.pack)}` }, s.pack), ' — control ', h('strong', {}, s.control))))
        : h('p', { class: 'empty' }, 'No enabled pack maps this rule.'),
    ),
    section('hist-h', 'History', ...(history ? historyView(history) : [notice('The history could not be read.')])),
    actions.length ? section('act-h', 'Actions', ...actions) : null,
  )
}
