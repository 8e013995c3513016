// Rule evaluation across worker threads (tinypool), with a hard time bound per batch and per file.
import os from 'node:os'
import Tinypool from 'tinypool'
import { runBatch, type BatchFile, type BatchTask, type FileResult } from './batch.ts'
import { ScanTimeoutError } from './errors.ts'
import { bundleWorker, cachedWorkerBundle, type WorkerBundle } from './worker-bundle.ts'
import type { RuleDef } from './rule.ts'

/** Each thread gets about this many batches: enough to even out the load, few enough that copying the rules
 * to a thread with every batch stays cheap. */
const BATCHES_PER_THREAD = 8
const MIN_BATCH_FILES = 16
const MAX_BATCH_FILES = 256
/** Bytes per batch at most, so one batch's time bound stays meaningful. */
const BATCH_BYTES = 4 * 1024 * 1024

export function defaultThreads(): number {
  const env = process.env.GUARD_WORKERS
  return env !== undefined ? Number(env) : os.availableParallelism()
}

export interface AnalyzeOptions {
  rules: RuleDef[]
  engines: string[]
  /** Aborts the whole scan (time limit, client gone). */
  signal: AbortSignal
  scanTimeoutS: number
  fileTimeoutMs: number
  maxFileBytes?: number
  onFileDone?: (result: FileResult) => void
}

/**
 * Splits files into batches of bounded count and size. Files are dealt out like cards, so every batch holds its
 * share of each folder: a package of large files does not become one slow batch that the other threads wait for.
 */
function batches(files: (BatchFile & { size?: number })[], threads: number): BatchFile[][] {
  const perBatch = Math.min(MAX_BATCH_FILES, Math.max(MIN_BATCH_FILES, Math.ceil(files.length / (Math.max(threads, 1) * BATCHES_PER_THREAD))))
  const hands: (typeof files)[] = Array.from({ length: Math.ceil(files.length / perBatch) }, () => [])
  files.forEach((f, i) => hands[i % hands.length].push(f))
  const out: BatchFile[][] = []
  for (const hand of hands) {
    let current: BatchFile[] = []
    let bytes = 0
    for (const f of hand) {
      const size = f.size ?? f.text?.length ?? 0
      if (current.length && bytes + size > BATCH_BYTES) {
        out.push(current)
        current = []
        bytes = 0
      }
      current.push({ path: f.path, abs: f.abs, text: f.text })
      bytes += size
    }
    if (current.length) out.push(current)
  }
  return out
}

interface Started {
  pool: Tinypool
  /** The engines' module URLs as the threads load them. */
  engines: string[]
}

export class ScanPool {
  private started: Promise<Started> | undefined

  constructor(readonly threads = defaultThreads()) {}

  /** Starts the threads and loads the engines in each, in the background: the first scan then finds them warm. */
  start(engines: string[]): void {
    if (this.threads === 0 || this.started) return
    const open = async (bundle: WorkerBundle): Promise<Started> => {
      // Threads do not inherit the process's flags: `--import tsx` would load tsx again in each, for plain JavaScript.
      const pool = new Tinypool({ filename: bundle.filename, minThreads: this.threads, maxThreads: this.threads, idleTimeout: 60_000, execArgv: [] })
      await Promise.all(Array.from({ length: this.threads }, () => pool.run({ files: [], rules: [], engines: bundle.engines })))
      return { pool, engines: bundle.engines }
    }
    // An unchanged bundle starts the threads at once, while the caller goes on booting. Without a writable
    // cache the threads load the TypeScript sources through tsx: slower to start, same results.
    const cached = cachedWorkerBundle(engines)
    this.started = cached
      ? open(cached)
      : bundleWorker(engines)
          .catch(() => ({ filename: new URL('./worker.mjs', import.meta.url).href, engines }))
          .then(open)
  }

  private async runOne(task: BatchTask, signal: AbortSignal, timeoutMs: number): Promise<FileResult[]> {
    if (this.threads === 0) return runBatch(task)
    this.start(task.engines)
    const { pool, engines } = await this.started!
    const bound = AbortSignal.any([signal, AbortSignal.timeout(timeoutMs)])
    return (await pool.run({ ...task, engines }, { signal: bound })) as FileResult[]
  }

  /** A batch that overruns is retried file by file, so only the slow file is skipped. */
  private async runBounded(files: BatchFile[], opts: AnalyzeOptions): Promise<FileResult[]> {
    const task = { files, rules: opts.rules, engines: opts.engines, maxFileBytes: opts.maxFileBytes }
    try {
      return await this.runOne(task, opts.signal, opts.fileTimeoutMs * Math.max(1, Math.min(files.length, 4)))
    } catch (e) {
      if (opts.signal.aborted) throw e
      if (files.length > 1) return (await Promise.all(files.map((f) => this.runBounded([f], opts)))).flat()
      const reason = (e as Error).name === 'AbortError' || (e as Error).name === 'TimeoutError' ? `timed out after ${opts.fileTimeoutMs / 1000} s` : 'analysis failed'
      return [{ path: files[0].path, bytes: 0, findings: [], skipped: reason }]
    }
  }

  async analyze(files: (BatchFile & { size?: number })[], opts: AnalyzeOptions): Promise<FileResult[]> {
    const run = async (batch: BatchFile[]) => {
      const results = await this.runBounded(batch, opts)
      for (const r of results) opts.onFileDone?.(r)
      return results
    }
    try {
      if (this.threads === 0) {
        const all: FileResult[] = []
        for (const batch of batches(files, this.threads)) {
          if (opts.signal.aborted) throw opts.signal.reason
          all.push(...(await run(batch)))
        }
        return all
      }
      return (await Promise.all(batches(files, this.threads).map(run))).flat()
    } catch (e) {
      if (opts.signal.aborted && (opts.signal.reason as Error)?.name === 'TimeoutError') throw new ScanTimeoutError(opts.scanTimeoutS)
      throw opts.signal.aborted ? opts.signal.reason : e
    }
  }

  async destroy(): Promise<void> {
    const started = this.started
    this.started = undefined
    await (await started?.catch(() => undefined))?.pool.destroy()
  }
}
