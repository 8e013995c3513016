// Requirement traceability (CONTRACT §11): POST /api/generate-reqs, GET /api/check-coverage on a real loopback server
// against fixture repositories in nine frameworks, the tag grammar shared with trace.missing-requirement-tag, and
// `guard trace` as a process.
import { test, describe, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import YAML from 'yaml'
import { startRoleServer, type RoleServer } from './helpers/roles.ts'
import { tempDir, writeTree } from './helpers/server.ts'
import { runGuard } from './helpers/process.ts'
import { parseCsv } from './helpers/csv.ts'
import { signToken } from '../kernel/access/tokens.ts'
import { JWT_SECRET } from './helpers/roles.ts'
import { REQUIREMENT_TAG, requirementIdsIn, requirementKey } from '../kernel/base/requirement-tags.ts'
import { loadRules } from '../kernel/catalog/rules.ts'
import { loadEngines } from '../kernel/scan/evaluate.ts'
import { testRules } from '../kernel/scan/fixtures.ts'
import { INSTALL_DIR } from '../kernel/base/install.ts'
import type { CoverageResult, GenerateResult } from '../plugins/requirements/schemas.ts'

const REQUIREMENTS = `# Infusion pump software requirements (IEC 62304 5.2)
# Reviewed by the clinical team.

- id: REQ-001   # dose limits
  title: The pump caps every dose
  status: approved
- id: REQ-002
  title: Rate alarms
- id: REQ-003
  title: Audit trail of settings

# New requirements go above this line.
`

/** One repository with units in nine frameworks, tests, and files the walk must not read. */
const REPO: Record<string, string> = {
  'requirements.yaml': REQUIREMENTS,
  '.gitignore': 'generated/\n',
  'generated/out.js': 'export function generatedThing() {}\n',
  'node_modules/dep/index.js': '// REQ-777\nexport function depThing() {}\n',
  'src/server.js': [
    '// Express API of the pump.',
    "const express = require('express')",
    'const app = express()',
    '',
    '// Implements REQ-001: the dose is capped.',
    "app.post('/dose', (req, res) => res.json(cap(req.body)))",
    '',
    "app.get('/rates', listRates)",
    "const label = 'REQ-003 is only a string here'",
    "app.get('/history', (req, res) => res.send(label))",
    "axios.get('/not-a-route')",
    'module.exports = app',
    '',
  ].join('\n'),
  'src/alarms.ts': [
    "import Fastify from 'fastify'",
    'const fastify = Fastify()',
    '',
    '/** Raises the rate alarm. REQ-002 */',
    "fastify.get('/alarms', async () => [])",
    "fastify.route({ method: 'DELETE', url: '/alarms/:id', handler: clear })",
    '',
    '// Mentions REQ-999, which no requirement has.',
    'export function silence(id: string): void {}',
    '',
  ].join('\n'),
  'app/views.py': [
    'from flask import Flask',
    'app = Flask(__name__)',
    '',
    "@app.route('/settings', methods=['GET', 'POST'])",
    'def settings():',
    '    """Reads and writes the pump settings."""',
    '    return {}',
    '',
    'def compute_dose(weight):',
    '    return weight * 0.1',
    '',
    'def _private():',
    '    pass',
    '',
  ].join('\n'),
  'app/api.py': ['from fastapi import APIRouter', 'router = APIRouter()', '', "@router.get('/items/{item_id}')", 'async def read_item(item_id: int):', '    return {}', ''].join('\n'),
  'app/urls.py': ['from django.urls import path', 'from . import views', 'urlpatterns = [', "    path('patients/<int:pk>/', views.patient_detail, name='patient'),", ']', ''].join('\n'),
  'java/PumpController.java': [
    'package org.example.pump;',
    '',
    '@RestController',
    '@RequestMapping("/api/pump")',
    'public class PumpController {',
    '    @GetMapping("/status")',
    '    public String status() { return "ok"; }',
    '}',
    '',
  ].join('\n'),
  'cs/PumpController.cs': [
    'namespace Pump.Api;',
    '',
    '[ApiController]',
    '[Route("api/[controller]")]',
    'public class PumpController : ControllerBase',
    '{',
    '    [HttpPost("start")]',
    '    public IActionResult Start() => Ok();',
    '}',
    '',
  ].join('\n'),
  'go/server.go': [
    'package main',
    '',
    'import (',
    '\t"net/http"',
    '\t"github.com/gin-gonic/gin"',
    ')',
    '',
    'func Routes(r *gin.Engine) {',
    '\thttp.HandleFunc("/healthz", health)',
    '\tr.GET("/ping", ping)',
    '}',
    '',
  ].join('\n'),
  'test/server.test.js': ["// Verifies REQ-001 (dose cap).", "test('caps the dose', () => {})", '// REQ-998 names nothing.', "test('REQ-002 in a test name is a string', () => {})", ''].join('\n'),
  'tests/test_views.py': ['def test_settings():', '    """Checks REQ-001 through the settings page."""', ''].join('\n'),
}

/** The units no requirement traces in REPO, as (framework or kind, name). */
const UNTRACED = [
  ['FastAPI', 'GET /items/{item_id}'],
  ['Django', 'ANY /patients/<int:pk>/'],
  ['Flask', 'GET|POST /settings'],
  ['function', 'compute_dose'],
  ['ASP.NET', 'POST /api/Pump/start'],
  ['function', 'Routes'],
  ['net/http', 'ANY /healthz'],
  ['gin', 'GET /ping'],
  ['Spring', 'GET /api/pump/status'],
  ['Fastify', 'DELETE /alarms/:id'],
  ['Express', 'GET /rates'],
  ['Express', 'GET /history'],
]

describe('the requirement tag grammar', () => {
  test('bare ids with the known prefixes, and @requirement / @req followed by any id (lists too)', () => {
    const ids = (text: string) => requirementIdsIn(text).map((m) => m.id)
    assert.deepEqual(ids('Implements REQ-204 and SRS-12; see SWR-7, SRD-1, URS-3, SYS-9.'), ['REQ-204', 'SRS-12', 'SWR-7', 'SRD-1', 'URS-3', 'SYS-9'])
    assert.deepEqual(ids('@requirement HAZ-4 the alarm'), ['HAZ-4'])
    assert.deepEqual(ids('@req: RISK-1, RISK-2 and UTF-8'), ['RISK-1', 'RISK-2'])
    assert.deepEqual(ids('MYREQ-1 REQ_1 REQ-1x @requirement tbd @reqs X-1 HAZ-4'), [])
    const text = 'x @req REQ-9'
    assert.equal(text.slice(requirementIdsIn(text)[0].index), 'REQ-9')
    assert.equal(requirementKey('REQ-007'), requirementKey('req-7'))
    assert.notEqual(requirementKey('REQ-7'), requirementKey('REQ-70'))
  })

  test('trace.missing-requirement-tag states the same grammar, and still passes its fixtures', async () => {
    const rules = (await loadRules([path.join(INSTALL_DIR, 'rules')])).filter((r) => r.id === 'trace.missing-requirement-tag')
    assert.equal(rules.length, 1)
    assert.equal(rules[0].regex, REQUIREMENT_TAG)
    const [result] = await testRules(rules, await loadEngines([new URL('../plugins/engine-regex/engine.ts', import.meta.url).href]))
    assert.deepEqual(result.failures, [])
    assert.ok(result.positives >= 3 && result.negatives >= 3, JSON.stringify(result))
  })
})

describe('/api/check-coverage and /api/generate-reqs', () => {
  let server: RoleServer
  const repo = () => path.join(server.dir, 'repo')
  const requirementsFile = () => path.join(repo(), 'requirements.yaml')
  const coverage = async (repoPath = 'repo', role: 'admin' | 'developer' = 'developer') => {
    const res = await server.as(role, `/api/check-coverage?repo_path=${encodeURIComponent(repoPath)}`)
    assert.equal(res.status, 200, await res.clone().text())
    return (await res.json()) as CoverageResult
  }
  const generate = async (body: object, role: 'admin' | 'developer' | 'security-lead' = 'admin') => {
    const res = await server.as(role, '/api/generate-reqs', { method: 'POST', json: body })
    assert.equal(res.status, 200, await res.clone().text())
    return (await res.json()) as GenerateResult
  }

  before(async () => {
    server = await startRoleServer()
    writeTree(repo(), REPO)
  })
  after(() => server.close())

  test('statuses from tags in comments and docstrings of code and tests; string literals and node_modules do not count', async () => {
    const result = await coverage()
    assert.equal(result.requirements_file, 'requirements.yaml')
    assert.equal(result.note, null)
    assert.equal(result.truncated, null)
    assert.deepEqual(result.requirements, [
      { id: 'REQ-001', title: 'The pump caps every dose', code_refs: [{ file: 'src/server.js', line: 5, via: 'tag' }], test_refs: [{ file: 'test/server.test.js', line: 1 }, { file: 'tests/test_views.py', line: 2 }], status: 'covered', requirement_status: 'approved' },
      { id: 'REQ-002', title: 'Rate alarms', code_refs: [{ file: 'src/alarms.ts', line: 4, via: 'tag' }], test_refs: [], status: 'untested', requirement_status: null },
      { id: 'REQ-003', title: 'Audit trail of settings', code_refs: [], test_refs: [], status: 'unimplemented', requirement_status: null },
    ])
    assert.deepEqual(result.orphans, [
      { id: 'REQ-999', file: 'src/alarms.ts', line: 8, test: false },
      { id: 'REQ-998', file: 'test/server.test.js', line: 3, test: true },
    ])
    assert.deepEqual(result.summary, { total: 3, covered: 1, untested: 1, unimplemented: 1, covered_pct: 33.3, tested_pct: 33.3, implemented_pct: 66.7 })
    // Ten source files: generated/ is in .gitignore and node_modules/ is never read.
    assert.equal(result.files_scanned, 10)
  })

  test('a dry run lists a draft for each untraced unit in every framework and writes nothing', async () => {
    const before = fs.readFileSync(requirementsFile())
    const result = await generate({ repo_path: 'repo', dry_run: true })
    assert.deepEqual(fs.readFileSync(requirementsFile()), before)
    assert.equal(result.dry_run, true)
    assert.equal(result.written, 0)
    assert.equal(result.existing, 3)
    assert.deepEqual(result.drafts.map((d) => [d.framework ?? d.kind, d.source.symbol]), UNTRACED)
    assert.deepEqual(result.drafts.map((d) => d.id), UNTRACED.map((_, i) => `REQ-${String(i + 4).padStart(3, '0')}`))
    assert.equal(result.units, UNTRACED.length + 3, 'POST /dose, GET /alarms and silence() are traced')
    assert.equal(result.traced, 3)
    const settings = result.drafts.find((d) => d.source.symbol === 'GET|POST /settings')!
    assert.deepEqual(settings.source, { file: 'app/views.py', line: 4, symbol: 'GET|POST /settings' })
    assert.equal(settings.title, 'GET|POST /settings: Reads and writes the pump settings')
    assert.match(settings.description, /The Flask route GET\|POST \/settings \(app\/views\.py:4\)\.\nSignature: def settings\(\):\nDocumentation: Reads and writes the pump settings\./)
    assert.equal(settings.status, 'draft')
    const routes = await generate({ repo_path: 'repo', dry_run: true, kinds: ['function'] })
    assert.deepEqual(routes.drafts.map((d) => d.source.symbol), ['compute_dose', 'Routes'])
  })

  test('a real run appends after the last entry, keeping the text and comments; ids continue; a second run drafts nothing', async () => {
    const result = await generate({ repo_path: 'repo', dry_run: false }, 'developer')
    assert.equal(result.written, UNTRACED.length)
    const text = fs.readFileSync(requirementsFile(), 'utf8')
    const [head, tail] = REQUIREMENTS.split('\n# New requirements go above this line.\n')
    assert.ok(text.startsWith(`${head.replace(/\n+$/, '')}\n- id: REQ-004\n`), text)
    assert.ok(text.endsWith(`\n# New requirements go above this line.\n${tail}`), 'the comment after the list stays after it')
    const entries = YAML.parse(text) as { id: string; title: string; source?: { file: string; line: number; symbol: string }; status?: string }[]
    assert.deepEqual(entries.map((e) => e.id), Array.from({ length: 3 + UNTRACED.length }, (_, i) => `REQ-${String(i + 1).padStart(3, '0')}`))
    assert.deepEqual(entries[0], { id: 'REQ-001', title: 'The pump caps every dose', status: 'approved' })
    assert.deepEqual(entries[3].source, { file: 'app/api.py', line: 4, symbol: 'GET /items/{item_id}' })
    const again = await generate({ repo_path: 'repo', dry_run: false })
    assert.deepEqual([again.drafts, again.written, again.existing, again.traced], [[], 0, 3 + UNTRACED.length, UNTRACED.length + 3])
    assert.equal(fs.readFileSync(requirementsFile(), 'utf8'), text)
    // The drafts trace their units through `source`: implemented, not yet tested.
    const after = await coverage()
    assert.equal(after.requirements.length, 3 + UNTRACED.length)
    assert.deepEqual(after.requirements[3].code_refs, [{ file: 'app/api.py', line: 4, via: 'source' }])
    assert.deepEqual(after.summary, { total: 15, covered: 1, untested: 13, unimplemented: 1, covered_pct: 6.7, tested_pct: 6.7, implemented_pct: 93.3 })
  })

  test('two runs at once append each draft once', async () => {
    writeTree(path.join(server.dir, 'twice'), { 'a.ts': 'export function one() {}\nexport function two() {}\n', 'b.go': 'package b\n\nfunc Three() {}\n' })
    const runs = await Promise.all([1, 2].map(() => server.as('admin', '/api/generate-reqs', { method: 'POST', json: { repo_path: 'twice' } }).then((r) => r.json() as Promise<GenerateResult>)))
    assert.deepEqual(runs.map((r) => r.written).sort(), [0, 3])
    const entries = YAML.parse(fs.readFileSync(path.join(server.dir, 'twice/requirements.yaml'), 'utf8')) as { id: string; source: { symbol: string } }[]
    assert.deepEqual(entries.map((e) => [e.id, e.source.symbol]), [['REQ-001', 'one'], ['REQ-002', 'two'], ['REQ-003', 'Three']])
  })

  test('no requirements file: 200 with no requirements, every tag an orphan, and a note', async () => {
    writeTree(path.join(server.dir, 'fresh'), { 'main.py': '# Implements SRS-12.\ndef run():\n    return "SRS-13"\n' })
    const result = await coverage('fresh')
    assert.deepEqual([result.requirements, result.orphans, result.summary.total, result.summary.covered_pct], [[], [{ id: 'SRS-12', file: 'main.py', line: 1, test: false }], 0, 0])
    assert.match(result.note ?? '', /No requirements file/)
  })

  test('a malformed requirements.yaml is a 422 naming its line, and is never overwritten', async () => {
    const bad = '- id: REQ-1\n  title: first\n\n- id: REQ-001\n  title: the same requirement\n'
    writeTree(path.join(server.dir, 'bad'), { 'requirements.yaml': bad, 'a.ts': 'export function f() {}\n' })
    for (const res of [await server.as('admin', '/api/generate-reqs', { method: 'POST', json: { repo_path: 'bad' } }), await server.as('admin', '/api/check-coverage?repo_path=bad')]) {
      assert.equal(res.status, 422)
      const body = await res.json()
      assert.match(body.detail, /requirements\.yaml is malformed: line 4: \[1\]\.id REQ-001 names the same requirement as REQ-1 \(line 1\)/)
      assert.deepEqual(body.errors.map((e: { path: string }) => e.path), ['requirements.yaml:4'])
    }
    fs.writeFileSync(path.join(server.dir, 'bad/requirements.yaml'), '- id: REQ-1\n  title: a: b\n')
    const syntax = await server.as('admin', '/api/generate-reqs', { method: 'POST', json: { repo_path: 'bad' } })
    assert.equal(syntax.status, 422)
    assert.match((await syntax.json()).detail, /line 2/)
    assert.equal(fs.readFileSync(path.join(server.dir, 'bad/requirements.yaml'), 'utf8'), '- id: REQ-1\n  title: a: b\n')
  })

  test('repo_path is confined as the scan routes confine it', async () => {
    for (const repoPath of ['..', '/etc', 'repo/../..']) {
      const scan = await server.as('admin', '/scan', { method: 'POST', json: { repo_path: repoPath } })
      for (const res of [await server.as('admin', '/api/generate-reqs', { method: 'POST', json: { repo_path: repoPath } }), await server.as('admin', `/api/check-coverage?repo_path=${encodeURIComponent(repoPath)}`)]) {
        assert.equal(res.status, scan.status, repoPath)
        assert.deepEqual(await res.json(), await scan.clone().json())
      }
      assert.equal(scan.status, 403)
    }
    assert.equal((await server.as('admin', '/api/check-coverage?repo_path=missing')).status, 404)
    // A requirements file that leaves the repository through .guard.yaml is refused.
    writeTree(path.join(server.dir, 'escape'), { '.guard.yaml': 'requirements: ../repo/requirements.yaml\n' })
    const escaped = await server.as('admin', '/api/generate-reqs', { method: 'POST', json: { repo_path: 'escape' } })
    assert.equal(escaped.status, 422)
    assert.equal((await escaped.json()).errors[0].path, 'requirements')
  })

  test('.guard.yaml `requirements:` moves the file inside the repository', async () => {
    writeTree(path.join(server.dir, 'moved'), { '.guard.yaml': 'requirements: docs/srs.yaml\n', 'lib.rb': "# Billing. REQ-001\nclass Invoice\nend\nclass Refund\nend\n" })
    const result = await generate({ repo_path: 'moved' })
    // REQ-001 is named by a tag already (an orphan): the new requirement does not take its id.
    assert.deepEqual([result.requirements_file, result.drafts.map((d) => [d.id, d.source.symbol])], ['docs/srs.yaml', [['REQ-002', 'Refund']]])
    assert.deepEqual((await coverage('moved')).orphans, [{ id: 'REQ-001', file: 'lib.rb', line: 1, test: false }])
    assert.ok(fs.existsSync(path.join(server.dir, 'moved/docs/srs.yaml')))
  })

  test('past GUARD_TRACE_MAX_FILES the answer says it stopped', async () => {
    process.env.GUARD_TRACE_MAX_FILES = '2'
    try {
      const result = await coverage()
      assert.equal(result.files_scanned, 2)
      assert.match(result.truncated ?? '', /stopped after 2 source files \(GUARD_TRACE_MAX_FILES\)/)
    } finally {
      delete process.env.GUARD_TRACE_MAX_FILES
    }
  })

  test('permission `requirements`: admin, security-lead and developer; not viewer or agent', async () => {
    for (const role of ['viewer', 'agent'] as const) {
      for (const res of [await server.as(role, '/api/check-coverage?repo_path=repo'), await server.as(role, '/api/generate-reqs', { method: 'POST', json: { repo_path: 'repo', dry_run: true } })]) {
        assert.equal(res.status, 403, role)
        assert.deepEqual(await res.json(), { detail: 'Permission denied: requirements required' })
      }
    }
    const agent = signToken(JWT_SECRET, { sub: 'bot', role: 'agent', repo_access: ['repo'] }, 1)
    assert.equal((await server.request('/api/check-coverage?repo_path=repo', { headers: { authorization: `Bearer ${agent}` } })).status, 403)
    assert.equal((await server.as('security-lead', '/api/check-coverage?repo_path=repo')).status, 200)
    assert.equal((await server.as('security-lead', '/api/generate-reqs', { method: 'POST', json: { repo_path: 'repo', dry_run: true } })).status, 200)
  })

  test('generate-reqs is audited (dry runs and denials too); check-coverage, a read, is not', async () => {
    const res = await server.as('admin', '/api/audit?action=generate-reqs&limit=1000')
    const entries = (await res.json()).items as { actor: string; role: string; action: string; target: string; outcome: string; status: number }[]
    const written = entries.find((e) => e.actor === 'user-developer' && e.outcome === 'success')
    assert.deepEqual(written && [written.role, written.target, written.status], ['developer', 'repo', 200])
    assert.ok(entries.some((e) => e.role === 'viewer' && e.outcome === 'denied' && e.status === 403))
    assert.ok(entries.some((e) => e.target === 'bad' && e.outcome === 'error' && e.status === 422))
    const reads = await server.as('admin', '/api/audit?action=check-coverage')
    assert.equal((await reads.json()).total, 0)
  })

  test('the OpenAPI document describes both routes with their schemas and permission', async () => {
    const doc = await (await server.as('admin', '/docs/json')).json()
    const post = doc.paths['/api/generate-reqs'].post
    const get = doc.paths['/api/check-coverage'].get
    assert.equal(post['x-permission'], 'requirements')
    assert.equal(get['x-permission'], 'requirements')
    assert.ok(post.requestBody.content['application/json'].schema.properties.dry_run)
    assert.ok(post.responses['200'].content['application/json'].schema.properties.drafts)
    assert.ok(post.responses['422'])
    assert.deepEqual(Object.keys(get.responses['200'].content['application/json'].schema.properties.summary.properties), ['total', 'covered', 'untested', 'unimplemented', 'covered_pct', 'tested_pct', 'implemented_pct'])
    assert.ok(get.parameters.some((p: { name: string; in: string }) => p.name === 'repo_path' && p.in === 'query'))
  })
})

describe('guard trace', () => {
  let work: string
  const git = (...args: string[]) => execFileSync('git', ['-C', path.join(work, 'repo'), '-c', 'user.email=qa@example.com', '-c', 'user.name=QA', ...args], { encoding: 'utf8' }).trim()

  before(() => {
    work = tempDir('guard-trace-')
    writeTree(path.join(work, 'repo'), {
      'requirements.yaml': [
        '- id: REQ-001',
        '  title: "Dose <script>alert(1)</script> | limit"',
        '- id: REQ-002',
        "  title: '=HYPERLINK(\"http://evil\")'",
        '- id: REQ-003',
        '  title: Unwritten',
        '',
      ].join('\n'),
      'src/dose.ts': '// Implements REQ-001 and REQ-002.\nexport function cap(d: number) { return Math.min(d, 10) }\n',
      'src/dose.test.ts': "// Checks REQ-001; REQ-404 is gone.\ntest('cap', () => {})\n",
    })
    git('init', '-q')
    git('add', '.')
    git('commit', '-q', '-m', 'first')
  })
  after(() => fs.rmSync(work, { recursive: true, force: true }))

  test('a folder gets the matrix in HTML, CSV and Markdown, with the commit, date and version', async () => {
    const r = await runGuard(['trace', 'repo', '--output', 'out/'], { cwd: work })
    assert.equal(r.code, 0, r.stderr)
    assert.match(r.stderr, /3 requirement\(s\): 1 covered, 1 untested, 1 unimplemented; 1 orphan tag\(s\)/)
    const commit = git('rev-parse', 'HEAD')
    const [html, csv, md] = ['html', 'csv', 'md'].map((ext) => fs.readFileSync(path.join(work, 'out', `traceability.${ext}`), 'utf8'))

    assert.deepEqual(parseCsv(csv), [
      ['id', 'title', 'status', 'requirement_status', 'code_refs', 'test_refs'],
      ['REQ-001', 'Dose <script>alert(1)</script> | limit', 'covered', '', 'src/dose.ts:1', 'src/dose.test.ts:1'],
      ['REQ-002', '\'=HYPERLINK("http://evil")', 'untested', '', 'src/dose.ts:1', ''],
      ['REQ-003', 'Unwritten', 'unimplemented', '', '', ''],
      ['REQ-404', '', 'orphan', '', '', 'src/dose.test.ts:1'],
    ])

    assert.ok(!html.includes('<script'), 'the hostile title is escaped')
    assert.ok(html.includes('Dose &lt;script&gt;alert(1)&lt;/script&gt; | limit'))
    assert.ok(html.includes(commit) && html.includes('guard 0.1.0'))
    assert.match(html, /default-src 'none'/)
    assert.ok(!/\b(src|href)="(?!data:)/.test(html), 'nothing is loaded from elsewhere')
    assert.match(html, /\d{4}-\d\d-\d\dT\d\d:\d\d/)

    assert.ok(md.includes(`- Commit: ${commit}`))
    assert.ok(md.includes('| REQ-001 | Dose \\<script\\>alert(1)\\</script\\> \\| limit | src/dose.ts:1 | src/dose.test.ts:1 | covered |'), md)
    assert.ok(md.includes('| REQ-404 | src/dose.test.ts:1 | test |'))
    assert.match(md, /\| 3 \| 1 \| 1 \| 1 \| 33\.3 \| 33\.3 \| 66\.7 \|/)
  })

  test('Markdown on stdout by default; a file takes its format from --format or its name; a dirty tree is said so', async () => {
    fs.appendFileSync(path.join(work, 'repo/src/dose.ts'), '// edited\n')
    const md = await runGuard(['trace', 'repo'], { cwd: work })
    assert.equal(md.code, 0, md.stderr)
    assert.match(md.stdout, /^# Requirements traceability matrix: repo\n/)
    assert.match(md.stdout, /\(with uncommitted changes\)/)
    assert.equal((await runGuard(['trace', 'repo', '-o', 'm.csv'], { cwd: work })).code, 0)
    assert.match(fs.readFileSync(path.join(work, 'm.csv'), 'utf8'), /^id,title,status/)
    assert.equal((await runGuard(['trace', 'repo', '--format', 'html', '-o', 'page.out'], { cwd: work })).code, 0)
    assert.match(fs.readFileSync(path.join(work, 'page.out'), 'utf8'), /^<!DOCTYPE html>/)
    const unknown = await runGuard(['trace', 'repo', '-o', 'matrix.txt'], { cwd: work })
    assert.equal(unknown.code, 2)
    assert.match(unknown.stderr, /cannot tell the format of matrix\.txt/)
    assert.equal((await runGuard(['trace', 'no-such-dir'], { cwd: work })).code, 2)
  })

  test('a symbolic link at --output is refused and what it points at is left alone', async () => {
    const victim = path.join(work, 'victim.txt')
    fs.writeFileSync(victim, 'keep me\n')
    fs.mkdirSync(path.join(work, 'links'), { recursive: true })
    fs.symlinkSync(victim, path.join(work, 'links/matrix.html'))
    fs.symlinkSync(victim, path.join(work, 'links/traceability.csv'))
    const file = await runGuard(['trace', 'repo', '--output', 'links/matrix.html'], { cwd: work })
    assert.equal(file.code, 2)
    assert.match(file.stderr, /refusing to write .*matrix\.html: it is a symbolic link/)
    const dir = await runGuard(['trace', 'repo', '--output', 'links', '--format', 'csv'], { cwd: work })
    assert.equal(dir.code, 2)
    assert.equal(fs.readFileSync(victim, 'utf8'), 'keep me\n')
    assert.ok(fs.lstatSync(path.join(work, 'links/matrix.html')).isSymbolicLink())
  })

  test('a malformed requirements.yaml stops it with the line named (exit 2)', async () => {
    writeTree(path.join(work, 'broken'), { 'requirements.yaml': '- id: nope\n  title: x\n' })
    const r = await runGuard(['trace', 'broken'], { cwd: work })
    assert.equal(r.code, 2)
    assert.match(r.stderr, /requirements\.yaml is malformed: line 1: \[0\]\.id must be a requirement id/)
  })
})
