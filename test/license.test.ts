// License keys (CONTRACT §10): Ed25519 verification offline, community fallback, GET /api/license, `guard license issue`.
import { test, describe, before, after } from 'node:test'
import assert from 'node:assert/strict'
import fs from 'node:fs'
import path from 'node:path'
import { execFile } from 'node:child_process'
import { generateKeyPairSync } from 'node:crypto'
import { fileURLToPath } from 'node:url'
import { tempDir } from './helpers/server.ts'
import { startRoleServer, type RoleServer } from './helpers/roles.ts'
import { issueLicense, parsePublicKey, verifyLicense, type LicensePayload } from '../kernel/access/license.ts'
import { ROLES } from '../kernel/access/permissions.ts'

const GUARD = fileURLToPath(new URL('../bin/guard.mjs', import.meta.url))
const pair = () => {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519')
  return { privatePem: privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(), publicPem: publicKey.export({ format: 'pem', type: 'spki' }).toString(), publicDer: publicKey.export({ format: 'der', type: 'spki' }).toString('base64') }
}
const vendor = pair()
const inDays = (d: number) => new Date(Date.now() + d * 86_400_000).toISOString()
const enterprise: LicensePayload = { org: 'Acme', tier: 'enterprise', expires_at: inDays(30) }

describe('verifyLicense', () => {
  const key = parsePublicKey(vendor.publicPem)

  test('a key signed by the vendor grants its tier and features, with a PEM or a base64 DER public key', () => {
    for (const pub of [key, parsePublicKey(vendor.publicDer)]) {
      const { info, problem } = verifyLicense(issueLicense(vendor.privatePem, { ...enterprise, features: { sso: true } }), pub)
      assert.equal(problem, undefined)
      assert.equal(info.tier, 'enterprise')
      assert.equal(info.valid, true)
      assert.equal(info.org, 'Acme')
      assert.equal(info.features.approvals, true)
      assert.equal(info.features.sso, true)
    }
  })

  test('no key, a foreign signature, a tampered payload, garbage and an expired key all mean community', () => {
    const good = issueLicense(vendor.privatePem, enterprise)
    const tampered = `${Buffer.from(JSON.stringify({ ...enterprise, org: 'Mallory' })).toString('base64url')}.${good.split('.')[1]}`
    const cases: [string | undefined, RegExp | undefined][] = [
      [undefined, undefined],
      [issueLicense(pair().privatePem, enterprise), /signature/],
      [tampered, /signature/],
      ['not-a-key', /malformed/],
      ['a.b.c', /malformed/],
      [`${Buffer.from('{').toString('base64url')}.AAAA`, /signature/],
      [issueLicense(vendor.privatePem, { ...enterprise, expires_at: inDays(-1) }), /expired/],
      [issueLicense(vendor.privatePem, { org: 'Acme', tier: 'platinum', expires_at: inDays(3) } as unknown as LicensePayload), /payload/],
    ]
    for (const [given, why] of cases) {
      const { info, problem } = verifyLicense(given, key)
      assert.equal(info.tier, 'community', String(given))
      assert.equal(info.valid, false)
      assert.equal(info.features.scan && info.features.gate && info.features.reports && info.features.packs && info.features.findings, true, 'community keeps the core')
      assert.equal(info.features.approvals, false)
      if (why) assert.match(problem ?? '', why)
    }
  })
})

describe('GET /api/license', () => {
  let servers: RoleServer[] = []
  // Closed last-first: each server restores the environment it found.
  after(async () => {
    for (const s of servers.reverse()) await s.close()
  })
  const start = async (opts: Parameters<typeof startRoleServer>[0]) => {
    const s = await startRoleServer(opts)
    servers.push(s)
    return s
  }

  test('GUARD_LICENSE_KEY checked against GUARD_LICENSE_PUBLIC_KEY; every role may read it', async () => {
    const server = await start({ env: { GUARD_LICENSE_PUBLIC_KEY: vendor.publicPem, GUARD_LICENSE_KEY: issueLicense(vendor.privatePem, { org: 'Acme', tier: 'team', expires_at: enterprise.expires_at }) } })
    for (const role of ROLES) {
      const res = await server.as(role, '/api/license')
      assert.equal(res.status, 200, role)
      const body = await res.json()
      assert.deepEqual({ ...body, features: undefined }, { tier: 'team', valid: true, org: 'Acme', expires_at: enterprise.expires_at, features: undefined })
      assert.equal(body.features.devops, true)
      assert.equal(server.kernel.license().tier, 'team')
    }
    await server.close()
    servers = servers.filter((s) => s !== server)
  })

  test("license_key in .guard.yaml works, and is masked in /api/config", async () => {
    const server = await start({ config: { license_key: issueLicense(vendor.privatePem, enterprise) }, env: { GUARD_LICENSE_PUBLIC_KEY: vendor.publicDer, GUARD_LICENSE_KEY: undefined } })
    assert.equal((await (await server.as('viewer', '/api/license')).json()).tier, 'enterprise')
    assert.equal((await (await server.as('admin', '/api/config')).json()).license_key, '***')
  })

  test('a bad key or a bad public key boots as community (no crash) and scanning still works', async () => {
    for (const env of [{ GUARD_LICENSE_KEY: 'garbage.garbage' }, { GUARD_LICENSE_KEY: issueLicense(vendor.privatePem, enterprise), GUARD_LICENSE_PUBLIC_KEY: 'not a key' }, { GUARD_LICENSE_KEY: issueLicense(vendor.privatePem, enterprise) }]) {
      const server = await start({ env: { GUARD_LICENSE_PUBLIC_KEY: undefined, ...env } })
      assert.deepEqual({ ...(await (await server.as('viewer', '/api/license')).json()), features: undefined }, { tier: 'community', valid: false, org: null, expires_at: null, features: undefined })
      assert.equal((await server.as('developer', '/scan', { method: 'POST', json: { files: { 'a.py': 'x = 1\n' } } })).status, 200)
    }
  })
})

describe('guard license issue', () => {
  let dir: string
  before(() => {
    dir = tempDir('guard-license-')
    fs.writeFileSync(path.join(dir, 'vendor.pem'), vendor.privatePem)
  })
  after(() => fs.rmSync(dir, { recursive: true, force: true }))
  const guard = (args: string[]) =>
    new Promise<{ code: number; stdout: string; stderr: string }>((resolve) =>
      execFile(process.execPath, [GUARD, ...args], { cwd: dir }, (err, stdout, stderr) => resolve({ code: err ? Number(err.code) : 0, stdout, stderr })),
    )

  test('prints a key the public key verifies, for the tier and days asked', async () => {
    const { code, stdout } = await guard(['license', 'issue', '--private-key', 'vendor.pem', '--org', 'Acme Corp', '--tier', 'enterprise', '--days', '10', '--feature', 'sso'])
    assert.equal(code, 0)
    const { info } = verifyLicense(stdout.trim(), parsePublicKey(vendor.publicPem))
    assert.equal(info.valid, true)
    assert.equal(info.org, 'Acme Corp')
    assert.equal(info.features.sso, true)
    const days = (Date.parse(info.expires_at!) - Date.now()) / 86_400_000
    assert.ok(days > 9.9 && days <= 10, String(days))
  })

  test('a wrong tier or missing flag is a usage error (exit 2)', async () => {
    assert.equal((await guard(['license', 'issue', '--private-key', 'vendor.pem', '--org', 'A', '--tier', 'gold', '--days', '1'])).code, 2)
    assert.equal((await guard(['license', 'issue', '--org', 'A'])).code, 2)
    assert.equal((await guard(['license'])).code, 2)
  })
})
