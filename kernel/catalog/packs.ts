// Standards packs: folders with pack.yaml mapping rules (by id, tag, CWE or OWASP id) to a standard's controls.
import fs from 'node:fs'
import path from 'node:path'
import { Type, type Static } from '@sinclair/typebox'
import { Value } from '@sinclair/typebox/value'
import { keyPath, ValidationError, type FieldError } from '../base/errors.ts'
import type { RuleDef } from './rule.ts'
import { RuleOverrides } from '../config/config.ts'
import { parseYaml, saveYamlCache } from '../base/yaml-cache.ts'

export const PACK_ID = '^[a-z0-9][a-z0-9-]{1,62}$'

/** Which rules: every field given must hold (by id, tag, CWE or OWASP id). */
const Match = {
  id: Type.Optional(Type.String()),
  tag: Type.Optional(Type.String()),
  cwe: Type.Optional(Type.String()),
  owasp: Type.Optional(Type.String()),
}
const Selector = Type.Object({ ...Match, control: Type.String({ description: "The standard's own control id" }) }, { additionalProperties: false })
const Exclusion = Type.Object(Match, { additionalProperties: false })
export const PackFile = Type.Object(
  {
    id: Type.String({ pattern: PACK_ID }),
    name: Type.String(),
    version: Type.String(),
    description: Type.Optional(Type.String()),
    tier: Type.Optional(Type.Union([Type.Literal('community'), Type.Literal('team'), Type.Literal('enterprise')])),
    rules: Type.Array(Selector),
    exclude: Type.Optional(Type.Array(Exclusion, { description: 'Rules the pack leaves out although a `rules` selector matches them' })),
  },
  { additionalProperties: false },
)
export type PackFile = Static<typeof PackFile>

export interface Pack extends PackFile {
  dir: string
  builtin: boolean
  /** A custom pack's `overrides.yaml`: per-rule `{severity, enabled}`, applied while the pack is enabled. */
  overrides?: RuleOverrides
}

export const OVERRIDES_FILE = 'overrides.yaml'

function readOverrides(dir: string, where: string): RuleOverrides | undefined {
  const file = path.join(dir, OVERRIDES_FILE)
  if (!fs.existsSync(file)) return undefined
  const doc: unknown = parseYaml(fs.readFileSync(file, 'utf8')) ?? {}
  const errors = [...Value.Errors(RuleOverrides, doc)].map((e) => ({ path: `${where}: ${keyPath(e.path) || '(root)'}`, message: e.message }))
  if (errors.length) throw new ValidationError(`${where} is not valid`, errors)
  return doc as RuleOverrides
}

/** Per-rule overrides in force: those of the enabled packs, under the config's own `rules:` (which win). */
export function ruleOverrides(enabledPacks: Pack[], configRules: RuleOverrides = {}): RuleOverrides {
  const out: RuleOverrides = {}
  for (const [id, o] of [...enabledPacks.flatMap((p) => Object.entries(p.overrides ?? {})), ...Object.entries(configRules)]) out[id] = { ...out[id], ...o }
  return out
}

/** Reads every `<dir>/<id>/pack.yaml` of the given folders; later folders do not replace earlier ids. */
export function loadPacks(dirs: { dir: string; builtin: boolean }[]): Pack[] {
  const packs = new Map<string, Pack>()
  for (const { dir, builtin } of dirs) {
    if (!fs.existsSync(dir)) continue
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name, 'pack.yaml')
      if (!entry.isDirectory() || !fs.existsSync(file)) continue
      const pack = parsePack(fs.readFileSync(file, 'utf8'), `${entry.name}/pack.yaml`)
      const overrides = readOverrides(path.join(dir, entry.name), `${entry.name}/${OVERRIDES_FILE}`)
      if (!packs.has(pack.id)) packs.set(pack.id, { ...pack, dir: path.join(dir, entry.name), builtin, ...(overrides ? { overrides } : {}) })
    }
  }
  saveYamlCache()
  return [...packs.values()]
}

export function parsePack(text: string, where: string): PackFile {
  let doc: unknown
  try {
    doc = parseYaml(text)
  } catch (e) {
    throw new ValidationError(`${where} is not valid YAML`, [{ path: where, message: (e as Error).message.split('\n')[0] }])
  }
  const errors: FieldError[] = [...Value.Errors(PackFile, doc)].map((e) => ({ path: `${where}: ${keyPath(e.path) || '(root)'}`, message: e.message }))
  if (errors.length) throw new ValidationError(`${where} is not a valid pack`, errors)
  return doc as PackFile
}

function selects(sel: Static<typeof Exclusion>, rule: RuleDef): boolean {
  return (
    (sel.id === undefined || sel.id === rule.id) &&
    (sel.tag === undefined || (rule.tags ?? []).includes(sel.tag)) &&
    (sel.cwe === undefined || rule.cwe.includes(sel.cwe)) &&
    (sel.owasp === undefined || rule.owasp.includes(sel.owasp))
  )
}

/** The control a pack maps a rule to, or undefined when the pack does not cover the rule. */
export function controlFor(pack: PackFile, rule: RuleDef): string | undefined {
  if (pack.exclude?.some((sel) => selects(sel, rule))) return undefined
  return pack.rules.find((sel) => selects(sel, rule))?.control
}

/** Every pack that maps the rule, with its control: a finding's `standards`. */
export function standardsOf(rule: RuleDef, packs: PackFile[]): { pack: string; control: string }[] {
  return packs.flatMap((p) => {
    const control = controlFor(p, rule)
    return control === undefined ? [] : [{ pack: p.id, control }]
  })
}
