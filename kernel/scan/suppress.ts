// Suppressions: inline `guard-ignore` comments and `.guard.yaml` entries (CONTRACT §7).
import { globMatcher } from '../base/globs.ts'
import type { Suppression } from '../base/schemas.ts'
import type { SuppressionRule } from '../config/config.ts'

// A guard-ignore behind a comment marker of any of our languages: //, #, /*, --, ;, <!--, ', REM
const INLINE = /(?:\/\/|#|\/\*|--|;|<!--|^\s*\*|')\s*guard-ignore\b(?::?\s*([\w.\-]+(?:\s*,\s*[\w.\-]+)*))?(?:\s*--\s*(.*?))?\s*(?:\*\/|-->)?\s*$/

export interface InlineIgnore {
  /** Rule ids, or null for every rule on the line. */
  rules: string[] | null
  reason: string | null
}

export function parseInlineIgnore(line: string): InlineIgnore | undefined {
  const m = INLINE.exec(line)
  if (!m) return undefined
  return { rules: m[1] ? m[1].split(',').map((s) => s.trim()) : null, reason: m[2]?.trim() || null }
}

/** The inline suppression covering a match on `line` (1-based): on that line or the line before. */
export function inlineSuppression(lines: string[], line: number, ruleId: string): Suppression | null {
  for (const candidate of [lines[line - 1], lines[line - 2]]) {
    const ig = candidate === undefined ? undefined : parseInlineIgnore(candidate)
    if (ig && (ig.rules === null || ig.rules.includes(ruleId))) return { source: 'inline', reason: ig.reason, by: null, expires: null }
  }
  return null
}

export function isExpired(rule: Pick<SuppressionRule, 'expires'>, now = new Date()): boolean {
  return rule.expires !== undefined && new Date(rule.expires).getTime() < now.getTime()
}

/** Whether a config suppression names this rule and file, expired or not. */
export function configMatcher(rule: SuppressionRule): (ruleId: string, file: string) => boolean {
  const path = rule.path ? globMatcher(rule.path) : () => true
  return (ruleId, file) => (rule.rule_id === ruleId || rule.rule_id === '*') && path(file)
}

/** A matcher for the config suppressions that are still in force. */
export function configSuppressor(rules: SuppressionRule[] = [], now = new Date()) {
  const active = rules.filter((r) => !isExpired(r, now)).map((r) => ({ r, matches: configMatcher(r) }))
  return (ruleId: string, file: string): Suppression | null => {
    const hit = active.find(({ matches }) => matches(ruleId, file))
    return hit ? { source: 'config', reason: hit.r.reason ?? null, by: hit.r.by ?? null, expires: hit.r.expires ?? null } : null
  }
}
