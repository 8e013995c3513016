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
  /** Tells rule sets apart in the index cache. */
  key: string
}

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
    entry = { re: new RegExp(rule.regex!, flags), literals, ignoreCase: flags.includes('i'), key }
    byPattern.set(key, entry)
  }
  byObject.set(rule, entry)
  return entry
}

/** Line starts of a file, computed once and shared by the file's rules. */
class Lines {
  private starts: number[] | undefined
  constructor(readonly text: string) {}

  private get lineStarts(): number[] {
    if (!this.starts) {
      this.starts = [0]
      for (let i = this.text.indexOf('\n'); i !== -1; i = this.text.indexOf('\n', i + 1)) this.starts.push(i + 1)
    }
    return this.starts
  }

  get count(): number {
    return this.lineStarts.length
  }

  /** 0-based line holding the character at `index`. */
  lineAt(index: number): number {
    const s = this.lineStarts
    let lo = 0
    let hi = s.length - 1
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1
      if (s[mid] <= index) lo = mid
      else hi = mid - 1
    }
    return lo
  }

  /** The line's text without its terminator. */
  lineText(line: number): string {
    const s = this.lineStarts
    const end = line + 1 < s.length ? s[line + 1] - 1 : this.text.length
    const text = this.text.slice(s[line], end)
    return text.endsWith('\r') ? text.slice(0, -1) : text
  }
}

function* everyLine(count: number): Iterable<number> {
  for (let i = 0; i < count; i++) yield i
}

function accept(rule: RuleDef, m: RegExpExecArray): { keep: boolean; secret?: string } {
  if (rule.secret_group === undefined) {
    return { keep: rule.entropy === undefined || shannonEntropy(m[0]) >= rule.entropy }
  }
  const secret = m[rule.secret_group]
  // A group that takes no part has no secret on this line (a PEM header whose body is on the lines below).
  if (secret === undefined) return { keep: true }
  if (isPlaceholder(secret)) return { keep: false }
  if (rule.generic && !looksLikeCredential(secret)) return { keep: false }
  if (rule.entropy !== undefined && shannonEntropy(secret) < rule.entropy) return { keep: false }
  if (rule.checksum !== undefined && !checksumHolds(rule.checksum, secret)) return { keep: false }
  return { keep: true, secret }
}

/** Pushes the rule's matches on the candidate lines into `out`; with `first`, stops at the first. */
function lineMatches(rule: RuleDef, lines: Lines, candidates: Iterable<number>, out: EngineMatch[], first = false): void {
  const re = compiled(rule).re
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
      const { keep, secret } = accept(rule, m)
      if (!keep) continue
      out.push({
        rule_id: rule.id,
        line: line + 1,
        column: m.index + 1,
        end_line: line + 1,
        end_column: m.index + m[0].length + 1,
        message: rule.message,
        matched: m[0],
        ...(secret !== undefined && { secret }),
      })
      if (first) return
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

/** A catch-all's match where a provider rule found a secret on the same stretch of the line is one leak, the provider's. */
function yieldToProviders(matches: EngineMatch[], generic: Set<string>): void {
  const specific = matches.filter((m) => m.secret !== undefined && !generic.has(m.rule_id))
  if (!specific.length) return
  const overlaps = (a: EngineMatch, b: EngineMatch) => a.line === b.line && a.column < b.end_column && b.column < a.end_column
  for (let i = matches.length - 1; i >= 0; i--) if (generic.has(matches[i].rule_id) && specific.some((s) => overlaps(s, matches[i]))) matches.splice(i, 1)
}

function scan(file: SourceFile, rules: RuleDef[]): EngineMatch[] {
  const lines = new Lines(file.text)
  const matches: EngineMatch[] = []
  // One search for every rule's literals, instead of one whole-file search per rule.
  const candidates = indexFor(rules).candidates(file.text, (i) => lines.lineAt(i))
  rules.forEach((rule, i) => scanRule(rule, lines, matches, candidates[i] ? [...candidates[i]!].sort((a, b) => a - b) : everyLine(lines.count)))
  const generic = new Set(rules.filter((r) => r.generic).map((r) => r.id))
  if (generic.size) yieldToProviders(matches, generic)
  // Sample credentials in a doctest are examples in documentation, like those of a README.
  if (file.language !== 'python' || !matches.some((m) => m.secret !== undefined)) return matches
  const examples = doctestLines(lines)
  return matches.filter((m) => m.secret === undefined || !examples.has(m.line - 1))
}

const regexEngine: Engine = {
  name: 'regex',
  handles: (rule) => rule.regex !== undefined,
  validate,
  scan,
}
export default regexEngine
