// The tinypool task: one batch per call. The rule set travels as a JSON string under a key (a string copies
// cheaply) and each thread parses it once: a structured clone of every rule with every batch cost a thread about
// 130 ms of a scan, and gave the engines' caches new objects each time.
import { runBatch, type BatchTask } from './batch.ts'
import type { RuleDef } from '../catalog/rule.ts'

export interface WorkerTask extends Omit<BatchTask, 'rules'> {
  ruleSet: { key: number; json: string }
}

const ruleSets = new Map<number, RuleDef[]>()
const MAX_RULE_SETS = 8

export default function (task: WorkerTask) {
  const { ruleSet, ...rest } = task
  let rules = ruleSets.get(ruleSet.key)
  if (!rules) {
    if (ruleSets.size >= MAX_RULE_SETS) ruleSets.clear()
    ruleSets.set(ruleSet.key, (rules = JSON.parse(ruleSet.json) as RuleDef[]))
  }
  return runBatch({ ...rest, rules })
}
