// Governance (CONTRACT §1b, §11): gate, approval, suppression and audit policies with their defaults, and locked keys.
import { Type, type Static } from '@sinclair/typebox'
import { DEFAULT_FAIL_ON, GovernanceConfig, GuardConfig, isPlainObject, type ScanConfig } from './config.ts'
import { ForbiddenError, type FieldError } from '../base/errors.ts'
import { allows, ROLES, type Identity, type Role } from '../access/permissions.ts'
import { Severity } from '../base/schemas.ts'

const strict = { additionalProperties: false }

/**
 * POST /api/governance: the gate policy is the config's `gate`; the rest is its `governance` section. What GET
 * answers is accepted back: `max_expiry_days: null` means no limit (the key is removed).
 */
export const GovernanceUpdate = Type.Object(
  {
    gate: GuardConfig.properties.gate,
    ...GovernanceConfig.properties,
    suppressions: Type.Optional(
      Type.Object(
        {
          reason_required: Type.Optional(Type.Boolean()),
          max_expiry_days: Type.Optional(Type.Union([Type.Integer({ minimum: 1 }), Type.Null()], { description: 'null: no limit' })),
        },
        strict,
      ),
    ),
  },
  { ...strict, title: 'GovernanceUpdate' },
)
export type GovernanceUpdate = Static<typeof GovernanceUpdate>

export const GovernancePolicy = Type.Object(
  {
    gate: Type.Object({ fail_on: Type.Array(Severity), max: Type.Record(Type.String(), Type.Integer()) }),
    locked_keys: Type.Array(Type.String()),
    approvals: Type.Object({
      required: Type.Boolean(),
      approver_roles: Type.Array(Type.String()),
      required_approvals: Type.Integer(),
      expiry_hours: Type.Number(),
    }),
    suppressions: Type.Object({ reason_required: Type.Boolean(), max_expiry_days: Type.Union([Type.Integer(), Type.Null()], { description: 'null: no limit' }) }),
    audit_retention_days: Type.Integer(),
  },
  { title: 'GovernancePolicy' },
)
export type GovernancePolicy = Static<typeof GovernancePolicy>

export const DEFAULT_APPROVER_ROLES: Role[] = ROLES.filter((r) => allows(r, 'approvals:decide'))

/** The policy in force: the server config's values over the defaults. */
export function governancePolicy(config: GuardConfig): GovernancePolicy {
  const g = config.governance ?? {}
  return {
    gate: { fail_on: config.gate?.fail_on ?? DEFAULT_FAIL_ON, max: (config.gate?.max ?? {}) as Record<string, number> },
    locked_keys: g.locked_keys ?? [],
    approvals: {
      required: g.approvals?.required ?? false,
      approver_roles: g.approvals?.approver_roles ?? DEFAULT_APPROVER_ROLES,
      required_approvals: g.approvals?.required_approvals ?? 1,
      expiry_hours: g.approvals?.expiry_hours ?? 72,
    },
    suppressions: { reason_required: g.suppressions?.reason_required ?? false, max_expiry_days: g.suppressions?.max_expiry_days ?? null },
    audit_retention_days: g.audit_retention_days ?? 365,
  }
}


/** Whether `config` sets the key path (`gate`, `gate.fail_on`, `rules.js.eval-injection`: keys may hold dots). */
function sets(config: unknown, keyPath: string): boolean {
  if (!isPlainObject(config)) return false
  return Object.entries(config).some(
    ([k, v]) => v !== undefined && (k === keyPath || (keyPath.startsWith(`${k}.`) && sets(v, keyPath.slice(k.length + 1)))),
  )
}

/** The locked keys that `config` (overrides, or a repository's file) tries to set. */
export function lockedKeysSetBy(config: unknown, server: GuardConfig): string[] {
  return (server.governance?.locked_keys ?? []).filter((k) => sets(config, k))
}

/** A request may override a locked key only with governance:write (403 otherwise). */
export function checkLockedKeys(overrides: ScanConfig, server: GuardConfig, identity: Identity | undefined): void {
  if (lockedKeysSetBy(overrides, server).length && !(identity && allows(identity.role, 'governance:write'))) throw new ForbiddenError('Permission denied: governance:write required')
}

/** A repository's own .guard.yaml cannot change a locked key either: those keys are dropped from it. */
export function withoutLockedKeys(repo: GuardConfig, server: GuardConfig): GuardConfig {
  let out: unknown = repo
  for (const key of server.governance?.locked_keys ?? []) out = dropPath(out, key)
  return out as GuardConfig
}

function dropPath(config: unknown, keyPath: string): unknown {
  if (!isPlainObject(config)) return config
  const out: Record<string, unknown> = {}
  for (const [k, v] of Object.entries(config)) {
    if (k === keyPath) continue
    out[k] = keyPath.startsWith(`${k}.`) ? dropPath(v, keyPath.slice(k.length + 1)) : v
  }
  return out
}

/** Config suppressions that break the suppression policy (warnings: the file stays usable). */
export function suppressionPolicyWarnings(config: GuardConfig, policy: GovernancePolicy, now = Date.now()): FieldError[] {
  const warnings: FieldError[] = []
  const maxDays = policy.suppressions.max_expiry_days
  for (const [i, s] of (config.suppressions ?? []).entries()) {
    const at = `suppressions[${i}]`
    if (policy.suppressions.reason_required && !s.reason?.trim()) warnings.push({ path: `${at}.reason`, message: 'governance requires a reason for every suppression' })
    const expires = s.expires === undefined ? NaN : Date.parse(s.expires)
    if (s.expires !== undefined && Number.isNaN(expires)) warnings.push({ path: `${at}.expires`, message: 'not a date' })
    else if (expires < now) warnings.push({ path: `${at}.expires`, message: 'expired: the suppression no longer applies' })
    if (maxDays !== null && (s.expires === undefined || expires - now > maxDays * 86_400_000))
      warnings.push({ path: `${at}.expires`, message: `governance allows suppressions of at most ${maxDays} day(s)` })
  }
  return warnings
}
