// The rule catalogue (GET /rules, `guard rules`): every known rule, the packs that map it, and whether it runs.
import type { Kernel } from './kernel.ts'
import { DEFAULT_PACKS } from './config.ts'
import { loadPacks, ruleOverrides, standardsOf } from './packs.ts'
import { allRules, packDirs } from './pipeline.ts'
import { ruleAppliesTo } from './languages.ts'
import type { RuleInfo, Severity } from './schemas.ts'

export interface RuleFilter {
  pack?: string
  language?: string
  severity?: Severity
}

export async function listRules(kernel: Kernel, filter: RuleFilter = {}): Promise<RuleInfo[]> {
  const packs = loadPacks(packDirs(undefined, kernel.cwd))
  const enabled = new Set(kernel.config.packs ?? DEFAULT_PACKS)
  const overrides = ruleOverrides(packs.filter((p) => enabled.has(p.id)), kernel.config.rules)
  return (await allRules(kernel, packs))
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
