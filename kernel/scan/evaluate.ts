// Runs the applicable rules of every engine on one file. Shared by the worker pool and the in-process path.
import { globMatcher } from '../base/globs.ts'
import { runtimeModule } from '../base/modules.ts'
import type { Engine, EngineMatch, FileLinks, FileSummary, LinkedFiles, RuleDef, SourceFile } from '../catalog/rule.ts'
import { ruleAppliesTo } from '../catalog/languages.ts'

const LOWER: Record<string, 'medium' | 'low'> = { high: 'medium', medium: 'low', low: 'low' }

/** Loads engine modules (their default export implements Engine) from module URLs. */
export async function loadEngines(moduleUrls: string[]): Promise<Engine[]> {
  return Promise.all(moduleUrls.map(async (url) => (await import(runtimeModule(url))).default as Engine))
}

const matcherCache = new WeakMap<RuleDef, (p: string) => boolean>()
function pathAllowed(rule: RuleDef, file: string): boolean {
  if (!rule.paths) return true
  let allowed = matcherCache.get(rule)
  if (!allowed) {
    const inc = rule.paths.include?.length ? globMatcher(rule.paths.include) : () => true
    const exc = globMatcher(rule.paths.exclude)
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

interface Selection {
  applicable: RuleDef[]
  /** Per engine (by index), its share of the applicable rules. */
  byEngine: RuleDef[][]
  byId: Map<string, RuleDef>
}

/**
 * Files of one language (and test status, and answer to the few rules with `paths`) get the same selection,
 * computed once per rule set: the same arrays reach the engines, which cache what they build for a rule set.
 */
const selections = new WeakMap<RuleDef[], { withPaths: Map<string, RuleDef[]>; byKey: Map<string, Selection> }>()

function select(file: SourceFile, rules: RuleDef[], engines: Engine[]): Selection {
  let cache = selections.get(rules)
  if (!cache) selections.set(rules, (cache = { withPaths: new Map(), byKey: new Map() }))
  // Only the path globs of the rules for this language are tried on its files.
  let withPaths = cache.withPaths.get(file.language)
  if (!withPaths) cache.withPaths.set(file.language, (withPaths = rules.filter((r) => r.paths && ruleAppliesTo(r.languages, file.language))))
  const key = `${file.language}\0${file.isTest}\0${withPaths.map((r) => (pathAllowed(r, file.path) ? 1 : 0)).join('')}`
  let selection = cache.byKey.get(key)
  if (!selection) {
    const applicable = rulesForFile(file, rules)
    selection = { applicable, byEngine: engines.map((e) => applicable.filter((r) => e.handles(r))), byId: new Map(applicable.map((r) => [r.id, r])) }
    cache.byKey.set(key, selection)
  }
  return selection
}

/** `linked`: per engine (by name), the summaries of the files this one imports (see linked.ts). */
export function evaluateFile(file: SourceFile, rules: RuleDef[], engines: Engine[], linked?: Record<string, LinkedFiles>): EngineMatch[] {
  const { applicable, byEngine, byId } = select(file, rules, engines)
  if (applicable.length === 0) return []
  const matches: EngineMatch[] = []
  engines.forEach((engine, i) => {
    const files = linked?.[engine.name]
    // A second look (linked) asks only the engines given summaries: the others' matches stay the first look's.
    if (linked && !files) return
    // Not push(...): a spread of a generated file's hundreds of thousands of matches overflows the stack.
    if (byEngine[i].length) for (const m of files ? engine.scan(file, byEngine[i], files) : engine.scan(file, byEngine[i])) matches.push(m)
  })
  for (const m of matches) {
    const rule = byId.get(m.rule_id)!
    const confidence = m.confidence ?? rule.confidence
    m.confidence = file.isTest && (rule.in_tests ?? 'lower') === 'lower' ? LOWER[confidence] : confidence
    // A password written into a test is a test's own fixture far more often than a leak: reported, but low.
    if (file.isTest && rule.generic) m.severity = 'low'
  }
  return matches
}

/** The links of a file where flows may start or end, as the engines that follow flows across files name them (after evaluateFile). */
export function fileLinks(file: SourceFile, rules: RuleDef[], engines: Engine[]): FileLinks | undefined {
  const { byEngine } = select(file, rules, engines)
  let links: FileLinks | undefined
  engines.forEach((engine, i) => {
    const own = byEngine[i].length ? engine.links?.(file, byEngine[i]) : undefined
    if (own) links = mergeLinks(links ?? {}, own)
  })
  return links
}

/** Per engine (by name), what an imported file's functions do with their parameters; and every file it imports. */
export function summarizeFile(file: SourceFile, rules: RuleDef[], engines: Engine[], names: string[], linked: Record<string, LinkedFiles>): { summary?: Record<string, FileSummary>; links: FileLinks } {
  const { byEngine } = select(file, rules, engines)
  let summary: Record<string, FileSummary> | undefined
  let links: FileLinks = {}
  engines.forEach((engine, i) => {
    if (!byEngine[i].length || !engine.summarize) return
    const own = engine.summarize(file, byEngine[i], names, linked[engine.name] ?? {})
    if (own.summary) (summary ??= {})[engine.name] = own.summary
    links = mergeLinks(links, own.imports)
  })
  return { ...(summary && { summary }), links }
}

/** Both engines' imports, each import's names joined. */
function mergeLinks(a: FileLinks, b: FileLinks): FileLinks {
  const out = { ...a }
  for (const [spec, names] of Object.entries(b)) out[spec] = out[spec] ? [...new Set([...out[spec], ...names])] : names
  return out
}
