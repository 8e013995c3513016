// What travels through the queue: a scan's job, a shard's job, what each returns, and how a failure is told back.
import { GuardError, type Analyzer, type FieldError, type Identity, type ruleMeta, type ScanOutcome, type ScanPriority, type ScanRequest } from '../../kernel/plugin.ts'

/** What a scan job is for: it decides how the worker runs it (an accepted async scan is also gated and stored whole). */
export type JobPurpose = 'scan' | 'gate' | 'report' | 'async'

export interface ScanJobData {
  kind: 'scan'
  scan_id: string
  purpose: JobPurpose
  priority: ScanPriority
  request: ScanRequest
  /** Who asked: the worker checks repo_access and locked keys again as that identity. */
  identity?: Identity
  request_id?: string
  /** Epoch ms past which the scan is stopped wherever it is (a waiting client's time limit); absent for async scans, limited from their start. */
  deadline?: number
  /** The scan's time limit in seconds, for the 504's message. */
  timeout_s: number
  /** The repository's real path (or its URL), for the per-repository limit (absent for inline files). */
  repo?: string
  queued_at: number
  /** When the run that split it into shards began (epoch ms): the scan's start, whichever run finishes it. */
  started_at?: number
  /** A repo_url's commit, resolved by the first run: its shards and any run again scan that same commit. */
  commit?: string
}

/** A slice of a large repository's files, evaluated for its scan by whichever worker takes it. */
export interface ShardJobData {
  kind: 'shard'
  scan_id: string
  index: number
  /** The scan's repo_path: each worker finds the repository under its own scan roots (a shared volume may be mounted anywhere). */
  repo_path: string
  /** Instead, a repo_url's commit: each worker checks it out from its own clone. */
  source?: { url: string; commit: string }
  /** Paths relative to root. */
  files: string[]
  /** Redis key holding the scan's rules as JSON (kept once for all shards). */
  rules_key: string
  /** The result cache scope of the scan's rules and analysing code (each worker keeps its own cache). */
  cache_scope?: string
  max_file_bytes?: number
  file_timeout_ms: number
  timeout_s: number
  deadline: number
}

export type JobData = ScanJobData | ShardJobData

/** A scan job's return value: what the stored scan does not keep (the effective config a gate is decided on, a report's rules). */
export interface ScanJobResult {
  config: ScanOutcome['config']
  rules?: ReturnType<typeof ruleMeta>[]
}

export type FileResult = Awaited<ReturnType<Analyzer['analyze']>>[number]

export interface ShardJobResult {
  index: number
  files: string[]
  results: FileResult[]
}

/** BullMQ priorities, 1 first: a CI gate goes before scans, and a nightly (low) scan after both; a shard just before its class. */
export const PRIORITY: Record<ScanPriority, number> = { high: 2, normal: 6, low: 10 }
export const shardPriority = (priority: ScanPriority) => PRIORITY[priority] - 1

/** A gate or a scan of changed files is a CI check someone waits on; a full scan or report is not. */
export function priorityOf(request: ScanRequest, purpose: JobPurpose): ScanPriority {
  return purpose === 'gate' || request.changed_files !== undefined ? 'high' : 'normal'
}

/** Shard job ids: the scan id and the shard's index (BullMQ ids may not hold `:`). */
export const shardJobId = (scanId: string, index: number) => `${scanId}.s${index}`
/** The scan a job id belongs to, and the shard's index when it is one. */
export function jobScan(jobId: string): { scanId: string; shard?: number } {
  const m = /^(.*)\.s(\d+)$/.exec(jobId)
  return m ? { scanId: m[1], shard: Number(m[2]) } : { scanId: jobId }
}

/** The Redis keys and channel queue mode keeps beside BullMQ's own, under the same prefix. */
export function queueKeys(name: string) {
  const base = `guard:${name}`
  return {
    /** Hash: worker id → its last heartbeat (JSON). */
    workers: `${base}:workers`,
    /** List of the latest waits in ms (newest first). */
    waits: `${base}:waits`,
    /** Sorted set per repository: scan ids running now, scored by when their hold lapses. */
    repo: (repo: string) => `${base}:repo:${repo}`,
    /** Marks a scan stopped (its time limit or client gone) so no worker starts it later. */
    cancelled: (scanId: string) => `${base}:cancelled:${scanId}`,
    /** Pub/sub channel: scan ids to stop now. */
    cancel: `${base}:cancel`,
    rules: (scanId: string) => `${base}:rules:${scanId}`,
  }
}
export type QueueKeys = ReturnType<typeof queueKeys>

/** BullMQ's key prefix for queue mode's queues. */
export const BULL_PREFIX = 'guard'

const GUARD_FAILURE = 'guard-error:'

/** A failure as a job's reason: a GuardError keeps its status and message (for the waiting client), anything else its message (for the operator). */
export function failureReason(e: unknown): string {
  if (e instanceof GuardError) return GUARD_FAILURE + JSON.stringify({ status: e.status, detail: e.message, ...(e.errors ? { errors: e.errors } : {}) })
  return e instanceof Error ? e.message : String(e)
}

/** The GuardError a job's reason carries, or undefined for an internal failure (never shown to clients). */
export function guardErrorOf(reason: string | undefined): GuardError | undefined {
  if (!reason?.startsWith(GUARD_FAILURE)) return undefined
  try {
    const { status, detail, errors } = JSON.parse(reason.slice(GUARD_FAILURE.length)) as { status: number; detail: string; errors?: FieldError[] }
    return new GuardError(status, detail, errors)
  } catch {
    return undefined
  }
}
