// Rule evaluation across worker threads (tinypool), each file bounded in time and each thread in memory.
import fs from 'node:fs'
import os from 'node:os'
import v8 from 'node:v8'
import Tinypool from 'tinypool'
import { IDLE, runBatch, type BatchFile, type BatchTask, type FileResult } from './batch.ts'
import { ScanTimeoutError } from '../base/errors.ts'
import { analysingCode, bundleWorker, cachedWorkerBundle, type WorkerBundle } from './worker-bundle.ts'
import { CACHE_DIR } from '../base/install.ts'
import type { DerivedStore } from '../base/derived.ts'
import { openingOrder, readAhead } from './read-ahead.ts'
import type { RuleDef } from '../catalog/rule.ts'
import type { WorkerTask } from './worker.ts'
import type { CacheRef } from './result-cache.ts'

/** Each thread gets about this many batches: enough to even out the load, few enough that the messages and
 * the per-batch work stay cheap. */
const BATCHES_PER_THREAD = 8
const MIN_BATCH_FILES = 16
/**
 * Batches handed to each thread at a time (one running, the others waiting in its queue): enough to keep it busy
 * between results, few enough that a failed batch (run again file by file) costs little.
 * While the files are still being listed, the first hand-overs are batches of the first files.
 */
const IN_HAND_PER_THREAD = 3
const EARLY_BATCH_FILES = 128
const MAX_BATCH_FILES = 256
/** Bytes per batch at most, so the threads' loads even out. */
const BATCH_BYTES = 4 * 1024 * 1024

/**
 * A scan this small, when the threads are not up yet (a command, not a server), runs in this thread: starting the
 * threads costs more than its files (a pre-commit hook, an editor sending one file, a repository of a few hundred
 * files, a rescan where a few changed). Each thread loads the engines, parses the rules and compiles the hot code
 * again; in one thread, V8 compiles and collects on the otherwise idle core. Measured here (2 cores, default rules,
 * JavaScript of npm packages, `guard scan --no-cache`): 50 files 0.35 s in this thread vs 0.76 s with two threads,
 * 400 files (2.2 MB) 0.39 vs 0.86 s, 1,000 files (4.3 MB) 0.95 vs 1.37 s; 7,700 files 3.2 s either way. Its rules'
 * patterns are checked for super-linear backtracking at load and the data flow analysis keeps its budgets; the
 * per-file time limit, which needs a thread to stop, applies to the threads' scans.
 */
const HERE_MAX_FILES = 1000
const HERE_MAX_BYTES = 4 * 1024 * 1024

/** A listed file's size in bytes (a walk leaves it unknown): infinite when it cannot be told. */
function sizeOf(f: BatchFile & { size?: number }): number {
  if (f.size !== undefined) return f.size
  if (f.text !== undefined) return Buffer.byteLength(f.text)
  return (f.abs === undefined ? undefined : fs.statSync(f.abs, { throwIfNoEntry: false })?.size) ?? Infinity
}

/** A thread's JavaScript heap at most (a scan's threads use far less): past it the thread ends and its file is skipped. */
const THREAD_HEAP_MB = 1024
/**
 * A thread's young generation (V8 sizes it by the machine otherwise): a scan allocates much that dies young, and a
 * smaller nursery is emptied more often. Measured on 2 x 177 MB of JavaScript (`guard scan --no-cache`): peak RSS
 * 356–373 MB rather than 396–412 MB with V8's size; 16 MB rather than 8 MB: 2–3% less time (the data flow's syntax
 * nodes and matches), peak RSS 348–352 MB vs 347–356 MB, 479 vs 499 MB on a 974 MB tree.
 */
const THREAD_YOUNG_MB = 16

/**
 * How V8 compiles when a scan starts the threads (a command's one cold scan; a server starts them at boot and keeps
 * V8's defaults). The engines' functions are large and meet new node kinds, rules and languages file after file:
 * with V8's default tiering each is optimised after a little work, meets a case its type feedback had not seen, is
 * dropped and compiled again: 365 optimising compiles and 2.3 s of compiler time per thread on 7,600 JavaScript
 * files (the data flow visitor six times, up to 120 ms each), on the same two cores as the threads. Optimising after
 * eight times the usual work, without inlining (which makes each compile of a large function larger), compiles 201
 * times in 0.6 s. Measured (`guard scan --no-cache`, two threads): 7,600 JavaScript files 3.6 → 2.7 s (CPU 6.4 →
 * 4.5 s), the Python 3.10 standard library 2.6 → 2.1 s. A scan in this thread has the other core for the compiler
 * and is slower with them (more time interpreted); a server's short requests, measured with `npm run bench:inline`,
 * had a higher p99 with them.
 */
const COMPILER_FLAGS = ['--interrupt-budget=540672', '--no-turbo-inlining']
let compilerTuned = false
function tuneCompiler(): void {
  if (compilerTuned) return
  compilerTuned = true
  for (const flag of COMPILER_FLAGS) v8.setFlagsFromString(flag)
}

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
  cache?: CacheRef
  /** Once every file is listed, before any result is reported. */
  onListed?: (total: number) => void
  onFileDone?: (result: FileResult) => void
}

/**
 * Splits files into batches of bounded count and size. Files are dealt out like cards, so every batch holds its
 * share of each folder: a package of large files does not become one slow batch that the other threads wait for.
 * A few files are shared among the threads rather than put in one batch: the data flow's second look at the files
 * that call into others comes after all the rest, often a few large files (Python's urllib/request.py and imaplib.py,
 * 160 and 80 ms), which one thread took on while the other waited.
 */
function batches(files: (BatchFile & { size?: number })[], threads: number): BatchFile[][] {
  const minimum = Math.min(MIN_BATCH_FILES, Math.ceil(files.length / Math.max(threads, 1)))
  const perBatch = Math.min(MAX_BATCH_FILES, Math.max(minimum, Math.ceil(files.length / (Math.max(threads, 1) * BATCHES_PER_THREAD))))
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
      current.push({ path: f.path, abs: f.abs, text: f.text, ...(f.linked && { linked: f.linked }), ...(f.kept && { kept: f.kept }) })
      bytes += size
    }
    if (current.length) out.push(current)
  }
  return out
}

/**
 * Each rule set (one per configuration: selections are kept) as the threads receive it: its JSON in memory they
 * share, under a key of this process. A batch then carries a reference, not a copy of every rule.
 */
const ruleSets = new WeakMap<RuleDef[], WorkerTask['ruleSet']>()
let ruleSetCount = 0
/** One short file of each language, for `prepare`: what the engines build per language is built on the first file. */
const PREPARE_FILES = ['js', 'ts', 'tsx', 'py', 'java', 'go', 'cs', 'php', 'rb', 'c', 'cpp', 'txt'].map((ext) => ({ path: `prepare.${ext}`, text: '\n' }))

/** Where the threads keep what the engines derive from rules, for this version of their code. */
const derivedStore = (): DerivedStore => ({ dir: CACHE_DIR, version: analysingCode() })

function ruleSetOf(rules: RuleDef[]): WorkerTask['ruleSet'] {
  let set = ruleSets.get(rules)
  if (!set) {
    const json = Buffer.from(JSON.stringify(rules))
    const shared = new SharedArrayBuffer(json.length)
    json.copy(Buffer.from(shared))
    ruleSets.set(rules, (set = { key: ++ruleSetCount, json: shared }))
  }
  return set
}

interface Started {
  pool: Tinypool
  /** The engines' module URLs as the threads load them. */
  engines: string[]
}

export class ScanPool {
  private started: Promise<Started> | undefined
  /** The threads once they are up: a batch is then handed over at once, not after the caller's work. */
  private ready: Started | undefined

  constructor(readonly threads = defaultThreads()) {}

  /** Whether the threads have been started (by a server at boot, or by a scan too large for this thread). */
  get threadsStarted(): boolean {
    return this.started !== undefined
  }

  /** Starts the threads and loads the engines in each, in the background: the first scan then finds them warm. */
  start(engines: string[]): void {
    if (this.threads === 0 || this.started) return
    const open = async (bundle: WorkerBundle): Promise<Started> => {
      // Threads do not inherit the process's flags: `--import tsx` would load tsx again in each, for plain JavaScript.
      const pool = new Tinypool({
        filename: bundle.filename,
        minThreads: this.threads,
        maxThreads: this.threads,
        idleTimeout: 60_000,
        execArgv: [],
        resourceLimits: { maxOldGenerationSizeMb: THREAD_HEAP_MB, maxYoungGenerationSizeMb: THREAD_YOUNG_MB },
      })
      const warm: WorkerTask = { files: [], ruleSet: ruleSetOf([]), engines: bundle.engines }
      await Promise.all(Array.from({ length: this.threads }, () => pool.run(warm)))
      return { pool, engines: bundle.engines }
    }
    // An unchanged bundle starts the threads at once, while the caller goes on booting. Without a writable
    // cache the threads load the TypeScript sources through tsx: slower to start, same results.
    const cached = cachedWorkerBundle(engines)
    const started = cached
      ? open(cached)
      : bundleWorker(engines)
          .catch(() => ({ filename: new URL('./worker.mjs', import.meta.url).href, engines }))
          .then(open)
    this.started = started
    started.then(
      (ready) => void (this.started === started && (this.ready = ready)),
      () => undefined,
    )
  }

  /** Starts the threads for a scan, if not started yet (see COMPILER_FLAGS). */
  private startForScan(engines: string[]): void {
    if (this.threads === 0 || this.started) return
    tuneCompiler()
    this.start(engines)
  }

  /**
   * Once the threads are up, each builds what the engines derive from a rule set for each language (prefilters,
   * taint entries): a scan with those rules then starts at once. Runs in the background.
   */
  prepare(rules: RuleDef[]): void {
    if (!this.threads || !this.started) return
    this.started
      .then(({ pool, engines }) => Promise.all(Array.from({ length: this.threads }, () => pool.run({ files: PREPARE_FILES, ruleSet: ruleSetOf(rules), engines, derived: derivedStore() } satisfies WorkerTask))))
      .catch(() => undefined)
  }

  private runOne(task: BatchTask, signal: AbortSignal, here: boolean): Promise<FileResult[]> {
    if (here) return runBatch(task)
    this.startForScan(task.engines)
    const send = ({ pool, engines }: Started) => {
      const { rules, ...rest } = task
      const message: WorkerTask = { ...rest, engines, ruleSet: ruleSetOf(rules) }
      return pool.run(message, { signal }) as Promise<FileResult[]>
    }
    return this.ready ? send(this.ready) : this.started!.then(send)
  }

  /**
   * Runs a batch with each file bounded in time. The thread says which file it is on (a shared counter); a file
   * still running past the limit stops the thread (a regex or a parse cannot be interrupted otherwise), is skipped,
   * and the batch's other files run again without it. A batch that fails otherwise (a thread out of memory) is
   * retried file by file, so only the file that broke it is skipped.
   */
  private async runBounded(files: BatchFile[], opts: AnalyzeOptions, here: boolean): Promise<FileResult[]> {
    const progress = new Int32Array(new SharedArrayBuffer(4)).fill(IDLE)
    const overrun = new AbortController()
    let current = IDLE
    let since = 0
    const watch = here ? undefined : setInterval(() => {
      const now = Atomics.load(progress, 0)
      if (now !== current) [current, since] = [now, Date.now()]
      else if (current !== IDLE && Date.now() - since > opts.fileTimeoutMs) overrun.abort()
    }, Math.min(1000, Math.max(25, opts.fileTimeoutMs / 10)))
    const task = { files, rules: opts.rules, engines: opts.engines, maxFileBytes: opts.maxFileBytes, progress, cache: opts.cache, derived: derivedStore() }
    try {
      return await this.runOne(task, AbortSignal.any([opts.signal, overrun.signal]), here)
    } catch (e) {
      if (opts.signal.aborted) throw e
      const skip = (file: BatchFile, reason: string): FileResult => ({ path: file.path, bytes: 0, findings: [], found: 0, skipped: reason })
      if (overrun.signal.aborted) {
        const rest = files.filter((_, i) => i !== current)
        return [...(rest.length ? await this.runBounded(rest, opts, here) : []), skip(files[current], `timed out after ${opts.fileTimeoutMs / 1000} s`)]
      }
      if (files.length > 1) return (await Promise.all(files.map((f) => this.runBounded([f], opts, here)))).flat()
      return [skip(files[0], 'analysis failed')]
    } finally {
      clearInterval(watch)
    }
  }

  /** Analyses the files as they are listed: the threads start on the first ones while the listing goes on. */
  async analyze(files: Iterable<BatchFile & { size?: number }>, opts: AnalyzeOptions): Promise<FileResult[]> {
    // Stops the reading ahead when the scan ends, and the batches still running when it fails.
    const stop = new AbortController()
    const bound: AnalyzeOptions = { ...opts, signal: AbortSignal.any([opts.signal, stop.signal]) }
    let free = Math.max(1, this.threads * IN_HAND_PER_THREAD)
    let here = this.threads === 0
    const waiting: (() => void)[] = []
    const run = async (batch: BatchFile[]) => {
      if (free > 0) free--
      else await new Promise<void>((resolve) => waiting.push(resolve))
      let results: FileResult[]
      try {
        results = await this.runBounded(batch, bound, here)
      } finally {
        const next = waiting.shift()
        if (next) next()
        else free++
      }
      if (!stop.signal.aborted) for (const r of results) opts.onFileDone?.(r)
      return results
    }
    const early: Promise<FileResult[]>[] = []
    try {
      const listed: (BatchFile & { size?: number })[] = []
      let total = 0
      for (const file of files) {
        listed.push(file)
        total++
        // Too many files for this thread: the threads start now, and take the first files while the walk goes on.
        if (this.threads && total > HERE_MAX_FILES) {
          this.startForScan(opts.engines)
          while (listed.length >= EARLY_BATCH_FILES && free > 0) early.push(run(listed.splice(0, EARLY_BATCH_FILES)))
        }
      }
      // The listing runs synchronously, so no result has been reported yet.
      opts.onListed?.(total)
      here ||= !this.started && listed.length <= HERE_MAX_FILES && listed.reduce((n, f) => n + sizeOf(f), 0) <= HERE_MAX_BYTES
      if (here) {
        const all: FileResult[] = []
        for (const batch of batches(listed, this.threads)) {
          if (opts.signal.aborted) throw opts.signal.reason
          all.push(...(await run(batch)))
        }
        return all
      }
      const dealt = batches(listed, this.threads)
      const running = dealt.map(run)
      readAhead(openingOrder(dealt, this.threads), bound.signal)
      return (await Promise.all([...early, ...running])).flat()
    } catch (e) {
      for (const batch of early) batch.catch(() => undefined) // a listing that failed leaves them unawaited
      if (opts.signal.aborted && (opts.signal.reason as Error)?.name === 'TimeoutError') throw new ScanTimeoutError(opts.scanTimeoutS)
      throw opts.signal.aborted ? opts.signal.reason : e
    } finally {
      stop.abort()
    }
  }

  async destroy(): Promise<void> {
    const started = this.started
    this.started = undefined
    this.ready = undefined
    await (await started?.catch(() => undefined))?.pool.destroy()
  }
}
