// Pattern handling shared by compile, validation and the prefilter: walking rule objects, PHP wrapping, syntax checks.
import { parse } from '@ast-grep/napi'
import type { AstRule } from '../../kernel/engine-api.ts'
import { expandoChar } from './languages.ts'

export interface PatternObject {
  context: string
  selector?: string
  strictness?: string
}
export type PatternStyle = string | PatternObject

/** Keys of an ast-grep rule whose value is a sub-rule, or a list of sub-rules. */
const SUB_RULE_KEYS = ['inside', 'has', 'precedes', 'follows', 'not', 'stopBy'] as const
const SUB_RULE_LIST_KEYS = ['all', 'any'] as const

export function isRuleObject(value: unknown): value is AstRule {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** Rule positions: values of these keys, and items of `all` / `any`. */
function* subRules(rule: AstRule): Generator<[key: string, index: number | undefined, sub: AstRule]> {
  for (const key of SUB_RULE_KEYS) if (isRuleObject(rule[key])) yield [key, undefined, rule[key]]
  for (const key of SUB_RULE_LIST_KEYS) {
    const list = rule[key]
    if (Array.isArray(list)) for (const [i, item] of list.entries()) if (isRuleObject(item)) yield [key, i, item]
  }
}

/** Every pattern of a rule object, with its field path (`rule.any[1].pattern`). */
export function collectPatterns(rule: AstRule, at: string): { path: string; pattern: PatternStyle }[] {
  const found: { path: string; pattern: PatternStyle }[] = []
  const walk = (r: AstRule, p: string): void => {
    if (typeof r.pattern === 'string' || isRuleObject(r.pattern)) found.push({ path: `${p}.pattern`, pattern: r.pattern as PatternStyle })
    for (const [key, index, sub] of subRules(r)) walk(sub, index === undefined ? `${p}.${key}` : `${p}.${key}[${index}]`)
  }
  walk(rule, at)
  return found
}

/** A copy of the rule with each sub-rule replaced by `map` of it. */
function mapSubRules(rule: AstRule, map: (sub: AstRule) => AstRule): AstRule {
  const out: AstRule = { ...rule }
  for (const [key, index, sub] of subRules(rule)) {
    if (index === undefined) out[key] = map(sub)
    else (out[key] = [...(out[key] as AstRule[])])[index] = map(sub)
  }
  return out
}

/** A copy of the rule with every pattern passed through `map`. */
export function mapPatterns(rule: AstRule, map: (p: PatternStyle) => PatternStyle): AstRule {
  const out = mapSubRules(rule, (sub) => mapPatterns(sub, map))
  if (typeof rule.pattern === 'string' || isRuleObject(rule.pattern)) out.pattern = map(rule.pattern as PatternStyle)
  return out
}

/** Sub-rules smaller than this are cheaper to compile twice than to look up. */
const MIN_SHARED_CHARS = 64
const METAVARIABLE_PATTERN = /"pattern":(?:"|\{[^}]*"context":")[^"]*\$[A-Z_]/

/**
 * The rule with each sub-rule it repeats (YAML anchors and aliases write them out again) moved into ast-grep
 * `utils` and referenced by `matches`: ast-grep compiles a rule for every file it searches, and a large rule that
 * repeats its request-data check a dozen times compiles ten times faster this way. Sub-rules that capture
 * metavariables, or carry a relation's `field` / `stopBy`, stay where they are. Util names start with `prefix`, so
 * several rules' utils can share one config.
 */
export function shareRepeated(rule: AstRule, prefix = 'guard-shared-'): { rule: AstRule; utils: Record<string, AstRule> } {
  const seen = new Map<string, number>()
  const count = (r: AstRule) => {
    for (const [, , sub] of subRules(r)) {
      const key = JSON.stringify(sub)
      seen.set(key, (seen.get(key) ?? 0) + 1)
      count(sub)
    }
  }
  count(rule)
  const utils: Record<string, AstRule> = {}
  const names = new Map<string, string>()
  // Shared when written more often than the shared rule around it (whose one copy then holds it once).
  const shareable = (key: string, sub: AstRule, around: number) =>
    seen.get(key)! > around && key.length >= MIN_SHARED_CHARS && !('field' in sub) && !('stopBy' in sub) && !METAVARIABLE_PATTERN.test(key)
  const rewrite = (r: AstRule, around: number): AstRule =>
    mapSubRules(r, (sub) => {
      const json = JSON.stringify(sub)
      if (!shareable(json, sub, around)) return rewrite(sub, around)
      let name = names.get(json)
      if (!name) {
        name = `${prefix}${names.size}`
        names.set(json, name)
        utils[name] = rewrite(sub, seen.get(json)!)
      }
      return { matches: name }
    })
  return { rule: rewrite(rule, 1), utils }
}

/** `$X` or `$$$X` alone: matches any node (any nodes), whatever the grammar. */
function isLoneMetavariable(p: PatternStyle): boolean {
  return typeof p === 'string' && /^\s*\$(\$\$)?[A-Z_][A-Z0-9_]*\s*$/.test(p)
}

const PHP_TAG = '<?php '

/** The php grammar reads text outside `<?php` as HTML, so bare patterns become a `<?php` context with a selector. */
export function wrapPhpPattern(p: PatternStyle): PatternStyle {
  if (isLoneMetavariable(p)) return p
  if (typeof p !== 'string') return p.context.trimStart().startsWith('<?php') ? p : { ...p, context: PHP_TAG + p.context }
  if (p.trimStart().startsWith('<?php')) return p
  const body = p.trim()
  const context = PHP_TAG + body + (/[;}]$/.test(body) ? '' : ';')
  const statement = parse('php', context).root().children().filter((n) => n.isNamed())[1]
  if (!statement) return p
  const selected = statement.kind() === 'expression_statement' ? statement.children().find((n) => n.isNamed()) : statement
  const kind = String((selected ?? statement).kind())
  // Without a selector ast-grep rejects the two-node context, so validation reports a pattern PHP cannot parse.
  return kind === 'ERROR' ? { context } : { context, selector: kind }
}

/** The pattern as ast-grep parses it: metavariables spelled with the grammar's expando character. */
function patternSource(astLang: string, p: PatternStyle): string {
  const text = typeof p === 'string' ? p : p.context
  const expando = expandoChar(astLang)
  return expando === '$' ? text : text.replace(/\$\$\$|\$(?=[A-Z_])/g, (m) => expando.repeat(m.length))
}

const CLOSING: Record<string, string> = { '(': ')', '[': ']', '{': '}' }

/**
 * A pattern with unbalanced brackets or an unterminated string: ast-grep accepts it and silently matches nothing.
 * (Parse errors in general are no sign: `class $C { $$$ }` is an error to the Java grammar and a fine pattern.)
 */
function unbalanced(text: string): string | undefined {
  const open: string[] = []
  let quote: string | undefined
  for (let i = 0; i < text.length; i++) {
    const c = text[i]
    if (quote) {
      if (c === '\\') i++
      else if (c === quote) quote = undefined
    } else if (c === '"' || c === "'" || c === '`') quote = c
    else if (CLOSING[c]) open.push(CLOSING[c])
    else if (c === ')' || c === ']' || c === '}') {
      if (open.pop() !== c) return `unbalanced "${c}"`
    }
  }
  if (quote) return `unterminated string (${quote})`
  return open.length ? `incomplete pattern: missing "${open[open.length - 1]}"` : undefined
}

/** Why the pattern cannot be what its author meant, or undefined. */
export function patternProblem(astLang: string, p: PatternStyle): string | undefined {
  const text = typeof p === 'string' ? p : p.context
  if (!text.trim()) return 'is empty'
  const problem = unbalanced(text)
  if (problem) return problem
  if (typeof p !== 'string' && p.selector && !parse(astLang, patternSource(astLang, p)).root().find({ rule: { kind: p.selector } })) {
    return `selector "${p.selector}" is not in the context`
  }
  return undefined
}

/**
 * The kind of node a pattern matches, as ast-grep reads it (the pattern found in its own text), or undefined for a
 * lone metavariable and a pattern it cannot find there.
 */
export function patternKind(astLang: string, p: PatternStyle): string | undefined {
  if (isLoneMetavariable(p)) return undefined
  if (typeof p !== 'string' && p.selector) return p.selector
  try {
    return parse(astLang, patternSource(astLang, p)).root().find({ rule: { pattern: p } } as never)?.kind() as string | undefined
  } catch {
    return undefined
  }
}

/** The text a pattern must reproduce in the file: the selected node of a context pattern, else the pattern itself. */
export function matchedPatternText(astLang: string, p: PatternStyle): string {
  if (typeof p === 'string') return p
  if (!p.selector) return p.context
  const source = patternSource(astLang, p)
  const selected = parse(astLang, source).root().find({ rule: { kind: p.selector } })
  if (!selected) return p.context
  const r = selected.range()
  // The expando character replaces `$` one for one, so offsets in the parsed source are offsets in the context.
  return p.context.slice(r.start.index, r.end.index)
}

export function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim()
}
