// Charts drawn as SVG (attributes and classes only: the CSP allows no inline style), each with a data table beside it.
import { fmtNumber, fmtPercent, h, SEVERITIES, svg } from './dom.js'

const W = 960
const H = 260
const PAD = { left: 44, right: 44, top: 12, bottom: 28 }

/** A rounded-up axis maximum: 1, 2, 5 × 10^n. */
function niceMax(n) {
  if (n <= 0) return 1
  const p = 10 ** Math.floor(Math.log10(n))
  return [1, 2, 5, 10].map((m) => m * p).find((m) => m >= n)
}

/** Findings per day stacked by severity, with the gate pass rate as a line on its own axis. */
export function trendChart(points, label) {
  const max = niceMax(Math.max(...points.map((p) => p.findings), 0))
  const innerW = W - PAD.left - PAD.right
  const innerH = H - PAD.top - PAD.bottom
  const band = innerW / Math.max(points.length, 1)
  const y = (v) => PAD.top + innerH - (v / max) * innerH
  const bars = points.flatMap((p, i) => {
    let base = 0
    return SEVERITIES.slice().reverse().flatMap((s) => {
      const v = p.by_severity[s]
      if (!v) return []
      const rect = svg('rect', { x: (PAD.left + i * band + band * 0.15).toFixed(1), width: (band * 0.7).toFixed(1), y: y(base + v).toFixed(1), height: (y(base) - y(base + v)).toFixed(1), class: `fill-${s}` })
      base += v
      return [rect]
    })
  })
  // The pass-rate line breaks over days without a gate.
  const segments = []
  let current = []
  points.forEach((p, i) => {
    if (p.gate_pass_rate === null) {
      if (current.length) segments.push(current)
      current = []
    } else current.push([PAD.left + i * band + band / 2, PAD.top + innerH - p.gate_pass_rate * innerH])
  })
  if (current.length) segments.push(current)
  const lines = segments.map((seg) =>
    seg.length === 1
      ? svg('circle', { cx: seg[0][0].toFixed(1), cy: seg[0][1].toFixed(1), r: '3', class: 'rate-dot' })
      : svg('polyline', { points: seg.map(([a, b]) => `${a.toFixed(1)},${b.toFixed(1)}`).join(' '), class: 'rate-line' }),
  )
  const ticks = [0, max / 2, max].map((v) => svg('text', { x: PAD.left - 6, y: y(v) + 4, class: 'axis', 'text-anchor': 'end' }, fmtNumber(v)))
  const rateTicks = [0, 0.5, 1].map((v) => svg('text', { x: W - PAD.right + 6, y: PAD.top + innerH - v * innerH + 4, class: 'axis' }, fmtPercent(v)))
  const labelAt = [0, Math.floor((points.length - 1) / 2), points.length - 1]
  const dates = [...new Set(labelAt)].map((i) => svg('text', { x: PAD.left + i * band + band / 2, y: H - 8, class: 'axis', 'text-anchor': 'middle' }, points[i]?.date.slice(5) ?? ''))
  const grid = [0, max / 2, max].map((v) => svg('line', { x1: PAD.left, x2: W - PAD.right, y1: y(v), y2: y(v), class: 'grid' }))
  const total = points.reduce((n, p) => n + p.findings, 0)
  return svg(
    'svg',
    { viewBox: `0 0 ${W} ${H}`, class: 'chart', role: 'img', 'aria-label': `${label}: ${fmtNumber(total)} findings over ${points.length} days; the line is the gate pass rate` },
    grid,
    bars,
    lines,
    ticks,
    rateTicks,
    dates,
  )
}

/** Horizontal bars, one per severity. */
export function severityBars(counts, label) {
  const max = niceMax(Math.max(...SEVERITIES.map((s) => counts[s] ?? 0), 0))
  const rowH = 28
  const left = 76
  const width = 300
  return svg(
    'svg',
    { viewBox: `0 0 ${left + width + 80} ${rowH * SEVERITIES.length}`, class: 'bars', role: 'img', 'aria-label': `${label}: ${SEVERITIES.map((s) => `${s} ${counts[s] ?? 0}`).join(', ')}` },
    SEVERITIES.map((s, i) => [
      svg('text', { x: left - 8, y: i * rowH + 17, class: 'axis', 'text-anchor': 'end' }, s),
      svg('rect', { x: left, y: i * rowH + 5, height: rowH - 10, width: (((counts[s] ?? 0) / max) * width).toFixed(1), class: `fill-${s}` }),
      svg('text', { x: left + ((counts[s] ?? 0) / max) * width + 6, y: i * rowH + 17, class: 'value' }, fmtNumber(counts[s] ?? 0)),
    ]),
  )
}

/** The numbers behind a trend chart, for screen readers and for copying. */
export function trendTable(points) {
  return h(
    'details',
    { class: 'data' },
    h('summary', {}, 'Show the numbers'),
    h(
      'div',
      { class: 'table-wrap', role: 'region', 'aria-label': 'Trend data', tabindex: '0' },
      h(
        'table',
        {},
        h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, 'Day'), h('th', { scope: 'col' }, 'Scans'), h('th', { scope: 'col' }, 'Findings'), SEVERITIES.map((s) => h('th', { scope: 'col' }, s)), h('th', { scope: 'col' }, 'Gate pass rate'))),
        h('tbody', {}, points.filter((p) => p.scans).map((p) => h('tr', {}, h('td', {}, p.date), h('td', {}, p.scans), h('td', {}, fmtNumber(p.findings)), SEVERITIES.map((s) => h('td', {}, p.by_severity[s])), h('td', {}, fmtPercent(p.gate_pass_rate))))),
      ),
    ),
  )
}

export function legend() {
  return h('ul', { class: 'legend' }, SEVERITIES.map((s) => h('li', {}, h('span', { class: `swatch fill-${s}`, 'aria-hidden': 'true' }), s)), h('li', {}, h('span', { class: 'swatch rate', 'aria-hidden': 'true' }), 'gate pass rate'))
}
