// Results kept between scans: a rescan analyses only the files whose content (or path), rule set or engine code
// changed. A scan of a folder keeps them in the folder's record (folder-results.ts), which a thread is handed file by
// file; where there is no record (a queue's shards, each given some files of a scan), each file's result is one small
// entry, written whole (a temporary file renamed into place) and read back only when its key matches: a crash leaves
// at most an unused temporary file, never a torn entry that is trusted. (An entry per file costs this machine's file
// system 0.3 ms to create: 2 s of a 7,600-file scan, hence the record.) The threads read and write entries themselves
// (this module runs in them: it reads no installation files); the main thread keeps the cache within its size, the
// least recently used files first.
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import type { FileLinks, FileSummary, RuleDef } from '../catalog/rule.ts'
import { ruleIdentity } from '../catalog/rule-identity.ts'
import type { FileFinding } from './analyze.ts'

/** What a thread needs to use the cache for one scan. */
export interface CacheRef {
  dir: string
  /** The rule set's and the analysing code's hash: part of every key. */
  scope: string
  /** Each file's result kept in an entry of its own (a scan without a folder record: a queue's shard). */
  entries?: boolean
}

interface Entry {
  key: string
  /** What a thread returns for the file (batch.ts's FileResult, less what the file's reading decides). */
  result: { findings: FileFinding[]; found: number; notes?: string[]; links?: FileLinks; summary?: Record<string, FileSummary> }
}

/** The cache reference for a scan with these rules, or undefined when caching is off. */
export function cacheFor(dir: string | undefined, rules: RuleDef[], code: string): CacheRef | undefined {
  if (!dir) return undefined
  let byCode = scopes.get(rules)
  if (!byCode) scopes.set(rules, (byCode = new Map()))
  let scope = byCode.get(code)
  if (scope === undefined) {
    const hash = createHash('sha256').update(code)
    for (const rule of rules) hash.update(`\0${ruleIdentity(rule)}`)
    byCode.set(code, (scope = hash.digest('hex').slice(0, 32)))
  }
  return { dir, scope }
}
/** Per rule set (the same array for every scan of one configuration) and analysing code: the scope, hashed once. */
const scopes = new WeakMap<RuleDef[], Map<string, string>>()

/** `inputs`: what else the result depends on (the summaries of the files it imports, see linked.ts). */
const entryKey = (ref: CacheRef, filePath: string, text: string, inputs = '') =>
  createHash('sha256').update(`${ref.scope}\0${filePath}\0${inputs ? `${inputs}\0` : ''}`).update(text).digest('hex')
const entryFile = (ref: CacheRef, key: string) => path.join(ref.dir, key.slice(0, 2), `${key}.json`)

/** What a thread returns for a file it analysed (or found kept), less what the file's reading decides. */
export type KeptResult = Entry['result']

/**
 * The file's cached result, or undefined (with the key to store one under). `known`: the result the folder's last
 * scan kept for the file (folder-results.ts) under the start of its key, used when the content is the same.
 */
export function cachedResult(ref: CacheRef, filePath: string, text: string, inputs?: string, known?: { key: string; result: KeptResult }): { key: string; result?: KeptResult } {
  const key = entryKey(ref, filePath, text, inputs)
  if (known && key.startsWith(known.key)) return { key, result: known.result }
  if (!ref.entries) return { key }
  try {
    const file = entryFile(ref, key)
    const entry = JSON.parse(fs.readFileSync(file, 'utf8')) as Entry
    if (entry.key !== key || !Array.isArray(entry.result?.findings)) return { key }
    // Used now: the least recently used entries are the first to go.
    const now = new Date()
    fs.utimesSync(file, now, now)
    return { key, result: entry.result }
  } catch {
    return { key }
  }
}

/** Keeps a file's result (best effort: a cache that cannot be written only costs the next scan its time). */
export function storeResult(ref: CacheRef, key: string, result: Entry['result']): void {
  if (!ref.entries) return
  try {
    const file = entryFile(ref, key)
    fs.mkdirSync(path.dirname(file), { recursive: true })
    const temporary = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`
    fs.writeFileSync(temporary, JSON.stringify({ key, result } satisfies Entry))
    fs.renameSync(temporary, file)
  } catch {
    // read-only or full: nothing to keep
  }
}

/**
 * Adds a scan's new entries to the count kept beside the cache (processes come and go), and returns the count since
 * the last trim; a trim starts the count again.
 */
export function noteCacheWrites(dir: string, entries: number): number {
  const counter = path.join(dir, 'written')
  let count = entries
  try {
    count += Number(fs.readFileSync(counter, 'utf8')) || 0
  } catch {
    // a new cache
  }
  try {
    fs.mkdirSync(dir, { recursive: true })
    fs.writeFileSync(counter, String(count))
  } catch {
    return 0
  }
  return count
}

/**
 * Keeps the cache within `maxBytes`: the least recently used entries (oldest access time) go first, and temporary
 * files a crash left behind go too. Returns the bytes kept.
 */
export function trimCache(dir: string, maxBytes: number): number {
  const entries: { file: string; size: number; used: number }[] = []
  let total = 0
  let shards: string[]
  try {
    shards = fs.readdirSync(dir)
  } catch {
    return 0
  }
  const stale = Date.now() - 60 * 60 * 1000
  for (const shard of shards) {
    let names: string[]
    try {
      names = fs.readdirSync(path.join(dir, shard))
    } catch {
      continue
    }
    for (const name of names) {
      const file = path.join(dir, shard, name)
      const stat = fs.statSync(file, { throwIfNoEntry: false })
      if (!stat?.isFile()) continue
      if (name.endsWith('.tmp')) {
        if (stat.mtimeMs < stale) fs.rmSync(file, { force: true })
        continue
      }
      entries.push({ file, size: stat.size, used: stat.mtimeMs })
      total += stat.size
    }
  }
  fs.writeFileSync(path.join(dir, 'written'), '0')
  if (total <= maxBytes) return total
  entries.sort((a, b) => a.used - b.used)
  for (const e of entries) {
    if (total <= maxBytes * 0.9) break
    fs.rmSync(e.file, { force: true })
    total -= e.size
  }
  return total
}
