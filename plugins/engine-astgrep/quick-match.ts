// Rule objects decided in JavaScript where they can be: ast-grep's `node.matches(rule)` compiles the rule (its
// regexes too) on every call, 60–600 µs each, and the taint analysis asks thousands of such questions of one file.
// The common forms (`kind`, `regex`, `has`/`inside` by field, `all`/`any`/`not`) are answered here from the node's
// kind and text; anything else (a pattern, a deeper relation) is left to ast-grep: undefined means "ask it".
import { catastrophicReason, type AstRule } from '../../kernel/engine-api.ts'
import { isRuleObject } from './patterns.ts'
import type { Node } from './tree.ts'

/** Whether the rule matches the node, or undefined when only ast-grep can tell. */
export function quickMatch(node: Node, rule: AstRule): boolean | undefined {
  let unknown = false
  for (const [key, value] of Object.entries(rule)) {
    const answer = keyMatches(node, key, value)
    if (answer === false) return false // the keys of a rule object all hold, or it does not match
    if (answer === undefined) unknown = true
  }
  return unknown ? undefined : true
}

function keyMatches(node: Node, key: string, value: unknown): boolean | undefined {
  switch (key) {
    case 'kind':
      return typeof value === 'string' ? node.kind() === value : undefined
    case 'regex': {
      const re = typeof value === 'string' ? exactRegex(value) : undefined
      return re ? re.test(node.text()) : undefined
    }
    case 'all':
      return Array.isArray(value) ? every(value.map((item) => (isRuleObject(item) ? quickMatch(node, item) : undefined))) : undefined
    case 'any':
      return Array.isArray(value) ? some(value.map((item) => (isRuleObject(item) ? quickMatch(node, item) : undefined))) : undefined
    case 'not': {
      const inner = isRuleObject(value) ? quickMatch(node, value) : undefined
      return inner === undefined ? undefined : !inner
    }
    case 'has':
      return isRuleObject(value) ? hasMatches(node, value) : undefined
    case 'inside':
      return isRuleObject(value) ? insideMatches(node, value) : undefined
    default:
      return undefined // pattern, precedes, follows, nthChild, matches, ...
  }
}

function every(answers: (boolean | undefined)[]): boolean | undefined {
  if (answers.includes(false)) return false
  return answers.includes(undefined) ? undefined : true
}

function some(answers: (boolean | undefined)[]): boolean | undefined {
  if (answers.includes(true)) return true
  return answers.includes(undefined) ? undefined : false
}

/** `has` as ast-grep runs it: the first child in the field, or any direct child; deeper searches are its own. */
function hasMatches(node: Node, relation: AstRule): boolean | undefined {
  const { field, stopBy, ...inner } = relation
  if (stopBy !== undefined && stopBy !== 'neighbor') return undefined
  if (field !== undefined) {
    if (typeof field !== 'string') return undefined
    const child = node.field(field)
    return child ? quickMatch(child, inner) : false
  }
  return some(node.children().map((child) => quickMatch(child, inner)))
}

/** `inside`: the parent (whose child in the field is this node), or any ancestor with `stopBy: end`. */
function insideMatches(node: Node, relation: AstRule): boolean | undefined {
  const { field, stopBy, ...outer } = relation
  if (field !== undefined && typeof field !== 'string') return undefined
  if (stopBy !== undefined && stopBy !== 'neighbor' && stopBy !== 'end') return undefined
  const answers: (boolean | undefined)[] = []
  let child = node
  for (let parent = node.parent(); parent; child = parent, parent = parent.parent()) {
    if (field !== undefined && parent.field(field)?.id() !== child.id()) {
      // With a field, each step up must arrive through it (ast-grep checks this at every ancestor it tries).
      if (stopBy === 'end') continue
      return false
    }
    const answer = quickMatch(parent, outer)
    if (answer === true) return true
    answers.push(answer)
    if (stopBy !== 'end') break
  }
  return answers.includes(undefined) ? undefined : false
}

/**
 * A Rust regex (the `regex` crate, as ast-grep runs it) as a JavaScript regex with the same matches, or undefined
 * where the dialects differ in a way not worth following (\b, inline flag groups, nested classes, ...).
 * Rust's `.` is any character but `\n`, and \d \w \s are Unicode; the translation spells those out.
 */
export function exactRegex(regex: string): RegExp | undefined {
  if (exactRegexes.has(regex)) return exactRegexes.get(regex)
  let translated: RegExp | undefined
  try {
    translated = translate(regex)
  } catch {
    translated = undefined
  }
  exactRegexes.set(regex, translated)
  return translated
}
const exactRegexes = new Map<string, RegExp | undefined>()

const CLASS_ESCAPES: Record<string, string> = {
  d: '\\p{Nd}',
  w: '\\p{Alphabetic}\\p{M}\\p{Nd}\\p{Pc}\\p{Join_Control}',
  s: '\\p{White_Space}',
}
/** Characters JavaScript's `u` mode lets a backslash escape outside a class (inside one, `-` too). */
const SYNTAX = new Set('^$\\.*+?()[]{}|/')

function translate(regex: string): RegExp | undefined {
  let body = regex
  let flags = 'u'
  const leading = /^\(\?([is]+)\)/.exec(body)
  if (leading) {
    if (leading[1].includes('i')) flags += 'i'
    if (leading[1].includes('s')) flags += 's'
    body = body.slice(leading[0].length)
  }
  const dotAll = flags.includes('s')
  let out = ''
  let inClass = false
  for (let i = 0; i < body.length; i++) {
    const c = body[i]
    if (c === '\\') {
      const next = body[i + 1]
      if (next === undefined) return undefined
      i++
      if (CLASS_ESCAPES[next]) out += inClass ? CLASS_ESCAPES[next] : `[${CLASS_ESCAPES[next]}]`
      else if (CLASS_ESCAPES[next.toLowerCase()] && !inClass) out += `[^${CLASS_ESCAPES[next.toLowerCase()]}]`
      else if (/[nrtf]/.test(next)) out += `\\${next}`
      else if (/[A-Za-z0-9]/.test(next)) return undefined // \b \B \A \z \p \x \u back-references ...
      else out += SYNTAX.has(next) || (inClass && next === '-') ? `\\${next}` : next
      continue
    }
    if (inClass) {
      if (c === '[' || (c === '&' && body[i + 1] === '&') || (c === '-' && body[i + 1] === '-') || (c === '~' && body[i + 1] === '~')) return undefined // nested, set operations
      if (c === ']') inClass = false
      out += c
      continue
    }
    if (c === '[') {
      inClass = true
      out += c
      if (body[i + 1] === '^') out += body[++i]
      if (body[i + 1] === ']') return undefined // a leading literal `]`
      continue
    }
    if (c === '(' && body[i + 1] === '?') {
      if (body.startsWith('(?:', i)) {
        out += '(?:'
        i += 2
        continue
      }
      const named = /^\(\?P?<([A-Za-z_][A-Za-z0-9_]*)>/.exec(body.slice(i))
      if (!named) return undefined // inline flags, look-around (Rust has none)
      out += `(?<${named[1]}>`
      i += named[0].length - 1
      continue
    }
    out += c === '.' && !dotAll ? '[^\\n]' : c
  }
  // Rust's regexes never backtrack; this one must not either (a custom pack's `(a+)+$` on a long node's text).
  return inClass || catastrophicReason(out, flags) ? undefined : new RegExp(out, flags)
}
