// The text engine: regular expressions matched line by line, with secret extraction, entropy and placeholder filters.
import type { Engine, EngineMatch, RuleDef, SourceFile } from '../../kernel/engine-api.ts'
import { LiteralIndex } from './literal-index.ts'
import { requiredLiterals, type Literals } from './literals.ts'
import { catastrophicReason } from '../../kernel/engine-api.ts'
import { checksumHolds, isPlaceholder, looksLikeCredential, shannonEntropy } from './secrets.ts'

/** Longer lines are minified code or data: slow to search and never a place a person wrote a secret. */
export const MAX_LINE_LENGTH = 4000

/** Counts what the engine did in this thread; tests read it to see the literal prefilter at work. */
export const regexStats = { linesSearched: 0 }

interface Compiled {
  re: RegExp
  /** One of these is on every line the rule can match; null when every line must be searched. */
  literals: Literals
  ignoreCase: boolean
  /** Lines below the candidate line the pattern may read (a value on the line after its name); 0 for one line. */
  below: number
  /** Tells rule sets apart in the index cache. */
  key: string
}

/**
 * A pattern that names a line break (`\n`, outside a negated class such as `[^\n]`) may read on past the end of a
 * line that leaves its value to the next one: a YAML block scalar (`key: |`) or an XML start tag (`<key>`).
 */
export function spansLines(source: string): boolean {
  return /(?<!\\)(?:\\\\)*\\n/.test(source.replace(/\[\^(?:\\.|[^\]\\])*\]/g, ''))
}
/** The end of a line whose value stands on the next line. */
const CONTINUED = /(?::[ \t]*[|>][-+]?[0-9]?|>)[ \t]*\r?$/
const LINES_BELOW = 1

const byObject = new WeakMap<RuleDef, Compiled>()
// Worker threads receive rule copies, so a rule is also found again by its pattern.
const byPattern = new Map<string, Compiled>()

function flagsOf(rule: RuleDef): string {
  const own = [...(rule.regex_flags ?? '')].filter((f) => !'gyd'.includes(f)).join('')
  return own + 'g' + (rule.secret_group !== undefined ? 'd' : '')
}

function compiled(rule: RuleDef): Compiled {
  let entry = byObject.get(rule)
  if (entry) return entry
  const flags = flagsOf(rule)
  const key = `${rule.regex}\u0000${flags}\u0000${rule.prefilter?.join('\u0000') ?? ''}`
  entry = byPattern.get(key)
  if (!entry) {
    const literals = rule.prefilter?.length ? rule.prefilter : requiredLiterals(rule.regex!, flags)
    entry = { re: new RegExp(rule.regex!, flags), literals, ignoreCase: flags.includes('i'), below: spansLines(rule.regex!) ? LINES_BELOW : 0, key }
    byPattern.set(key, entry)
  }
  byObject.set(rule, entry)
  return entry
}

/** Line starts of a file, computed once and shared by the file's rules. */
class Lines {
  private starts: number[] | undefined
  /** `code`: the file is a program's source, where a value written without quotes is an expression, never a literal. */
  constructor(
    readonly text: string,
    readonly code = false,
  ) {}

  /** Offsets where the lines begin. */
  get lineStarts(): number[] {
    if (!this.starts) {
      this.starts = [0]
      for (let i = this.text.indexOf('\n'); i !== -1; i = this.text.indexOf('\n', i + 1)) this.starts.push(i + 1)
    }
    return this.starts
  }

  get count(): number {
    return this.lineStarts.length
  }

  /** The line's text without its terminator. */
  lineText(line: number): string {
    const s = this.lineStarts
    const end = line + 1 < s.length ? s[line + 1] - 1 : this.text.length
    const text = this.text.slice(s[line], end)
    return text.endsWith('\r') ? text.slice(0, -1) : text
  }

  /** The text from the start of `line` to the end of the line `below` lines further (or the file's last). */
  spanText(line: number, below: number): string {
    const s = this.lineStarts
    const last = Math.min(line + below, s.length - 1)
    const end = last + 1 < s.length ? s[last + 1] - 1 : this.text.length
    return this.text.slice(s[line], end)
  }
}

/** The candidate lines and the continued line over each: a literal on a value's line may belong to a match that starts there. */
function withLinesAbove(candidates: Iterable<number>, lines: Lines): number[] {
  const out: number[] = []
  for (const line of candidates) {
    if (line > 0 && out[out.length - 1] !== line - 1 && CONTINUED.test(lines.lineText(line - 1))) out.push(line - 1)
    if (out[out.length - 1] !== line) out.push(line)
  }
  return out
}

/** 0-based line (relative to the span's first) and column of `index` in a span of lines. */
function spanPosition(text: string, index: number): { line: number; column: number } {
  let line = 0
  let start = 0
  for (let i = text.indexOf('\n'); i !== -1 && i < index; i = text.indexOf('\n', i + 1)) [line, start] = [line + 1, i + 1]
  return { line, column: index - start }
}

function* everyLine(count: number): Iterable<number> {
  for (let i = 0; i < count; i++) yield i
}

/** A name that says password (db_password, PWD, passwd): a shorter value there is still a chosen password. */
const PASSWORD_NAME = /pass(?:wor)?d|pwd/i

/** What a match holds: whether to keep it, its secret, and whether the secret is a provider's test-mode key. */
interface Accepted {
  keep: boolean
  secret?: string
  test?: boolean
}

/** A rule marks the part of a format that tells a test-mode key (`sk_(?:live|(?<test>test))_`) with a group named `test`. */
function accept(rule: RuleDef, m: RegExpExecArray, code: boolean): Accepted {
  if (rule.secret_group === undefined) {
    return { keep: rule.entropy === undefined || shannonEntropy(m[0]) >= rule.entropy }
  }
  const secret = m[rule.secret_group]
  // A group that takes no part has no secret on this line (a PEM header whose body is on the lines below).
  if (secret === undefined) return { keep: true }
  if (isPlaceholder(secret)) return { keep: false }
  if (rule.generic) {
    const before = m[0].slice(0, m.indices![rule.secret_group][0] - m.index)
    if (code && !/["'`]$/.test(before)) return { keep: false }
    if (!looksLikeCredential(secret, PASSWORD_NAME.test(before))) return { keep: false }
  }
  // Six distinct characters carry 2.6 bits at most: a short password is judged by looksLikeCredential, not the floor.
  if (rule.entropy !== undefined && !(rule.generic && secret.length < 8) && shannonEntropy(secret) < rule.entropy) return { keep: false }
  if (rule.checksum !== undefined && !checksumHolds(rule.checksum, secret)) return { keep: false }
  return { keep: true, secret, test: m.groups?.test !== undefined }
}

/** A match found on `line` (0-based) from `column` to the given end, as the kernel takes it. */
function engineMatch(rule: RuleDef, m: RegExpExecArray, found: Accepted, line: number, end: { line: number; column: number }): EngineMatch {
  return {
    rule_id: rule.id,
    line: line + 1,
    column: m.index + 1,
    end_line: end.line + 1,
    end_column: end.column + 1,
    message: rule.message,
    matched: m[0],
    ...(found.secret !== undefined && { secret: found.secret }),
    // A test-mode key reaches the account's test data only: less severe than a live one.
    ...(found.test && { severity: 'medium' as const }),
  }
}

/** Pushes the rule's matches on the candidate lines into `out`; with `first`, stops at the first. */
function lineMatches(rule: RuleDef, lines: Lines, candidates: Iterable<number>, out: EngineMatch[], first = false): void {
  const { re, below } = compiled(rule)
  if (below) return spanMatches(rule, re, below, lines, candidates, out)
  for (const line of candidates) {
    const text = lines.lineText(line)
    if (text.length > MAX_LINE_LENGTH) continue
    regexStats.linesSearched++
    re.lastIndex = 0
    for (let m = re.exec(text); m; m = re.exec(text)) {
      if (m[0] === '') {
        re.lastIndex++
        continue
      }
      const found = accept(rule, m, lines.code)
      if (!found.keep) continue
      out.push(engineMatch(rule, m, found, line, { line, column: m.index + m[0].length }))
      if (first) return
    }
  }
}

/**
 * Matches of a pattern that may reach the lines below its candidate line (a YAML block scalar or an XML element
 * whose value is on the next line). A match counts for the line it starts on, so each is found once.
 */
function spanMatches(rule: RuleDef, re: RegExp, below: number, lines: Lines, candidates: Iterable<number>, out: EngineMatch[]): void {
  for (const line of withLinesAbove(candidates, lines)) {
    const ownText = lines.lineText(line)
    const own = ownText.length
    if (own > MAX_LINE_LENGTH) continue
    const text = CONTINUED.test(ownText) ? lines.spanText(line, below) : ownText
    regexStats.linesSearched++
    re.lastIndex = 0
    for (let m = re.exec(text); m && m.index <= own; m = re.exec(text)) {
      if (m[0] === '') {
        re.lastIndex++
        continue
      }
      const found = accept(rule, m, lines.code)
      if (!found.keep) continue
      const end = spanPosition(text, m.index + m[0].length)
      out.push(engineMatch(rule, m, found, line, { line: line + end.line, column: end.column }))
    }
  }
}

/** A line holding only a comment, a shebang or PHP's opening tag, in any supported syntax. */
const HEADER_LINE = /^\s*(\/\/|#|\/\*|\*|<!--|--|;|'''|"""|<\?php\s*$)/

/** Where a file-level finding points: the first line of code, below the header comments. */
function firstCodeLine(lines: Lines): number | undefined {
  for (let i = 0; i < lines.count; i++) {
    const text = lines.lineText(i)
    if (text.trim() && !HEADER_LINE.test(text)) return i
  }
  return undefined
}

function scanRule(rule: RuleDef, lines: Lines, out: EngineMatch[], candidates: Iterable<number>): void {
  if (!rule.absent) return lineMatches(rule, lines, candidates, out)
  const found: EngineMatch[] = []
  lineMatches(rule, lines, candidates, found, true)
  if (found.length) return
  const line = firstCodeLine(lines)
  if (line === undefined) return // comments only: nothing to trace
  const text = lines.lineText(line)
  const column = text.length - text.trimStart().length
  out.push({ rule_id: rule.id, line: line + 1, column: column + 1, end_line: line + 1, end_column: text.length + 1, message: rule.message, matched: text.trim() })
}

function validate(rule: RuleDef): void {
  if (typeof rule.regex !== 'string' || rule.regex === '') throw new Error('regex: must be a non-empty string')
  const flags = rule.regex_flags ?? ''
  if (!/^[dgimsuv]*$/.test(flags) || new Set(flags).size !== flags.length) throw new Error(`regex_flags: "${flags}" may only hold d, g, i, m, s, u or v, each once`)
  let re: RegExp
  try {
    re = new RegExp(rule.regex, flagsOf(rule))
  } catch (err) {
    throw new Error(`regex: ${(err as Error).message}`)
  }
  const reason = catastrophicReason(rule.regex, flags)
  if (reason) throw new Error(`regex: ${reason}`)
  const groups = new RegExp(`${re.source}|`, re.flags).exec('')!.length - 1
  if (rule.secret_group !== undefined && (!Number.isInteger(rule.secret_group) || rule.secret_group < 0 || rule.secret_group > groups)) {
    throw new Error(`secret_group: ${rule.secret_group} is not a capture group of the regex (it has ${groups})`)
  }
  if (rule.entropy !== undefined && !(rule.entropy >= 0 && rule.entropy <= 8)) throw new Error('entropy: must be between 0 and 8 bits per character')
  if (rule.absent && rule.secret_group !== undefined) throw new Error('absent: a rule that reports a missing match has no secret to mask')
  if (rule.checksum !== undefined && rule.secret_group === undefined) throw new Error('checksum: applies to the secret, so the rule needs a secret_group')
}

// Files of one language meet the same rule set again and again: its index is built once. The kernel hands
// engines the same array for such files; equal rule sets in other arrays share an index by content.
const indexes = new Map<string, LiteralIndex>()
const indexOfArray = new WeakMap<RuleDef[], LiteralIndex>()
const MAX_INDEXES = 64

function indexFor(rules: RuleDef[]): LiteralIndex {
  let index = indexOfArray.get(rules)
  if (index) return index
  const entries = rules.map(compiled)
  const key = entries.map((e) => e.key).join('\u0001')
  index = indexes.get(key)
  if (!index) {
    if (indexes.size >= MAX_INDEXES) indexes.clear()
    index = new LiteralIndex(entries.map((e) => ({ literals: e.literals, ignoreCase: e.ignoreCase })))
    indexes.set(key, index)
  }
  indexOfArray.set(rules, index)
  return index
}

const DOCTEST_PROMPT = /^\s*>>>/

/** 0-based lines of the Python docstrings that show doctest examples (`>>>`): documentation, not configuration. */
function doctestLines(lines: Lines): Set<number> {
  const out = new Set<number>()
  let open: number | undefined
  let example = false
  for (let i = 0; i < lines.count; i++) {
    const text = lines.lineText(i)
    if (open !== undefined && DOCTEST_PROMPT.test(text)) example = true
    if ((text.match(/"""|'''/g) ?? []).length % 2 === 0) continue
    if (open === undefined) open = i
    else {
      if (example) for (let j = open; j <= i; j++) out.add(j)
      ;[open, example] = [undefined, false]
    }
  }
  return out
}

const overlaps = (a: EngineMatch, b: EngineMatch) => a.line === b.line && a.column < b.end_column && b.column < a.end_column

/** A catch-all's match where a provider rule found a secret on the same stretch of the line is one leak, the provider's. */
function yieldToProviders(matches: EngineMatch[], generic: Set<string>): EngineMatch[] {
  const specific = byLine(matches.filter((m) => m.secret !== undefined && !generic.has(m.rule_id)))
  if (!specific.size) return matches
  return matches.filter((m) => !generic.has(m.rule_id) || !specific.get(m.line)?.some((s) => overlaps(s, m)))
}

/** Matches by line: only matches on one line can overlap (a file may hold hundreds of thousands of them). */
function byLine(matches: EngineMatch[]): Map<number, EngineMatch[]> {
  const lines = new Map<number, EngineMatch[]>()
  for (const m of matches) {
    const on = lines.get(m.line)
    if (on) on.push(m)
    else lines.set(m.line, [m])
  }
  return lines
}

/**
 * Two rules that find one secret at one place (a token's format and a provider's keyword rule, or a token inside a
 * user:password pair) report one leak: the narrower match's, which names the format.
 */
function onePerSecret(matches: EngineMatch[]): EngineMatch[] {
  const order = new Map(matches.map((m, i) => [m, i]))
  const narrower = (o: EngineMatch, m: EngineMatch) => o.matched.length < m.matched.length || (o.matched.length === m.matched.length && order.get(o)! < order.get(m)!)
  const same = (o: EngineMatch, m: EngineMatch) => o.secret !== undefined && m.secret!.includes(o.secret)
  const lines = byLine(matches)
  return matches.filter((m) => m.secret === undefined || !lines.get(m.line)!.some((o) => o !== m && same(o, m) && overlaps(o, m) && narrower(o, m)))
}

/** The ids of a rule set's catch-all rules, per rule set. */
const genericOfArray = new WeakMap<RuleDef[], Set<string>>()
function genericIds(rules: RuleDef[]): Set<string> {
  let ids = genericOfArray.get(rules)
  if (!ids) genericOfArray.set(rules, (ids = new Set(rules.filter((r) => r.generic).map((r) => r.id))))
  return ids
}

/** Languages of programs: there a credential is a string literal, so the catch-all reads quoted values only. */
const CODE_LANGUAGES = new Set(['javascript', 'typescript', 'python', 'java', 'go', 'c', 'cpp', 'csharp', 'php', 'ruby'])

function scan(file: SourceFile, rules: RuleDef[]): EngineMatch[] {
  const lines = new Lines(file.text, CODE_LANGUAGES.has(file.language) || /\.d\.[cm]?ts$/.test(file.path))
  const matches: EngineMatch[] = []
  // One search for every rule's literals, instead of one whole-file search per rule.
  const candidates = indexFor(rules).candidates(file.text, () => lines.lineStarts)
  // A rule none of whose literals occurs matches nowhere (one that reports a missing match still has to be told).
  rules.forEach((rule, i) => {
    const on = candidates[i]
    if (on?.length !== 0 || rule.absent) scanRule(rule, lines, matches, on ?? everyLine(lines.count))
  })
  const generic = matches.length ? genericIds(rules) : undefined
  const kept = generic?.size ? yieldToProviders(matches, generic) : matches
  const found = kept.length > 1 ? onePerSecret(kept) : kept
  // Sample credentials in a doctest are examples in documentation, like those of a README.
  if (file.language !== 'python' || !found.some((m) => m.secret !== undefined)) return found
  const examples = doctestLines(lines)
  return found.filter((m) => m.secret === undefined || !examples.has(m.line - 1))
}

const regexEngine: Engine = {
  name: 'regex',
  handles: (rule) => rule.regex !== undefined,
  validate,
  scan,
}
export default regexEngine
