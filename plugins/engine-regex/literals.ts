// Literal strings one of which every match of a regular expression contains: lines without any are never run.
import { parseRegex, type RegexNode } from './syntax.ts'

/** At least one of these strings is in every match; null when the pattern has no usable literal. */
export type Literals = string[] | null

/** Shorter literals occur almost everywhere and filter nothing. */
const MIN_LITERAL = 3

/** A character written once (or in both cases under `i`): its text, lower-cased when case does not matter. */
function literalChar(n: RegexNode, ignoreCase: boolean): string | undefined {
  if (n.type !== 'char' || n.literal === undefined) return undefined
  return ignoreCase ? n.literal.toLowerCase() : n.literal
}

function better(a: Literals, b: Literals): Literals {
  if (!a) return b
  if (!b) return a
  const weakest = (l: string[]) => Math.min(...l.map((s) => s.length))
  return weakest(b) > weakest(a) || (weakest(b) === weakest(a) && b.length < a.length) ? b : a
}

function literalsOf(n: RegexNode, ignoreCase: boolean): Literals {
  switch (n.type) {
    case 'group':
      return literalsOf(n.body, ignoreCase)
    case 'repeat':
      return n.min >= 1 ? literalsOf(n.body, ignoreCase) : null
    case 'alt': {
      const branches = n.branches.map((b) => literalsOf(b, ignoreCase))
      return branches.every((b) => b !== null) ? [...new Set(branches.flat() as string[])] : null
    }
    case 'char': {
      const c = literalChar(n, ignoreCase)
      return c === undefined ? null : [c]
    }
    case 'seq': {
      let best: Literals = null
      let run = ''
      const endRun = () => {
        if (run) best = better(best, [run])
        run = ''
      }
      for (const item of n.items) {
        const c = literalChar(item, ignoreCase)
        if (c !== undefined) {
          run += c
          continue
        }
        endRun()
        best = better(best, literalsOf(item, ignoreCase))
      }
      endRun()
      return best
    }
    default:
      return null
  }
}

/** The literals of a pattern worth searching for (lower-cased when `i` is set), or null. */
export function requiredLiterals(source: string, flags: string): Literals {
  const ignoreCase = flags.includes('i')
  const found = literalsOf(parseRegex(source, flags), ignoreCase)
  return found && found.every((s) => s.length >= MIN_LITERAL) ? found : null
}
