// Rate limiting per identity (limits.rate_per_minute, GUARD_RATE_LIMIT_PER_MIN): 429 with Retry-After; /health exempt.
import { test, describe, before, after } from 'node:test'
import assert from 'node:assert/strict'
import { startServer, type TestServer } from './helpers/server.ts'
import { startRoleServer, type RoleServer } from './helpers/roles.ts'

describe('rate limit from .guard.yaml', () => {
  let server: RoleServer
  before(async () => (server = await startRoleServer({ config: { limits: { rate_per_minute: 3 } }, env: { GUARD_RATE_LIMIT_PER_MIN: undefined } })))
  after(() => server.close())

  test('the fourth request in a minute is 429 with Retry-After; another identity has its own budget; /health is exempt', async () => {
    for (let i = 0; i < 3; i++) {
      const res = await server.as('developer', '/rules')
      assert.equal(res.status, 200)
      assert.equal(res.headers.get('x-ratelimit-remaining'), String(2 - i))
    }
    const limited = await server.as('developer', '/api/config')
    assert.equal(limited.status, 429)
    const retry = Number(limited.headers.get('retry-after'))
    assert.ok(Number.isInteger(retry) && retry >= 1 && retry <= 60, `Retry-After ${retry}`)
    const body = await limited.json()
    assert.deepEqual(Object.keys(body), ['detail'])
    assert.match(body.detail, /rate limit/i)
    assert.equal((await server.as('viewer', '/rules')).status, 200, 'another identity is not limited')
    for (let i = 0; i < 10; i++) assert.equal((await server.request('/health')).status, 200)
  })

  test('a change of limits.rate_per_minute applies at once', async () => {
    assert.equal((await server.as('admin', '/api/config', { method: 'POST', json: { limits: { rate_per_minute: 100 } } })).status, 200)
    assert.equal((await server.as('developer', '/rules')).status, 200)
  })
})

describe('GUARD_RATE_LIMIT_PER_MIN', () => {
  let server: TestServer
  before(async () => (server = await startServer({ config: { limits: { rate_per_minute: 1000 } }, env: { GUARD_RATE_LIMIT_PER_MIN: '2', GUARD_API_KEY: undefined, GUARD_JWT_SECRET: undefined } })))
  after(() => server.close())

  test('the environment wins over the file; anonymous callers are counted by address', async () => {
    assert.equal((await server.request('/rules')).status, 200)
    assert.equal((await server.request('/rules')).status, 200)
    const res = await server.request('/rules')
    assert.equal(res.status, 429)
    assert.ok(res.headers.get('retry-after'))
    assert.equal((await server.request('/health')).status, 200)
  })
})
