// Queue mode's settings, read from the environment: GUARD_QUEUE_URL turns it on, the rest tune it.
import { ValidationError } from '../../kernel/plugin.ts'

export interface QueueSettings {
  /** `redis://[user:password@]host:port[/db]` or `rediss://…` */
  url: string
  /** The BullMQ queue (several deployments may share one Redis under different names). */
  name: string
  /** Runs of a scan that fails for a reason that may pass (a store not reachable, a lost worker) before it ends failed. */
  attempts: number
  /** The first retry's delay; each next one doubles it. */
  backoffMs: number
  /** How long a worker's hold on a scan lasts unless renewed: a worker silent that long has lost its scans to others. */
  lockMs: number
  /** Repositories with more files than this are split into shards of this many files, run by several workers (0: never). */
  shardFiles: number
  /** Scans of one repository running at once across all workers (0: no limit); the others wait their turn. */
  repoConcurrency: number
  /** How long a finished scan's job is kept for polls and followers (its result is in the store for good). */
  keepCompletedS: number
  /** How long a failed scan's job and its reason are kept. */
  keepFailedS: number
}

const PREFIX = 'GUARD_QUEUE_'

function count(name: string, fallback: number, min: number): number {
  const raw = process.env[PREFIX + name]
  if (raw === undefined || raw === '') return fallback
  const n = Number(raw)
  if (!Number.isInteger(n) || n < min) throw new ValidationError(`Invalid ${PREFIX}${name}`, [{ path: PREFIX + name, message: `must be an integer of at least ${min}, not ${JSON.stringify(raw)}` }])
  return n
}

/** The settings when GUARD_QUEUE_URL is set, else undefined (the embedded default: scans run in this process). */
export function queueSettings(): QueueSettings | undefined {
  const url = process.env.GUARD_QUEUE_URL
  if (!url) return undefined
  if (!/^rediss?:\/\/[^\s]+$/.test(url)) throw new ValidationError('Invalid GUARD_QUEUE_URL', [{ path: 'GUARD_QUEUE_URL', message: 'must be a redis:// or rediss:// URL' }])
  const name = process.env.GUARD_QUEUE_NAME || 'scans'
  if (!/^[\w-]{1,64}$/.test(name)) throw new ValidationError('Invalid GUARD_QUEUE_NAME', [{ path: 'GUARD_QUEUE_NAME', message: 'letters, digits, _ and - only (at most 64)' }])
  return {
    url,
    name,
    attempts: count('ATTEMPTS', 3, 1),
    backoffMs: count('BACKOFF_MS', 2000, 0),
    lockMs: count('LOCK_MS', 30_000, 1000),
    shardFiles: count('SHARD_FILES', 5000, 0),
    repoConcurrency: count('REPO_CONCURRENCY', 4, 0),
    keepCompletedS: count('KEEP_COMPLETED_S', 3600, 1),
    keepFailedS: count('KEEP_FAILED_S', 7 * 86_400, 1),
  }
}

/**
 * Workers write results where the server reads them, so both name the store: PostgreSQL for workers on several
 * machines, or one SQLite file when every worker runs on this machine. The embedded default (a file under each
 * process's own data directory) would leave each worker's results where no server looks.
 */
export function checkSharedStore(): void {
  if (process.env.GUARD_DATABASE_URL) return
  throw new ValidationError('Queue mode (GUARD_QUEUE_URL) needs a store the server and every worker share', [
    { path: 'GUARD_DATABASE_URL', message: 'set it: postgres://… for workers on several machines; sqlite:/absolute/path.db only when every worker runs on this machine' },
  ])
}
