// A worker's clones of the repositories scans name by URL: one folder per URL (its digest) under the data directory,
// holding a partial mirror (commits and trees; file contents fetched for the commits checked out) and one read-only
// tree per commit in use. The next scan of a URL fetches instead of cloning; a commit already checked out is reused.
// A lock file per folder keeps the worker processes of this machine from fetching into one mirror at once, and the
// cache stays under its size by dropping whole repositories least recently used, never one a scan is reading.
import { createHash, randomUUID } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { ValidationError } from '../../kernel/plugin.ts'
import { git, GitError, type GitRun } from './git-run.ts'
import type { GitUrl } from './git-source.ts'

const MIRROR = 'mirror.git'
const TREES = 'trees'
const IN_USE = 'use'
const META = 'meta.json'
const LOCK = 'lock'
/** The refs a fetch keeps: the remote's branches and tags (not pull requests and the like), and its default branch when asked for. */
const REFSPECS = ['+refs/heads/*:refs/heads/*', '+refs/tags/*:refs/tags/*']
const DEFAULT_BRANCH = '+HEAD:refs/guard/default'
const LOCK_POLL_MS = 50
/** A lock older than this is taken over even if its pid lives (a pid reused by another program). */
const LOCK_STALE_MS = 3_600_000

export interface GitCacheSettings {
  dir: string
  maxBytes: number
}

/** GUARD_GIT_CACHE_DIR (default `<data dir>/git`) and GUARD_GIT_CACHE_MB (default 10240). */
export function gitCacheSettings(dataDir: string): GitCacheSettings {
  const mb = Number(process.env.GUARD_GIT_CACHE_MB || 10_240)
  if (!Number.isFinite(mb) || mb <= 0)
    throw new ValidationError('Invalid GUARD_GIT_CACHE_MB', [{ path: 'GUARD_GIT_CACHE_MB', message: 'must be a positive number of megabytes' }])
  return { dir: path.resolve(process.env.GUARD_GIT_CACHE_DIR || path.join(dataDir, 'git')), maxBytes: mb * 1024 * 1024 }
}

/** A commit checked out for a scan: read its tree at `root`, then release it (it may be dropped after). */
export interface Checkout {
  root: string
  commit: string
  release(): Promise<void>
}

interface Meta {
  url: string
  used_at: number
  bytes: number
}

type Run = Pick<GitRun, 'signal' | 'onAbort'>

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer)
      signal.removeEventListener('abort', done)
      resolve()
    }
    const timer = setTimeout(done, ms)
    signal.addEventListener('abort', done, { once: true })
  })

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/** Bytes a folder takes on disk (blocks, not lengths: a mirror's packs and a tree's small files as the disk counts them). */
function diskBytes(dir: string): number {
  let total = 0
  const stack = [dir]
  while (stack.length) {
    const d = stack.pop()!
    let entries: fs.Dirent[]
    try {
      entries = fs.readdirSync(d, { withFileTypes: true })
    } catch {
      continue
    }
    for (const e of entries) {
      const p = path.join(d, e.name)
      try {
        total += fs.lstatSync(p).blocks * 512
      } catch {
        continue
      }
      if (e.isDirectory()) stack.push(p)
    }
  }
  return total
}

/** Removes a folder so nobody sees half of it: renamed aside first, then deleted. */
function drop(dir: string, trash: string): void {
  const aside = path.join(trash, `.drop-${randomUUID()}`)
  try {
    fs.renameSync(dir, aside)
  } catch {
    return
  }
  fs.rmSync(aside, { recursive: true, force: true })
}

export class GitCache {
  private uses = 0

  constructor(readonly settings: GitCacheSettings) {}

  /** The folder of a repository URL. */
  folder(url: string): string {
    return path.join(this.settings.dir, createHash('sha256').update(url).digest('hex').slice(0, 32))
  }

  /**
   * Checks out `want.commit` (a shard, a scan run again: no fetch when the mirror has it), or the commit `want.ref`
   * names now (default branch without one) after a fetch; the tree stays in use until released.
   */
  async checkout(source: GitUrl, want: { ref?: string; commit?: string }, run: Run): Promise<Checkout> {
    const repo = this.folder(source.url)
    const marker = path.join(repo, IN_USE, `${process.pid}-${++this.uses}-${randomUUID().slice(0, 8)}`)
    const commit = await this.locked(repo, run, async () => {
      const g = (args: string[], env?: Record<string, string>) => git([`--git-dir=${path.join(repo, MIRROR)}`, ...args], { ...run, scheme: source.scheme, env })
      let commit = want.commit
      if (!commit || !fs.existsSync(path.join(repo, TREES, commit))) {
        // The default branch is fetched only for a scan without a ref (a remote whose HEAD names nothing has none).
        const refspecs = commit || want.ref !== undefined ? REFSPECS : [...REFSPECS, DEFAULT_BRANCH]
        if (!fs.existsSync(path.join(repo, MIRROR))) await this.clone(repo, source, refspecs, run)
        else if (!commit || !(await this.has(g, commit))) await g(['fetch', '--quiet', '--prune', '--no-tags', 'origin', ...refspecs])
        commit ??= await this.resolve(g, want.ref)
        if (!(await this.has(g, commit))) await g(['fetch', '--quiet', '--no-tags', 'origin', commit]).catch(() => undefined)
        if (!(await this.has(g, commit))) throw new ValidationError('Invalid ref', [{ path: 'ref', message: `commit ${commit} is not in the repository` }])
        if (!fs.existsSync(path.join(repo, TREES, commit))) await this.materialize(repo, g, commit)
      }
      fs.mkdirSync(path.dirname(marker), { recursive: true })
      fs.writeFileSync(marker, commit)
      const now = new Date()
      fs.utimesSync(path.join(repo, TREES, commit), now, now)
      this.writeMeta(repo, source.url)
      return commit
    })
    this.evict()
    let released = false
    return {
      root: path.join(repo, TREES, commit),
      commit,
      release: async () => {
        if (released) return
        released = true
        fs.rmSync(marker, { force: true })
        await this.locked(repo, { signal: AbortSignal.timeout(60_000), onAbort: (r) => r as Error }, async () => {
          this.pruneTrees(repo)
          this.writeMeta(repo, source.url)
        }).catch(() => undefined)
        this.evict()
      },
    }
  }

  /** A new mirror, fetched whole in a folder of its own and put in place once complete. */
  private async clone(repo: string, source: GitUrl, refspecs: string[], run: Run): Promise<void> {
    const tmp = path.join(repo, `.clone-${randomUUID()}`)
    const g = (args: string[]) => git([`--git-dir=${tmp}`, ...args], { ...run, scheme: source.scheme })
    try {
      await git(['init', '--quiet', '--bare', '--template=', '--', tmp], { ...run, scheme: source.scheme })
      await g(['config', 'remote.origin.url', source.url])
      // Commits and trees only: a commit's file contents come when it is checked out (a server without filters sends all).
      await g(['fetch', '--quiet', '--no-tags', '--filter=blob:none', 'origin', ...refspecs])
      fs.renameSync(tmp, path.join(repo, MIRROR))
    } finally {
      fs.rmSync(tmp, { recursive: true, force: true })
    }
  }

  private async has(g: (args: string[]) => Promise<string>, commit: string): Promise<boolean> {
    return g(['cat-file', '-e', `${commit}^{commit}`]).then(
      () => true,
      (e) => (e instanceof GitError ? false : Promise.reject(e)),
    )
  }

  /** The commit a ref names in the mirror: a branch, a tag, or a commit id (a prefix of 7 or more). */
  private async resolve(g: (args: string[]) => Promise<string>, ref: string | undefined): Promise<string> {
    const candidates = ref === undefined ? ['refs/guard/default'] : [`refs/heads/${ref}`, `refs/tags/${ref}`, ...(/^[0-9a-f]{7,64}$/i.test(ref) ? [ref] : [])]
    for (const c of candidates) {
      const out = await g(['rev-parse', '--verify', '--quiet', `${c}^{commit}`]).catch((e) => (e instanceof GitError ? '' : Promise.reject(e)))
      if (out.trim()) return out.trim()
    }
    if (ref !== undefined && /^[0-9a-f]{40}([0-9a-f]{24})?$/i.test(ref)) return ref.toLowerCase()
    throw new ValidationError('Invalid ref', [{ path: 'ref', message: ref === undefined ? 'the repository has no default branch' : `no branch, tag or commit of the repository is named ${JSON.stringify(ref)}` }])
  }

  /** The commit's files in a folder of their own (its contents fetched in one batch), put in place once complete. */
  private async materialize(repo: string, g: (args: string[], env?: Record<string, string>) => Promise<string>, commit: string): Promise<void> {
    const tmp = path.join(repo, TREES, `.tmp-${randomUUID()}`)
    const index = `${tmp}.index`
    fs.mkdirSync(tmp, { recursive: true })
    try {
      await g([`--work-tree=${tmp}`, 'read-tree', '-m', '-u', commit], { GIT_INDEX_FILE: index })
      fs.renameSync(tmp, path.join(repo, TREES, commit))
    } finally {
      fs.rmSync(tmp, { recursive: true, force: true })
      fs.rmSync(index, { force: true })
    }
  }

  /** The commits scans of this worker's machine are reading in a repository (markers of processes gone are removed). */
  private inUse(repo: string): Set<string> {
    const dir = path.join(repo, IN_USE)
    const commits = new Set<string>()
    for (const name of fs.existsSync(dir) ? fs.readdirSync(dir) : []) {
      const file = path.join(dir, name)
      if (!alive(Number(name.split('-')[0]))) fs.rmSync(file, { force: true })
      else commits.add(fs.readFileSync(file, 'utf8'))
    }
    return commits
  }

  /** Keeps a repository's trees in use and its latest one; the others go (a push a day would otherwise fill the disk). */
  private pruneTrees(repo: string): void {
    const dir = path.join(repo, TREES)
    const used = this.inUse(repo)
    const trees = fs.readdirSync(dir).filter((n) => !n.startsWith('.')).map((n) => ({ n, at: fs.statSync(path.join(dir, n)).mtimeMs }))
    trees.sort((a, b) => b.at - a.at)
    for (const t of trees.slice(1)) if (!used.has(t.n)) drop(path.join(dir, t.n), dir)
  }

  private writeMeta(repo: string, url: string): void {
    const meta: Meta = { url, used_at: Date.now(), bytes: diskBytes(repo) }
    const tmp = path.join(repo, `.meta-${randomUUID()}`)
    fs.writeFileSync(tmp, JSON.stringify(meta))
    fs.renameSync(tmp, path.join(repo, META))
  }

  /** Over its size, the cache drops whole repositories, least recently used first, skipping those in use or locked. */
  private evict(): void {
    const dir = this.settings.dir
    const repos: (Meta & { repo: string })[] = []
    for (const name of fs.existsSync(dir) ? fs.readdirSync(dir) : []) {
      if (name.startsWith('.')) continue
      const repo = path.join(dir, name)
      try {
        repos.push({ repo, ...(JSON.parse(fs.readFileSync(path.join(repo, META), 'utf8')) as Meta) })
      } catch {
        // being cloned (no meta yet), or not one of ours
      }
    }
    let total = repos.reduce((n, r) => n + r.bytes, 0)
    for (const r of repos.sort((a, b) => a.used_at - b.used_at)) {
      if (total <= this.settings.maxBytes) return
      if (!this.tryLock(r.repo)) continue
      try {
        if (this.inUse(r.repo).size) continue
        drop(r.repo, dir)
        total -= r.bytes
      } finally {
        fs.rmSync(path.join(r.repo, LOCK), { force: true })
      }
    }
  }

  /** Takes a repository folder's lock now, or answers false (held by a live process). */
  private tryLock(repo: string): boolean {
    const file = path.join(repo, LOCK)
    for (let attempt = 0; attempt < 2; attempt++) {
      try {
        fs.mkdirSync(repo, { recursive: true })
        fs.writeFileSync(file, String(process.pid), { flag: 'wx' })
        return true
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e
      }
      try {
        const holder = Number(fs.readFileSync(file, 'utf8'))
        const age = Date.now() - fs.statSync(file).mtimeMs
        // An empty file is a lock another process is taking this instant (created, its pid not written yet): held.
        if (age < LOCK_STALE_MS && (!holder || alive(holder))) return false
        fs.rmSync(file, { force: true })
      } catch {
        // released meanwhile: try again
      }
    }
    return false
  }

  /** Runs `work` holding the repository folder's lock, waited for until the run's signal aborts. */
  private async locked<T>(repo: string, run: Run, work: () => Promise<T>): Promise<T> {
    while (!this.tryLock(repo)) {
      await sleep(LOCK_POLL_MS, run.signal)
      if (run.signal.aborted) throw run.onAbort(run.signal.reason)
    }
    try {
      return await work()
    } finally {
      fs.rmSync(path.join(repo, LOCK), { force: true })
    }
  }
}
