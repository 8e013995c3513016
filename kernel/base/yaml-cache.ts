// YAML parsed once per distinct text: parsing the rule library's YAML is most of a cold start's rule loading,
// and the JSON of the same data loads many times faster. Kept under CACHE_DIR, keyed by the text's hash.
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { isDeepStrictEqual } from 'node:util'
import { writeFileAtomic } from './files.ts'
import { parseYamlInput } from './input.ts'
import { CACHE_DIR } from './install.ts'

const FILE = path.join(CACHE_DIR, 'yaml.json')
/**
 * When the cache is written, the entries this process used are kept, then the most recent others up to this size:
 * more than the rule library's (1.6 MB), so a process that parsed only its own configuration keeps the library.
 */
const MAX_OTHER_CHARS = 4 * 1024 * 1024

let known: Map<string, string> | undefined
const used = new Set<string>()
let dirty = false

function cache(): Map<string, string> {
  if (!known) {
    try {
      known = new Map(Object.entries(JSON.parse(fs.readFileSync(FILE, 'utf8')) as Record<string, string>))
    } catch {
      known = new Map()
    }
  }
  return known
}

/** parseYamlInput (and its errors), from the cache when the same text was parsed before. A fresh object every call. */
export function parseYaml(text: string, where: string): unknown {
  const key = createHash('sha256').update(text).digest('base64url')
  used.add(key)
  const hit = cache().get(key)
  if (hit !== undefined) return JSON.parse(hit)
  const data = parseYamlInput(text, where)
  const json = JSON.stringify(data)
  // Only data that JSON carries exactly (no .inf, no undefined) is cached.
  if (json !== undefined && isDeepStrictEqual(JSON.parse(json), data)) {
    known!.set(key, json)
    dirty = true
  }
  return data
}

/** Writes new entries (atomically; a read-only installation simply parses again next time). */
export function saveYamlCache(): void {
  if (!dirty || !known) return
  dirty = false
  const hot = [...known].filter(([key]) => used.has(key))
  const cold: [string, string][] = []
  let size = 0
  for (const entry of [...known].reverse()) {
    if (used.has(entry[0])) continue
    if ((size += entry[1].length) > MAX_OTHER_CHARS) break
    cold.push(entry)
  }
  const entries = [...cold.reverse(), ...hot]
  try {
    fs.mkdirSync(CACHE_DIR, { recursive: true })
    writeFileAtomic(FILE, JSON.stringify(Object.fromEntries(entries)))
  } catch {
    // read-only: the next process parses again
  }
}
