// `guard worker`: takes scans (and shards of large ones) from the queue, runs them with this kernel's pipeline and
// threads, writes their results through the store, and tells their progress through the queue's events.
import { randomUUID } from 'node:crypto'
import os from 'node:os'
import { parseArgs } from 'node:util'
import { DelayedError, Queue, UnrecoverableError, WaitingChildrenError, Worker, type Job } from 'bullmq'
import type { Redis } from 'ioredis'
import { BadRequestError, GuardError, ruleMeta, withoutCredentials, type Kernel, type ScanOptions, type WorkerSeen } from '../../kernel/plugin.ts'
import { checkOut, gitCache } from './git-checkout.ts'
import { allowedGitUrls, checkGitRequest } from './git-source.ts'
import { commandConnection, waitingConnection } from './connection.ts'
import { RepoSlots } from './fairness.ts'
import { BULL_PREFIX, failureReason, guardErrorOf, queueKeys, type JobData, type QueueKeys, type ScanJobData, type ScanJobResult, type ShardJobData, type ShardJobResult } from './jobs.ts'
import { checkSharedStore, queueSettings, type QueueSettings } from './settings.ts'
import { runShard, shardingAnalyzer } from './shards.ts'
import { throttled } from './throttle.ts'
import { noteWait } from './waits.ts'

/** A job this worker runs, and how to stop it. */
interface Running {
  data: JobData
  abort: AbortController
  /** The repository slot it holds (renewed with each heartbeat). */
  holds: boolean
}

const stopSignal = () =>
  new Promise<NodeJS.Signals>((resolve) => {
    process.once('SIGTERM', () => resolve('SIGTERM'))
    process.once('SIGINT', () => resolve('SIGINT'))
  })

/** `guard worker [--concurrency N]`: runs until SIGTERM/SIGINT, then finishes the scans it holds and exits 0. */
export async function workerCommand(kernel: Kernel, args: string[]): Promise<number> {
  let concurrency: number
  try {
    const { values } = parseArgs({ args, options: { concurrency: { type: 'string', short: 'c' } }, strict: true })
    concurrency = Number(values.concurrency ?? 2)
  } catch (e) {
    throw new BadRequestError(`${(e as Error).message}\nusage: guard worker [--concurrency N]`)
  }
  if (!Number.isInteger(concurrency) || concurrency < 1 || concurrency > 256) throw new BadRequestError('--concurrency must be an integer from 1 to 256')
  const settings = queueSettings()
  if (!settings) throw new BadRequestError('guard worker takes its scans from a queue: set GUARD_QUEUE_URL (redis://…), as for the server')
  checkSharedStore()
  // A wrong GUARD_GIT_URLS stops the worker now, not each scan by URL later.
  allowedGitUrls()
  // The threads start and get ready for the default rules while the worker connects.
  kernel.pool.start(kernel.engines)
  kernel.pool.prepare(await kernel.defaultRules())
  const worker = new QueueWorker(kernel, settings, concurrency)
  await worker.start()
  process.stderr.write(`guard worker ${worker.id}: taking scans from queue ${settings.name}, ${concurrency} at a time\n`)
  const signal = await stopSignal()
  process.stderr.write(`guard worker ${worker.id}: ${signal}, finishing the scans it holds\n`)
  await worker.stop()
  return 0
}

export class QueueWorker {
  readonly id = `${os.hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`
  private readonly keys: QueueKeys
  private readonly redis: Redis
  private readonly subscriber: Redis
  private readonly jobReader: Redis
  private readonly queue: Queue<JobData>
  private readonly slots: RepoSlots
  private readonly running = new Map<string, Running>()
  private worker: Worker<JobData, ScanJobResult | ShardJobResult> | undefined
  private heartbeat: NodeJS.Timeout | undefined

  constructor(
    private readonly kernel: Kernel,
    private readonly settings: QueueSettings,
    private readonly concurrency: number,
  ) {
    const log = kernel.log
    this.keys = queueKeys(settings.name)
    this.redis = commandConnection(settings.url, log, `worker ${this.id}`)
    this.subscriber = waitingConnection(settings.url, log, `worker ${this.id}'s cancel listener`)
    this.jobReader = waitingConnection(settings.url, log, `worker ${this.id}'s job reader`)
    this.queue = new Queue<JobData>(settings.name, { connection: this.redis, prefix: BULL_PREFIX })
    this.queue.on('error', (err: Error) => log.warn({ err: err.message }, 'queue: Redis error'))
    this.slots = new RepoSlots(this.redis, this.keys, settings.repoConcurrency, 3 * this.heartbeatMs)
  }

  /** Heartbeats come often enough that a repository hold (three beats) outlives a missed one. */
  private get heartbeatMs(): number {
    return Math.min(10_000, Math.max(500, Math.floor(this.settings.lockMs / 3)))
  }

  async start(): Promise<void> {
    await this.subscriber.subscribe(this.keys.cancel)
    this.subscriber.on('message', (_channel: string, message: string) => this.cancel(message))
    await this.beat()
    this.heartbeat = setInterval(() => void this.beat().catch(() => undefined), this.heartbeatMs)
    const s = this.settings
    this.worker = new Worker<JobData, ScanJobResult | ShardJobResult>(s.name, (job, token, signal) => this.process(job, token!, signal), {
      connection: this.jobReader,
      prefix: BULL_PREFIX,
      concurrency: this.concurrency,
      name: this.id,
      lockDuration: s.lockMs,
      stalledInterval: s.lockMs,
      // A scan whose worker was lost is run again (twice at most): a scan that kills its workers ends failed.
      maxStalledCount: 2,
    })
    this.worker.on('error', (err: Error) => this.kernel.log.warn({ err: err.message }, 'queue: worker error'))
  }

  /** Stops taking jobs, lets the running ones finish, and says goodbye. */
  async stop(): Promise<void> {
    await this.worker?.close()
    clearInterval(this.heartbeat)
    await this.redis.hdel(this.keys.workers, this.id).catch(() => undefined)
    await this.queue.close().catch(() => undefined)
    // BullMQ leaves the connections it was given open.
    for (const connection of [this.jobReader, this.subscriber, this.redis]) connection.disconnect()
  }

  private async beat(): Promise<void> {
    const seen: WorkerSeen = { id: this.id, host: os.hostname(), concurrency: this.concurrency, active: this.running.size, seen_at: new Date().toISOString() }
    await this.redis.hset(this.keys.workers, this.id, JSON.stringify(seen))
    for (const r of this.running.values()) if (r.holds && r.data.kind === 'scan' && r.data.repo) await this.slots.renew(r.data.repo, r.data.scan_id)
  }

  /** A stop message (`{scan_id, status, detail}`): the scan's jobs running here end with that error. */
  private cancel(message: string): void {
    let stop: { scan_id: string; status: number; detail: string }
    try {
      stop = JSON.parse(message) as typeof stop
    } catch {
      return
    }
    for (const r of this.running.values()) if (r.data.scan_id === stop.scan_id) r.abort.abort(new GuardError(stop.status, stop.detail))
  }

  private async process(job: Job<JobData, ScanJobResult | ShardJobResult>, token: string, lost?: AbortSignal): Promise<ScanJobResult | ShardJobResult> {
    const data = job.data
    const running: Running = { data, abort: new AbortController(), holds: false }
    this.running.set(job.id!, running)
    try {
      const stopped = guardErrorOf((await this.redis.get(this.keys.cancelled(data.scan_id))) ?? undefined)
      if (stopped) throw stopped
      // BullMQ aborts `lost` when this worker can no longer hold the job (it goes to another).
      const signal = AbortSignal.any([running.abort.signal, ...(lost ? [lost] : [])])
      if (data.kind === 'shard') return await runShard(this.kernel, job as Job<ShardJobData>, this.redis, signal, gitCache(this.kernel.dataDir))
      if (data.repo && this.slots.limit && !(running.holds = await this.slots.acquire(data.repo, data.scan_id))) {
        // The repository has its share of workers: this scan waits its turn behind the other repositories' scans.
        await job.moveToDelayed(Date.now() + 500 + Math.floor(Math.random() * 1000), token)
        throw new DelayedError()
      }
      // Its wait, once: not again for a retry, nor for the run that merges its shards.
      if (job.attemptsMade === 0 && data.started_at === undefined) await noteWait(this.redis, this.keys.waits, Date.now() - data.queued_at).catch(() => undefined)
      return await this.runScan(job as Job<ScanJobData, ScanJobResult>, token, signal)
    } catch (e) {
      if (e instanceof DelayedError || e instanceof WaitingChildrenError || e instanceof UnrecoverableError) throw e
      // A refusal, a time limit or a stop is the scan's answer: running it again would give the same.
      if (e instanceof GuardError) throw new UnrecoverableError(failureReason(e))
      this.kernel.log.error({ err: e, scan_id: data.scan_id, job: job.id, attempt: job.attemptsMade + 1 }, 'queue: a scan failed on this worker')
      throw e
    } finally {
      this.running.delete(job.id!)
      if (running.holds && data.kind === 'scan' && data.repo) await this.slots.release(data.repo, data.scan_id).catch(() => undefined)
    }
  }

  /** Runs a scan job with the pipeline: a plain scan for a waiting client, scan and gate for an accepted one. */
  private async runScan(job: Job<ScanJobData, ScanJobResult>, token: string, signal: AbortSignal): Promise<ScanJobResult> {
    const data = job.data
    const runStarted = Date.now()
    // A repo_url is checked again here, cloned or fetched into this worker's cache, and its ref resolved once: a run
    // again (a lost worker, the run that merges the shards) and every shard scan the commit the first run found.
    const source = data.request.repo_url !== undefined ? checkGitRequest(data.request, data.identity) : undefined
    // The fetch counts within the scan's time limit (an accepted scan's from its start): the scan has what is left.
    const deadline = data.deadline ?? (source ? (data.started_at ?? runStarted) + data.timeout_s * 1000 : undefined)
    const checkout = source && (await checkOut(gitCache(this.kernel.dataDir), source, { ref: source.ref, commit: data.commit }, { signal, ms: deadline! - Date.now(), timeoutS: data.timeout_s }))
    try {
      if (checkout && data.commit === undefined) await job.updateData({ ...job.data, commit: checkout.commit })
      return await this.scanCheckedOut(job, token, signal, runStarted, deadline, checkout && source && { root: checkout.root, url: withoutCredentials(source.url), ref: source.ref, commit: checkout.commit })
    } finally {
      await checkout?.release()
    }
  }

  /** Runs the scan (the repository's tree checked out already, when it was named by URL). */
  private async scanCheckedOut(job: Job<ScanJobData, ScanJobResult>, token: string, signal: AbortSignal, runStarted: number, deadline: number | undefined, checkout: ScanOptions['checkout']): Promise<ScanJobResult> {
    const data = job.data
    const update = (p: object) => void job.updateProgress(p).catch(() => undefined)
    let latest: object | undefined
    const progress = throttled(() => latest && update(latest))
    const opts: ScanOptions = {
      identity: data.identity,
      requestId: data.request_id,
      scanId: data.scan_id,
      startedAt: data.started_at ?? runStarted,
      checkout,
      purpose: data.purpose === 'async' ? 'gate' : data.purpose,
      signal: deadline === undefined ? signal : AbortSignal.any([signal, AbortSignal.timeout(Math.max(1, deadline - Date.now()))]),
      onStart: (info) => update({ stage: 'started', files_total: info.files_total, rules_total: info.rules_total }),
      onProgress: (p) => {
        latest = { stage: 'progress', ...p }
        progress()
      },
      analyzer: data.repo
        ? shardingAnalyzer({ kernel: this.kernel, job, token, queue: this.queue, redis: this.redis, keys: this.keys, settings: this.settings, runStarted })
        : undefined,
    }
    try {
      if (data.purpose === 'async') return { config: (await this.kernel.gate(data.request, opts)).config }
      const outcome = await this.kernel.scan(data.request, opts)
      return { config: outcome.config, ...(data.purpose === 'report' ? { rules: outcome.rules.map(ruleMeta) } : {}) }
    } finally {
      progress.flush()
    }
  }
}
