// The five report formats, checked the way their consumers read them: schema, GitHub's rules, xmllint, a browser.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { createRequire } from 'node:module'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { Ajv } from 'ajv'
import { XMLParser, XMLValidator } from 'fast-xml-parser'
import type { ReportInput } from '../kernel/scan/reporter.ts'
import type { PluginContext } from '../kernel/plugin.ts'
import type { Reporter } from '../kernel/scan/reporter.ts'
import type { RuleDef } from '../kernel/catalog/rule.ts'
import { REPORT_FORMATS, SEVERITIES, type Finding, type ScanResult } from '../kernel/base/schemas.ts'
import register, { manifest } from '../plugins/reporters/plugin.ts'
import { buildSarif, GITHUB_LIMITS, sarifReporter, type SarifLog } from '../plugins/reporters/sarif.ts'
import { junitReporter } from '../plugins/reporters/junit.ts'
import { htmlReporter } from '../plugins/reporters/html.ts'
import { csvCell, csvReporter } from '../plugins/reporters/csv.ts'
import { markdownReporter } from '../plugins/reporters/markdown.ts'
import { parseCsv } from './helpers/csv.ts'
import { CHROMIUM, launchChromium } from './helpers/browser.ts'

// ajv-formats is CommonJS whose typings declare an ES default; require() gives the plugin function itself.
const addFormats = createRequire(import.meta.url)('ajv-formats') as (ajv: Ajv) => Ajv

const SCHEMAS = path.join(path.dirname(fileURLToPath(import.meta.url)), 'schemas')
const NASTY_SNIPPET = `<div title="it's">{{{ user.bio }}}</div><script>window.__pwned = 1</script> ]]> "double"\u0001`

function rule(partial: Partial<RuleDef> & Pick<RuleDef, 'id' | 'name' | 'severity'>): RuleDef {
  return {
    message: `${partial.name} detected`,
    languages: ['javascript'],
    cwe: [],
    owasp: [],
    confidence: 'high',
    remediation: `Fix ${partial.name}.`,
    ...partial,
  }
}

const RULES: RuleDef[] = [
  rule({ id: 'js.eval-injection', name: 'Eval injection', severity: 'high', cwe: ['CWE-95'], owasp: ['A03:2021'], description: 'User input reaches eval().', remediation: 'Never pass user input to eval; parse data with JSON.parse.' }),
  rule({ id: 'py.sql-injection', name: 'SQL injection', severity: 'critical', languages: ['python'], cwe: ['CWE-89'], owasp: ['A03:2021'], remediation: 'Use parameterised queries.' }),
  rule({ id: 'secrets.aws-access-key', name: 'AWS access key', severity: 'high', languages: ['generic'], cwe: ['CWE-798'], owasp: ['A07:2021'] }),
  rule({ id: 'html.unescaped-template', name: 'Unescaped template output', severity: 'medium', languages: ['generic'], cwe: ['CWE-79'], owasp: ['A03:2021'], confidence: 'medium' }),
  rule({ id: 'js.insecure-random', name: 'Insecure randomness', severity: 'low', cwe: ['CWE-338'], owasp: ['A02:2021'], confidence: 'low', description: `Math.random is predictable. ${'Really. '.repeat(300)}` }),
  rule({ id: 'csharp.weak-hash', name: 'Weak hash', severity: 'medium', languages: ['csharp'], cwe: ['CWE-328'], owasp: ['A02:2021'] }),
  rule({ id: 'generic.security-todo', name: 'Security TODO', severity: 'info', languages: ['generic'], confidence: 'low' }),
  rule({ id: 'java.xxe', name: 'XML external entities', severity: 'high', languages: ['java'], cwe: ['CWE-611'], owasp: ['A05:2021'] }),
]
const RULE_BY_ID = new Map(RULES.map((r) => [r.id, r]))

let nextId = 0
function finding(partial: Partial<Finding> & Pick<Finding, 'rule_id' | 'file' | 'line' | 'snippet'>): Finding {
  const r = RULE_BY_ID.get(partial.rule_id)!
  return {
    id: `fp${String(++nextId).padStart(4, '0')}${'0'.repeat(24)}`,
    severity: r.severity,
    message: r.message,
    column: 5,
    end_line: partial.line,
    end_column: 20,
    cwe: r.cwe,
    owasp: r.owasp,
    standards: r.owasp.map((control) => ({ pack: 'owasp-top-10', control })),
    confidence: r.confidence,
    remediation: r.remediation,
    suppressed: false,
    suppression: null,
    ...partial,
  }
}

const FINDINGS: Finding[] = [
  finding({ rule_id: 'js.eval-injection', file: 'src/app.js', line: 12, snippet: '  eval(req.query.code)', message: 'eval() runs req.query.code' }),
  // Identical-looking to the one above: same rule, same code, same message, another line.
  finding({ rule_id: 'js.eval-injection', file: 'src/app.js', line: 40, snippet: '  eval(req.query.code)', message: 'eval() runs req.query.code' }),
  finding({
    rule_id: 'py.sql-injection', file: 'api/db.py', line: 7, column: 9, end_line: 8, end_column: 3, snippet: 'cur.execute("SELECT * FROM t WHERE id=" + id\n)',
    trace: [
      { file: 'api/db.py', line: 3, column: 10, note: 'source: request.args.get("id")' },
      { file: 'api/db.py', line: 3, column: 5, note: 'id = …' },
      { file: 'api/db.py', line: 7, column: 9, note: 'sink: cur.execute()' },
    ],
  }),
  finding({ rule_id: 'secrets.aws-access-key', file: 'config/settings.env', line: 3, column: 1, snippet: 'AWS_ACCESS_KEY_ID=AKIA****' }),
  finding({ rule_id: 'html.unescaped-template', file: 'web/templates/index.html', line: 22, snippet: NASTY_SNIPPET, message: 'Template renders `user.bio` raw | unescaped\u0001 <b>bold</b>' }),
  finding({
    rule_id: 'js.insecure-random',
    file: 'src/token.js',
    line: 5,
    snippet: 'const seed = Math.random()',
    suppressed: true,
    suppression: { source: 'inline', reason: 'test seed only', by: null, expires: null },
  }),
  finding({
    rule_id: 'js.insecure-random',
    file: 'src/shuffle.js',
    line: 9,
    snippet: 'arr.sort(() => Math.random() - 0.5)',
    suppressed: true,
    suppression: { source: 'config', reason: null, by: 'alice', expires: '2030-01-01' },
  }),
  // A Windows path, already normalised by the pipeline: forward slashes, spaces kept.
  finding({ rule_id: 'csharp.weak-hash', file: 'src/Windows Forms/Login Form.cs', line: 31, snippet: 'var md5 = MD5.Create();' }),
  finding({ rule_id: 'generic.security-todo', file: 'docs/notes.md', line: 1, column: 1, snippet: '=cmd|\' /C calc\'!A0', message: "=cmd|' /C calc'!A0" }),
]

function scanOf(findings: Finding[]): ScanResult {
  const open = findings.filter((f) => !f.suppressed)
  return {
    findings,
    total: open.length,
    by_severity: Object.fromEntries(SEVERITIES.map((s) => [s, open.filter((f) => f.severity === s).length])) as ScanResult['by_severity'],
    scan_id: 'scan-2024-0001',
    files_scanned: 9,
    files_skipped: [{ path: 'assets/logo.png', reason: 'binary file' }],
    rules_evaluated: RULES.length,
    duration_ms: 1234,
    suppressed: findings.length - open.length,
  }
}

function inputOf(findings: Finding[]): ReportInput {
  return { scan: scanOf(findings), rules: RULE_BY_ID, target: 'acme/shop', toolVersion: '0.1.0', startedAt: '2024-05-01T10:20:30.456Z' }
}

const INPUT = inputOf(FINDINGS)
const CLEAN = inputOf([])
const SUPPRESSED_COUNT = FINDINGS.filter((f) => f.suppressed).length

/** GitHub code scanning's upload rules that the OASIS schema does not express; returns what is wrong. */
function githubSarifProblems(sarif: SarifLog, findings: readonly Finding[] = []): string[] {
  const problems: string[] = []
  const suppressedIds = new Set(findings.filter((f) => f.suppressed).map((f) => f.id))
  if (sarif.version !== '2.1.0') problems.push('version must be 2.1.0')
  if (!sarif.runs.length || sarif.runs.length > 20) problems.push('1 to 20 runs per file')
  for (const run of sarif.runs) {
    const rules = run.tool.driver.rules
    if (run.results.length > 25_000) problems.push('more than 25,000 results in a run')
    if (rules.length > 25_000) problems.push('more than 25,000 rules in a run')
    for (const r of rules) {
      const where = `rule ${r.id}`
      for (const [key, text] of [['shortDescription', r.shortDescription?.text], ['fullDescription', r.fullDescription?.text], ['help', r.help?.text]] as const) {
        if (!text) problems.push(`${where}: missing ${key}`)
        else if (key !== 'help' && text.length > 1024) problems.push(`${where}: ${key} over 1024 characters`)
      }
      const severity = r.properties?.['security-severity']
      if (typeof severity !== 'string' || !/^\d+(\.\d+)?$/.test(severity) || Number(severity) > 10) problems.push(`${where}: security-severity must be a numeric string 0-10`)
      if ((r.properties?.tags ?? []).length > 20) problems.push(`${where}: more than 20 tags`)
      if (!['very-high', 'high', 'medium', 'low'].includes(r.properties?.precision)) problems.push(`${where}: bad precision`)
    }
    run.results.forEach((res, i) => {
      const where = `result ${i} (${res.ruleId})`
      if (!res.ruleId || rules[res.ruleIndex]?.id !== res.ruleId) problems.push(`${where}: ruleIndex does not point at its rule`)
      if (!res.message?.text) problems.push(`${where}: empty message`)
      if (!['error', 'warning', 'note', 'none'].includes(res.level)) problems.push(`${where}: bad level`)
      if (!res.partialFingerprints || Object.keys(res.partialFingerprints).length === 0) problems.push(`${where}: no partialFingerprints`)
      if (!res.locations?.length || res.locations.length > 1000) problems.push(`${where}: 1 to 1000 locations`)
      for (const loc of res.locations ?? []) {
        const uri = loc.physicalLocation?.artifactLocation?.uri ?? ''
        if (!uri) problems.push(`${where}: location without uri`)
        if (/^[a-z][a-z0-9+.-]*:/i.test(uri) || uri.startsWith('/')) problems.push(`${where}: uri not relative: ${uri}`)
        if (uri.includes('\\')) problems.push(`${where}: uri has backslashes: ${uri}`)
        if (uri.split('/').some((seg) => seg === '..' || seg === '.')) problems.push(`${where}: uri has dot segments: ${uri}`)
        if ((loc.physicalLocation.region?.startLine ?? 1) < 1) problems.push(`${where}: startLine < 1`)
      }
      const suppressed = suppressedIds.has(res.fingerprints?.['guard/v1'] ?? '')
      if (suppressed && !res.suppressions?.length) problems.push(`${where}: suppressed finding without suppressions`)
      if (!suppressed && res.suppressions?.length) problems.push(`${where}: open finding carries suppressions`)
      for (const s of res.suppressions ?? []) if (!['inSource', 'external'].includes(s.kind)) problems.push(`${where}: bad suppression kind`)
    })
  }
  return problems
}

interface JsonSchema {
  $schema: string
  definitions: Record<string, { properties: Record<string, unknown> }>
}

/** The OASIS TC's draft-07 schema, with its one known erratum applied (see test/schemas/README.md). */
function sarifValidator() {
  const schema = JSON.parse(fs.readFileSync(path.join(SCHEMAS, 'sarif-schema-2.1.0.json'), 'utf8')) as JsonSchema
  assert.equal(schema.$schema, 'http://json-schema.org/draft-07/schema#', 'vendored schema is draft-07, which Ajv supports by default')
  // oasis-tcs/sarif-spec#449: the standard's text names suppression.status; the TC's schema file still says `state`.
  const suppression = schema.definitions.suppression.properties
  if ('state' in suppression && !('status' in suppression)) {
    suppression.status = suppression.state
    delete suppression.state
  }
  const ajv = new Ajv({ allErrors: true, strict: false })
  addFormats(ajv)
  return ajv.compile(schema)
}

test('the plugin registers the five report formats', () => {
  const registered: Reporter[] = []
  const ctx = { registerReporter: (r: Reporter) => void registered.push(r) } as unknown as PluginContext
  register(ctx)
  assert.deepEqual(manifest, { name: 'reporters', version: '1.0.0', tier: 'community' })
  assert.deepEqual(registered.map((r) => r.format).sort(), [...REPORT_FORMATS].sort())
  for (const r of registered) assert.ok(r.contentType && r.extension, `${r.format} names a content type and extension`)
})

test('SARIF validates against the OASIS 2.1.0 schema and meets GitHub code scanning rules', () => {
  const validate = sarifValidator()
  const text = sarifReporter.render(INPUT)
  const sarif = JSON.parse(text) as SarifLog
  assert.ok(validate(sarif), JSON.stringify(validate.errors, null, 2))
  assert.deepEqual(githubSarifProblems(sarif, FINDINGS), [])

  const run = sarif.runs[0]
  assert.equal(sarif.$schema, 'https://json.schemastore.org/sarif-2.1.0.json')
  assert.equal(run.tool.driver.name, 'guard')
  assert.equal(run.tool.driver.semanticVersion, '0.1.0')
  assert.equal(run.results.length, FINDINGS.length)
  assert.equal(run.tool.driver.rules.length, RULES.length, 'every evaluated rule is described, including ones without results')
  assert.equal(run.invocations[0].executionSuccessful, true)
  assert.equal(run.invocations[0].startTimeUtc, '2024-05-01T10:20:30.456Z')
  assert.ok(run.originalUriBaseIds['%SRCROOT%'])

  const byId = new Map(run.results.map((r) => [r.fingerprints['guard/v1'], r]))
  const levels = Object.fromEntries(FINDINGS.map((f) => [f.rule_id, byId.get(f.id)!.level]))
  assert.deepEqual(levels, {
    'js.eval-injection': 'error',
    'py.sql-injection': 'error',
    'secrets.aws-access-key': 'error',
    'html.unescaped-template': 'warning',
    'js.insecure-random': 'note',
    'csharp.weak-hash': 'warning',
    'generic.security-todo': 'note',
  })

  const sqlRule = run.tool.driver.rules.find((r) => r.id === 'py.sql-injection')!
  assert.equal(sqlRule.properties['security-severity'], '9.5')
  assert.equal(sqlRule.defaultConfiguration.level, 'error')
  assert.ok(sqlRule.properties.tags.includes('security') && sqlRule.properties.tags.includes('CWE-89'))
  assert.ok(sqlRule.properties.tags.some((t) => t.includes('A03:2021')))
  assert.match(sqlRule.help.markdown, /parameterised queries/)
  const longRule = run.tool.driver.rules.find((r) => r.id === 'js.insecure-random')!
  assert.ok(longRule.fullDescription.text.length <= 1024, 'long description cut to GitHub limit')

  const [eval1, eval2] = FINDINGS.slice(0, 2).map((f) => byId.get(f.id)!)
  assert.notEqual(eval1.partialFingerprints.primaryLocationLineHash, eval2.partialFingerprints.primaryLocationLineHash)
  assert.match(eval1.partialFingerprints.primaryLocationLineHash, /^[0-9a-f]{16}:1$/)
  assert.match(eval2.partialFingerprints.primaryLocationLineHash, /^[0-9a-f]{16}:2$/)

  const windows = byId.get(FINDINGS[7].id)!.locations[0].physicalLocation
  assert.equal(windows.artifactLocation.uri, 'src/Windows%20Forms/Login%20Form.cs')
  assert.equal(windows.artifactLocation.uriBaseId, '%SRCROOT%')
  assert.deepEqual(
    { ...byId.get(FINDINGS[2].id)!.locations[0].physicalLocation.region },
    { startLine: 7, startColumn: 9, endLine: 8, endColumn: 3, snippet: { text: FINDINGS[2].snippet } },
  )
  assert.deepEqual(byId.get(FINDINGS[5].id)!.suppressions, [{ kind: 'inSource', status: 'accepted', justification: 'test seed only', properties: { source: 'inline' } }])
  assert.equal(byId.get(FINDINGS[6].id)!.suppressions![0].kind, 'external')
  assert.equal(byId.get(FINDINGS[4].id)!.locations[0].physicalLocation.region!.snippet!.text, NASTY_SNIPPET)
  // A taint finding's path is a code flow, source first, each step at its place.
  const flow = byId.get(FINDINGS[2].id)!.codeFlows![0].threadFlows[0].locations
  assert.deepEqual(flow.map((l) => [l.location.physicalLocation.region!.startLine, l.location.message.text]), FINDINGS[2].trace!.map((s) => [s.line, s.note]))
  assert.equal(flow[0].location.physicalLocation.artifactLocation.uri, 'api/db.py')
  assert.equal(byId.get(FINDINGS[0].id)!.codeFlows, undefined, 'a pattern finding has no flow')

  // The validator is really the schema: a level SARIF does not know is refused.
  const broken = structuredClone(sarif)
  ;(broken.runs[0].results[0] as { level: string }).level = 'critical'
  assert.equal(validate(broken), false)
})

test('SARIF of a clean scan is valid and has no results', () => {
  const sarif = JSON.parse(sarifReporter.render(CLEAN)) as SarifLog
  const validate = sarifValidator()
  assert.ok(validate(sarif), JSON.stringify(validate.errors, null, 2))
  assert.deepEqual(githubSarifProblems(sarif), [])
  assert.deepEqual(sarif.runs[0].results, [])
})

test('SARIF keeps the most important 25,000 results when a scan has more', () => {
  const many: Finding[] = Array.from({ length: GITHUB_LIMITS.resultsPerRun + 5 }, (_, i) =>
    finding({ rule_id: 'generic.security-todo', file: `gen/f${i % 50}.txt`, line: i + 1, snippet: `todo ${i}` }),
  )
  many.push(finding({ rule_id: 'py.sql-injection', file: 'zzz/last.py', line: 1, snippet: 'q' }))
  const sarif = buildSarif(inputOf(many))
  const run = sarif.runs[0]
  assert.equal(run.results.length, GITHUB_LIMITS.resultsPerRun)
  assert.ok(run.results.some((r) => r.ruleId === 'py.sql-injection'), 'the critical finding is kept')
  assert.equal(run.properties.resultsOmitted, 6)
  assert.equal(run.invocations[0].toolExecutionNotifications![0].level, 'warning')
  assert.deepEqual(githubSarifProblems(sarif), [])
})

type Attrs = Record<string, string>
interface ParsedCase {
  '@': Attrs
  failure?: { '@': Attrs; '#text'?: string }
  skipped?: { '@': Attrs }
}
interface ParsedSuite {
  '@': Attrs
  testcase: ParsedCase[]
}

function parseJunit(xml: string): { root: Attrs; suites: ParsedSuite[] } {
  assert.equal(XMLValidator.validate(xml), true, 'well-formed XML')
  const parser = new XMLParser({
    ignoreAttributes: false,
    attributeNamePrefix: '',
    attributesGroupName: '@',
    parseAttributeValue: false,
    parseTagValue: false,
    trimValues: false,
    htmlEntities: true,
    isArray: (name) => name === 'testsuite' || name === 'testcase',
  })
  const doc = parser.parse(xml) as { testsuites: { '@': Attrs; testsuite: ParsedSuite[] } }
  return { root: doc.testsuites['@'], suites: doc.testsuites.testsuite }
}

function ms(seconds: string): number {
  return Math.round(Number(seconds) * 1000)
}

/** Runs xmllint against the vendored JUnit XSD; undefined when xmllint is not installed. */
function xmllint(xml: string): { status: number | null; stderr: string } | undefined {
  const probe = spawnSync('xmllint', ['--version'])
  if (probe.error) return undefined
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'guard-junit-'))
  try {
    fs.writeFileSync(path.join(dir, 'report.xml'), xml)
    const run = spawnSync('xmllint', ['--noout', '--schema', path.join(SCHEMAS, 'junit.xsd'), path.join(dir, 'report.xml')], { encoding: 'utf8' })
    return { status: run.status, stderr: run.stderr }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true })
  }
}

test('JUnit: one testcase per finding, consistent counts, unique names, valid against the XSD', (t) => {
  const xml = junitReporter.render(INPUT)
  const { root, suites } = parseJunit(xml)
  const cases = suites.flatMap((s) => s.testcase)
  assert.equal(cases.length, FINDINGS.length)
  assert.equal(Number(root.tests), FINDINGS.length)
  assert.equal(Number(root.failures), FINDINGS.length - SUPPRESSED_COUNT)
  assert.equal(Number(root.errors), 0)
  assert.equal(ms(root.time), INPUT.scan.duration_ms)
  assert.equal(suites.reduce((n, s) => n + ms(s['@'].time), 0), ms(root.time), 'suite times add up to the total')

  for (const suite of suites) {
    const a = suite['@']
    assert.equal(Number(a.tests), suite.testcase.length, `${a.name}: tests`)
    assert.equal(Number(a.failures), suite.testcase.filter((c) => c.failure).length, `${a.name}: failures`)
    assert.equal(Number(a.skipped), suite.testcase.filter((c) => c.skipped).length, `${a.name}: skipped`)
    assert.equal(Number(a.errors), 0)
    assert.equal(suite.testcase.reduce((n, c) => n + ms(c['@'].time), 0), ms(a.time), `${a.name}: case times add up`)
  }
  assert.equal(cases.filter((c) => c.skipped).length, SUPPRESSED_COUNT)
  for (const c of cases) assert.ok(Boolean(c.failure) !== Boolean(c.skipped), 'each case fails or is skipped')

  const keys = cases.map((c) => `${c['@'].classname}\0${c['@'].name}`)
  assert.equal(new Set(keys).size, keys.length, 'classname+name pairs are unique')
  const evalNames = cases.filter((c) => c['@'].classname === 'js.eval-injection').map((c) => c['@'].name)
  assert.deepEqual(evalNames, ['src/app.js:12:5 #1', 'src/app.js:40:5 #2'])

  const nasty = cases.find((c) => c['@'].classname === 'html.unescaped-template')!
  assert.equal(nasty.failure!['@'].type, 'medium')
  assert.equal(nasty.failure!['@'].message, 'Template renders `user.bio` raw | unescaped <b>bold</b>', 'control character removed')
  assert.ok(nasty.failure!['#text']!.includes(NASTY_SNIPPET.replace('\u0001', '')), 'snippet round-trips, ]]> included')
  assert.equal(cases.find((c) => c['@'].name.startsWith('src/token.js'))!.skipped!['@'].message, 'Suppressed (inline): test seed only')

  const lint = xmllint(xml)
  if (!lint) {
    t.diagnostic('xmllint not installed (apt-get install libxml2-utils): XSD validation not run')
    return
  }
  assert.equal(lint.status, 0, lint.stderr)
  // The XSD is strict enough to matter: a suite without its failure count is refused.
  const missingCount = xml.replace(/(<testsuite name="[^"]*" tests="\d+") failures="\d+"/, '$1')
  assert.notEqual(missingCount, xml)
  assert.notEqual(xmllint(missingCount)!.status, 0)
})

test('JUnit: a clean scan is one passing testcase', (t) => {
  const xml = junitReporter.render(CLEAN)
  const { root, suites } = parseJunit(xml)
  const cases = suites.flatMap((s) => s.testcase)
  assert.equal(cases.length, 1)
  assert.equal(cases[0].failure, undefined)
  assert.equal(cases[0].skipped, undefined)
  assert.deepEqual([root.tests, root.failures, root.errors], ['1', '0', '0'])
  const lint = xmllint(xml)
  if (!lint) return t.diagnostic('xmllint not installed: XSD validation not run')
  assert.equal(lint.status, 0, lint.stderr)
})

test('HTML: self-contained, with a CSP, and user content escaped', () => {
  const html = htmlReporter.render(INPUT)
  assert.doesNotMatch(html, /https?:\/\//, 'no URL at all in the page')
  assert.doesNotMatch(html, /\b(?:src|href|action|formaction|poster|srcset|data)\s*=\s*["']?\s*(?:[a-z]+:)?\/\//i, 'no external src/href')
  assert.doesNotMatch(html, /@import|url\(/i, 'no CSS loads')
  assert.match(html, /<meta http-equiv="Content-Security-Policy" content="default-src 'none';/)
  assert.equal(html.match(/<script/g)?.length, 1, 'only the report’s own script element')
  assert.ok(html.includes('&lt;script&gt;window.__pwned = 1&lt;/script&gt; ]]&gt; &quot;double&quot;'))
  assert.ok(!html.includes('\u0001'))
  for (const f of FINDINGS) assert.ok(html.includes(`id="finding-${f.id}"`), `${f.id} rendered`)
  assert.ok(html.includes('<ol class="trace" aria-label="Data flow from source to sink"><li><code>api/db.py:3:10</code> source: request.args.get(&quot;id&quot;)</li>'), 'the taint path, step by step')

  const clean = htmlReporter.render(CLEAN)
  assert.match(clean, /No findings/)
  assert.doesNotMatch(clean, /https?:\/\//)
})

test('HTML in a real browser: no request leaves the file, chart and rows render, filters hide rows', { skip: !fs.existsSync(CHROMIUM) && `no browser at ${CHROMIUM}` }, async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'guard-html-'))
  const file = path.join(dir, 'report.html')
  fs.writeFileSync(file, htmlReporter.render(INPUT))
  const browser = await launchChromium()
  try {
    const page = await browser.newPage()
    const external: string[] = []
    const problems: string[] = []
    page.on('request', (req) => {
      if (!/^(file|data):/.test(req.url())) external.push(req.url())
    })
    page.on('console', (msg) => {
      if (msg.type() === 'error' || msg.type() === 'warning') problems.push(msg.text())
    })
    page.on('pageerror', (err) => problems.push(err.message))
    await page.route('**', (route) => {
      const url = route.request().url()
      if (/^(file|data):/.test(url)) return route.continue().catch(() => undefined)
      external.push(url)
      return route.abort().catch(() => undefined)
    })
    await page.goto(pathToFileURL(file).href)

    assert.ok(await page.locator('svg.severity-chart').isVisible(), 'chart drawn')
    const criticalWidth = await page.locator('svg.severity-chart rect.bar.critical').first().getAttribute('width')
    assert.ok(Number(criticalWidth) > 0)
    const rows = page.locator('article.finding')
    assert.equal(await rows.count(), FINDINGS.length)
    const visible = () => page.locator('article.finding:visible').count()
    assert.equal(await visible(), FINDINGS.length, 'every finding row visible')
    assert.equal(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned), undefined, 'snippet script did not run')
    assert.ok((await page.locator('pre.snippet').allTextContents()).some((t) => t.includes('<script>window.__pwned = 1</script>')))
    assert.ok(await page.locator('#filters').isVisible(), 'filters shown once the script runs')

    await page.fill('#filter-text', 'windows forms')
    assert.equal(await visible(), 1)
    await page.fill('#filter-text', '')
    await page.selectOption('#filter-severity', 'critical')
    assert.equal(await visible(), FINDINGS.filter((f) => f.severity === 'critical').length)
    await page.selectOption('#filter-severity', 'high')
    assert.equal(await visible(), FINDINGS.filter((f) => f.severity === 'high').length)
    await page.selectOption('#filter-severity', '')
    await page.selectOption('#filter-rule', 'js.eval-injection')
    assert.equal(await visible(), 2)
    await page.selectOption('#filter-rule', '')
    await page.uncheck('#filter-suppressed')
    assert.equal(await visible(), FINDINGS.length - SUPPRESSED_COUNT)
    assert.match((await page.locator('#filter-count').textContent()) ?? '', new RegExp(`^${FINDINGS.length - SUPPRESSED_COUNT} of ${FINDINGS.length}`))

    assert.deepEqual(external, [], 'no request beyond the file itself')
    assert.deepEqual(problems, [], 'no console errors (a CSP violation would show here)')
  } finally {
    await browser.close()
    fs.rmSync(dir, { recursive: true, force: true })
  }
})

test('CSV: RFC 4180, one row per finding, formula cells defused', () => {
  const text = csvReporter.render(INPUT)
  const rows = parseCsv(text)
  const [header, ...data] = rows
  assert.equal(data.length, FINDINGS.length)
  for (const r of rows) assert.equal(r.length, header.length)
  const col = (name: string) => header.indexOf(name)
  const todo = data.find((r) => r[col('rule_id')] === 'generic.security-todo')!
  assert.equal(todo[col('message')], "'=cmd|' /C calc'!A0")
  assert.equal(todo[col('snippet')], "'=cmd|' /C calc'!A0")
  for (const r of data) for (const cell of r) assert.doesNotMatch(cell, /^[=+\-@]/)
  const sql = data.find((r) => r[col('rule_id')] === 'py.sql-injection')!
  assert.equal(sql[col('snippet')], FINDINGS[2].snippet, 'quotes and newlines round-trip')
  assert.ok(!text.includes('\u0001'), 'control characters removed')
  assert.equal(data.filter((r) => r[col('suppressed')] === 'true').length, SUPPRESSED_COUNT)
  assert.deepEqual(['+1', '-2', '@SUM(A1)', 'a,b', 'plain'].map(csvCell), ["'+1", "'-2", "'@SUM(A1)", '"a,b"', 'plain'])
  assert.equal(csvReporter.render(CLEAN), `${header.join(',')}\r\n`)
})

test('Markdown: summary by severity, then every finding as an escaped table row', () => {
  const md = markdownReporter.render(INPUT)
  const lines = md.split('\n')
  const summaryStart = lines.indexOf('## Summary')
  const summaryRows = lines.slice(summaryStart).filter((l) => l.startsWith('| ')).slice(1, 1 + SEVERITIES.length + 1)
  assert.deepEqual(
    summaryRows.map((l) => l.split(' | ')[0]),
    [...SEVERITIES.map((s) => `| ${s}`), '| **total**'],
  )
  const findingsStart = lines.findIndex((l) => l.startsWith('## Findings'))
  const fixStart = lines.indexOf('## How to fix')
  const tableRows = lines.slice(findingsStart, fixStart).filter((l) => l.startsWith('|'))
  assert.equal(tableRows.length, FINDINGS.length + 2, 'header, separator, one row per finding')
  const nasty = tableRows.find((l) => l.includes('html.unescaped-template'))!
  assert.ok(nasty.includes('\\`user.bio\\` raw \\| unescaped'), 'pipes and backticks escaped')
  assert.ok(nasty.includes('\\<b\\>bold\\</b\\>'), 'HTML cannot open')
  for (const row of tableRows) assert.equal(row.replace(/\\\|/g, '').split('|').length, 10, 'cells stay in their columns')
  assert.match(md, /Suppressed \(inline\): test seed only/)
  assert.match(markdownReporter.render(CLEAN), /No findings\./)
})
