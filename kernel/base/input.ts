// Input from clients and repositories (JSON bodies, YAML files and bodies): nesting bounded, `__proto__` keys refused,
// YAML aliases bounded. Anything else would reach recursive code (merges, masks, validators) as a stack overflow.
import YAML from 'yaml'
import { BadRequestError } from './errors.ts'

export function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v)
}

/** No configuration, pack or request needs more levels than this. */
export const MAX_INPUT_DEPTH = 64
/** Alias uses a YAML document may expand (YAML's own default; a "billion laughs" document needs far more). */
const MAX_ALIAS_COUNT = 100

/**
 * What is wrong with the shape of a parsed input, or undefined: too deep, or a `__proto__` key (a merge would set an
 * object's prototype with it). Iterative, so any depth is safe to check.
 */
export function inputShapeProblem(value: unknown, maxDepth = MAX_INPUT_DEPTH): string | undefined {
  const stack: [unknown, number][] = [[value, 1]]
  while (stack.length) {
    const [v, depth] = stack.pop()!
    if (typeof v !== 'object' || v === null) continue
    if (depth > maxDepth) return `nested deeper than ${maxDepth} levels`
    for (const [k, child] of Object.entries(v)) {
      if (k === '__proto__' && !Array.isArray(v)) return 'the key "__proto__" is not allowed'
      stack.push([child, depth + 1])
    }
  }
  return undefined
}

/** A configuration, a pack or a rule is far smaller; parsing time grows faster than the text. */
const MAX_YAML_BYTES = 512 * 1024

/**
 * Parses YAML from outside with size, aliases and nesting bounded; every failure is a 400 naming `where`. Duplicate
 * keys are found with a set: the parser's own check compares every key with every other (40,000 keys took 9.5 s).
 */
export function parseYamlInput(text: string, where: string): unknown {
  if (text.length > MAX_YAML_BYTES) throw new BadRequestError(`${where} is larger than ${MAX_YAML_BYTES / 1024} KB`)
  let value: unknown
  try {
    const doc = YAML.parseDocument(text, { uniqueKeys: false })
    if (doc.errors.length) throw doc.errors[0]
    YAML.visit(doc, {
      Map(_key, map) {
        const seen = new Set<unknown>()
        for (const pair of map.items) {
          const key = YAML.isScalar(pair.key) ? pair.key.value : pair.key
          if (seen.has(key)) throw new Error(`Map keys must be unique: ${String(key).slice(0, 80)}`)
          seen.add(key)
        }
      },
    })
    value = doc.toJS({ maxAliasCount: MAX_ALIAS_COUNT })
  } catch (e) {
    throw new BadRequestError(`${where} is not readable YAML: ${(e as Error).message.split('\n')[0]}`)
  }
  const problem = inputShapeProblem(value)
  if (problem) throw new BadRequestError(`${where}: ${problem}`)
  return value
}
