// One pass over a file finds the lines holding any rule's literals: N rules cost one search, not N.
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

const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

export class LiteralIndex {
  /** Finds every place one of the literals may start (case folded; entries confirm the case). */
  private readonly search: RegExp | null
  /** Entries by their lower-cased first character. */
  private readonly byFirst = new Map<string, Entry[]>()
  /** Rules that have no literal: every line is a candidate. */
  readonly unfiltered: number[] = []

  constructor(readonly rules: RuleLiterals[]) {
    const entries = new Map<string, Entry>()
    rules.forEach((r, i) => {
      if (!r.literals) return void this.unfiltered.push(i)
      for (const lit of r.literals) {
        const key = `${r.ignoreCase ? 'i' : 's'}\u0000${lit}`
        const entry = entries.get(key) ?? { text: r.ignoreCase ? lit.toLowerCase() : lit, ignoreCase: r.ignoreCase, rules: [] }
        entry.rules.push(i)
        entries.set(key, entry)
      }
    })
    for (const e of entries.values()) {
      const first = e.text[0].toLowerCase()
      this.byFirst.set(first, [...(this.byFirst.get(first) ?? []), e])
    }
    const texts = [...new Set([...entries.values()].map((e) => e.text.toLowerCase()))].sort((a, b) => b.length - a.length)
    this.search = texts.length ? new RegExp(texts.map(escapeRegex).join('|'), 'gi') : null
  }

  /** For each rule (by index), the 0-based lines holding one of its literals; null for rules without literals. */
  candidates(text: string, lineAt: (index: number) => number): (Set<number> | null)[] {
    const found: (Set<number> | null)[] = this.rules.map((r) => (r.literals ? new Set<number>() : null))
    const search = this.search
    if (!search) return found
    search.lastIndex = 0
    for (let m = search.exec(text); m; m = search.exec(text)) {
      const at = m.index
      let line = -1
      for (const e of this.byFirst.get(text[at].toLowerCase()) ?? []) {
        const here = text.substr(at, e.text.length)
        if ((e.ignoreCase ? here.toLowerCase() : here) !== e.text) continue
        if (line < 0) line = lineAt(at)
        for (const r of e.rules) found[r]!.add(line)
      }
      // Literals may overlap (sk- inside sk-ant-): look again from the next character.
      search.lastIndex = at + 1
    }
    return found
  }
}
