// The tinypool task: one batch per call. The rule set travels as JSON in shared memory under a key, and each
// thread parses it once: a structured clone of every rule with every batch cost a thread about 130 ms of a scan
// and gave the engines' caches new objects each time, and even a copied string cost each small request its size.
import { runBatch, type BatchTask } from './batch.ts'
import type { RuleDef } from '../catalog/rule.ts'

export interface WorkerTask extends Omit<BatchTask, 'rules'> {
  ruleSet: { key: number; json: SharedArrayBuffer }
}

const ruleSets = new Map<number, RuleDef[]>()
const MAX_RULE_SETS = 8

export default function (task: WorkerTask) {
  const { ruleSet, ...rest } = task
  let rules = ruleSets.get(ruleSet.key)
  if (!rules) {
    if (ruleSets.size >= MAX_RULE_SETS) ruleSets.clear()
    ruleSets.set(ruleSet.key, (rules = JSON.parse(Buffer.from(ruleSet.json).toString('utf8')) as RuleDef[]))
  }
  return runBatch({ ...rest, rules })
}
