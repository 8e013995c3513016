// Stable finding ids: independent of line numbers, indentation and line endings.
import { createHash } from 'node:crypto'

/** Whitespace-insensitive form of matched code, so re-indented or CRLF files keep their ids. */
export function normalizeCode(text: string): string {
  return text.replace(/\s+/g, ' ').trim()
}

/** `occurrence` separates identical matches of one rule in one file (0, 1, 2… in file order). */
export function fingerprintFinding(ruleId: string, file: string, matched: string, occurrence: number): string {
  return createHash('sha256').update(`${ruleId}\0${file}\0${normalizeCode(matched)}\0${occurrence}`).digest('hex').slice(0, 32)
}
