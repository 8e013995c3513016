// Path globs from users (include/exclude, suppressions, rule paths): bounded so a glob cannot hang the service.
// picomatch compiles a glob to a backtracking regex: `*a*a*a*a*b` took 14 s on one 200-character name.
import picomatch from 'picomatch'

const MAX_GLOB_LENGTH = 512
/** Single `*` per path segment: three cost at most milliseconds on any name; each more multiplies that by its length. */
const MAX_STARS_PER_SEGMENT = 3
/** `**` segments per glob: each more multiplies the work by the path's depth (ten took 16 s on a 40-level path). */
const MAX_GLOBSTARS = 3
/** Extended globs (`+(a|aa)`) nest repetitions, the classic catastrophic regex; they are matched literally. */
const OPTIONS = { dot: true, noextglob: true } as const

/** Why a glob cannot be matched in bounded time (too long, too many wildcards), or undefined. Also for .gitignore lines. */
export function globCostProblem(glob: string): string | undefined {
  if (glob.length > MAX_GLOB_LENGTH) return `is longer than ${MAX_GLOB_LENGTH} characters`
  const segments = glob.split('/')
  if (segments.filter((s) => s.includes('**')).length > MAX_GLOBSTARS) return `has more than ${MAX_GLOBSTARS} ** segments`
  if (segments.some((segment) => !segment.includes('**') && (segment.match(/\*+/g) ?? []).length > MAX_STARS_PER_SEGMENT))
    return `has more than ${MAX_STARS_PER_SEGMENT} wildcards (*) in one path segment`
  return undefined
}

/** Why a glob is refused, or undefined. */
export function globProblem(glob: string): string | undefined {
  const cost = globCostProblem(glob)
  if (cost) return cost
  try {
    picomatch.makeRe(glob, OPTIONS)
  } catch (e) {
    return `is not a valid glob: ${(e as Error).message}`
  }
  return undefined
}

/** A matcher for any of the globs (none: nothing matches); globs are checked with globProblem before they get here. */
export function globMatcher(globs: string | string[] | undefined): (file: string) => boolean {
  const list = [globs ?? []].flat()
  return list.length ? picomatch(list, OPTIONS) : () => false
}
