// Many literal strings found in one pass over a text (Aho–Corasick): N literals cost one scan, not N.

const ASCII = 128

export const isWordChar = (c: number) => (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95

/**
 * Whether an identifier character comes right before `at`. One that ends an escape (`\n`, `\u0041`) does not
 * count: a string's text may start after it (`"\nget"`).
 */
export function gluedBefore(text: string, at: number): boolean {
  let i = at - 1
  if (!isWordChar(text.charCodeAt(i))) return false
  while (i >= 0 && isWordChar(text.charCodeAt(i))) i--
  return text.charCodeAt(i) !== 92
}

export class LiteralSearch {
  /**
   * The automaton as one table: per state, a move for each character class, holding the next state's row offset,
   * complemented (negative) when literals end in that state. A character costs one lookup.
   */
  private readonly delta: Int32Array
  /** By state (row offset / width), the literals (by index) that end in that state. */
  private readonly outputs: number[][]
  private readonly width: number
  /** Character classes: one per character the literals hold (letters folded when case is ignored), 0 for all others. */
  private readonly ascii = new Int32Array(ASCII)
  private readonly wide = new Map<number, number>()
  /** Per literal, its length when it counts only as a whole word (not glued to identifier characters), else 0. */
  private readonly wordLengths: Int32Array

  /**
   * With `ignoreCase`, letters match in either case: a caller that cares confirms the case of a hit. `words`:
   * which literals count only as whole words, for `present`.
   */
  constructor(
    readonly literals: readonly string[],
    private readonly ignoreCase = false,
    words: readonly boolean[] = [],
  ) {
    this.wordLengths = Int32Array.from(literals, (l, i) => (words[i] ? l.length : 0))
    const folded = literals.map((l) => (ignoreCase ? l.toLowerCase() : l))
    const classes = new Map<number, number>()
    for (const l of folded) for (let i = 0; i < l.length; i++) if (!classes.has(l.charCodeAt(i))) classes.set(l.charCodeAt(i), classes.size + 1)
    for (let c = 0; c < ASCII; c++) this.ascii[c] = classes.get(ignoreCase && c >= 65 && c <= 90 ? c + 32 : c) ?? 0
    for (const [c, k] of classes) if (c >= ASCII) this.wide.set(c, k)
    const width = (this.width = classes.size + 1)

    // The trie of the literals, in the table: -1 marks a move not made yet.
    const states = folded.reduce((n, l) => n + l.length, 1)
    const next = new Int32Array(states * width).fill(-1)
    const ends: number[][] = [[]]
    folded.forEach((l, id) => {
      if (!l) return
      let state = 0
      for (let i = 0; i < l.length; i++) {
        const at = state * width + classes.get(l.charCodeAt(i))!
        if (next[at] === -1) {
          next[at] = ends.length
          ends.push([])
        }
        state = next[at]
      }
      ends[state].push(id)
    })

    // Breadth first, a state's missing moves are those of its longest proper suffix state.
    const suffix = new Int32Array(ends.length)
    const outputs: number[][] = new Array(ends.length)
    const queue = [0]
    for (let head = 0; head < queue.length; head++) {
      const state = queue[head]
      outputs[state] = state === 0 ? ends[0] : ends[state].length ? [...ends[state], ...outputs[suffix[state]]] : outputs[suffix[state]]
      for (let k = 0, row = state * width; k < width; k++) {
        const fallback = state === 0 ? 0 : next[suffix[state] * width + k]
        const child = next[row + k]
        if (child === -1) next[row + k] = fallback
        else {
          suffix[child] = fallback
          queue.push(child)
        }
      }
    }
    const delta = (this.delta = next.subarray(0, ends.length * width))
    for (let i = 0; i < delta.length; i++) delta[i] = outputs[delta[i]].length ? ~(delta[i] * width) : delta[i] * width
    this.outputs = outputs
  }

  /** The class of a character beyond ASCII (rare in code: kept out of the hot loop). */
  private wideClass(c: number): number {
    if (!this.wide.size) return 0
    return this.wide.get(c) ?? (this.ignoreCase ? this.wide.get(String.fromCharCode(c).toLowerCase().charCodeAt(0)) : undefined) ?? 0
  }

  /** Which literals occur in the text (1) and which do not (0), by index. */
  present(text: string): Uint8Array {
    const found = new Uint8Array(this.literals.length)
    const { wordLengths } = this
    this.walk(text, (literals, end) => {
      for (const literal of literals) {
        const length = wordLengths[literal]
        if (!found[literal] && (length === 0 || !(gluedBefore(text, end - length) || isWordChar(text.charCodeAt(end))))) found[literal] = 1
      }
    })
    return found
  }

  /** Calls `found(literal, end)` for every occurrence of every literal, `end` being the index just past it. */
  scan(text: string, found: (literal: number, end: number) => void): void {
    this.walk(text, (literals, end) => {
      for (const literal of literals) found(literal, end)
    })
  }

  /** Runs the automaton over the text; `ending` gets the literals that end just before `end`, wherever some do. */
  private walk(text: string, ending: (literals: number[], end: number) => void): void {
    const { delta, ascii, outputs, width } = this
    let row = 0
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i)
      row = delta[row + (c < ASCII ? ascii[c] : this.wideClass(c))]
      if (row < 0) {
        row = ~row
        ending(outputs[row / width], i + 1)
      }
    }
  }
}
