// Which literal words a structural rule needs in a file's text before the file is worth parsing.
import type { AstRule, RuleDef } from '../../kernel/rule.ts'
import { isRuleObject, matchedPatternText, type PatternStyle } from './patterns.ts'

/** At least one of the words must occur in the text; null when the rule cannot be filtered. */
export type Need = string[] | null

const METAVARIABLE = /\$\$?\$?[A-Z_][A-Z0-9_]*/g
const WORD = /[A-Za-z_][A-Za-z0-9_]*/g

/** Every identifier-like literal of a pattern must appear in a match, so its longest one alone is a sound filter. */
function patternNeed(astLang: string, p: PatternStyle): Need {
  const words = matchedPatternText(astLang, p).replace(METAVARIABLE, ' ').match(WORD)
  if (!words) return null
  return [words.reduce((a, b) => (b.length > a.length ? b : a))]
}

/** The most selective of several needs that must all hold. */
function strongest(needs: Need[]): Need {
  let best: Need = null
  const shortestWord = (n: string[]) => Math.min(...n.map((w) => w.length))
  for (const need of needs) {
    if (!need) continue
    if (!best || need.length < best.length || (need.length === best.length && shortestWord(need) > shortestWord(best))) best = need
  }
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
    all.push(branches.some((b) => b === null) ? null : [...new Set(branches.flatMap((b) => b ?? []))])
  }
  return strongest(all)
}

/** The rule's `prefilter`, or the words derived from its pattern(s). */
export function prefilterWords(rule: RuleDef, astLang: string): Need {
  if (rule.prefilter?.length) return rule.prefilter
  if (rule.rule) return ruleNeed(astLang, rule.rule)
  return rule.pattern === undefined ? null : patternNeed(astLang, rule.pattern)
}
