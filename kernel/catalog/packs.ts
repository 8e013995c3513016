// Standards packs: folders with pack.yaml mapping rules (by id, tag, CWE or OWASP id) to a standard's controls, and
// rules of their own (in rules/, or inline in pack.yaml).
import fs from 'node:fs'
import path from 'node:path'
import { Type, type Static } from '@sinclair/typebox'
import { Value } from '@sinclair/typebox/value'
import { keyPath, ValidationError, type FieldError } from '../base/errors.ts'
import { readablePath } from '../base/files.ts'
import { isPlainObject } from '../base/input.ts'
import type { RuleDef } from './rule.ts'
import { ruleFileErrors } from './rules.ts'
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

/** pack.yaml as read: its fields and selectors, and the rules written inline in it. */
export interface ParsedPack extends PackFile {
  /** Rules written inline in pack.yaml (their selectors are in `rules`). */
  inlineRules: RuleDef[]
}

export interface Pack extends ParsedPack {
  dir: string
  builtin: boolean
  /** A custom pack's `overrides.yaml`: per-rule `{severity, enabled}`, applied while the pack is enabled. */
  overrides?: RuleOverrides
  /** For a repository's packs: the folder their files must not leave (symbolic links are not followed out of it). */
  inside?: string
}

export interface PackDir {
  dir: string
  builtin: boolean
  /** The repository a pack folder belongs to: nothing is read through a link out of it. */
  inside?: string
}

export const OVERRIDES_FILE = 'overrides.yaml'
const MATCHERS = ['pattern', 'rule', 'regex'] as const

/** A `rules` entry of pack.yaml that carries a matcher is a rule written inline; one without is a selector. */
export const isInlineRule = (entry: unknown): entry is Record<string, unknown> =>
  isPlainObject(entry) && MATCHERS.some((k) => entry[k] !== undefined)

/**
 * An inline rule as a rule file: the fields a one-file pack may leave out get defaults (name: its id, cwe and owasp:
 * none, confidence: medium, remediation: its message); `control`, when given, says where the pack maps it.
 */
export function inlineRule(entry: Record<string, unknown>): { rule: Record<string, unknown>; control?: string } {
  const { control, ...fields } = entry
  const rule = { name: fields.id, cwe: [], owasp: [], confidence: 'medium', remediation: fields.message, ...fields }
  return { rule, ...(typeof control === 'string' ? { control } : {}) }
}

function readOverrides(dir: string, where: string, inside?: string): RuleOverrides | undefined {
  const file = readablePath(path.join(dir, OVERRIDES_FILE), 'file', inside)
  if (!file) return undefined
  const doc: unknown = parseYaml(fs.readFileSync(file, 'utf8'), where) ?? {}
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
export function loadPacks(dirs: PackDir[]): Pack[] {
  const packs = new Map<string, Pack>()
  for (const { dir, builtin, inside } of dirs) {
    const packsDir = readablePath(dir, 'dir', inside)
    if (!packsDir) continue
    for (const entry of fs.readdirSync(packsDir, { withFileTypes: true })) {
      const packDir = readablePath(path.join(packsDir, entry.name), 'dir', inside)
      const file = packDir && readablePath(path.join(packDir, 'pack.yaml'), 'file', inside)
      if (!packDir || !file) continue
      const pack = parsePack(fs.readFileSync(file, 'utf8'), `${entry.name}/pack.yaml`)
      const overrides = readOverrides(packDir, `${entry.name}/${OVERRIDES_FILE}`, inside)
      const inlineRules = pack.inlineRules.map((r) => ({ ...r, source: file }))
      if (!packs.has(pack.id)) packs.set(pack.id, { ...pack, inlineRules, dir: packDir, builtin, ...(overrides ? { overrides } : {}), ...(inside ? { inside } : {}) })
    }
  }
  saveYamlCache()
  return [...packs.values()]
}

/** A pack.yaml: its fields and selectors (the inline rules' among them), and its inline rules, schema-checked. */
export function parsePack(text: string, where: string): ParsedPack {
  // Every scan reads the packs again: a text already checked is not parsed and checked again.
  const key = `${where}\0${text}`
  let pack = parsedPacks.get(key)
  if (!pack) {
    pack = checkPack(text, where)
    if (parsedPacks.size >= MAX_PARSED_PACKS) parsedPacks.clear()
    parsedPacks.set(key, pack)
  }
  return pack
}
const parsedPacks = new Map<string, ParsedPack>()
const MAX_PARSED_PACKS = 256

function checkPack(text: string, where: string): ParsedPack {
  let doc: unknown
  try {
    doc = parseYaml(text, where)
  } catch (e) {
    throw new ValidationError(`${where} is not valid YAML`, [{ path: where, message: (e as Error).message.split('\n')[0] }])
  }
  const entries: unknown[] = isPlainObject(doc) && Array.isArray(doc.rules) ? doc.rules : []
  const rules: RuleDef[] = []
  const errors: FieldError[] = []
  const selectors = entries.map((entry, i) => {
    if (!isInlineRule(entry)) return entry
    const { rule, control } = inlineRule(entry)
    for (const p of ruleFileErrors(rule)) errors.push({ path: `${where}: rules[${i}]${p.path ? `.${p.path}` : ''}`, message: p.message })
    rules.push(rule as unknown as RuleDef)
    return { id: rule.id, control: control ?? rule.id }
  })
  const file = isPlainObject(doc) && Array.isArray(doc.rules) ? { ...doc, rules: selectors } : doc
  for (const e of Value.Errors(PackFile, file)) errors.push({ path: `${where}: ${keyPath(e.path) || '(root)'}`, message: e.message })
  if (errors.length) throw new ValidationError(`${where} is not a valid pack`, errors)
  return { ...(file as PackFile), inlineRules: rules }
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
