// Conditions on the file as a whole (`inside: {stopBy: end, kind: program, regex: child_process}`: "the module is
// named somewhere in this file"). ast-grep decides them from every candidate node again, walking up to the root and
// testing it there: a regex over the whole file, or a search of the whole tree, per call in the file (8 s on a
// 1 MB file). They are decided once per file here, and the rule is rewritten without them.
import { parse, type SgNode } from '@ast-grep/napi'
import type { AstRule } from '../../kernel/engine-api.ts'
import { collectPatterns, isRuleObject } from './patterns.ts'
import { textMayMatch } from './prefilter.ts'

const rootKinds = new Map<string, string>()
/** The kind of a grammar's root node (`program`, `module`, `source_file`, ...). */
function rootKind(astLang: string): string {
  let kind = rootKinds.get(astLang)
  if (kind === undefined) rootKinds.set(astLang, (kind = parse(astLang, '').root().kind() as string))
  return kind
}

/**
 * `inside: {stopBy: end, kind: <root>, …}`: what the root must match, or undefined for another relation, and for a
 * condition on the node's own metavariables (`$MAP` is declared as a constant map somewhere in the file).
 */
function rootCondition(inside: unknown, astLang: string): AstRule | undefined {
  if (!isRuleObject(inside) || inside.stopBy !== 'end' || inside.kind !== rootKind(astLang) || inside.field !== undefined) return undefined
  const { stopBy: _s, ...condition } = inside
  return collectPatterns(condition, '').some(({ pattern }) => METAVARIABLE.test(typeof pattern === 'string' ? pattern : pattern.context)) ? undefined : condition
}
const METAVARIABLE = /\$[A-Z_]/

/** Every condition on the whole file in a rule object, as the rule the root must match. */
export function fileConditions(rule: AstRule, astLang: string): AstRule[] {
  const found = new Map<string, AstRule>()
  const walk = (value: unknown): void => {
    if (Array.isArray(value)) return value.forEach(walk)
    if (!isRuleObject(value)) return
    const condition = rootCondition(value.inside, astLang)
    if (condition) found.set(JSON.stringify(condition), condition)
    for (const [key, sub] of Object.entries(value)) if (key !== 'stopBy' && key !== 'pattern' && !(condition && key === 'inside')) walk(sub)
  }
  walk(rule)
  return [...found.values()]
}

const ALWAYS = 'always'
const NEVER = 'never'
type Specialised = AstRule | typeof ALWAYS | typeof NEVER
const RELATIONS = new Set(['has', 'inside', 'follows', 'precedes'])

/**
 * The rule with each file condition replaced by its answer for this file: dropped where it holds, and the part that
 * needs it gone where it does not (NEVER: the rule matches nothing in this file; ALWAYS: nothing is left to check).
 */
function specialise(rule: AstRule, astLang: string, holds: (condition: AstRule) => boolean): Specialised {
  const out: AstRule = {}
  for (const [key, value] of Object.entries(rule)) {
    const condition = key === 'inside' ? rootCondition(value, astLang) : undefined
    if (condition) {
      if (!holds(condition)) return NEVER
    } else if ((key === 'any' || key === 'all') && Array.isArray(value)) {
      const items = value.map((item: AstRule) => specialise(item, astLang, holds))
      if (key === 'any' && items.includes(ALWAYS)) continue
      if (key === 'all' && items.includes(NEVER)) return NEVER
      const kept = items.filter((item): item is AstRule => item !== ALWAYS && item !== NEVER)
      if (key === 'any' && !kept.length) return NEVER
      if (kept.length) out[key] = kept
    } else if (key === 'not' && isRuleObject(value)) {
      const inner = specialise(value, astLang, holds)
      if (inner === ALWAYS) return NEVER
      if (inner !== NEVER) out.not = inner
    } else if (RELATIONS.has(key) && isRuleObject(value)) {
      const inner = specialise(value, astLang, holds)
      if (inner === NEVER) return NEVER
      out[key] = inner === ALWAYS ? value : inner // a relation to anything keeps its own (rare) form
    } else out[key] = value
  }
  return Object.keys(out).length ? out : ALWAYS
}

/**
 * Answers the file conditions of one file (`text`, parsed into `root`), each once: one whose literal text the file
 * lacks is answered without a search of the tree.
 */
export function fileAnswers(root: SgNode, astLang: string, text: string): (condition: AstRule) => boolean {
  const answers = new Map<string, boolean>()
  return (condition) => {
    const key = JSON.stringify(condition)
    let yes = answers.get(key)
    if (yes === undefined) {
      try {
        yes = textMayMatch(astLang, condition, text, key) && root.matches({ rule: condition } as never)
      } catch {
        yes = false // a condition that does not compile in this grammar holds nowhere
      }
      answers.set(key, yes)
    }
    return yes
  }
}

/** The rule object with the file's answers in place of its file conditions, or undefined when it matches nothing. */
export function answered(rule: AstRule, astLang: string, holds: (condition: AstRule) => boolean): AstRule | undefined {
  const s = specialise(rule, astLang, holds)
  return s === NEVER ? undefined : s === ALWAYS ? rule : s
}
