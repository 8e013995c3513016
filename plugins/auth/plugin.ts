// Authentication and authorisation (CONTRACT §5): API key, HS256 JWT, the precedence table, the role matrix.
import { timingSafeEqual, createHash } from 'node:crypto'
import type { FastifyRequest } from 'fastify'
import { allows, ForbiddenError, GuardError, isRole, jwtSecret, UnauthorizedError, VERIFY_OPTIONS, type Identity, type PluginContext } from '../../kernel/plugin.ts'

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

  async function authenticate(request: FastifyRequest): Promise<Identity> {
    const apiKey = process.env.GUARD_API_KEY || undefined
    if (request.headers.authorization !== undefined && jwtEnabled) {
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
    const identity = await authenticate(request)
    request.identity = identity
    if (!allows(identity.role, permission)) throw new ForbiddenError(`Permission denied: ${permission} required`)
  })
}
