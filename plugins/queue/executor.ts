// Queue mode's server side: a scan becomes a BullMQ job; the answer waits for a worker to run and store it, then
// is read from the store. Progress comes back through the queue's events, and a poll covers what they miss.
import { randomUUID } from 'node:crypto'
import { Job, Queue, QueueEvents } from 'bullmq'
import type { Redis } from 'ioredis'
import { checkScanRequest, GuardError, ScanTimeoutError, type GateResult, type Kernel, type QueueStatus, type QueueWait, type ScanExecutor, type ScanJob, type ScanOptions, type ScanOutcome, type ScanPriority, type ScanRequest, type WorkerSeen } from '../../kernel/plugin.ts'
import { commandConnection, waitingConnection } from './connection.ts'
import { BULL_PREFIX, failureReason, guardErrorOf, jobScan, PRIORITY, priorityOf, queueKeys, type JobData, type JobPurpose, type ScanJobData, type ScanJobResult } from './jobs.ts'
import type { QueueSettings } from './settings.ts'
import { percentile } from './waits.ts'
import { checkGitRequest } from './git-source.ts'

/** What a scan stopped because its client left ends with (as a scan in the server would). */
const CLIENT_GONE = 'Scan cancelled: the client disconnected'
/** How often the jobs still awaited are looked up, in case their events were missed (a Redis restart). */
const POLL_MS = 1000
/** /health gives up on the queue after this long: a Redis that does not answer makes the service degraded, not hung. */
const HEALTH_TIMEOUT_MS = 2000
/** Workers listed in /health: those heard from within the last minute. */
const WORKER_SEEN_MS = 60_000
/** Heartbeats older than this are forgotten. */
const WORKER_FORGET_MS = 86_400_000

interface Log {
  warn(obj: object, msg: string): void
  error(obj: object, msg: string): void
}

/** Counts a worker publishes as it goes: a scan's start, its progress, a shard's progress. */
type JobProgress =
  | { stage: 'started'; files_total: number; rules_total: number }
  | { stage: 'progress'; files_done: number; files_total: number; findings: number }
  | { stage: 'shard'; files_done: number; findings: number }

type Settle = { value: ScanJobResult } | { error: unknown }

/** Someone waiting for a scan: a client's request, or a follower of a submitted scan. */
class Waiter {
  private started = false
  private filesTotal = 0
  private own = { files_done: 0, findings: 0 }
  private readonly shards = new Map<number, { files_done: number; findings: number }>()
  private shown = 0

  constructor(
    readonly scanId: string,
    private readonly opts: Pick<ScanOptions, 'onStart' | 'onProgress'>,
    readonly settle: (outcome: Settle) => void,
  ) {}

  /** Adds up the scan's own progress and its shards', never going back (a retried run starts its count again). */
  progress(shard: number | undefined, p: JobProgress): void {
    if (p.stage === 'started') {
      this.filesTotal = p.files_total
      if (!this.started) this.opts.onStart?.({ scan_id: this.scanId, files_total: p.files_total, rules_total: p.rules_total })
      this.started = true
      return
    }
    if (p.stage === 'shard' && shard !== undefined) this.shards.set(shard, { files_done: p.files_done, findings: p.findings })
    else if (p.stage === 'progress') {
      this.own = { files_done: p.files_done, findings: p.findings }
      this.filesTotal = p.files_total
    }
    if (!this.started) return
    let { files_done, findings } = this.own
    for (const s of this.shards.values()) [files_done, findings] = [files_done + s.files_done, findings + s.findings]
    this.shown = Math.min(Math.max(this.shown, files_done), this.filesTotal)
    this.opts.onProgress?.({ files_done: this.shown, files_total: this.filesTotal, findings })
  }
}

export class QueueExecutor implements ScanExecutor {
  private readonly keys
  private readonly waiters = new Map<string, Set<Waiter>>()
  private readonly poll: NodeJS.Timeout

  private constructor(
    private readonly kernel: Kernel,
    private readonly settings: QueueSettings,
    private readonly log: Log,
    private readonly queue: Queue<JobData, ScanJobResult>,
    private readonly events: QueueEvents,
    private readonly redis: Redis,
    private readonly eventReader: Redis,
  ) {
    this.keys = queueKeys(settings.name)
    events.on('progress', ({ jobId, data }) => this.progress(jobId, data as JobProgress))
    events.on('completed', ({ jobId }) => void this.check(jobScan(jobId).scanId))
    events.on('failed', ({ jobId }) => void this.check(jobScan(jobId).scanId))
    events.on('removed', ({ jobId }) => void this.check(jobScan(jobId).scanId))
    this.poll = setInterval(() => {
      for (const scanId of this.waiters.keys()) void this.check(scanId)
    }, POLL_MS)
    this.poll.unref()
  }

  static async open(kernel: Kernel, settings: QueueSettings, log: Log): Promise<QueueExecutor> {
    const redis = commandConnection(settings.url, log, 'the server')
    const queue = new Queue<JobData, ScanJobResult>(settings.name, { connection: redis, prefix: BULL_PREFIX })
    const eventReader = waitingConnection(settings.url, log, "the server's event reader")
    const events = new QueueEvents(settings.name, { connection: eventReader, prefix: BULL_PREFIX })
    const warn = (err: Error) => log.warn({ err: err.message }, 'queue: Redis error')
    queue.on('error', warn)
    events.on('error', warn)
    return new QueueExecutor(kernel, settings, log, queue, events, redis, eventReader)
  }

  async scan(request: ScanRequest, opts: ScanOptions): Promise<ScanOutcome> {
    const purpose: JobPurpose = opts.purpose ?? 'scan'
    const data = await this.enqueue(request, opts, purpose, priorityOf(request, purpose), true)
    const value = await this.waitFor(data, opts, true)
    return this.outcome(data.scan_id, value)
  }

  async submit(request: ScanRequest, opts: ScanOptions & { priority?: ScanPriority }): Promise<string> {
    // Nobody waits on an accepted scan: its time limit runs from its start, not from its place in the queue.
    return (await this.enqueue(request, opts, 'async', opts.priority ?? priorityOf(request, 'async'), false)).scan_id
  }

  async job(scanId: string): Promise<ScanJob | undefined> {
    const job = await Job.fromId<JobData, ScanJobResult>(this.queue, scanId)
    if (!job || job.data.kind !== 'scan') return undefined
    const state = await job.getState()
    if (state === 'completed' || state === 'unknown') return undefined
    const failed = state === 'failed'
    const running = state === 'active' || state === 'waiting-children'
    const cause = failed ? await this.failure(job) : undefined
    const error = !failed ? undefined : cause instanceof GuardError ? cause : { status: 500, message: 'Internal server error' }
    const startedAt = job.data.started_at ?? job.processedOn
    return {
      id: scanId,
      status: failed ? 'failed' : running ? 'running' : 'queued',
      priority: job.data.priority,
      queued_at: new Date(job.data.queued_at).toISOString(),
      // A scan put back for its repository's limit was taken, not started.
      started_at: (running || failed) && startedAt ? new Date(startedAt).toISOString() : null,
      finished_at: failed && job.finishedOn ? new Date(job.finishedOn).toISOString() : null,
      // Failed runs, and the one under way (a scan put back for its repository's limit has not run).
      attempts: job.attemptsMade + (running ? 1 : 0),
      error: error ? { status: error.status, detail: error.message } : null,
    }
  }

  async follow(scanId: string): Promise<((opts: Pick<ScanOptions, 'signal' | 'onStart' | 'onProgress'>) => Promise<ScanOutcome & { gate: GateResult }>) | undefined> {
    const job = await Job.fromId<JobData, ScanJobResult>(this.queue, scanId)
    if (!job || job.data.kind !== 'scan' || job.data.purpose !== 'async') return undefined
    const data = job.data
    return async (opts) => {
      let started = false
      const onStart: ScanOptions['onStart'] = (info) => {
        started = true
        opts.onStart?.(info)
      }
      let value: ScanJobResult
      try {
        // A follower that leaves does not stop the scan: it was accepted, and someone may poll for it.
        value = await this.waitFor(data, { ...opts, onStart }, false)
      } catch (e) {
        // A scan that failed before it started is told as one that started and failed: the follower gets an `error` event.
        if (!started && !opts.signal?.aborted) onStart({ scan_id: scanId, files_total: 0, rules_total: 0 })
        throw e
      }
      const outcome = await this.outcome(scanId, value)
      const stored = await (await this.kernel.store()).getScan(scanId)
      if (!stored?.gate) throw new Error(`scan ${scanId} was stored without its gate decision`)
      return { ...outcome, gate: stored.gate }
    }
  }

  async health(): Promise<QueueStatus> {
    return within(HEALTH_TIMEOUT_MS, 'the queue (Redis) does not answer', async () => {
      const c = await this.queue.getJobCounts('wait', 'prioritized', 'waiting-children', 'active', 'failed', 'delayed')
      return {
        // A sharded scan waiting for its shards is running: its shards are counted where they are.
        queue: { waiting: c.wait + c.prioritized, active: c.active + c['waiting-children'], failed: c.failed, delayed: c.delayed },
        workers: await this.workersSeen(),
      }
    })
  }

  async metrics(): Promise<QueueWait> {
    return within(HEALTH_TIMEOUT_MS, 'the queue (Redis) does not answer', async () => {
      const waits = (await this.redis.lrange(this.keys.waits, 0, -1)).map(Number).filter(Number.isFinite)
      return { samples: waits.length, wait_p50_ms: percentile(waits, 50), wait_p99_ms: percentile(waits, 99) }
    })
  }

  async close(): Promise<void> {
    clearInterval(this.poll)
    for (const set of this.waiters.values()) for (const w of set) w.settle({ error: new GuardError(503, 'The server is shutting down') })
    await Promise.allSettled([this.events.close(), this.queue.close()])
    // BullMQ leaves the connections it was given open.
    this.redis.disconnect()
    this.eventReader.disconnect()
  }

  /** Checks the request as a scan starting here would (a refusal is answered now), then queues it under a fresh scan id. */
  private async enqueue(request: ScanRequest, opts: ScanOptions, purpose: JobPurpose, priority: ScanPriority, deadline: boolean): Promise<ScanJobData> {
    // A repository by URL: the URL, ref and access are checked here; its tree is on a worker, so of the rest only
    // what needs no tree (overrides, locked keys, the form of changed_files) is checked as for inline files.
    const source = request.repo_url !== undefined ? checkGitRequest(request, opts.identity) : undefined
    const { repo_url: _url, ref: _ref, ...rest } = request
    const { target, config } = checkScanRequest(this.kernel, source ? { ...rest, files: {} } : request, opts)
    const timeoutS = config.limits!.scan_timeout_s!
    const now = Date.now()
    const data: ScanJobData = {
      kind: 'scan', scan_id: opts.scanId ?? randomUUID(), purpose, priority, request: source ? { ...request, repo_url: source.url } : request, identity: opts.identity, request_id: opts.requestId,
      deadline: deadline ? now + Math.ceil(timeoutS * 1000) : undefined, timeout_s: timeoutS, repo: source?.url ?? target?.root, queued_at: now,
    }
    const s = this.settings
    try {
      await this.queue.add(purpose, data, {
        jobId: data.scan_id, priority: PRIORITY[priority], attempts: s.attempts, backoff: { type: 'exponential', delay: s.backoffMs },
        removeOnComplete: { age: s.keepCompletedS }, removeOnFail: { age: s.keepFailedS },
      })
    } catch (e) {
      this.log.error({ err: (e as Error).message }, 'queue: could not enqueue a scan')
      throw new GuardError(503, 'The scan queue is not reachable; try again later', undefined, { 'retry-after': '5' })
    }
    return data
  }

  /**
   * Waits for a queued scan's end: its return value, or its failure as the error a scan in this process would have
   * thrown. A client's request (`stops`) stops the scan at its time limit or when the client leaves.
   */
  private waitFor(data: ScanJobData, opts: Pick<ScanOptions, 'signal' | 'onStart' | 'onProgress'>, stops: boolean): Promise<ScanJobResult> {
    return new Promise((resolve, reject) => {
      const scanId = data.scan_id
      let timer: NodeJS.Timeout | undefined
      const abort = () => {
        if (stops) void this.cancel(scanId, new GuardError(499, CLIENT_GONE))
        finish({ error: opts.signal!.reason })
      }
      const finish = (outcome: Settle) => {
        const set = this.waiters.get(scanId)
        set?.delete(waiter)
        if (set?.size === 0) this.waiters.delete(scanId)
        clearTimeout(timer)
        opts.signal?.removeEventListener('abort', abort)
        if ('value' in outcome) resolve(outcome.value)
        else reject(outcome.error)
      }
      const waiter = new Waiter(scanId, opts, finish)
      if (opts.signal?.aborted) return abort()
      opts.signal?.addEventListener('abort', abort, { once: true })
      if (stops && data.deadline !== undefined) {
        timer = setTimeout(() => {
          const late = new ScanTimeoutError(data.timeout_s)
          void this.cancel(scanId, late)
          finish({ error: late })
        }, Math.max(0, data.deadline - Date.now()))
      }
      const set = this.waiters.get(scanId) ?? new Set()
      this.waiters.set(scanId, set.add(waiter))
      void this.check(scanId)
    })
  }

  private progress(jobId: string, data: JobProgress): void {
    const { scanId, shard } = jobScan(jobId)
    for (const w of this.waiters.get(scanId) ?? []) w.progress(shard, data)
  }

  /** Settles the waiters of a scan whose job has ended (or is gone). */
  private async check(scanId: string): Promise<void> {
    if (!this.waiters.has(scanId)) return
    let outcome: Settle | undefined
    try {
      const job = await Job.fromId<JobData, ScanJobResult>(this.queue, scanId)
      const state = job ? await job.getState() : 'unknown'
      if (!job || state === 'unknown') outcome = { error: new Error(`scan ${scanId} left the queue without ending (removed by another server?)`) }
      else if (state === 'completed') outcome = { value: job.returnvalue }
      else if (state === 'failed') outcome = { error: await this.failure(job) }
    } catch {
      return // Redis is away: the next poll asks again
    }
    if (outcome) for (const w of this.waiters.get(scanId) ?? []) w.settle(outcome)
  }

  /** What a failed job's client is told: its GuardError, a shard's, or (for the log) the internal reason behind a 500. */
  private async failure(job: Job<JobData, ScanJobResult>): Promise<unknown> {
    const known = guardErrorOf(job.failedReason)
    if (known) return known
    // A shard that failed fails its scan; BullMQ names the child in the parent's reason.
    const child = /^child (\S+) failed/.exec(job.failedReason ?? '')?.[1]?.split(':').at(-1)
    const shard = child ? await Job.fromId<JobData>(this.queue, child).catch(() => undefined) : undefined
    const fromShard = guardErrorOf(shard?.failedReason)
    if (fromShard) return fromShard
    return new Error(`scan ${job.id} failed on a worker after ${job.attemptsMade} attempt(s): ${shard?.failedReason ?? job.failedReason}`)
  }

  /** A stopped scan: taken out of the queue if no worker has it, else every worker is told to stop it (with `why`). */
  private async cancel(scanId: string, why: GuardError): Promise<void> {
    try {
      // A worker about to start it (a delay just over, a retry) finds this first.
      await this.redis.set(this.keys.cancelled(scanId), failureReason(why), 'EX', this.settings.keepFailedS)
      const job = await Job.fromId(this.queue, scanId)
      const state = job && (await job.getState())
      if (job && (state === 'waiting' || state === 'prioritized' || state === 'delayed')) {
        const removed = await job.remove().then(() => true, () => false)
        if (removed) return
      }
      await this.redis.publish(this.keys.cancel, JSON.stringify({ scan_id: scanId, status: why.status, detail: why.message }))
    } catch (e) {
      this.log.warn({ err: (e as Error).message, scan_id: scanId }, 'queue: could not stop a scan; the workers stop it at its deadline')
    }
  }

  private async outcome(scanId: string, value: ScanJobResult): Promise<ScanOutcome> {
    const stored = await (await this.kernel.store()).getScan(scanId)
    if (!stored) throw new Error(`scan ${scanId} ran, but this server's store does not have it: give the server and every worker the same GUARD_DATABASE_URL`)
    return { result: stored.result, rules: (value.rules ?? stored.rules) as ScanOutcome['rules'], config: value.config, target: stored.target, startedAt: stored.started_at }
  }

  private async workersSeen(): Promise<WorkerSeen[]> {
    const now = Date.now()
    const seen: WorkerSeen[] = []
    const stale: string[] = []
    for (const [id, text] of Object.entries(await this.redis.hgetall(this.keys.workers))) {
      const w = JSON.parse(text) as WorkerSeen
      const age = now - Date.parse(w.seen_at)
      if (age <= WORKER_SEEN_MS) seen.push(w)
      else if (age > WORKER_FORGET_MS) stale.push(id)
    }
    if (stale.length) await this.redis.hdel(this.keys.workers, ...stale)
    return seen.sort((a, b) => a.id.localeCompare(b.id))
  }
}

/** `work`'s answer, or an error saying `message` (not Redis's own, which names its address: /health is public) after `ms` or on failure. */
function within<T>(ms: number, message: string, work: () => Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(message)), ms)))
  return Promise.race([work().catch(() => Promise.reject(new Error(message))), late]).finally(() => clearTimeout(timer))
}
