// Jira's REST API as this provider speaks it, in both flavours: Cloud (REST v3, basic auth with an email and an API
// token) and Data Center (REST v2, a personal access token as a bearer): headers, rate-limit answers, errors in one
// line, the issue fields read, and the labels that carry the marker.
import { isMarkerKey, usageLimitAnswer, VERSION, type RateLimitAnswer, type Severity } from '../../kernel/plugin.ts'

export type Flavour = 'cloud' | 'datacenter'

/** Cloud's current version takes Atlassian Document Format; Data Center's v2 takes wiki markup text. */
export const API_VERSION: Record<Flavour, string> = { cloud: '3', datacenter: '2' }
export const FLAVOUR_TITLE: Record<Flavour, string> = { cloud: 'Jira Cloud', datacenter: 'Jira Data Center' }

/** Sites Atlassian hosts: `devops.jira.deployment` defaults to cloud for these, to datacenter for any other host. */
export const isCloudHost = (hostname: string) => /(^|\.)(atlassian\.net|jira\.com)$/i.test(hostname)

/** Cloud: basic auth of `email:api-token`; Data Center: the personal access token as a bearer. */
export function jiraHeaders(flavour: Flavour, token: string, email: string | undefined): Record<string, string> {
  const authorization = flavour === 'cloud' ? `Basic ${Buffer.from(`${email}:${token}`).toString('base64')}` : `Bearer ${token}`
  return { accept: 'application/json', authorization, 'user-agent': `guard/${VERSION}` }
}

export interface JiraStatus {
  id?: string
  name: string
  statusCategory?: { key: string; name?: string }
}

export interface JiraIssue {
  id: string
  key: string
  fields: {
    summary?: string
    status?: JiraStatus
    labels?: string[]
    created?: string
  }
}

export interface JiraProject {
  id: string
  key: string
  name: string
  issueTypes?: { id: string; name: string; subtask?: boolean }[]
}

/** Cloud answers with an accountId, Data Center with a user name; both with a display name. */
export interface JiraUser {
  accountId?: string
  name?: string
  displayName?: string
}

export interface JiraServerInfo {
  baseUrl?: string
  version?: string
  deploymentType?: string
  serverTitle?: string
}

/** The fields list() reads: the status's category says open or closed. */
export const ISSUE_FIELDS = ['summary', 'status', 'labels', 'created']

/** `done` is Jira's category of closed statuses (`new` and `indeterminate` are open ones), whatever they are called. */
export const isDone = (status: JiraStatus | undefined) => status?.statusCategory?.key === 'done'

/**
 * Jira's rate-limit answers: 429 (or a 503 under load) with Retry-After waits that long; a 429 with only
 * X-RateLimit-Reset (an ISO time) waits until then; a bare 429 waits 10 s, as Atlassian's backoff advice starts.
 */
export function jiraRateLimit(res: Response, _body: unknown, now = Date.now()): RateLimitAnswer | undefined {
  return usageLimitAnswer(res, now, 'ratelimit-reason', Date.parse)
}

/** `400 summary: You must specify a summary of the issue.`; a 401 and a 403 say what to do. */
export function describeJiraError(flavour: Flavour, status: number, body: unknown): string {
  const message = messageOf(body) || `HTTP ${status}`
  if (status === 401)
    return `401 Jira rejected the credentials (${flavour === 'cloud' ? 'GUARD_JIRA_EMAIL and the API token in GUARD_JIRA_TOKEN' : 'the personal access token in GUARD_JIRA_TOKEN'}: expired, revoked or mistyped?): ${message}`
  if (status === 403) return `403 the Jira user lacks a permission this needs: ${message}`
  return `${status} ${message}`
}

/** Jira's error body `{errorMessages: [...], errors: {field: message}}`, Cloud's gateway `{message}`, or a text. */
export function messageOf(body: unknown): string {
  // A text answer (a proxy's HTML error page, Cloud's plain 401): its words, one line.
  if (typeof body === 'string') return body.replace(/<[^>]*>/g, ' ').replace(/\s+/g, ' ').trim()
  if (!body || typeof body !== 'object') return ''
  const b = body as { errorMessages?: unknown; errors?: unknown; message?: unknown }
  const parts = Array.isArray(b.errorMessages) ? b.errorMessages.filter((m): m is string => typeof m === 'string') : []
  if (b.errors && typeof b.errors === 'object') for (const [field, m] of Object.entries(b.errors)) parts.push(`${field}: ${String(m)}`)
  if (!parts.length && typeof b.message === 'string') parts.push(b.message)
  return parts.slice(0, 4).join('; ')
}

/** The fields a 400 names (`errors` keys). */
export function erroredFields(body: unknown): string[] {
  const errors = body && typeof body === 'object' ? (body as { errors?: unknown }).errors : undefined
  return errors && typeof errors === 'object' ? Object.keys(errors) : []
}

/** Jira's labels: no whitespace, at most 255 characters. */
export const MAX_LABEL = 255
export const isJiraLabel = (label: string) => label.length > 0 && label.length <= MAX_LABEL && !/\s/.test(label)

/**
 * The marker as two labels: `guard-<key>`, exact-match searchable by JQL (`labels = "guard-…"`), and
 * `guard-digest-<digest>`, the content it was last written with, changed in the same edit as that content.
 */
const KEY_LABEL = 'guard-'
const DIGEST_LABEL = /^guard-digest-([0-9a-f]{16})$/
export const keyLabel = (key: string) => `${KEY_LABEL}${key}`
export const digestLabel = (digest: string) => `guard-digest-${digest}`

/** The key and digest an issue's labels carry (digest '' when its label was removed: the next reconcile rewrites it). */
export function markerOf(labels: string[], prefix: string): { key: string; digest: string } | undefined {
  const key = labels.find((l) => l.startsWith(KEY_LABEL) && !DIGEST_LABEL.test(l) && isMarkerKey(l.slice(KEY_LABEL.length)) && l.slice(KEY_LABEL.length).startsWith(prefix))
  if (!key) return undefined
  const digest = labels.map((l) => DIGEST_LABEL.exec(l)?.[1]).find(Boolean) ?? ''
  return { key: key.slice(KEY_LABEL.length), digest }
}

/** Labels guard rewrites on every update; a person's own labels (and the key label) stay. */
export const isManagedLabel = (label: string) => DIGEST_LABEL.test(label) || label.startsWith('severity:') || label.startsWith('rule:')

/** A JQL string literal. */
export const jqlString = (s: string) => `"${s.replace(/[\\"]/g, (c) => `\\${c}`)}"`

/** Jira's default priority scheme has five priorities, as guard has five severities. */
export const PRIORITY_OF: Record<Severity, string> = { critical: 'Highest', high: 'High', medium: 'Medium', low: 'Low', info: 'Lowest' }

/** Jira's ISO-like times (`2026-11-26T09:12:44.123+0000`) as ISO 8601 in UTC, so that they compare as text. */
export function isoTime(value: string | undefined): string | undefined {
  const t = value ? Date.parse(value.replace(/([+-]\d\d)(\d\d)$/, '$1:$2')) : NaN
  return Number.isNaN(t) ? undefined : new Date(t).toISOString()
}
