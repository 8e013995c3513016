// The rule catalogue: where packs are found, every known rule, the rules a scan runs, and the listing (GET /rules).
import fs from 'node:fs'
import path from 'node:path'
import { DEFAULT_PACKS, type GuardConfig, type ScanConfig } from '../config/config.ts'
import { ValidationError } from '../base/errors.ts'
import { INSTALL_DIR } from '../base/install.ts'
import { loadPacks, ruleOverrides, standardsOf, type Pack } from './packs.ts'
import { ruleAppliesTo } from './languages.ts'
import type { RuleDef } from './rule.ts'
import { loadRules } from './rules.ts'
import type { RuleInfo, Severity } from '../base/schemas.ts'

export function packDirs(repoRoot?: string, cwd = process.cwd()) {
  return [
    { dir: path.join(INSTALL_DIR, 'packs'), builtin: true },
    { dir: path.resolve(cwd, process.env.GUARD_PACKS_DIR ?? '.guard/packs'), builtin: false },
    ...(repoRoot ? [{ dir: path.join(repoRoot, '.guard', 'packs'), builtin: false }] : []),
  ]
}

/** Every rule known: the built-in library plus the rules/ folders of the packs. */
export async function allRules(builtinRules: RuleDef[], packs: Pack[]): Promise<RuleDef[]> {
  const extra = packs.map((p) => path.join(p.dir, 'rules')).filter((d) => fs.existsSync(d))
  const known = new Set(builtinRules.map((r) => r.id))
  const packRules = extra.length ? (await loadRules(extra)).filter((r) => !known.has(r.id)) : []
  return [...builtinRules, ...packRules]
}

/** The rules a scan evaluates: those its enabled packs map, with `rules:` overrides applied. */
export function selectRules(rules: RuleDef[], packs: Pack[], config: ScanConfig): { rules: RuleDef[]; enabledPacks: Pack[] } {
  const wanted = config.packs ?? DEFAULT_PACKS
  const byId = new Map(packs.map((p) => [p.id, p]))
  const unknown = wanted.filter((id) => !byId.has(id))
  if (unknown.length)
    throw new ValidationError('Unknown pack', unknown.map((id) => ({ path: `packs[${wanted.indexOf(id)}]`, message: `no pack named ${id}` })))
  const enabledPacks = wanted.map((id) => byId.get(id)!)
  const overrides = ruleOverrides(enabledPacks, config.rules)
  const selected = rules
    .filter((r) => standardsOf(r, enabledPacks).length > 0)
    .map((r) => ({ ...r, ...(overrides[r.id]?.severity ? { severity: overrides[r.id].severity! } : {}) }))
    .filter((r) => overrides[r.id]?.enabled !== false && r.enabled !== false)
  return { rules: selected, enabledPacks }
}

export interface RuleFilter {
  pack?: string
  language?: string
  severity?: Severity
}

/** What the catalogue is read from: the server's working directory and config, and the built-in rules. */
export interface CatalogSource {
  cwd: string
  config: GuardConfig
  builtinRules: RuleDef[]
}

export async function listRules(source: CatalogSource, filter: RuleFilter = {}): Promise<RuleInfo[]> {
  const packs = loadPacks(packDirs(undefined, source.cwd))
  const enabled = new Set(source.config.packs ?? DEFAULT_PACKS)
  const overrides = ruleOverrides(packs.filter((p) => enabled.has(p.id)), source.config.rules)
  return (await allRules(source.builtinRules, packs))
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
