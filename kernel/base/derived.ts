// Values derived from a rule that take long to derive and are always the same for the same input and code (the
// literals a secret's regex needs, the text a structural rule or taint entry needs in a file): kept on disk between
// processes, so a command or a worker thread starts without deriving them again (for the default rules about 0.3 s
// of every thread's start). One file per version of the analysing code, read on first use: each value is kept as
// its JSON text and parsed when asked for. New values are written after a batch (the file read again and added to,
// then renamed into place: two threads writing at once lose at most each other's additions, derived again later).
// Without a folder, or one that cannot be written, values are derived as before.
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'

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

const fileOf = (s: DerivedStore) => path.join(s.dir, `derived-${s.version}.json`)

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
  if (!store.kept) {
    try {
      store.kept = JSON.parse(fs.readFileSync(store.file, 'utf8')) as Record<string, string>
    } catch {
      store.kept = {} // none yet, or torn: derived again
    }
  }
  return store.kept
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
  if (text !== undefined) return JSON.parse(text, reviver) as T
  const value = derive()
  fresh[key] = JSON.stringify(value, replacer) ?? 'null'
  freshCount++
  return value
}

/** Writes the values derived since the last save (best effort). */
export function saveDerived(): void {
  if (!store || !freshCount) return
  const { file } = store
  try {
    let onDisk: Record<string, string> = {}
    try {
      onDisk = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, string>
    } catch {
      // a new file
    }
    const all = { ...onDisk, ...fresh }
    fs.mkdirSync(path.dirname(file), { recursive: true })
    const temporary = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`
    fs.writeFileSync(temporary, JSON.stringify(all))
    fs.renameSync(temporary, file)
    store.kept = all
    for (const name of fs.readdirSync(path.dirname(file))) {
      const other = path.join(path.dirname(file), name)
      if (/^derived-.*\.json$/.test(name) && other !== file && Date.now() - (fs.statSync(other, { throwIfNoEntry: false })?.mtimeMs ?? Date.now()) > STALE_MS) fs.rmSync(other, { force: true })
    }
  } catch {
    // read-only or full: derived again next time
  }
  fresh = {}
  freshCount = 0
}
