// .guard.yaml: the schema, loading, validation with key paths, and the merge of repo config and overrides.
import fs from 'node:fs'
import path from 'node:path'
import { Type, type Static } from '@sinclair/typebox'
import { ValueErrorType } from '@sinclair/typebox/errors'
import { Value } from '@sinclair/typebox/value'
import { SEVERITIES, Severity } from '../base/schemas.ts'
import { keyPath, ValidationError, type FieldError } from '../base/errors.ts'
import { confinedPath, readablePath } from '../base/files.ts'
import { globProblem } from '../base/globs.ts'
import { isPlainObject, parseYamlInput } from '../base/input.ts'
import { ROLES } from '../access/permissions.ts'
import { mapLegacyKeys } from './legacy.ts'

export { isPlainObject }

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
  baseline: Type.Optional(Type.String({ minLength: 1, maxLength: 1024, description: 'A baseline file (guard scan --write-baseline), relative to the repository: only findings it does not list are reported' })),
  requirements: Type.Optional(Type.String({ minLength: 1, maxLength: 1024, description: 'The requirements file (default requirements.yaml), relative to the repository and inside it: read by GET /api/check-coverage and guard trace, appended to by POST /api/generate-reqs' })),
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
/** What governance may lock: the scan keys, and a request's `changed_files` (which narrows what a gate sees). */
export const LOCKABLE_KEYS = [...SCAN_KEYS, 'changed_files']

/** `governance:` — who may change what, and the policies of approvals, suppressions and the audit log. */
export const GovernanceConfig = Type.Object(
  {
    locked_keys: Type.Optional(
      Type.Array(Type.String({ pattern: `^(${LOCKABLE_KEYS.join('|')})(\\.[A-Za-z0-9_-]+)*$`, description: 'A scan key (or key path), or `changed_files`, that only governance:write may set per request' })),
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

const text = (description: string) => Type.Optional(Type.String({ minLength: 1, description }))
/** `devops:` — the work-item provider and its project; tokens come only from the environment, never from this file. */
export const DevopsConfig = Type.Object(
  {
    provider: Type.Optional(Type.Union(['local', 'github', 'jira', 'azure'].map((p) => Type.Literal(p)), { description: 'Where work items live (default local: in the store)' })),
    group_by: Type.Optional(Type.Union(['rule', 'file', 'finding'].map((g) => Type.Literal(g)), { description: 'One work item per (repo, rule) by default' })),
    labels: Type.Optional(Type.Array(Type.String({ pattern: '^[^\\s,;]{1,50}$' }), { maxItems: 20, description: 'Labels added to every work item, besides guard, severity:<s> and rule:<id>' })),
    public_url: Type.Optional(Type.String({ pattern: '^https?://[^\\s]+$', maxLength: 2000, description: "This service's URL as the tracker's readers reach it: work items link back to their findings" })),
    github: Type.Optional(Type.Object({ repository: text('owner/name'), api_url: text('GitHub Enterprise Server API base URL') }, strict)),
    jira: Type.Optional(Type.Object({ url: text('Site URL'), project: text('Project key'), deployment: Type.Optional(Type.Union([Type.Literal('cloud'), Type.Literal('datacenter')])), issue_type: text('Issue type name') }, strict)),
    azure: Type.Optional(Type.Object({ organization: text("The organization's URL (https://dev.azure.com/acme) or name, or an Azure DevOps Server collection's URL"), project: text('Project name'), work_item_type: text('Work item type (default Bug, else Issue, else Task)'), api_url: text('Azure DevOps Server collection URL (https://server/tfs/DefaultCollection), instead of organization'), area_path: text('Area path of new work items (default: the project root)') }, strict)),
  },
  { ...strict, title: 'DevopsConfig' },
)

/** The roles an identity provider's claims may map to: an agent's `repo_access` comes only from a token of ours. */
const OIDC_ROLES = ROLES.filter((r) => r !== 'agent')
/** `auth.oidc:` — bearer tokens of an external identity provider (Enterprise tier), and how their claims map to roles. */
const OidcConfig = Type.Object(
  {
    issuer: Type.String({ minLength: 1, description: "The provider's issuer URL, exactly as its tokens' `iss`; https, or http on a loopback host" }),
    audience: Type.String({ minLength: 1, description: 'The `aud` a token must carry (the client id or API identifier registered at the provider)' }),
    role_claim: Type.Optional(Type.String({ minLength: 1, description: 'A claim holding one string, looked up in role_map (a dotted path reaches a nested claim)' })),
    groups_claim: Type.Optional(Type.String({ minLength: 1, description: 'A claim holding a list of strings, each looked up in role_map; the most privileged match wins' })),
    role_map: Type.Record(Type.String(), Type.Union(OIDC_ROLES.map((r) => Type.Literal(r))), { description: 'Claim value → role; a caller none of whose values is mapped is refused (403)' }),
    client_id: Type.Optional(Type.String({ minLength: 1, description: "The dashboard's client id at the provider (a public client: authorization code with PKCE, redirect URI <server>/ui/); default: audience" })),
  },
  { ...strict, title: 'OidcConfig' },
)

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
          oidc: Type.Optional(OidcConfig),
        },
        strict,
      ),
    ),
    docs: Type.Optional(Type.Object({ public: Type.Optional(Type.Boolean()) }, strict)),
    devops: Type.Optional(DevopsConfig),
    governance: Type.Optional(GovernanceConfig),
    license_key: Type.Optional(Type.String()),
  },
  { ...strict, title: 'GuardConfig' },
)
export type GuardConfig = Static<typeof GuardConfig>
export type ScanConfig = Pick<GuardConfig, 'packs' | 'gate' | 'include' | 'exclude' | 'suppressions' | 'rules' | 'baseline' | 'limits'>

/** Every problem of a config object, each with its key path (unknown keys included). */
export function configErrors(config: unknown, prefix = ''): FieldError[] {
  const errors: FieldError[] = globErrors(config, prefix)
  // A change that would leave JWT on without a secret would stop the next start, and lock every caller out.
  if (isPlainObject(config) && isPlainObject(config.auth) && config.auth.enabled === true && !config.auth.jwt_secret && !process.env.GUARD_JWT_SECRET)
    errors.push({ path: `${prefix}auth.jwt_secret`, message: 'required while auth.enabled is true (or set GUARD_JWT_SECRET)' })
  if (isPlainObject(config) && isPlainObject(config.auth) && isPlainObject(config.auth.oidc)) errors.push(...oidcErrors(config.auth.oidc, `${prefix}auth.oidc.`))
  for (const e of Value.Errors(GuardConfig, config)) {
    const at = prefix + (keyPath(e.path) || '(root)')
    if (errors.some((x) => x.path === at)) continue
    const message = e.message === 'Unexpected property' ? 'unknown key' : e.message === 'Expected union value' ? `must be one of: ${unionChoices(e.schema as { anyOf?: { const?: unknown }[] })}` : e.message
    errors.push({ path: at, message })
  }
  return errors
}

/** What the schema cannot say of `auth.oidc`: where its keys may be fetched from, and that some claim names a role. */
function oidcErrors(oidc: Record<string, unknown>, prefix: string): FieldError[] {
  const errors: FieldError[] = []
  if (typeof oidc.issuer === 'string') {
    let url: URL | undefined
    try {
      url = new URL(oidc.issuer)
    } catch {
      errors.push({ path: `${prefix}issuer`, message: 'not a URL' })
    }
    if (url && url.protocol !== 'https:' && !(url.protocol === 'http:' && isLoopbackHost(url.hostname)))
      errors.push({ path: `${prefix}issuer`, message: `must be an https URL (http only on a loopback host: 127.0.0.0/8, ::1, localhost); got ${url.protocol}//${url.host}` })
    else if (url && (url.search || url.hash || url.username || url.password)) errors.push({ path: `${prefix}issuer`, message: 'must have no query, fragment or credentials' })
  }
  if (oidc.role_claim === undefined && oidc.groups_claim === undefined) errors.push({ path: `${prefix}role_claim`, message: 'role_claim or groups_claim is required: without one no caller has a role' })
  return errors
}

/** A host name that can only mean this machine: the issuer may then be plain http (a test or a sidecar). */
function isLoopbackHost(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(hostname)
}

/** Globs a config gives (include, exclude, suppression paths) that could not be matched in bounded time. */
function globErrors(config: unknown, prefix: string): FieldError[] {
  if (!isPlainObject(config)) return []
  const globs: [string, unknown][] = [
    ...(['include', 'exclude'] as const).flatMap((key) => (Array.isArray(config[key]) ? config[key].map((g, i): [string, unknown] => [`${key}[${i}]`, g]) : [])),
    ...(Array.isArray(config.suppressions) ? config.suppressions.map((s, i): [string, unknown] => [`suppressions[${i}].path`, isPlainObject(s) ? s.path : undefined]) : []),
  ]
  return globs.flatMap(([at, glob]) => {
    const problem = typeof glob === 'string' ? globProblem(glob) : undefined
    return problem ? [{ path: prefix + at, message: problem }] : []
  })
}

function unionChoices(schema: { anyOf?: { const?: unknown }[] }): string {
  return (schema.anyOf ?? []).map((s) => String(s.const)).join(', ')
}

/** Reads and validates a .guard.yaml strictly (the server's own file); a missing file is an empty config. */
export function loadConfigFile(file: string): GuardConfig {
  if (!fs.existsSync(file)) return {}
  const parsed = parseYamlInput(fs.readFileSync(file, 'utf8'), path.basename(file)) ?? {}
  const errors = configErrors(parsed)
  if (errors.length) throw new ValidationError(`${file} has ${errors.length} problem(s)`, errors)
  return parsed as GuardConfig
}

export interface LenientConfig {
  config: GuardConfig
  /** Legacy keys read as ours, and unknown keys left out: each with its key path. */
  warnings: FieldError[]
}

/**
 * A config read leniently (a repository's file, or the one the CLI finds): the original product's keys read as
 * ours, unknown keys left out, each with a warning; a known key with a wrong value is still a 422.
 */
export function lenientConfig(doc: unknown, where: string): LenientConfig {
  if (!isPlainObject(doc)) {
    if (doc === null || doc === undefined) return { config: {}, warnings: [] }
    throw new ValidationError(`${where} is invalid`, [{ path: `${where}: (root)`, message: 'must be a mapping of keys' }])
  }
  const { config, warnings, mapped } = mapLegacyKeys(structuredClone(doc))
  const unknown = [...Value.Errors(GuardConfig, config)].filter((e) => e.type === ValueErrorType.ObjectAdditionalProperties)
  for (const e of unknown.reverse()) {
    const parts = e.path.split('/').slice(1).map((p) => p.replace(/~1/g, '/').replace(/~0/g, '~'))
    let parent: unknown = config
    for (const p of parts.slice(0, -1)) parent = (parent as Record<string, unknown>)[p]
    delete (parent as Record<string, unknown>)[parts.at(-1)!]
    warnings.push({ path: keyPath(e.path), message: 'unknown key, ignored' })
  }
  // A legacy key whose value we cannot read is left out with a warning: the original product's file never stops a scan.
  for (const [to, legacy] of mapped) {
    const bad = configErrors(config).filter((e) => e.path === to || e.path.startsWith(`${to}.`) || e.path.startsWith(`${to}[`))
    if (!bad.length) continue
    const [top, ...rest] = to.split('.')
    if (rest.length) delete (config[top] as Record<string, unknown>)[rest.join('.')]
    else delete config[top]
    warnings.push({ path: legacy, message: `its value cannot be read as ${to} (${bad[0].message}); ignored` })
  }
  const errors = configErrors(config)
  if (errors.length) throw new ValidationError(`${where} is invalid`, errors.map((x) => ({ ...x, path: `${where}: ${x.path}` })))
  return { config: config as GuardConfig, warnings: warnings.map((w) => ({ ...w, path: `${where}: ${w.path}` })).sort((a, b) => a.path.localeCompare(b.path)) }
}

/** A config file read leniently (see lenientConfig); a missing file is an empty config. */
export function readConfigLeniently(file: string, where = path.basename(file)): LenientConfig {
  if (!fs.existsSync(file)) return { config: {}, warnings: [] }
  return lenientConfig(parseYamlInput(fs.readFileSync(file, 'utf8'), where), where)
}

/** A repository's own .guard.yaml, read leniently; one that links out of the repository is not read. */
export function readRepoConfig(root: string): LenientConfig {
  const where = '.guard.yaml'
  const file = confinedPath(root, path.join(root, where))
  if (file === 'outside') return { config: {}, warnings: [{ path: where, message: 'not read: a symbolic link that leaves the repository' }] }
  if (file === undefined || !readablePath(file, 'file')) return { config: {}, warnings: [] }
  const { config, warnings } = readConfigLeniently(file, where)
  for (const key of Object.keys(config).filter((k) => !SCAN_KEYS.includes(k))) {
    warnings.push({ path: `${where}: ${key}`, message: "ignored: only the server's .guard.yaml sets it" })
    delete config[key as keyof GuardConfig]
  }
  return { config, warnings }
}

/** The server's config: GUARD_CONFIG, else .guard.yaml in the working directory. */
export function serverConfigPath(cwd = process.cwd()): string {
  return path.resolve(cwd, process.env.GUARD_CONFIG ?? '.guard.yaml')
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
/**
 * No file is read larger than this, whatever the limits say: parsing costs about 60 MB of memory per MB of source
 * with matches on every line (an 8 MB file of them took 1.2 GB), so this bounds what one file can take.
 */
export const MAX_FILE_KB_CEILING = 4096
/** Timers cannot wait longer (2^31 - 1 ms, about 24 days). */
const MAX_TIMEOUT_S = 2_147_483
export const maxFileKb = (c: GuardConfig) => Math.min(envNumber('GUARD_MAX_FILE_KB') ?? c.limits?.max_file_kb ?? 1024, MAX_FILE_KB_CEILING)
export const scanTimeoutS = (c: GuardConfig) => Math.min(envNumber('GUARD_SCAN_TIMEOUT_S') ?? c.limits?.scan_timeout_s ?? 300, MAX_TIMEOUT_S)
/** A time limit as a timer takes it: a whole number of milliseconds, at least 1. */
export const timeoutMs = (seconds: number) => Math.max(1, Math.min(Math.ceil(seconds * 1000), MAX_TIMEOUT_S * 1000))
export const maxBodyBytes = () => Math.floor((envNumber('GUARD_MAX_BODY_MB') ?? 20) * 1024 * 1024)
export const DEFAULT_PACKS = ['owasp-top-10', 'secrets']
export const DEFAULT_FAIL_ON: Severity[] = ['critical', 'high']
