// The structural engine: ast-grep patterns and rule objects, one parse per file for all its rules.
import { Lang, parse, type NapiConfig, type SgNode } from '@ast-grep/napi'
import { STRUCTURAL_LANGUAGES, type AstRule, type Engine, type EngineMatch, type FileLinks, type FileSummary, type LinkedFiles, type RuleDef, type SourceFile } from '../../kernel/engine-api.ts'
import { astLanguage } from './languages.ts'
import { collectPatterns, mapPatterns, oneLine, patternProblem, shareRepeated, wrapPhpPattern } from './patterns.ts'
import { answered, fileAnswers, fileConditions } from './file-conditions.ts'
import { Prefilter, prefilterNeed, prefilterProblem, type Need } from './prefilter.ts'
import { entryNeeds, scanTaint, summarizeTaint, summaryScope, TAINT_KEYS, taintSpec, type TaintSpec } from './taint.ts'
import { TAINT_SYNTAX } from './taint-syntax.ts'
import { fileImports, readsImports, type FileImports } from './imports.ts'
import { LinkedCalls, type LinkedSummary } from './taint-linked.ts'

/** Counts what the engine did in this thread; tests read it to see the prefilter at work. */
export const astGrepStats = { parsed: 0, skipped: 0 }

interface Compiled {
  /** Tells rules apart in the prefilter cache. */
  id: number
  /** What a file must contain to be worth parsing for the rule: per ast-grep language, or for all under ''. */
  needs: Map<string, Need>
  /** Whether a pattern has a selector, which only a grammar can resolve: then the need differs by language. */
  selectors?: boolean
  /** Per ast-grep language: the rule with its repeated sub-rules as utils named for this rule alone. */
  shared: Map<string, { rule: AstRule; utils: Record<string, AstRule> }>
  /** Per ast-grep language: the config handed to findAll, or null when it does not compile there. */
  configs: Map<string, NapiConfig | null>
}

const byObject = new WeakMap<RuleDef, Compiled>()
// Worker threads receive rule copies, so a rule is also found again by its matcher's content.
const byContent = new Map<string, Compiled>()

function compiled(rule: RuleDef): Compiled {
  let entry = byObject.get(rule)
  if (entry) return entry
  const key = JSON.stringify([rule.id, rule.pattern, rule.rule, rule.constraints, rule.prefilter, rule.languages])
  entry = byContent.get(key)
  if (!entry) {
    entry = { id: byContent.size, needs: new Map(), shared: new Map(), configs: new Map() }
    byContent.set(key, entry)
  }
  byObject.set(rule, entry)
  return entry
}

/** The language a rule's need is derived for: '' when it is the same in all (JavaScript, TypeScript and TSX share it). */
function needLanguage(rule: RuleDef, entry: Compiled, astLang: string): string {
  entry.selectors ??= collectPatterns(ruleObject(rule), '').some(({ pattern }) => typeof pattern !== 'string' && pattern.selector !== undefined)
  return entry.selectors ? astLang : ''
}

function needOf(rule: RuleDef, entry: Compiled, astLang: string): Need {
  const language = needLanguage(rule, entry, astLang)
  let need = entry.needs.get(language)
  if (need === undefined) entry.needs.set(language, (need = prefilterNeed(rule, astLang)))
  return need
}

// Files of one language meet the same rule set again and again: its prefilter is built once. The kernel hands
// engines the same array for such files; equal rule sets in other arrays (other batches) share it by content.
const prefilterOfArray = new WeakMap<RuleDef[], Map<string, RulePrefilter>>()
const prefilters = new Map<string, RulePrefilter>()
const MAX_PREFILTERS = 64

/**
 * The needs of the rules (need i for rule i), then those of each entry of their taint rules, by the entry's key:
 * one pass over a file's text answers both, the entries' only when the taint analysis asks.
 */
interface RulePrefilter {
  prefilter: Prefilter
  entries: Map<string, number>
  /**
   * Per rule (by index), the needs of its taint sources and of its sinks that say anything (where a flow may start,
   * and end); `blind` when no sink of it says anything (a sink that may be in any file).
   */
  ends: { sources: number[]; sinks: number[]; blind: boolean }[]
  /** The needs of every taint rule's sources, once each (the rules of a language share them). */
  starts: number[]
}

function prefilterFor(rules: RuleDef[], astLang: string): RulePrefilter {
  let byLang = prefilterOfArray.get(rules)
  if (!byLang) prefilterOfArray.set(rules, (byLang = new Map()))
  let prefilter = byLang.get(astLang)
  if (prefilter) return prefilter
  const compiledRules = rules.map(compiled)
  const key = compiledRules.map((e, i) => `${e.id}:${needLanguage(rules[i], e, astLang)}`).join(',')
  prefilter = prefilters.get(key)
  if (!prefilter) {
    if (prefilters.size >= MAX_PREFILTERS) prefilters.clear()
    const needs = rules.map((rule, i) => needOf(rule, compiledRules[i], astLang))
    const entries = new Map<string, number>()
    for (const rule of rules) {
      if (rule.mode !== 'taint') continue
      for (const [entryKey, need] of entryNeeds(taintSpecFor(rule, astLang))) if (!entries.has(entryKey)) entries.set(entryKey, needs.push(need) - 1)
    }
    const ends = rules.map((rule) => {
      if (rule.mode !== 'taint') return { sources: [], sinks: [], blind: false }
      const spec = taintSpecFor(rule, astLang)
      // An entry that any file may hold (`$V` inside an assignment to a `token`) tells nothing.
      const needsOf = (keys: string[]) => keys.map((k) => entries.get(k)!).filter((i) => needs[i] !== null)
      const sinks = needsOf(spec.sinks.flatMap((k) => k.group.partKeys))
      return { sources: needsOf(spec.sources?.partKeys ?? []), sinks, blind: sinks.length === 0 }
    })
    prefilter = { prefilter: new Prefilter(needs), entries, ends, starts: [...new Set(ends.flatMap((e) => e.sources))] }
    prefilters.set(key, prefilter)
  }
  byLang.set(astLang, prefilter)
  return prefilter
}

function ruleObject(rule: RuleDef): AstRule {
  return rule.rule ?? { pattern: rule.pattern }
}

/** The rule object as ast-grep reads it in this grammar, its repeated sub-rules shared as utils. */
function sharedRule(rule: RuleDef, astLang: string): { rule: AstRule; utils: Record<string, AstRule> } {
  const entry = compiled(rule)
  let shared = entry.shared.get(astLang)
  if (!shared) {
    const object = astLang === 'php' ? mapPatterns(ruleObject(rule), wrapPhpPattern) : ruleObject(rule)
    entry.shared.set(astLang, (shared = shareRepeated(object, `guard-${entry.id}-`)))
  }
  return shared
}

function napiConfig(rule: RuleDef, astLang: string): NapiConfig {
  return { ...sharedRule(rule, astLang), constraints: rule.constraints } as unknown as NapiConfig
}

const compileMessage = (err: unknown) => oneLine((err as Error).message.replace(/\|->/g, ''))

/** Compiles the whole config against an empty tree: ast-grep checks rule shape, kinds and regexes only when it runs. */
function compileProblem(config: NapiConfig, astLang: string): string | undefined {
  try {
    parse(astLang, '').root().findAll(config)
    return undefined
  } catch (err) {
    return compileMessage(err)
  }
}

function configFor(rule: RuleDef, entry: Compiled, astLang: string): NapiConfig | null {
  let config = entry.configs.get(astLang)
  if (config === undefined) entry.configs.set(astLang, (config = napiConfig(rule, astLang)))
  return config
}

/** Matches of a rule, or none when it does not compile for this grammar (ast-grep compiles it only when it runs). */
function findAll(root: SgNode, rule: RuleDef, config: NapiConfig, astLang: string): SgNode[] {
  try {
    return root.findAll(config)
  } catch (err) {
    compiled(rule).configs.set(astLang, null)
    // JSX kinds do not exist in the .ts grammar, where JSX cannot occur: skipping the rule there is expected.
    if (astLang !== Lang.TypeScript) process.emitWarning(`rule ${rule.id} does not compile for ${astLang}, skipped: ${compileMessage(err)}`)
    return []
  }
}

const MESSAGE_VARIABLE = /\$\$\$([A-Z_][A-Z0-9_]*)|\$([A-Z_][A-Z0-9_]*)/g
const MAX_VARIABLE_TEXT = 60

function variableText(node: SgNode, text: string, multi: string | undefined, single: string | undefined): string | undefined {
  if (single) return node.getMatch(single)?.text()
  const nodes = node.getMultipleMatches(multi!)
  if (!nodes.length) return undefined
  return text.slice(nodes[0].range().start.index, nodes[nodes.length - 1].range().end.index)
}

/** `$X` in the message becomes the metavariable's text, on one line and cut short. */
function renderMessage(template: string, node: SgNode, fileText: string): string {
  return template.replace(MESSAGE_VARIABLE, (whole, multi: string | undefined, single: string | undefined) => {
    const value = variableText(node, fileText, multi, single)
    if (value === undefined) return whole
    const flat = oneLine(value)
    return flat.length > MAX_VARIABLE_TEXT ? `${flat.slice(0, MAX_VARIABLE_TEXT - 1)}…` : flat
  })
}

function toMatch(rule: RuleDef, node: SgNode, fileText: string): EngineMatch {
  const { start, end } = node.range()
  return {
    rule_id: rule.id,
    line: start.line + 1,
    column: start.column + 1,
    end_line: end.line + 1,
    end_column: end.column + 1,
    message: renderMessage(rule.message, node, fileText),
    matched: node.text(),
  }
}

/** A taint rule's entries in one grammar (PHP patterns wrapped in their tag), per rule and grammar. */
const taintSpecs = new WeakMap<RuleDef, Map<string, TaintSpec>>()
function taintSpecFor(rule: RuleDef, astLang: string): TaintSpec {
  let byLang = taintSpecs.get(rule)
  if (!byLang) taintSpecs.set(rule, (byLang = new Map()))
  let spec = byLang.get(astLang)
  if (!spec) {
    byLang.set(astLang, (spec = taintSpec(rule, astLang, astLang === 'php' ? (e) => mapPatterns(e, wrapPhpPattern) : undefined)))
  }
  return spec
}

/** Why a taint rule cannot run in one ast-grep language, or undefined. */
function taintProblemIn(rule: RuleDef, astLang: string): string | undefined {
  for (const key of TAINT_KEYS) {
    for (const [i, entry] of (rule[key] ?? []).entries()) {
      // An entry of relations only (`inside:`) matches every node in that place, the enclosing one included.
      if (!['pattern', 'kind', 'regex', 'any', 'all', 'matches'].some((k) => entry[k] !== undefined)) return `${key}[${i}]: needs a pattern, kind, regex, any or all of its own, not only relations`
      if (entry.prefilter !== undefined) {
        const problem = typeof entry.prefilter === 'string' ? (compileProblem({ rule: { regex: entry.prefilter } } as unknown as NapiConfig, astLang) ?? prefilterProblem(entry.prefilter)) : 'must be a regex'
        if (problem) return `${key}[${i}].prefilter: ${problem}`
      }
      for (const { path, pattern } of collectPatterns(entry, `${key}[${i}]`)) {
        const problem = patternProblem(astLang, astLang === 'php' ? wrapPhpPattern(pattern) : pattern)
        if (problem) return `${path}: ${problem}`
      }
    }
  }
  const spec = taintSpecFor(rule, astLang)
  const configs: [string, NapiConfig[]][] = [
    ['sources', spec.sources?.parts ?? []],
    ['sinks', spec.sinks.flatMap((s) => s.group.parts)],
    ['sanitizers', spec.sanitizers?.parts ?? []],
    ['propagators', spec.propagators.flatMap((p) => p.group.parts)],
    ['guards', spec.guards.flatMap((g) => g.group.parts)],
  ]
  for (const [key, list] of configs) {
    for (const [i, config] of list.entries()) {
      const problem = compileProblem(config, astLang)
      if (problem) return `${key}[${i}]: ${problem}`
    }
  }
  return undefined
}

/** Why the rule cannot run in one ast-grep language, or undefined. */
function problemIn(rule: RuleDef, astLang: string): string | undefined {
  if (rule.mode === 'taint') return taintProblemIn(rule, astLang)
  const at = rule.rule ? 'rule' : ''
  for (const { path, pattern } of collectPatterns(ruleObject(rule), at)) {
    const problem = patternProblem(astLang, astLang === 'php' ? wrapPhpPattern(pattern) : pattern)
    if (problem) return `${path.replace(/^\./, '')}: ${problem}`
  }
  const problem = compileProblem(napiConfig(rule, astLang), astLang)
  if (problem) return `${/^`constraints`/.test(problem) ? 'constraints' : rule.rule ? 'rule' : 'pattern'}: ${problem}`
  return undefined
}

function validate(rule: RuleDef): void {
  const structural: readonly string[] = STRUCTURAL_LANGUAGES
  const other = rule.languages.filter((l) => !structural.includes(l))
  if (other.length) throw new Error(`languages: ${other.join(', ')} has no syntax tree; use a regex rule`)
  for (const language of rule.languages) {
    const problem = problemIn(rule, astLanguage(language)!)
    // TypeScript files are read by two grammars (.ts and .tsx): a rule needs to compile for one of them.
    if (problem && !(language === 'typescript' && problemIn(rule, Lang.Tsx) === undefined)) throw new Error(`${problem} (${language})`)
  }
}

/** Files past this size are not followed across (the taint analysis does not follow bundles and generated code). */
const MAX_LINKED_CHARS = 256 * 1024

function scan(file: SourceFile, rules: RuleDef[], linked?: LinkedFiles): EngineMatch[] {
  const astLang = astLanguage(file.language, file.path)
  if (!astLang) return []
  const { prefilter, entries, ends, starts } = prefilterFor(rules, astLang)
  const may = prefilter.check(file.text)
  recorded = undefined
  // With the summaries of what the file imports, a rule's source here may reach its sink there, or the other way round;
  // before any summary (a first look), a file where a flow may start records what it calls in other files.
  const calls = linked ? linkedCalls(file, linked) : recorder(file, astLang, starts, may)
  // Recording needs one rule followed from its sources: one the file has anyway, or the first whose sources it holds.
  const recording = calls?.recorded && !rules.some((rule, i) => rule.mode === 'taint' && may(i)) ? rules.findIndex((rule, i) => rule.mode === 'taint' && ends[i].sources.some(may)) : -1
  const reaches = (rule: RuleDef, i: number) =>
    !!calls &&
    rule.mode === 'taint' &&
    (calls.recorded ? i === recording : (calls.rules.sink.has(rule.id) && ends[i].sources.some(may)) || (calls.rules.source.has(rule.id) && ends[i].sinks.some(may)))
  // A second look (with summaries) follows the flows again, and only them: the patterns' matches stay the first look's.
  const candidates = rules.filter((rule, i) => (may(i) || reaches(rule, i)) && (rule.mode === 'taint' || (!linked && configFor(rule, compiled(rule), astLang))))
  if (!candidates.length) {
    astGrepStats.skipped++
    return []
  }
  astGrepStats.parsed++
  // One parse serves both the patterns and the taint analysis.
  const root = parse(astLang, file.text).root()
  const holds = fileAnswers(root, astLang, file.text)
  const todo: [RuleDef, NapiConfig][] = []
  const taint: { rule: RuleDef; spec: TaintSpec }[] = []
  for (const candidate of candidates) {
    const rule = ruleForFile(candidate, astLang, holds)
    if (!rule) continue
    if (rule.mode === 'taint') taint.push({ rule, spec: taintSpecFor(rule, astLang) })
    else {
      const config = configFor(rule, compiled(rule), astLang)
      if (config) todo.push([rule, config])
    }
  }
  const matches: EngineMatch[] = []
  for (const [rule, config] of worthSearching(root, todo, astLang)) for (const node of findAll(root, rule, config, astLang)) matches.push(toMatch(rule, node, file.text))
  // An entry the prefilter does not know (a rule rewritten for this file) may be there.
  const present = (entryKey: string) => {
    const need = entries.get(entryKey)
    return need === undefined || may(need)
  }
  if (taint.length) for (const m of scanTaint(root, astLang, taint, present, calls)) matches.push(m)
  if (calls?.recorded?.size) recorded = { file, links: calls.links() }
  return matches
}

/** The calls into other files that the last file's first look recorded (see `links`). */
let recorded: { file: SourceFile; links: FileLinks } | undefined

/** The functions of other files a file calls, by the summaries given. */
function linkedCalls(file: SourceFile, linked: LinkedFiles): LinkedCalls | undefined {
  return Object.keys(linked).length && readsImports(file.language) && file.text.length <= MAX_LINKED_CHARS ? new LinkedCalls(fileImports(file), file.language, file.text, linked) : undefined
}

/**
 * Records what a file where a flow may start (a source by its text) calls in other files, where they are worth a
 * summary. The cheap question first: the literal text of the sources, then their regexes.
 */
function recorder(file: SourceFile, astLang: string, starts: number[], may: ReturnType<Prefilter['check']>): LinkedCalls | undefined {
  if (!readsImports(file.language) || !TAINT_SYNTAX[astLang] || file.text.length > MAX_LINKED_CHARS || !starts.some((i) => may.literally(i)) || !starts.some((i) => may(i))) return undefined
  return LinkedCalls.recorder(fileImports(file), file.language, file.text)
}

/**
 * The imports of a file where a flow may start, each with the functions it calls there with request data (or whose
 * value reaches a sink), as the first look at the file recorded them (see Engine.links).
 */
function links(file: SourceFile): FileLinks | undefined {
  return recorded?.file === file ? recorded.links : undefined
}

/**
 * What the functions `names` of an imported file do with their parameters (see taint-linked.ts), with the summaries
 * of the files it imports in turn (without them, what the functions call there is recorded); parsed only when a name
 * asked for is in it.
 */
function summarize(file: SourceFile, rules: RuleDef[], names: string[], linked: LinkedFiles): { summary?: FileSummary; imports: FileLinks } {
  const astLang = astLanguage(file.language, file.path)
  if (!astLang || !TAINT_SYNTAX[astLang] || !readsImports(file.language) || file.text.length > MAX_LINKED_CHARS) return { imports: {} }
  const imports = fileImports(file)
  const exported = exportNames(file.text)
  const wanted = new Set(names.flatMap((n) => (n === 'default' ? ['default', ...(exported.default ? [exported.default] : [])] : [n])))
  // Without the summaries of what it imports (a first look), the file records what its functions call there.
  const calls = Object.keys(linked).length ? new LinkedCalls(imports, file.language, file.text, linked) : LinkedCalls.recorder(imports, file.language, file.text)
  const { prefilter, entries, ends } = prefilterFor(rules, astLang)
  let functions: LinkedSummary['functions'] = {}
  const taintRules = rules.some((rule) => rule.mode === 'taint')
  if (taintRules && [...wanted].some((n) => n === 'default' || file.text.includes(n))) {
    astGrepStats.parsed++
    const root = parse(astLang, file.text).root()
    const scope = summaryScope(root, astLang, wanted)
    if (scope?.length === 0) return { imports: reexportsAsked(imports, names, {}) }
    // The rules whose sources or sinks the file may hold (by its text: a sink's conditions may be on the whole file),
    // whose sinks are in every file (no text tells them), or that the files it calls into reach; one to record what the
    // functions call there, if none.
    const may = prefilter.check(file.text)
    const held = (rule: RuleDef, i: number) => ends[i].sinks.some(may) || ends[i].sources.some(may) || ends[i].blind || !!calls?.rules.sink.has(rule.id) || !!calls?.rules.source.has(rule.id)
    let chosen = rules.filter((rule, i) => rule.mode === 'taint' && held(rule, i))
    if (!chosen.length && calls?.recorded) chosen = rules.filter((rule) => rule.mode === 'taint').slice(0, 1)
    const holds = fileAnswers(root, astLang, file.text)
    const taint = chosen.flatMap((candidate) => {
      const rule = ruleForFile(candidate, astLang, holds)
      return rule ? [{ rule, spec: taintSpecFor(rule, astLang) }] : []
    })
    const present = (entryKey: string) => {
      const need = entries.get(entryKey)
      return need === undefined || may(need)
    }
    functions = summarizeTaint(root, astLang, taint, present, calls, file.path, wanted, scope)
  }
  addReexports(functions, imports, linked, wanted)
  const called = reexportsAsked(imports, names, calls?.recorded ? calls.links() : {})
  if (!Object.keys(functions).length) return { imports: called }
  const summary: LinkedSummary = { functions, ...exported }
  return { summary: summary as unknown as FileSummary, imports: called }
}

/** The calls a file makes into others, with what it is asked for of what it exports from them. */
function reexportsAsked(imports: FileImports, names: string[], called: FileLinks): FileLinks {
  for (const { spec, names: reexported } of imports.reexports) {
    const asked = reexported === '*' ? names : reexported.filter(([exported]) => names.includes(exported)).map(([, original]) => original)
    if (asked.length) called[spec] = [...new Set([...(called[spec] ?? []), ...asked])].sort()
  }
  return called
}

/** Functions the file exports from files it imports (`export * from './x'`, an `__init__.py`'s `from .m import f`). */
function addReexports(functions: LinkedSummary['functions'], imports: FileImports, linked: LinkedFiles, wanted: Set<string>): void {
  for (const { spec, names } of imports.reexports) {
    for (const { summary } of linked[spec] ?? []) {
      const theirs = (summary as unknown as LinkedSummary).functions ?? {}
      for (const [exported, original] of names === '*' ? Object.keys(theirs).map((n) => [n, n]) : names) {
        if (wanted.has(exported) && theirs[original] && !functions[exported]) functions[exported] = theirs[original]
      }
    }
  }
}

/** The name of the file's default export (`module.exports = find`, `export default class Dao`), and Go's package. */
function exportNames(text: string): Pick<LinkedSummary, 'default' | 'package'> {
  const named = /\bmodule\.exports\s*=\s*([\w$]+)\s*(?:;|\n|$)|\bexport\s+default\s+(?:async\s+)?(?:function\s*\*?\s*|class\s+)?([\w$]+)/.exec(text)
  const name = named?.[1] ?? named?.[2]
  const pkg = /^package\s+(\w+)/m.exec(text)?.[1]
  return { ...(name && name !== 'function' && name !== 'class' ? { default: name } : {}), ...(pkg ? { package: pkg } : {}) }
}

/** Per rule and grammar: the conditions its matchers set on the whole file. */
const conditionsByRule = new WeakMap<RuleDef, Map<string, AstRule[]>>()
function conditionsOf(rule: RuleDef, astLang: string): AstRule[] {
  let byLang = conditionsByRule.get(rule)
  if (!byLang) conditionsByRule.set(rule, (byLang = new Map()))
  let conditions = byLang.get(astLang)
  if (!conditions) {
    const objects = rule.mode === 'taint' ? TAINT_KEYS.flatMap((key) => rule[key] ?? []) : [ruleObject(rule)]
    byLang.set(astLang, (conditions = [...new Map(objects.flatMap((o) => fileConditions(o, astLang)).map((c) => [JSON.stringify(c), c])).values()]))
  }
  return conditions
}

/** Per rule: the rule with its file conditions answered, per grammar and answers (null: it matches nothing). */
const forFiles = new WeakMap<RuleDef, Map<string, RuleDef | null>>()
function ruleForFile(rule: RuleDef, astLang: string, holds: (condition: AstRule) => boolean): RuleDef | null {
  const conditions = conditionsOf(rule, astLang)
  if (!conditions.length) return rule
  let byAnswers = forFiles.get(rule)
  if (!byAnswers) forFiles.set(rule, (byAnswers = new Map()))
  const key = `${astLang}:${conditions.map((c) => (holds(c) ? 1 : 0)).join('')}`
  let specialised = byAnswers.get(key)
  if (specialised === undefined) {
    const one = (object: AstRule) => answered(object, astLang, holds)
    if (rule.mode === 'taint') {
      specialised = { ...rule }
      for (const key of TAINT_KEYS) specialised[key] = rule[key]?.map(one).filter((entry): entry is AstRule => entry !== undefined)
    } else {
      const object = one(ruleObject(rule))
      specialised = object ? { ...rule, rule: object, pattern: undefined } : null
    }
    byAnswers.set(key, specialised)
  }
  return specialised
}

// One config that matches wherever one of several rules does, per rule set and grammar.
const anyConfigs = new Map<string, NapiConfig>()
const MAX_ANY_CONFIGS = 256

function anyConfig(rules: RuleDef[], astLang: string): NapiConfig {
  const key = `${astLang}\u0000${rules.map((r) => compiled(r).id).join(',')}`
  let config = anyConfigs.get(key)
  if (!config) {
    if (anyConfigs.size >= MAX_ANY_CONFIGS) anyConfigs.clear()
    const shared = rules.map((r) => sharedRule(r, astLang))
    config = { rule: { any: shared.map((s) => s.rule) }, utils: Object.assign({}, ...shared.map((s) => s.utils)) } as unknown as NapiConfig
    anyConfigs.set(key, config)
  }
  return config
}

/**
 * The rules worth a search of their own. Each search walks the whole tree, and most files match few of their
 * rules or none: one search for a first match of any rule (those without constraints: a config holds one set)
 * rules out all that match nowhere; a match found sets aside the rules that match there, and the others are
 * looked for again.
 */
function worthSearching(root: SgNode, todo: [RuleDef, NapiConfig][], astLang: string): [RuleDef, NapiConfig][] {
  const matching = todo.filter(([rule]) => rule.constraints)
  let rest = todo.filter(([rule]) => !rule.constraints)
  while (rest.length > 1) {
    let here: [RuleDef, NapiConfig][]
    try {
      const node = root.find(anyConfig(rest.map(([rule]) => rule), astLang))
      if (!node) return matching
      here = rest.filter(([, config]) => node.matches(config))
    } catch {
      return todo // a rule that does not compile in this grammar: the rules' own searches tell which
    }
    if (!here.length) return todo
    matching.push(...here)
    rest = rest.filter((entry) => !here.includes(entry))
  }
  return [...matching, ...rest]
}

const astGrepEngine: Engine = {
  name: 'ast-grep',
  handles: (rule) => rule.pattern !== undefined || rule.rule !== undefined || rule.mode === 'taint',
  validate,
  scan,
  links,
  summarize,
}
export default astGrepEngine
