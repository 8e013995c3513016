// GET/POST /api/governance and governance.locked_keys (CONTRACT §1b, §11) on a real loopback server.
import { test, describe, before, after } from 'node:test'
import assert from 'node:assert/strict'
import fs from 'node:fs'
import path from 'node:path'
import YAML from 'yaml'
import { startRoleServer, type RoleServer } from './helpers/roles.ts'

const DENIED = { detail: 'Permission denied: governance:write required' }
const evalFile = { 'a.js': 'eval(userInput)\n' }

describe('/api/governance', () => {
  let server: RoleServer
  const configFile = () => path.join(server.dir, '.guard.yaml')
  before(async () =>
    (server = await startRoleServer({
      config: '# company policy lives here\ngate:\n  fail_on: [critical, high] # the default\n',
      files: { 'repo/.guard.yaml': 'gate:\n  fail_on: [info]\n', 'repo/a.js': 'eval(userInput)\n' },
    })))
  after(() => server.close())

  test('GET gives every policy with its defaults; viewer and agent may not read it', async () => {
    const res = await server.as('developer', '/api/governance')
    assert.equal(res.status, 200)
    assert.deepEqual(await res.json(), {
      gate: { fail_on: ['critical', 'high'], max: {} },
      locked_keys: [],
      approvals: { required: false, approver_roles: ['admin', 'security-lead'], required_approvals: 1, expiry_hours: 72 },
      suppressions: { reason_required: false, max_expiry_days: null },
      audit_retention_days: 365,
    })
    for (const role of ['viewer', 'agent'] as const) assert.equal((await server.as(role, '/api/governance')).status, 403)
  })

  test('developer and viewer may not change governance; security-lead may, and it is kept in .guard.yaml with its comments', async () => {
    for (const role of ['developer', 'viewer', 'agent'] as const) {
      const res = await server.as(role, '/api/governance', { method: 'POST', json: { audit_retention_days: 30 } })
      assert.equal(res.status, 403, role)
      assert.deepEqual(await res.json(), DENIED)
    }
    const update = { gate: { fail_on: ['critical', 'high', 'medium'] }, approvals: { required: true, required_approvals: 2 }, suppressions: { reason_required: true, max_expiry_days: 90 }, audit_retention_days: 400 }
    const res = await server.as('security-lead', '/api/governance', { method: 'POST', json: update })
    assert.equal(res.status, 200)
    const policy = await res.json()
    assert.deepEqual(policy.gate.fail_on, ['critical', 'high', 'medium'])
    assert.deepEqual(policy.approvals, { required: true, approver_roles: ['admin', 'security-lead'], required_approvals: 2, expiry_hours: 72 })
    assert.equal(policy.audit_retention_days, 400)
    const text = fs.readFileSync(configFile(), 'utf8')
    assert.ok(text.includes('# company policy lives here') && text.includes('# the default'))
    assert.deepEqual(YAML.parse(text).governance, { approvals: { required: true, required_approvals: 2 }, suppressions: { reason_required: true, max_expiry_days: 90 }, audit_retention_days: 400 })
    assert.deepEqual(await (await server.as('admin', '/api/governance')).json(), policy)
    // The next gate uses the new policy.
    const gate = await (await server.as('developer', '/gate', { method: 'POST', json: { files: evalFile } })).json()
    assert.deepEqual(gate.fail_on, ['critical', 'high', 'medium'])
  })

  test('422 with key paths for a bad policy; the file is untouched; malformed JSON is 400', async () => {
    const before = fs.readFileSync(configFile())
    const res = await server.as('admin', '/api/governance', { method: 'POST', json: { approvals: { approver_roles: ['king'], required_approvals: 0 }, locked_keys: ['auth'], colour: 1 } })
    assert.equal(res.status, 422)
    const paths = (await res.json()).errors.map((e: { path: string }) => e.path)
    for (const p of ['body.approvals.approver_roles.0', 'body.approvals.required_approvals', 'body.locked_keys.0', 'body.colour']) assert.ok(paths.includes(p), `${p} in ${paths}`)
    assert.deepEqual(fs.readFileSync(configFile()), before)
    assert.equal((await server.as('admin', '/api/governance', { method: 'POST', body: '{', headers: { 'content-type': 'application/json' } })).status, 400)
  })

  test('locked keys: overriding one needs governance:write (403); other keys and the repo file cannot change it', async () => {
    assert.equal((await server.as('security-lead', '/api/governance', { method: 'POST', json: { locked_keys: ['gate', 'rules.js.eval-injection'] } })).status, 200)
    const scan = (role: 'developer' | 'security-lead' | 'agent', config_overrides: object) => server.as(role, '/gate', { method: 'POST', json: { files: evalFile, config_overrides } })
    for (const overrides of [{ gate: { fail_on: ['critical'] } }, { rules: { 'js.eval-injection': { enabled: false } } }]) {
      const res = await scan('developer', overrides)
      assert.equal(res.status, 403, JSON.stringify(overrides))
      assert.deepEqual(await res.json(), DENIED)
      assert.equal((await scan('agent', overrides)).status, 403)
    }
    assert.equal((await scan('developer', { rules: { 'js.other-rule': { enabled: false } } })).status, 200, 'an unlocked rule may be overridden')
    assert.equal((await scan('developer', { packs: ['owasp-top-10'] })).status, 200)
    const lead = await scan('security-lead', { gate: { fail_on: ['critical'] } })
    assert.equal(lead.status, 200)
    assert.deepEqual((await lead.json()).fail_on, ['critical'])
    // The repository's own .guard.yaml says fail_on: [info]; the lock keeps the server's policy.
    const repo = await (await server.as('developer', '/gate', { method: 'POST', json: { repo_path: 'repo' } })).json()
    assert.deepEqual(repo.fail_on, ['critical', 'high', 'medium'])
    const warnings = (await (await server.as('developer', '/api/config/validate?path=repo')).json()).warnings
    assert.deepEqual(warnings, [{ path: 'gate', message: 'locked by governance: a repository cannot change it' }])
  })

  test('suppression policy: a config suppression without a reason, or beyond the longest expiry, is a warning', async () => {
    assert.equal((await server.as('admin', '/api/config', { method: 'POST', json: { suppressions: [{ rule_id: 'js.eval-injection', path: 'x/**', expires: '2999-01-01' }] } })).status, 200)
    const { valid, warnings } = await (await server.as('admin', '/api/config/validate')).json()
    assert.equal(valid, true)
    assert.deepEqual(warnings.map((w: { path: string }) => w.path), ['suppressions[0].reason', 'suppressions[0].expires'])
  })
})
