// POST /api/suppressions: one entry appended to the server's `.guard.yaml` `suppressions` (CONTRACT §7), checked
// against the governance policy first. Appending here, rather than a client rewriting the list through POST
// /api/config (which replaces arrays whole), cannot lose an entry another client added meanwhile.
import fs from 'node:fs'
import YAML from 'yaml'
import { allRules, governancePolicy, loadPacks, packDirs, updateConfigFile, ValidationError, type FieldError, type Identity, type Kernel } from '../../kernel/plugin.ts'
import type { NewSuppression } from './schemas.ts'

const DAY_MS = 86_400_000

/** Today's date in UTC, as YYYY-MM-DD. */
const today = (now: Date) => now.toISOString().slice(0, 10)

async function policyProblems(kernel: Kernel, entry: NewSuppression, now: Date): Promise<FieldError[]> {
  const problems: FieldError[] = []
  const policy = governancePolicy(kernel.config).suppressions
  if (policy.reason_required && !entry.reason?.trim()) problems.push({ path: 'body.reason', message: 'governance requires a reason for every suppression' })
  if (entry.expires !== undefined) {
    const at = Date.parse(`${entry.expires}T00:00:00Z`)
    if (Number.isNaN(at) || new Date(at).toISOString().slice(0, 10) !== entry.expires) problems.push({ path: 'body.expires', message: 'not a calendar date' })
    else if (entry.expires < today(now)) problems.push({ path: 'body.expires', message: 'is in the past: the suppression would never apply' })
    else if (policy.max_expiry_days !== null && at - Date.parse(`${today(now)}T00:00:00Z`) > policy.max_expiry_days * DAY_MS)
      problems.push({ path: 'body.expires', message: `governance allows suppressions of at most ${policy.max_expiry_days} day(s)` })
  } else if (policy.max_expiry_days !== null) problems.push({ path: 'body.expires', message: `required: governance allows suppressions of at most ${policy.max_expiry_days} day(s)` })
  if (entry.rule_id !== '*') {
    const rules = await allRules(kernel.builtinRules, loadPacks(packDirs(undefined, kernel.cwd)), () => kernel.engineModules())
    if (!rules.some((r) => r.id === entry.rule_id)) problems.push({ path: 'body.rule_id', message: `no rule named ${JSON.stringify(entry.rule_id)}` })
  }
  return problems
}

/** Appends the entry (by: the caller) and returns it with its index; a 422 names every problem and writes nothing. */
export async function addSuppression(kernel: Kernel, entry: NewSuppression, identity: Identity, now = new Date()) {
  const problems = await policyProblems(kernel, entry, now)
  if (problems.length) throw new ValidationError('The suppression breaks the policy', problems)
  const added = { rule_id: entry.rule_id, ...(entry.path ? { path: entry.path } : {}), ...(entry.reason?.trim() ? { reason: entry.reason.trim() } : {}), by: identity.sub, ...(entry.expires ? { expires: entry.expires } : {}) }
  // The list in the file now, not the one loaded at start: an edit by hand since then is kept.
  const doc = YAML.parseDocument(fs.existsSync(kernel.configPath) ? fs.readFileSync(kernel.configPath, 'utf8') : '')
  // An unreadable file is left to updateConfigFile, which refuses it (400) and writes nothing.
  const listed = doc.errors.length ? [] : (doc.toJS() as { suppressions?: unknown } | null)?.suppressions
  const current = Array.isArray(listed) ? listed : []
  updateConfigFile(kernel.configPath, { suppressions: [...current, added] })
  kernel.reloadConfig()
  return { ...added, index: current.length }
}
