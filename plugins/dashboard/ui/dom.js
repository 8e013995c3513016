// Small DOM helpers: elements from tag, attributes and children (text is always text, never markup), and formats.

const SVG_NS = 'http://www.w3.org/2000/svg'

function build(el, attrs, children) {
  for (const [key, value] of Object.entries(attrs ?? {})) {
    if (value === undefined || value === null || value === false) continue
    if (key.startsWith('on') && typeof value === 'function') el.addEventListener(key.slice(2).toLowerCase(), value)
    else if (key === 'text') el.textContent = String(value)
    else if (key === 'value' && 'value' in el) el.value = value
    else if (key === 'checked' || key === 'selected') el[key] = Boolean(value)
    else el.setAttribute(key, value === true ? '' : String(value))
  }
  append(el, children)
  return el
}

function append(el, children) {
  for (const child of children.flat(Infinity)) {
    if (child === undefined || child === null || child === false) continue
    el.append(child instanceof Node ? child : document.createTextNode(String(child)))
  }
}

/** An HTML element: h('a', {href: '#/x', class: 'y'}, 'text', otherNode). */
export function h(tag, attrs, ...children) {
  return build(document.createElement(tag), attrs, children)
}

/** An SVG element, as h. */
export function svg(tag, attrs, ...children) {
  return build(document.createElementNS(SVG_NS, tag), attrs, children)
}

/** Replaces the children of `el`. */
export function mount(el, ...children) {
  el.replaceChildren()
  append(el, children)
  return el
}

const numbers = new Intl.NumberFormat('en')
export const fmtNumber = (n) => (n === null || n === undefined ? '—' : numbers.format(n))
export const fmtPercent = (rate) => (rate === null || rate === undefined ? '—' : `${Math.round(rate * 100)}%`)
export function fmtTime(iso) {
  if (!iso) return '—'
  const d = new Date(iso)
  return Number.isNaN(d.getTime()) ? iso : d.toISOString().replace('T', ' ').slice(0, 16) + ' UTC'
}

export const SEVERITIES = ['critical', 'high', 'medium', 'low', 'info']

export function severityBadge(severity) {
  return h('span', { class: `badge sev-${severity}` }, severity)
}

export function gateBadge(passed) {
  if (passed === null || passed === undefined) return h('span', { class: 'badge gate-none' }, 'no gate')
  return h('span', { class: `badge ${passed ? 'gate-pass' : 'gate-fail'}` }, passed ? 'passed' : 'failed')
}

/** A table that scrolls sideways on a narrow screen, reachable by keyboard. */
export function tableWrap(label, table) {
  return h('div', { class: 'table-wrap', role: 'region', 'aria-label': label, tabindex: '0' }, table)
}

/** A short notice in place of a section the server does not offer (404) or the caller may not see (403). */
export function notice(text, kind = 'info') {
  return h('p', { class: `notice notice-${kind}`, role: kind === 'error' ? 'alert' : 'status' }, text)
}

/** Links keep the query in the hash: `#/findings?severity=high`. */
export function hashLink(path, query = {}) {
  const q = new URLSearchParams(Object.entries(query).filter(([, v]) => v !== undefined && v !== null && v !== ''))
  const qs = q.toString()
  return `#${path}${qs ? `?${qs}` : ''}`
}
