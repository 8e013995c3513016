// Runs the applicable rules of every engine on one file. Shared by the worker pool and the in-process path.
import picomatch from 'picomatch'
import type { Engine, EngineMatch, RuleDef, SourceFile } from './rule.ts'
import { ruleAppliesTo } from './languages.ts'

const LOWER: Record<string, 'medium' | 'low'> = { high: 'medium', medium: 'low', low: 'low' }

/** Loads engine modules (their default export implements Engine) from module URLs. */
export async function loadEngines(moduleUrls: string[]): Promise<Engine[]> {
  return Promise.all(moduleUrls.map(async (url) => (await import(url)).default as Engine))
}

const matcherCache = new WeakMap<RuleDef, (p: string) => boolean>()
function pathAllowed(rule: RuleDef, file: string): boolean {
  if (!rule.paths) return true
  let allowed = matcherCache.get(rule)
  if (!allowed) {
    const inc = rule.paths.include?.length ? picomatch(rule.paths.include, { dot: true }) : () => true
    const exc = rule.paths.exclude?.length ? picomatch(rule.paths.exclude, { dot: true }) : () => false
    allowed = (p: string) => inc(p) && !exc(p)
    matcherCache.set(rule, allowed)
  }
  return allowed(file)
}

/** The rules that apply to a file: its language, the rule's paths, and the rule's test-file policy. */
export function rulesForFile(file: SourceFile, rules: RuleDef[]): RuleDef[] {
  return rules.filter(
    (r) => ruleAppliesTo(r.languages, file.language) && pathAllowed(r, file.path) && !(file.isTest && r.in_tests === 'skip'),
  )
}

export function evaluateFile(file: SourceFile, rules: RuleDef[], engines: Engine[]): EngineMatch[] {
  const applicable = rulesForFile(file, rules)
  if (applicable.length === 0) return []
  const byId = new Map(applicable.map((r) => [r.id, r]))
  const matches: EngineMatch[] = []
  for (const engine of engines) {
    const mine = applicable.filter((r) => engine.handles(r))
    if (mine.length) matches.push(...engine.scan(file, mine))
  }
  for (const m of matches) {
    const rule = byId.get(m.rule_id)!
    const confidence = m.confidence ?? rule.confidence
    m.confidence = file.isTest && (rule.in_tests ?? 'lower') === 'lower' ? LOWER[confidence] : confidence
  }
  return matches
}
