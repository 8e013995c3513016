// Requests per identity per minute (GUARD_RATE_LIMIT_PER_MIN, else `limits.rate_per_minute`; 0 or unset: no limit).
import type { FastifyRequest } from 'fastify'
import { TooManyRequestsError, type GuardConfig, type PluginContext } from '../../kernel/plugin.ts'

export const manifest = { name: 'rate-limit', version: '1.0.0', tier: 'community', dependencies: ['auth'] } as const

const WINDOW_MS = 60_000

export function ratePerMinute(config: GuardConfig): number {
  const env = process.env.GUARD_RATE_LIMIT_PER_MIN
  return env !== undefined && env !== '' ? Number(env) : config.limits?.rate_per_minute ?? 0
}

/** Who a request counts against: the authenticated subject, else the client address. */
function callerOf(request: FastifyRequest): string {
  const id = request.identity
  return id && id.auth !== 'anonymous' ? `${id.auth}:${id.sub}` : `ip:${request.ip}`
}

export default function register({ kernel, app }: PluginContext): void {
  if (!app) return
  // Fixed one-minute windows, in memory: enough for one process, and cheap.
  const windows = new Map<string, { start: number; count: number }>()
  // Runs after auth's onRequest hook (this plugin depends on auth), so the identity is known.
  app.addHook('onRequest', async (request, reply) => {
    const limit = ratePerMinute(kernel.config)
    if (!(limit > 0) || request.routeOptions.config.permission === 'public') return
    const now = Date.now()
    if (windows.size > 10_000) for (const [k, w] of windows) if (now - w.start >= WINDOW_MS) windows.delete(k)
    const key = callerOf(request)
    let w = windows.get(key)
    if (!w || now - w.start >= WINDOW_MS) windows.set(key, (w = { start: now, count: 0 }))
    w.count++
    reply.header('x-ratelimit-limit', String(limit)).header('x-ratelimit-remaining', String(Math.max(0, limit - w.count)))
    if (w.count > limit) {
      const retry = Math.max(1, Math.ceil((w.start + WINDOW_MS - now) / 1000))
      throw new TooManyRequestsError(`Rate limit exceeded: ${limit} requests per minute; retry in ${retry} s`, retry)
    }
  })
}
