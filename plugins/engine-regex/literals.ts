// Literal strings one of which every match of a regular expression contains: lines without any are never run.
import { derived, parseRegex, type RegexNode } from '../../kernel/engine-api.ts'

/** At least one of these strings is in every match; null when the pattern has no usable literal. */
export type Literals = string[] | null

/** Shorter literals occur almost everywhere and filter nothing. */
const MIN_LITERAL = 3
/** Alternatives and small classes multiply out (`api[_-]?key`: apikey, api_key, api-key) up to this many strings. */
const MAX_EXACT = 64
const MAX_CLASS = 8

/** What a part of a pattern tells: literals one of which its every match holds, and its matches when few and fixed. */
interface Found {
  literals: Literals
  exact: string[] | null
}
const NOTHING: Found = { literals: null, exact: null }

/** Literals worth searching for: each long enough (a set with a short one filters nothing). */
const usable = (l: Literals): Literals => (l && l.length && l.every((s) => s.length >= MIN_LITERAL) ? l : null)

function better(a: Literals, b: Literals): Literals {
  ;[a, b] = [usable(a), usable(b)]
  if (!a) return b
  if (!b) return a
  const weakest = (l: string[]) => Math.min(...l.map((s) => s.length))
  return weakest(b) > weakest(a) || (weakest(b) === weakest(a) && b.length < a.length) ? b : a
}

/** The characters of a small class (or one written character), lower-cased when case does not matter. */
function classChars(n: Extract<RegexNode, { type: 'char' }>, ignoreCase: boolean): string[] | null {
  let count = 0
  for (const [lo, hi] of n.set) count += hi - lo + 1
  if (count > MAX_CLASS) return null
  const chars = new Set<string>()
  for (const [lo, hi] of n.set) for (let c = lo; c <= hi; c++) chars.add(ignoreCase ? String.fromCodePoint(c).toLowerCase() : String.fromCodePoint(c))
  return [...chars]
}

const product = (a: string[], b: string[]) => a.flatMap((x) => b.map((y) => x + y))

function found(n: RegexNode, ignoreCase: boolean): Found {
  switch (n.type) {
    case 'group':
      return found(n.body, ignoreCase)
    case 'look':
    case 'assert':
      return { literals: null, exact: [''] } // zero-width: adds no text
    case 'char': {
      const chars = n.literal !== undefined ? [ignoreCase ? n.literal.toLowerCase() : n.literal] : classChars(n, ignoreCase)
      return { literals: chars, exact: chars }
    }
    case 'repeat': {
      const body = found(n.body, ignoreCase)
      if (body.exact && n.max === 1) return { literals: n.min ? body.literals : null, exact: n.min ? body.exact : ['', ...body.exact] }
      return { literals: n.min >= 1 ? body.literals : null, exact: null }
    }
    case 'alt': {
      const branches = n.branches.map((b) => found(b, ignoreCase))
      const literals = branches.every((b) => b.literals) ? [...new Set(branches.flatMap((b) => b.literals!))] : null
      const exact = branches.every((b) => b.exact) ? [...new Set(branches.flatMap((b) => b.exact!))] : null
      return { literals, exact: exact && exact.length <= MAX_EXACT ? exact : null }
    }
    case 'seq': {
      let best: Literals = null
      let run = ['']
      let exact = true
      for (const item of n.items) {
        const part = found(item, ignoreCase)
        const joined = part.exact && product(run, part.exact)
        if (joined && joined.length <= MAX_EXACT) {
          run = joined
          continue
        }
        best = better(best, run)
        exact = false
        run = part.exact ?? ['']
        best = better(best, part.literals)
      }
      best = better(best, run)
      return { literals: best, exact: exact ? run : null }
    }
    default:
      return NOTHING
  }
}

/** Drops each literal that holds another: a line with `client_secret` has `secret` too. */
const minimal = (l: string[]) => l.filter((s, i) => !l.some((t, j) => j !== i && s.includes(t) && (t !== s || j < i)))

/** The literals of a pattern worth searching for (lower-cased when `i` is set), or null. */
export function requiredLiterals(source: string, flags: string): Literals {
  return derived('regex-literals', `${flags}/${source}`, () => {
    const literals = usable(found(parseRegex(source, flags), flags.includes('i')).literals)
    return literals && minimal(literals)
  })
}
