// Values derived from a rule that take long to derive and are always the same for the same input and code (the
// literals a secret's regex needs, the text a structural rule or taint entry needs in a file): kept on disk between
// processes, so a command or a worker thread starts without deriving them again (for the default rules about 0.3 s
// of every thread's start). One file per version of the analysing code, read on first use: each value is kept as
// its JSON text and parsed when asked for. New values are written after a batch (the file read again and added to,
// then renamed into place: two threads writing at once lose at most each other's additions, derived again later).
// Without a folder, or one that cannot be written, values are derived as before; a value that cannot be read back is
// derived again.
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { readCacheFile, writeCacheFile } from './files.ts'

/** Where a thread keeps derived values: the folder, and the version of the code that derives them. */
export interface DerivedStore {
  dir: string
  version: string
}

let store: { file: string; kept: Record<string, string> | undefined } | undefined
/** Values derived since the last save, as JSON text. */
let fresh: Record<string, string> = {}
let freshCount = 0

/** A store's files from versions not used for this long are removed when a new one is written. */
const STALE_MS = 24 * 60 * 60 * 1000
/** Values kept at most (a server's repositories bring their own rules): past it the file starts again. */
const MAX_VALUES = 50_000

/** Per version of the analysing code and of Node (whose RegExp syntax a kept value must still be read by). */
const fileOf = (s: DerivedStore) => path.join(s.dir, `derived-${createHash('sha256').update(`${s.version}\0${process.version}`).digest('hex').slice(0, 16)}.json`)

function readValues(file: string): Record<string, string> {
  try {
    const values = JSON.parse(readCacheFile(file) ?? '{}') as unknown
    return values !== null && typeof values === 'object' && !Array.isArray(values) ? (values as Record<string, string>) : {}
  } catch {
    return {} // torn: derived again
  }
}

/** Uses the store (a thread's tasks name it); undefined keeps values in memory only. */
export function useDerived(s: DerivedStore | undefined): void {
  const file = s && fileOf(s)
  if (file === store?.file) return
  store = file ? { file, kept: undefined } : undefined
  fresh = {}
  freshCount = 0
}

function keptValues(): Record<string, string> {
  if (!store) return {}
  return (store.kept ??= readValues(store.file))
}

/** RegExp objects are kept as their source and flags. */
const replacer = (_key: string, value: unknown) => (value instanceof RegExp ? { $regex: value.source, flags: value.flags } : value)
const reviver = (_key: string, value: unknown) => {
  const kept = value as { $regex?: string; flags?: string } | null
  return kept !== null && typeof kept === 'object' && kept.$regex !== undefined ? new RegExp(kept.$regex, kept.flags) : value
}

/** The value `derive` gives for `input` (its text: the same input gives the same value), from the store when kept. */
export function derived<T>(kind: string, input: string, derive: () => T): T {
  if (!store) return derive()
  const key = `${kind}:${createHash('sha256').update(input).digest('base64url').slice(0, 24)}`
  const text = keptValues()[key] ?? fresh[key]
  if (typeof text === 'string') {
    try {
      return JSON.parse(text, reviver) as T
    } catch {
      // not readable back: derived again
    }
  }
  const value = derive()
  if (value !== undefined) {
    fresh[key] = JSON.stringify(value, replacer)
    freshCount++
  }
  return value
}

/** Writes the values derived since the last save (best effort). */
export function saveDerived(): void {
  if (!store || !freshCount) return
  const { file } = store
  try {
    const onDisk = readValues(file)
    const all = Object.keys(onDisk).length + freshCount > MAX_VALUES ? fresh : { ...onDisk, ...fresh }
    writeCacheFile(file, JSON.stringify(all))
    store.kept = all
    const dir = path.dirname(file)
    for (const name of fs.readdirSync(dir)) {
      if (!/^derived-.*\.json$/.test(name) || path.join(dir, name) === file) continue
      const other = fs.lstatSync(path.join(dir, name), { throwIfNoEntry: false })
      if (other?.isFile() && Date.now() - other.mtimeMs > STALE_MS) fs.rmSync(path.join(dir, name), { force: true })
    }
  } catch {
    // read-only or full: derived again next time
  }
  fresh = {}
  freshCount = 0
}
