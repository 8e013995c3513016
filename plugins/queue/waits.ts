// How long scans waited for a worker: each worker notes the wait of every scan it starts, the server reads percentiles.
import type { Redis } from 'ioredis'

/** Waits kept: the latest this many scans. */
const KEPT = 1000

/** Notes one scan's wait (ms from enqueueing to a worker starting it). */
export async function noteWait(redis: Redis, key: string, ms: number): Promise<void> {
  await redis.multi().lpush(key, String(Math.max(0, Math.round(ms)))).ltrim(key, 0, KEPT - 1).exec()
}

/** The p-th percentile (nearest rank) of the values, 0 for none. */
export function percentile(values: number[], p: number): number {
  if (!values.length) return 0
  const sorted = [...values].sort((a, b) => a - b)
  return Math.round(sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))])
}
