// A folder's last scan with one rule set: each file's result with what the file looked like just before the thread
// that read it opened it (size, modification and change times, inode) and the key of its content, kept in one file of
// the result cache. A rescan compares each file's metadata with it, as git compares its index with the work tree: a
// file that looks the same is not read again, and an unchanged tree is answered without starting a thread. The others
// are read and hashed; one whose content has the key kept (a fresh checkout of the same commit) takes its result from
// here, the rest are looked up by content (result-cache.ts) or analysed. A file changed within TICK_MS of being looked
// at may have been written again in the same tick of its clock: it is read next time. Written whole (a temporary file
// renamed into place); one that cannot be read, or was written for another folder, rule set or size limit, is not used.
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import type { BatchFile, FileLook, FileResult } from './batch.ts'
import type { AnalyzeOptions } from './pool.ts'
import type { CacheRef, KeptResult } from './result-cache.ts'
import { readCacheFile, writeCacheFile } from '../base/files.ts'

type Result = Omit<FileResult, 'path' | 'key' | 'look'>
/**
 * A file's metadata when it was read (batch.ts), the key of its content (its first KEY_CHARS characters; none for a
 * file skipped before it was hashed) and its result (its size alone when it found nothing: most files).
 */
type Kept = [...FileLook, string | null, Result | number]
const KEY_CHARS = 32

const compact = (r: Result): Result | number => (r.found === 0 && r.findings.length === 0 && Object.keys(r).length === 3 ? r.bytes : r)
const whole = (r: Result | number): Result => (typeof r === 'number' ? { bytes: r, findings: [], found: 0 } : r)

/** Timestamps on some file systems count in 2 s steps. */
const TICK_MS = 2000
const FORMAT = 4

/** Skips that the file's content decides (its size is checked against the limit the folder's results are kept for). */
const lasting = (r: FileResult) => r.skipped === undefined || r.skipped === 'binary' || r.skipped === 'minified or bundled' || r.skipped.startsWith('larger than')

/** A file's key: its path, and for a second look across files (linked.ts) what that look was given. */
const keyOf = (f: BatchFile) => (f.linked ? `${f.path}\0${f.linked.summarize ? 'summary' : 'linked'}:${f.linked.digest}` : f.path)

export class FolderResults {
  private now = new Map<string, Kept>()
  /** What each file looks like now, by path (taken once a scan, for the first look and the second). */
  private readonly looks = new Map<string, FileLook | null>()
  private changed = false

  private constructor(
    private readonly file: string,
    private readonly id: string,
    private readonly before: Map<string, Kept>,
    /** A scan of some of the folder's files: what it does not read stays as kept. */
    partial: boolean,
  ) {
    if (partial) this.now = new Map(before)
  }

  /**
   * The last scan of the folder `folder` names (its path, or the URL of a repository checked out by commit) with the
   * cache's rule set and this size limit (empty if none is kept). `partial`: this scan reads only some files.
   */
  static open(ref: CacheRef, folder: string, maxFileBytes: number, partial = false): FolderResults {
    const id = `${FORMAT}\0${ref.scope}\0${folder}\0${maxFileBytes}`
    const file = path.join(ref.dir, 'folders', `${createHash('sha256').update(id).digest('hex').slice(0, 32)}.json`)
    let before = new Map<string, Kept>()
    try {
      const kept = JSON.parse(readCacheFile(file) ?? 'null') as { id: string; files: Record<string, Kept> } | null
      if (kept?.id === id) before = new Map(Object.entries(kept.files))
    } catch {
      // none yet, or not whole: every file is read
    }
    return new FolderResults(file, id, before, partial)
  }

  /**
   * The file's result from the last scan if it looks as it did then (its metadata taken now, before any thread reads
   * it); otherwise the file, with the result kept for the content it had then.
   */
  take(f: BatchFile): { result: FileResult } | { file: BatchFile } {
    const key = keyOf(f)
    const kept = this.before.get(key)
    const look = kept && f.abs && this.lookOf(f.path, f.abs)
    if (!kept || !look) return { file: f }
    const same = kept[0] === look[0] && kept[1] === look[1] && kept[2] === look[2] && kept[3] === look[3]
    if (!same || Math.max(kept[1], kept[2]) > kept[4] - TICK_MS) return { file: kept[5] ? { ...f, kept: { key: kept[5], result: whole(kept[6]) as KeptResult } } : f }
    this.now.set(key, kept)
    return { result: { path: f.path, ...whole(kept[6]), cached: true } }
  }

  private lookOf(filePath: string, abs: string): FileLook | null {
    let look = this.looks.get(filePath)
    if (look === undefined) {
      try {
        const s = fs.statSync(abs, { throwIfNoEntry: false })
        look = s ? [s.size, s.mtimeMs, s.ctimeMs, s.ino, Date.now()] : null
      } catch {
        look = null // a path through a file, a loop of links: the thread that reads it says so
      }
      this.looks.set(filePath, look)
    }
    return look
  }

  /**
   * Keeps the results of files read now (those the file decides: not a time-out or a failure), each under what the
   * file looked like just before the thread read it.
   */
  record(files: BatchFile[], results: FileResult[]): void {
    const byPath = new Map(files.map((f) => [f.path, f]))
    for (const r of results) {
      const f = byPath.get(r.path)
      if (!f || !r.look || !lasting(r)) continue
      const { path: _p, cached: _c, key, look, ...result } = r
      this.now.set(keyOf(f), [...look, key?.slice(0, KEY_CHARS) ?? null, compact(result)])
      this.changed = true
    }
  }

  /** Writes what this scan kept, if it differs from what was there (best effort); whether it was written. */
  save(): boolean {
    try {
      // Unchanged, it is only marked used (the cache is trimmed least recently used first).
      if (!this.changed && this.now.size === this.before.size) {
        fs.utimesSync(this.file, new Date(), new Date())
        return false
      }
      writeCacheFile(this.file, JSON.stringify({ id: this.id, files: Object.fromEntries(this.now) }))
      return true
    } catch {
      return false // read-only or full: the next scan reads every file
    }
  }

  /** `analyzer` with the files that look unchanged answered from the last scan, the others handed to it. */
  reusing<A extends { analyze(files: Iterable<BatchFile>, opts: AnalyzeOptions): Promise<FileResult[]> }>(analyzer: A): A['analyze'] {
    return async (files, opts) => {
      const reused: FileResult[] = []
      const handed: BatchFile[] = []
      const take = (f: BatchFile) => this.take(f)
      function* rest(): Generator<BatchFile> {
        for (const f of files) {
          const taken = take(f)
          if ('result' in taken) reused.push(taken.result)
          else {
            handed.push(taken.file)
            yield taken.file
          }
        }
      }
      const analysed = await analyzer.analyze(rest(), {
        ...opts,
        onListed: (total) => {
          opts.onListed?.(total + reused.length)
          for (const r of reused) opts.onFileDone?.(r)
        },
      })
      this.record(handed, analysed)
      return [...reused, ...analysed]
    }
  }
}
