// Which literal text a structural rule needs in a file before the file is worth parsing (parsing dominates scan time).
import { catastrophicReason, derived, gluedBefore, isWordChar, LiteralSearch, type AstRule, type RuleDef } from '../../kernel/engine-api.ts'
import { isRuleObject, matchedPatternText, type PatternStyle } from './patterns.ts'

/** Something the file's text must contain: a substring, an identifier as a whole word, or a regular expression. */
/**
 * `nodeStart`: the match begins a syntax node, so an identifier character there has none just before it.
 * `gate`: literal terms, every one of some alternative of which a match holds: the regex runs only then.
 */
export type Term = { text: string } | { word: string } | { regex: RegExp; nodeStart?: boolean; gate?: Term[][] }

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
function termKey(t: Term): string {
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

/** Index just past the class that starts at `i`: Rust classes nest (`[a[bc]]`, `[[:digit:]]`) and may start with `]`. */
function classEnd(s: string, i: number): number {
  // Where a class's items begin: after `[`, a `^`, and a `]` that is then literal.
  const items = (j: number) => {
    if (s[j] === '^') j++
    return s[j] === ']' ? j + 1 : j
  }
  let depth = 1
  for (let j = items(i + 1); j < s.length; j++) {
    if (s[j] === '\\') j++
    else if (s[j] === '[') {
      depth++
      j = items(j + 1) - 1
    } else if (s[j] === ']' && --depth === 0) return j + 1
  }
  return s.length
}

/** Index just past the escape, class or group that starts at `i` (or the single character there). */
function atomEnd(s: string, i: number): number {
  if (s[i] === '\\') return i + 2
  if (s[i] === '[') return classEnd(s, i)
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

const withoutAnchors = (branch: string) => branch.replace(/^\^/, '').replace(/(?<!\\)\$$/, '')

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
  const t = translatedBody(regex)
  return t && safeRegex(`(?:${t.body})${t.endAnchored ? END_OF_WORD : ''}`, t.flags, t.anchored)
}

/**
 * The regex as a term, or undefined when it does not compile or when V8's backtracking could take super-linear
 * time on it (`(a+)+$` from a custom pack): ast-grep's Rust regexes never backtrack, the file's text here would.
 */
function safeRegex(body: string, flags: string, nodeStart: boolean): Term | undefined {
  try {
    return catastrophicReason(body, flags) ? undefined : { regex: new RegExp(body, `${flags}g`), nodeStart }
  } catch {
    return undefined
  }
}
/** After an identifier character, the next is not one (a node that ends with one is not glued to what follows). */
const END_OF_WORD = '(?:(?<=\\W)|(?!\\w))'

/** The JavaScript body and flags of a Rust regex (see translateRegex), and whether it was anchored at each end. */
function translatedBody(regex: string): { body: string; flags: string; anchored: boolean; endAnchored: boolean } | undefined {
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
  // With a top-level `|`, each branch has its own anchors (`^get|set$`): they are dropped and no edge is checked.
  const branches = alternatives(body)
  let anchored = branches.length === 1 && body.startsWith('^')
  const endAnchored = branches.length === 1 && /(?<!\\)\$$/.test(body)
  body = branches.map(withoutAnchors).join('|')
  const outsideClasses = body.replace(/\\./g, '').replace(/\[[^\]]*\]/g, '')
  if (/[$^]|\(\?(?!:|P?<)/.test(outsideClasses) || /\\[wWdDbBpPAzQxS1-9]|\[:|&&|--|~~|\[[^\]]*\[/.test(body)) return undefined
  // A match that may start optionally is searched from its first required part.
  const required = dropOptionalStart(body)
  if (required.regex !== body) [body, anchored] = [required.regex, anchored && required.startsNode]
  return { body: widenSpaces(body).replace(/\(\?P</g, '(?<'), flags, anchored, endAnchored }
}

/** Why a taint entry's `prefilter` cannot rule files out (then it would silently filter nothing), or undefined. */
export function prefilterProblem(regex: string): string | undefined {
  const t = translatedBody(regex)
  if (!t) return 'uses regex syntax the text filter does not read (\\b, \\w, \\d, inline flags, POSIX or nested classes)'
  const body = `(?:${t.body})`
  try {
    return catastrophicReason(body, t.flags)
  } catch (err) {
    return (err as Error).message
  }
}

/**
 * The child fields that hold a member access's object and its member, in each grammar: `req.query` (JavaScript),
 * `request.args` (Python), `r.URL` (Go), `request.getParameter` (Java), `Request.Query` (C#), `$request->input`
 * (PHP), `Foo::bar`, `request.params` (Ruby).
 */
const MEMBER_FIELDS: [string, string][] = [['object', 'property'], ['object', 'attribute'], ['object', 'field'], ['object', 'name'], ['operand', 'field'], ['expression', 'name'], ['receiver', 'method'], ['scope', 'name']]
/** What may stand between a member's object and its name: `.`, `?.`, `->`, `?->`, `::`, `&.`, and white space. */
const MEMBER_SEPARATOR = '\\s*(?:\\?\\.|\\.|\\?->|->|::|&\\.)\\s*'

/**
 * A member access whose object and member are both given by whole-text regexes (`has: {field: object, regex:
 * ^(req|request)$}` beside `has: {field: property, regex: ^(query|body)$}`): the file holds them one after the
 * other (`req.query`, `request .body`), far more selective than each word somewhere in it.
 */
function memberNeed(rule: AstRule): Need {
  const byField = new Map<string, string>()
  for (const item of [rule, ...(Array.isArray(rule.all) ? rule.all : [])]) {
    const has = isRuleObject(item) ? item.has : undefined
    if (!isRuleObject(has) || typeof has.field !== 'string' || typeof has.regex !== 'string' || Object.keys(has).length !== 2) continue
    byField.set(has.field, has.regex)
  }
  for (const [objectField, memberField] of MEMBER_FIELDS) {
    const object = byField.get(objectField)
    const member = byField.get(memberField)
    if (object === undefined || member === undefined) continue
    const a = translatedBody(object)
    const b = translatedBody(member)
    // The object's text ends where the member's begins: its end and the member's start must be anchored.
    if (!a?.endAnchored || !b?.anchored) continue
    const flags = a.flags.includes('i') || b.flags.includes('i') ? 'sui' : 'su' // case folded for both only widens
    const term = safeRegex(`(?:${a.body})${MEMBER_SEPARATOR}(?:${b.body})${b.endAnchored ? END_OF_WORD : ''}`, flags, a.anchored)
    // The regex runs only where the literal text both names need is there (`req` and `headers`): most files lack one.
    const gate = both(regexRuns(object), regexRuns(member))
    return term ? [[gate ? { ...term, gate } : term]] : null
  }
  return null
}

/** A part of a regex: the literal terms its every match holds, and the strings it matches when few and fixed. */
interface RegexPart {
  need: Need
  exact: string[] | null
}
/** More fixed strings than this are not tracked: a run of them is cut there instead. */
const MAX_EXACT = 64
const NOTHING: RegexPart = { need: null, exact: null }
const WORD_ONLY = /^[A-Za-z0-9_]+$/

/**
 * Literal runs a Rust regex requires, through groups, alternation and quantifiers, for regexes that do not
 * translate and to gate those that do. Alternations of literals multiply out (`(req|ctx)\.(query|body)` needs
 * one of `req.query` … `ctx.body`), and a node regex that is a fixed set of identifiers (`^(get|all)$`) needs one
 * of them as a whole word.
 */
function regexRuns(regex: string): Need {
  // Anchors match no text: the body alone says what a match holds. With a top-level `|` each branch has its own.
  const branches = alternatives(regex)
  const anchored = branches.length === 1 && regex.startsWith('^') && /(?<!\\)\$$/.test(regex)
  const body = branches.map(withoutAnchors).join('|')
  let i = 0
  let unsupported = false
  const alternation = (): RegexPart => {
    const branches = [sequence()]
    while (body[i] === '|') {
      i++
      branches.push(sequence())
    }
    const exact = branches.every((b) => b.exact) ? branches.flatMap((b) => b.exact!) : null
    return { need: either(branches.map((b) => b.need)), exact: exact && exact.length <= MAX_EXACT ? exact : null }
  }
  /** The next group, class, escape or character. */
  const atom = (): RegexPart => {
    const c = body[i]
    if (c === '(') {
      if (body.startsWith('(?P<', i) || body.startsWith('(?<', i)) i = body.indexOf('>', i) + 1
      else if (body.startsWith('(?:', i)) i += 3
      else if (body[i + 1] === '?') return (unsupported = true), NOTHING // inline flags: case may not matter
      else i++
      const inner = alternation()
      i++
      return inner
    }
    if (c === '[') {
      i = classEnd(body, i)
      return NOTHING
    }
    if (c === '\\') {
      const next = body[i + 1] ?? ''
      i += 2
      if (!/[A-Za-z0-9]/.test(next)) return { need: null, exact: [next] }
      // \x41 \u0041 \U00000041 \pL, or any of them with braces: \x{41} \p{Greek}
      if (body[i] === '{') i = body.indexOf('}', i) + 1 || body.length
      else i += ({ x: 2, u: 4, U: 8, p: 1, P: 1 } as Record<string, number>)[next] ?? 0
      return NOTHING
    }
    i++
    return c === '.' || c === '^' || c === '$' ? NOTHING : { need: null, exact: [c] }
  }
  const sequence = (): RegexPart => {
    const parts: Need[] = []
    /** The strings the text since the last break can be. */
    let run = ['']
    let exact = true
    const flush = () => {
      if (run.every((s) => s.length >= MIN_RUN)) parts.push(run.map((text) => [{ text }]))
      run = ['']
    }
    const add = (part: RegexPart) => {
      const product = part.exact && run.flatMap((a) => part.exact!.map((b) => a + b))
      if (product && product.length <= MAX_EXACT) return void (run = product)
      flush()
      exact = false
      if (part.exact) run = part.exact
      else if (part.need) parts.push(part.need)
    }
    while (i < body.length && body[i] !== '|' && body[i] !== ')') {
      const before = run
      const part = atom()
      if (unsupported) return NOTHING
      const q = body[i]
      if (!(q === '*' || q === '+' || q === '?' || (q === '{' && /^\{\d+(,\d*)?\}/.test(body.slice(i))))) {
        add(part)
        continue
      }
      const optional = q === '*' || q === '?' || /^\{0[,}]/.test(body.slice(i))
      i = q === '{' ? body.indexOf('}', i) + 1 : i + 1
      if (body[i] === '?' || body[i] === '+') i++ // lazy or possessive
      exact = false
      if (optional) {
        // The atom may be absent: the run breaks before it, and nothing inside it is required.
        run = before
        flush()
        continue
      }
      // Present at least once, maybe repeated: the run ends after its first time.
      add(part)
      flush()
    }
    const whole = exact ? run : null
    flush()
    return { need: allOf(parts), exact: whole }
  }
  const top = alternation()
  if (unsupported || i !== body.length) return null
  // The whole node is one of a few fixed strings: those that are identifiers stand as whole words.
  if (anchored && top.exact && top.exact.every((s) => WORD_ONLY.test(s) || s.length >= MIN_RUN)) {
    return either(top.exact.map((s) => [[WORD_ONLY.test(s) ? { word: s } : { text: s }]]))
  }
  return top.need
}

/**
 * A translated regex, beside the literal runs every match holds (`eval` of `^(self\.)?eval\(`), or gated by the
 * alternatives of runs one of which every match holds (`exec`, `spawn` of `^(exec|spawn)\(`): the literal search
 * rules most files out before the regex runs. Without a translation, the literal runs alone.
 */
function regexNeed(regex: unknown): Need {
  if (typeof regex !== 'string') return null
  let need = regexNeeds.get(regex)
  if (need === undefined) {
    const translated = translateRegex(regex)
    const runs = regexRuns(regex)
    need = !translated ? runs : !runs ? [[translated]] : runs.length === 1 ? [[...runs[0], translated]] : [[{ ...translated, gate: runs }]]
    regexNeeds.set(regex, need)
  }
  return need
}
/** Rules share their request-data regexes (YAML anchors), and each is written out several times: derived once. */
const regexNeeds = new Map<string, Need>()

/**
 * What the text of a file holds where a rule object matches (a taint rule's entries, one by one). A taint entry may
 * add its own `prefilter`, a regex its file's text must match (where the structure alone says little: the `req` of
 * `const { body } = req`).
 */
export function entryNeed(astLang: string, rule: AstRule): Need {
  // Rules share entries (a library of sources included by a dozen rules), and a taint rule's need and its entries'
  // are both derived from them: each is derived once per grammar.
  const key = `${astLang}\u0000${JSON.stringify(rule)}`
  let need = entryNeeds.get(key)
  if (need === undefined) entryNeeds.set(key, (need = derived('entry-need', key, () => deriveEntryNeed(astLang, rule))))
  return need
}
const entryNeeds = new Map<string, Need>()

function deriveEntryNeed(astLang: string, rule: AstRule): Need {
  const all: Need[] = [regexNeed(rule.regex), memberNeed(rule), regexNeed(rule.prefilter)]
  if (typeof rule.pattern === 'string' || isRuleObject(rule.pattern)) all.push(patternNeed(astLang, rule.pattern as PatternStyle))
  // Positive relations need their node to exist in the file too; `not` constrains nothing.
  for (const key of ['inside', 'has', 'precedes', 'follows'] as const) if (isRuleObject(rule[key])) all.push(deriveEntryNeed(astLang, rule[key]))
  if (Array.isArray(rule.all)) for (const item of rule.all) if (isRuleObject(item)) all.push(deriveEntryNeed(astLang, item))
  if (Array.isArray(rule.any)) all.push(either(rule.any.map((item) => (isRuleObject(item) ? deriveEntryNeed(astLang, item) : null))))
  return allOf(all)
}

/** Literal terms first (one pass finds them all): a regex runs only when the literals of its alternative are there. */
const COST = (t: Term) => ('regex' in t ? 1 : 0)

/** The rule's `prefilter` (any one substring suffices), or the terms derived from its pattern(s) and regexes. */
export function prefilterNeed(rule: RuleDef, astLang: string): Need {
  const entries = (list: AstRule[] | undefined) => either((list ?? []).map((entry) => entryNeed(astLang, entry)))
  const need = rule.prefilter?.length
    ? rule.prefilter.map((text) => [{ text }])
    : rule.mode === 'taint'
      ? both(entries(rule.sources), entries(rule.sinks)) // a source and a sink must both be there
      : rule.rule
      ? entryNeed(astLang, rule.rule)
      : rule.pattern === undefined
        ? null
        : patternNeed(astLang, rule.pattern)
  return need && need.map((alt) => [...alt].sort((a, b) => COST(a) - COST(b)))
}

/** A match of a global regex; with `nodeStart`, one whose first identifier character is not glued to another. */
function regexOccurs(re: RegExp, text: string, nodeStart: boolean): boolean {
  re.lastIndex = 0
  for (let m = re.exec(text); m; m = re.exec(text)) {
    if (!nodeStart || !isWordChar(text.charCodeAt(m.index)) || !gluedBefore(text, m.index)) return true
    // Every match at this index has the same first character: move on.
    re.lastIndex = m.index + 1
  }
  return false
}

/**
 * The needs of a rule set, checked together on each file: one pass finds every literal term of every need
 * (LiteralSearch), and a regex runs only when the literals beside it, and those of its gate, are there.
 */
export class Prefilter {
  /** Distinct terms, by slot. */
  private readonly terms: Term[] = []
  /** Per need, its alternatives as slots; null for a need that filters nothing. */
  private readonly needs: (number[][] | null)[]
  /** Per regex slot with a gate, the gate's alternatives as slots. */
  private readonly gates = new Map<number, number[][]>()
  private readonly search: LiteralSearch
  /** Per literal of the search, its slot. */
  private readonly literalSlots: number[] = []

  constructor(needs: Need[]) {
    const slots = new Map<string, number>()
    const slotOf = (t: Term): number => {
      const key = termKey(t)
      let slot = slots.get(key)
      if (slot === undefined) {
        slots.set(key, (slot = this.terms.length))
        this.terms.push(t)
        if ('regex' in t && t.gate) this.gates.set(slot, t.gate.map((alt) => alt.map(slotOf)))
      }
      return slot
    }
    this.needs = needs.map((need) => need && need.map((alt) => alt.map(slotOf)))
    const literals: Exclude<Term, { regex: RegExp }>[] = []
    this.terms.forEach((t, slot) => {
      if ('regex' in t) return
      literals.push(t)
      this.literalSlots.push(slot)
    })
    this.search = new LiteralSearch(
      literals.map((t) => ('text' in t ? t.text : t.word)),
      false,
      literals.map((t) => 'word' in t),
    )
  }

  /** For each need, in order: whether the text may hold a match. */
  candidates(text: string): boolean[] {
    const holds = this.check(text)
    return this.needs.map((_need, i) => holds(i))
  }

  /**
   * Whether the text may hold a match of need `i`, asked need by need: one pass finds every literal, and a regex
   * runs only when a need that asks for it is asked about (and the literals beside it are there).
   */
  check(text: string): ((i: number) => boolean) & { literally(i: number): boolean } {
    // Per slot: 1 present, -1 absent, 0 not looked for yet (regexes run on demand).
    const state = new Int8Array(this.terms.length)
    const found = this.search.present(text)
    this.literalSlots.forEach((slot, literal) => (state[slot] = found[literal] ? 1 : -1))
    const holds = (slot: number): boolean => {
      if (state[slot] === 0) {
        const t = this.terms[slot] as Extract<Term, { regex: RegExp }>
        const gate = this.gates.get(slot)
        state[slot] = (!gate || gate.some((alt) => alt.every(holds))) && regexOccurs(t.regex, text, t.nodeStart === true) ? 1 : -1
      }
      return state[slot] === 1
    }
    // `literally`: by the literal terms alone, a regex counting as there where its gate holds (a cheap first answer).
    const holdsLiterally = (slot: number): boolean => {
      if (state[slot] !== 0) return state[slot] === 1
      const gate = this.gates.get(slot)
      return !gate || gate.some((alt) => alt.every(holdsLiterally))
    }
    const may = (i: number, slotHolds: (slot: number) => boolean) => {
      const need = this.needs[i]
      return !need || need.some((alt) => alt.every(slotHolds))
    }
    return Object.assign((i: number) => may(i, holds), { literally: (i: number) => may(i, holdsLiterally) })
  }
}

/**
 * Whether a text may hold a match of a rule object (the literal text it needs is there), by grammar. `ruleKey`: the
 * rule's JSON, when the caller has it.
 */
export function textMayMatch(astLang: string, rule: AstRule, text: string, ruleKey = JSON.stringify(rule)): boolean {
  const key = `${astLang}\u0000${ruleKey}`
  let prefilter = singles.get(key)
  if (!prefilter) {
    if (singles.size >= MAX_SINGLES) singles.clear()
    singles.set(key, (prefilter = new Prefilter([entryNeed(astLang, rule)])))
  }
  return prefilter.check(text)(0)
}
const singles = new Map<string, Prefilter>()
const MAX_SINGLES = 512
