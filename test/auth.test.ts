// Authentication and roles (CONTRACT §5) against a real loopback server: API key, JWT, precedence, matrix.
import { test, describe, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { createSigner } from 'fast-jwt'
import { startServer, writeTree, type TestServer } from './helpers/server.ts'
import { signToken } from '../kernel/access/tokens.ts'
import { ROLES, type Role } from '../kernel/access/permissions.ts'

const SECRET = 'test-secret-0123456789abcdef0123456789'
const API_KEY = 'k3y-for-tests'
const KEY_FAILURE = { detail: 'Invalid or missing API key' }
const TOKEN_FAILURE = { detail: 'Invalid or expired token' }
const token = (role: string, extra: object = {}, secret = SECRET) => signToken(secret, { sub: `user-${role}`, role: role as Role, ...extra }, 1)
const bearer = (t: string) => ({ authorization: `Bearer ${t}` })
const scanBody = { files: { 'a.py': 'print(1)\n' } }

async function expect(res: Response, status: number, body?: object) {
  assert.equal(res.status, status, `${res.url}: ${res.status}`)
  if (body) assert.deepEqual(await res.json(), body)
}

describe('no method configured', () => {
  let server: TestServer
  before(async () => (server = await startServer({ env: { GUARD_API_KEY: undefined, GUARD_JWT_SECRET: undefined } })))
  after(() => server.close())

  test('every endpoint is open as anonymous admin', async () => {
    await expect(await server.request('/scan', { method: 'POST', json: scanBody }), 200)
    await expect(await server.request('/rules'), 200)
  })
})

describe('API key', () => {
  let server: TestServer
  before(async () => (server = await startServer({ env: { GUARD_API_KEY: API_KEY } })))
  after(() => server.close())

  test('missing or wrong key is 401 with the exact body; the right key passes; /health is open', async () => {
    await expect(await server.request('/scan', { method: 'POST', json: scanBody }), 401, KEY_FAILURE)
    await expect(await server.request('/scan', { method: 'POST', json: scanBody, headers: { 'x-api-key': 'wrong' } }), 401, KEY_FAILURE)
    await expect(await server.request('/rules', { headers: { 'x-api-key': `${API_KEY}x` } }), 401, KEY_FAILURE)
    await expect(await server.request('/scan', { method: 'POST', json: scanBody, headers: { 'x-api-key': API_KEY } }), 200)
    await expect(await server.request('/health'), 200)
  })

  test('an Authorization header does not bypass the key when JWT is off', async () => {
    await expect(await server.request('/rules', { headers: bearer(token('admin')) }), 401, KEY_FAILURE)
    await expect(await server.request('/rules', { headers: { ...bearer('garbage'), 'x-api-key': API_KEY } }), 200)
  })
})

describe('JWT', () => {
  let server: TestServer
  before(async () => {
    server = await startServer({ config: { auth: { enabled: true, jwt_secret: SECRET, jwt_algorithm: 'HS256' } }, env: { GUARD_API_KEY: API_KEY, GUARD_JWT_SECRET: undefined } })
    writeTree(server.dir, { 'team-a/svc/app.py': 'print(1)\n', 'team-b/svc/app.py': 'print(1)\n' })
  })
  after(() => server.close())

  test('the permission matrix decides per role, with the exact 403 body', async () => {
    const matrix: Record<string, Role[]> = { scan: ['admin', 'security-lead', 'developer', 'agent'], 'rules:read': [...ROLES] }
    for (const role of ROLES) {
      const scan = await server.request('/scan', { method: 'POST', json: scanBody, headers: bearer(token(role)) })
      if (matrix.scan.includes(role)) await expect(scan, 200)
      else await expect(scan, 403, { detail: 'Permission denied: scan required' })
      await expect(await server.request('/rules', { headers: bearer(token(role)) }), 200)
    }
  })

  test('alg none, a wrong secret, an expired token, a missing exp and an unknown role are all 401 with a challenge', async () => {
    const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')
    const payload = Buffer.from(JSON.stringify({ sub: 'x', role: 'admin', exp: Math.floor(Date.now() / 1000) + 3600 })).toString('base64url')
    const bad = [
      `${header}.${payload}.`,
      token('admin', {}, 'another-secret-another-secret-1234'),
      createSigner({ key: SECRET, algorithm: 'HS256' })({ sub: 'x', role: 'admin', exp: Math.floor(Date.now() / 1000) - 60 }),
      createSigner({ key: SECRET, algorithm: 'HS256' })({ sub: 'x', role: 'admin' }),
      token('superuser'),
      createSigner({ key: SECRET, algorithm: 'HS512' })({ sub: 'x', role: 'admin', exp: Math.floor(Date.now() / 1000) + 60 }),
      'not-a-jwt',
    ]
    for (const t of bad) {
      const res = await server.request('/rules', { headers: bearer(t) })
      assert.match(res.headers.get('www-authenticate') ?? '', /^Bearer/)
      await expect(res, 401, TOKEN_FAILURE)
    }
  })

  test('precedence: a bad token never falls back to a good API key; the key alone still works', async () => {
    await expect(await server.request('/rules', { headers: { ...bearer('bad'), 'x-api-key': API_KEY } }), 401, TOKEN_FAILURE)
    await expect(await server.request('/rules', { headers: { 'x-api-key': API_KEY } }), 200)
    await expect(await server.request('/rules', { headers: { 'x-api-key': 'wrong' } }), 401, KEY_FAILURE)
    await expect(await server.request('/rules'), 401, TOKEN_FAILURE)
  })

  test('an agent scans only the repos its repo_access names, and inline files', async () => {
    const agent = token('agent', { repo_access: ['team-a/*'] })
    await expect(await server.request('/scan', { method: 'POST', json: { repo_path: 'team-a/svc' }, headers: bearer(agent) }), 200)
    const denied = await server.request('/scan', { method: 'POST', json: { repo_path: 'team-b/svc' }, headers: bearer(agent) })
    assert.equal(denied.status, 403)
    await expect(await server.request('/scan', { method: 'POST', json: scanBody, headers: bearer(agent) }), 200)
    await expect(await server.request('/scan', { method: 'POST', json: { repo_path: 'team-a/svc' }, headers: bearer(token('developer')) }), 200)
  })
})

describe('GUARD_JWT_SECRET', () => {
  let server: TestServer
  before(async () => (server = await startServer({ config: { auth: { enabled: true, jwt_secret: 'file-secret-file-secret-file-secret' } }, env: { GUARD_JWT_SECRET: SECRET, GUARD_API_KEY: undefined } })))
  after(() => server.close())

  test('the environment secret signs the tokens the server accepts', async () => {
    await expect(await server.request('/rules', { headers: bearer(token('viewer')) }), 200)
    await expect(await server.request('/rules', { headers: bearer(token('viewer', {}, 'file-secret-file-secret-file-secret')) }), 401, TOKEN_FAILURE)
  })
})
