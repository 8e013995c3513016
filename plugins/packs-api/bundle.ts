// Custom packs as bundles: validated (every rule against the real engines), written as folders, exported as YAML.
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import YAML from 'yaml'
import { Value } from '@sinclair/typebox/value'
import { ConflictError, inlineRule, isInlineRule, isPlainObject, keyPath, loadRules, OVERRIDES_FILE, standardsOf, validateRule, ValidationError, type Engine, type FieldError, type Pack, type PackFile, type RuleDef } from '../../kernel/plugin.ts'
import { PackBundle } from './schemas.ts'


export interface CheckedPack {
  file: PackFile
  rules: RuleDef[]
  overrides?: PackBundle['overrides']
}

/**
 * Checks a bundle against what the server knows: its shape, each own rule (schema, matcher compiles, regex not
 * catastrophic), rule ids unique, overrides naming rules the pack maps. 422 lists every problem; 409 for a taken id.
 */
export function checkBundle(input: unknown, existing: { packs: Pack[]; rules: RuleDef[]; engines: Engine[] }): CheckedPack {
  if (!isPlainObject(input)) throw new ValidationError('A pack is a mapping of its fields', [{ path: '(root)', message: 'must be an object' }])
  // As in pack.yaml: an entry of `rules` with a matcher is a rule (mapped to its `control` when it names one), one
  // without is a selector.
  const entries: unknown[] = Array.isArray(input.rules) ? input.rules : []
  const inline = entries.flatMap((entry, at) => (isInlineRule(entry) ? [{ at, ...inlineRule(entry) }] : []))
  const bundle: Record<string, unknown> = { ...input, ...(Array.isArray(input.rules) ? { rules: inline.map((r) => r.rule) } : {}) }
  const selectors = [
    ...(Array.isArray(input.selectors) ? input.selectors : []),
    ...entries.filter((entry) => !isInlineRule(entry)),
    ...inline.flatMap((r) => (r.control === undefined ? [] : [{ id: r.rule.id, control: r.control }])),
  ]
  if (Array.isArray(input.rules) || selectors.length) bundle.selectors = selectors
  const errors: FieldError[] = []
  for (const e of Value.Errors(PackBundle, bundle)) {
    const at = keyPath(e.path) || '(root)'
    if (!errors.some((x) => x.path === at)) errors.push({ path: at, message: e.message === 'Unexpected property' ? 'unknown field' : e.message })
  }
  if (errors.length) throw new ValidationError('Invalid pack', errors)
  const b = bundle as PackBundle
  if (existing.packs.some((p) => p.id === b.id)) throw new ConflictError(`A pack named ${b.id} already exists`)

  const known = new Map(existing.rules.map((r) => [r.id, r]))
  const own: RuleDef[] = []
  for (const [i, raw] of (b.rules ?? []).entries()) {
    const rule = raw as unknown as RuleDef
    const at = inline[i]?.at ?? i
    const name = typeof rule.id === 'string' ? rule.id : `#${at}`
    const problems = validateRule(rule, existing.engines)
    if (!problems.length && (known.has(rule.id) || own.some((r) => r.id === rule.id))) problems.push({ path: 'id', message: 'a rule with this id already exists' })
    errors.push(...problems.map((p) => ({ path: `rules[${at}]${p.path ? `.${p.path}` : ''}`, message: `rule ${name}: ${p.message}` })))
    if (!problems.length) own.push(rule)
  }
  const file: PackFile = {
    id: b.id,
    name: b.name,
    version: b.version ?? '1.0.0',
    ...(b.description !== undefined ? { description: b.description } : {}),
    tier: b.tier ?? 'community',
    rules: [...(b.selectors ?? [])],
  }
  // An own rule no selector maps gets a control of its own name, so enabling the pack runs it.
  for (const r of own) if (!standardsOf(r, [file]).length) file.rules.push({ id: r.id, control: r.id })
  const mapped = new Set([...existing.rules, ...own].filter((r) => standardsOf(r, [file]).length).map((r) => r.id))
  for (const id of Object.keys(b.overrides ?? {})) if (!mapped.has(id)) errors.push({ path: `overrides.${id}`, message: `pack ${b.id} maps no rule named ${id}` })
  if (errors.length) throw new ValidationError(`Invalid pack ${b.id}`, errors)
  return { file, rules: own, ...(b.overrides && Object.keys(b.overrides).length ? { overrides: b.overrides } : {}) }
}

/** Writes the pack as `<packsDir>/<id>/` (pack.yaml, rules/<rule-id>.yaml, overrides.yaml) in one rename. */
export function writePack(packsDir: string, pack: CheckedPack): void {
  fs.mkdirSync(packsDir, { recursive: true })
  // Built beside the packs folder, not in it, so a scan never sees half a pack.
  const tmp = path.join(path.dirname(packsDir), `.pack-${pack.file.id}-${randomBytes(4).toString('hex')}.tmp`)
  try {
    fs.mkdirSync(path.join(tmp, 'rules'), { recursive: true })
    fs.writeFileSync(path.join(tmp, 'pack.yaml'), YAML.stringify(pack.file))
    for (const rule of pack.rules) fs.writeFileSync(path.join(tmp, 'rules', `${rule.id}.yaml`), YAML.stringify(rule))
    if (pack.overrides) fs.writeFileSync(path.join(tmp, OVERRIDES_FILE), YAML.stringify(pack.overrides))
    fs.renameSync(tmp, path.join(packsDir, pack.file.id))
  } catch (e) {
    fs.rmSync(tmp, { recursive: true, force: true })
    const code = (e as NodeJS.ErrnoException).code
    if (code === 'EEXIST' || code === 'ENOTEMPTY') throw new ConflictError(`A pack named ${pack.file.id} already exists`)
    throw e
  }
}

/** The export: the pack's fields, its selectors, its own rules and overrides; importing it elsewhere gives the same pack. */
export async function exportPack(pack: Pack): Promise<string> {
  const rules = [...(await loadRules([path.join(pack.dir, 'rules')])), ...pack.inlineRules].map(({ source: _source, ...rule }) => rule)
  const bundle: PackBundle = {
    id: pack.id,
    name: pack.name,
    version: pack.version,
    ...(pack.description !== undefined ? { description: pack.description } : {}),
    tier: pack.tier ?? 'community',
    // The inline rules travel as rules (their own selectors would name them twice).
    selectors: pack.rules.filter((sel) => !pack.inlineRules.some((r) => sel.id === r.id && Object.keys(sel).length === 2)),
    ...(rules.length ? { rules: rules as unknown as PackBundle['rules'] } : {}),
    ...(pack.overrides ? { overrides: pack.overrides } : {}),
  }
  return `# guard pack ${pack.id} ${pack.version}: import with POST /api/packs/import\n${YAML.stringify(bundle)}`
}
