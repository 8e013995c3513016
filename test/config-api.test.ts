// GET/POST /api/config and /api/config/validate (CONTRACT §11) on a real loopback server.
import { test, describe, before, after } from 'node:test'
import assert from 'node:assert/strict'
import fs from 'node:fs'
import path from 'node:path'
import YAML from 'yaml'
import { startRoleServer, JWT_SECRET, type RoleServer } from './helpers/roles.ts'

const FILE = `# guard settings for the test server
packs: [owasp-top-10, secrets] # both built-in packs
gate:
  # block on these
  fail_on: [critical, high]
license_key: not-a-real-license-key
devops:
  provider: github
  github:
    repository: acme/app
`
const evalFile = { files: { 'a.js': 'eval(userInput)\n' } }

describe('/api/config', () => {
  let server: RoleServer
  const configFile = () => path.join(server.dir, '.guard.yaml')
  before(async () => (server = await startRoleServer({ config: FILE })))
  after(() => server.close())

  test('GET shows the effective config with every secret masked', async () => {
    const res = await server.as('developer', '/api/config')
    assert.equal(res.status, 200)
    const config = await res.json()
    assert.equal(config.auth.jwt_secret, '***')
    assert.equal(config.license_key, '***')
    assert.deepEqual(config.devops, { provider: 'github', github: { repository: 'acme/app' } })
    assert.deepEqual(config.gate, { fail_on: ['critical', 'high'] })
    assert.ok(!JSON.stringify(config).includes(JWT_SECRET))
  })

  test('the permission table: developer and security-lead read but cannot write; viewer cannot read', async () => {
    for (const role of ['developer', 'security-lead', 'viewer', 'agent'] as const) {
      const res = await server.as(role, '/api/config', { method: 'POST', json: { include: ['src/**'] } })
      assert.equal(res.status, 403, role)
      assert.deepEqual(await res.json(), { detail: 'Permission denied: config:write required' })
    }
    assert.equal((await server.as('security-lead', '/api/config')).status, 200)
    for (const role of ['viewer', 'agent'] as const) assert.deepEqual(await (await server.as(role, '/api/config')).json(), { detail: 'Permission denied: config:read required' })
    assert.equal((await server.as('viewer', '/api/config/validate')).status, 403)
  })

  test('POST deep-merges, keeps comments, writes atomically and applies to the next scan', async () => {
    assert.equal((await (await server.as('admin', '/scan', { method: 'POST', json: evalFile })).json()).total, 1)
    const res = await server.as('admin', '/api/config', { method: 'POST', json: { packs: ['secrets'], gate: { max: { high: 3 } }, auth: { jwt_secret: '***' } } })
    assert.equal(res.status, 200)
    const config = await res.json()
    assert.deepEqual(config.gate, { fail_on: ['critical', 'high'], max: { high: 3 } })
    assert.equal(config.auth.jwt_secret, '***')
    const text = fs.readFileSync(configFile(), 'utf8')
    for (const comment of ['# guard settings for the test server', '# both built-in packs', '# block on these']) assert.ok(text.includes(comment), `keeps "${comment}"`)
    const written = YAML.parse(text)
    assert.deepEqual(written.packs, ['secrets'])
    assert.equal(written.auth.jwt_secret, JWT_SECRET, 'an echoed *** keeps the stored secret')
    assert.deepEqual(fs.readdirSync(server.dir).filter((f) => f.includes('.tmp')), [], 'no temp file left')
    assert.equal((await (await server.as('admin', '/scan', { method: 'POST', json: evalFile })).json()).total, 0, 'owasp-top-10 no longer runs')
    const gate = await (await server.as('admin', '/gate', { method: 'POST', json: evalFile })).json()
    assert.deepEqual(gate.fail_on, ['critical', 'high'])
  })

  test('an invalid update is 422 with every key path and leaves the file byte-identical', async () => {
    const before = fs.readFileSync(configFile())
    const res = await server.as('admin', '/api/config', { method: 'POST', json: { gate: { fail_on: ['urgent'] }, limits: { max_file_kb: 0 }, colour: 'blue', auth: { enabled: 'yes' } } })
    assert.equal(res.status, 422)
    const body = await res.json()
    assert.equal(typeof body.detail, 'string')
    assert.deepEqual(body.errors.map((e: { path: string }) => e.path).sort(), ['auth.enabled', 'colour', 'gate.fail_on[0]', 'limits.max_file_kb'])
    assert.deepEqual(fs.readFileSync(configFile()), before)
    assert.deepEqual(fs.readdirSync(server.dir).filter((f) => f.includes('.tmp')), [])
  })

  test('a body that is not an object is 422; malformed JSON is 400', async () => {
    for (const json of [[1, 2], 'packs', 3]) assert.equal((await server.as('admin', '/api/config', { method: 'POST', json })).status, 422, JSON.stringify(json))
    const bad = await server.as('admin', '/api/config', { method: 'POST', body: '{"packs": [', headers: { 'content-type': 'application/json' } })
    assert.equal(bad.status, 400)
    assert.equal(typeof (await bad.json()).detail, 'string')
  })
})

describe('/api/config/validate', () => {
  let server: RoleServer
  before(async () =>
    (server = await startRoleServer({
      config: { governance: { suppressions: { reason_required: true } }, suppressions: [{ rule_id: 'js.eval-injection', path: 'legacy/**' }] },
      files: {
        'repo-ok/.guard.yaml': 'packs: [secrets]\n',
        'repo-warn/.guard.yaml': 'packs: [secrets, no-such-pack]\nrules:\n  js.nope: { enabled: false }\nauth:\n  enabled: false\n',
        'repo-bad/.guard.yaml': 'gate:\n  fail_on: [urgent]\ncolour: blue\n',
        'repo-yaml/.guard.yaml': 'packs: [\n',
      },
    })))
  after(() => server.close())
  const validate = async (query = '') => {
    const res = await server.as('developer', `/api/config/validate${query}`)
    return { status: res.status, body: await res.json() }
  }

  test("the server's file: valid, with the suppression policy's warnings", async () => {
    const { status, body } = await validate()
    assert.equal(status, 200)
    assert.equal(body.valid, true)
    assert.deepEqual(body.errors, [])
    assert.deepEqual(body.warnings, [{ path: 'suppressions[0].reason', message: 'governance requires a reason for every suppression' }])
  })

  test("a repository's file by path: valid, warnings, errors with paths, unreadable YAML", async () => {
    assert.deepEqual((await validate('?path=repo-ok/.guard.yaml')).body, { valid: true, file: 'repo-ok/.guard.yaml', errors: [], warnings: [] })
    assert.equal((await validate('?path=repo-ok')).body.file, 'repo-ok/.guard.yaml', 'a folder means its .guard.yaml')
    const warn = (await validate('?path=repo-warn')).body
    assert.equal(warn.valid, true)
    assert.deepEqual(warn.warnings.map((w: { path: string }) => w.path), ['packs[1]', 'rules.js.nope', 'auth'])
    const bad = (await validate('?path=repo-bad/.guard.yaml')).body
    assert.equal(bad.valid, false)
    // A repository's file is read as a scan reads it: an unknown key is a warning there, a wrong value an error.
    assert.deepEqual(bad.errors.map((e: { path: string }) => e.path).sort(), ['gate.fail_on[0]'])
    const yaml = (await validate('?path=repo-yaml')).body
    assert.equal(yaml.valid, false)
    assert.equal(yaml.errors.length > 0, true)
  })

  test('a path outside the scan roots is 403; a missing one 404', async () => {
    assert.equal((await validate('?path=../../etc/passwd')).status, 403)
    assert.equal((await validate(`?path=${encodeURIComponent('/etc/hosts')}`)).status, 403)
    assert.equal((await validate('?path=nowhere/.guard.yaml')).status, 404)
    assert.equal((await validate('?path=repo-ok/missing.yaml')).status, 404)
  })
})
