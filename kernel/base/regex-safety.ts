// Finds regular expressions whose backtracking is super-linear: ambiguous repetition a match can split many ways.
import { allChars, edgeChars, nullable, overlaps, parseRegex, type CharSet, type RegexNode } from './regex-syntax.ts'

/** A repetition that runs long enough for ambiguity inside it to blow up. */
const isLongRepeat = (n: RegexNode): n is Extract<RegexNode, { type: 'repeat' }> => n.type === 'repeat' && (n.max === Infinity || n.max >= 10)
/** A repetition whose count the engine may choose: the source of split ambiguity. */
const isVariableRepeat = (n: RegexNode): n is Extract<RegexNode, { type: 'repeat' }> => n.type === 'repeat' && n.min !== n.max && n.max >= 2

function unwrap(n: RegexNode): RegexNode {
  return n.type === 'group' ? unwrap(n.body) : n
}

function sequenceOf(n: RegexNode): RegexNode[] {
  const u = unwrap(n)
  return u.type === 'seq' ? u.items : [u]
}

/**
 * Whether two branches of a repeated alternation can both match at one place so that the iterations after
 * them line up again (`a|aa`, `\w|\d`, `\\.|[^"]`): each such place doubles the ways to match.
 */
function branchesCollide(a: RegexNode, b: RegexNode, iterationStart: CharSet): boolean {
  const [short, long] = [sequenceOf(a), sequenceOf(b)].sort((x, y) => x.length - y.length)
  let k = 0
  for (; k < short.length; k++) {
    const s = unwrap(short[k])
    const l = unwrap(long[k])
    if (s.type !== 'char' || l.type !== 'char') return overlaps(edgeChars(s), edgeChars(l)) || (nullable(s) && nullable(l))
    if (!overlaps(s.set, l.set)) return false
  }
  const rest: RegexNode = { type: 'seq', items: long.slice(k), start: 0, end: 0 }
  return nullable(rest) || overlaps(edgeChars(rest), iterationStart)
}

interface Problem {
  kind: 'nested' | 'empty' | 'alternation' | 'adjacent' | 'optional'
  node: RegexNode
}

/** Optional parts in a row that can match what follows them: each doubles the ways a failing match is tried. */
const MAX_AMBIGUOUS_OPTIONALS = 10

/** Looks inside one iteration of a long repeat for parts that can hand characters to the next iteration. */
function checkIteration(repeat: Extract<RegexNode, { type: 'repeat' }>, problems: Problem[]): void {
  const body = repeat.body
  if (nullable(body)) {
    problems.push({ kind: 'empty', node: repeat })
    return
  }
  const first = edgeChars(body)
  const last = edgeChars(body, true)
  const walk = (n: RegexNode, openBefore: boolean, openAfter: boolean): void => {
    if (isVariableRepeat(n)) {
      const inner = allChars(n.body)
      if ((openAfter && overlaps(first, inner)) || (openBefore && overlaps(last, inner))) problems.push({ kind: 'nested', node: repeat })
    }
    switch (n.type) {
      case 'seq':
        n.items.forEach((item, k) => {
          const before = openBefore && n.items.slice(0, k).every(nullable)
          const after = openAfter && n.items.slice(k + 1).every(nullable)
          walk(item, before, after)
        })
        break
      case 'alt':
        if (openBefore && openAfter) {
          const collide = n.branches.some((a, x) => n.branches.some((b, y) => y > x && branchesCollide(a, b, first)))
          if (collide) problems.push({ kind: 'alternation', node: repeat })
        }
        for (const b of n.branches) walk(b, openBefore, openAfter)
        break
      case 'group':
      case 'repeat':
        walk(n.body, openBefore, openAfter)
        break
    }
  }
  walk(body, true, true)
}

/**
 * Two unbounded repeats with only optional parts between them can trade boundary characters: polynomial backtracking.
 * Many bounded optional parts that can take the characters of what follows (`a?a?…a?aa…a`) are exponential.
 */
function checkSequence(n: Extract<RegexNode, { type: 'seq' }>, problems: Problem[]): void {
  const ambiguous = n.items.filter((item, k) => {
    const a = unwrap(item)
    const next = n.items[k + 1]
    return a.type === 'repeat' && a.min !== a.max && next !== undefined && overlaps(allChars(a.body), edgeChars(next))
  })
  if (ambiguous.length > MAX_AMBIGUOUS_OPTIONALS) problems.push({ kind: 'optional', node: { ...n, start: ambiguous[0].start, end: ambiguous[ambiguous.length - 1].end } })
  n.items.forEach((item, k) => {
    const a = unwrap(item)
    if (!(a.type === 'repeat' && a.max === Infinity)) return
    for (let j = k + 1; j < n.items.length; j++) {
      const b = unwrap(n.items[j])
      if (b.type === 'repeat' && b.max === Infinity && overlaps(edgeChars(a, true), edgeChars(b))) {
        problems.push({ kind: 'adjacent', node: { ...n, start: item.start, end: n.items[j].end } })
        return
      }
      if (!nullable(n.items[j])) return
    }
  })
}

const EXPLAIN: Record<Problem['kind'], string> = {
  nested: 'a repeated group whose inner repetition can also start the next iteration',
  empty: 'a repeated group that can match empty text, so each iteration may take or skip characters',
  alternation: 'alternatives that can match the same text inside a repetition',
  adjacent: 'two unbounded repetitions that can match the same characters next to each other',
  optional: `more than ${MAX_AMBIGUOUS_OPTIONALS} optional parts that can match the same characters as what follows them`,
}

/** Describes why the pattern can backtrack super-linearly, or returns undefined when it cannot (as far as this analysis sees). */
export function catastrophicReason(source: string, flags = ''): string | undefined {
  const tree = parseRegex(source, flags)
  const problems: Problem[] = []
  const visit = (n: RegexNode): void => {
    if (isLongRepeat(n)) checkIteration(n, problems)
    if (n.type === 'seq') checkSequence(n, problems)
    if (n.type === 'alt') n.branches.forEach(visit)
    else if (n.type === 'seq') n.items.forEach(visit)
    else if (n.type === 'group' || n.type === 'repeat' || n.type === 'look') visit(n.body)
  }
  visit(tree)
  if (!problems.length) return undefined
  const p = problems[0]
  return `catastrophic backtracking: ${EXPLAIN[p.kind]} in "${source.slice(p.node.start, p.node.end)}"`
}
