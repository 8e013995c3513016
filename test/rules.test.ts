// The rule library against its fixtures, the two engines' behaviour, the rule loader's errors and the harness itself.
import { after, describe, test, before } from 'node:test'
import assert from 'node:assert/strict'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { evaluateFile, loadEngines } from '../kernel/scan/evaluate.ts'
import { formatRuleTestResults, testRules, type RuleTestResult } from '../kernel/scan/fixtures.ts'
import { loadRules, validateRule } from '../kernel/catalog/rules.ts'
import { languageOf, STRUCTURAL_LANGUAGES } from '../kernel/catalog/languages.ts'
import { GuardError } from '../kernel/base/errors.ts'
import type { Engine, RuleDef, SourceFile } from '../kernel/catalog/rule.ts'
import astGrepEngine, { astGrepStats } from '../plugins/engine-astgrep/engine.ts'
import { Prefilter, prefilterNeed } from '../plugins/engine-astgrep/prefilter.ts'
import { shareRepeated } from '../plugins/engine-astgrep/patterns.ts'
import regexEngine, { MAX_LINE_LENGTH, regexStats } from '../plugins/engine-regex/engine.ts'
import { catastrophicReason } from '../kernel/base/regex-safety.ts'
import { isPlaceholder, shannonEntropy } from '../plugins/engine-regex/secrets.ts'
import { requiredLiterals } from '../plugins/engine-regex/literals.ts'

const RULES_DIR = fileURLToPath(new URL('../rules', import.meta.url))
const ENGINE_URLS = ['../plugins/engine-astgrep/engine.ts', '../plugins/engine-regex/engine.ts'].map((p) => new URL(p, import.meta.url).href)

const BASE: Pick<RuleDef, 'name' | 'severity' | 'cwe' | 'owasp' | 'confidence' | 'remediation'> = { name: 'test rule', severity: 'high', cwe: ['CWE-95'], owasp: ['A03:2021'], confidence: 'high', remediation: 'fix it' }

function rule(fields: Partial<RuleDef> & Pick<RuleDef, 'id' | 'languages'>): RuleDef {
  return { ...BASE, message: 'found $X', ...fields }
}
function file(path: string, language: string, text: string): SourceFile {
  return { path, language, text, isTest: false }
}
function validationError(fn: () => void): string {
  try {
    fn()
  } catch (err) {
    return (err as Error).message
  }
  assert.fail('expected validate to throw')
}
const tempDirs: string[] = []
after(() => tempDirs.forEach((d) => fs.rmSync(d, { recursive: true, force: true })))
/** A temporary directory holding the given files (relative path → content), removed when the suite ends. */
function tempTree(files: Record<string, string>): string {
  const dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'guard-rules-')))
  tempDirs.push(dir)
  for (const [rel, content] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true })
    fs.writeFileSync(path.join(dir, rel), content)
  }
  return dir
}
async function loadError(dirs: string[]): Promise<GuardError> {
  try {
    await loadRules(dirs)
  } catch (err) {
    assert.ok(err instanceof GuardError)
    return err
  }
  assert.fail('expected loadRules to throw')
}

describe('the rule library', () => {
  let rules: RuleDef[]
  let engines: Engine[]
  let results: RuleTestResult[]

  before(async () => {
    rules = await loadRules([RULES_DIR])
    engines = await loadEngines(ENGINE_URLS)
    results = await testRules(rules, engines)
  })

  test('has at least 20 rules covering every language, ids prefixed by their language', () => {
    assert.ok(rules.length >= 20, `${rules.length} rules`)
    // `trace.` and `code.` rules read the comments of every language with code.
    const prefix: Record<string, string | readonly string[]> = { js: 'javascript', py: 'python', java: 'java', go: 'go', c: 'c', cs: 'csharp', php: 'php', rb: 'ruby', secrets: 'generic', trace: STRUCTURAL_LANGUAGES, code: STRUCTURAL_LANGUAGES }
    for (const r of rules) {
      const languages = prefix[r.id.split('.')[0]]
      assert.ok(languages, `${r.id}: unknown id prefix`)
      for (const language of [languages].flat()) assert.ok(r.languages.includes(language), `${r.id}: languages ${r.languages} do not include ${language}`)
      assert.ok(r.description && r.tags?.length, `${r.id}: needs a description and tags`)
      assert.ok(r.cwe.length > 0, `${r.id}: a library rule names its CWE`)
      assert.ok(path.isAbsolute(r.source!), `${r.id}: source must be absolute`)
    }
    for (const language of Object.values(prefix).flat()) assert.ok(rules.some((r) => r.languages.includes(language)), `no rule for ${language}`)
    assert.ok(rules.some((r) => r.languages.includes('typescript')), 'no rule reads TypeScript')
    const structural = rules.filter((r) => r.pattern !== undefined || r.rule !== undefined)
    assert.ok(structural.length >= 20, 'most rules are structural')
  })

  test('every rule passes schema and engine validation', () => {
    for (const r of rules) assert.deepEqual(validateRule(r, engines), [], r.id)
  })

  test('no rule regex is catastrophic', () => {
    for (const r of rules.filter((x) => x.regex)) assert.equal(catastrophicReason(r.regex!, r.regex_flags), undefined, r.id)
  })

  test('every rule matches its ruleid: lines and nothing else, with at least 3 positives and 3 negatives', () => {
    for (const r of results) {
      assert.deepEqual(r.failures, [], `${r.rule_id}:\n${formatRuleTestResults([r])}`)
      assert.ok(r.positives >= 3, `${r.rule_id}: ${r.positives} positive lines`)
      assert.ok(r.negatives >= 3, `${r.rule_id}: ${r.negatives} negative lines`)
    }
  })

  test('the formatter counts per language', () => {
    const text = formatRuleTestResults(results)
    assert.match(text, /^python\s+\d+ rules\s+\d+ positive\s+\d+ negative lines$/m)
    assert.match(text, /^generic\s+\d+ rules/m)
    assert.match(text, new RegExp(`${results.length} rules, 0 failing`))
  })
})

describe('the fixture harness', () => {
  const engines = [astGrepEngine, regexEngine]

  test('reports a missed ruleid line, an unexpected match and a rule without a fixture', async () => {
    const dir = tempTree({
      'js.demo-eval.yaml': '',
      'js.demo-eval.js': [
        '// ruleid: js.demo-eval',
        'eval(a)',
        '// ruleid: js.demo-eval',
        'run(b)',
        '// ok: js.demo-eval',
        'eval(c)',
        'eval(d)',
      ].join('\n'),
      'js.lonely.yaml': '',
    })
    const demo = rule({ id: 'js.demo-eval', languages: ['javascript'], pattern: 'eval($X)', source: path.join(dir, 'js.demo-eval.yaml') })
    const lonely = rule({ id: 'js.lonely', languages: ['javascript'], pattern: 'x($X)', source: path.join(dir, 'js.lonely.yaml') })
    const [a, b] = await testRules([demo, lonely], engines)
    assert.equal(a.positives, 2)
    assert.equal(a.negatives, 1)
    assert.deepEqual(
      a.failures.map((f) => [f.line, f.kind]),
      [[4, 'missed'], [6, 'unexpected'], [7, 'unexpected']],
    )
    assert.equal(b.fixture, null)
    assert.equal(b.failures[0].kind, 'no-fixture')
    const text = formatRuleTestResults([a, b])
    assert.match(text, /FAIL js\.demo-eval .*js\.demo-eval\.js:4 missed: run\(b\)/)
    assert.match(text, /FAIL js\.lonely js\.lonely no-fixture/)
  })

  test('reads <id>.fixture.<ext> files and ignores other rules with a longer id', async () => {
    const dir = tempTree({
      'py.demo.yaml': '',
      'py.demo.fixture.py': '# ruleid: py.demo\neval(x)\n# ok: py.demo\nprint(x)\n',
      'py.demo.strict.py': 'eval(y)\n',
    })
    const [r] = await testRules([rule({ id: 'py.demo', languages: ['python'], pattern: 'eval($X)', source: path.join(dir, 'py.demo.yaml') })], engines)
    assert.deepEqual(r.fixtures, [path.join(dir, 'py.demo.fixture.py')])
    assert.deepEqual(r.failures, [])
  })
})

describe('the ast-grep engine', () => {
  test('does not match code inside comments or string literals', () => {
    const r = rule({ id: 'js.t', languages: ['javascript'], pattern: 'eval($X)' })
    const text = ['// eval(a)', '/* eval(b) */', 'const s = "eval(c)"', 'const t = `eval(${d})`', 'eval(e)'].join('\n')
    assert.deepEqual(astGrepEngine.scan(file('a.js', 'javascript', text), [r]).map((m) => m.line), [5])
    const py = rule({ id: 'py.t', languages: ['python'], pattern: 'os.system($X)' })
    const pyText = '# os.system(a)\ns = "os.system(b)"\n"""\nos.system(c)\n"""\nos.system(d)\n'
    assert.deepEqual(astGrepEngine.scan(file('a.py', 'python', pyText), [py]).map((m) => m.line), [6])
  })

  test('a sub-rule written out several times is compiled once, as a shared util, with the same matches', () => {
    const fromRequest = { kind: 'member_expression', regex: '^req\\.(query|body|params|headers|cookies)\\b' }
    const reaches = { has: { field: 'arguments', has: { nthChild: 1, any: [fromRequest, { kind: 'binary_expression', has: { stopBy: 'end', ...fromRequest } }] } } }
    const sameArgs = { has: { field: 'arguments', all: [{ has: { nthChild: 1, pattern: '$A' } }, { has: { nthChild: 2, pattern: '$A' } }] } }
    const object = {
      any: [
        { kind: 'call_expression', all: [{ has: { field: 'function', regex: '^eval$' } }, reaches] },
        { kind: 'new_expression', all: [{ has: { field: 'constructor', regex: '^Function$' } }, reaches] },
        { kind: 'call_expression', all: [{ has: { field: 'function', regex: '^same$' } }, sameArgs] },
        { kind: 'call_expression', all: [{ has: { field: 'function', regex: '^twin$' } }, sameArgs] },
      ],
    }
    const { rule: shared, utils } = shareRepeated(object)
    assert.equal(Object.keys(utils).length, 1, 'the request check inside both `reaches`')
    assert.match(JSON.stringify(shared), /"matches":"guard-shared-0"/)
    assert.doesNotMatch(JSON.stringify(utils), /\$A/, 'sub-rules with metavariables stay in place')
    const r = rule({ id: 'js.t', languages: ['javascript'], rule: object })
    const text = ['eval(req.query.code)', 'eval("1 + " + req.body.x)', 'new Function(req.params.f)', 'eval(code)', 'new Function("return 1")', 'same(a, a)', 'same(a, b)', 'twin(b, b)'].join('\n')
    assert.deepEqual(astGrepEngine.scan(file('a.js', 'javascript', text), [r]).map((m) => m.line), [1, 2, 3, 6, 8])
  })

  test('positions are 1-based with an exclusive end column', () => {
    const r = rule({ id: 'js.t', languages: ['javascript'], pattern: 'eval($X)' })
    const [m] = astGrepEngine.scan(file('a.js', 'javascript', 'const é = 1; eval(x +\n  y)\n'), [r])
    assert.deepEqual([m.line, m.column, m.end_line, m.end_column], [1, 14, 2, 5])
    assert.equal(m.matched, 'eval(x +\n  y)')
  })

  test('substitutes metavariables in the message, on one line and cut short', () => {
    const r = rule({ id: 'js.t', languages: ['javascript'], pattern: '$DB.query($Q, $$$ARGS)', message: '$Q reaches $DB.query() with $$$ARGS; $NOPE stays' })
    const long = `"${'x'.repeat(100)}"`
    const text = `pool.query("SELECT " +\n   id, a, b)\nconn.query(${long}, c)\n`
    const [first, second] = astGrepEngine.scan(file('a.js', 'javascript', text), [r])
    assert.equal(first.message, '"SELECT " + id reaches pool.query() with a, b; $NOPE stays')
    const cut = second.message.split(' reaches ')[0]
    assert.equal(cut.length, 60)
    assert.ok(cut.endsWith('…'))
  })

  test('parses each file once for all its rules, and not at all when no rule literal occurs', () => {
    const rules = [
      rule({ id: 'js.a', languages: ['javascript'], pattern: 'eval($X)' }),
      rule({ id: 'js.b', languages: ['javascript'], pattern: 'document.write($X)' }),
      rule({ id: 'js.c', languages: ['javascript'], pattern: '$X.innerHTML = $Y', prefilter: ['innerHTML'] }),
    ]
    const before = { ...astGrepStats }
    // `evaluate` and `writer` contain the words but not as whole identifiers.
    assert.deepEqual(astGrepEngine.scan(file('a.js', 'javascript', 'evaluate(x); writer.document = 1'), rules), [])
    assert.equal(astGrepStats.parsed, before.parsed)
    assert.equal(astGrepStats.skipped, before.skipped + 1)
    const found = astGrepEngine.scan(file('b.js', 'javascript', 'eval(x); document.write(y); el.innerHTML = z'), rules)
    assert.deepEqual(found.map((m) => m.rule_id), ['js.a', 'js.b', 'js.c'])
    assert.equal(astGrepStats.parsed, before.parsed + 1)
  })

  test('rules searched together find what each finds alone, several at one node and constrained ones too', () => {
    const rules = [
      rule({ id: 'js.a', languages: ['javascript'], pattern: 'eval($X)' }),
      rule({ id: 'js.b', languages: ['javascript'], rule: { kind: 'call_expression', regex: '^eval' } }),
      rule({ id: 'js.c', languages: ['javascript'], pattern: 'document.write($X)' }),
      rule({ id: 'js.d', languages: ['javascript'], pattern: 'fetch($X)', constraints: { X: { kind: 'identifier' } } }),
      rule({ id: 'js.e', languages: ['javascript'], rule: { pattern: '$O.eval = $V', has: { field: 'right', kind: 'number' } } }),
    ]
    const texts = [
      'document.write(a); eval(x); fetch(u); fetch("/x"); eval(y)\n',
      'const x = obj.eval; obj.eval = "s"; fetch("/y"); document.writer(z)\n',
      'eval(a)\n',
      'obj.eval = 1; fetch(b)\n',
    ]
    for (const text of texts) {
      const key = (m: { rule_id: string; line: number; column: number }) => `${m.rule_id}@${m.line}:${m.column}`
      const together = astGrepEngine.scan(file('a.js', 'javascript', text), rules).map(key).sort()
      const alone = rules.flatMap((r) => astGrepEngine.scan(file('a.js', 'javascript', text), [r])).map(key).sort()
      assert.deepEqual(together, alone, text)
    }
    const both = astGrepEngine.scan(file('a.js', 'javascript', 'eval(a)\n'), rules).map((m) => m.rule_id)
    assert.deepEqual(both.sort(), ['js.a', 'js.b'])
  })

  test('derives prefilter terms from patterns, rule objects and node regexes', () => {
    const need = (r: RuleDef) => JSON.stringify(prefilterNeed(r, 'JavaScript'), (_k, v: unknown) => (v instanceof RegExp ? String(v) : v))
    // Words, plus the pattern's run of adjacent literal tokens with any white space between them.
    assert.equal(
      need(rule({ id: 'js.t', languages: ['javascript'], pattern: 'child_process.exec($CMD)' })),
      '[[{"word":"child_process"},{"word":"exec"},{"regex":"/child_process\\\\s*\\\\.\\\\s*exec\\\\s*\\\\(/g","nodeStart":true}]]',
    )
    const anyOf = rule({ id: 'js.t', languages: ['javascript'], rule: { any: [{ pattern: 'eval($X)' }, { kind: 'call_expression', regex: '^(exec|spawn)\\(' }] } })
    assert.equal(need(anyOf), '[[{"word":"eval"},{"regex":"/eval\\\\s*\\\\(/g","nodeStart":true}],[{"regex":"/(?:(exec|spawn)\\\\()/gsu","nodeStart":true,"gate":[[{"text":"exec("}],[{"text":"spawn("}]]}]]')
    // Alternations of literals multiply out; a node that is one of a few identifiers needs one as a whole word.
    const gate = (regex: string) => need(rule({ id: 'js.t', languages: ['javascript'], rule: { kind: 'member_expression', regex } })).match(/"gate":(.*)\}\]\]$/)?.[1]
    assert.equal(gate('^(req|ctx)\\.(query|body)'), '[[{"text":"req.query"}],[{"text":"req.body"}],[{"text":"ctx.query"}],[{"text":"ctx.body"}]]')
    assert.equal(gate('^(get|all|\\$run)$'), '[[{"word":"get"}],[{"word":"all"}],[{"text":"$run"}]]')
    assert.equal(gate('^(new +)?(URL|Url)\\('), '[[{"text":"URL("}],[{"text":"Url("}]]')
    assert.equal(need(rule({ id: 'js.t', languages: ['javascript'], rule: { kind: 'identifier' } })), 'null')
    assert.equal(need(rule({ id: 'js.t', languages: ['javascript'], pattern: '$F($X)' })), 'null')
    // Case-insensitive or Unicode-dependent regexes are not narrowed to something that could miss.
    assert.equal(need(rule({ id: 'js.t', languages: ['javascript'], rule: { kind: 'string', regex: '\\bselect\\b' } })), '[[{"text":"select"}]]')
    assert.equal(need(rule({ id: 'js.t', languages: ['javascript'], rule: { kind: 'string', regex: '(?i)\\bselect' } })), 'null')
    assert.equal(need(rule({ id: 'js.t', languages: ['javascript'], pattern: 'x($Y)', prefilter: ['a', 'b'] })), '[[{"text":"a"}],[{"text":"b"}]]')
  })

  test('token runs and node regexes reject text where the node cannot start or end', () => {
    const may = (r: RuleDef, text: string) => new Prefilter([prefilterNeed(r, 'JavaScript')]).candidates(text)[0]
    const member = rule({ id: 'js.t', languages: ['javascript'], pattern: '$EL.innerHTML = $HTML' })
    assert.equal(may(member, 'el.innerHTML\n    = html'), true)
    assert.equal(may(member, 'const s = el.innerHTML; // innerHTML = x'), false)
    const ctor = rule({ id: 'js.t', languages: ['javascript'], rule: { kind: 'call_expression', regex: '^Function\\s*\\(' } })
    assert.equal(may(ctor, 'return Function("a", body)'), true)
    assert.equal(may(ctor, 'if (isFunction(x)) run()'), false)
    const callee = rule({ id: 'js.t', languages: ['javascript'], rule: { kind: 'identifier', regex: '^(all|get)$' } })
    assert.equal(may(callee, 'db.all(sql)'), true)
    assert.equal(may(callee, 'allSchemaProperties(schema)'), false)
  })

  test('node regexes never rule out a file the rule matches: Rust escapes and classes, branch anchors, text after an escape', () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ kind: 'call_expression', regex: '\\u0041bc' }, 'Abc()'],
      [{ kind: 'call_expression', regex: '\\pLfoo' }, 'xfoo()'],
      [{ kind: 'string', regex: '[]x]foo' }, 'a = "]foo"'],
      [{ kind: 'string', regex: '[[:digit:]]abc' }, 'a = "1abc"'],
      [{ kind: 'property_identifier', regex: '^get|set$' }, 'o.getFoo()'],
      [{ kind: 'string_fragment', regex: '^get$' }, 'a = "x\\nget"'],
    ]
    for (const [object, text] of cases) {
      const r = rule({ id: 'js.t', languages: ['javascript'], rule: object })
      assert.equal(astGrepEngine.scan(file('a.js', 'javascript', text), [r]).length, 1, `${object.regex} matches ${text}`)
      assert.equal(new Prefilter([prefilterNeed(r, 'JavaScript')]).candidates(text)[0], true, `${object.regex} on ${text}`)
    }
  })

  test('wraps PHP patterns in <?php so bare patterns work', () => {
    const r = rule({ id: 'php.t', languages: ['php'], pattern: 'system($A . $B)', message: 'runs $B' })
    const found = astGrepEngine.scan(file('a.php', 'php', '<?php\n// system("ls " . $d);\nsystem("ls " . $dir);\n'), [r])
    assert.deepEqual(found.map((m) => [m.line, m.message]), [[3, 'runs $dir']])
  })

  test('reads .tsx files with the TSX grammar and accepts JSX-only rules for TypeScript', () => {
    const r = rule({ id: 'js.t', languages: ['javascript', 'typescript'], rule: { kind: 'jsx_attribute', regex: '^dangerouslySetInnerHTML' } })
    astGrepEngine.validate(r)
    const text = 'export const A = (p: { h: string }) => <div dangerouslySetInnerHTML={{ __html: p.h }} />\n'
    assert.equal(astGrepEngine.scan(file('a.tsx', 'typescript', text), [r]).length, 1)
    assert.equal(astGrepEngine.scan(file('a.ts', 'typescript', 'const dangerouslySetInnerHTML = 1\n'), [r]).length, 0)
  })

  test('validate names the field that does not compile', () => {
    const js = (fields: Partial<RuleDef>) => rule({ id: 'js.t', languages: ['javascript'], ...fields })
    assert.match(validationError(() => astGrepEngine.validate(js({ pattern: 'eval($X' }))), /^pattern: incomplete pattern: missing "\)"/)
    assert.match(validationError(() => astGrepEngine.validate(js({ pattern: 'foo("a, b)' }))), /^pattern: unterminated string/)
    assert.match(validationError(() => astGrepEngine.validate(js({ pattern: 'a; b' }))), /^pattern: .*Multiple AST nodes/)
    assert.match(validationError(() => astGrepEngine.validate(rule({ id: 'php.t', languages: ['php'], pattern: 'system($X . "' }))), /^pattern: unterminated string.*\(php\)$/)
    assert.match(validationError(() => astGrepEngine.validate(js({ rule: { any: [{ pattern: 'a' }, { pattern: 'if (' }] } }))), /^rule\.any\[1\]\.pattern: /)
    assert.match(validationError(() => astGrepEngine.validate(js({ rule: { kind: 'no_such_kind' } }))), /^rule: .*no_such_kind/)
    assert.match(validationError(() => astGrepEngine.validate(js({ rule: { patern: 'x' } }))), /^rule: unknown field `patern`/)
    assert.match(validationError(() => astGrepEngine.validate(js({ pattern: 'eval($X)', constraints: { X: { regex: '(' } } }))), /^constraints: /)
    assert.match(validationError(() => astGrepEngine.validate(rule({ id: 'x.t', languages: ['yaml'], pattern: 'a' }))), /^languages: yaml/)
    assert.match(validationError(() => astGrepEngine.validate(rule({ id: 'go.t', languages: ['go'], rule: { pattern: { context: 'func f() { a() }', selector: 'if_statement' } } }))), /^rule\.pattern: selector/)
    astGrepEngine.validate(js({ pattern: 'eval($X)' }))
    // Patterns the grammar alone cannot parse as a program are still fine patterns.
    astGrepEngine.validate(rule({ id: 'java.t', languages: ['java'], pattern: 'class $C { $$$ }' }))
    astGrepEngine.validate(rule({ id: 'py.t', languages: ['python'], pattern: 'for $X in $Y: $$$' }))
    astGrepEngine.validate(rule({ id: 'java.t', languages: ['java'], rule: { kind: 'method_invocation', has: { field: 'arguments', has: { pattern: '$A' } } } }))
  })
})

describe('the regex engine', () => {
  const aws = rule({ id: 'secrets.t', languages: ['generic'], message: 'key', regex: '\\b(AKIA[A-Z0-9]{16})\\b', secret_group: 1, entropy: 3 })

  test('carries the secret so the pipeline can mask it, never in the message', () => {
    const [m] = regexEngine.scan(file('.env', 'dotenv', 'A=1\r\nKEY=AKIAUJZDE8GXD6NCF10E # prod\n'), [aws])
    assert.equal(m.secret, 'AKIAUJZDE8GXD6NCF10E')
    assert.deepEqual([m.line, m.column, m.end_line, m.end_column], [2, 5, 2, 25])
    assert.equal(m.message, 'key')
    assert.equal(`${m.secret.slice(0, 4)}****`, 'AKIA****')
  })

  test('an `absent` rule reports a file once, at its first line of code, when no line matches', () => {
    const tag = rule({ id: 'trace.t', languages: ['python', 'php'], message: 'no tag', regex: '\\bREQ-[0-9]+\\b', absent: true })
    const untagged = '#!/usr/bin/env python3\r\n# Dose limits.\r\n\r\n  import math\r\nx = 1\r\n'
    const [m, ...rest] = regexEngine.scan(file('a.py', 'python', untagged), [tag])
    assert.deepEqual(rest, [])
    assert.deepEqual([m.line, m.column, m.end_column, m.matched, m.message], [4, 3, 14, 'import math', 'no tag'])
    assert.deepEqual(regexEngine.scan(file('b.py', 'python', 'import math\n\nx = 1  # REQ-7\n'), [tag]), [])
    assert.deepEqual(regexEngine.scan(file('c.py', 'python', '# only a comment\n\n'), [tag]), [], 'nothing to trace')
    assert.equal(regexEngine.scan(file('d.php', 'php', '<?php\n// header\necho 1;\n'), [tag])[0].line, 3)
    assert.match(validationError(() => regexEngine.validate({ ...tag, secret_group: 0 })), /^absent: /)
  })

  test('drops placeholders and low-entropy values', () => {
    const text = ['AKIAIOSFODNN7EXAMPLE', 'AKIAAAAAAAAAAAAAAAAA', 'AKIAXXXXXXXXXXXXXXXX', 'AKIA1U33XTPLPFT75V2S'].join('\n')
    assert.deepEqual(regexEngine.scan(file('a.txt', 'text', text), [aws]).map((m) => m.line), [4])
    const password = rule({ id: 'secrets.p', languages: ['generic'], regex: 'password\\s*=\\s*"([^"]+)"', secret_group: 1, entropy: 3 })
    const lines = ['password = "hunter2"', 'password = "Xk9#mQ2$vL7pR4wz"', 'password = "${DB_PASSWORD}"']
    assert.deepEqual(regexEngine.scan(file('a.py', 'python', lines.join('\n')), [password]).map((m) => m.line), [2])
  })

  test('recognises placeholders without dropping real-looking keys', () => {
    const placeholders = ['changeme', 'xxxxxxxxxxxx', '<token>', '<your-api-key>', '${API_KEY}', '{{ vault.secret }}', '%(password)s', 'your_api_key', '********', 'aaaaaaaa', 'AKIAIOSFODNN7EXAMPLE', 'dummy-token-1', 'test', 'test123', 'password1', '$DB_PASSWORD', 'DB_PASSWORD', '[REDACTED]', 'auth-secret', 'placeholder']
    for (const p of placeholders) assert.ok(isPlaceholder(p), `${p} is a placeholder`)
    const real = ['AKIAUJZDE8GXD6NCF10E', 'ghp_LZDe1f8rESQedUStPKR0CsTy4Qwb8DwkNhFd', 'Xk9#mQ2$vL7pR4wz', 'q8W!e3Rz#T5yU1iO', '9f86d081884c7d659a2feaa0c55ad015', 'sk_live_4eC39HqLyjWDarjtT1zdp7dc', 'Tr0ub4dor&3horse']
    for (const r of real) assert.ok(!isPlaceholder(r), `${r} is not a placeholder`)
    assert.equal(shannonEntropy('aaaa'), 0)
    assert.equal(shannonEntropy('abcd'), 2)
  })

  test('skips very long lines and searches only lines holding the required literal', () => {
    const r = rule({ id: 'secrets.t', languages: ['generic'], regex: '-----BEGIN ([A-Z]+ )?PRIVATE KEY-----' })
    assert.deepEqual(requiredLiterals(r.regex!, ''), ['PRIVATE KEY-----'])
    const long = `x = "${'a'.repeat(MAX_LINE_LENGTH)} -----BEGIN PRIVATE KEY-----"`
    const before = regexStats.linesSearched
    const found = regexEngine.scan(file('a.py', 'python', ['a = 1', long, 'b = "-----BEGIN RSA PRIVATE KEY-----"', 'c = 2'].join('\n')), [r])
    assert.deepEqual(found.map((m) => m.line), [3])
    assert.equal(regexStats.linesSearched - before, 1)
    assert.deepEqual(requiredLiterals('(?:password|passwd)\\s*=', 'i'), ['password', 'passwd'])
    assert.equal(requiredLiterals('[a-z]+\\d', ''), null)
    // Small classes and optional parts multiply out, and a literal holding another adds nothing.
    assert.deepEqual(requiredLiterals('(?:api[_-]?key|client[_-]?secret|secret)\\s*=', 'i')!.sort(), ['api-key', 'api_key', 'apikey', 'secret'])
    assert.deepEqual(requiredLiterals('gh[pousr]_[A-Za-z0-9]{36}', ''), ['ghp_', 'gho_', 'ghu_', 'ghs_', 'ghr_'].sort())
  })

  test('validate rejects regexes that do not compile, bad flags and missing groups', () => {
    const re = (fields: Partial<RuleDef>) => rule({ id: 'secrets.t', languages: ['generic'], regex: 'a', ...fields })
    assert.match(validationError(() => regexEngine.validate(re({ regex: '(unclosed' }))), /^regex: /)
    assert.match(validationError(() => regexEngine.validate(re({ regex_flags: 'iy' }))), /^regex_flags: /)
    assert.match(validationError(() => regexEngine.validate(re({ regex: 'a(b)', secret_group: 2 }))), /^secret_group: 2 is not a capture group/)
    regexEngine.validate(re({ regex: 'a(b)', secret_group: 1, regex_flags: 'i' }))
  })

  test('validate rejects catastrophic backtracking and keeps linear patterns', () => {
    const catastrophic = ['(a+)+$', '(a*)*b', '(\\w+\\s?)+$', '(a|aa)+$', '(a|a?)+', '^(\\w+\\s?)*$', '(x+x+)+y', '(.*a){12}', '"(?:\\\\.|[^"])*"', '(?:\\s+|#.*)*$', '\\d+\\.?\\d+x', '(a?){20}a{20}', '^([a-zA-Z0-9])+@(([a-zA-Z0-9-])+\\.)+([a-zA-Z0-9]{2,4})+$']
    for (const source of catastrophic) {
      const message = validationError(() => regexEngine.validate(rule({ id: 'secrets.t', languages: ['generic'], regex: source })))
      assert.match(message, /^regex: catastrophic backtracking/, source)
    }
    const linear = ['(\\s*,\\s*\\w+)*', '([a-z0-9]+[-.])*', '(\\.[a-z]+)+', '"(?:\\\\.|[^"\\\\])*"', '(ab|ac)+', '(a|ab)+', '(?:[A-Za-z0-9+/]{4})*', '(?:[-\\w]+\\.)+[a-z]{2,}', '\\w+\\s+\\w+', 'key\\s*[:=]\\s*"([^"]{8,})"']
    for (const source of linear) assert.equal(catastrophicReason(source), undefined, source)
  })
})

describe('loading rule files', () => {
  const valid = (id: string) => `id: ${id}\nname: n\nmessage: m\nseverity: high\nlanguages: [python]\ncwe: [CWE-95]\nowasp: [A03:2021]\nconfidence: high\nremediation: r\npattern: eval($X)\n`

  test('loads every rule file except fixtures, with an absolute source', async () => {
    const dir = tempTree({ 'python/py.a.yaml': valid('py.a'), 'python/py.a.fixture.yaml': 'not: a rule', 'python/py.a.py': 'eval(x)\n', 'other.txt': 'x' })
    const rules = await loadRules([dir, path.join(dir, 'does-not-exist')])
    assert.deepEqual(rules.map((r) => [r.id, r.source]), [['py.a', path.join(dir, 'python/py.a.yaml')]])
  })

  test('names the file and the field of every problem', async () => {
    const dir = tempTree({
      'rules/python/bad.yaml': valid('py.bad').replace('severity: high', 'severity: urgent').replace('cwe: [CWE-95]', 'cwe: [95]'),
      'rules/python/missing.yaml': valid('py.missing').replace('remediation: r\n', '').replace('id: py.missing', 'id: Py_Missing'),
      'rules/python/two.yaml': `${valid('py.two')}regex: eval\nfixes: x\n`,
      'rules/python/broken.yaml': 'id: [unclosed',
      'rules/python/list.yaml': '- id: a\n',
    })
    const err = await loadError([path.join(dir, 'rules')])
    assert.equal(err.status, 422)
    const paths = Object.fromEntries(err.errors!.map((e) => [e.path, e.message]))
    const shown = (f: string) => Object.keys(paths).find((p) => p.endsWith(f))
    assert.match(paths[shown('bad.yaml: severity')!], /one of critical, high, medium, low, info/)
    assert.ok(shown('bad.yaml: cwe[0]'))
    assert.equal(paths[shown('missing.yaml: remediation')!], 'is required')
    assert.ok(shown('missing.yaml: id'))
    assert.match(paths[shown('two.yaml: regex')!], /exactly one matcher/)
    assert.equal(paths[shown('two.yaml: fixes')!], 'is not a rule field')
    assert.match(paths[shown('broken.yaml')!], /not valid YAML/)
    assert.ok(shown('list.yaml'))
    for (const p of Object.keys(paths)) assert.match(p, /^rules\/python\//, 'paths are shown relative, from the rules folder')
  })

  test('a duplicate id names both files', async () => {
    const dir = tempTree({ 'a/py.same.yaml': valid('py.same'), 'b/py.same.yaml': valid('py.same') })
    const err = await loadError([path.join(dir, 'a'), path.join(dir, 'b')])
    assert.equal(err.errors!.length, 1)
    assert.match(err.errors![0].path, /b\/py\.same\.yaml: id$/)
    assert.match(err.errors![0].message, /duplicate rule id "py\.same", also defined in .*a\/py\.same\.yaml/)
  })

  test('validateRule reports schema and engine problems by field', () => {
    const engines = [astGrepEngine, regexEngine]
    const ok = rule({ id: 'py.ok', languages: ['python'], pattern: 'eval($X)' })
    assert.deepEqual(validateRule(ok, engines), [])
    assert.deepEqual(validateRule({ ...ok, source: '/somewhere/py.ok.yaml' }, engines), [])
    assert.equal(validateRule({ ...ok, pattern: 'eval($X' }, engines)[0].path, 'pattern')
    assert.equal(validateRule({ ...ok, languages: ['cobol'] }, engines)[0].path, 'languages[0]')
    assert.equal(validateRule(rule({ id: 'secrets.x', languages: ['generic'], regex: '(a+)+' }), engines)[0].path, 'regex')
    assert.equal(validateRule({ ...ok, id: 'no-dot' }, engines)[0].path, 'id')
    assert.equal(validateRule(ok, [regexEngine])[0].message, 'no installed engine evaluates this matcher')
  })
})

describe('the secrets rules', () => {
  let secrets: RuleDef[]
  const GENERIC_DIR = path.join(RULES_DIR, 'generic')
  // Key-block headers hold no secret text of their own to mask; every other secrets rule names the secret's group.
  const BLOCK_HEADERS = new Set(['secrets.private-key', 'secrets.putty-private-key'])

  before(async () => {
    secrets = (await loadRules([RULES_DIR])).filter((r) => r.tags?.includes('secrets'))
  })

  test('cover at least 40 providers, each with a literal prefilter, CWE-798, A07:2021 and a masked secret group', () => {
    assert.ok(secrets.length >= 44, `${secrets.length} secrets rules`)
    for (const r of secrets) {
      assert.ok(r.regex, `${r.id}: secrets rules are regexes`)
      assert.ok(r.prefilter?.length || requiredLiterals(r.regex!, r.regex_flags ?? ''), `${r.id}: no literal prefilter, every line of every file would be searched`)
      assert.ok(r.cwe.includes('CWE-798') && r.owasp.includes('A07:2021'), `${r.id}: cwe/owasp`)
      assert.deepEqual(r.languages, ['generic'], r.id)
      if (!BLOCK_HEADERS.has(r.id)) assert.equal(r.secret_group, 1, `${r.id}: secret_group`)
    }
  })

  test('never report one value twice: no two rules match overlapping text in any secrets fixture', () => {
    const isRuleFile = (n: string) => n.endsWith('.yaml') && !n.includes('.fixture.')
    const names = fs.readdirSync(GENERIC_DIR).filter((n) => n.startsWith('secrets.') && !isRuleFile(n))
    assert.ok(names.length >= 44, `${names.length} fixtures`)
    for (const name of names) {
      const text = fs.readFileSync(path.join(GENERIC_DIR, name), 'utf8')
      const found = evaluateFile({ path: name, language: languageOf(name), text, isTest: false }, secrets, [regexEngine])
      for (const a of found) {
        for (const b of found) {
          const overlap = a.rule_id < b.rule_id && a.line === b.line && a.column < b.end_column && b.column < a.end_column
          assert.ok(!overlap, `${name}:${a.line} reported by both ${a.rule_id} and ${b.rule_id}`)
        }
      }
    }
  })

  test('a secret in a test file is still reported, at lower confidence', () => {
    const password = secrets.find((r) => r.id === 'secrets.hardcoded-password')!
    const stripe = secrets.find((r) => r.id === 'secrets.stripe-secret-key')!
    assert.equal(password.in_tests, 'lower')
    const text = 'DB_PASSWORD = "Xk9#mQ2$vL7pR4wz"\nSTRIPE = "sk_live_4eC39HqLyjWDarjtT1zdp7dcQk2R"\n'
    const inTest = evaluateFile({ path: 'tests/test_db.py', language: 'python', text, isTest: true }, [password, stripe], [regexEngine])
    assert.deepEqual(inTest.map((m) => [m.rule_id, m.confidence]), [['secrets.hardcoded-password', 'low'], ['secrets.stripe-secret-key', 'medium']])
    const inCode = evaluateFile({ path: 'app/db.py', language: 'python', text, isTest: false }, [password, stripe], [regexEngine])
    assert.deepEqual(inCode.map((m) => m.confidence), ['medium', 'high'])
  })
})
