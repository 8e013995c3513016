// HS256 access tokens (CONTRACT §5): minted by `guard token`, verified by the auth plugin.
import { createRequire } from 'node:module'
import type { Role } from './permissions.ts'

export interface TokenClaims {
  sub: string
  role: Role
  repo_access?: string[]
  exp: number
}

/** GUARD_JWT_SECRET wins over auth.jwt_secret, so a secret can stay out of the file. */
export function jwtSecret(config: { auth?: { jwt_secret?: string } }): string | undefined {
  return process.env.GUARD_JWT_SECRET || config.auth?.jwt_secret || undefined
}

export function signToken(secret: string, claims: Omit<TokenClaims, 'exp'>, hours: number): string {
  // Loaded here, not with the module: the auth plugin that every start loads needs only the two helpers below.
  const { createSigner } = createRequire(import.meta.url)('fast-jwt') as typeof import('fast-jwt')
  return createSigner({ key: secret, algorithm: 'HS256', expiresIn: Math.round(hours * 3600_000) })(claims)
}

/** Verification options: HS256 only (no `none`, no algorithm confusion), `exp` required. */
export const VERIFY_OPTIONS = { algorithms: ['HS256' as const], requiredClaims: ['exp', 'sub', 'role'] }
