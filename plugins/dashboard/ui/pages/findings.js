// Findings: one stored scan's findings, filtered, searched, sorted and paged by the server (never fetched whole).
import { api } from '../api.js'
import { fmtNumber, fmtTime, h, hashLink, mount, notice, SEVERITIES, severityBadge, tableWrap } from '../dom.js'

export const title = () => 'Findings'

const FILTERS = ['scan_id', 'severity', 'rule_id', 'pack', 'file', 'status', 'suppressed', 'q', 'sort']
const PAGE_SIZES = [25, 50, 100]
const COLUMNS = [
  { key: 'severity', label: 'Severity' },
  { key: 'rule_id', label: 'Rule' },
  { key: 'file', label: 'Location' },
  { key: null, label: 'Message' },
  { key: null, label: 'Status' },
]

function select(id, label, options, value, onchange) {
  return h(
    'div',
    { class: 'field' },
    h('label', { for: id }, label),
    h('select', { id, name: id, onchange }, options.map(([v, text]) => h('option', { value: v, selected: v === (value ?? '') }, text))),
  )
}

export async function render(ctx) {
  const state = Object.fromEntries(FILTERS.map((k) => [k, ctx.query[k] ?? '']))
  state.sort ||= 'severity'
  let limit = 50
  /** Cursors of the pages before this one (the API pages forward only). */
  let back = []
  let cursor = ''
  let asked = 0

  const query = () => ({ ...Object.fromEntries(FILTERS.map((k) => [k, state[k]])), limit, cursor })
  // The first page is asked for with the lists the bar needs, not after them.
  const [scans, packs, firstPage] = await Promise.all([api('/api/scans', { query: { limit: 100 } }), api('/api/packs', { query: { limit: 1000 } }), api('/api/findings', { query: query() })])
  const summary = h('p', { id: 'findings-summary', class: 'summary', 'aria-live': 'polite' })
  const results = h('div', { id: 'findings-results' })
  const filters = h('div', { class: 'filters' })
  const pager = h('div', { class: 'pager' })

  /** Keeps the filters in the address (a reload or a shared link shows the same list) without a new history entry. */
  function remember() {
    history.replaceState(null, '', hashLink('/findings', Object.fromEntries(Object.entries(state).filter(([k, v]) => v && !(k === 'sort' && v === 'severity')))))
  }

  function change(key, value) {
    state[key] = value
    back = []
    cursor = ''
    remember()
    load()
  }

  // The bar is built once (typing in it is never interrupted); each answer only renews the counts in its options.
  const search = h('input', { id: 'f-q', name: 'q', type: 'search', value: state.q, placeholder: 'rule, file, message, code', autocomplete: 'off' })
  let timer
  search.addEventListener('input', () => {
    clearTimeout(timer)
    timer = setTimeout(() => change('q', search.value.trim()), 300)
  })
  const file = h('input', { id: 'f-file', name: 'file', type: 'text', value: state.file, placeholder: 'src/app.js', autocomplete: 'off' })
  file.addEventListener('change', () => change('file', file.value.trim()))
  const severity = select('f-severity', 'Severity', [['', 'Any severity'], ...SEVERITIES.map((s) => [s, s])], state.severity, (e) => change('severity', e.target.value))
  const rule = select('f-rule', 'Rule', [['', 'Any rule']], state.rule_id, (e) => change('rule_id', e.target.value))
  mount(
    filters,
    h('form', { role: 'search', 'aria-label': 'Filter findings', onsubmit: (e) => e.preventDefault() },
      h('div', { class: 'field grow' }, h('label', { for: 'f-q' }, 'Search'), search),
      severity,
      rule,
      select('f-pack', 'Pack', [['', 'Any pack'], ...packs.items.map((p) => [p.id, p.name])], state.pack, (e) => change('pack', e.target.value)),
      h('div', { class: 'field' }, h('label', { for: 'f-file' }, 'File'), file),
      select('f-status', 'Status', [['', 'Any status'], ['new', 'New since the previous scan'], ['existing', 'Also in the previous scan']], state.status, (e) => change('status', e.target.value)),
      select('f-suppressed', 'Suppressed', [['', 'Suppressed or not'], ['false', 'Not suppressed'], ['true', 'Suppressed only']], state.suppressed, (e) => change('suppressed', e.target.value)),
      h('div', { class: 'field actions' }, h('button', { type: 'button', class: 'secondary', onclick: () => {
        for (const k of FILTERS) if (k !== 'scan_id') state[k] = ''
        state.sort = 'severity'
        for (const el of filters.querySelectorAll('input')) el.value = ''
        for (const el of filters.querySelectorAll('select')) el.value = ''
        change('q', '')
      } }, 'Clear filters')),
    ),
  )

  function options(field, list, value) {
    const el = field.querySelector('select')
    el.replaceChildren(...list.map(([v, text]) => h('option', { value: v, selected: v === value }, text)))
  }

  function renderFilters(page) {
    const byRule = Object.entries(page.counts.by_rule).sort(([a], [b]) => a.localeCompare(b))
    if (state.rule_id && !byRule.some(([r]) => r === state.rule_id)) byRule.unshift([state.rule_id, 0])
    options(severity, [['', 'Any severity'], ...SEVERITIES.map((s) => [s, `${s} (${fmtNumber(page.counts.by_severity[s])})`])], state.severity)
    options(rule, [['', 'Any rule'], ...byRule.map(([r, n]) => [r, `${r} (${fmtNumber(n)})`])], state.rule_id)
  }

  function sortHeader(col) {
    if (!col.key) return h('th', { scope: 'col' }, col.label)
    const active = state.sort.replace(/^-/, '') === col.key
    const descending = state.sort.startsWith('-')
    const next = active && !descending ? `-${col.key}` : col.key
    return h(
      'th',
      { scope: 'col', 'aria-sort': active ? (descending ? 'descending' : 'ascending') : 'none' },
      h('button', { type: 'button', class: 'sort', 'data-sort': col.key, onclick: () => change('sort', next) }, col.label, h('span', { 'aria-hidden': 'true' }, active ? (descending ? ' ▼' : ' ▲') : '')),
    )
  }

  function renderTable(page) {
    if (!page.items.length) return mount(results, h('p', { class: 'empty' }, page.scan_id ? 'No finding matches these filters.' : 'No scans stored yet.'))
    mount(
      results,
      tableWrap(
        'Findings',
        h(
          'table',
          { class: 'findings', 'data-total': page.total },
          h('thead', {}, h('tr', {}, COLUMNS.map(sortHeader))),
          h(
            'tbody',
            {},
            page.items.map((f) =>
              h(
                'tr',
                { 'data-id': f.id },
                h('td', {}, severityBadge(f.severity)),
                h('td', { class: 'rule' }, h('code', {}, f.rule_id)),
                h('td', { class: 'loc' }, h('code', {}, `${f.file}:${f.line}`)),
                h('td', { class: 'msg' }, h('a', { href: hashLink(`/findings/${encodeURIComponent(f.id)}`, { scan_id: page.scan_id }) }, f.message)),
                h('td', {}, f.suppressed ? h('span', { class: 'badge muted' }, 'suppressed') : null, h('span', { class: `badge status-${f.status}` }, f.status)),
              ),
            ),
          ),
        ),
      ),
    )
  }

  function renderPager(page) {
    const start = page.items.length ? back.length * limit + 1 : 0
    mount(summary, page.total ? `Showing ${fmtNumber(start)}–${fmtNumber(start + page.items.length - 1)} of ${fmtNumber(page.total)} findings` : '0 findings')
    mount(
      pager,
      h('button', { type: 'button', class: 'secondary', disabled: !back.length, onclick: () => {
        cursor = back.pop()
        load()
      } }, 'Previous'),
      h('button', { type: 'button', class: 'secondary', disabled: !page.next_cursor, onclick: () => {
        back.push(cursor)
        cursor = page.next_cursor
        load()
      } }, 'Next'),
      select('f-limit', 'Per page', PAGE_SIZES.map((n) => [String(n), String(n)]), String(limit), (e) => {
        limit = Number(e.target.value)
        back = []
        cursor = ''
        load()
      }),
    )
  }

  async function load(prefetched) {
    const ticket = ++asked
    results.setAttribute('aria-busy', 'true')
    try {
      const page = prefetched ?? (await api('/api/findings', { query: query() }))
      if (ticket !== asked || !ctx.current()) return
      renderFilters(page)
      renderTable(page)
      renderPager(page)
    } catch (e) {
      if (ticket !== asked) return
      mount(results, notice(`The findings could not be listed: ${e.message}`, 'error'))
    } finally {
      if (ticket === asked) results.removeAttribute('aria-busy')
    }
  }

  const scanOptions = [['', 'Latest scan'], ...scans.items.map((s) => [s.id, `${s.target} — ${fmtTime(s.started_at)} — ${fmtNumber(s.total)} open`])]
  await load(firstPage)
  return h(
    'div',
    { class: 'page findings-page' },
    h('div', { class: 'section-head' }, h('h1', { tabindex: '-1' }, 'Findings'), select('f-scan', 'Scan', scanOptions, state.scan_id, (e) => change('scan_id', e.target.value))),
    filters,
    summary,
    results,
    pager,
  )
}
