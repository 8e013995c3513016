// What an engine tells about the file it is analysing, beyond its matches (an analysis cut short by its budget):
// collected per file in each thread, and shown as warnings of the scan. Kept on the thread's global object: the
// worker bundle gives the worker and each engine a copy of this module of their own.
const KEY = Symbol.for('guard.fileNotes')
const holder = globalThis as unknown as Record<symbol, string[] | undefined>

/** Notes a fact about the file being analysed (each distinct note once). */
export function noteForFile(note: string): void {
  const notes = (holder[KEY] ??= [])
  if (!notes.includes(note)) notes.push(note)
}

/** The notes of the file just analysed; the next file starts with none. */
export function takeFileNotes(): string[] {
  const notes = holder[KEY] ?? []
  holder[KEY] = []
  return notes
}
