// The HTTP side every tracker shares: JSON over fetch with a time limit, bounded retries with backoff, rate-limit
// waits the tracker asks for (bounded), a pause between writes, one origin only, and no token in any message.
import { setTimeout as sleep } from 'node:timers/promises'
import type { Logger } from 'pino'
import { TrackerError } from './provider.ts'

/** A rate-limited answer: how long the tracker asks us to wait, and why (for the message when that is too long). */
export interface RateLimitAnswer {
  waitS: number
  reason: string
}

export interface TrackerHttpOptions {
  /** The tracker's name in messages (`GitHub`). */
  tracker: string
  /** Every request goes to this origin and under this path (`https://api.github.com`, `https://ghe.example/api/v3`). */
  baseUrl: string
  /** Sent with every request (authorization included); never logged, never in a message. */
  headers: Record<string, string>
  /** Values that must never appear in a message (the token), whatever a tracker echoes. */
  secrets: string[]
  /** Attempts after the first for network errors and 5xx answers of idempotent requests (default 3). */
  retries?: number
  /** The first backoff; it doubles each retry (default 500 ms). */
  backoffMs?: number
  /** The longest rate-limit wait accepted (default GUARD_DEVOPS_MAX_WAIT_S, else 60 s); a longer one fails the request. */
  maxWaitS?: number
  /** Rate-limit answers waited out per request before giving up (default 3). */
  rateLimitRetries?: number
  /** Per attempt (default 30 s). */
  timeoutMs?: number
  /** The least time between two writes (POST, PATCH, PUT, DELETE): trackers ask for it to avoid abuse limits. */
  writeIntervalMs?: number
  /** Whether an answer is a rate limit, and how long to wait. Default: 429 or 503 with Retry-After. */
  rateLimit?: (res: Response, body: unknown) => RateLimitAnswer | undefined
  /** A one-line account of a refusal, from the tracker's error body (default: its `message`, else the status). */
  describe?: (status: number, body: unknown) => string
  log?: Logger
}

export interface TrackerRequest {
  query?: Record<string, string | number | undefined>
  /** Sent as JSON. */
  body?: unknown
  /** Overrides the content type of `body` (Azure DevOps' `application/json-patch+json`). */
  contentType?: string
  /** Safe to send twice (default: every method but POST). A non-idempotent request is never retried after it may have arrived. */
  idempotent?: boolean
}

export interface TrackerResponse<T> {
  status: number
  headers: Headers
  body: T
}

/** Seconds from a Retry-After header (delta-seconds or an HTTP date), or undefined. */
export function retryAfterSeconds(value: string | null, now = Date.now()): number | undefined {
  if (value === null || value.trim() === '') return undefined
  if (/^\d+$/.test(value.trim())) return Number(value.trim())
  const at = Date.parse(value)
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - now) / 1000))
}

/**
 * The 429 (or 503) a tracker answers past a usage limit (Azure DevOps, Jira): Retry-After waits that long; a 429
 * without it waits until X-RateLimit-Reset (`resetAt` reads it as ms since the epoch), else 10 s. The header
 * `reasonHeader` names what ran out.
 */
export function usageLimitAnswer(res: Response, now: number, reasonHeader: string, resetAt: (value: string) => number): RateLimitAnswer | undefined {
  if (res.status !== 429 && res.status !== 503) return undefined
  const reason = res.headers.get(reasonHeader)
  const why = `rate limited (${res.status}${reason ? `, ${reason}` : ''}`
  const retryAfter = retryAfterSeconds(res.headers.get('retry-after'), now)
  if (retryAfter !== undefined) return { waitS: retryAfter, reason: `${why}, Retry-After ${retryAfter} s)` }
  if (res.status === 503) return undefined
  const header = res.headers.get('x-ratelimit-reset')
  const reset = header === null ? NaN : resetAt(header)
  if (Number.isFinite(reset)) return { waitS: Math.max(1, Math.ceil((reset - now) / 1000)), reason: `${why}, until ${new Date(reset).toISOString()})` }
  return { waitS: 10, reason: `${why}, no Retry-After)` }
}

const defaultRateLimit = (res: Response): RateLimitAnswer | undefined => {
  const wait = retryAfterSeconds(res.headers.get('retry-after'))
  return (res.status === 429 || res.status === 503) && wait !== undefined ? { waitS: wait, reason: `rate limited (${res.status})` } : undefined
}

const defaultDescribe = (status: number, body: unknown): string => {
  const message = body && typeof body === 'object' && typeof (body as { message?: unknown }).message === 'string' ? (body as { message: string }).message : ''
  return message ? `${status} ${message}` : `HTTP ${status}`
}

export class TrackerHttp {
  /** Requests sent (every attempt counts). */
  requests = 0
  private readonly base: URL
  private lastWrite = 0

  constructor(private readonly opts: TrackerHttpOptions) {
    this.base = new URL(opts.baseUrl.replace(/\/+$/, '') + '/')
  }

  /** `pathOrUrl` is relative to the base URL, or an absolute URL on its origin (a `Link: rel="next"`). */
  async request<T = unknown>(method: string, pathOrUrl: string, req: TrackerRequest = {}): Promise<TrackerResponse<T>> {
    let url = this.urlOf(pathOrUrl, req.query)
    const idempotent = req.idempotent ?? method !== 'POST'
    const write = !['GET', 'HEAD', 'OPTIONS'].includes(method)
    const retries = this.opts.retries ?? 3
    const backoff = this.opts.backoffMs ?? 500
    const envWait = Number(process.env.GUARD_DEVOPS_MAX_WAIT_S)
    const maxWaitS = this.opts.maxWaitS ?? (process.env.GUARD_DEVOPS_MAX_WAIT_S && envWait >= 0 ? envWait : 60)
    const where = `${method} ${url.pathname}`
    let failures = 0
    let waits = 0
    let redirects = 0
    for (;;) {
      if (write) await this.pace()
      const started = Date.now()
      let res: Response
      let text: string
      try {
        this.requests++
        res = await fetch(url, {
          method,
          headers: { ...this.opts.headers, ...(req.body !== undefined ? { 'content-type': req.contentType ?? 'application/json' } : {}) },
          body: req.body !== undefined ? JSON.stringify(req.body) : undefined,
          signal: AbortSignal.timeout(this.opts.timeoutMs ?? 30_000),
          redirect: 'manual',
        })
        text = await res.text()
      } catch (e) {
        if (write) this.lastWrite = Date.now()
        const cause = this.redact(networkCause(e))
        this.opts.log?.debug({ tracker: this.opts.tracker, request: where, error: cause }, 'tracker request failed')
        if (idempotent && failures < retries) {
          await sleep(backoff * 2 ** failures++)
          continue
        }
        throw new TrackerError(`${this.opts.tracker} could not be reached (${where}: ${cause}${failures ? `, ${failures + 1} attempts` : ''})`, idempotent ? 'tracker' : 'item')
      }
      if (write) this.lastWrite = Date.now()
      this.opts.log?.debug({ tracker: this.opts.tracker, request: where, status: res.status, ms: Date.now() - started }, 'tracker request')
      // A moved resource (a renamed repository) is followed on the same origin: any method on a 307/308 (sent again
      // unchanged, nothing was done), reads only on a 301/302/303.
      const location = res.status >= 300 && res.status < 400 ? res.headers.get('location') : null
      if (location !== null) {
        const next = URL.canParse(location, url) ? new URL(location, url) : undefined
        if (!next) throw new TrackerError(`${this.opts.tracker} answered ${where} with an unreadable redirect (${res.status})`, 'item', res.status)
        if (next.origin !== this.base.origin || redirects++ >= 5 || (method !== 'GET' && res.status !== 307 && res.status !== 308))
          throw new TrackerError(`${this.opts.tracker} moved ${where} to ${next.origin}${next.pathname} (${res.status}); not followed: check the settings`, 'item', res.status)
        url = next
        continue
      }
      const body = parseJson(text)
      const limited = res.status >= 400 ? (this.opts.rateLimit ?? defaultRateLimit)(res, body) : undefined
      if (limited) {
        if (limited.waitS > maxWaitS)
          throw new TrackerError(`${this.opts.tracker} ${limited.reason}: it asks to wait ${limited.waitS} s, longer than the ${maxWaitS} s guard waits (GUARD_DEVOPS_MAX_WAIT_S); the rest is left for the next reconcile`, 'tracker', res.status)
        if (waits++ >= (this.opts.rateLimitRetries ?? 3))
          throw new TrackerError(`${this.opts.tracker} ${limited.reason}: still limited after ${waits} waits; the rest is left for the next reconcile`, 'tracker', res.status)
        this.opts.log?.info({ tracker: this.opts.tracker, request: where, wait_s: limited.waitS }, `${this.opts.tracker} ${limited.reason}: waiting`)
        await sleep(limited.waitS * 1000)
        continue
      }
      if (res.status >= 500) {
        if (idempotent && failures < retries) {
          await sleep(backoff * 2 ** failures++)
          continue
        }
        throw new TrackerError(`${this.opts.tracker} failed (${where}: ${this.describe(res.status, body)}${failures ? `, ${failures + 1} attempts` : ''})`, idempotent ? 'tracker' : 'item', res.status)
      }
      // The parsed refusal rides along as `cause` (a provider reads its field errors there; never put in a message as-is).
      if (res.status >= 400) throw Object.assign(new TrackerError(`${this.opts.tracker} refused ${where}: ${this.describe(res.status, body)}`, res.status === 401 ? 'tracker' : 'item', res.status), { cause: body })
      return { status: res.status, headers: res.headers, body: body as T }
    }
  }

  /** The message with every secret replaced: a tracker that echoes a header does not leak it through us. */
  redact(message: string): string {
    return this.opts.secrets.filter((s) => s.length >= 4).reduce((m, s) => m.split(s).join('***'), message)
  }

  private describe(status: number, body: unknown): string {
    return this.redact((this.opts.describe ?? defaultDescribe)(status, body)).slice(0, 500)
  }

  private urlOf(pathOrUrl: string, query: TrackerRequest['query']): URL {
    const url = /^https?:\/\//i.test(pathOrUrl) ? new URL(pathOrUrl) : new URL(pathOrUrl.replace(/^\/+/, ''), this.base)
    // The token goes to the configured tracker only: a link elsewhere (a crafted `Link` header) is refused.
    if (url.origin !== this.base.origin) throw new TrackerError(`${this.opts.tracker} pointed to another origin (${url.origin}); not followed`, 'tracker')
    for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined) url.searchParams.set(k, String(v))
    return url
  }

  private async pace(): Promise<void> {
    const wait = this.lastWrite + (this.opts.writeIntervalMs ?? 0) - Date.now()
    if (wait > 0) await sleep(wait)
  }
}

function parseJson(text: string): unknown {
  if (!text) return null
  try {
    return JSON.parse(text)
  } catch {
    return text.slice(0, 200)
  }
}

/** `ECONNRESET`, `timed out`...: fetch hides the cause of a network error one level down. */
function networkCause(e: unknown): string {
  const err = e as { name?: string; message?: string; cause?: { code?: string; message?: string } }
  if (err.name === 'TimeoutError') return 'timed out'
  return err.cause?.code ?? err.cause?.message ?? err.message ?? String(e)
}
