// The original product's .guard.yaml keys: read as aliases of ours with a deprecation warning, and rewritten in
// our format by `guard config migrate` (comments kept), so teams can point us at their repositories unchanged.
import YAML, { isMap, isScalar, type Scalar } from 'yaml'
import { SEVERITIES, type Severity } from '../base/schemas.ts'
import type { FieldError } from '../base/errors.ts'
import { isPlainObject } from '../base/input.ts'

interface Alias {
  /** Our key path. */
  to: string[]
  /** The legacy value in our form. */
  convert?: (value: unknown) => unknown
}

/** `high` meant "high and above"; a list, or a comma list, names each severity. */
function failOn(value: unknown): unknown {
  const list = typeof value === 'string' ? value.split(',').map((s) => s.trim().toLowerCase()).filter(Boolean) : value
  if (!Array.isArray(list)) return value
  const severities = list.map((s) => (typeof s === 'string' ? s.toLowerCase() : s))
  if (typeof value === 'string' && severities.length === 1 && SEVERITIES.includes(severities[0] as Severity)) return SEVERITIES.slice(0, SEVERITIES.indexOf(severities[0] as Severity) + 1)
  return severities
}

/** A list written as one value (`standards_packs: OWASP_TOP_10`, `a, b`) is a list. */
const list = (value: unknown) => (typeof value === 'string' ? value.split(',').map((s) => s.trim()).filter(Boolean) : value)
/** Pack ids were written `OWASP_TOP_10` as often as `owasp-top-10`. */
const packIds = (value: unknown) => {
  const ids = list(value)
  return Array.isArray(ids) ? ids.map((v) => (typeof v === 'string' ? v.toLowerCase().replace(/_/g, '-') : v)) : ids
}
/** A number written as text (`"100"`) is that number. */
const number = (value: unknown) => (typeof value === 'string' && /^\d+$/.test(value.trim()) ? Number(value) : value)

const ALIASES: Record<string, Alias> = {
  gate_fail_on: { to: ['gate', 'fail_on'], convert: failOn },
  standards_packs: { to: ['packs'], convert: packIds },
  include_paths: { to: ['include'], convert: list },
  exclude_paths: { to: ['exclude'], convert: list },
  max_file_size_kb: { to: ['limits', 'max_file_kb'], convert: number },
}

/** Legacy keys with no meaning here, and what replaced them. */
const RETIRED: Record<string, string> = {
  reporters: 'reports are chosen per request (POST /report?format=…, guard report --format …)',
  output_dir: 'reports are written where --output says, or returned by POST /report',
  standards_file: 'standards are packs: list them under `packs`, custom ones under .guard/packs',
}

export const isLegacyKey = (key: string) => key in ALIASES || key in RETIRED

/** A config object with the legacy keys read as ours (ours win when both are set), and a warning for each. */
export function mapLegacyKeys(doc: Record<string, unknown>): { config: Record<string, unknown>; warnings: FieldError[]; mapped: Map<string, string> } {
  const config: Record<string, unknown> = {}
  const warnings: FieldError[] = []
  /** Our key path → the legacy key it was read from. */
  const mapped = new Map<string, string>()
  for (const [key, value] of Object.entries(doc)) if (!isLegacyKey(key)) config[key] = value
  for (const [key, value] of Object.entries(doc)) {
    if (key in RETIRED) warnings.push({ path: key, message: `deprecated key of the original product, ignored: ${RETIRED[key]}` })
    const alias = ALIASES[key]
    if (!alias) continue
    const to = alias.to.join('.')
    if (getIn(config, alias.to) !== undefined) {
      warnings.push({ path: key, message: `deprecated key, ignored: ${to} is set too` })
      continue
    }
    setIn(config, alias.to, alias.convert ? alias.convert(value) : value)
    mapped.set(to, key)
    warnings.push({ path: key, message: `deprecated key of the original product, read as ${to}; \`guard config migrate\` rewrites the file` })
  }
  return { config, warnings, mapped }
}

function getIn(obj: Record<string, unknown>, keys: string[]): unknown {
  let at: unknown = obj
  for (const k of keys) at = isPlainObject(at) ? at[k] : undefined
  return at
}

function setIn(obj: Record<string, unknown>, keys: string[], value: unknown): void {
  let at = obj
  for (const k of keys.slice(0, -1)) at = (isPlainObject(at[k]) ? at[k] : (at[k] = {})) as Record<string, unknown>
  at[keys.at(-1)!] = value
}

/** `node` holding `value`: its scalars changed in place where the shape allows (their comments stay), else a new node. */
function converted(doc: YAML.Document, node: YAML.Node, value: unknown): YAML.Node {
  if (isScalar(node) && !isPlainObject(value) && !Array.isArray(value)) return Object.assign(node, { value })
  if (YAML.isSeq(node) && Array.isArray(value) && value.length === node.items.length && node.items.every(isScalar)) {
    node.items.forEach((item, i) => ((item as Scalar).value = value[i]))
    return node
  }
  const fresh = doc.createNode(value)
  fresh.comment = node.comment
  return fresh
}

/**
 * The file's text in our format: each legacy key replaced in place by ours (its comments kept), or merged into
 * ours where that section exists; retired keys removed. Returns what changed, one line each.
 */
export function migrateConfigText(text: string): { text: string; changes: string[] } {
  const doc = YAML.parseDocument(text)
  if (doc.errors.length) throw doc.errors[0]
  const map: unknown = doc.contents
  if (!isMap<unknown, unknown>(map)) return { text, changes: [] }
  const changes: string[] = []
  // A removed key's comment stays above whatever comes next.
  const remove = (at: number) => {
    const [pair] = map.items.splice(at, 1)
    const above = (pair.key as Scalar).commentBefore
    const next = map.items[at]
    if (above && next && isScalar(next.key)) next.key.commentBefore = [above, next.key.commentBefore].filter(Boolean).join('\n')
  }
  for (const pair of [...map.items]) {
    const key = isScalar(pair.key) ? String(pair.key.value) : undefined
    if (key === undefined || !isLegacyKey(key)) continue
    const at = map.items.indexOf(pair)
    const alias = ALIASES[key]
    const to = alias?.to.join('.')
    if (!alias || doc.getIn(alias.to) !== undefined) {
      remove(at)
      changes.push(alias ? `${key}: removed (${to} is set)` : `${key}: removed (${RETIRED[key]})`)
      continue
    }
    const value = alias.convert && YAML.isNode(pair.value) ? converted(doc, pair.value, alias.convert(pair.value.toJSON())) : pair.value
    const [top, ...rest] = alias.to
    if (map.has(top)) {
      remove(at)
      doc.setIn(alias.to, value)
    } else {
      const newKey = doc.createNode(top) as Scalar
      newKey.commentBefore = (pair.key as Scalar).commentBefore
      pair.key = newKey
      pair.value = rest.length ? doc.createNode(Object.fromEntries([[rest[0], null]])) : value
      if (rest.length) doc.setIn(alias.to, value)
    }
    changes.push(`${key} → ${to}`)
  }
  return { text: changes.length ? String(doc) : text, changes }
}
