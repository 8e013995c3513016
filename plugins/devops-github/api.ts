// GitHub's REST API v3 (version 2022-11-28) as this provider speaks it: headers, what a rate limit looks like,
// errors in one line, `Link` pagination, and the issue fields read.
import { retryAfterSeconds, VERSION, type RateLimitAnswer } from '../../kernel/plugin.ts'

export const API_VERSION = '2022-11-28'
export const DEFAULT_API_URL = 'https://api.github.com'

/** What GitHub asks of every request: its media type, the API version, a User-Agent (requests without one are refused). */
export function githubHeaders(token: string): Record<string, string> {
  return {
    accept: 'application/vnd.github+json',
    'x-github-api-version': API_VERSION,
    authorization: `Bearer ${token}`,
    'user-agent': `guard/${VERSION}`,
  }
}

export interface GitHubLabel {
  name: string
}

export interface GitHubIssue {
  number: number
  html_url: string
  title: string
  body: string | null
  state: 'open' | 'closed'
  labels: (GitHubLabel | string)[]
  created_at: string
  user: { login: string } | null
  /** Present when the "issue" is a pull request: the issues API lists both. */
  pull_request?: unknown
}

export interface GitHubRepository {
  full_name: string
  has_issues: boolean
  permissions?: { admin?: boolean; maintain?: boolean; push?: boolean; triage?: boolean; pull?: boolean }
}

/**
 * GitHub's rate-limit answers (403 or 429): a secondary limit with Retry-After waits that long; the primary limit
 * (x-ratelimit-remaining 0) waits until x-ratelimit-reset; a secondary limit without either waits a minute.
 */
export function githubRateLimit(res: Response, body: unknown, now = Date.now()): RateLimitAnswer | undefined {
  if (res.status !== 403 && res.status !== 429) return undefined
  const retryAfter = retryAfterSeconds(res.headers.get('retry-after'), now)
  if (retryAfter !== undefined) return { waitS: retryAfter, reason: `secondary rate limit (${res.status}, Retry-After ${retryAfter} s)` }
  const reset = Number(res.headers.get('x-ratelimit-reset'))
  if (res.headers.get('x-ratelimit-remaining') === '0' && Number.isFinite(reset))
    return { waitS: Math.max(1, Math.ceil(reset - now / 1000)), reason: `primary rate limit exhausted (${res.status}; resets at ${new Date(reset * 1000).toISOString()})` }
  if (/secondary rate limit|abuse/i.test(messageOf(body))) return { waitS: 60, reason: `secondary rate limit (${res.status}, no Retry-After: GitHub asks for a minute)` }
  return undefined
}

function messageOf(body: unknown): string {
  return body && typeof body === 'object' && typeof (body as { message?: unknown }).message === 'string' ? (body as { message: string }).message : ''
}

/** `422 Validation Failed (Issue.title: missing_field)`; a 401 says what to do about the token. */
export function describeGitHubError(status: number, body: unknown): string {
  const message = messageOf(body) || `HTTP ${status}`
  if (status === 401) return `${status} ${message}: GitHub rejected the token in GUARD_GITHUB_TOKEN (expired, revoked or mistyped?)`
  const errors = body && typeof body === 'object' && Array.isArray((body as { errors?: unknown }).errors) ? ((body as { errors: unknown[] }).errors) : []
  const details = errors.slice(0, 3).map((e) => {
    if (typeof e === 'string') return e
    const { resource, field, code, message: m } = (e ?? {}) as Record<string, unknown>
    return [resource && field ? `${resource}.${field}` : resource ?? field, code ?? m].filter(Boolean).join(': ')
  })
  return `${status} ${message}${details.length ? ` (${details.join('; ')})` : ''}`
}

/** The URL of `rel="next"` in a Link header, or undefined on the last page. */
export function nextLink(header: string | null): string | undefined {
  for (const part of (header ?? '').split(',')) {
    const m = /<([^>]+)>\s*;\s*rel="?([^";]+)"?/.exec(part.trim())
    if (m && m[2].split(/\s+/).includes('next')) return m[1]
  }
  return undefined
}

export function labelNames(issue: GitHubIssue): string[] {
  return issue.labels.map((l) => (typeof l === 'string' ? l : l.name))
}

/** GitHub's label names are at most 50 characters. */
export const MAX_LABEL = 50
export const githubLabel = (name: string) => name.slice(0, MAX_LABEL)

const SEVERITY_COLOURS: Record<string, string> = { critical: 'b60205', high: 'd93f0b', medium: 'fbca04', low: '0e8a16', info: 'c5def5' }

/** A colour and description for a label guard creates. */
export function labelStyle(name: string): { color: string; description: string } {
  if (name === 'guard') return { color: '5319e7', description: 'Kept by guard: findings of a code scan' }
  const severity = /^severity:(\w+)$/.exec(name)?.[1]
  if (severity) return { color: SEVERITY_COLOURS[severity] ?? 'ededed', description: `guard: ${severity} severity` }
  if (name.startsWith('rule:')) return { color: 'ededed', description: `guard: findings of ${name.slice(5)}`.slice(0, 100) }
  return { color: 'ededed', description: 'Added by guard (devops.labels)' }
}
