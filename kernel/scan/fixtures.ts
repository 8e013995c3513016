// The rule test harness (semgrep-rules / ESLint RuleTester model): each rule against its `ruleid:` / `ok:` annotated fixtures.
import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { evaluateFile } from './evaluate.ts'
import { languageOf } from '../catalog/languages.ts'
import type { Engine, RuleDef } from '../catalog/rule.ts'
import { validateRule } from '../catalog/rules.ts'

export interface RuleTestFailure {
  /** Fixture the failure is in (null when the rule has none). */
  file: string | null
  line: number
  kind: 'missed' | 'unexpected' | 'no-fixture' | 'invalid'
  text: string
}

export interface RuleTestResult {
  rule_id: string
  languages: string[]
  /** The first fixture file (absolute path), or null. */
  fixture: string | null
  /** Every fixture file of the rule. */
  fixtures: string[]
  /** Lines annotated `ruleid:` (must match) and `ok:` (must not). */
  positives: number
  negatives: number
  /** Annotated data-flow cases (`ruleid: id (flow: assignments)`) by kind: how many there are and how many pass. */
  flows: Record<string, { passed: number; total: number }>
  failures: RuleTestFailure[]
}

// A line that is only a comment, in any supported syntax (a JSX comment starts with `{/`).
const COMMENT_START = /^\s*(\/\/|#|\/\*|\{\/\*|<!--|--|;|\*)/
const ANNOTATION = /(?:\/\/|#|\/\*|<!--|--|;|\*)\s*(ruleid|ok):\s*([a-z0-9][a-z0-9.,\s-]*)(?:\(flow:\s*([a-z-]+)\))?/

/** The kinds of data-flow case a taint rule's fixture covers, in the order `guard rules test` lists them. */
export const FLOW_KINDS = ['direct', 'assignments', 'string-building', 'container', 'helper-function', 'class-field', 'sanitized', 'guard', 'constant-overwrite', 'dead-branch', 'number-conversion']

interface Expectation {
  kind: 'ruleid' | 'ok'
  flow?: string
}

/** 1-based line → what the annotations say of the rule there; each applies to the next line that is not an annotation. */
function expectationsFor(ruleId: string, lines: string[]): Map<number, Expectation> {
  const expected = new Map<number, Expectation>()
  let pending: Expectation[] = []
  lines.forEach((text, i) => {
    const m = ANNOTATION.exec(text)
    if (m && COMMENT_START.test(text)) {
      // The comment's own end (`-->`, `*/`) is not part of the ids.
      const ids = m[2].replace(/\s*(?:-->?|\*\/)\s*$/, '').split(',').map((s) => s.trim())
      if (ids.includes(ruleId)) pending.push({ kind: m[1] as 'ruleid' | 'ok', ...(m[3] ? { flow: m[3] } : {}) })
      return
    }
    // `ruleid` wins if both are given: a missed finding is the failure worth reporting.
    if (pending.length) expected.set(i + 1, pending.find((p) => p.kind === 'ruleid') ?? pending[0])
    pending = []
  })
  return expected
}

/** Sibling files named `<rule-id>.<ext>` or `<rule-id>.fixture.<ext>`; `<rule-id>.yaml` is a rule file, `<rule-id>.x.js` another rule's. */
async function fixturesOf(rule: RuleDef, listing: Map<string, string[]>): Promise<string[]> {
  if (!rule.source) return []
  const dir = path.dirname(rule.source)
  let names = listing.get(dir)
  if (!names) listing.set(dir, (names = (await readdir(dir)).sort()))
  const prefix = `${rule.id}.`
  return names
    .filter((n) => n.startsWith(prefix) && /^(fixture\.[^/]+|[^.]+)$/.test(n.slice(prefix.length)) && n.slice(prefix.length) !== 'yaml')
    .map((n) => path.join(dir, n))
}

/** An annotated line of a rule's fixture: code the rule must report (`ruleid`) or must leave alone (`ok`). */
export interface FixtureExample {
  file: string
  line: number
  kind: 'ruleid' | 'ok'
  code: string
}

/** The annotated lines of a rule's fixtures, in file order (the rule's documentation by example). */
export async function fixtureExamples(rule: RuleDef): Promise<FixtureExample[]> {
  const examples: FixtureExample[] = []
  for (const fixture of await fixturesOf(rule, new Map())) {
    const lines = (await readFile(fixture, 'utf8')).split(/\r?\n/)
    for (const [line, { kind }] of expectationsFor(rule.id, lines)) examples.push({ file: path.basename(fixture), line, kind, code: lines[line - 1] })
  }
  return examples
}

async function testRule(rule: RuleDef, engines: Engine[], listing: Map<string, string[]>): Promise<RuleTestResult> {
  const fixtures = await fixturesOf(rule, listing)
  const result: RuleTestResult = { rule_id: rule.id, languages: rule.languages, fixture: fixtures[0] ?? null, fixtures, positives: 0, negatives: 0, flows: {}, failures: [] }
  // A rule its engine cannot compile would match nothing quietly: that is a failure of its own.
  for (const problem of validateRule(rule, engines)) result.failures.push({ file: rule.source ?? null, line: 0, kind: 'invalid', text: `${problem.path}: ${problem.message}` })
  if (!fixtures.length) {
    result.failures.push({ file: null, line: 0, kind: 'no-fixture', text: `no fixture file named ${rule.id}.<ext> beside the rule` })
    return result
  }
  for (const fixture of fixtures) {
    const text = await readFile(fixture, 'utf8')
    const lines = text.split(/\r?\n/)
    const expected = expectationsFor(rule.id, lines)
    const file = { path: path.basename(fixture), language: languageOf(fixture), text, isTest: false }
    const matched = new Set(evaluateFile(file, [rule], engines).map((m) => m.line))
    for (const [line, { kind, flow }] of expected) {
      const passed = kind === 'ruleid' ? matched.has(line) : !matched.has(line)
      if (kind === 'ruleid') {
        result.positives++
        if (!passed) result.failures.push({ file: fixture, line, kind: 'missed', text: lines[line - 1].trim() })
      } else result.negatives++
      if (flow) {
        const count = (result.flows[flow] ??= { passed: 0, total: 0 })
        count.total++
        if (passed) count.passed++
      }
    }
    for (const line of [...matched].sort((a, b) => a - b)) {
      if (expected.get(line)?.kind !== 'ruleid') result.failures.push({ file: fixture, line, kind: 'unexpected', text: lines[line - 1].trim() })
    }
  }
  if (result.positives + result.negatives === 0) {
    result.failures.push({ file: result.fixture, line: 0, kind: 'no-fixture', text: `no "ruleid: ${rule.id}" or "ok: ${rule.id}" annotation in the fixture` })
  }
  return result
}

/** Runs every rule on its fixtures through evaluateFile, so the harness tests exactly what the scanner runs. */
export async function testRules(rules: RuleDef[], engines: Engine[]): Promise<RuleTestResult[]> {
  const listing = new Map<string, string[]>()
  const results: RuleTestResult[] = []
  for (const rule of rules) results.push(await testRule(rule, engines, listing))
  return results
}

function shown(file: string): string {
  const rel = path.relative(process.cwd(), file)
  return (rel.startsWith('..') || path.isAbsolute(rel) ? file : rel).split(path.sep).join('/')
}

/** Per language: rules, positive and negative lines; then each failure as file:line. */
export function formatRuleTestResults(results: RuleTestResult[]): string {
  const byLanguage = new Map<string, { rules: number; positives: number; negatives: number; failed: number; flows: RuleTestResult['flows'] }>()
  for (const r of results) {
    // The library's folders are its languages (rules/<language>/); generic holds the multi-language rules.
    const language = r.fixture ? path.basename(path.dirname(r.fixture)) : (r.languages[0] ?? 'unknown')
    const row = byLanguage.get(language) ?? { rules: 0, positives: 0, negatives: 0, failed: 0, flows: {} }
    row.rules++
    row.positives += r.positives
    row.negatives += r.negatives
    if (r.failures.length) row.failed++
    for (const [flow, { passed, total }] of Object.entries(r.flows)) {
      const count = (row.flows[flow] ??= { passed: 0, total: 0 })
      count.passed += passed
      count.total += total
    }
    byLanguage.set(language, row)
  }
  const out: string[] = []
  for (const [language, row] of [...byLanguage].sort(([a], [b]) => a.localeCompare(b))) {
    out.push(`${language.padEnd(12)} ${String(row.rules).padStart(3)} rules ${String(row.positives).padStart(4)} positive ${String(row.negatives).padStart(4)} negative lines${row.failed ? `  ${row.failed} failing` : ''}`)
    const flows = Object.entries(row.flows).sort(([a], [b]) => FLOW_KINDS.indexOf(a) - FLOW_KINDS.indexOf(b))
    if (flows.length) out.push(`${''.padEnd(12)} flow cases: ${flows.map(([flow, c]) => `${flow} ${c.passed}/${c.total}`).join(', ')}`)
  }
  const failures = results.flatMap((r) => r.failures.map((f) => ({ rule: r.rule_id, ...f })))
  if (failures.length) out.push('')
  for (const f of failures) {
    const where = f.file ? `${shown(f.file)}${f.line ? `:${f.line}` : ''}` : f.rule
    out.push(`FAIL ${f.rule} ${where} ${f.kind}: ${f.text}`)
  }
  const failed = results.filter((r) => r.failures.length).length
  out.push('', `${results.length} rules, ${failed} failing, ${failures.length} failure(s)`)
  return `${out.join('\n')}\n`
}
