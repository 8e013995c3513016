// A large repository's files, split into shards that several workers evaluate at once. The scan's own job lists the
// files, queues one shard job per slice (its children) and steps aside until they are done; then it runs again, takes
// their results in the files' order and finishes the scan as the pipeline always does: the same findings as one
// machine's. Taint rules look within one file, so a split by file changes nothing they find.
import { createHash } from 'node:crypto'
import path from 'node:path'
import { UnrecoverableError, WaitingChildrenError, type Job, type Queue } from 'bullmq'
import type { Redis } from 'ioredis'
import { isInside, resolveScanTarget, scanRoots, type Analyzer, type Kernel } from '../../kernel/plugin.ts'
import { shardJobId, shardPriority, type FileResult, type JobData, type QueueKeys, type ScanJobData, type ScanJobResult, type ShardJobData, type ShardJobResult } from './jobs.ts'
import type { QueueSettings } from './settings.ts'
import { checkOut } from './git-checkout.ts'
import type { GitCache } from './git-cache.ts'
import { checkGitUrl } from './git-source.ts'
import { throttled } from './throttle.ts'

type AnalyzeOptions = Parameters<Analyzer['analyze']>[1]

/** Deals the paths out like cards (sorted first): each shard gets its share of every folder, and the split is the same on every run. */
export function splitFiles(paths: string[], shards: number): string[][] {
  const out: string[][] = Array.from({ length: shards }, () => [])
  ;[...paths].sort().forEach((p, i) => out[i % shards].push(p))
  return out
}

/** The results the scan's finished shards hold, by path. */
async function shardResults(job: Job<ScanJobData, ScanJobResult>): Promise<Map<string, FileResult>> {
  const byPath = new Map<string, FileResult>()
  for (const value of Object.values(await job.getChildrenValues<ShardJobResult>())) for (const r of value?.results ?? []) byPath.set(r.path, r)
  return byPath
}

export interface ShardingContext {
  kernel: Kernel
  job: Job<ScanJobData, ScanJobResult>
  token: string
  queue: Queue<JobData>
  redis: Redis
  keys: QueueKeys
  settings: QueueSettings
  /** When this run began (epoch ms). */
  runStarted: number
}

/**
 * The analyzer of a scan job: a repository within the shard size is evaluated here; a larger one goes out in shards
 * (first run), and is put together from them (second run). Files its shards do not hold (the repository changed in
 * between) are evaluated here.
 */
export function shardingAnalyzer(ctx: ShardingContext): Analyzer {
  return {
    async analyze(files, opts) {
      const listed = [...files]
      const { kernel, job, settings } = ctx
      if (!settings.shardFiles || listed.length <= settings.shardFiles) return kernel.pool.analyze(listed, opts)
      opts.onListed?.(listed.length)
      let held = await shardResults(job)
      if (listed.some((f) => !held.has(f.path))) {
        await queueShards(ctx, listed.map((f) => f.path), opts)
        if (await job.moveToWaitingChildren(ctx.token)) throw new WaitingChildrenError()
        held = await shardResults(job)
      }
      const missing = listed.filter((f) => !held.has(f.path))
      const local = missing.length ? await kernel.pool.analyze(missing, { ...opts, onListed: undefined }) : []
      for (const r of local) held.set(r.path, r)
      await ctx.redis.del(ctx.keys.rules(job.data.scan_id))
      return listed.map((f) => held.get(f.path)!)
    },
  }
}

/** Keeps the scan's rules once for its shards, and queues one child job per shard (ids fixed: a run again adds none twice). */
async function queueShards(ctx: ShardingContext, paths: string[], opts: AnalyzeOptions): Promise<void> {
  const { job, settings } = ctx
  const scan = job.data
  const deadline = Math.min(scan.deadline ?? Infinity, Date.now() + opts.scanTimeoutS * 1000)
  const rulesKey = ctx.keys.rules(scan.scan_id)
  await ctx.redis.set(rulesKey, JSON.stringify(opts.rules), 'PX', Math.max(1000, deadline - Date.now()) + 60_000)
  // The run that finishes the scan starts its clock here.
  if (scan.started_at === undefined) await job.updateData({ ...scan, started_at: ctx.runStarted })
  const shards = splitFiles(paths, Math.ceil(paths.length / settings.shardFiles))
  for (const [index, files] of shards.entries()) {
    const data: ShardJobData = {
      kind: 'shard', scan_id: scan.scan_id, index, repo_path: scan.request.repo_path ?? '.', files,
      ...(scan.commit !== undefined ? { source: { url: scan.request.repo_url!, commit: scan.commit } } : {}), rules_key: rulesKey, cache_scope: opts.cache?.scope,
      max_file_bytes: opts.maxFileBytes, file_timeout_ms: opts.fileTimeoutMs, timeout_s: opts.scanTimeoutS, deadline,
    }
    await ctx.queue.add('shard', data, {
      jobId: shardJobId(scan.scan_id, index), priority: shardPriority(scan.priority), parent: { id: job.id!, queue: job.queueQualifiedName },
      failParentOnFailure: true, attempts: settings.attempts, backoff: { type: 'exponential', delay: settings.backoffMs },
      removeOnComplete: { age: settings.keepCompletedS }, removeOnFail: { age: settings.keepFailedS },
    })
  }
}

/**
 * Rule sets met in shards, by content: the shards of a scan (and scans of one configuration) hand the threads one
 * array, whose parsed copy and derived indexes they keep, rather than a new copy to prepare again for every shard.
 */
const ruleSets = new Map<string, AnalyzeOptions['rules']>()
const RULE_SETS_KEPT = 8
const contentKey = (json: string) => createHash('sha256').update(json).digest('hex')
let seeded: Promise<void> | undefined

/** The rules of a shard: the same array for the same rules (the worker's default rules, its threads prepared at start, first). */
async function rulesOf(kernel: Kernel, json: string): Promise<AnalyzeOptions['rules']> {
  seeded ??= kernel.defaultRules().then((rules) => void ruleSets.set(contentKey(JSON.stringify(rules)), rules))
  await seeded.catch(() => undefined)
  const key = contentKey(json)
  let rules = ruleSets.get(key)
  if (!rules) {
    if (ruleSets.size >= RULE_SETS_KEPT) ruleSets.delete(ruleSets.keys().next().value!)
    ruleSets.set(key, (rules = JSON.parse(json) as AnalyzeOptions['rules']))
  }
  return rules
}

/** Evaluates one shard's files with its scan's rules on this worker's threads; its progress goes out as the shard's. */
export async function runShard(kernel: Kernel, job: Job<ShardJobData>, redis: Redis, signal: AbortSignal, git: GitCache): Promise<ShardJobResult> {
  const d = job.data
  const json = await redis.get(d.rules_key)
  if (json === null) throw new UnrecoverableError(`the rules of scan ${d.scan_id} are gone: its scan ended or expired`)
  // A repo_url's shard reads the commit its scan resolved, from this worker's clone (the URL checked again here).
  const checkout = d.source && (await checkOut(git, checkGitUrl(d.source.url), { commit: d.source.commit }, { signal, ms: d.deadline - Date.now(), timeoutS: d.timeout_s }))
  try {
    return await evaluateShard(kernel, job, json, checkout?.root, signal)
  } finally {
    await checkout?.release()
  }
}

async function evaluateShard(kernel: Kernel, job: Job<ShardJobData>, json: string, checkedOut: string | undefined, signal: AbortSignal): Promise<ShardJobResult> {
  const d = job.data
  // Access was checked when the scan was accepted: here the path is only found under this worker's scan roots.
  const root = checkedOut ?? resolveScanTarget(d.repo_path, scanRoots(kernel.cwd)).root
  const files = d.files.map((rel) => {
    const abs = path.join(root, rel)
    if (!isInside(root, abs)) throw new UnrecoverableError(`shard file ${JSON.stringify(rel)} is outside its repository`)
    return { path: rel, abs }
  })
  let done = 0
  let found = 0
  const progress = throttled(() => void job.updateProgress({ stage: 'shard', files_done: done, findings: found }).catch(() => undefined))
  const cacheDir = kernel.resultCache?.dir
  const results = await kernel.pool.analyze(files, {
    rules: await rulesOf(kernel, json),
    engines: kernel.engines,
    cache: cacheDir && d.cache_scope ? { dir: cacheDir, scope: d.cache_scope, entries: true } : undefined,
    signal: AbortSignal.any([signal, AbortSignal.timeout(Math.max(1, d.deadline - Date.now()))]),
    scanTimeoutS: d.timeout_s,
    fileTimeoutMs: d.file_timeout_ms,
    maxFileBytes: d.max_file_bytes,
    onFileDone: (r) => {
      done++
      found += r.findings.length
      progress()
    },
  })
  progress.flush()
  if (cacheDir) kernel.resultCache?.wrote(cacheDir, results.filter((r) => !r.cached && !r.skipped).length)
  return { index: d.index, files: d.files, results }
}
