// Bearer tokens of an external identity provider (CONTRACT §5, Enterprise): its discovery document and key set, RS256
// and ES256 signatures, the registered claims, and the claim → role mapping of `auth.oidc`.
import { createPublicKey, verify, type JsonWebKey, type KeyObject } from 'node:crypto'
import type { Logger } from 'pino'
import { isPlainObject, type GuardConfig, type Role } from '../../kernel/plugin.ts'

export type OidcConfig = NonNullable<NonNullable<GuardConfig['auth']>['oidc']>
type Claims = Record<string, unknown>

/** Clock difference tolerated between the provider and us, for `exp`, `nbf` and `iat`. */
const SKEW_S = 60
/** Tokens never make us fetch the key set more often than this: a flood of unknown kids costs the provider one request. */
export const REFETCH_INTERVAL_MS = 30_000
/** The key set is fetched again once it is this old, so a key the provider withdrew stops being accepted. */
export const KEYS_TTL_MS = 10 * 60_000
const FETCH_TIMEOUT_MS = 5_000
/** The order that decides between several mapped roles: the first one held wins. */
const BY_PRIVILEGE: Role[] = ['admin', 'security-lead', 'developer', 'viewer']

type Algorithm = 'RS256' | 'ES256'
interface VerifyKey {
  alg: Algorithm
  key: KeyObject
}

/** A compact JWS, decoded but not verified. */
export interface Jws {
  header: Claims
  payload: Claims
  signingInput: Buffer
  signature: Buffer
}

export function decodeJws(token: string): Jws | undefined {
  const parts = token.split('.')
  if (parts.length !== 3 || !parts.every((p) => /^[A-Za-z0-9_-]*$/.test(p))) return undefined
  const [header, payload] = parts.slice(0, 2).map((p) => {
    try {
      return JSON.parse(Buffer.from(p, 'base64url').toString('utf8')) as unknown
    } catch {
      return undefined
    }
  })
  if (!isPlainObject(header) || !isPlainObject(payload)) return undefined
  return { header, payload, signingInput: Buffer.from(`${parts[0]}.${parts[1]}`), signature: Buffer.from(parts[2], 'base64url') }
}

/** A JWK we can verify with: a signing key with a kid, RSA of at least 2048 bits (RS256) or EC P-256 (ES256). */
function verifyKeyOf(jwk: unknown): [string, VerifyKey] | undefined {
  if (!isPlainObject(jwk) || typeof jwk.kid !== 'string' || (jwk.use !== undefined && jwk.use !== 'sig')) return undefined
  if (Array.isArray(jwk.key_ops) && !jwk.key_ops.includes('verify')) return undefined
  const alg: Algorithm | undefined = jwk.kty === 'RSA' ? 'RS256' : jwk.kty === 'EC' && jwk.crv === 'P-256' ? 'ES256' : undefined
  if (!alg || (jwk.alg !== undefined && jwk.alg !== alg)) return undefined
  // Only the public members: a key set that carries a private part by mistake still gives a public key.
  const members = alg === 'RS256' ? { kty: 'RSA', n: jwk.n, e: jwk.e } : { kty: 'EC', crv: 'P-256', x: jwk.x, y: jwk.y }
  try {
    const key = createPublicKey({ key: members as JsonWebKey, format: 'jwk' })
    if (alg === 'RS256' && (key.asymmetricKeyDetails?.modulusLength ?? 0) < 2048) return undefined
    return [jwk.kid, { alg, key }]
  } catch {
    return undefined
  }
}

function signatureHolds({ alg, key }: VerifyKey, { signingInput, signature }: Jws): boolean {
  try {
    if (alg === 'RS256') return verify('sha256', signingInput, key, signature)
    // JWS carries ECDSA signatures as r‖s, 32 bytes each, not DER.
    return verify('sha256', signingInput, { key, dsaEncoding: 'ieee-p1363' }, signature)
  } catch {
    return false
  }
}

/** Only the URL given: no redirect is followed, and a slow provider fails rather than holding requests. */
async function fetchJson(url: string): Promise<Claims> {
  const res = await fetch(url, { redirect: 'error', signal: AbortSignal.timeout(FETCH_TIMEOUT_MS), headers: { accept: 'application/json' } })
  if (!res.ok) {
    await res.body?.cancel()
    throw new Error(`${url} answered ${res.status}`)
  }
  const body: unknown = await res.json()
  if (!isPlainObject(body)) throw new Error(`${url} did not answer a JSON object`)
  return body
}

/** Why the registered claims refuse a token now, or undefined. Checked before the key is looked for. */
function claimsProblem(claims: Claims, config: OidcConfig, nowS: number): string | undefined {
  if (claims.iss !== config.issuer) return `iss ${JSON.stringify(claims.iss)} is not the configured issuer`
  const aud = Array.isArray(claims.aud) ? claims.aud : [claims.aud]
  if (!aud.includes(config.audience)) return `aud ${JSON.stringify(claims.aud)} does not include ${config.audience}`
  if (typeof claims.exp !== 'number') return 'no exp'
  if (claims.exp + SKEW_S <= nowS) return 'expired'
  if (claims.nbf !== undefined && (typeof claims.nbf !== 'number' || claims.nbf - SKEW_S > nowS)) return 'not valid yet (nbf)'
  if (claims.iat !== undefined && (typeof claims.iat !== 'number' || claims.iat - SKEW_S > nowS)) return 'issued in the future (iat)'
  if (typeof claims.sub !== 'string' || claims.sub.length === 0 || claims.sub.length > 255) return 'no sub'
  return undefined
}

/** A claim by its name, or by a dotted path into nested claims (Keycloak's `realm_access.roles`) when no claim has that name. */
function claimAt(claims: Claims, name: string): unknown {
  if (Object.hasOwn(claims, name)) return claims[name]
  let at: unknown = claims
  for (const part of name.split('.')) at = isPlainObject(at) && Object.hasOwn(at, part) ? at[part] : undefined
  return at
}

/** The provider's signing keys: fetched at start, again when old, and when a token names a kid we do not know. */
class ProviderKeys {
  private keys = new Map<string, VerifyKey>()
  private jwksUri: string | undefined
  private loadedAt: number | undefined
  /** When a token last made us fetch (the fetch at start is not one). */
  private refetchedAt = -Infinity
  private loading: Promise<void> | undefined

  constructor(
    private readonly issuer: string,
    private readonly log: Logger,
    private readonly now: () => number,
  ) {}

  /** The key a token names; the set is fetched again first when it is old or lacks the kid, unless a token did so within the interval. */
  async keyFor(kid: string): Promise<VerifyKey | undefined> {
    const old = this.loadedAt === undefined || this.now() - this.loadedAt >= KEYS_TTL_MS
    if (old || !this.keys.has(kid)) {
      if (this.loading) await this.loading
      else if (this.now() - this.refetchedAt >= REFETCH_INTERVAL_MS) {
        this.refetchedAt = this.now()
        await this.load()
      }
    }
    return this.keys.get(kid)
  }

  /** One fetch at a time, shared by every caller; a failure keeps the keys we had and is logged. */
  load(): Promise<void> {
    this.loading ??= this.fetchKeys()
      .catch((e: unknown) => {
        const kept = this.keys.size ? `keeping the ${this.keys.size} key(s) fetched before` : 'its tokens are refused until a fetch succeeds'
        this.log.warn(`auth.oidc: the keys of ${this.issuer} could not be fetched (${(e as Error).message}); ${kept}`)
      })
      .finally(() => (this.loading = undefined))
    return this.loading
  }

  private async fetchKeys(): Promise<void> {
    if (!this.jwksUri) {
      const doc = await fetchJson(`${this.issuer.replace(/\/$/, '')}/.well-known/openid-configuration`)
      if (doc.issuer !== this.issuer) throw new Error(`its discovery document names the issuer ${JSON.stringify(doc.issuer)}`)
      if (typeof doc.jwks_uri !== 'string' || !URL.canParse(doc.jwks_uri)) throw new Error('its discovery document has no jwks_uri')
      const uri = new URL(doc.jwks_uri)
      // The issuer itself was checked (https, or http on loopback); its key set must be as safe to fetch.
      if (uri.protocol !== 'https:' && uri.origin !== new URL(this.issuer).origin) throw new Error(`jwks_uri ${uri.href} is neither https nor on the issuer's origin`)
      this.jwksUri = uri.href
    }
    let jwks: Claims
    try {
      jwks = await fetchJson(this.jwksUri)
    } catch (e) {
      // Looked up again through discovery next time, in case the key set moved.
      this.jwksUri = undefined
      throw e
    }
    const keys = new Map<string, VerifyKey>()
    for (const jwk of Array.isArray(jwks.keys) ? jwks.keys : []) {
      const entry = verifyKeyOf(jwk)
      if (entry && !keys.has(entry[0])) keys.set(...entry)
    }
    if (!keys.size) this.log.warn(`auth.oidc: the key set of ${this.issuer} has no RS256 or ES256 signing key with a kid`)
    this.keys = keys
    this.loadedAt = this.now()
  }
}

/** Judges the provider's bearer tokens and maps their claims to a role. */
export class OidcVerifier {
  private readonly keys: ProviderKeys

  constructor(
    readonly config: OidcConfig,
    log: Logger,
    private readonly now: () => number = Date.now,
  ) {
    this.keys = new ProviderKeys(config.issuer, log, now)
  }

  /** Fetches the discovery document and the key set (at start); never throws. */
  start(): Promise<void> {
    return this.keys.load()
  }

  /**
   * Whether a token is the provider's to judge rather than our HS256 secret's: it names another algorithm, or a key
   * (`kid`: ours never do), or the provider as its issuer. The provider's verifier then accepts only RS256/ES256 with
   * one of its keys, so neither secret nor key can be played against the other verifier.
   */
  owns({ header, payload }: Jws): boolean {
    return header.alg !== 'HS256' || header.kid !== undefined || payload.iss === this.config.issuer
  }

  /** The token's claims once its algorithm, registered claims and signature hold; otherwise an Error saying why. */
  async verify(jws: Jws): Promise<Claims> {
    const { alg, kid, crit } = jws.header
    if (alg !== 'RS256' && alg !== 'ES256') throw new Error(`algorithm ${JSON.stringify(alg)} is not accepted from the provider`)
    if (crit !== undefined) throw new Error('critical header extensions are not supported')
    if (typeof kid !== 'string') throw new Error('no kid')
    // Before the key is looked for: a token of another issuer, or an expired one, never makes us fetch.
    const problem = claimsProblem(jws.payload, this.config, Math.floor(this.now() / 1000))
    if (problem) throw new Error(problem)
    const key = await this.keys.keyFor(kid)
    if (!key) throw new Error(`kid ${JSON.stringify(kid)} is not in the provider's key set`)
    if (key.alg !== alg) throw new Error(`kid ${JSON.stringify(kid)} is an ${key.alg} key, the token says ${alg}`)
    if (!signatureHolds(key, jws)) throw new Error('the signature does not verify')
    return jws.payload
  }

  /** The most privileged role that role_claim's value or a groups_claim entry maps to; undefined when none is mapped. */
  roleOf(claims: Claims): Role | undefined {
    const { role_claim, groups_claim, role_map } = this.config
    const groups = groups_claim ? claimAt(claims, groups_claim) : undefined
    const values = [role_claim ? claimAt(claims, role_claim) : undefined, ...(Array.isArray(groups) ? groups : [])]
    const roles: Role[] = values.flatMap((v) => (typeof v === 'string' && Object.hasOwn(role_map, v) ? [role_map[v]] : []))
    return BY_PRIVILEGE.find((r) => roles.includes(r))
  }

  /** The audit actor: `sub`, the stable identifier, followed by the readable email or user name when the token has one. */
  actorOf(claims: Claims): string {
    const sub = claims.sub as string
    const name = [claims.email, claims.preferred_username].find((v): v is string => typeof v === 'string' && v.length > 0 && v.length <= 256 && !/[\u0000-\u001f\u007f]/.test(v))
    return name && name !== sub ? `${sub} (${name})` : sub
  }
}
