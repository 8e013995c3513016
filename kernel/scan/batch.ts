// One batch of files: read, classify, analyse. Runs in a worker thread, or in-process when the pool is off.
import fs from 'node:fs'
import type { Engine, FileLinks, FileSummary, LinkedFiles, RuleDef } from '../catalog/rule.ts'
import { analyzeFile, type FileFinding } from './analyze.ts'
import { cachedResult, storeResult, type CacheRef, type KeptResult } from './result-cache.ts'
import { fileLinks, loadEngines, summarizeFile } from './evaluate.ts'
import { isTestPath, languageOf } from '../catalog/languages.ts'
import { tooLarge, unscannableReason } from './walk.ts'
import { takeFileNotes } from '../base/notes.ts'
import { saveDerived, useDerived, type DerivedStore } from '../base/derived.ts'

export interface BatchFile {
  path: string
  /** Absolute path to read (repo scans), or … */
  abs?: string
  /** … the content itself (inline scans). */
  text?: string
  /** A second look across files (linked.ts): summarise the file, or analyse it again, with what it imports. */
  linked?: LinkedTask
  /** The result the folder's last scan kept for this file, by the key of the content it had (folder-results.ts). */
  kept?: { key: string; result: KeptResult }
}
export interface LinkedTask {
  /** Summarise these functions of the file (by name), or (undefined) analyse the file again. */
  summarize?: string[]
  /** Per engine (by name), the summaries of the files this one imports. */
  files: Record<string, LinkedFiles>
  /** A hash of `files`: part of the cached result's key. */
  digest: string
}
export interface BatchTask {
  files: BatchFile[]
  rules: RuleDef[]
  engines: string[]
  /** Files read from disk that are larger are skipped (the walk leaves sizes to the reader). */
  maxFileBytes?: number
  /** Shared with the main thread: the index of the file being analysed, IDLE between files. */
  progress?: Int32Array
  /** Results kept between scans (unchanged files are not analysed again). */
  cache?: CacheRef
  /** Where what the engines derive from rules is kept between processes (derived.ts). */
  derived?: DerivedStore
}

export const IDLE = -1
/** A file's size, modification and change times, inode, and when they were taken (epoch ms). */
export type FileLook = [number, number, number, number, number]
export interface FileResult {
  path: string
  bytes: number
  findings: FileFinding[]
  /** Findings there were: more than `findings` holds when the file had more than a file may report. */
  found: number
  skipped?: string
  /** What the engines noted about the file (an analysis cut short by its budget). */
  notes?: string[]
  /** The result came from the cache: the file was read and hashed, not analysed. */
  cached?: boolean
  /** The key of the file's content (with the rules and what a second look was given) in the cache. */
  key?: string
  /** What the file looked like when it was read, for a file read from disk. */
  look?: FileLook
  /** The file's imports where flows may start or end in it; of a summarised file, all its imports (linked.ts). */
  links?: FileLinks
  /** A summarised file: per engine, what its functions do with their parameters. */
  summary?: Record<string, FileSummary>
}

const engineCache = new Map<string, Promise<Engine[]>>()
/** The start of a file that tells a bundle from source (and holds most files whole). */
export const HEAD_BYTES = 64 * 1024

/** One buffer per thread for the heads, rather than 64 KB allocated for every file. */
const headBuffer = Buffer.allocUnsafe(HEAD_BYTES)

/**
 * The file's head, and what the file looked like just before it was read (size, modification and change times,
 * inode, when: folder-results.ts keeps the result under it).
 */
function readHead(file: string): { text: string; size: number; complete: boolean; look: FileLook } {
  const fd = fs.openSync(file, 'r')
  try {
    const stat = fs.fstatSync(fd)
    const look: FileLook = [stat.size, stat.mtimeMs, stat.ctimeMs, stat.ino, Date.now()]
    const read = fs.readSync(fd, headBuffer, 0, HEAD_BYTES, 0)
    return { text: headBuffer.toString('utf8', 0, read), size: Math.max(read, stat.size), complete: read >= stat.size, look }
  } finally {
    fs.closeSync(fd)
  }
}

/**
 * The syntax trees of analysed files live outside the JavaScript heap and are freed only between this thread's turns
 * (their finalizers run there), once the collector has found them unused; it does not see their memory, so a batch
 * run in one turn kept every tree it made (a tree takes about 25 times its source). A batch pauses after this many
 * bytes of source: measured on 2 x 177 MB of JavaScript, peak RSS 450 MB rather than 740 MB, as for 177 MB.
 */
const FREE_EVERY_BYTES = 256 * 1024

export async function runBatch(task: BatchTask): Promise<FileResult[]> {
  const key = task.engines.join('\n')
  if (!engineCache.has(key)) engineCache.set(key, loadEngines(task.engines))
  const engines = await engineCache.get(key)!
  useDerived(task.derived)
  const results: FileResult[] = []
  let unfreed = 0
  for (const [i, f] of task.files.entries()) {
    if (task.progress) Atomics.store(task.progress, 0, i)
    const result = runFile(task, engines, f)
    results.push(result)
    if ((unfreed += result.bytes) >= FREE_EVERY_BYTES) {
      unfreed = 0
      await new Promise(setImmediate)
    }
  }
  if (task.progress) Atomics.store(task.progress, 0, IDLE)
  saveDerived()
  return results
}

function runFile(task: BatchTask, engines: Engine[], f: BatchFile): FileResult {
  let text: string
  let head: ReturnType<typeof readHead> | undefined
  try {
    // Most large files in a tree are bundles: their first 64 KB tell, and the rest is never read.
    head = f.text === undefined ? readHead(f.abs!) : undefined
    if (head && task.maxFileBytes !== undefined && head.size > task.maxFileBytes) return { path: f.path, bytes: head.size, findings: [], found: 0, skipped: tooLarge(task.maxFileBytes), look: head.look }
    const early = head && unscannableReason(head.text)
    if (early) return { path: f.path, bytes: head!.size, findings: [], found: 0, skipped: early, look: head!.look }
    text = f.text ?? (head!.complete ? head!.text : fs.readFileSync(f.abs!, 'utf8'))
  } catch {
    return { path: f.path, bytes: 0, findings: [], found: 0, skipped: 'unreadable' }
  }
  const bytes = head?.size ?? Buffer.byteLength(text)
  const look = head && { look: head.look }
  // A file read whole with its head has been checked already.
  const reason = head?.complete ? undefined : unscannableReason(text)
  if (reason) return { path: f.path, bytes, findings: [], found: 0, skipped: reason, ...look }
  const file = { path: f.path, language: languageOf(f.path), text, isTest: isTestPath(f.path) }
  const linked = f.linked
  const kept = task.cache && cachedResult(task.cache, f.path, text, linked && `${linked.summarize ? 'summary' : 'linked'}:${linked.digest}`, f.kept)
  if (kept?.result) return { path: f.path, bytes, ...kept.result, cached: true, key: kept.key, ...look }
  try {
    takeFileNotes()
    let analysed: { findings: FileFinding[]; found: number; links?: FileLinks; summary?: Record<string, FileSummary> }
    if (linked?.summarize) analysed = { findings: [], found: 0, ...summarizeFile(file, task.rules, engines, linked.summarize, linked.files) }
    else {
      analysed = analyzeFile(file, task.rules, engines, undefined, linked?.files)
      const links = linked ? undefined : fileLinks(file, task.rules, engines)
      if (links) analysed.links = links
    }
    const notes = takeFileNotes()
    const result = { ...analysed, ...(notes.length ? { notes } : {}) }
    if (kept) storeResult(task.cache!, kept.key, result)
    return { path: f.path, bytes, ...result, ...(kept && { key: kept.key }), ...look }
  } catch (e) {
    return { path: f.path, bytes, findings: [], found: 0, skipped: `analysis failed: ${(e as Error).message.split('\n')[0]}` }
  }
}
