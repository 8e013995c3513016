// Which literal words a structural rule needs in a file's text before the file is worth parsing.
import type { AstRule, RuleDef } from '../../kernel/rule.ts'
import { isRuleObject, matchedPatternText, type PatternStyle } from './patterns.ts'

/**
 * Alternatives of words: the file can match only if every word of some alternative occurs in it.
 * null when the rule cannot be filtered (a pattern of metavariables only, a bare `kind`).
 */
export type Need = string[][] | null

const METAVARIABLE = /\$\$?\$?[A-Z_][A-Z0-9_]*/g
const WORD = /[A-Za-z_][A-Za-z0-9_]*/g

/** Every identifier-like literal of a pattern reappears verbatim in its match. */
function patternNeed(astLang: string, p: PatternStyle): Need {
  const words = matchedPatternText(astLang, p).replace(METAVARIABLE, ' ').match(WORD)
  return words ? [[...new Set(words)]] : null
}

/** Of several needs that must all hold, the one that rules out most files: fewest alternatives, longest words. */
function strongest(needs: Need[]): Need {
  const score = (n: string[][]) => Math.min(...n.map((alt) => alt.join('').length)) / n.length
  let best: Need = null
  for (const need of needs) if (need && (!best || score(need) > score(best))) best = need
  return best
}

function ruleNeed(astLang: string, rule: AstRule): Need {
  const all: Need[] = []
  if (typeof rule.pattern === 'string' || isRuleObject(rule.pattern)) all.push(patternNeed(astLang, rule.pattern as PatternStyle))
  // Positive relations need their node to exist in the file too; `not` constrains nothing.
  for (const key of ['inside', 'has', 'precedes', 'follows'] as const) if (isRuleObject(rule[key])) all.push(ruleNeed(astLang, rule[key]))
  if (Array.isArray(rule.all)) for (const item of rule.all) if (isRuleObject(item)) all.push(ruleNeed(astLang, item))
  if (Array.isArray(rule.any) && rule.any.length) {
    const branches = rule.any.map((item) => (isRuleObject(item) ? ruleNeed(astLang, item) : null))
    all.push(branches.some((b) => b === null) ? null : branches.flatMap((b) => b ?? []))
  }
  return strongest(all)
}

/** The rule's `prefilter` (any one word suffices), or the words derived from its pattern(s). */
export function prefilterWords(rule: RuleDef, astLang: string): Need {
  if (rule.prefilter?.length) return rule.prefilter.map((w) => [w])
  if (rule.rule) return ruleNeed(astLang, rule.rule)
  return rule.pattern === undefined ? null : patternNeed(astLang, rule.pattern)
}

/** Whether the text can hold a match; `present` caches word lookups across the rules of one file. */
export function mayMatch(need: Need, text: string, present: Map<string, boolean>): boolean {
  if (!need) return true
  const appears = (word: string): boolean => {
    let found = present.get(word)
    if (found === undefined) present.set(word, (found = text.includes(word)))
    return found
  }
  return need.some((alternative) => alternative.every(appears))
}
