// .guard.yaml: the schema, loading, validation with key paths, and the merge of repo config and overrides.
import fs from 'node:fs'
import path from 'node:path'
import YAML from 'yaml'
import { Type, type Static } from '@sinclair/typebox'
import { Value } from '@sinclair/typebox/value'
import { SEVERITIES, Severity } from '../base/schemas.ts'
import { BadRequestError, keyPath, ValidationError, type FieldError } from '../base/errors.ts'
import { ROLES } from '../access/permissions.ts'

const strict = { additionalProperties: false }
const SeverityList = Type.Array(Severity)

export const SuppressionRule = Type.Object(
  {
    rule_id: Type.String(),
    path: Type.Optional(Type.String({ description: 'glob, relative to the scanned root' })),
    reason: Type.Optional(Type.String()),
    by: Type.Optional(Type.String()),
    expires: Type.Optional(Type.String({ description: 'ISO date; after it the suppression no longer applies' })),
  },
  strict,
)
export type SuppressionRule = Static<typeof SuppressionRule>

/** `rules:` — per-rule `{severity, enabled}` overrides, also kept by custom packs in overrides.yaml. */
export const RuleOverrides = Type.Record(Type.String(), Type.Object({ severity: Type.Optional(Severity), enabled: Type.Optional(Type.Boolean()) }, strict))
export type RuleOverrides = Static<typeof RuleOverrides>

const ScanKeys = {
  packs: Type.Optional(Type.Array(Type.String(), { description: 'Enabled pack ids' })),
  gate: Type.Optional(
    Type.Object(
      {
        fail_on: Type.Optional(SeverityList),
        max: Type.Optional(Type.Partial(Type.Object(Object.fromEntries(SEVERITIES.map((s) => [s, Type.Integer({ minimum: 0 })]))), strict)),
      },
      strict,
    ),
  ),
  include: Type.Optional(Type.Array(Type.String())),
  exclude: Type.Optional(Type.Array(Type.String())),
  suppressions: Type.Optional(Type.Array(SuppressionRule)),
  rules: Type.Optional(RuleOverrides),
  limits: Type.Optional(
    Type.Object(
      {
        max_file_kb: Type.Optional(Type.Integer({ minimum: 1 })),
        scan_timeout_s: Type.Optional(Type.Number({ exclusiveMinimum: 0 })),
        rate_per_minute: Type.Optional(Type.Integer({ minimum: 0, description: 'API requests per identity per minute; 0 = unlimited (server only)' })),
      },
      strict,
    ),
  ),
}
export const SCAN_KEYS = Object.keys(ScanKeys)

/** `governance:` — who may change what, and the policies of approvals, suppressions and the audit log. */
export const GovernanceConfig = Type.Object(
  {
    locked_keys: Type.Optional(
      Type.Array(Type.String({ pattern: `^(${SCAN_KEYS.join('|')})(\\.[A-Za-z0-9_-]+)*$`, description: 'A scan key (or key path) that only governance:write may override per request' })),
    ),
    approvals: Type.Optional(
      Type.Object(
        {
          required: Type.Optional(Type.Boolean({ description: 'Request an approval whenever a gate fails' })),
          approver_roles: Type.Optional(Type.Array(Type.Union(ROLES.map((r) => Type.Literal(r))))),
          required_approvals: Type.Optional(Type.Integer({ minimum: 1 })),
          expiry_hours: Type.Optional(Type.Number({ exclusiveMinimum: 0 })),
        },
        strict,
      ),
    ),
    suppressions: Type.Optional(
      Type.Object(
        { reason_required: Type.Optional(Type.Boolean()), max_expiry_days: Type.Optional(Type.Integer({ minimum: 1 })) },
        strict,
      ),
    ),
    audit_retention_days: Type.Optional(Type.Integer({ minimum: 1 })),
  },
  { ...strict, title: 'GovernanceConfig' },
)
export type GovernanceConfig = Static<typeof GovernanceConfig>

export const GuardConfig = Type.Object(
  {
    ...ScanKeys,
    auth: Type.Optional(
      Type.Object(
        {
          enabled: Type.Optional(Type.Boolean()),
          jwt_secret: Type.Optional(Type.String()),
          jwt_algorithm: Type.Optional(Type.Literal('HS256')),
          token_expiry_hours: Type.Optional(Type.Number({ exclusiveMinimum: 0 })),
          oidc: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
        },
        strict,
      ),
    ),
    docs: Type.Optional(Type.Object({ public: Type.Optional(Type.Boolean()) }, strict)),
    devops: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
    governance: Type.Optional(GovernanceConfig),
    license_key: Type.Optional(Type.String()),
  },
  { ...strict, title: 'GuardConfig' },
)
export type GuardConfig = Static<typeof GuardConfig>
export type ScanConfig = Pick<GuardConfig, 'packs' | 'gate' | 'include' | 'exclude' | 'suppressions' | 'rules' | 'limits'>

/** Every problem of a config object, each with its key path (unknown keys included). */
export function configErrors(config: unknown, prefix = ''): FieldError[] {
  const errors: FieldError[] = []
  for (const e of Value.Errors(GuardConfig, config)) {
    const at = prefix + (keyPath(e.path) || '(root)')
    if (errors.some((x) => x.path === at)) continue
    const message = e.message === 'Unexpected property' ? 'unknown key' : e.message === 'Expected union value' ? `must be one of: ${unionChoices(e.schema as { anyOf?: { const?: unknown }[] })}` : e.message
    errors.push({ path: at, message })
  }
  return errors
}

function unionChoices(schema: { anyOf?: { const?: unknown }[] }): string {
  return (schema.anyOf ?? []).map((s) => String(s.const)).join(', ')
}

/** Reads and validates a .guard.yaml; a missing file is an empty config. */
export function loadConfigFile(file: string): GuardConfig {
  if (!fs.existsSync(file)) return {}
  let parsed: unknown
  try {
    parsed = YAML.parse(fs.readFileSync(file, 'utf8')) ?? {}
  } catch (e) {
    throw new BadRequestError(`${path.basename(file)} is not readable YAML: ${(e as Error).message.split('\n')[0]}`)
  }
  const errors = configErrors(parsed)
  if (errors.length) throw new ValidationError(`${file} has ${errors.length} problem(s)`, errors)
  return parsed as GuardConfig
}

/** The server's config: GUARD_CONFIG, else .guard.yaml in the working directory. */
export function serverConfigPath(cwd = process.cwd()): string {
  return path.resolve(cwd, process.env.GUARD_CONFIG ?? '.guard.yaml')
}

export function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v)
}

/** Deep merge: objects merge key by key, everything else (arrays included) is replaced. */
export function deepMerge<T>(base: T, over: unknown): T {
  if (!isPlainObject(base) || !isPlainObject(over)) return (over === undefined ? base : over) as T
  const out: Record<string, unknown> = { ...base }
  for (const [k, v] of Object.entries(over)) out[k] = deepMerge(out[k], v)
  return out as T
}

/** Validates `config_overrides`: only scan keys, each valid (422 otherwise). */
export function checkOverrides(overrides: Record<string, unknown>): ScanConfig {
  const errors = configErrors(overrides, 'config_overrides.')
  for (const key of Object.keys(overrides)) {
    if (!SCAN_KEYS.includes(key) && !errors.some((e) => e.path === `config_overrides.${key}`))
      errors.push({ path: `config_overrides.${key}`, message: 'not a scan key; cannot be overridden per request' })
  }
  if (errors.length) throw new ValidationError('Invalid config_overrides', errors)
  return overrides as ScanConfig
}

/** The config a scan runs with: the server's scan keys, under the repo's own .guard.yaml, under the overrides. */
export function effectiveScanConfig(server: GuardConfig, repo: GuardConfig, overrides: ScanConfig): ScanConfig {
  const pick = (c: GuardConfig) => Object.fromEntries(Object.entries(c).filter(([k]) => SCAN_KEYS.includes(k))) as ScanConfig
  const merged = deepMerge(deepMerge(pick(server), pick(repo)), overrides)
  // The server's limits are maxima: a repo or a request may tighten them, never loosen them.
  const cap = (key: 'max_file_kb' | 'scan_timeout_s', serverMax: number) =>
    Math.min(merged.limits?.[key] ?? serverMax, serverMax)
  return { ...merged, limits: { max_file_kb: cap('max_file_kb', maxFileKb(server)), scan_timeout_s: cap('scan_timeout_s', scanTimeoutS(server)) } }
}

const envNumber = (name: string) => (process.env[name] ? Number(process.env[name]) : undefined)
export const maxFileKb = (c: GuardConfig) => envNumber('GUARD_MAX_FILE_KB') ?? c.limits?.max_file_kb ?? 1024
export const scanTimeoutS = (c: GuardConfig) => envNumber('GUARD_SCAN_TIMEOUT_S') ?? c.limits?.scan_timeout_s ?? 300
export const maxBodyBytes = () => Math.floor((envNumber('GUARD_MAX_BODY_MB') ?? 20) * 1024 * 1024)
export const DEFAULT_PACKS = ['owasp-top-10', 'secrets']
export const DEFAULT_FAIL_ON: Severity[] = ['critical', 'high']
