// Authentication and authorisation (CONTRACT §5): API key, HS256 JWT, OIDC, the precedence table, the role matrix.
import { timingSafeEqual, createHash } from 'node:crypto'
import type { FastifyRequest } from 'fastify'
import { allows, ForbiddenError, GuardError, isRole, jwtSecret, UnauthorizedError, VERIFY_OPTIONS, type Identity, type Permission, type PluginContext } from '../../kernel/plugin.ts'
import { decodeJws, OidcVerifier, type Jws } from './oidc.ts'

export const manifest = { name: 'auth', version: '1.0.0', tier: 'community' } as const

const KEY_FAILURE = 'Invalid or missing API key'
const TOKEN_FAILURE = 'Invalid or expired token'
const BEARER_CHALLENGE = { 'www-authenticate': 'Bearer realm="guard", error="invalid_token"' }

/** Constant-time comparison that does not leak the key's length either. */
function sameKey(given: string, expected: string): boolean {
  const digest = (s: string) => createHash('sha256').update(s).digest()
  return timingSafeEqual(digest(given), digest(expected))
}

export default async function register({ kernel, app }: PluginContext): Promise<void> {
  if (!app) return
  const jwtEnabled = kernel.config.auth?.enabled === true
  const secret = jwtSecret(kernel.config)
  if (jwtEnabled && !secret) throw new Error('auth.enabled is true but neither auth.jwt_secret nor GUARD_JWT_SECRET is set')
  // Loaded only by a server that verifies tokens: the CLI never pays for it.
  if (jwtEnabled) await app.register((await import('@fastify/jwt')).default, { secret: secret!, verify: VERIFY_OPTIONS })
  const oidc = await startOidc(kernel, jwtEnabled)

  /** A token of the identity provider: refused (401) without the license feature, 403 when no claim maps to a role. */
  async function oidcIdentity(verifier: OidcVerifier, request: FastifyRequest, jws: Jws, permission: Permission): Promise<Identity> {
    // Asked per token, not once: a license that expires while the server runs ends OIDC sign-in with it.
    if (!kernel.license().features.oidc) throw new UnauthorizedError(TOKEN_FAILURE, BEARER_CHALLENGE)
    let claims: Record<string, unknown>
    try {
      claims = await verifier.verify(jws)
    } catch (e) {
      request.log.info(`OIDC token refused: ${(e as Error).message}`)
      throw new UnauthorizedError(TOKEN_FAILURE, BEARER_CHALLENGE)
    }
    const role = verifier.roleOf(claims)
    if (!role) {
      request.log.info(`OIDC token of ${JSON.stringify(claims.sub)}: no role_claim or groups_claim value is in auth.oidc.role_map`)
      throw new ForbiddenError(`Permission denied: ${permission} required`)
    }
    return { sub: verifier.actorOf(claims), role, auth: 'oidc' }
  }

  async function authenticate(request: FastifyRequest, permission: Permission): Promise<Identity> {
    const apiKey = process.env.GUARD_API_KEY || undefined
    if (request.headers.authorization !== undefined && jwtEnabled) {
      const jws = oidc && decodeJws(/^Bearer\s+(\S+)\s*$/i.exec(request.headers.authorization)?.[1] ?? '')
      if (oidc && jws && oidc.owns(jws)) return oidcIdentity(oidc, request, jws, permission)
      let claims: Record<string, unknown>
      try {
        claims = await request.jwtVerify<Record<string, unknown>>()
      } catch {
        throw new UnauthorizedError(TOKEN_FAILURE, BEARER_CHALLENGE)
      }
      const access = claims.repo_access
      const accessOk = access === undefined || (Array.isArray(access) && access.every((a) => typeof a === 'string'))
      if (!isRole(claims.role) || typeof claims.sub !== 'string' || !accessOk) throw new UnauthorizedError(TOKEN_FAILURE, BEARER_CHALLENGE)
      return { sub: claims.sub, role: claims.role, auth: 'jwt', repo_access: access as string[] | undefined }
    }
    // Without a configured key the header means nothing: with no method at all, every caller is the anonymous admin.
    const key = request.headers['x-api-key']
    if (key !== undefined && apiKey) {
      if (typeof key === 'string' && sameKey(key, apiKey)) return { sub: 'api-key', role: 'admin', auth: 'api-key' }
      throw new UnauthorizedError(KEY_FAILURE)
    }
    if (!apiKey && !jwtEnabled) return { sub: 'anonymous', role: 'admin', auth: 'anonymous' }
    throw jwtEnabled ? new UnauthorizedError(TOKEN_FAILURE, BEARER_CHALLENGE) : new UnauthorizedError(KEY_FAILURE)
  }

  app.addHook('onRequest', async (request) => {
    if (request.is404) return
    const permission = request.routeOptions.config.permission
    // A route that declares no permission is a bug: fail closed rather than open.
    if (!permission) throw new GuardError(500, 'Internal server error')
    if (permission === 'public') return
    if (permission === 'docs' && kernel.config.docs?.public === true) return
    const identity = await authenticate(request, permission)
    request.identity = identity
    if (!allows(identity.role, permission)) throw new ForbiddenError(`Permission denied: ${permission} required`)
  })
}

/** The identity provider of `auth.oidc`, its keys fetched at start when the license covers it; undefined without one. */
async function startOidc(kernel: PluginContext['kernel'], jwtEnabled: boolean): Promise<OidcVerifier | undefined> {
  const config = kernel.config.auth?.oidc
  if (!config) return undefined
  if (!jwtEnabled) {
    kernel.log.warn('auth.oidc is ignored: auth.enabled is not true')
    return undefined
  }
  const verifier = new OidcVerifier(config, kernel.log)
  const license = kernel.license()
  if (license.features.oidc) await verifier.start()
  else kernel.log.warn(`auth.oidc is set, but the ${license.tier} license does not include OIDC (Enterprise): tokens of ${config.issuer} are refused (401)`)
  return verifier
}
