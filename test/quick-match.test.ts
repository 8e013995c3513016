// The taint engine decides common rule objects in JavaScript instead of asking ast-grep (quick-match.ts). Where it
// answers, it must answer as ast-grep does: every entry of every taint rule, on the nodes of every fixture of its
// language, both ways.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import fs from 'node:fs'
import path from 'node:path'
import { parse, type NapiConfig } from '@ast-grep/napi'
import { loadRules } from '../kernel/catalog/rules.ts'
import { languageOf } from '../kernel/catalog/languages.ts'
import type { AstRule } from '../kernel/catalog/rule.ts'
import { astLanguage } from '../plugins/engine-astgrep/languages.ts'
import { mapPatterns, wrapPhpPattern } from '../plugins/engine-astgrep/patterns.ts'
import { exactRegex, quickMatch } from '../plugins/engine-astgrep/quick-match.ts'
import { Tree, type Node } from '../plugins/engine-astgrep/tree.ts'

const RULES = path.resolve(import.meta.dirname, '..', 'rules')

/** Every node of a tree, depth first. */
function nodesOf(root: Node): Node[] {
  const out: Node[] = []
  const walk = (n: Node) => {
    out.push(n)
    for (const c of n.children()) walk(c)
  }
  walk(root)
  return out
}

/** The kinds a rule object names at its top (`kind`, or an `any` of kinds), else undefined. */
function kindsNamed(rule: AstRule): Set<string> | undefined {
  if (typeof rule.kind === 'string') return new Set([rule.kind])
  if (!Array.isArray(rule.any)) return undefined
  const each = rule.any.map((item: AstRule) => kindsNamed(item))
  return each.every((k) => k) ? new Set(each.flatMap((k) => [...k!])) : undefined
}

test('quickMatch answers as ast-grep does on every taint entry and every fixture node it decides', async () => {
  const rules = (await loadRules([RULES])).filter((r) => r.mode === 'taint')
  const fixtures = new Map<string, Node[]>()
  for (const dir of fs.readdirSync(RULES)) {
    for (const file of fs.readdirSync(path.join(RULES, dir))) {
      const lang = languageOf(file)
      const astLang = lang && astLanguage(lang, file)
      if (!astLang || file.endsWith('.yaml')) continue
      const root = new Tree().node(parse(astLang, fs.readFileSync(path.join(RULES, dir, file), 'utf8')).root())
      fixtures.set(astLang, [...(fixtures.get(astLang) ?? []), ...nodesOf(root)])
    }
  }
  let compared = 0
  let matched = 0
  const mismatches: string[] = []
  const seen = new Set<string>()
  for (const rule of rules) {
    for (const language of rule.languages) {
      const astLang = astLanguage(language, '')
      const nodes = astLang ? fixtures.get(astLang) : undefined
      if (!astLang || !nodes || seen.has(`${astLang}:${rule.id}`)) continue
      seen.add(`${astLang}:${rule.id}`)
      for (const entry of [...(rule.sources ?? []), ...(rule.sinks ?? []), ...(rule.sanitizers ?? []), ...(rule.propagators ?? []), ...(rule.guards ?? [])]) {
        const { focus: _f, from: _from, to: _to, safe_when: _s, prefilter: _p, ...matcher } = entry
        const object: AstRule = astLang === 'php' ? mapPatterns(matcher, wrapPhpPattern) : matcher
        const key = `${astLang}:${JSON.stringify(object)}`
        if (seen.has(key)) continue // libraries share their entries between rules
        seen.add(key)
        const config = { rule: object } as unknown as NapiConfig
        // The nodes of the entry's kinds (or every fifth node when it names none): every one it says yes to, and as
        // many it says no to.
        const kinds = kindsNamed(object)
        const candidates = kinds ? nodes.filter((n) => kinds.has(n.kind())) : nodes.filter((_n, i) => i % 5 === 0)
        const decided = candidates.map((n) => [n, quickMatch(n, object)] as const).filter(([, yes]) => yes !== undefined)
        const yes = decided.filter(([, y]) => y).slice(0, 15)
        const no = decided.filter(([, y]) => !y).slice(0, 15)
        for (const [n, answer] of [...yes, ...no]) {
          let truth: boolean
          try {
            truth = n.sg.matches(config)
          } catch {
            continue // does not compile in this grammar (a JSX kind in TypeScript)
          }
          compared++
          if (truth) matched++
          if (truth !== answer) mismatches.push(`${rule.id} ${astLang} ${JSON.stringify(object).slice(0, 160)} on ${n.kind()} "${n.text().slice(0, 60)}": quick ${answer}, ast-grep ${truth}`)
        }
      }
    }
  }
  console.log(`quickMatch: ${compared} answers compared with ast-grep, ${matched} of them matches`)
  assert.deepEqual(mismatches.slice(0, 10), [])
  assert.ok(compared > 5000 && matched > 1000, `compared ${compared} answers, ${matched} of them matches`)
})

test('exactRegex keeps the Rust meaning or declines', () => {
  const cases: [string, string, boolean][] = [
    ['^(req|request)$', 'req', true],
    ['^(req|request)$', 'required', false],
    ['a.c', 'a\rc', true], // Rust's `.` is anything but \n
    ['a.c', 'a\nc', false],
    ['(?s)a.c', 'a\nc', true],
    ['(?i)^token$', 'TOKEN', true],
    ['^\\w+$', 'naïve', true], // Unicode \w
    ['^\\d$', '٣', true], // Unicode digits
    ['^[\\w.]+$', 'a.b_c', true],
    ['^\\$x\\-y$', '$x-y', true],
  ]
  for (const [regex, text, expected] of cases) assert.equal(exactRegex(regex)?.test(text), expected, `${regex} on ${JSON.stringify(text)}`)
  for (const declined of ['(a+)+$', '\\bword\\b', '(?i:x)y', '[[:alpha:]]', '[a&&b]', 'a\\pLb']) assert.equal(exactRegex(declined), undefined, declined)
})
