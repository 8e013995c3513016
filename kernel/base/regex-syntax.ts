// A small parser of JavaScript regular expressions into a tree with character sets, for analysis only (not matching).

/** Sorted, disjoint, inclusive code point ranges. */
export type CharSet = readonly (readonly [number, number])[]

export type RegexNode = { start: number; end: number } & (
  | { type: 'alt'; branches: RegexNode[] }
  | { type: 'seq'; items: RegexNode[] }
  /** One character out of `set`; `literal` when it is one written character. */
  | { type: 'char'; set: CharSet; literal?: string }
  | { type: 'group'; body: RegexNode }
  /** Lookahead / lookbehind: zero-width, its content matches no text of the match. */
  | { type: 'look'; body: RegexNode }
  | { type: 'assert' }
  | { type: 'backref' }
  | { type: 'repeat'; body: RegexNode; min: number; max: number }
)

const MAX_CODE_POINT = 0x10ffff

export function charSet(ranges: (readonly [number, number])[]): CharSet {
  const sorted = [...ranges].sort((a, b) => a[0] - b[0])
  const out: [number, number][] = []
  for (const [lo, hi] of sorted) {
    const last = out[out.length - 1]
    if (last && lo <= last[1] + 1) last[1] = Math.max(last[1], hi)
    else out.push([lo, hi])
  }
  return out
}
export const union = (...sets: CharSet[]): CharSet => charSet(sets.flat())
export function complement(set: CharSet): CharSet {
  const out: [number, number][] = []
  let next = 0
  for (const [lo, hi] of set) {
    if (lo > next) out.push([next, lo - 1])
    next = hi + 1
  }
  if (next <= MAX_CODE_POINT) out.push([next, MAX_CODE_POINT])
  return out
}
export function overlaps(a: CharSet, b: CharSet): boolean {
  let i = 0
  let j = 0
  while (i < a.length && j < b.length) {
    if (a[i][1] < b[j][0]) i++
    else if (b[j][1] < a[i][0]) j++
    else return true
  }
  return false
}
/** Adds the other case of ASCII letters (what the `i` flag does, enough for overlap questions). */
function foldCase(set: CharSet): CharSet {
  const extra: [number, number][] = []
  for (const [lo, hi] of set) {
    for (const [from, to] of [[65, 97], [97, 65]] as const) {
      const a = Math.max(lo, from)
      const b = Math.min(hi, from + 25)
      if (a <= b) extra.push([a - from + to, b - from + to])
    }
  }
  return union(set, extra)
}

const cp = (c: string): CharSet => [[c.codePointAt(0)!, c.codePointAt(0)!]]
export const ANY: CharSet = [[0, MAX_CODE_POINT]]
const DIGIT = charSet([[48, 57]])
const WORD = charSet([[48, 57], [65, 90], [95, 95], [97, 122]])
const SPACE = charSet([[9, 13], [32, 32], [160, 160], [0x1680, 0x1680], [0x2000, 0x200a], [0x2028, 0x2029], [0x202f, 0x202f], [0x205f, 0x205f], [0x3000, 0x3000], [0xfeff, 0xfeff]])
const LINE_TERMINATOR = charSet([[10, 10], [13, 13], [0x2028, 0x2029]])
const CLASS_ESCAPES: Record<string, CharSet> = { d: DIGIT, D: complement(DIGIT), w: WORD, W: complement(WORD), s: SPACE, S: complement(SPACE) }
const CONTROL_ESCAPES: Record<string, number> = { n: 10, r: 13, t: 9, v: 11, f: 12, '0': 0 }

/** Parses a pattern the RegExp constructor already accepted; unknown constructs are read generously. */
export function parseRegex(source: string, flags = ''): RegexNode {
  const ignoreCase = flags.includes('i')
  const unicode = flags.includes('u') || flags.includes('v')
  let i = 0
  const peek = (s: string) => source.startsWith(s, i)

  const char = (set: CharSet, start: number, literal?: string): RegexNode => ({
    type: 'char', start, end: i, set: ignoreCase ? foldCase(set) : set, literal,
  })

  function readCodePoint(): string {
    const c = unicode ? String.fromCodePoint(source.codePointAt(i)!) : source[i]
    i += c.length
    return c
  }

  /** After a backslash: a set (\d), a character, or null for an assertion or back-reference. */
  function escape(inClass: boolean): { set: CharSet; literal?: string } | 'assert' | 'backref' {
    const c = source[i++]
    if (CLASS_ESCAPES[c]) return { set: CLASS_ESCAPES[c] }
    if (c === 'b' || c === 'B') return inClass ? { set: [[8, 8]] } : 'assert'
    if (!inClass && /[1-9]/.test(c)) {
      while (/[0-9]/.test(source[i] ?? '')) i++
      return 'backref'
    }
    if (c === 'k' && source[i] === '<') {
      i = source.indexOf('>', i) + 1
      return 'backref'
    }
    if (c in CONTROL_ESCAPES) return { set: [[CONTROL_ESCAPES[c], CONTROL_ESCAPES[c]]], literal: String.fromCharCode(CONTROL_ESCAPES[c]) }
    if (c === 'x' && /^[0-9a-f]{2}/i.test(source.slice(i, i + 2))) {
      const code = parseInt(source.slice(i, (i += 2)), 16)
      return { set: [[code, code]], literal: String.fromCharCode(code) }
    }
    if (c === 'u') {
      const braced = /^\{([0-9a-f]+)\}/i.exec(source.slice(i))
      const plain = /^[0-9a-f]{4}/i.exec(source.slice(i))
      const hex = braced?.[1] ?? plain?.[0]
      if (hex) {
        i += (braced ?? plain)![0].length
        const code = parseInt(hex, 16)
        return { set: [[code, code]], literal: String.fromCodePoint(code) }
      }
    }
    if ((c === 'p' || c === 'P') && source[i] === '{') {
      i = source.indexOf('}', i) + 1
      return { set: ANY }
    }
    if (c === 'c' && /[a-z]/i.test(source[i] ?? '')) {
      const code = source.charCodeAt(i++) % 32
      return { set: [[code, code]] }
    }
    i--
    const literal = readCodePoint()
    return { set: cp(literal), literal }
  }

  function classAtom(): CharSet {
    if (source[i] === '[') return characterClass() // `v` flag nesting, read as a union
    if (source[i] === '\\') {
      i++
      const e = escape(true)
      return typeof e === 'string' ? ANY : e.set
    }
    return cp(readCodePoint())
  }

  function characterClass(): CharSet {
    i++ // [
    const negate = source[i] === '^'
    if (negate) i++
    const parts: CharSet[] = []
    while (i < source.length && source[i] !== ']') {
      if (flags.includes('v') && (peek('&&') || peek('--'))) i += 2 // set operations, over-approximated as union
      const from = classAtom()
      if (source[i] === '-' && source[i + 1] !== ']' && source[i + 1] !== undefined && from.length === 1 && from[0][0] === from[0][1]) {
        i++
        const to = classAtom()
        parts.push(to.length === 1 && to[0][0] === to[0][1] ? [[from[0][0], to[0][0]]] : union(from, to, cp('-')))
      } else parts.push(from)
    }
    i++ // ]
    const set = union(...parts)
    return negate ? complement(ignoreCase ? foldCase(set) : set) : set
  }

  function atom(): RegexNode {
    const start = i
    const c = source[i]
    if (c === '(') {
      let look = false
      if (peek('(?=') || peek('(?!')) (i += 3), (look = true)
      else if (peek('(?<=') || peek('(?<!')) (i += 4), (look = true)
      else if (peek('(?<')) i = source.indexOf('>', i) + 1
      else if (peek('(?')) i = source.indexOf(':', i) + 1 // (?:  and modifier groups (?i:
      else i++
      const body = alternation()
      i++ // )
      return { type: look ? 'look' : 'group', body, start, end: i }
    }
    if (c === '[') return char(characterClass(), start)
    if (c === '.') {
      i++
      return char(flags.includes('s') ? ANY : complement(LINE_TERMINATOR), start)
    }
    if (c === '^' || c === '$') {
      i++
      return { type: 'assert', start, end: i }
    }
    if (c === '\\') {
      i++
      const e = escape(false)
      if (e === 'assert' || e === 'backref') return { type: e, start, end: i }
      return char(e.set, start, e.literal)
    }
    const literal = readCodePoint()
    return char(cp(literal), start, literal)
  }

  function quantified(node: RegexNode): RegexNode {
    let min: number
    let max: number
    const braces = /^\{(\d+)(,(\d*))?\}/.exec(source.slice(i))
    if (source[i] === '*') (min = 0), (max = Infinity), i++
    else if (source[i] === '+') (min = 1), (max = Infinity), i++
    else if (source[i] === '?') (min = 0), (max = 1), i++
    else if (braces) {
      min = Number(braces[1])
      max = braces[2] === undefined ? min : braces[3] === '' ? Infinity : Number(braces[3])
      i += braces[0].length
    } else return node
    if (source[i] === '?') i++ // lazy: the same backtracking, in another order
    return quantified({ type: 'repeat', body: node, min, max, start: node.start, end: i })
  }

  function sequence(): RegexNode {
    const start = i
    const items: RegexNode[] = []
    while (i < source.length && source[i] !== '|' && source[i] !== ')') items.push(quantified(atom()))
    return items.length === 1 ? items[0] : { type: 'seq', items, start, end: i }
  }

  function alternation(): RegexNode {
    const start = i
    const branches = [sequence()]
    while (source[i] === '|') {
      i++
      branches.push(sequence())
    }
    return branches.length === 1 ? branches[0] : { type: 'alt', branches, start, end: i }
  }

  return alternation()
}

/** Whether the node can match the empty string. */
export function nullable(n: RegexNode): boolean {
  switch (n.type) {
    case 'alt': return n.branches.some(nullable)
    case 'seq': return n.items.every(nullable)
    case 'char': return false
    case 'group': return nullable(n.body)
    case 'repeat': return n.min === 0 || nullable(n.body)
    default: return true
  }
}

/** Characters that can start (or, with `fromEnd`, end) a non-empty match of the node. */
export function edgeChars(n: RegexNode, fromEnd = false): CharSet {
  switch (n.type) {
    case 'alt': return union(...n.branches.map((b) => edgeChars(b, fromEnd)))
    case 'seq': {
      const items = fromEnd ? [...n.items].reverse() : n.items
      const sets: CharSet[] = []
      for (const item of items) {
        sets.push(edgeChars(item, fromEnd))
        if (!nullable(item)) break
      }
      return union(...sets)
    }
    case 'char': return n.set
    case 'group':
    case 'repeat': return edgeChars(n.body, fromEnd)
    case 'backref': return ANY
    default: return []
  }
}

/** Every character the node can consume. */
export function allChars(n: RegexNode): CharSet {
  switch (n.type) {
    case 'alt': return union(...n.branches.map(allChars))
    case 'seq': return union(...n.items.map(allChars))
    case 'char': return n.set
    case 'group':
    case 'repeat': return allChars(n.body)
    case 'backref': return ANY
    default: return []
  }
}
