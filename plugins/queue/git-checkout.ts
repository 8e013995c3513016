// A worker's checkout of a scan's repo_url (or a shard's commit of it), within the scan's time limit: a clone or
// fetch still running at the limit is killed and the scan ends 504; a repository that cannot be fetched is a 502.
import { GuardError, ScanTimeoutError, ValidationError, withoutCredentials } from '../../kernel/plugin.ts'
import { GitError } from './git-run.ts'
import { gitCacheSettings, GitCache, type Checkout } from './git-cache.ts'
import type { GitUrl } from './git-source.ts'

const caches = new Map<string, GitCache>()

/** This process's cache of clones under `dataDir` (one per process: its in-use marks and locks are per folder). */
export function gitCache(dataDir: string): GitCache {
  const settings = gitCacheSettings(dataDir)
  let cache = caches.get(settings.dir)
  if (!cache) caches.set(settings.dir, (cache = new GitCache(settings)))
  return cache
}

export interface CheckoutLimit {
  /** Stops the scan (a cancel, a lost job). */
  signal: AbortSignal
  /** Milliseconds left of the scan's time limit. */
  ms: number
  /** The limit in seconds, for the 504's message. */
  timeoutS: number
}

export async function checkOut(cache: GitCache, source: GitUrl, want: { ref?: string; commit?: string }, limit: CheckoutLimit): Promise<Checkout> {
  const signal = AbortSignal.any([limit.signal, AbortSignal.timeout(Math.max(1, limit.ms))])
  const onAbort = (reason: unknown): Error =>
    reason instanceof Error && reason.name === 'TimeoutError' ? new ScanTimeoutError(limit.timeoutS) : reason instanceof Error ? reason : new Error(String(reason))
  try {
    return await cache.checkout(source, want, { signal, onAbort })
  } catch (e) {
    if (e instanceof GitError && /couldn't find remote ref HEAD/.test(e.stderr))
      throw new ValidationError('Invalid ref', [{ path: 'ref', message: 'the repository has no default branch (its HEAD names no branch): name a ref' }])
    if (e instanceof GitError) {
      const said = e.stderr.trim().split('\n').filter(Boolean).at(-1) ?? `git exited with ${e.code}`
      throw new GuardError(502, `The repository could not be fetched from ${withoutCredentials(source.url)}: ${said.slice(0, 500)}`)
    }
    throw e
  }
}
