// /api/packs (CONTRACT §6): list, create, import, export, delete, overrides, on real loopback servers.
import { test, describe, before, after } from 'node:test'
import assert from 'node:assert/strict'
import fs from 'node:fs'
import path from 'node:path'
import YAML from 'yaml'
import { writeTree } from './helpers/server.ts'
import { INSTALL_DIR } from '../kernel/base/install.ts'
import { startRoleServer, type RoleServer } from './helpers/roles.ts'

const rule = (id: string, extra: object = {}) => ({
  id, name: `${id} call`, message: 'frobnicate of $X', severity: 'high', languages: ['python'], cwe: ['CWE-676'], owasp: ['A04:2021'],
  confidence: 'high', remediation: 'Do not frobnicate.', pattern: 'frobnicate($X)', ...extra,
})
const frob = { files: { 'app.py': 'frobnicate(a)\n' } }

describe('/api/packs', () => {
  let a: RoleServer
  let b: RoleServer
  before(async () => {
    a = await startRoleServer()
    b = await startRoleServer()
  })
  after(async () => {
    await b.close()
    await a.close()
  })
  const create = (server: RoleServer, json: unknown, role: 'admin' | 'security-lead' | 'developer' | 'viewer' = 'security-lead') => server.as(role, '/api/packs', { method: 'POST', json })
  const scan = async (server: RoleServer, packs: string[]) => {
    const res = await server.as('developer', '/scan', { method: 'POST', json: { ...frob, config_overrides: { packs } } })
    assert.equal(res.status, 200)
    return (await res.json()).findings as { rule_id: string; severity: string; standards: object[] }[]
  }

  test('lists the built-in packs, paginated; viewer may read', async () => {
    const res = await a.as('viewer', '/api/packs')
    assert.equal(res.status, 200)
    const list = await res.json()
    const builtin = fs.readdirSync(path.join(INSTALL_DIR, 'packs')).sort()
    assert.deepEqual(list.items.map((p: { id: string }) => p.id), builtin)
    assert.equal(list.total, builtin.length)
    assert.equal(list.next_cursor, null)
    const secrets = list.items.find((p: { id: string }) => p.id === 'secrets')
    assert.deepEqual(Object.keys(secrets), ['id', 'name', 'version', 'tier', 'builtin', 'enabled', 'rule_count'])
    assert.equal(secrets.builtin && secrets.enabled, true)
    assert.ok(secrets.rule_count > 0)
    const paged: string[] = []
    for (let cursor: string | null = '', pages = 0; cursor !== null; pages++) {
      assert.ok(pages <= builtin.length)
      const page = await (await a.as('viewer', `/api/packs?limit=1${cursor ? `&cursor=${cursor}` : ''}`)).json()
      assert.equal(page.items.length, 1)
      paged.push(page.items[0].id)
      cursor = page.next_cursor
    }
    assert.deepEqual(paged, builtin)
    assert.equal((await a.as('viewer', '/api/packs?limit=0')).status, 422)
  })

  test('viewer and developer may not manage packs', async () => {
    for (const role of ['viewer', 'developer'] as const) {
      const res = await create(a, { id: 'nope', name: 'x' }, role)
      assert.equal(res.status, 403)
      assert.deepEqual(await res.json(), { detail: 'Permission denied: packs:manage required' })
      assert.equal((await a.as(role, '/api/packs/secrets', { method: 'DELETE' })).status, 403)
      assert.equal((await a.as(role, '/api/packs/import', { method: 'POST', yaml: 'id: x\n' })).status, 403)
      assert.equal((await a.as(role, '/api/packs/secrets/overrides', { method: 'POST', json: { rules: {} } })).status, 403)
    }
  })

  test('creates a custom pack with its own rule; the next scan runs it; a second create is 409', async () => {
    const res = await create(a, { id: 'team-rules', name: 'Team rules', description: 'ours', rules: [rule('py.team-frobnicate')] })
    assert.equal(res.status, 201, await res.clone().text())
    assert.deepEqual(await res.json(), { id: 'team-rules', name: 'Team rules', version: '1.0.0', tier: 'community', builtin: false, enabled: false, rule_count: 1 })
    const dir = path.join(a.dir, '.guard/packs/team-rules')
    assert.ok(fs.existsSync(path.join(dir, 'pack.yaml')) && fs.existsSync(path.join(dir, 'rules/py.team-frobnicate.yaml')))
    assert.deepEqual(fs.readdirSync(path.join(a.dir, '.guard')).filter((f) => f.endsWith('.tmp')), [])
    const findings = await scan(a, ['team-rules'])
    assert.deepEqual(findings.map((f) => [f.rule_id, f.standards]), [['py.team-frobnicate', [{ pack: 'team-rules', control: 'py.team-frobnicate' }]]])
    const again = await create(a, { id: 'team-rules', name: 'Again' })
    assert.equal(again.status, 409)
    assert.match((await again.json()).detail, /team-rules/)
    assert.equal((await create(a, { id: 'secrets', name: 'Mine' })).status, 409)
  })

  test('422 per field: bad id, missing name, bad rule fields named with the rule id, catastrophic regex, taken rule id', async () => {
    const bad = await create(a, { id: 'Bad_Id', version: 3 })
    assert.equal(bad.status, 422)
    const paths = (await bad.json()).errors.map((e: { path: string }) => e.path)
    for (const p of ['body.id', 'body.name', 'body.version']) assert.ok(paths.includes(p), `${p} in ${paths}`)
    const rules = [
      rule('py.ok-one'),
      rule('py.bad-lang', { languages: ['klingon'] }),
      rule('py.redos', { pattern: undefined, regex: '(a+)+$', languages: ['generic'] }),
      rule('py.bad-pattern', { pattern: 'frobnicate(' }),
      rule('py.team-frobnicate'),
    ]
    const res = await create(a, { id: 'broken', name: 'Broken', rules })
    assert.equal(res.status, 422)
    const errors = (await res.json()).errors as { path: string; message: string }[]
    assert.deepEqual(errors.map((e) => e.path), ['rules[1].languages[0]', 'rules[2].regex', 'rules[3].pattern', 'rules[4].id'])
    assert.match(errors[0].message, /^rule py\.bad-lang: /)
    assert.match(errors[1].message, /^rule py\.redos: catastrophic/)
    assert.match(errors[3].message, /already exists/)
    assert.equal(fs.existsSync(path.join(a.dir, '.guard/packs/broken')), false, 'nothing written')
  })

  test('export → import into another server → its next scan runs the pack, no restart', async () => {
    const res = await a.as('viewer', '/api/packs/team-rules/export')
    assert.equal(res.status, 200)
    assert.match(res.headers.get('content-type') ?? '', /^application\/yaml/)
    const exported = await res.text()
    const doc = YAML.parse(exported)
    assert.equal(doc.id, 'team-rules')
    assert.deepEqual(doc.rules.map((r: { id: string }) => r.id), ['py.team-frobnicate'])
    assert.deepEqual(await scan(b, ['owasp-top-10']), [])
    const imported = await b.as('security-lead', '/api/packs/import', { method: 'POST', yaml: exported })
    assert.equal(imported.status, 201, await imported.clone().text())
    assert.ok(fs.existsSync(path.join(b.dir, '.guard/packs/team-rules/rules/py.team-frobnicate.yaml')), "written into B's packs folder")
    assert.deepEqual((await scan(b, ['team-rules'])).map((f) => f.rule_id), ['py.team-frobnicate'])
    // Re-exported from B, the pack is the same.
    assert.deepEqual(YAML.parse(await (await b.as('viewer', '/api/packs/team-rules/export')).text()), doc)
    // Importing it again, as YAML or JSON {yaml}, is a duplicate.
    assert.equal((await b.as('admin', '/api/packs/import', { method: 'POST', yaml: exported })).status, 409)
    assert.equal((await b.as('admin', '/api/packs/import', { method: 'POST', json: { yaml: exported } })).status, 409)
  })

  test('a pack folder dropped into the packs folder is picked up by the next scan', async () => {
    writeTree(b.dir, {
      '.guard/packs/dropped/pack.yaml': 'id: dropped\nname: Dropped\nversion: "1"\nrules:\n  - { id: py.dropped-frob, control: D-1 }\n',
      '.guard/packs/dropped/rules/py.dropped-frob.yaml': YAML.stringify(rule('py.dropped-frob')),
    })
    assert.deepEqual((await scan(b, ['dropped'])).map((f) => [f.rule_id, f.standards]), [['py.dropped-frob', [{ pack: 'dropped', control: 'D-1' }]]])
    assert.ok((await (await b.as('viewer', '/api/packs')).json()).items.some((p: { id: string }) => p.id === 'dropped'))
  })

  test('import: JSON {yaml} works; unreadable YAML and malformed JSON are 400; a bad rule is 422 with its id', async () => {
    const yaml = YAML.stringify({ id: 'json-import', name: 'Via JSON', rules: [rule('py.json-frob')] })
    assert.equal((await b.as('admin', '/api/packs/import', { method: 'POST', json: { yaml } })).status, 201)
    assert.equal((await b.as('admin', '/api/packs/import', { method: 'POST', yaml: 'id: [unclosed\n' })).status, 400)
    assert.equal((await b.as('admin', '/api/packs/import', { method: 'POST', body: '{"yaml": ', headers: { 'content-type': 'application/json' } })).status, 400)
    assert.equal((await b.as('admin', '/api/packs/import', { method: 'POST', yaml: '- a list\n' })).status, 422)
    const bad = await b.as('admin', '/api/packs/import', { method: 'POST', yaml: YAML.stringify({ id: 'bad-import', name: 'x', rules: [rule('py.slow', { pattern: undefined, regex: '(x*)*y' })] }) })
    assert.equal(bad.status, 422)
    assert.deepEqual((await bad.json()).errors.map((e: { path: string; message: string }) => [e.path, e.message.split(':')[0]]), [['rules[0].regex', 'rule py.slow']])
    // pack.yaml's own form imports too: entries naming a control are selectors.
    assert.equal((await b.as('admin', '/api/packs/import', { method: 'POST', yaml: 'id: plain\nname: Plain\nversion: "2"\nrules:\n  - { cwe: CWE-95, control: X-1 }\n' })).status, 201)
  })

  test("overrides: a custom pack's go to its folder, a built-in pack's to .guard.yaml; both apply to the next scan", async () => {
    const set = (id: string, rules: object) => a.as('security-lead', `/api/packs/${id}/overrides`, { method: 'POST', json: { rules } })
    const res = await set('team-rules', { 'py.team-frobnicate': { severity: 'low' } })
    assert.equal(res.status, 200)
    assert.deepEqual(await res.json(), { pack: 'team-rules', rules: { 'py.team-frobnicate': { severity: 'low' } } })
    assert.deepEqual((await scan(a, ['team-rules'])).map((f) => f.severity), ['low'])
    assert.equal((await set('team-rules', { 'py.team-frobnicate': { enabled: false } })).status, 200)
    assert.deepEqual(await scan(a, ['team-rules']), [])
    assert.deepEqual(YAML.parse(fs.readFileSync(path.join(a.dir, '.guard/packs/team-rules/overrides.yaml'), 'utf8')), { 'py.team-frobnicate': { severity: 'low', enabled: false } })
    const unknown = await set('team-rules', { 'py.not-mine': { enabled: false } })
    assert.equal(unknown.status, 422)
    assert.deepEqual((await unknown.json()).errors.map((e: { path: string }) => e.path), ['rules.py.not-mine'])
    assert.equal((await set('team-rules', { 'py.team-frobnicate': { severity: 'urgent' } })).status, 422)
    assert.equal((await set('no-such-pack', {})).status, 404)

    const evalScan = async () => (await (await a.as('developer', '/scan', { method: 'POST', json: { files: { 'a.js': 'eval(userInput)\n' } } })).json()).findings
    const before = await evalScan()
    assert.equal(before.length, 1)
    assert.equal((await set('owasp-top-10', { [before[0].rule_id]: { severity: 'info' } })).status, 200)
    assert.deepEqual(YAML.parse(fs.readFileSync(path.join(a.dir, '.guard.yaml'), 'utf8')).rules, { [before[0].rule_id]: { severity: 'info' } })
    assert.deepEqual((await evalScan()).map((f: { severity: string }) => f.severity), ['info'])
  })

  test('delete: built-in 403, unknown 404, enabled 409, custom 204 and gone', async () => {
    const del = (id: string) => a.as('security-lead', `/api/packs/${id}`, { method: 'DELETE' })
    assert.equal((await del('secrets')).status, 403)
    assert.equal((await del('no-such-pack')).status, 404)
    assert.equal((await a.as('admin', '/api/config', { method: 'POST', json: { packs: ['owasp-top-10', 'team-rules'] } })).status, 200)
    assert.equal((await del('team-rules')).status, 409)
    assert.equal((await a.as('admin', '/api/config', { method: 'POST', json: { packs: ['owasp-top-10'] } })).status, 200)
    assert.equal((await del('team-rules')).status, 204)
    assert.equal(fs.existsSync(path.join(a.dir, '.guard/packs/team-rules')), false)
    assert.equal((await a.as('viewer', '/api/packs/team-rules/export')).status, 404)
    assert.equal((await del('team-rules')).status, 404)
  })
})
