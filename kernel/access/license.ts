// License keys (CONTRACT §10): Ed25519-signed tokens verified offline; anything wrong means community, never a crash.
import { createPrivateKey, createPublicKey, sign, verify, type KeyObject } from 'node:crypto'
import type { Logger } from 'pino'
import { Type, type Static } from '@sinclair/typebox'
import { Value } from '@sinclair/typebox/value'

export const TIERS = ['community', 'team', 'enterprise'] as const
export type Tier = (typeof TIERS)[number]

/** The vendor's public key (SPKI DER, base64). Its private half is not in this repository; GUARD_LICENSE_PUBLIC_KEY replaces it. */
export const BUILTIN_LICENSE_PUBLIC_KEY = 'MCowBQYDK2VwAyEAxLErzDQHwxhfP0S/k0kqK+jTeYS/llh8PqYwaB5OfbU='

/** What each tier unlocks; community keeps every core feature. A key's own `features` may add to its tier's. */
export const TIER_FEATURES: Record<Tier, Record<string, boolean>> = {
  community: { scan: true, gate: true, reports: true, packs: true, custom_packs: true, findings: true, governance: true, audit: true, devops: false, approvals: false, oidc: false },
  team: { scan: true, gate: true, reports: true, packs: true, custom_packs: true, findings: true, governance: true, audit: true, devops: true, approvals: false, oidc: false },
  enterprise: { scan: true, gate: true, reports: true, packs: true, custom_packs: true, findings: true, governance: true, audit: true, devops: true, approvals: true, oidc: true },
}

export const LicensePayload = Type.Object(
  {
    org: Type.String({ minLength: 1 }),
    tier: Type.Union(TIERS.map((t) => Type.Literal(t))),
    expires_at: Type.String({ description: 'ISO 8601 date-time' }),
    features: Type.Optional(Type.Record(Type.String(), Type.Boolean())),
  },
  { additionalProperties: false },
)
export type LicensePayload = Static<typeof LicensePayload>

export const LicenseInfo = Type.Object(
  {
    tier: Type.Union(TIERS.map((t) => Type.Literal(t))),
    valid: Type.Boolean({ description: 'A key was given, its signature verified and it has not expired' }),
    org: Type.Union([Type.String(), Type.Null()]),
    expires_at: Type.Union([Type.String(), Type.Null()]),
    features: Type.Record(Type.String(), Type.Boolean()),
  },
  { title: 'License' },
)
export type LicenseInfo = Static<typeof LicenseInfo>

const community = (): LicenseInfo => ({ tier: 'community', valid: false, org: null, expires_at: null, features: { ...TIER_FEATURES.community } })

/** A PEM, or base64 SPKI DER. */
export function parsePublicKey(text: string): KeyObject {
  const trimmed = text.trim()
  if (trimmed.includes('-----BEGIN')) return createPublicKey(trimmed)
  return createPublicKey({ key: Buffer.from(trimmed, 'base64'), format: 'der', type: 'spki' })
}

/** `base64url(JSON payload).base64url(Ed25519 signature of the first part)`. */
export function issueLicense(privateKeyPem: string, payload: LicensePayload): string {
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url')
  return `${body}.${sign(null, Buffer.from(body), createPrivateKey(privateKeyPem)).toString('base64url')}`
}

/** The license a key grants; `problem` says why it grants only community. Never throws. */
export function verifyLicense(key: string | undefined, publicKey: KeyObject, now = Date.now()): { info: LicenseInfo; problem?: string } {
  if (!key) return { info: community() }
  const parts = key.trim().split('.')
  if (parts.length !== 2 || !parts.every((p) => /^[A-Za-z0-9_-]+$/.test(p))) return { info: community(), problem: 'malformed license key' }
  let payload: unknown
  try {
    if (!verify(null, Buffer.from(parts[0]), publicKey, Buffer.from(parts[1], 'base64url'))) return { info: community(), problem: 'license key signature does not verify' }
    payload = JSON.parse(Buffer.from(parts[0], 'base64url').toString('utf8'))
  } catch (e) {
    return { info: community(), problem: `unreadable license key: ${(e as Error).message}` }
  }
  const expires = Value.Check(LicensePayload, payload) ? Date.parse(payload.expires_at) : NaN
  if (!Value.Check(LicensePayload, payload) || Number.isNaN(expires)) return { info: community(), problem: 'license key payload is not {org, tier, expires_at, features?}' }
  const info: LicenseInfo = { tier: payload.tier, valid: true, org: payload.org, expires_at: payload.expires_at, features: { ...TIER_FEATURES[payload.tier], ...payload.features } }
  if (expires <= now) return { info: { ...community(), org: payload.org, expires_at: payload.expires_at }, problem: `license for ${payload.org} expired at ${payload.expires_at}` }
  return { info }
}

const warned = new Set<string>()

/** The server's license: GUARD_LICENSE_KEY or `license_key`, checked against GUARD_LICENSE_PUBLIC_KEY or the built-in key. */
export function currentLicense(config: { license_key?: string }, log?: Logger): LicenseInfo {
  const key = process.env.GUARD_LICENSE_KEY || config.license_key || undefined
  let result: ReturnType<typeof verifyLicense>
  try {
    result = verifyLicense(key, parsePublicKey(process.env.GUARD_LICENSE_PUBLIC_KEY || BUILTIN_LICENSE_PUBLIC_KEY))
  } catch (e) {
    result = { info: community(), problem: `GUARD_LICENSE_PUBLIC_KEY is not an Ed25519 public key: ${(e as Error).message}` }
  }
  // One warning per distinct problem, not one per request.
  if (result.problem && !warned.has(result.problem)) {
    warned.add(result.problem)
    log?.warn(`${result.problem}; running as community`)
  }
  return result.info
}
