// The rule catalogue: where packs are found, every known rule, the rules a scan runs, and the listing (GET /rules).
import fs from 'node:fs'
import path from 'node:path'
import { DEFAULT_PACKS, type GuardConfig, type ScanConfig } from '../config/config.ts'
import { quoted, ValidationError, type FieldError } from '../base/errors.ts'
import { INSTALL_DIR } from '../base/install.ts'
import { loadPacks, ruleOverrides, standardsOf, type Pack, type PackDir } from './packs.ts'
import { ruleAppliesTo } from './languages.ts'
import type { Engine, RuleDef } from './rule.ts'
import { loadRules, validateRule } from './rules.ts'
import type { RuleInfo, Severity } from '../base/schemas.ts'

/** Where packs are found: built in, the server's GUARD_PACKS_DIR, and the scanned repository's `.guard/packs`. */
export function packDirs(repoRoot?: string, cwd = process.cwd()): PackDir[] {
  return [
    { dir: path.join(INSTALL_DIR, 'packs'), builtin: true },
    { dir: path.resolve(cwd, process.env.GUARD_PACKS_DIR ?? '.guard/packs'), builtin: false },
    ...(repoRoot ? [{ dir: path.join(repoRoot, '.guard', 'packs'), builtin: false, inside: repoRoot }] : []),
  ]
}

/** Rules already checked by their engine, by their JSON: packs are read again by every scan. */
const checkedRules = new Map<string, FieldError[]>()
const MAX_CHECKED = 4096

/**
 * Every rule known: the built-in library, plus the packs' own rules (their rules/ folders and inline in pack.yaml).
 * Each pack rule is checked by its engine as an import would be (pattern compiles, regex not catastrophic), whoever
 * wrote it: a rule that fails is a 422 naming it and its field. A pack rule never replaces a built-in one.
 */
export async function allRules(builtinRules: RuleDef[], packs: Pack[], engines: () => Promise<Engine[]>): Promise<RuleDef[]> {
  const byInside = new Map<string | undefined, string[]>()
  for (const p of packs) {
    const dir = path.join(p.dir, 'rules')
    if (fs.existsSync(dir)) byInside.set(p.inside, [...(byInside.get(p.inside) ?? []), dir])
  }
  const fromFolders = (await Promise.all([...byInside].map(([inside, dirs]) => loadRules(dirs, inside)))).flat()
  const known = new Set(builtinRules.map((r) => r.id))
  const own = [...fromFolders, ...packs.flatMap((p) => p.inlineRules)].filter((r) => !known.has(r.id) && (known.add(r.id), true))
  const errors: FieldError[] = []
  for (const rule of own) {
    const key = JSON.stringify(rule)
    let problems = checkedRules.get(key)
    if (!problems) {
      if (checkedRules.size >= MAX_CHECKED) checkedRules.clear()
      checkedRules.set(key, (problems = validateRule(rule, await engines())))
    }
    // Named from its packs folder (`team/rules/x.yaml`), not by a path of the server.
    const pack = packs.find((p) => rule.source?.startsWith(p.dir + path.sep))
    const where = pack ? path.relative(path.dirname(pack.dir), rule.source!).split(path.sep).join('/') : rule.id
    errors.push(...problems.map((p) => ({ path: `${where}: ${p.path}`, message: `rule ${rule.id}: ${p.message}` })))
  }
  if (errors.length) throw new ValidationError('Invalid pack rules', errors)
  // The same array while the packs' own rules do not change: what is derived from a rule set is then kept by it.
  const key = JSON.stringify(own)
  let byOwn = ruleLists.get(builtinRules)
  if (!byOwn) ruleLists.set(builtinRules, (byOwn = new Map()))
  let list = byOwn.get(key)
  if (!list) {
    if (byOwn.size >= MAX_KEPT) byOwn.clear()
    byOwn.set(key, (list = [...builtinRules, ...own]))
  }
  return list
}

/** Every rule known, per built-in library and packs' own rules; and each selection made from such a list. */
const ruleLists = new WeakMap<RuleDef[], Map<string, RuleDef[]>>()
const selections = new WeakMap<RuleDef[], Map<string, { rules: RuleDef[]; enabledPacks: Pack[] }>>()
const MAX_KEPT = 64

/** The rules a scan evaluates: those its enabled packs map, with `rules:` overrides applied. */
export function selectRules(rules: RuleDef[], packs: Pack[], config: ScanConfig): { rules: RuleDef[]; enabledPacks: Pack[] } {
  // Selected once per configuration: every scan with the same packs and settings gets the same rules (one array,
  // which the threads and the result cache then know), not a new copy per request.
  const key = JSON.stringify([packs, config.packs, config.rules])
  let bySettings = selections.get(rules)
  if (!bySettings) selections.set(rules, (bySettings = new Map()))
  let selection = bySettings.get(key)
  if (!selection) {
    selection = selectFrom(rules, packs, config)
    if (bySettings.size >= MAX_KEPT) bySettings.clear()
    bySettings.set(key, selection)
  }
  return selection
}

function selectFrom(rules: RuleDef[], packs: Pack[], config: ScanConfig): { rules: RuleDef[]; enabledPacks: Pack[] } {
  const wanted = config.packs ?? DEFAULT_PACKS
  const byId = new Map(packs.map((p) => [p.id, p]))
  const unknown = wanted.flatMap((id, i) => (byId.has(id) ? [] : [{ path: `packs[${i}]`, message: `no pack named ${quoted(id)}` }]))
  if (unknown.length) throw new ValidationError('Unknown pack', unknown)
  const enabledPacks = wanted.map((id) => byId.get(id)!)
  const overrides = ruleOverrides(enabledPacks, config.rules)
  const selected = rules
    .filter((r) => standardsOf(r, enabledPacks).length > 0)
    .map((r) => (overrides[r.id]?.severity ? { ...r, severity: overrides[r.id].severity! } : r))
    .filter((r) => overrides[r.id]?.enabled !== false && r.enabled !== false)
  return { rules: selected, enabledPacks }
}

export interface RuleFilter {
  pack?: string
  language?: string
  severity?: Severity
}

/** What the catalogue is read from: the server's working directory and config, the built-in rules, the engines. */
export interface CatalogSource {
  cwd: string
  config: GuardConfig
  builtinRules: RuleDef[]
  /** The engines, loaded in this thread (to check the packs' own rules). */
  engineModules(): Promise<Engine[]>
}

export async function listRules(source: CatalogSource, filter: RuleFilter = {}): Promise<RuleInfo[]> {
  const packs = loadPacks(packDirs(undefined, source.cwd))
  const enabled = new Set(source.config.packs ?? DEFAULT_PACKS)
  const overrides = ruleOverrides(packs.filter((p) => enabled.has(p.id)), source.config.rules)
  return (await allRules(source.builtinRules, packs, () => source.engineModules()))
    .map((r) => {
      const inPacks = standardsOf(r, packs).map((s) => s.pack)
      return {
        id: r.id,
        name: r.name,
        severity: overrides[r.id]?.severity ?? r.severity,
        languages: r.languages,
        cwe: r.cwe,
        owasp: r.owasp,
        packs: inPacks,
        description: r.description ?? r.name,
        remediation: r.remediation,
        enabled: r.enabled !== false && overrides[r.id]?.enabled !== false && inPacks.some((p) => enabled.has(p)),
      }
    })
    .filter(
      (r) =>
        (!filter.pack || r.packs.includes(filter.pack)) &&
        (!filter.language || ruleAppliesTo(r.languages, filter.language)) &&
        (!filter.severity || r.severity === filter.severity),
    )
    .sort((a, b) => a.id.localeCompare(b.id))
}
