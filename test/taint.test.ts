// Taint mode (issue 10): the analysis on real parsers, its traces in the answers, its budget, and its rule format.
import { test, describe, before, after } from 'node:test'
import assert from 'node:assert/strict'
import fs from 'node:fs'
import path from 'node:path'
import YAML from 'yaml'
import { startServer, tempDir, writeTree, type TestServer } from './helpers/server.ts'
import { loadRules } from '../kernel/catalog/rules.ts'
import { loadEngines } from '../kernel/scan/evaluate.ts'
import { analyzeFile } from '../kernel/scan/analyze.ts'
import { languageOf } from '../kernel/catalog/languages.ts'
import type { RuleDef } from '../kernel/catalog/rule.ts'
import type { Finding } from '../kernel/base/schemas.ts'
import { taintStats } from '../plugins/engine-astgrep/taint.ts'

const ENGINES = ['../plugins/engine-astgrep/engine.ts', '../plugins/engine-regex/engine.ts'].map((p) => new URL(p, import.meta.url).href)

const FLASK = `from flask import request
import sqlite3
cur = sqlite3.connect("x").cursor()

def where(value):
    return "name = '" + value + "'"

def search():
    name = request.args.get("name")
    clause = where(name)
    cur.execute("SELECT * FROM users WHERE " + clause)
`

/** A taint rule written for a test, in a folder of its own. */
function ruleDir(rule: Partial<RuleDef> & Pick<RuleDef, 'id' | 'languages'>): string {
  const dir = tempDir('guard-taint-rule-')
  const full = { name: rule.id, message: 'tainted data reaches the sink', severity: 'high', cwe: ['CWE-89'], owasp: [], confidence: 'high', remediation: 'r', mode: 'taint', ...rule }
  fs.writeFileSync(path.join(dir, `${rule.id}.yaml`), YAML.stringify(full))
  return dir
}

async function findings(dir: string, file: string, text: string) {
  const rules = await loadRules([dir])
  const engines = await loadEngines(ENGINES)
  return analyzeFile({ path: file, language: languageOf(file), text, isTest: false }, rules, engines).findings
}

describe('taint findings over HTTP', () => {
  let server: TestServer
  before(async () => (server = await startServer()))
  after(() => server.close())

  test('a flow through a helper function is reported at the sink, with its source named and its path traced', async () => {
    const res = await server.request('/scan', { method: 'POST', json: { files: { 'app/views.py': FLASK } } })
    const body = (await res.json()) as { findings: Finding[]; scan_id: string }
    const sql = body.findings.filter((f) => f.rule_id === 'py.sql-injection')
    assert.equal(sql.length, 1, JSON.stringify(body.findings.map((f) => f.rule_id)))
    assert.equal(sql[0].line, 11)
    assert.match(sql[0].message, /^request\.args\.get\("name"\) reaches cur\.execute\(\) through name, clause: /)
    assert.deepEqual(sql[0].trace!.map((s) => [s.file, s.line, s.note]), [
      ['app/views.py', 9, 'source: request.args.get("name")'],
      ['app/views.py', 9, 'name = …'],
      ['app/views.py', 10, 'through where()'],
      ['app/views.py', 10, 'clause = …'],
      ['app/views.py', 11, 'sink: cur.execute()'],
    ])
    const report = await server.request('/report?format=sarif', { method: 'POST', json: { scan_id: body.scan_id } })
    const sarif = JSON.parse(((await report.json()) as { content: string }).content)
    const result = sarif.runs[0].results.find((r: { ruleId: string }) => r.ruleId === 'py.sql-injection')
    assert.equal(result.codeFlows[0].threadFlows[0].locations.length, 5)
  })
})

describe('the analysis', () => {
  test('constant conditions, switch cases and map keys decide what is tainted', async () => {
    const dir = ruleDir({ id: 'java.t-sql', languages: ['java'], sources: [{ pattern: '$R.getParameter($X)' }], sinks: [{ pattern: '$S.execute($Q)', focus: '$Q' }] })
    const code = `class T {
  void f(HttpServletRequest request) {
    String param = request.getParameter("p");
    String guess = "ABC";
    char target = guess.charAt(1);
    String bar;
    switch (target) { case 'A': bar = param; break; case 'B': bar = "bob"; break; default: bar = "x"; }
    stmt.execute("SELECT " + bar);
    int num = 106;
    String b2 = (7 * 42) - num > 200 ? "fixed" : param;
    stmt.execute("SELECT " + b2);
    String b3 = (7 * 18) + num > 200 ? "fixed" : param;
    stmt.execute("SELECT " + b3);
    java.util.HashMap<String, Object> map = new java.util.HashMap<String, Object>();
    map.put("keyA", "a-Value");
    map.put("keyB", param);
    stmt.execute("SELECT " + (String) map.get("keyA"));
    stmt.execute("SELECT " + (String) map.get("keyB"));
    String unknown = request.getHeader("h").isEmpty() ? "a" : param;
    stmt.execute("SELECT " + unknown);
  }
}
`
    assert.deepEqual((await findings(dir, 'T.java', code)).map((f) => f.line), [11, 18, 20])
  })

  test('an entry found through its parent keeps what the parent binds, also where another entry of its group matches the node', async () => {
    const dir = ruleDir({
      id: 'py.t-header',
      languages: ['python'],
      sources: [{ pattern: 'request.args.get($X)' }],
      sinks: [
        // Found by searching the assignments and taking their right side, with $NAME bound by the assignment.
        { pattern: '$VALUE', focus: ['$NAME', '$VALUE'], inside: { kind: 'assignment', field: 'right', has: { field: 'left', kind: 'subscript', has: { field: 'subscript', pattern: '$NAME' } } } },
        { pattern: '$H.setdefault($NAME, $VALUE)', focus: ['$NAME', '$VALUE'] },
      ],
    })
    const code = `from flask import request
def name_tainted(resp):
    resp.headers[request.args.get("h")] = resp.headers.setdefault("X-Default", "1")
def value_tainted(resp):
    resp.headers["X-Safe"] = resp.headers.setdefault("X-Default", request.args.get("v"))
def clean(resp):
    resp.headers["X-Safe"] = resp.headers.setdefault("X-Default", "1")
`
    assert.deepEqual((await findings(dir, 'app.py', code)).map((f) => f.line), [3, 5])
  })

  test('a function too large for its budget is skipped and counted, and the rest of the file is still analysed', async () => {
    const dir = ruleDir({ id: 'py.t-sql', languages: ['python'], sources: [{ pattern: 'request.args' }], sinks: [{ pattern: 'cur.execute($Q)', focus: '$Q' }] })
    const huge = `def huge():\n    v = request.args\n${'    v = v + "x" + v\n'.repeat(8000)}    cur.execute(v)\n`
    const small = 'def small():\n    cur.execute(request.args)\n'
    const before = taintStats.budgetHits
    const found = await findings(dir, 'a.py', `${huge}\n${small}`)
    assert.ok(taintStats.budgetHits > before, 'the budget was hit')
    assert.deepEqual(found.map((f) => f.line), [8006])
  })

  test('the scan notes a file whose analysis hit its budget (worker threads included)', async () => {
    const server = await startServer()
    try {
      const huge = `from flask import request\ndef huge():\n    v = request.args.get("a")\n${'    v = v + "x" + v\n'.repeat(8000)}    cur.execute(v)\n`
      const res = await server.request('/scan', { method: 'POST', json: { files: { 'big.py': huge } } })
      const body = (await res.json()) as { warnings: { path: string; message: string }[] }
      assert.ok(body.warnings.some((w) => w.path === 'big.py' && /too large to follow within its budget/.test(w.message)), JSON.stringify(body.warnings))
    } finally {
      await server.close()
    }
  })

  test('libraries are included by name; an unknown one is an error naming the rule file', async () => {
    const dir = ruleDir({ id: 'py.t-lib', languages: ['python'], include: ['py.request-data'], sinks: [{ pattern: 'os.system($C)', focus: '$C' }] })
    const rules = await loadRules([dir])
    assert.ok(rules[0].sources!.length >= 2, 'the built-in library of request data was added')
    assert.equal(rules[0].include, undefined)
    assert.deepEqual((await findings(dir, 'a.py', 'import os\ndef f():\n    os.system("ls " + request.form["d"])\n')).map((f) => f.line), [3])
    const bad = ruleDir({ id: 'py.t-bad', languages: ['python'], include: ['py.nothing-here'], sinks: [{ pattern: 'os.system($C)' }] })
    await assert.rejects(loadRules([bad]), (e: Error & { errors?: { path: string; message: string }[] }) => {
      assert.deepEqual(e.errors?.map((x) => [x.path.split('/').pop(), x.message]), [['py.t-bad.yaml: include', 'no taint library named py.nothing-here']])
      return true
    })
  })

  test('a taint rule needs sources and sinks, and no pattern', async () => {
    const dir = tempDir('guard-taint-bad-')
    writeTree(dir, {
      'py.t-none.yaml': YAML.stringify({ id: 'py.t-none', name: 'n', message: 'm', severity: 'low', languages: ['python'], cwe: ['CWE-1'], owasp: [], confidence: 'low', remediation: 'r', mode: 'taint', pattern: 'x' }),
    })
    await assert.rejects(loadRules([dir]), (e: Error & { errors?: { path: string; message: string }[] }) => {
      assert.deepEqual(e.errors?.map((x) => x.path.split('/').pop()).sort(), ['py.t-none.yaml: pattern', 'py.t-none.yaml: sinks', 'py.t-none.yaml: sources'])
      return true
    })
  })
})
