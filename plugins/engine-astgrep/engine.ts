// The structural engine: ast-grep patterns and rule objects, one parse per file for all its rules.
import { Lang, parse, type NapiConfig, type SgNode } from '@ast-grep/napi'
import type { AstRule, Engine, EngineMatch, RuleDef, SourceFile } from '../../kernel/rule.ts'
import { STRUCTURAL_LANGUAGES } from '../../kernel/languages.ts'
import { astLanguage } from './languages.ts'
import { collectPatterns, mapPatterns, oneLine, patternProblem, shareRepeated, wrapPhpPattern } from './patterns.ts'
import { mayMatch, prefilterNeed, type Need } from './prefilter.ts'

/** Counts what the engine did in this thread; tests read it to see the prefilter at work. */
export const astGrepStats = { parsed: 0, skipped: 0 }

interface Compiled {
  need: Need
  /** Per ast-grep language: the config handed to findAll, or null when it does not compile there. */
  configs: Map<string, NapiConfig | null>
}

const byObject = new WeakMap<RuleDef, Compiled>()
// Worker threads receive rule copies, so a rule is also found again by its matcher's content.
const byContent = new Map<string, Compiled>()

function compiled(rule: RuleDef, astLang: string): Compiled {
  let entry = byObject.get(rule)
  if (entry) return entry
  const key = JSON.stringify([rule.id, rule.pattern, rule.rule, rule.constraints, rule.prefilter, rule.languages])
  entry = byContent.get(key)
  if (!entry) {
    entry = { need: prefilterNeed(rule, astLang), configs: new Map() }
    byContent.set(key, entry)
  }
  byObject.set(rule, entry)
  return entry
}

function ruleObject(rule: RuleDef): AstRule {
  return rule.rule ?? { pattern: rule.pattern }
}

function napiConfig(rule: RuleDef, astLang: string): NapiConfig {
  const object = astLang === 'php' ? mapPatterns(ruleObject(rule), wrapPhpPattern) : ruleObject(rule)
  const config = { ...shareRepeated(object), constraints: rule.constraints }
  return config as unknown as NapiConfig
}

/** Compiles the whole config against an empty tree: ast-grep checks rule shape, kinds and regexes only when it runs. */
function compileProblem(config: NapiConfig, astLang: string): string | undefined {
  try {
    parse(astLang, '').root().findAll(config)
    return undefined
  } catch (err) {
    return oneLine((err as Error).message.replace(/\|->/g, ''))
  }
}

function configFor(rule: RuleDef, entry: Compiled, astLang: string): NapiConfig | null {
  let config = entry.configs.get(astLang)
  if (config === undefined) {
    config = napiConfig(rule, astLang)
    const problem = compileProblem(config, astLang)
    if (problem !== undefined) {
      // JSX kinds do not exist in the .ts grammar, where JSX cannot occur: skipping the rule there is expected.
      if (astLang !== Lang.TypeScript) process.emitWarning(`rule ${rule.id} does not compile for ${astLang}, skipped: ${problem}`)
      config = null
    }
    entry.configs.set(astLang, config)
  }
  return config
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

/** Why the rule cannot run in one ast-grep language, or undefined. */
function problemIn(rule: RuleDef, astLang: string): string | undefined {
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

function scan(file: SourceFile, rules: RuleDef[]): EngineMatch[] {
  const astLang = astLanguage(file.language, file.path)
  if (!astLang) return []
  const present = new Map<string, boolean>()
  const todo: [RuleDef, NapiConfig][] = []
  for (const rule of rules) {
    const entry = compiled(rule, astLang)
    if (!mayMatch(entry.need, file.text, present)) continue
    const config = configFor(rule, entry, astLang)
    if (config) todo.push([rule, config])
  }
  if (!todo.length) {
    astGrepStats.skipped++
    return []
  }
  astGrepStats.parsed++
  const root = parse(astLang, file.text).root()
  const matches: EngineMatch[] = []
  for (const [rule, config] of todo) for (const node of root.findAll(config)) matches.push(toMatch(rule, node, file.text))
  return matches
}

const astGrepEngine: Engine = {
  name: 'ast-grep',
  handles: (rule) => rule.pattern !== undefined || rule.rule !== undefined,
  validate,
  scan,
}
export default astGrepEngine
