// One repository cannot take every worker: at most `limit` of its scans run at once, across all workers. A worker that
// takes one more puts it back, delayed, and takes the next job: other repositories' scans get their turn meanwhile.
import { createHash } from 'node:crypto'
import type { Redis } from 'ioredis'
import type { QueueKeys } from './jobs.ts'

// A sorted set per repository: its running scans, each scored by when its hold lapses (a worker killed mid-scan
// holds nothing for long). Expired holds are dropped, then the scan is let in if it holds already or there is room.
const ACQUIRE = `
local now = tonumber(ARGV[1])
local lapses = tonumber(ARGV[2])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
if redis.call('ZSCORE', KEYS[1], ARGV[4]) or redis.call('ZCARD', KEYS[1]) < tonumber(ARGV[3]) then
  redis.call('ZADD', KEYS[1], lapses, ARGV[4])
  redis.call('PEXPIRE', KEYS[1], lapses - now)
  return 1
end
return 0`

export class RepoSlots {
  constructor(
    private readonly redis: Redis,
    private readonly keys: QueueKeys,
    readonly limit: number,
    /** How long a hold lasts unless renewed (the worker's heartbeat renews the holds of the scans it runs). */
    private readonly holdMs: number,
  ) {}

  private key(repo: string): string {
    return this.keys.repo(createHash('sha256').update(repo).digest('hex').slice(0, 32))
  }

  /** Takes one of the repository's slots for the scan; false when they are all taken. */
  async acquire(repo: string, scanId: string): Promise<boolean> {
    const now = Date.now()
    return (await this.redis.eval(ACQUIRE, 1, this.key(repo), now, now + this.holdMs, this.limit, scanId)) === 1
  }

  async renew(repo: string, scanId: string): Promise<void> {
    const lapses = Date.now() + this.holdMs
    await this.redis.multi().zadd(this.key(repo), 'XX', lapses, scanId).pexpire(this.key(repo), this.holdMs).exec()
  }

  async release(repo: string, scanId: string): Promise<void> {
    await this.redis.zrem(this.key(repo), scanId)
  }
}
