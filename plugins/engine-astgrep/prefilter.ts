// Which literal text a structural rule needs in a file before the file is worth parsing (parsing dominates scan time).
import type { AstRule, RuleDef } from '../../kernel/rule.ts'
import { isRuleObject, matchedPatternText, type PatternStyle } from './patterns.ts'

/** Something the file's text must contain: a substring, an identifier as a whole word, or a regular expression. */
/** `nodeStart`: the match begins a syntax node, so an identifier character there has none just before it. */
export type Term = { text: string } | { word: string } | { regex: RegExp; nodeStart?: boolean }

/**
 * Alternatives of terms: the file can match only if every term of some alternative occurs in it.
 * null when the rule cannot be filtered (a pattern of metavariables only, a bare `kind`).
 */
export type Need = Term[][] | null

/** More alternatives than this cost more lookups than the parse they might save. */
const MAX_ALTERNATIVES = 128
/** Literal runs shorter than this occur in nearly every file. */
const MIN_RUN = 3

const METAVARIABLE = /\$\$?\$?[A-Z_][A-Z0-9_]*/g
const WORD = /[A-Za-z_][A-Za-z0-9_]*/g

const keys = new WeakMap<Term, string>()
export function termKey(t: Term): string {
  let key = keys.get(t)
  if (key === undefined) {
    key = 'text' in t ? `s:${t.text}` : 'word' in t ? `w:${t.word}` : `r:${t.regex.source}/${t.regex.flags}${t.nodeStart ? '^' : ''}`
    keys.set(t, key)
  }
  return key
}
const termLength = (t: Term) => ('text' in t ? t.text.length : 'word' in t ? t.word.length : t.regex.source.length)

/** Identifiers and the operator characters that reappear verbatim between a pattern's metavariables. */
const TOKEN = /[A-Za-z_][A-Za-z0-9_]*|[.([{=+\-*/%<>!&|:]/g
const RUN_BREAK = /[^A-Za-z0-9_.([{=+\-*/%<>!&|:\s]/g
const escapeRegex = (s: string) => s.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&')

/**
 * Runs of adjacent literal tokens (`.innerHTML =`, `hashlib.md5(`) as regexes allowing any white space between
 * tokens: far more selective than the words alone. Only a comment between two tokens of a run would hide a match.
 */
function tokenRuns(text: string): Term[] {
  const runs: Term[] = []
  for (const chunk of text.replace(METAVARIABLE, '\0').replace(RUN_BREAK, '\0').split('\0')) {
    const tokens = chunk.match(TOKEN)
    if (!tokens || tokens.length < 2 || !tokens.some((t) => /^[A-Za-z_]/.test(t))) continue
    runs.push({ regex: new RegExp(tokens.map(escapeRegex).join('\\s*'), 'g'), nodeStart: true })
  }
  return runs
}

/** Every identifier of a pattern reappears verbatim, as a whole word, in its match, and so do its token runs. */
function patternNeed(astLang: string, p: PatternStyle): Need {
  const text = matchedPatternText(astLang, p)
  const words = text.replace(METAVARIABLE, ' ').match(WORD)
  return words ? [[...[...new Set(words)].map((word) => ({ word })), ...tokenRuns(text)]] : null
}

const score = (n: Term[][]) => Math.min(...n.map((alt) => alt.reduce((sum, t) => sum + termLength(t), 0))) / n.length

/** Both needs must hold: every pairing of their alternatives, or the more selective one when that grows too large. */
function both(a: Need, b: Need): Need {
  if (!a) return b
  if (!b) return a
  if (a.length * b.length > MAX_ALTERNATIVES) return score(a) >= score(b) ? a : b
  return a.flatMap((x) => b.map((y) => [...new Map([...x, ...y].map((t) => [termKey(t), t])).values()]))
}
const allOf = (needs: Need[]): Need => needs.reduce(both, null)

/** One of the needs holds: all their alternatives, less those that ask for more than another one does. */
function either(needs: Need[]): Need {
  if (!needs.length || needs.some((n) => n === null)) return null
  const alternatives = needs.flatMap((n) => n!).map((alt) => new Set(alt.map(termKey)))
  const redundant = (a: Set<string>, i: number) =>
    alternatives.some((b, j) => j !== i && [...b].every((k) => a.has(k)) && (b.size < a.size || j < i))
  return needs.flatMap((n) => n!).filter((_alt, i) => !redundant(alternatives[i], i))
}

/** Rust's `\s` also holds U+0085 (NEL), which JavaScript's does not: add it so the translation is never narrower. */
function widenSpaces(body: string): string {
  let out = ''
  let inClass = false
  for (let i = 0; i < body.length; i++) {
    const c = body[i]
    if (c === '\\') {
      const pair = body.slice(i, i + 2)
      out += pair === '\\s' ? (inClass ? '\\s\\x85' : '[\\s\\x85]') : pair
      i++
    } else {
      if (c === '[') inClass = true
      else if (c === ']') inClass = false
      out += c
    }
  }
  return out
}

/** Index just past the escape, class or group that starts at `i` (or the single character there). */
function atomEnd(s: string, i: number): number {
  if (s[i] === '\\') return i + 2
  if (s[i] === '[') {
    let j = i + 1
    if (s[j] === '^') j++
    if (s[j] === ']') j++
    for (; j < s.length && s[j] !== ']'; j++) if (s[j] === '\\') j++
    return j + 1
  }
  if (s[i] === '(') {
    let depth = 0
    for (let j = i; j < s.length; j++) {
      if (s[j] === '\\') j++
      else if (s[j] === '[') j = atomEnd(s, j) - 1
      else if (s[j] === '(') depth++
      else if (s[j] === ')' && --depth === 0) return j + 1
    }
  }
  return i + 1
}

/** The top-level alternatives of a regex. */
function alternatives(s: string): string[] {
  const out: string[] = []
  let start = 0
  for (let i = 0; i < s.length; i = atomEnd(s, i)) {
    if (s[i] === '|') {
      out.push(s.slice(start, i))
      start = i + 1
    }
  }
  return [...out, s.slice(start)]
}

/** Text matched by the atom ends with this escaped punctuation (`self\.`, `(decodeURI\()`). */
const ENDS_WITH_PUNCTUATION = /\\[^A-Za-z0-9_]\)*$/

/**
 * The regex without what its matches may start with optionally (`(decodeURI\()?req\.query`,
 * `[\w.]*\.searchParams`): V8 tries such a start at every position of the file, while the rest usually begins
 * with a literal it finds fast. The shorter regex matches within every match of the original. `startsNode`: every
 * part dropped ends with punctuation, so where the original match began a node the shorter one does too (or
 * follows the punctuation).
 */
function dropOptionalStart(regex: string): { regex: string; startsNode: boolean } {
  let startsNode = true
  const shorter = alternatives(regex).map((alt) => {
    let i = 0
    while (i < alt.length) {
      const end = atomEnd(alt, i)
      const optional = alt[end] === '?' || alt[end] === '*' || alt.startsWith('{0,', end) || alt.startsWith('{0}', end)
      if (!optional) break
      startsNode &&= ENDS_WITH_PUNCTUATION.test(alt.slice(i, end))
      i = alt[end] === '{' ? alt.indexOf('}', end) + 1 : end + 1
      if (alt[i] === '?') i++ // lazy
    }
    const rest = alt.slice(i)
    // A group that is not repeated: what starts it optionally starts the whole alternative.
    const groupEnd = rest.startsWith('(') ? atomEnd(rest, 0) : -1
    if (groupEnd > 0 && !/^[?*+{]/.test(rest.slice(groupEnd))) {
      const open = rest.startsWith('(?:') ? 3 : (/^\(\?P?<[^>]*>/.exec(rest)?.[0].length ?? 1)
      const inner = dropOptionalStart(rest.slice(open, groupEnd - 1))
      startsNode &&= inner.startsNode
      return `${rest.slice(0, open)}${inner.regex}${rest.slice(groupEnd - 1)}`
    }
    return rest
  })
  return { regex: shorter.join('|'), startsNode }
}

/**
 * A node's Rust regex as a JavaScript one the whole file must match: anchors dropped (the node is somewhere in
 * the file), `.` widened with `s`, code points with `u`. Constructs whose meaning differs (Unicode \w \d \b \S,
 * POSIX or nested classes, inline flags other than a leading (?i)) give up with undefined, so the JavaScript
 * regex never rejects text the Rust one accepts.
 */
function translateRegex(regex: string): Term | undefined {
  let body = regex
  let flags = 'su'
  const leading = /^\(\?([is]+)\)/.exec(body)
  if (leading) {
    if (leading[1].includes('i')) flags += 'i'
    body = body.slice(leading[0].length)
  }
  // A node that starts (ends) with an identifier character is not glued to one before (after) it:
  // `^Function\(` is not `isFunction(`, `^(all|get)$` is not `allSchemaProperties`. The start is checked
  // outside the regex (occurs), so V8 still scans for the regex's literal prefix.
  let anchored = body.startsWith('^')
  const endAnchored = /(?<!\\)\$$/.test(body)
  body = body.replace(/^\^/, '').replace(/(?<!\\)\$$/, '')
  const outsideClasses = body.replace(/\\./g, '').replace(/\[[^\]]*\]/g, '')
  if (/[$^]|\(\?(?!:|P?<)/.test(outsideClasses) || /\\[wWdDbBpPAzQxS1-9]|\[:|&&|--|~~|\[[^\]]*\[/.test(body)) return undefined
  // A match that may start optionally is searched from its first required part.
  const required = dropOptionalStart(body)
  if (required.regex !== body) [body, anchored] = [required.regex, anchored && required.startsNode]
  try {
    const end = endAnchored ? '(?:(?<=\\W)|(?!\\w))' : ''
    return { regex: new RegExp(`(?:${widenSpaces(body).replace(/\(\?P</g, '(?<')})${end}`, `${flags}g`), nodeStart: anchored }
  } catch {
    return undefined
  }
}

/** Literal runs a Rust regex requires, through groups, alternation and quantifiers; for regexes that do not translate. */
function regexRuns(regex: string): Need {
  let i = 0
  let unsupported = false
  const alternation = (): Need => {
    const branches = [sequence()]
    while (regex[i] === '|') {
      i++
      branches.push(sequence())
    }
    return either(branches)
  }
  const sequence = (): Need => {
    const parts: Need[] = []
    let run = ''
    let last: 'char' | 'group' | 'other' = 'other'
    const flush = () => {
      if (run.length >= MIN_RUN) parts.push([[{ text: run }]])
      run = ''
    }
    while (i < regex.length && regex[i] !== '|' && regex[i] !== ')') {
      const c = regex[i]
      if (c === '*' || c === '+' || c === '?' || c === '{') {
        const optional = c === '*' || c === '?' || /^\{0[,}]/.test(regex.slice(i))
        i = c === '{' ? regex.indexOf('}', i) + 1 : i + 1
        if (regex[i] === '?') i++
        if (last === 'char') {
          if (optional) run = run.slice(0, -1)
          flush()
        } else if (last === 'group' && optional) parts.pop()
        last = 'other'
      } else if (c === '(') {
        flush()
        if (regex.startsWith('(?P<', i) || regex.startsWith('(?<', i)) i = regex.indexOf('>', i) + 1
        else if (regex.startsWith('(?:', i)) i += 3
        else if (regex[i + 1] === '?') return (unsupported = true), null // inline flags: case may not matter
        else i++
        parts.push(alternation())
        i++
        last = 'group'
      } else if (c === '[') {
        flush()
        for (i++; i < regex.length && regex[i] !== ']'; i++) if (regex[i] === '\\') i++
        i++
        last = 'other'
      } else if (c === '\\') {
        const next = regex[i + 1] ?? ''
        i += 2
        if (/[A-Za-z0-9]/.test(next)) flush(), (last = 'other')
        else (run += next), (last = 'char')
      } else if (c === '.' || c === '^' || c === '$') {
        flush()
        i++
        last = 'other'
      } else {
        run += c
        i++
        last = 'char'
      }
    }
    flush()
    return allOf(parts)
  }
  const need = alternation()
  return unsupported || i !== regex.length ? null : need
}

/**
 * A translated regex, preceded by its literal run when every match shares one (`eval` of `^(self\.)?eval\(`):
 * a substring search rules most files out before the regex runs. Otherwise the literal runs alone.
 */
function regexNeed(regex: unknown): Need {
  if (typeof regex !== 'string') return null
  const translated = translateRegex(regex)
  const runs = regexRuns(regex)
  if (!translated) return runs
  if (runs?.length !== 1) return [[translated]]
  return [[...runs[0], translated]]
}

function ruleNeed(astLang: string, rule: AstRule): Need {
  const all: Need[] = [regexNeed(rule.regex)]
  if (typeof rule.pattern === 'string' || isRuleObject(rule.pattern)) all.push(patternNeed(astLang, rule.pattern as PatternStyle))
  // Positive relations need their node to exist in the file too; `not` constrains nothing.
  for (const key of ['inside', 'has', 'precedes', 'follows'] as const) if (isRuleObject(rule[key])) all.push(ruleNeed(astLang, rule[key]))
  if (Array.isArray(rule.all)) for (const item of rule.all) if (isRuleObject(item)) all.push(ruleNeed(astLang, item))
  if (Array.isArray(rule.any)) all.push(either(rule.any.map((item) => (isRuleObject(item) ? ruleNeed(astLang, item) : null))))
  return allOf(all)
}

/** Cheap terms first: a regex runs only when the words of its alternative are all there. */
const COST = (t: Term) => ('regex' in t ? 2 : 'word' in t ? 1 : 0)

/** The rule's `prefilter` (any one substring suffices), or the terms derived from its pattern(s) and regexes. */
export function prefilterNeed(rule: RuleDef, astLang: string): Need {
  const need = rule.prefilter?.length
    ? rule.prefilter.map((text) => [{ text }])
    : rule.rule
      ? ruleNeed(astLang, rule.rule)
      : rule.pattern === undefined
        ? null
        : patternNeed(astLang, rule.pattern)
  return need && need.map((alt) => [...alt].sort((a, b) => COST(a) - COST(b)))
}

const isWordChar = (c: number) => (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95

/** An occurrence not glued to other identifier characters (`eval` but not `evaluate`). */
function hasWord(text: string, word: string): boolean {
  for (let i = text.indexOf(word); i !== -1; i = text.indexOf(word, i + 1)) {
    if (!isWordChar(text.charCodeAt(i - 1)) && !isWordChar(text.charCodeAt(i + word.length))) return true
  }
  return false
}

/** A match of a global regex; with `nodeStart`, one whose first identifier character is not glued to another. */
function regexOccurs(re: RegExp, text: string, nodeStart: boolean): boolean {
  re.lastIndex = 0
  for (let m = re.exec(text); m; m = re.exec(text)) {
    if (!nodeStart || !isWordChar(text.charCodeAt(m.index)) || !isWordChar(text.charCodeAt(m.index - 1))) return true
    // Every match at this index has the same first character: move on.
    re.lastIndex = m.index + 1
  }
  return false
}

function occurs(t: Term, text: string): boolean {
  if ('text' in t) return text.includes(t.text)
  if ('word' in t) return hasWord(text, t.word)
  return regexOccurs(t.regex, text, t.nodeStart === true)
}

/** Whether the text can hold a match; `present` caches term lookups across the rules of one file. */
export function mayMatch(need: Need, text: string, present: Map<string, boolean>): boolean {
  if (!need) return true
  const appears = (t: Term): boolean => {
    const key = termKey(t)
    let found = present.get(key)
    if (found === undefined) present.set(key, (found = occurs(t, text)))
    return found
  }
  return need.some((alternative) => alternative.every(appears))
}
