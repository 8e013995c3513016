// Rule folders as loaded before, while none of their files changed (same names, sizes and modification times): a
// start (a command, a worker, a server) then reads one JSON file instead of parsing and checking every rule's YAML,
// and a scan that reads a packs folder again reads nothing but its listing. Kept under CACHE_DIR.
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { readCacheFile, writeCacheFile } from '../base/files.ts'
import { CACHE_DIR } from '../base/install.ts'
import type { RuleDef } from './rule.ts'
import { marked } from './rule-identity.ts'

/** What was loaded in this process, by folders: the files' stamps and the rules as JSON (each caller gets its own copy). */
const loaded = new Map<string, { stamps: string; json: string }>()
const MAX_LOADED = 64

const fileOf = (key: string) => path.join(CACHE_DIR, `rules-${createHash('sha256').update(key).digest('hex').slice(0, 16)}.json`)

/** The files' names, sizes and modification times, as one string; undefined when one vanished meanwhile. */
export function stampsOf(files: string[]): string | undefined {
  const stamps: [string, number, number][] = []
  for (const f of files) {
    const s = fs.statSync(f, { throwIfNoEntry: false })
    if (!s) return undefined
    stamps.push([f, s.size, s.mtimeMs])
  }
  return JSON.stringify(stamps)
}

/** The rules loaded from these folders when their files had these stamps, or undefined. */
export function keptRules(key: string, stamps: string): RuleDef[] | undefined {
  let kept = loaded.get(key)
  if (!kept) {
    const text = readCacheFile(fileOf(key))
    if (text === undefined) return undefined // never kept, or not readable: loaded from the files
    const newline = text.indexOf('\n')
    kept = { stamps: text.slice(0, newline), json: text.slice(newline + 1) }
  }
  if (kept.stamps !== stamps) return undefined
  remember(key, kept)
  try {
    return marked(JSON.parse(kept.json) as RuleDef[], kept)
  } catch {
    return undefined // a torn file: loaded again, and written whole
  }
}

/** Keeps the rules loaded from files with these stamps, in this process and on disk (a read-only install: in memory). */
export function keepRules(key: string, stamps: string, rules: RuleDef[]): void {
  const kept = { stamps, json: JSON.stringify(rules) }
  marked(rules, kept)
  remember(key, kept)
  try {
    writeCacheFile(fileOf(key), `${kept.stamps}\n${kept.json}`)
  } catch {
    // read-only: the next process loads the files again
  }
}

function remember(key: string, kept: { stamps: string; json: string }): void {
  if (!loaded.has(key) && loaded.size >= MAX_LOADED) loaded.clear()
  loaded.set(key, kept)
}
