// Overview: the latest scan of each repository with its gate, findings by severity, the trend, throughput.
import { api } from '../api.js'
import { legend, severityBars, trendChart, trendTable } from '../chart.js'
import { fmtNumber, fmtPercent, fmtTime, gateBadge, h, hashLink, mount, SEVERITIES, tableWrap } from '../dom.js'

export const title = () => 'Overview'

/** Repositories shown with their severity counts (one findings call each). */
const MAX_REPOSITORIES = 20

function stat(label, value, detail) {
  return h('div', { class: 'stat' }, h('dt', {}, label), h('dd', {}, h('span', { class: 'stat-value' }, value), detail ? h('span', { class: 'stat-detail' }, detail) : null))
}

async function trendSection(days) {
  const trends = await api('/api/trends', { query: { days } })
  return [h('div', { class: 'chart-wrap', role: 'region', 'aria-label': 'Trend chart', tabindex: '0' }, trendChart(trends.points, `Findings per day, last ${days} days`)), legend(), trendTable(trends.points)]
}

export async function render() {
  const [metrics, scans] = await Promise.all([api('/api/metrics'), api('/api/scans', { query: { limit: 500 } })])
  const latest = []
  const seen = new Set()
  for (const s of scans.items) if (!seen.has(s.target) && seen.add(s.target)) latest.push(s)
  const shown = latest.slice(0, MAX_REPOSITORIES)
  const counts = await Promise.all(shown.map((s) => api('/api/findings', { query: { scan_id: s.id, suppressed: false, limit: 1 } }).then((p) => p.counts.by_severity)))
  const open = Object.fromEntries(SEVERITIES.map((sev) => [sev, counts.reduce((n, c) => n + c[sev], 0)]))
  const openTotal = SEVERITIES.reduce((n, s) => n + open[s], 0)

  const trend = h('div', { id: 'trend' })
  let days = 30
  const buttons = [30, 90].map((d) =>
    h('button', { type: 'button', class: 'toggle', 'aria-pressed': String(d === days), 'data-days': d, onclick: async () => {
      days = d
      for (const b of buttons) b.setAttribute('aria-pressed', String(Number(b.dataset.days) === days))
      mount(trend, await trendSection(days))
    } }, `${d} days`),
  )
  mount(trend, await trendSection(days))

  return h(
    'div',
    { class: 'page overview' },
    h('h1', { tabindex: '-1' }, 'Overview'),
    h(
      'dl',
      { class: 'stats' },
      stat('Repositories', fmtNumber(latest.length)),
      stat('Open findings', fmtNumber(openTotal), 'latest scan of each repository'),
      stat('Gate pass rate', fmtPercent(metrics.gates.pass_rate), `${fmtNumber(metrics.gates.passed)} of ${fmtNumber(metrics.gates.decided)} gates`),
      stat('Throughput', `${fmtNumber(metrics.throughput_files_per_s)} files/s`, `${fmtNumber(metrics.scans)} scans, ${fmtNumber(metrics.files_scanned)} files`),
      stat('Mean scan time', `${fmtNumber(metrics.mean_duration_ms)} ms`),
    ),
    h(
      'section',
      { 'aria-labelledby': 'sev-h' },
      h('h2', { id: 'sev-h' }, 'Open findings by severity'),
      h('p', { class: 'help' }, 'Unsuppressed findings of the latest scan of each repository.'),
      severityBars(open, 'Open findings by severity'),
    ),
    h(
      'section',
      { 'aria-labelledby': 'trend-h' },
      h('div', { class: 'section-head' }, h('h2', { id: 'trend-h' }, 'Trend'), h('div', { class: 'toggles', role: 'group', 'aria-label': 'Period' }, buttons)),
      h('p', { class: 'help' }, 'Findings of the scans of each day by severity; the line is the share of gates that passed.'),
      trend,
    ),
    h(
      'section',
      { 'aria-labelledby': 'repos-h' },
      h('h2', { id: 'repos-h' }, 'Latest scan per repository'),
      latest.length
        ? tableWrap(
            'Latest scan per repository',
            h(
              'table',
              { class: 'repos' },
              h('thead', {}, h('tr', {}, ['Repository', 'Scanned', 'Open findings', 'Critical', 'High', 'Gate'].map((c) => h('th', { scope: 'col' }, c)))),
              h(
                'tbody',
                {},
                latest.map((s, i) =>
                  h(
                    'tr',
                    { 'data-target': s.target },
                    h('th', { scope: 'row' }, h('a', { href: hashLink('/findings', { scan_id: s.id }) }, s.target)),
                    h('td', { class: 'time' }, fmtTime(s.started_at)),
                    h('td', {}, fmtNumber(s.total)),
                    h('td', {}, counts[i] ? fmtNumber(counts[i].critical) : '—'),
                    h('td', {}, counts[i] ? fmtNumber(counts[i].high) : '—'),
                    h('td', {}, gateBadge(s.passed)),
                  ),
                ),
              ),
            ),
          )
        : h('p', { class: 'empty' }, 'No scans stored yet. Run a scan (POST /scan, or guard scan) and it appears here.'),
    ),
  )
}
