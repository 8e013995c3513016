// One pass over a file finds the lines holding any rule's literals: N rules cost one search, not N.
import { LiteralSearch } from '../../kernel/engine-api.ts'

/** A literal as written (or lower-cased when its rule ignores case), and the rules (by index) that require it. */
interface Entry {
  text: string
  ignoreCase: boolean
  rules: number[]
}

export interface RuleLiterals {
  /** One of these must occur on a line for the rule to match there; null when every line must be searched. */
  literals: string[] | null
  ignoreCase: boolean
}

const NONE: readonly number[] = Object.freeze([])

export class LiteralIndex {
  private readonly entries: Entry[]
  /** Finds every literal (case folded; entries that care confirm the case). */
  private readonly search: LiteralSearch

  constructor(readonly rules: RuleLiterals[]) {
    const entries = new Map<string, Entry>()
    rules.forEach((r, i) => {
      if (!r.literals) return // every line is a candidate
      for (const lit of r.literals) {
        const key = `${r.ignoreCase ? 'i' : 's'}\u0000${lit}`
        const entry = entries.get(key) ?? { text: r.ignoreCase ? lit.toLowerCase() : lit, ignoreCase: r.ignoreCase, rules: [] }
        entry.rules.push(i)
        entries.set(key, entry)
      }
    })
    this.entries = [...entries.values()]
    this.search = new LiteralSearch(this.entries.map((e) => e.text), true)
  }

  /**
   * For each rule (by index), the 0-based lines holding one of its literals in ascending order; null for rules
   * without literals. `starts` gives the offsets where the file's lines begin (asked for at the first occurrence).
   */
  candidates(text: string, starts: () => readonly number[]): (readonly number[] | null)[] {
    // Most rules find nothing in a file: they share one empty list, and a rule gets its own at its first line.
    const found: (readonly number[] | null)[] = this.rules.map((r) => (r.literals ? NONE : null))
    // Occurrences come in the text's order, so the line is found by moving forward, and a rule's lines stay sorted.
    const last = new Int32Array(this.rules.length).fill(-1)
    let line = 0
    let lineStarts: readonly number[] | undefined
    this.search.scan(text, (literal, end) => {
      const entry = this.entries[literal]
      const at = end - entry.text.length
      if (!entry.ignoreCase && !text.startsWith(entry.text, at)) return
      lineStarts ??= starts()
      while (line + 1 < lineStarts.length && lineStarts[line + 1] <= at) line++
      // An occurrence may start on an earlier line than the last one seen (a literal over a line break): look back.
      let l = line
      while (l > 0 && lineStarts[l] > at) l--
      for (const r of entry.rules) {
        if (last[r] === l) continue
        if (last[r] === -1) found[r] = []
        const lines = found[r] as number[]
        if (l > last[r]) lines.push(l)
        else if (!lines.includes(l)) lines.splice(lines.findIndex((x) => x > l), 0, l)
        last[r] = Math.max(last[r], l)
      }
    })
    return found
  }
}
