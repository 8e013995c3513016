// Azure DevOps' Work Item Tracking REST API 7.1 as this provider speaks it: basic auth with a personal access token,
// what a throttled answer and a refused token look like, errors in one line, the work item fields read, and the tags
// that carry the marker.
import { isMarkerKey, usageLimitAnswer, VERSION, type RateLimitAnswer, type Severity } from '../../kernel/plugin.ts'

export const API_VERSION = '7.1'
export const DEFAULT_HOST = 'https://dev.azure.com'

/**
 * A PAT is sent as basic auth with an empty user name. `X-TFS-FedAuthRedirect: Suppress` asks for a 401 instead of a
 * redirect to the sign-in page when the token is refused.
 */
export function azureHeaders(pat: string): Record<string, string> {
  return {
    accept: 'application/json',
    authorization: `Basic ${Buffer.from(`:${pat}`).toString('base64')}`,
    'x-tfs-fedauthredirect': 'Suppress',
    'user-agent': `guard/${VERSION}`,
  }
}

/** A field's value as the API answers it: identities are objects, dates ISO strings. */
export interface AzureWorkItem {
  id: number
  rev: number
  fields: Record<string, unknown>
  url?: string
}

export interface AzureIdentity {
  displayName?: string
  uniqueName?: string
  id?: string
}

export interface AzureProject {
  id: string
  name: string
  state?: string
  capabilities?: { processTemplate?: { templateName?: string } }
}

/** GET _apis/connectionData: who the token signs in as, and which kind of deployment answers. */
export interface ConnectionData {
  authenticatedUser?: { id?: string; providerDisplayName?: string; properties?: { Account?: { $value?: string } } }
  deploymentType?: string
}

export interface AzureWorkItemType {
  name: string
  referenceName?: string
  isDisabled?: boolean
  fields?: { referenceName: string; alwaysRequired?: boolean }[]
  /** From each state, the states it may move to (inherited processes allow every move). */
  transitions?: Record<string, { to: string }[] | null>
}

/** A state of a work item type and its category: Proposed, InProgress, Resolved, Completed or Removed. */
export interface AzureState {
  name: string
  category: string
}

export const FIELD = {
  title: 'System.Title',
  state: 'System.State',
  tags: 'System.Tags',
  type: 'System.WorkItemType',
  createdDate: 'System.CreatedDate',
  description: 'System.Description',
  reproSteps: 'Microsoft.VSTS.TCM.ReproSteps',
  areaPath: 'System.AreaPath',
  severity: 'Microsoft.VSTS.Common.Severity',
} as const

/** The fields list() reads of each item. */
export const ITEM_FIELDS = [FIELD.title, FIELD.state, FIELD.tags, FIELD.type, FIELD.createdDate]

/** The process templates' Severity values (Agile, Scrum and CMMI bugs), as guard's severities map onto them. */
export const SEVERITY_VALUE: Record<Severity, string> = { critical: '1 - Critical', high: '2 - High', medium: '3 - Medium', low: '4 - Low', info: '4 - Low' }

/**
 * Azure DevOps blocks a user past its usage limits with a 429 and Retry-After (X-RateLimit-Resource names what ran
 * out); a 503 with Retry-After waits too. A 429 without Retry-After waits until X-RateLimit-Reset, else 10 s.
 */
export function azureRateLimit(res: Response, _body: unknown, now = Date.now()): RateLimitAnswer | undefined {
  // X-RateLimit-Reset: epoch seconds.
  return usageLimitAnswer(res, now, 'x-ratelimit-resource', (reset) => Number(reset) * 1000)
}

export const PAT_REJECTED = 'Azure DevOps rejected the personal access token in GUARD_AZURE_PAT (expired, revoked, mistyped, or without the Work Items scope?)'

/** `400 TF401320: Rule Error for field Title… (RuleValidationException)`; a 401 says what to do about the token. */
export function describeAzureError(status: number, body: unknown): string {
  const message = messageOf(body) || `HTTP ${status}`
  if (status === 401) return `401 ${PAT_REJECTED}: ${message}`
  const typeKey = body && typeof body === 'object' ? (body as { typeKey?: unknown }).typeKey : undefined
  return `${status} ${message}${typeof typeKey === 'string' && typeKey ? ` (${typeKey})` : ''}`
}

/** Azure DevOps' error body `{message, typeKey}`, or a text (an HTML error page: its words, one line). */
export function messageOf(body: unknown): string {
  if (typeof body === 'string') return body.replace(/<(script|style|head)[\s\S]*?<\/\1>/gi, ' ').replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ').trim().slice(0, 200)
  if (!body || typeof body !== 'object') return ''
  const m = (body as { message?: unknown }).message
  return typeof m === 'string' ? m.replace(/\s+/g, ' ').trim() : ''
}

/** The fields a rule error names (RuleValidationException's customProperties). */
export function erroredFields(body: unknown): string[] {
  const props = body && typeof body === 'object' ? (body as { customProperties?: Record<string, unknown> }).customProperties : undefined
  if (!props || typeof props !== 'object') return []
  const list = Array.isArray(props.RuleValidationErrors) ? props.RuleValidationErrors : []
  const names = list.map((e) => (e && typeof e === 'object' ? (e as { fieldReferenceName?: unknown }).fieldReferenceName : undefined))
  if (typeof props.FieldReferenceName === 'string') names.push(props.FieldReferenceName)
  return [...new Set(names.filter((n): n is string => typeof n === 'string'))]
}

/** A WIQL string literal: single quotes, a quote inside doubled. */
export const wiqlString = (s: string) => `'${s.replace(/'/g, "''")}'`

/** `System.Tags` is one string, tags separated by `; `. */
export function tagsOf(value: unknown): string[] {
  return typeof value === 'string' ? value.split(';').map((t) => t.trim()).filter(Boolean) : []
}

/** Tags are at most 400 characters, without `;` or `,` (the separators). */
export const MAX_TAG = 400
export const isAzureTag = (tag: string) => tag.length > 0 && tag.length <= MAX_TAG && !/[;,]/.test(tag) && tag.trim() === tag

/**
 * The marker as two tags: `guard-<key>`, found exactly by WIQL (CONTAINS on tags matches whole tags), and
 * `guard-digest-<digest>`, the content it was last written with, changed in the same edit as that content.
 */
const KEY_TAG = 'guard-'
const DIGEST_TAG = /^guard-digest-([0-9a-f]{16})$/i
export const keyTag = (key: string) => `${KEY_TAG}${key}`
export const digestTag = (digest: string) => `guard-digest-${digest}`

/** The key and digest an item's tags carry (digest '' when its tag was removed: the next reconcile rewrites it). Tags compare without case. */
export function markerOf(tags: string[], prefix: string): { key: string; digest: string } | undefined {
  const key = tags
    .filter((t) => t.toLowerCase().startsWith(KEY_TAG) && !DIGEST_TAG.test(t))
    .map((t) => t.slice(KEY_TAG.length).toLowerCase())
    .find((k) => isMarkerKey(k) && k.startsWith(prefix))
  if (!key) return undefined
  const digest = tags.map((t) => DIGEST_TAG.exec(t)?.[1]?.toLowerCase()).find(Boolean) ?? ''
  return { key, digest }
}

/** Tags guard rewrites on every write; a person's own tags (and the key tag, rewritten the same) stay. */
export const isManagedTag = (tag: string) => DIGEST_TAG.test(tag) || /^(severity|rule):/i.test(tag)

/** Azure DevOps' dates as ISO 8601 in UTC, so that they compare as text. */
export function isoTime(value: unknown): string | undefined {
  const t = typeof value === 'string' ? Date.parse(value) : NaN
  return Number.isNaN(t) ? undefined : new Date(t).toISOString()
}
