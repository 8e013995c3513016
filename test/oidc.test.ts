// OIDC sign-in (CONTRACT §5, Enterprise tier) against a real identity provider on loopback: its discovery document
// and key set, RS256 and ES256 tokens signed here, the claim → role mapping, algorithm confusion and other forgeries,
// a key rotation, the refetch limit, our own HS256 tokens beside it, the license gate and the https rule.
import { test, describe, before, after } from 'node:test'
import assert from 'node:assert/strict'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { createHmac, generateKeyPairSync, sign, type KeyObject } from 'node:crypto'
import type { Logger } from 'pino'
import { startServer, writeTree, type TestServer } from './helpers/server.ts'
import { signToken } from '../kernel/access/tokens.ts'
import { issueLicense } from '../kernel/access/license.ts'
import { configErrors } from '../kernel/config/config.ts'
import { decodeJws, KEYS_TTL_MS, OidcVerifier, REFETCH_INTERVAL_MS, type OidcConfig } from '../plugins/auth/oidc.ts'

// Nothing this process fetches may leave 127.0.0.0/8: the server under test runs in it, so this guards its fetches too.
const loopbackFetch = globalThis.fetch
globalThis.fetch = (input, init) => {
  const url = new URL(input instanceof Request ? input.url : String(input))
  if (!/^127\.\d+\.\d+\.\d+$/.test(url.hostname)) return Promise.reject(new Error(`test refused a fetch off loopback: ${url.href}`))
  return loopbackFetch(input, init)
}

const SECRET = 'oidc-test-secret-0123456789abcdef0123'
const AUDIENCE = 'guard-api'
const TOKEN_FAILURE = { detail: 'Invalid or expired token' }
const ROLE_MAP = { 'guard-admins': 'admin', appsec: 'security-lead', engineering: 'developer', auditors: 'viewer' } as const
const scanBody = { files: { 'a.py': 'print(1)\n' } }
const nowS = () => Math.floor(Date.now() / 1000)
const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url')
const bearer = (token: string) => ({ authorization: `Bearer ${token}` })

const vendor = generateKeyPairSync('ed25519')
const vendorPublicPem = vendor.publicKey.export({ format: 'pem', type: 'spki' }).toString()
const license = (tier: 'team' | 'enterprise') =>
  issueLicense(vendor.privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(), { org: 'Acme', tier, expires_at: new Date(Date.now() + 86_400_000).toISOString() })

interface SigningKey {
  kid: string
  alg: 'RS256' | 'ES256'
  privateKey: KeyObject
  publicKey: KeyObject
  jwk: Record<string, unknown>
}

function signingKey(alg: 'RS256' | 'ES256', kid: string): SigningKey {
  const { privateKey, publicKey } = alg === 'RS256' ? generateKeyPairSync('rsa', { modulusLength: 2048 }) : generateKeyPairSync('ec', { namedCurve: 'P-256' })
  return { kid, alg, privateKey, publicKey, jwk: { ...publicKey.export({ format: 'jwk' }), kid, alg, use: 'sig' } }
}

/** A compact JWS of `header` and `claims`, its signature made by `signer` over the first two parts. */
function compact(header: object, claims: object, signer: (input: Buffer) => Buffer): string {
  const input = `${b64(header)}.${b64(claims)}`
  return `${input}.${signer(Buffer.from(input)).toString('base64url')}`
}

/** A token signed by `key` as a provider signs: its kid and algorithm in the header, unless `header` says otherwise. */
function signed(key: SigningKey, claims: object, header: object = {}): string {
  return compact({ alg: key.alg, typ: 'JWT', kid: key.kid, ...header }, claims, (input) =>
    key.alg === 'RS256' ? sign('sha256', input, key.privateKey) : sign('sha256', input, { key: key.privateKey, dsaEncoding: 'ieee-p1363' }),
  )
}

const hmac = (secret: string | Buffer) => (input: Buffer) => createHmac('sha256', secret).update(input).digest()

/** An identity provider on loopback: its discovery document, its published keys, and every request it received. */
interface Provider {
  issuer: string
  published: SigningKey[]
  /** Changes to the discovery document (another issuer, another jwks_uri). */
  discovery: Record<string, unknown>
  /** Answer 503 to everything. */
  down: boolean
  requests: string[]
  close(): Promise<void>
}

async function startProvider(published: SigningKey[] = []): Promise<Provider> {
  const provider = { published, discovery: {}, down: false, requests: [] as string[] } as unknown as Provider
  const server = http.createServer((req, res) => {
    provider.requests.push(req.url ?? '')
    const answer = (status: number, body: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body))
    if (provider.down) answer(503, {})
    else if (req.url === '/.well-known/openid-configuration') answer(200, { issuer: provider.issuer, jwks_uri: `${provider.issuer}/jwks`, ...provider.discovery })
    else if (req.url === '/jwks') answer(200, { keys: provider.published.map((k) => k.jwk) })
    else answer(404, {})
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  provider.issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  provider.close = async () => {
    server.closeAllConnections()
    await new Promise((resolve) => server.close(resolve))
  }
  return provider
}

const oidcConfig = (issuer: string): OidcConfig => ({ issuer, audience: AUDIENCE, role_claim: 'guard_role', groups_claim: 'groups', role_map: { ...ROLE_MAP } })

function startGuard(provider: Provider, licenseKey: string | undefined): Promise<TestServer> {
  return startServer({
    config: { auth: { enabled: true, jwt_secret: SECRET, oidc: oidcConfig(provider.issuer) } },
    env: { GUARD_API_KEY: undefined, GUARD_JWT_SECRET: undefined, GUARD_LICENSE_PUBLIC_KEY: vendorPublicPem, GUARD_LICENSE_KEY: licenseKey },
  })
}

async function expectRefused(res: Response, why: string) {
  assert.equal(res.status, 401, `${why}: ${res.status}`)
  assert.match(res.headers.get('www-authenticate') ?? '', /^Bearer /, why)
  assert.deepEqual(await res.json(), TOKEN_FAILURE, why)
}

describe('OIDC with an Enterprise license', () => {
  const rsa = signingKey('RS256', 'rsa-1')
  const ec = signingKey('ES256', 'ec-1')
  let provider: Provider
  let server: TestServer
  const claims = (extra: object = {}) => ({ iss: provider.issuer, aud: AUDIENCE, sub: 'u-1', iat: nowS(), exp: nowS() + 600, ...extra })
  const get = (pathname: string, token: string) => server.request(pathname, { headers: bearer(token) })
  const jwksFetches = () => provider.requests.filter((r) => r === '/jwks').length

  before(async () => {
    provider = await startProvider([rsa, ec])
    server = await startGuard(provider, license('enterprise'))
  })
  after(async () => {
    await server?.close()
    await provider?.close()
  })

  test('the discovery document and the key set are fetched once, at start', () => {
    assert.deepEqual(provider.requests, ['/.well-known/openid-configuration', '/jwks'])
  })

  test('RS256 tokens with a role claim and ES256 tokens with a groups claim act as the mapped role', async () => {
    const expected = {
      admin: { scan: 200, audit: 200, config: 200 },
      'security-lead': { scan: 200, audit: 200, config: 200 },
      developer: { scan: 200, audit: 403, config: 200 },
      viewer: { scan: 403, audit: 200, config: 403 },
    }
    for (const [value, role] of Object.entries(ROLE_MAP)) {
      const tokens = {
        'RS256 role claim': signed(rsa, claims({ sub: `u-${role}`, guard_role: value })),
        'ES256 groups claim': signed(ec, claims({ sub: `u-${role}`, groups: ['everyone', value] })),
      }
      for (const [how, token] of Object.entries(tokens)) {
        const why = `${role} by ${how}`
        assert.equal((await get('/rules', token)).status, 200, why)
        const scan = await server.request('/scan', { method: 'POST', json: scanBody, headers: bearer(token) })
        assert.equal(scan.status, expected[role].scan, why)
        if (scan.status === 403) assert.deepEqual(await scan.json(), { detail: 'Permission denied: scan required' })
        assert.equal((await get('/api/audit', token)).status, expected[role].audit, why)
        assert.equal((await get('/api/config', token)).status, expected[role].config, why)
      }
    }
    assert.equal(jwksFetches(), 1, 'known kids never make us fetch')
  })

  test('the most privileged mapped value wins, and the audit actor is sub with the email or user name', async () => {
    const token = signed(ec, claims({ sub: 'u-77', email: 'ada@example.com', guard_role: 'auditors', groups: ['engineering', 'appsec', 'unmapped'] }))
    assert.equal((await server.request('/scan', { method: 'POST', json: scanBody, headers: bearer(token) })).status, 200)
    const named = signed(rsa, claims({ sub: 'u-78', preferred_username: 'grace', groups: ['auditors'] }))
    assert.equal((await server.request('/scan', { method: 'POST', json: scanBody, headers: bearer(named) })).status, 403)
    const admin = signed(rsa, claims({ guard_role: 'guard-admins' }))
    const page = (await (await get('/api/audit?action=scan&limit=2', admin)).json()) as { items: { actor: string; role: string; auth_method: string; status: number }[] }
    assert.deepEqual(page.items.map(({ actor, role, auth_method, status }) => ({ actor, role, auth_method, status })), [
      { actor: 'u-78 (grace)', role: 'viewer', auth_method: 'oidc', status: 403 },
      { actor: 'u-77 (ada@example.com)', role: 'security-lead', auth_method: 'oidc', status: 200 },
    ])
  })

  test('a valid token whose claims map to no role is 403, never a default viewer', async () => {
    const unmapped = [
      claims(),
      claims({ guard_role: 'interns', groups: ['everyone'] }),
      claims({ guard_role: ['guard-admins'] }),
      claims({ groups: 'guard-admins' }),
      claims({ guard_role: 'agent' }),
      claims({ role: 'admin', guard_role: 'admin' }),
      claims({ groups: ['constructor', '__proto__', 'toString'] }),
    ]
    for (const c of unmapped) {
      const res = await get('/rules', signed(rsa, c))
      assert.equal(res.status, 403, JSON.stringify(c))
      assert.deepEqual(await res.json(), { detail: 'Permission denied: rules:read required' })
    }
  })

  test('forgeries and algorithm confusion are 401 with the JWT failure body and a challenge, and never make us fetch', async () => {
    const other = await startProvider()
    const foreign = signingKey('RS256', 'rsa-1')
    const attacker = signingKey('RS256', 'attacker')
    const requestsBefore = provider.requests.length
    const ok = claims({ guard_role: 'guard-admins' })
    const rsaPem = rsa.publicKey.export({ format: 'pem', type: 'spki' })
    const rsaJwk = JSON.stringify(rsa.jwk)
    const good = signed(rsa, ok)
    const [h, p, s] = good.split('.')
    const ecDer = compact({ alg: 'ES256', kid: ec.kid }, ok, (input) => sign('sha256', input, ec.privateKey))
    try {
      const forged: [string, string][] = [
        ['alg none with a kid', `${b64({ alg: 'none', kid: rsa.kid })}.${b64(ok)}.`],
        ['alg none without a kid', `${b64({ alg: 'none' })}.${b64(ok)}.`],
        ['alg None', `${b64({ alg: 'None', kid: rsa.kid })}.${b64(ok)}.`],
        ['HS256 signed with the public key (PEM), kid and iss', compact({ alg: 'HS256', kid: rsa.kid }, ok, hmac(rsaPem))],
        ['HS256 signed with the public key (PEM), no kid', compact({ alg: 'HS256' }, ok, hmac(rsaPem))],
        ['HS256 signed with the public key (PEM), no kid, no iss', compact({ alg: 'HS256' }, { ...ok, iss: undefined, role: 'admin' }, hmac(rsaPem))],
        ['HS256 signed with the public JWK', compact({ alg: 'HS256', kid: rsa.kid }, ok, hmac(rsaJwk))],
        ['RS256 header, HMAC with our secret', compact({ alg: 'RS256', kid: rsa.kid }, ok, hmac(SECRET))],
        ['RS256 header, HMAC with our secret, our claims', compact({ alg: 'RS256' }, { sub: 'x', role: 'admin', exp: nowS() + 600 }, hmac(SECRET))],
        ['HS256 with our secret claiming the provider as issuer', compact({ alg: 'HS256' }, { ...ok, role: 'admin' }, hmac(SECRET))],
        ['HS256 with our secret and a kid', compact({ alg: 'HS256', kid: 'ours' }, { sub: 'x', role: 'admin', exp: nowS() + 600 }, hmac(SECRET))],
        ['HS512', compact({ alg: 'HS512', kid: rsa.kid }, ok, (input) => createHmac('sha512', rsaPem).update(input).digest())],
        ['PS256 with the provider key', signed(rsa, ok, { alg: 'PS256' })],
        ['ES256 header on the RSA kid', signed(rsa, ok, { alg: 'ES256' })],
        ['RS256 header on the EC kid', signed(ec, ok, { alg: 'RS256' })],
        ['ES256 signature in DER', ecDer],
        ['tampered payload', `${h}.${b64({ ...ok, sub: 'someone-else' })}.${s}`],
        ['stripped signature', `${h}.${p}.`],
        ['another key under a known kid', signed(foreign, ok)],
        ['another issuer', signed(foreign, claims({ iss: other.issuer, guard_role: 'guard-admins' }))],
        ['no issuer', signed(rsa, { ...ok, iss: undefined })],
        ['issuer with a trailing slash', signed(rsa, { ...ok, iss: `${provider.issuer}/` })],
        ['another audience', signed(rsa, { ...ok, aud: 'another-api' })],
        ['audiences without ours', signed(ec, { ...ok, aud: ['another-api', 'guard'] })],
        ['no audience', signed(rsa, { ...ok, aud: undefined })],
        ['expired', signed(rsa, { ...ok, exp: nowS() - 120 })],
        ['no exp', signed(rsa, { ...ok, exp: undefined })],
        ['exp as text', signed(rsa, { ...ok, exp: String(nowS() + 600) })],
        ['not yet valid', signed(rsa, { ...ok, nbf: nowS() + 300 })],
        ['issued in the future', signed(rsa, { ...ok, iat: nowS() + 600 })],
        ['no sub', signed(rsa, { ...ok, sub: undefined })],
        ['a critical header extension', signed(rsa, ok, { crit: ['exp'] })],
        ['a key embedded in the header, and a jku', signed(attacker, ok, { kid: rsa.kid, jwk: attacker.jwk, jku: `${other.issuer}/jwks`, x5u: `${other.issuer}/x5u` })],
        ['two parts', `${h}.${p}`],
        ['garbage', 'a.b.c'],
      ]
      for (const [why, token] of forged) await expectRefused(await get('/rules', token), why)
      assert.deepEqual(provider.requests.slice(requestsBefore), [], 'no forgery made us fetch')
      assert.deepEqual(other.requests, [], 'no URL from a token is ever fetched')
    } finally {
      await other.close()
    }
    // Within the clock skew of 60 s, and an audience list that includes ours, are accepted.
    assert.equal((await get('/rules', signed(rsa, { ...ok, exp: nowS() - 30, nbf: nowS() + 30, iat: nowS() + 30 }))).status, 200)
    assert.equal((await get('/rules', signed(ec, { ...ok, aud: ['another-api', AUDIENCE] }))).status, 200)
  })

  test('our own HS256 tokens keep working beside OIDC, agents and repo_access included', async () => {
    writeTree(server.dir, { 'team-b/app.py': 'print(1)\n' })
    assert.equal((await get('/rules', signToken(SECRET, { sub: 'ci', role: 'viewer' }, 1))).status, 200)
    const agent = signToken(SECRET, { sub: 'bot', role: 'agent', repo_access: ['nowhere/*'] }, 1)
    assert.equal((await server.request('/scan', { method: 'POST', json: scanBody, headers: bearer(agent) })).status, 200)
    assert.equal((await server.request('/scan', { method: 'POST', json: { repo_path: 'team-b' }, headers: bearer(agent) })).status, 403)
    await expectRefused(await get('/rules', signToken('another-secret-another-secret-0000', { sub: 'x', role: 'admin' }, 1)), 'HS256 with another secret')
    const page = (await (await get('/api/audit?actor=bot', signToken(SECRET, { sub: 'a', role: 'admin' }, 1))).json()) as { items: { auth_method: string }[] }
    assert.deepEqual([...new Set(page.items.map((e) => e.auth_method))], ['jwt'])
  })

  test('a key rotation: the new kid works after one refetch, the withdrawn one fails; unknown kids do not hammer the provider', async () => {
    const next = signingKey('RS256', 'rsa-2')
    const withdrawn = signed(rsa, claims({ guard_role: 'engineering' }))
    assert.equal((await get('/rules', withdrawn)).status, 200, 'the old key works before the rotation')
    provider.published = [next, ec]
    const before = provider.requests.length
    assert.equal((await get('/rules', signed(next, claims({ guard_role: 'engineering' })))).status, 200)
    assert.deepEqual(provider.requests.slice(before), ['/jwks'], 'one refetch of the key set, no new discovery')
    await expectRefused(await get('/rules', withdrawn), 'a kid removed from the key set')

    // Many tokens with unknown kids, at once and one after another: no further request within the interval.
    const stranger = signingKey('ES256', 'unknown')
    const unknown = Array.from({ length: 25 }, (_, i) => signed(stranger, claims({ guard_role: 'guard-admins' }), { kid: `unknown-${i}` }))
    for (const res of await Promise.all(unknown.map((t) => get('/rules', t)))) await expectRefused(res, 'an unknown kid')
    for (const t of unknown.slice(0, 5)) await expectRefused(await get('/rules', t), 'an unknown kid, again')
    // Even a key published meanwhile waits for the interval (30 s): the unit tests below show the refetch after it.
    provider.published = [next, ec, stranger]
    await expectRefused(await get('/rules', signed(stranger, claims({ guard_role: 'guard-admins' }))), 'a kid published within the interval')
    assert.deepEqual(provider.requests.slice(before), ['/jwks'])
    assert.equal((await get('/rules', signed(ec, claims({ groups: ['auditors'] })))).status, 200, 'known kids still work')
  })
})

describe('OIDC without an Enterprise license', () => {
  const rsa = signingKey('RS256', 'rsa-1')
  /** A provider publishing `rsa`, a server trusting it under `licenseKey`, and a token of the provider; both closed after `body`. */
  async function withGuard(licenseKey: string | undefined, body: (server: TestServer, provider: Provider, token: string) => Promise<void>) {
    const provider = await startProvider([rsa])
    try {
      const server = await startGuard(provider, licenseKey)
      try {
        await body(server, provider, signed(rsa, { iss: provider.issuer, aud: AUDIENCE, sub: 'u-1', exp: nowS() + 600, guard_role: 'auditors' }))
      } finally {
        await server.close()
      }
    } finally {
      await provider.close()
    }
  }
  const ours = (role: 'viewer' | 'admin') => bearer(signToken(SECRET, { sub: 'ops', role }, 1))

  for (const [tier, key] of [['community (no key)', undefined], ['team', license('team')]] as const) {
    test(`${tier}: the config is accepted, OIDC tokens are refused (401), our own tokens work, the provider is never asked`, () =>
      withGuard(key, async (server, provider, token) => {
        await expectRefused(await server.request('/rules', { headers: bearer(token) }), `${tier}: an OIDC token`)
        assert.equal((await server.request('/rules', { headers: ours('viewer') })).status, 200)
        assert.equal((await (await server.request('/api/license', { headers: ours('viewer') })).json()).features.oidc, false)
        assert.deepEqual(provider.requests, [])
      }))
  }

  test('license_key written through POST /api/config starts OIDC sign-in without a restart', () =>
    withGuard(undefined, async (server, provider, token) => {
      await expectRefused(await server.request('/rules', { headers: bearer(token) }), 'before the license')
      assert.equal((await server.request('/api/config', { method: 'POST', json: { license_key: license('enterprise') }, headers: ours('admin') })).status, 200)
      assert.equal((await server.request('/rules', { headers: bearer(token) })).status, 200)
      assert.deepEqual(provider.requests, ['/.well-known/openid-configuration', '/jwks'], 'the keys are fetched at the first token')
    }))
})

describe('auth.oidc in the config', () => {
  const base = { issuer: 'https://login.example.com/realms/acme', audience: AUDIENCE, role_claim: 'guard_role', role_map: { 'guard-admins': 'admin' } }
  const errorsOf = (oidc: object) => configErrors({ auth: { enabled: true, jwt_secret: SECRET, oidc } })

  test('the issuer must be https unless its host is loopback', () => {
    for (const issuer of ['https://login.example.com', 'https://login.example.com/realms/acme/', 'http://127.0.0.1:8080', 'http://127.1.2.3', 'http://localhost:9000/idp', 'http://[::1]:9000'])
      assert.deepEqual(errorsOf({ ...base, issuer }), [], issuer)
    for (const issuer of ['http://login.example.com', 'http://10.0.0.1', 'http://127.0.0.1.nip.io', 'ftp://127.0.0.1'])
      assert.deepEqual(errorsOf({ ...base, issuer }).map((e) => e.path), ['auth.oidc.issuer'], issuer)
    assert.match(errorsOf({ ...base, issuer: 'http://login.example.com' })[0].message, /^must be an https URL \(http only on a loopback host.*got http:\/\/login\.example\.com$/)
    assert.deepEqual(errorsOf({ ...base, issuer: 'login.example.com' }), [{ path: 'auth.oidc.issuer', message: 'not a URL' }])
    assert.deepEqual(errorsOf({ ...base, issuer: 'https://login.example.com/?tenant=1' }).map((e) => e.path), ['auth.oidc.issuer'])
  })

  test('a role claim or a groups claim is needed; role_map names four roles (never agent); unknown keys are named', () => {
    assert.deepEqual(errorsOf({ ...base, role_claim: undefined }).map((e) => e.path), ['auth.oidc.role_claim'])
    assert.deepEqual(errorsOf({ ...base, role_claim: undefined, groups_claim: 'groups' }), [])
    assert.deepEqual(errorsOf({ ...base, role_map: { bots: 'agent' } }).map((e) => e.path), ['auth.oidc.role_map.bots'])
    assert.deepEqual(errorsOf({ ...base, audience: ['a'] }).map((e) => e.path), ['auth.oidc.audience'])
    assert.deepEqual(errorsOf({ ...base, client_secret: 'x' }).map((e) => [e.path, e.message]), [['auth.oidc.client_secret', 'unknown key']])
    assert.deepEqual(errorsOf({ ...base, issuer: undefined }).map((e) => e.path), ['auth.oidc.issuer'])
  })

  test('a server whose issuer is plain http off loopback refuses to start, naming the key', async () => {
    const started = await startServer({ config: { auth: { enabled: true, jwt_secret: SECRET, oidc: { ...base, issuer: 'http://login.example.com' } } }, env: { GUARD_JWT_SECRET: undefined } }).then(
      async (s) => void (await s.close()),
      (e: Error & { errors?: { path: string; message: string }[] }) => e,
    )
    assert.ok(started instanceof Error, 'the server started')
    assert.deepEqual(started.errors?.map((x) => x.path), ['auth.oidc.issuer'])
    assert.match(started.errors![0].message, /must be an https URL/)
  })
})

describe('OidcVerifier on its own clock', () => {
  const rsa = signingKey('RS256', 'rsa-1')
  let provider: Provider
  let clock: number
  const warnings: string[] = []
  const log = { warn: (m: string) => void warnings.push(m), info: () => {} } as unknown as Logger
  const verifier = (config: Partial<OidcConfig> = {}) => new OidcVerifier({ ...oidcConfig(provider.issuer), ...config }, log, () => clock)
  const token = (key: SigningKey, extra: object = {}) => decodeJws(signed(key, { iss: provider.issuer, aud: AUDIENCE, sub: 'u-1', exp: Math.floor(clock / 1000) + 600, ...extra }))!

  before(async () => (provider = await startProvider([rsa])))
  after(() => provider.close())

  test('after the interval an unknown kid is fetched again, once for many callers at a time', async () => {
    clock = Date.now()
    const v = verifier()
    await v.start()
    const next = signingKey('ES256', 'ec-2')
    provider.published = [rsa, next]
    provider.requests.length = 0
    await v.verify(token(next)) // the first refetch: the fetch at start does not count
    await assert.rejects(v.verify(token(signingKey('ES256', 'ec-3'))), /not in the provider's key set/)
    assert.deepEqual(provider.requests, ['/jwks'])
    const later = signingKey('RS256', 'rsa-3')
    provider.published = [rsa, next, later]
    clock += REFETCH_INTERVAL_MS - 1
    await assert.rejects(v.verify(token(later)), /not in the provider's key set/)
    clock += 1
    const results = await Promise.allSettled(Array.from({ length: 20 }, () => v.verify(token(later))))
    assert.deepEqual(results.map((r) => r.status), Array(20).fill('fulfilled'))
    assert.deepEqual(provider.requests, ['/jwks', '/jwks'])
  })

  test('an old key set is fetched again, so a withdrawn key stops working even when no kid is unknown', async () => {
    clock = Date.now()
    provider.published = [rsa]
    const v = verifier()
    await v.start()
    await v.verify(token(rsa))
    provider.published = []
    clock += KEYS_TTL_MS - 1000
    await v.verify(token(rsa))
    clock += 1000
    await assert.rejects(v.verify(token(rsa)), /not in the provider's key set/)
  })

  test('a provider that is down at start: a warning, refused tokens, and the keys fetched once it answers', async () => {
    clock = Date.now()
    provider.published = [rsa]
    provider.down = true
    warnings.length = 0
    const v = verifier()
    await v.start()
    assert.match(warnings[0], /the keys of http:\/\/127\.0\.0\.1:\d+ could not be fetched \(.* answered 503\); its tokens are refused until a fetch succeeds/)
    await assert.rejects(v.verify(token(rsa)), /not in the provider's key set/)
    provider.down = false
    await assert.rejects(v.verify(token(rsa)), /not in the provider's key set/, 'within the interval')
    clock += REFETCH_INTERVAL_MS
    await v.verify(token(rsa))
  })

  test('a discovery document naming another issuer, or a key set off https elsewhere, gives no keys', async () => {
    for (const discovery of [{ issuer: 'https://login.example.com' }, { jwks_uri: 'http://203.0.113.7/jwks' }, { jwks_uri: 'data:application/json,{"keys":[]}' }]) {
      clock = Date.now()
      provider.discovery = discovery
      provider.requests.length = 0
      warnings.length = 0
      const v = verifier()
      await v.start()
      await assert.rejects(v.verify(token(rsa)), /not in the provider's key set/)
      assert.match(warnings.join('\n'), /names the issuer|neither https nor on the issuer's origin/, JSON.stringify(discovery))
      assert.ok(!provider.requests.includes('/jwks'))
    }
    provider.discovery = {}
  })

  test('roles: a dotted path reaches a nested claim, the most privileged wins, non-strings are ignored', () => {
    clock = Date.now()
    const v = verifier({ role_claim: undefined, groups_claim: 'realm_access.roles' })
    assert.equal(v.roleOf({ realm_access: { roles: ['auditors', 'engineering'] } }), 'developer')
    assert.equal(v.roleOf({ 'realm_access.roles': ['guard-admins'], realm_access: { roles: ['auditors'] } }), 'admin')
    assert.equal(v.roleOf({ realm_access: { roles: [1, null, { appsec: true }] } }), undefined)
    const both = verifier()
    assert.equal(both.roleOf({ guard_role: 'auditors', groups: ['appsec'] }), 'security-lead')
    assert.equal(both.roleOf({ guard_role: 'guard-admins', groups: ['appsec'] }), 'admin')
    assert.equal(both.actorOf({ sub: 'u-1', email: 'a\nb@example.com', preferred_username: 'ab' }), 'u-1 (ab)')
    assert.equal(both.actorOf({ sub: 'u-1', email: 'u-1' }), 'u-1')
  })
})
