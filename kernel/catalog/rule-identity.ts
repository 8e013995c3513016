// What a rule set is made of, told cheaply: the result cache keys every result by it (kernel/scan/result-cache.ts).
// Loaded in the worker threads too: it imports nothing of the installation.
import { createHash } from 'node:crypto'
import type { RuleDef } from './rule.ts'

/**
 * Each rule as loaded, by the digest of the JSON of all the rules loaded with it: what a rule set is made of can be
 * told without writing every rule out again (a rule object is never changed once loaded; a changed copy is another
 * object, without a digest).
 */
const digests = new WeakMap<RuleDef, string>()
const setDigests = new WeakMap<object, string>()

/** Marks the rules loaded together, whose JSON is `kept.json`, with its digest. */
export function marked(rules: RuleDef[], kept: { json: string }): RuleDef[] {
  let digest = setDigests.get(kept)
  if (!digest) setDigests.set(kept, (digest = createHash('sha256').update(kept.json).digest('hex')))
  for (const rule of rules) digests.set(rule, digest)
  return rules
}

/** What identifies a rule's content: the digest of the rules it was loaded with and its id, else its JSON. */
export const ruleIdentity = (rule: RuleDef): string => {
  const digest = digests.get(rule)
  return digest ? `${digest} ${rule.id}` : JSON.stringify(rule)
}
