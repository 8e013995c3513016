// Taint mode: follows data from a rule's sources to its sinks through each function's statements, in source order.
// Assignments (and `+=`), destructuring, parameters, returns, branches and loops move it; every other expression
// carries its operands' taint (so string building of every form propagates), except sanitizers, constants,
// comparisons and arithmetic, and calls known to return numbers or booleans. Calls to functions of the same file
// use their summary (which parameters reach the return, which reach a sink); fields written in one method are read
// in the others. Each function and file has a budget: past it the rest is left unanalysed and counted.
import { parse, type NapiConfig, type SgNode } from '@ast-grep/napi'
import { noteForFile, type AstRule, type EngineMatch, type RuleDef, type TaintTraceStep } from '../../kernel/engine-api.ts'
import { isRuleObject, patternKind, type PatternStyle } from './patterns.ts'
import { quickMatch } from './quick-match.ts'
import { entryNeed, type Need } from './prefilter.ts'
import { Tree, type Node } from './tree.ts'
import { fieldOf, kindOf, operatorOf, TAINT_SYNTAX, type TaintSyntax } from './taint-syntax.ts'
import type { LinkedCalls, LinkedFunction, LinkedSummary } from './taint-linked.ts'

/** Counts what the analysis did in this thread (the bench and tests read them). */
export const taintStats = { files: 0, functions: 0, budgetHits: 0 }

/**
 * Node visits one function may take, and every taint rule of one file together. Counted, not timed, so a file gets
 * the same findings on every machine and under any load. Application code (a controller, a view, a 100 KB module)
 * takes a few thousand (100 KB of JavaScript about 20,000); what goes past this is generated or bundled code (React's
 * 700 KB builds).
 */
const FUNCTION_BUDGET = 20_000
const FILE_BUDGET = 30_000
/**
 * The steps a summary of an imported file may take: the functions a controller calls in a model or a helper take a
 * few hundred; a framework's own factory, which request data also reaches, takes the whole budget of a file.
 */
const SUMMARY_BUDGET = 2_000
/**
 * Data flow is not followed in files longer than this: bundles and generated code (React's 700 KB builds), where one
 * search of the tree alone takes tens of milliseconds and the flows are not the user's. The scan notes each one.
 */
const MAX_TAINT_CHARS = 256 * 1024
const MAX_FLOWS = 6
const MAX_RULES_PER_WALK = 30
/** A name, as a function's text shows it. */
const WORD = /[A-Za-z_$][\w$]*/g

/**
 * Where tainted data came from (a source: -1, parameter i of the function being summarised, or -2 - k the value of
 * the k-th call into another file, followed while recording: see linkedProbe), the way it took, and the rules it is
 * tainted for: every taint rule of a file is followed in one walk, each rule a bit (sources, sanitizers and sinks
 * differ by rule).
 */
interface Flow {
  origin: number
  steps: TaintTraceStep[]
  rules: number
}
type Taint = Flow[] | undefined

/**
 * Both taints. A flow adds nothing where one from the same origin covers its rules; past MAX_FLOWS its rules join a
 * flow from the same origin (its trace then shows one way of several).
 */
function union(a: Taint, b: Taint): Taint {
  if (!a?.length) return b?.length ? b : undefined
  if (!b?.length) return a
  let out: Flow[] | undefined
  for (const f of b) {
    const list = out ?? a
    if (list.some((g) => g.origin === f.origin && (f.rules & ~g.rules) === 0)) continue
    out ??= [...a]
    const same = out.length >= MAX_FLOWS ? out.findIndex((g) => g.origin === f.origin) : -1
    if (same >= 0) out[same] = { ...out[same], rules: out[same].rules | f.rules }
    else out.push(f)
  }
  return out ?? a
}

/** The flows of `t` for the rules of `mask`. */
function only(t: Taint, mask: number): Taint {
  if (!t) return undefined
  if (t.every((f) => (f.rules & ~mask) === 0)) return t
  const out = t.flatMap((f) => (f.rules & mask ? [{ ...f, rules: f.rules & mask }] : []))
  return out.length ? out : undefined
}
const bit = (rule: number) => 1 << rule
const withStep = (t: Taint, step: TaintTraceStep): Taint => t?.map((f) => (f.steps.length >= 12 ? f : { ...f, steps: [...f.steps, step] }))

function stepAt(n: Node, note: string): TaintTraceStep {
  const { start } = n.range()
  return { line: start.line + 1, column: start.column + 1, note }
}
const shortText = (n: Node, max = 60) => {
  const flat = n.text().replace(/\s+/g, ' ')
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat
}

/**
 * Entries searched together: one search of the tree for all of them (each search walks the whole tree), and the
 * entries one by one when the combined rule does not compile in a grammar (a JSX kind in a .ts file).
 */
export interface EntryGroup {
  key: string
  /** Entries found as they are. */
  direct: NapiConfig[]
  /** Entries of the form `{pattern: $X, inside: {…, field: F}}`: found from their parent (see viaParentOf). */
  viaParent: ViaParent[]
  parts: NapiConfig[]
  /** Per part: its text as a key, and the literal text a file must hold for it to match there. */
  partKeys: string[]
  needs: Need[]
}
type Part = { config: NapiConfig; need: Need }

/**
 * The kinds of node an entry can match when its rule says (`kind`, a pattern's node, an `any` of them, an `all`
 * with one), else undefined: each entry of a group is then matched again only on the nodes of its kinds.
 */
function kindsOf(config: NapiConfig, astLang: string): Set<string> | undefined {
  let byLang = entryKinds.get(config)
  if (!byLang) entryKinds.set(config, (byLang = new Map()))
  if (!byLang.has(astLang)) byLang.set(astLang, ruleKinds(ruleOf(config), astLang))
  return byLang.get(astLang)
}
const entryKinds = new WeakMap<NapiConfig, Map<string, Set<string> | undefined>>()

function ruleKinds(rule: AstRule, astLang: string): Set<string> | undefined {
  if (typeof rule.kind === 'string') return new Set([rule.kind])
  if (typeof rule.pattern === 'string' || isRuleObject(rule.pattern)) {
    const kind = patternKind(astLang, rule.pattern as PatternStyle)
    if (kind) return new Set([kind])
  }
  if (Array.isArray(rule.any)) {
    const each = rule.any.map((item) => (isRuleObject(item) ? ruleKinds(item, astLang) : undefined))
    if (each.every((k) => k !== undefined)) return new Set(each.flatMap((k) => [...k!]))
  }
  if (Array.isArray(rule.all)) for (const item of rule.all) if (isRuleObject(item) && ruleKinds(item, astLang)) return ruleKinds(item, astLang)
  return undefined
}

const ruleOf = (config: NapiConfig) => (config as unknown as { rule: AstRule }).rule

const LONE_METAVARIABLE = /^\$[A-Z_][A-Z0-9_]*$/

/** An entry of the form `{pattern: $X, inside: {…, field: F}}`, found from its parent (see viaParentOf). */
interface ViaParent {
  parent: NapiConfig
  field: string | undefined
  rest: NapiConfig | undefined
  /** The entry's own metavariable (the node itself), when the parent binds others (`$NAME` in `h[$NAME] = $X`). */
  own?: string
}

const METAVARIABLES = /\$+([A-Z_][A-Z0-9_]*)/g

/**
 * `{pattern: $X, inside: {kind: K, field: F}}` names the F child of every K; written that way, ast-grep tries every
 * node of the tree against the `inside` (1.5 s on a 370 KB file; a sixth of the search time of a Python file with
 * request data). Searching the parents and taking their F child finds the same nodes; the metavariables the parent
 * binds are taken from its match.
 */
function viaParentOf(config: NapiConfig): ViaParent | undefined {
  const { pattern, inside, ...rest } = ruleOf(config)
  if (typeof pattern !== 'string' || !LONE_METAVARIABLE.test(pattern) || typeof inside !== 'object' || inside === null) return undefined
  const { field, stopBy, ...parent } = inside as AstRule
  const own = pattern.slice(1)
  const bound = new Set([...JSON.stringify(parent).matchAll(METAVARIABLES)].map((m) => m[1]))
  // `stopBy` looks further up; the node's own metavariable in the parent, or the parent's in the rest, need ast-grep's
  // own matching.
  if ((field !== undefined && typeof field !== 'string') || stopBy !== undefined || bound.has(own) || (bound.size > 0 && /\$[A-Z_]/.test(JSON.stringify(rest)))) return undefined
  return {
    parent: { rule: parent } as unknown as NapiConfig,
    field: field as string | undefined,
    rest: Object.keys(rest).length ? ({ rule: rest } as unknown as NapiConfig) : undefined,
    ...(bound.size ? { own } : {}),
  }
}

/**
 * An entry's anchor: the rule of an `inside` it must hold that may look all the way up (`stopBy`), when that rule binds
 * nothing; every match lies inside a node the rule matches. ast-grep checks such an `inside` by walking up from every
 * node of the entry's kinds: searching the anchors first, and the entry only inside them, skips the files and
 * subtrees without one (rb.request-data's guard-clause sanitizer: 66 of the 70 ms of the sanitizers search of
 * Sinatra's base.rb).
 */
const anchors = new WeakMap<NapiConfig, NapiConfig | null>()
function anchorOf(config: NapiConfig): NapiConfig | undefined {
  let anchor = anchors.get(config)
  if (anchor === undefined) {
    const rule = ruleOf(config)
    const insides = [rule.inside, ...(Array.isArray(rule.all) ? (rule.all as AstRule[]).map((r) => r?.inside) : [])]
    const inside = insides.find((i): i is AstRule => typeof i === 'object' && i !== null && (i as AstRule).stopBy !== undefined)
    const { stopBy: _s, field: _f, ...parent } = inside ?? {}
    anchor = inside && Object.keys(parent).length && !/\$[A-Z_]/.test(JSON.stringify(parent)) ? ({ rule: parent } as unknown as NapiConfig) : null
    anchors.set(config, anchor)
  }
  return anchor ?? undefined
}
/** The nodes not inside another of them, with their spans; `nodes` come in the tree's order (an ancestor first). */
function outermost<T extends { range(): { start: { index: number }; end: { index: number } } }>(nodes: T[]): { node: T; start: number; end: number }[] {
  const out: { node: T; start: number; end: number }[] = []
  for (const node of nodes) {
    const { start, end } = node.range()
    if (start.index < (out.at(-1)?.end ?? -1)) continue
    out.push({ node, start: start.index, end: end.index })
  }
  return out
}
/** At most this many anchors, over at most this share of the file, are searched one by one (each compiles the entry). */
const MAX_ANCHORS = 8
const MAX_ANCHORED_SHARE = 0.25

function group(parts: Part[]): EntryGroup | undefined {
  if (!parts.length) return undefined
  const configs = parts.map((p) => p.config)
  const viaParent = configs.map(viaParentOf)
  const direct = configs.filter((_c, i) => !viaParent[i])
  const partKeys = configs.map(keyOf)
  return { key: partKeys.join('\u0000'), direct, viaParent: viaParent.filter((v) => v !== undefined), parts: configs, partKeys, needs: parts.map((p) => p.need) }
}
const partsOf = (g: EntryGroup | undefined): Part[] => g?.parts.map((config, i) => ({ config, need: g.needs[i] })) ?? []

/** Sink entries that name the same dangerous metavariables (or none: the whole match), searched together. */
interface SinkSpec {
  group: EntryGroup
  focus: string[]
}
interface PropagatorSpec {
  group: EntryGroup
  from: string
  to: string
}
interface GuardSpec {
  group: EntryGroup
  focus: string[]
  /** Whether the value is safe where the condition is true (`LIST.includes($X)`) or false (`$X not in LIST`). */
  safeWhen: boolean
}
export interface TaintSpec {
  /** Tells specs apart (the same rules meet file after file). */
  id: number
  sources: EntryGroup | undefined
  sanitizers: EntryGroup | undefined
  sinks: SinkSpec[]
  propagators: PropagatorSpec[]
  guards: GuardSpec[]
}

const metavariable = (v: unknown) => (typeof v === 'string' ? v.replace(/^\$+/, '') : undefined)
const focusOf = (entry: AstRule) => [entry.focus].flat().map(metavariable).filter((v): v is string => !!v)

export const TAINT_KEYS = ['sources', 'sinks', 'sanitizers', 'propagators', 'guards'] as const
let specCount = 0

/**
 * The rule's taint entries as ast-grep configs (`wrap` puts a grammar's patterns in the form it parses: PHP's
 * `<?php` tag), each with the literal text a file needs for it to match.
 */
export function taintSpec(rule: RuleDef, astLang: string, wrap: (entry: AstRule) => AstRule = (e) => e): TaintSpec {
  const partOf = (entry: AstRule): Part => {
    const { focus: _f, from: _from, to: _to, safe_when: _s, prefilter: _p, ...matcher } = entry
    return { config: { rule: wrap(matcher) } as unknown as NapiConfig, need: entryNeed(astLang, entry) }
  }
  const byFocus = new Map<string, { focus: string[]; parts: Part[] }>()
  for (const s of rule.sinks ?? []) {
    const focus = focusOf(s)
    const entry = byFocus.get(focus.join(',')) ?? { focus, parts: [] }
    entry.parts.push(partOf(s))
    byFocus.set(focus.join(','), entry)
  }
  return {
    id: ++specCount,
    sources: group((rule.sources ?? []).map(partOf)),
    sanitizers: group((rule.sanitizers ?? []).map(partOf)),
    sinks: [...byFocus.values()].map(({ focus, parts }) => ({ group: group(parts)!, focus })),
    propagators: (rule.propagators ?? []).flatMap((p) => {
      const from = metavariable(p.from)
      const to = metavariable(p.to)
      return from && to ? [{ group: group([partOf(p)])!, from, to }] : []
    }),
    guards: (rule.guards ?? []).map((g) => ({ group: group([partOf(g)])!, focus: focusOf(g), safeWhen: g.safe_when !== false })),
  }
}

/** Methods whose result is a number or a boolean, or a fixed kind of value, whatever the receiver holds. */
const CLEAN_CALLS = new Set([
  'length', 'size', 'count', 'len', 'isEmpty', 'is_empty', 'empty?', 'isBlank', 'equals', 'equalsIgnoreCase', 'hashCode', 'compareTo',
  'startsWith', 'endsWith', 'startswith', 'endswith', 'start_with?', 'end_with?', 'contains', 'includes', 'include?', 'has', 'hasOwnProperty', 'indexOf',
  'lastIndexOf', 'index', 'find_index', 'matches', 'test', 'exists', 'isdigit', 'isnumeric', 'isalpha', 'isalnum', 'nil?', 'blank?', 'present?', 'any?',
  'Count', 'Length', 'Equals', 'Contains', 'StartsWith', 'EndsWith', 'IndexOf', 'IsNullOrEmpty', 'IsNullOrWhiteSpace', 'HasPrefix', 'HasSuffix',
  'typeof', 'isinstance', 'hasattr', 'callable', 'bool', 'isNaN', 'isFinite', 'isArray', 'instanceof',
])

/** Switch statements of every grammar, their cases, and the labels that name a case's values. */
const SWITCHES = new Set(['switch_statement', 'switch_expression', 'expression_switch_statement', 'type_switch_statement', 'case', 'match_statement'])
const CASE = /^(switch_case|switch_default|switch_block_statement_group|switch_rule|switch_section|expression_case|default_case|case_statement|default_statement|when|else|case_clause)$/
const LABEL = /^(switch_label|case_switch_label|default_switch_label|case_pattern_switch_label|case_pattern)$/

/** Comparisons whose one side is the other's value where they hold (and methods that compare so). */
const COMPARISONS = new Set(['==', '===', '!=', '!==', '<>'])
const EQUALS = new Set(['equals', 'equalsIgnoreCase', 'Equals', 'eql?'])
/** Calls that give their receiver (or sole argument) in another case. */
const CASE_FOLDS = new Set(['toLowerCase', 'toUpperCase', 'toLocaleLowerCase', 'toLocaleUpperCase', 'lower', 'upper', 'casefold', 'downcase', 'upcase', 'strtolower', 'strtoupper', 'mb_strtolower', 'mb_strtoupper', 'ToLower', 'ToUpper', 'ToLowerInvariant', 'ToUpperInvariant'])

const UNARY_CLEAN = new Set(['!', 'not', '-', '+', '~', 'typeof', 'void', 'delete', 'sizeof', '++', '--'])
const ARITHMETIC = new Set(['-', '+', '*', '/', '%', '**', '<<', '>>', '>>>', '&', '|', '^', '~', '++', '--'])

/** Methods that call their callback with each element of the receiver. */
const ITERATORS = new Set(['then', 'each', 'forEach', 'map', 'flatMap', 'filter', 'select', 'reject', 'each_with_index', 'each_pair', 'each_value', 'each_key', 'collect', 'find', 'detect', 'some', 'every', 'reduce', 'inject', 'ForEach', 'Select', 'Where'])

/** Parameter names that hold the request a handler received (a wrapper built around one still holds its data). */
const REQUEST_NAME = /^(req|request|httpRequest|servletRequest|httpServletRequest|rawRequest)$/i

/**
 * Whether a branch ends the function (return, throw, abort(), exit): its state goes no further. A `break` or
 * `continue` does not count: what it leaves reaches the code after the loop.
 */
function exits(branch: Node | null): boolean {
  if (!branch) return false
  const statements = /block|body|compound|statement_list|^then$|^else/.test(kindOf(branch)) ? branch.namedChildren().filter((c) => kindOf(c) !== 'comment') : [branch]
  const last = statements.at(-1)
  if (!last) return false
  if (/^(return|throw|raise)(_statement|_expression)?$/.test(kindOf(last))) return true
  if (/block|statement_list|compound/.test(kindOf(last))) return exits(last)
  // try { …; return } catch { return }: every way out of it leaves (a `finally` that leaves is enough on its own).
  if (/^(try_statement|begin)$/.test(kindOf(last))) {
    const parts = last.namedChildren()
    const finalizer = parts.find((c) => /finally|ensure/.test(kindOf(c)))
    if (finalizer && exits(fieldOf(finalizer, 'body') ?? finalizer)) return true
    const body = fieldOf(last, 'body') ?? parts.find((c) => /block|body|compound|statement_list/.test(kindOf(c))) ?? null
    const handlers = parts.filter((c) => /catch|except|rescue/.test(kindOf(c)))
    return exits(body) && handlers.every((h) => exits(fieldOf(h, 'body') ?? h.namedChildren().filter((c) => kindOf(c) !== 'comment').at(-1) ?? null))
  }
  // A call that does not come back: abort(403), exit(), die(), sys.exit(), os.Exit(1), panic(...), halt, Ruby's
  // raise/fail, PHP's `throw new …;` (an expression statement since PHP 8).
  return (
    /^\s*(abort|exit|die|sys\.exit|os\.Exit|panic|halt|process\.exit|raise_error|render_404|not_found)\b/.test(last.text()) ||
    (/^(exit_statement|expression_statement)$/.test(kindOf(last)) && /^\s*(exit|die|throw)\b/.test(last.text())) ||
    (/^(call|identifier)$/.test(kindOf(last)) && /^\s*(raise|fail)\b/.test(last.text()))
  )
}

/** A loop header that binds each element to a variable: its targets and the collection. */
function loopHeader(n: Node): { targets: Node[]; value: Node } | undefined {
  const value = fieldOf(n, 'right') ?? fieldOf(n, 'value')
  const target = fieldOf(n, 'left') ?? fieldOf(n, 'name') ?? fieldOf(n, 'pattern')
  if (value && target) return { targets: [target], value: kindOf(value) === 'in' ? value.namedChildren()[0] ?? value : value }
  // PHP: `foreach ($xs as $k => $v)` and `foreach ($xs as $v)` have no fields.
  if (kindOf(n) === 'foreach_statement') {
    const [collection, binding] = n.namedChildren()
    if (collection && binding && kindOf(binding) !== 'compound_statement') return { targets: kindOf(binding) === 'pair' ? binding.namedChildren() : [binding], value: collection }
  }
  return undefined
}

/** Methods that put their (only or last) argument into their receiver. */
const MUTATORS = new Set(['append', 'add', 'push', 'unshift', 'insert', 'extend', 'addAll', 'write', 'writelines', 'update', 'WriteString', 'WriteByte', 'WriteRune', 'Write', 'Append', 'AppendLine', 'AppendFormat', 'Add', 'AddRange', 'Insert', 'offer', 'concat', 'push_str', 'prepend', 'appendleft', 'store'])
/** An empty list made in place: `new ArrayList<>()`, `[]`, `list()`, `new Array()`. */
const EMPTY_LIST = /^(new\s+(java\.util\.)?(ArrayList|LinkedList|Vector|ArrayDeque|Stack|List)\s*(<[^()]*>)?\s*\(\s*\)|list\(\s*\)|\[\s*\]|(new\s+)?Array\(\s*\))$/
/** Methods that put one element at a list's end, that take one out (the first, the last, or at an index), and that only read. */
const APPENDS = new Set(['add', 'append', 'push', 'addLast', 'offer', 'offerLast', 'Add'])
const REMOVES = new Set(['remove', 'pop', 'shift', 'removeFirst', 'poll', 'pollFirst', 'RemoveAt'])
const LIST_READS = new Set(['get', 'size', 'length', 'isEmpty', 'contains', 'indexOf', 'count', 'Count', 'Contains', 'ElementAt', 'includes', 'at', 'slice', 'join', 'toString', 'iterator', 'stream', 'forEach', 'map', 'filter'])
/** Where a list's length is kept among the constants. */
const lengthOf = (path: string) => `${path}#length`

/** Methods that put their last argument under the key given first. */
const KEYED_SETTERS = new Set(['put', 'set', 'setdefault', 'putIfAbsent', 'Set', 'Add', 'store', '__setitem__'])
/** Methods that read the value under a key. */
const KEYED_GETTERS = new Set(['get', 'getOrDefault', 'Get', 'fetch', 'GetValueOrDefault', 'getProperty', '__getitem__', 'dig'])

/** The matches of one rule's entries in a file. */
interface Matches {
  sources: Set<number>
  sourceNodes: Node[]
  sanitizers: Set<number>
  /** Sink node id → the nodes whose taint is checked. */
  sinks: Map<number, { node: Node; focus: Node[] }>
  propagators: Map<number, { from: Node; to: Node }[]>
  /** Condition node id → the values it validates and where it holds them safe. */
  guards: Map<number, { checked: Node[]; safeWhen: boolean }>
}

type Guard = { checked: Node[]; safeWhen: boolean; rules: number }
/** Per rule (its index) at a sink, the nodes whose taint is checked. */
type SinkFocus = { rule: number; nodes: Node[] }[]

/** The matches of the entries of several rules (rule i is bit i), as one analysis walks them. */
interface FileEntries {
  /** Node id → the rules it is a source of; likewise sanitizers. */
  sources: Map<number, number>
  sourceNodes: Node[]
  sanitizers: Map<number, number>
  /** Sink node id → per rule, the nodes whose taint is checked. */
  sinks: Map<number, { node: Node; focus: SinkFocus }>
  propagators: Map<number, { from: Node; to: Node; rules: number }[]>
  /** Condition node id → the values it validates, where it holds them safe, and for which rules. */
  guards: Map<number, Guard[]>
  /** The rules for which arithmetic keeps taint (a weak random number scaled is still one). */
  arithmetic: number
}

/** The entries of several rules' matches, the rule of index i as bit i. */
function combine(rules: RuleDef[], matches: Matches[]): FileEntries {
  const out: FileEntries = { sources: new Map(), sourceNodes: [], sanitizers: new Map(), sinks: new Map(), propagators: new Map(), guards: new Map(), arithmetic: 0 }
  const add = (map: Map<number, number>, id: number, b: number) => map.set(id, (map.get(id) ?? 0) | b)
  matches.forEach((m, i) => {
    const b = bit(i)
    if (rules[i].taint_arithmetic) out.arithmetic |= b
    for (const n of m.sourceNodes) {
      if (!out.sources.has(n.id())) out.sourceNodes.push(n)
      add(out.sources, n.id(), b)
    }
    for (const id of m.sources) add(out.sources, id, b)
    for (const id of m.sanitizers) add(out.sanitizers, id, b)
    for (const [id, { node, focus }] of m.sinks) {
      const sink = out.sinks.get(id) ?? { node, focus: [] }
      sink.focus.push({ rule: i, nodes: focus })
      out.sinks.set(id, sink)
    }
    for (const [id, list] of m.propagators) out.propagators.set(id, [...(out.propagators.get(id) ?? []), ...list.map((p) => ({ ...p, rules: b }))])
    for (const [id, g] of m.guards) out.guards.set(id, [...(out.guards.get(id) ?? []), { ...g, rules: b }])
  })
  return out
}

/**
 * The matches of the taint entries in one file. Each search of the tree walks all of it, so the entries of one role
 * (sources, sinks, sanitizers, ...) of every rule of the file are searched together, and each rule's own entries
 * are then picked from those nodes: by kind, and by matching the entry on the node itself.
 */
class FileMatches {
  /** The file's nodes as the analysis walks them. */
  readonly tree = new Tree()
  private readonly cache = new Map<string, SgNode[]>()
  /** The matches of a group picked from those of its union, by the group's key. */
  private readonly withinCache = new Map<string, SgNode[]>()
  /**
   * `present(key)`: whether the file holds the literal text the part of that key needs; `scope`: the subtrees searched
   * (the functions a summary needs), else the whole file.
   */
  constructor(
    private readonly root: SgNode,
    private readonly astLang: string,
    private readonly present: (partKey: string) => boolean = () => true,
    private readonly scope?: SgNode[],
  ) {}

  /**
   * The group less its parts whose literal text the file lacks (they cannot match): searched smaller, or not at all.
   * Each part of a combined search is tried on every node of its kind.
   */
  private live(entries: EntryGroup | undefined): EntryGroup | undefined {
    if (!entries) return undefined
    const keep = entries.partKeys.map(this.present)
    if (keep.every(Boolean)) return entries
    if (!keep.includes(true)) return undefined
    // By the group, then the parts kept (a key of the group's whole text would be copied and hashed at every call).
    let byKept = liveGroups.get(entries)
    if (!byKept) liveGroups.set(entries, (byKept = new Map()))
    const kept = keep.map(Number).join('')
    let live = byKept.get(kept)
    if (!live) {
      if (byKept.size >= MAX_LIVE_GROUPS) byKept.clear()
      byKept.set(kept, (live = group(partsOf(entries).filter((_p, i) => keep[i]))!))
    }
    return live
  }

  /** Whether the group matches anywhere in the file. */
  some(group: EntryGroup | undefined): boolean {
    return this.matchesOf(this.live(group)).length > 0
  }

  /** Every match of the group; picked from the matches of `union` (a group that holds its parts) when given. */
  all(group: EntryGroup | undefined, union?: EntryGroup): Node[] {
    const entries = this.live(group)
    return (union ? this.within(entries, union) : this.matchesOf(entries)).map((n) => this.tree.node(n))
  }

  /** One search for the group: its entries, and the parents of those found through their parent. */
  private matchesOf(entries: EntryGroup | undefined): SgNode[] {
    if (!entries) return []
    let nodes = this.cache.get(entries.key)
    if (nodes) return nodes
    const searched = [...entries.direct, ...entries.viaParent.map((v) => v.parent)]
    const found = this.search(searched)
    if (found === undefined) {
      // The combined rule does not compile in this grammar (a JSX kind in a .ts file): each part on its own.
      nodes = [...entries.direct.flatMap((part) => this.find(part) ?? []), ...entries.viaParent.flatMap((v) => this.children(v, this.find(v.parent) ?? []))]
    } else if (!entries.viaParent.length) nodes = found
    else {
      const direct = entries.direct.length ? found.filter((n) => entries.direct.some((part) => this.matches(n, part))) : []
      nodes = [...direct, ...entries.viaParent.flatMap((v) => this.children(v, found.filter((n) => this.matches(n, v.parent))))]
    }
    this.cache.set(entries.key, nodes)
    return nodes
  }

  /** The children of the parents that an entry of the form `{pattern: $X, inside: {…}}` names. */
  private children(v: ViaParent, parents: SgNode[]): SgNode[] {
    return parents.flatMap((p) => {
      // Without a field, `inside` means any named child of the parent (ast-grep's `inside` stops at the parent; `$X`
      // matches named nodes only).
      const children = v.field ? [this.tree.node(p).field(v.field)].filter((c): c is Node => !!c).map((c) => c.sg) : p.children().filter((c) => c.isNamed())
      return children.filter((child) => !v.rest || this.matches(child, v.rest))
    })
  }

  /**
   * The matches of the group with the metavariables each entry binds (see `vars`). A combined search binds those of
   * the first entry that matches a node, so each entry is found again on the node itself. A node found through its
   * parent binds those of the parent's match, if any.
   */
  bound(group: EntryGroup | undefined, union?: EntryGroup): SgNode[] {
    const entries = this.live(group)
    if (!entries) return []
    const nodes = union ? this.within(entries, union) : this.matchesOf(entries)
    if (!union && entries.direct.length === 1 && !entries.viaParent.length) return nodes
    return nodes.flatMap((node) => {
      const own = entries.direct.filter((part) => this.matches(node, part))
      const direct = own.flatMap((part) => {
        const all = this.everyMatch(part, keyOf(part))
        const match = all !== undefined ? all?.get(node.id()) : this.matchAt(node, part)
        return match ? [match] : []
      })
      const viaBinding = this.boundThroughParents(node, entries.viaParent)
      // Found through a parent that binds nothing (and by no other entry): the node alone.
      return own.length || viaBinding.length ? [...direct, ...viaBinding] : [node]
    })
  }

  /** The matches of `entries` among the matches of `union` (a group of which `entries` are a part). */
  private within(entries: EntryGroup | undefined, union: EntryGroup): SgNode[] {
    if (!entries) return []
    let nodes = this.withinCache.get(entries.key)
    if (!nodes) {
      nodes = this.matchesOf(this.live(union)).filter((node) => entries.direct.some((part) => this.matches(node, part)) || entries.viaParent.some((v) => this.viaParentMatch(node, v)))
      this.withinCache.set(entries.key, nodes)
    }
    return nodes
  }

  /** The node's parent, when the entry found through it names the node. */
  private viaParentMatch(node: SgNode, v: ViaParent): SgNode | undefined {
    const parent = node.parent()
    return parent && (!v.field || this.tree.node(parent).field(v.field)?.id() === node.id()) && this.matches(parent, v.parent) && (!v.rest || this.matches(node, v.rest)) ? parent : undefined
  }

  /**
   * Per node object `bound` returned for an entry found through a parent that binds metavariables: that parent's
   * match, and the entry's own metavariable.
   */
  private readonly parentBindings = new WeakMap<SgNode, { parent: SgNode; own: string }>()
  /** The node once for each entry found through a parent that binds metavariables and names it, each its own object. */
  private boundThroughParents(node: SgNode, via: ViaParent[]): SgNode[] {
    return via.flatMap((v) => {
      const parent = v.own !== undefined ? this.viaParentMatch(node, v) : undefined
      const match = parent && this.matchAt(parent, v.parent)
      const child = match && (v.field ? match.field(v.field as never) : match.children().find((c) => c.id() === node.id()))
      if (!child) return []
      this.parentBindings.set(child, { parent: match, own: v.own! })
      return [child]
    })
  }

  /** The part's match on the node itself, with what it binds (a search starts at its root). */
  private matchAt(node: SgNode, part: NapiConfig): SgNode | undefined {
    try {
      const match = node.find(part)
      return match && match.id() === node.id() ? match : undefined
    } catch {
      return undefined // a part that does not compile in this grammar
    }
  }

  /** The nodes metavariable `v` binds in a match of `bound`. */
  vars(match: SgNode, v: string): SgNode[] {
    const via = this.parentBindings.get(match)
    if (via?.own === v) return [match]
    const from = via?.parent ?? match
    const many = from.getMultipleMatches(v)
    return many.length ? many : [from.getMatch(v)].filter((x): x is SgNode => !!x)
  }

  /** By the part's key, then the node's id. */
  private readonly matched = new Map<string, Map<number, boolean>>()
  /** Whether the entry matches the node: first by its kinds, then by ast-grep (which compiles the rule on every call). */
  private matches(node: SgNode, part: NapiConfig): boolean {
    const n = this.tree.node(node)
    if (kindsOf(part, this.astLang)?.has(n.kind()) === false) return false
    const partKey = keyOf(part)
    let byNode = this.matched.get(partKey)
    if (!byNode) this.matched.set(partKey, (byNode = new Map()))
    let yes = byNode.get(n.id())
    if (yes === undefined) {
      yes = quickMatch(n, ruleOf(part)) ?? this.astGrepMatches(node, part, partKey)
      byNode.set(n.id(), yes)
    }
    return yes
  }

  /** Per part: the nodes ast-grep was asked about one by one, then (past ASKED_ALONE) its every match, by node. */
  private readonly asked = new Map<string, number>()
  private readonly matching = new Map<string, Map<number, SgNode> | null>()
  /**
   * Every match of the part by node once it has been asked about more than ASKED_ALONE nodes (null: it does not
   * compile in this grammar), else undefined. Each question compiles the part again (a large regex takes a quarter
   * of a millisecond, Python's allow-list guard a millisecond): past a few nodes, one search answers for all.
   */
  private everyMatch(part: NapiConfig, partKey: string): Map<number, SgNode> | null | undefined {
    let all = this.matching.get(partKey)
    if (all !== undefined) return all
    const asked = (this.asked.get(partKey) ?? 0) + 1
    this.asked.set(partKey, asked)
    if (asked <= ASKED_ALONE) return undefined
    try {
      all = new Map(this.root.findAll(part).map((m) => [m.id(), m]))
    } catch {
      all = null
    }
    this.matching.set(partKey, all)
    return all
  }

  /** Whether ast-grep matches the part on the node. */
  private astGrepMatches(node: SgNode, part: NapiConfig, partKey: string): boolean {
    const all = this.everyMatch(part, partKey)
    if (all !== undefined) return all !== null && all.has(node.id())
    try {
      return node.matches(part)
    } catch {
      return false // a part that does not compile in this grammar
    }
  }

  /**
   * One search for all the configs (a combined rule), less those with an anchor, searched on their own (see
   * anchorOf), the nodes in the tree's order; undefined when the combined rule does not compile in this grammar.
   */
  private search(configs: NapiConfig[]): SgNode[] | undefined {
    const anchored = this.scope ? [] : configs.filter((c) => anchorOf(c))
    const rest = anchored.length ? configs.filter((c) => !anchored.includes(c)) : configs
    const combined = rest.length <= 1 ? (rest.length ? this.find(rest[0]) : []) : this.find({ rule: { any: rest.map(ruleOf) } } as unknown as NapiConfig)
    if (!anchored.length || combined === undefined) return combined
    const lists = [combined]
    for (const config of anchored) {
      const nodes = this.find(config)
      if (nodes === undefined) return undefined
      if (nodes.length) lists.push(nodes)
    }
    if (lists.length === 1) return combined
    // In the tree's order (an ancestor before its descendants, also one of the same span), each node once.
    const byId = new Map(lists.flat().map((n) => [n.id(), n]))
    const depth = (n: SgNode) => {
      let d = 0
      for (let p = n.parent(); p; p = p.parent()) d++
      return d
    }
    type Placed = { n: SgNode; r: ReturnType<SgNode['range']> }
    const order = (a: Placed, b: Placed) => a.r.start.index - b.r.start.index || b.r.end.index - a.r.end.index || depth(a.n) - depth(b.n)
    return [...byId.values()].map((n) => ({ n, r: n.range() })).sort(order).map(({ n }) => n)
  }

  private readonly searched = new Map<string, SgNode[] | undefined>()
  /**
   * The matches, or undefined when the config does not compile for this grammar (validated per language at load).
   * Groups share entries: each search is made once.
   */
  private find(config: NapiConfig): SgNode[] | undefined {
    const key = keyOf(config)
    if (this.searched.has(key)) return this.searched.get(key)
    let nodes: SgNode[] | undefined
    try {
      nodes = this.scope && this.scope.length > 1 ? this.inScope(this.root.findAll(config)) : (this.insideAnchors(config) ?? (this.scope?.[0] ?? this.root).findAll(config))
    } catch {
      nodes = undefined
    }
    this.searched.set(key, nodes)
    return nodes
  }

  /**
   * The config's matches searched inside its anchors (see anchorOf), the outermost ones in the tree's order, or
   * undefined when it has none, or they are too many or too large to be worth it (a search of the whole file then).
   */
  private insideAnchors(config: NapiConfig): SgNode[] | undefined {
    const anchor = this.scope ? undefined : anchorOf(config)
    const found = anchor && this.find(anchor)
    if (!found) return undefined
    const outer = outermost(found)
    const covered = outer.reduce((sum, { start, end }) => sum + end - start, 0)
    if (outer.length > MAX_ANCHORS || covered > MAX_ANCHORED_SHARE * (this.root.range().end.index + 1)) return undefined
    return outer.flatMap(({ node }) => node.findAll(config))
  }

  /** The scope's subtrees by where they start (they do not nest), with their place in `scope`. */
  private spans?: { start: number; end: number; at: number }[]
  /**
   * The nodes inside the scope, subtree by subtree in its order. A search per subtree would compile the search
   * again for each (a summary's scope may hold dozens of functions): one search of the file is cheaper.
   */
  private inScope(found: SgNode[]): SgNode[] {
    const spans = (this.spans ??= this.scope!.map((n, at) => ({ start: n.range().start.index, end: n.range().end.index, at })).sort((a, b) => a.start - b.start))
    const bySpan: SgNode[][] = this.scope!.map(() => [])
    for (const node of found) {
      const range = node.range()
      const [start, end] = [range.start.index, range.end.index]
      let lo = 0
      let hi = spans.length - 1
      while (lo < hi) {
        const mid = (lo + hi + 1) >> 1
        if (spans[mid].start <= start) lo = mid
        else hi = mid - 1
      }
      const span = spans[lo]
      if (span.start <= start && end <= span.end) bySpan[span.at].push(node)
    }
    return bySpan.flat()
  }
}

/** An entry's text, as a key (entries are the same objects file after file). */
const keys = new WeakMap<NapiConfig, string>()
function keyOf(config: NapiConfig): string {
  let key = keys.get(config)
  if (key === undefined) keys.set(config, (key = JSON.stringify(config)))
  return key
}

/** Groups with some parts left out, by group and parts kept (files of one language leave out the same ones). */
const liveGroups = new WeakMap<EntryGroup, Map<string, EntryGroup>>()
const MAX_LIVE_GROUPS = 1024

/** Nodes of one file a part is matched on one by one; past them, one search of the file finds all its matches. */
const ASKED_ALONE = 8

/** Thrown when a budget runs out (not an Error: no stack to capture at every throw). */
class Budget {}

const within = (n: Node, start: number, end: number) => {
  const at = n.range().start.index
  return at >= start && at < end
}

/** Variables in scope: this function's, then the enclosing function's (closures read them). */
type Constant = number | string | boolean | null

class Env {
  /** Changes with every write: an expression's taint computed at one epoch holds until the next. */
  epoch = 0
  private readonly vars = new Map<string, Taint | null>()
  /** Variables whose value is a known constant (`int num = 106`), for conditions decided before the program runs. */
  private readonly constants = new Map<string, Constant>()
  /** Per root variable, the member paths tracked under it (`d` → `d.safe`, `d.a.b`). */
  private readonly members = new Map<string, Set<string>>()
  /** In a fork, the names written since it was made: only they can differ when the branches join. */
  private readonly written: Set<string> | undefined
  constructor(
    private readonly outer?: Env,
    forked = false,
  ) {
    this.written = forked ? new Set() : undefined
  }

  constant(name: string): Constant | undefined {
    return this.constants.has(name) ? this.constants.get(name) : this.vars.has(name) ? undefined : this.outer?.constant(name)
  }

  setConstant(name: string, value: Constant | undefined): void {
    this.epoch++
    this.written?.add(name)
    if (value === undefined) this.constants.delete(name)
    else this.constants.set(name, value)
  }

  get(name: string): Taint {
    return this.lookup(name) ?? undefined
  }

  /** A variable's or member's taint: null when it is known to be clean, undefined when it is not tracked. */
  lookup(name: string): Taint | null {
    const own = this.vars.get(name)
    if (own !== undefined) return own
    return this.outer?.lookup(name)
  }

  /** The variables (and roots of members) that hold request data, here and around. */
  taintedNames(into = new Set<string>()): Set<string> {
    for (const [name, t] of this.vars) if (t) into.add(rootOf(name))
    return this.outer ? this.outer.taintedNames(into) : into
  }

  /** The member paths tracked under `name` here. */
  private membersOf(name: string): string[] {
    const prefix = `${name}.`
    return [...(this.members.get(rootOf(name)) ?? [])].filter((path) => path.startsWith(prefix))
  }

  /** Whether members of `name` are tracked one by one (a dict or map with constant keys). */
  hasMembers(name: string): boolean {
    return this.membersOf(name).length > 0 || (this.outer?.hasMembers(name) ?? false)
  }

  /** A variable with the taint of its tracked members (`x` when `x.k` holds request data). */
  whole(name: string): Taint {
    let t = this.get(name)
    for (const path of this.membersOf(name)) t = union(t, this.vars.get(path) ?? undefined)
    return t
  }

  set(name: string, t: Taint): void {
    this.setMember(name, t)
    for (const path of this.membersOf(name)) {
      this.vars.delete(path)
      this.members.get(rootOf(name))?.delete(path)
      this.written?.add(path)
    }
  }

  setMember(path: string, t: Taint): void {
    this.epoch++
    this.vars.set(path, t ?? null)
    this.written?.add(path)
    if (path.includes('.')) {
      const root = rootOf(path)
      const paths = this.members.get(root) ?? new Set()
      this.members.set(root, paths.add(path))
    }
  }

  /** No longer tracks a member: it holds what its container holds again. */
  private forget(path: string): void {
    this.epoch++
    this.vars.delete(path)
    this.members.get(rootOf(path))?.delete(path)
  }

  fork(): Env {
    const copy = new Env(this.outer, true)
    for (const [k, v] of this.vars) copy.vars.set(k, v)
    for (const [k, v] of this.constants) copy.constants.set(k, v)
    for (const [k, v] of this.members) copy.members.set(k, new Set(v))
    return copy
  }

  /** After branches (forks of this): a variable is tainted when any side left it so, and constant when all agree. */
  join(...branches: Env[]): void {
    this.epoch++
    const keys = new Set(branches.flatMap((b) => [...(b.written ?? b.vars.keys())]))
    for (const key of keys) {
      // A member one side tracks and another does not (it holds what its container holds) is not tracked after.
      if (key.includes('.') && !this.vars.has(key) && branches.some((b) => !b.vars.has(key))) {
        this.forget(key)
        continue
      }
      const joined = branches.reduce<Taint>((t, b) => union(t, b.vars.has(key) ? b.vars.get(key) ?? undefined : this.get(key)), undefined)
      if (joined || branches.some((b) => b.vars.has(key)) || this.vars.has(key)) this.setMember(key, joined)
    }
    for (const key of keys) {
      const values = branches.map((b) => b.constant(key))
      this.setConstant(key, values.every((v) => v !== undefined && v === values[0]) ? values[0] : undefined)
    }
  }
}

const rootOf = (path: string) => {
  const dot = path.indexOf('.')
  return dot < 0 ? path : path.slice(0, dot)
}

/** What a function does with its parameters, computed once per file. */
interface Summary {
  /** Parameter index → the rules for which its data reaches the return; and the return's own taint from sources inside it. */
  returnParams: Map<number, number>
  returnSource: Taint
  /** Parameter index → sinks it reaches (for a rule), with the steps from the parameter to the sink. */
  paramSinks: Map<number, { sink: Node; rule: number; steps: TaintTraceStep[] }[]>
}

interface Frame {
  fn: Node
  receiver?: { name: string; owner: string }
  returns: Taint
  paramSinks: Summary['paramSinks']
  work: number
}

export class TaintAnalysis {
  private readonly syntax: TaintSyntax
  private readonly summaries = new Map<number, Summary | 'pending'>()
  private readonly fields = new Map<string, Taint>()
  private fieldsChanged = false
  /** By rule and sink. */
  private readonly findings = new Map<string, EngineMatch>()
  /** Every rule's bit. */
  private readonly everyRule: number
  private readonly functionsByName = new Map<string, Node[]>()
  private frames: Frame[] = []
  private readonly memo = new Map<number, { env: Env; epoch: number; t: Taint }>()
  private readonly holding = { source: new Map<number, boolean>(), sink: new Map<number, boolean>() }
  /** While recording: the calls into other files whose values are followed (see linkedProbe). */
  private readonly probes: [string, string][][] = []
  /** The sinks' nodes, once the unreachable ones are left out (see index). */
  private sinkNodes: Node[] = []

  constructor(
    /** The rules followed together; rule i is bit i of a flow's rules. */
    private readonly rules: RuleDef[],
    private readonly root: Node,
    private readonly astLang: string,
    private readonly m: FileEntries,
    private readonly files: FileMatches,
    /** The steps taken on this file so far. */
    private readonly fileWork: { done: number; limit?: number } = { done: 0 },
    /** Functions of other files this one imports, by their summaries (a second look, or a summary of this file). */
    private readonly linked?: LinkedCalls,
  ) {
    this.syntax = TAINT_SYNTAX[astLang]
    this.everyRule = bit(rules.length) - 1
  }

  /** The file's sinks that can be reached, and its functions by name: false when there is nothing to follow. */
  private index(summarising = false): boolean {
    // A sink that only ever gets a constant (`Function("return this")`) is never reached.
    for (const [id, sink] of this.m.sinks) {
      sink.focus = sink.focus.filter(({ nodes }) => !nodes.every((f) => this.syntax.constant(f) && !this.m.sources.has(f.id())))
      if (!sink.focus.length) this.m.sinks.delete(id)
    }
    if (!this.m.sinks.size && !this.linked && !summarising) return false
    this.sinkNodes = [...this.m.sinks.values()].map((s) => s.node)
    for (const fn of this.files.all(functionsGroup(this.astLang, this.syntax))) {
      const name = this.syntax.functionName(fn)
      if (name) this.functionsByName.set(name, [...(this.functionsByName.get(name) ?? []), fn])
    }
    return true
  }

  /** Analyses the functions that hold a source or a sink, twice when a field carries taint between methods. */
  run(): EngineMatch[] {
    if (!this.index()) return []
    // The functions to start from: those that hold a source and can pass it on to a sink (one in the function, one
    // in a local function it calls, or a field a function with a sink reads), and those that hold a sink and can
    // receive request data (a source, a local function that returns it, a field). Where the innermost function
    // cannot, the nearest function around it that holds both. A function inside another one that is analysed is
    // analysed with it (and sees its variables).
    const functionsAround = (n: Node) => [...n.ancestors().filter((a) => this.syntax.functions.has(kindOf(a))), this.root]
    const sinkFunctions = this.sinkNodes.map((node) => functionsAround(node)[0])
    const sourceFunctions = this.m.sourceNodes.map((n) => functionsAround(n)[0])
    const fieldsToSink = sinkFunctions.some((fn) => this.usesFields(fn))
    const fieldsFromSource = sourceFunctions.some((fn) => this.usesFields(fn))
    const passesOn = (fn: Node) => this.namesLocal(fn.text(), (callee) => this.holdsTransitively(callee, 'sink'), fn) || (fieldsToSink && this.usesFields(fn))
    const receives = (fn: Node) => this.namesLocal(fn.text(), (callee) => this.mayReadSource(callee), fn) || (fieldsFromSource && this.usesFields(fn))
    const candidates = new Map<number, Node>()
    // Where the ends meet only in the file as a whole, the functions that connect them through the functions they
    // name (see `connecting`) are analysed rather than the whole file. A function taken only for naming another
    // file's functions may not be where the ends meet in this one: the connecting functions are analysed too.
    let connect = false
    const start = (n: Node, holdsOther: 'source' | 'sink', reaches: (fn: Node) => boolean) => {
      const around = functionsAround(n)
      const inner = around[0]
      const meets = this.holdsHere(inner, holdsOther) || reaches(inner)
      const fn = meets || this.callsLinked(inner, holdsOther) ? inner : around.find((f) => this.holdsItself(f, holdsOther))
      if (!fn) return
      if (fn.id() === this.root.id() && around.length > 1) connect = true
      else candidates.set(fn.id(), fn)
      if (fn === inner ? !meets : !this.holdsHere(fn, holdsOther) && !reaches(fn)) connect = true
    }
    for (const n of this.m.sourceNodes) start(n, 'sink', passesOn)
    for (const { node } of this.m.sinks.values()) start(node, 'source', receives)
    if (connect) for (const fn of this.connecting(receives, passesOn)) candidates.set(fn.id(), fn)
    for (const [id, fn] of [...candidates]) if (fn.ancestors().some((a) => candidates.has(a.id()))) candidates.delete(id)
    taintStats.files++
    for (let round = 0; round < 2; round++) {
      this.fieldsChanged = false
      for (const fn of candidates.values()) this.analyseEntry(fn)
      if (!this.fieldsChanged || this.fields.size === 0) break
    }
    return [...this.findings.values()]
  }

  /**
   * What the functions of `names` do with their parameters, for the files that call them (each by its node, into
   * `out`): those that reach a sink, here or in a file they call into, or read request data. A Python method's `self`
   * is no argument of its calls.
   */
  summarize(path: string, names: Set<string>, out: Map<number, { name: string; fn: LinkedFunction }>): void {
    if (!this.index(true)) return
    const stamp = (steps: TaintTraceStep[]) => steps.map((s) => (s.file === undefined ? { ...s, file: path } : s))
    const ids = (bits: number) => this.rules.flatMap((r, i) => (bits & bit(i) ? [r.id] : []))
    for (const fn of this.files.all(functionsGroup(this.astLang, this.syntax))) {
      const name = linkedName(fn, this.syntax)
      if (!name || !names.has(name) || !(this.holdsTransitively(fn, 'sink') || this.holdsTransitively(fn, 'source'))) continue
      const summary = this.summary(fn)
      if (!summary) continue
      const params = this.syntax.parameters(fn)
      const decorated = fn.parent()
      const isStatic = !!decorated && kindOf(decorated) === 'decorated_definition' && decorated.namedChildren().some((d) => kindOf(d) === 'decorator' && /^@staticmethod\b/.test(d.text()))
      const self = this.astLang === 'python' && /^(self|cls)$/.test(params[0]?.name.text() ?? '') && !isStatic ? 1 : 0
      const known = out.get(fn.id())
      const entry: LinkedFunction = known?.fn ?? { params: new Set(params.map((p) => p.index)).size - self }
      for (const [i, bits] of summary.returnParams) if (i >= self && ids(bits).length) (entry.returns ??= {})[i - self] = [...new Set([...(entry.returns?.[i - self] ?? []), ...ids(bits)])]
      for (const f of summary.returnSource ?? []) (entry.source ??= []).push({ rules: ids(f.rules), steps: stamp(f.steps) })
      for (const [i, list] of summary.paramSinks) {
        if (i < self) continue
        for (const { sink, rule, steps } of list) {
          const last = steps.at(-1)
          const whole = last?.file !== undefined && last.note.startsWith('sink: ') ? steps : [...steps, stepAt(sink, `sink: ${this.sinkName(sink)}`)]
          ;(entry.sinks ??= []).push({ param: i - self, rule: this.rules[rule].id, steps: stamp(whole) })
        }
      }
      if (entry.returns || entry.source || entry.sinks) out.set(fn.id(), { name, fn: entry })
    }
  }

  /**
   * Whether a nested function can add anything: it holds a source or a sink, or data from around it (a variable that
   * holds request data, a field, a local function that reads a source) can reach a sink through a local function it
   * calls or a field. A module wrapped in one function (a UMD bundle) is otherwise analysed whole.
   */
  private mayMatter(fn: Node, env: Env): boolean {
    if (this.holdsItself(fn, 'source') || this.holdsItself(fn, 'sink')) return true
    const fields = this.usesFields(fn)
    let input = fields && this.fields.size > 0
    let output = fields
    const tainted = env.taintedNames()
    for (const [word] of fn.text().matchAll(WORD)) {
      input ||= tainted.has(word)
      const callee = this.localFunction(word)
      if (callee && callee.id() !== fn.id()) {
        input ||= this.mayReadSource(callee)
        output ||= this.holdsTransitively(callee, 'sink')
      }
      if (input && output) return true
    }
    return false
  }

  /**
   * The functions where a flow's ends meet through the functions they name (see run): each holds a source, receives
   * request data or names another file's function that returns it, and holds a sink, passes data on to one or names
   * another file's function that reaches one. The file's own code counts as one by its text outside the functions.
   */
  private connecting(receives: (fn: Node) => boolean, passesOn: (fn: Node) => boolean): Node[] {
    const fns = this.files.all(functionsGroup(this.astLang, this.syntax))
    const out = fns.filter((fn) => (this.holdsItself(fn, 'source') || receives(fn)) && (this.holdsItself(fn, 'sink') || passesOn(fn)))
    // The file's own code: its text between its outermost functions.
    const text = this.root.text()
    const own: string[] = []
    let at = 0
    for (const { start, end } of outermost(fns)) {
      own.push(text.slice(at, start))
      at = end
    }
    own.push(text.slice(at))
    const ownText = own.join(' ')
    const receivesOwn = this.namesLinked(ownText, 'source') || this.namesLocal(ownText, (callee) => this.mayReadSource(callee))
    if (receivesOwn && (this.namesLinked(ownText, 'sink') || this.namesLocal(ownText, (callee) => this.holdsTransitively(callee, 'sink')))) out.push(this.root)
    return out
  }

  /**
   * Whether a text names a function defined in this file (by a name defined once, other than `self`) for which
   * `test` holds: a call, a Ruby call without parentheses, a function handed on as a callback.
   */
  private namesLocal(text: string, test: (callee: Node) => boolean, self?: Node): boolean {
    for (const [word] of text.matchAll(WORD)) {
      const callee = this.localFunction(word)
      if (callee && callee.id() !== self?.id() && test(callee)) return true
    }
    return false
  }

  /** Whether a function reads or writes fields (`this.`, `self.`, `$this->`, `@x`, a Go receiver). */
  private usesFields(fn: Node): boolean {
    const text = fn.text()
    return this.syntax.receiver(fn) !== undefined || [...this.syntax.selfWords].some((w) => text.includes(`${w}.`) || text.includes(`${w}->`)) || (this.syntax.fieldNodes.size > 0 && text.includes('@'))
  }

  private analyseEntry(fn: Node): void {
    try {
      this.analyse(fn, () => undefined)
    } catch (e) {
      if (!(e instanceof Budget)) throw e
      this.overBudget(fn)
    }
  }

  private overBudget(fn: Node): void {
    taintStats.budgetHits++
    const name = this.syntax.functionName(fn) ?? (fn.id() === this.root.id() ? 'the top level' : `the function at line ${fn.range().start.line + 1}`)
    noteForFile(`${this.rules.map((r) => r.id).join(', ')}: data flow in ${name} was too large to follow within its budget; analysed no further`)
  }

  /** Runs one function with the given parameter taints; its returns and parameter sinks are collected in a frame. */
  private analyse(fn: Node, paramTaint: (i: number, name: Node) => Taint, outer?: Env): Frame {
    taintStats.functions++
    const frame: Frame = { fn, receiver: this.syntax.receiver(fn), returns: undefined, paramSinks: new Map(), work: 0 }
    this.frames.push(frame)
    try {
      const env = new Env(this.syntax.isolated.has(kindOf(fn)) ? undefined : outer)
      const isRoot = fn.id() === this.root.id()
      if (!isRoot) {
        for (const { param, name, index } of this.syntax.parameters(fn)) {
          let t = paramTaint(index, name)
          const source = (this.m.sources.get(param.id()) ?? 0) | (this.m.sources.get(name.id()) ?? 0)
          if (source) t = union(t, this.sourceTaint(name, source))
          env.set(name.text(), t) // a clean parameter hides a variable of the same name around the function
        }
      }
      const body = isRoot ? fn : fieldOf(fn, 'body') ?? fn.namedChildren().at(-1) ?? null
      if (body) {
        if (!isRoot && kindOf(body) !== kindOf(fn) && !/block|body|statement|compound|declaration_list/.test(kindOf(body)) && kindOf(fn) !== 'method') {
          // An expression body (`x => x.trim()`): its value is the return.
          this.visit(body, env)
          frame.returns = union(frame.returns, this.taintOf(body, env))
        } else {
          const statements = body.namedChildren()
          for (const child of statements) this.visit(child, env)
          // Ruby: a method's or block's last expression is its value.
          const last = statements.at(-1)
          if (this.syntax.implicitReturn && last && !this.syntax.returns.has(kindOf(last))) this.frame.returns = union(this.frame.returns, this.taintOf(last, env))
        }
      }
      return frame
    } finally {
      this.frames.pop()
    }
  }

  private get frame(): Frame {
    return this.frames[this.frames.length - 1]
  }

  private tick(): void {
    if (++this.fileWork.done > (this.fileWork.limit ?? FILE_BUDGET) || ++this.frame.work > FUNCTION_BUDGET) throw new Budget()
  }

  /**
   * The rules `n` is a source of, none when it reads an object the code built itself: `request.url` after
   * `const request = new Request(url)` is a client's request, not the one the server received. The nearest function
   * around that binds the name decides: as a parameter (the framework's request) or by `name = new …`.
   */
  private sourceAt(n: Node): number {
    const rules = this.m.sources.get(n.id()) ?? 0
    if (!rules) return 0
    let root = n
    for (let next: Node | null | undefined = root; next; next = this.syntax.member(root)?.object ?? this.syntax.calls[kindOf(root)]?.receiver(root)) root = next
    if (root.id() === n.id() || !this.syntax.references.has(kindOf(root))) return rules
    const name = root.text()
    const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
    // `name = new X(args)` (the arguments captured when they hold no call), or any other `name = new …`.
    const built = new RegExp(`(^|[^\\w$.])${escaped}\\s*=\\s*new\\s+[^=;(]*?\\(([^()]*)\\)|(^|[^\\w$.])${escaped}\\s*=\\s*new\\s`)
    const fns = [...root.ancestors().filter((a) => this.syntax.functions.has(kindOf(a))), this.root]
    for (const fn of fns) {
      if (fn.id() !== this.root.id() && this.syntax.parameters(fn).some((p) => p.name.text() === name)) return rules
      const made = built.exec(fn.text())
      if (!made) continue
      // A wrapper built around the request the function received (`new SeparateClassRequest(request)`) still holds it.
      const wrapped = (made[2] ?? '').split(',').map((a) => a.trim())
      const received = fns.some((f) => f.id() !== this.root.id() && this.syntax.parameters(f).some((p) => REQUEST_NAME.test(p.name.text()) && wrapped.includes(p.name.text())))
      return received ? rules : 0
    }
    return rules
  }

  private sourceTaint(n: Node, rules: number): Taint {
    return [{ origin: -1, rules, steps: [stepAt(n, `source: ${shortText(this.accessed(n))}`)] }]
  }

  /** What the code reads from a source: `request.args` is shown as the `request.args.get("name")` it is part of. */
  private accessed(n: Node): Node {
    let node = n
    for (let i = 0; i < 3; i++) {
      const parent = node.parent()
      if (!parent) break
      const call = this.syntax.calls[kindOf(parent)]
      const member = this.syntax.member(parent)
      const reads = member ? member.object.id() === node.id() : call ? (call.receiver(parent)?.id() === node.id() || call.callee(parent)?.id() === node.id()) : /subscript|element_reference|index_expression|element_access/.test(kindOf(parent))
      if (!reads) break
      node = parent
    }
    return node
  }

  /** Statements in source order: assignments bind, branches fork and join, loops run twice, sinks are checked. */
  private visit(n: Node, env: Env): void {
    this.tick()
    const s = this.syntax
    const kind = kindOf(n)
    if (s.functions.has(kind)) {
      // A nested function (a callback, a closure) sees the variables around it.
      if (this.mayMatter(n, env)) this.analyse(n, () => undefined, env)
      return
    }
    const assignment = s.assignment(n)
    if (assignment) {
      const { targets, augmented } = assignment
      // `a, b := x, y` (or `a, b = x, y`): each target gets its own value; else every target gets the one value.
      const pairs = targets.length > 1 && assignment.values?.length === targets.length ? assignment.values : undefined
      for (const value of pairs ?? [assignment.value]) if (value) this.visit(value, env)
      const t = pairs ? undefined : this.taintOf(assignment.value, env)
      const constant = assignment.value && !augmented && targets.length === 1 ? this.constantValue(assignment.value, env) : undefined
      targets.forEach((target, i) => {
        // The target's own parts are read (`m[key(x)] = v`), and a sink may be the target itself (`session[k] = v`).
        if (!this.syntax.references.has(kindOf(target))) for (const part of target.namedChildren()) this.visit(part, env)
        this.bind(target, pairs ? this.taintOf(pairs[i], env) : t, augmented, env)
        if (this.syntax.references.has(kindOf(target))) env.setConstant(target.text(), pairs ? this.constantValue(pairs[i], env) : constant)
        const sink = this.m.sinks.get(target.id())
        if (sink) this.checkSink(sink.node, sink.focus, env)
      })
      // The assignment itself may be the sink (`$EL.innerHTML = $X`, `$_SESSION[$K] = $V`).
      const whole = this.m.sinks.get(n.id())
      if (whole) this.checkSink(whole.node, whole.focus, env)
      // A literal dict or object with constant keys: each member is tracked on its own (`d["safe"]` stays clean).
      const single = assignment.value && targets.length === 1 && !augmented ? assignment.value : undefined
      const members = single ? (EMPTY_LIST.test(single.text()) ? [] : this.syntax.pairs(single)) : undefined
      const path = members && this.pathOf(targets[0])
      if (members && path !== undefined) {
        env.setMember(path, undefined)
        for (const { key, value } of members) env.setMember(`${path}.${key}`, withStep(this.taintOf(value, env), stepAt(value, `${path}[${key}] = …`)))
        // A list's length, while every change to it is known: `add`, `remove(0)` and `get(1)` then name one element.
        const list = members.every(({ key }, i) => key === String(i))
        env.setConstant(lengthOf(path), list ? members.length : undefined)
      }
      return
    }
    const branch = s.branch(n)
    if (branch) {
      // A setup statement before the condition (Go's `if x := f(); x != ""`) runs first.
      const setup = fieldOf(n, 'initializer')
      if (setup) this.visit(setup, env)
      if (branch.condition) this.visit(branch.condition, env)
      const constant = this.constantCondition(branch.condition, env)
      if (constant !== undefined) {
        const taken = constant ? branch.then : branch.otherwise
        if (taken) this.visit(taken, env)
        return
      }
      const then = env.fork()
      const otherwise = env.fork()
      // A validating condition: its values are clean on the side where the check holds.
      for (const guard of this.guardsOf(branch.condition)) for (const value of guard.checked) this.clean(value, guard.safeWhen ? then : otherwise, guard.rules)
      if (branch.then) this.visit(branch.then, then)
      if (branch.otherwise) this.visit(branch.otherwise, otherwise)
      // A side that returns (or throws) does not go on after the `if`: `if (!ALLOWED.includes(x)) return` leaves x checked.
      const thenExits = exits(branch.then)
      const otherwiseExits = exits(branch.otherwise)
      if (thenExits && !otherwiseExits) env.join(otherwise)
      else if (otherwiseExits && !thenExits) env.join(then)
      else env.join(then, otherwise)
      return
    }
    if (SWITCHES.has(kind)) return this.visitSwitch(n, env)
    if (s.loops.has(kind)) {
      // `for x in xs`: each element of tainted data is tainted.
      const header = loopHeader(n)
      if (header) {
        this.visit(header.value, env)
        const t = this.taintOf(header.value, env)
        for (const target of header.targets) this.bind(target, t, false, env)
      }
      const skip = new Set(header ? [header.value.id(), ...header.targets.map((x) => x.id())] : [])
      // Twice: what the body taints at its end reaches its start on the next iteration.
      for (let i = 0; i < 2; i++) for (const child of n.namedChildren()) if (!skip.has(child.id())) this.visit(child, env)
      return
    }
    if (s.returns.has(kind)) {
      const value = n.namedChildren()[0]
      if (value) {
        this.visit(value, env)
        this.frame.returns = union(this.frame.returns, this.taintOf(value, env))
      }
      const sink = this.m.sinks.get(n.id())
      if (sink) this.checkSink(sink.node, sink.focus, env)
      return
    }
    // Ruby's `sql << x` appends x to the variable.
    if (s.appendOperator && s.operators.has(kind) && operatorOf(n) === s.appendOperator) {
      const [left, right] = n.namedChildren()
      if (left && right) {
        this.visit(right, env)
        const path = this.pathOf(left)
        const t = this.taintOf(right, env)
        if (path !== undefined && t) env.setMember(path, union(env.get(path), withStep(t, stepAt(n, `into ${path}`))))
        return
      }
    }
    const call = s.calls[kind]
    // `xs.each { |x| … }`, `xs.forEach(x => …)`: the callback's parameter holds the elements of a tainted receiver.
    const name = call?.name(n)
    const elements = name !== undefined && ITERATORS.has(name) ? this.taintOf(call!.receiver(n), env) : undefined
    for (const child of n.namedChildren()) {
      if (elements && s.functions.has(kindOf(child))) this.analyse(child, () => elements, env)
      else if (elements && /^argument/.test(kindOf(child))) {
        for (const arg of child.namedChildren()) {
          const inner = kindOf(arg) === 'argument' && arg.namedChildren().length === 1 ? arg.namedChildren()[0] : arg
          if (s.functions.has(kindOf(inner))) this.analyse(inner, () => elements, env)
          else this.visit(arg, env)
        }
      } else this.visit(child, env)
    }
    if (s.calls[kind]) {
      this.callTaint(n, env) // reports what a local function's parameters reach
      if (!this.listChange(n, env)) this.mutate(n, env)
      this.propagate(n, env)
    }
    const sink = this.m.sinks.get(n.id())
    if (sink) this.checkSink(sink.node, sink.focus, env)
  }

  /**
   * A switch: with a constant value only the matching case runs (falling through until a break); otherwise each case
   * is a branch of its own, and the variables after it are the join of them all.
   */
  private visitSwitch(n: Node, env: Env): void {
    const value = fieldOf(n, 'value') ?? fieldOf(n, 'condition') ?? n.namedChildren()[0] ?? null
    if (value) this.visit(value, env)
    const body = fieldOf(n, 'body') ?? n
    const cases = body.namedChildren().filter((c) => CASE.test(kindOf(c)) && (!value || c.id() !== value.id()))
    const parts = cases.map((c) => {
      const labels = c.namedChildren().filter((x) => LABEL.test(kindOf(x)))
      const valueField = fieldOf(c, 'value') ?? fieldOf(c, 'pattern')
      // Python's `case 'C' | 'D':` names each value of a union; `case _:` names none (the default).
      const labelValues = [...(valueField ? [valueField] : []), ...labels.flatMap((l) => l.namedChildren())].flatMap((v) => (kindOf(v) === 'union_pattern' ? v.namedChildren() : [v]))
      const guard = fieldOf(c, 'guard')
      const skip = new Set([...labels, ...(valueField ? [valueField] : [])].map((x) => x.id()))
      const statements = c.namedChildren().filter((x) => !skip.has(x.id()))
      const isDefault = /default|else/.test(kindOf(c)) || (labels.length > 0 && labelValues.length === 0)
      const stops = statements.some((x) => /break|return|throw/.test(kindOf(x))) || /rule|expression_case|when|section|case_clause/.test(kindOf(c))
      // A guard, or Python's `case a, b:` (a sequence to destructure), leaves the choice open.
      const open = !!guard || (kindOf(c) === 'case_clause' && labels.length > 1)
      return { labelValues, open, statements, isDefault, stops }
    })
    // Python's `match a, b:` matches a tuple, no one subject.
    const known = value && n.fieldChildren('subject').length < 2 ? this.constantValue(value, env) : undefined
    // A constant takes one case, the first labelled with it or else the default; a label that is no constant (a
    // pattern that binds or destructures) leaves the choice open.
    if (known !== undefined && parts.every((p) => !p.open && p.labelValues.every((l) => this.constantValue(l, env) !== undefined))) {
      let at = parts.findIndex((p) => p.labelValues.some((l) => this.constantValue(l, env) === known))
      if (at < 0) at = parts.findIndex((p) => p.isDefault)
      for (; at >= 0 && at < parts.length; at++) {
        for (const statement of parts[at].statements) this.visit(statement, env)
        if (parts[at].stops) break
      }
      return
    }
    const branches = parts.map((p) => {
      const fork = env.fork()
      for (const statement of p.statements) this.visit(statement, fork)
      return fork
    })
    if (!parts.some((p) => p.isDefault)) branches.push(env.fork())
    if (branches.length) env.join(...branches)
  }

  /**
   * The guards a condition holds, looking through parentheses and negations (`!ok(x)` holds where ok(x) does not)
   * and into `&&` and `||`: both sides of `a && b` hold where it does, neither side of `a || b` where it does not.
   */
  private guardsOf(n: Node | null, negated = false): Guard[] {
    if (!n) return []
    const guards = [...(this.m.guards.get(n.id()) ?? []), ...(this.equality(n) ?? [])]
    if (guards.length) return negated ? guards.map((g) => ({ ...g, safeWhen: !g.safeWhen })) : guards
    const kind = kindOf(n)
    const children = n.namedChildren()
    const op = operatorOf(n) ?? ''
    if (children.length === 1) {
      if (/unary|not_operator|prefix_unary/.test(kind) && /^(!|not)$/.test(op)) return this.guardsOf(children[0], !negated)
      return /parenthesized|condition_clause/.test(kind) ? this.guardsOf(children[0], negated) : []
    }
    const and = /^(&&|and)$/.test(op)
    if (children.length !== 2 || !(and || /^(\|\||or)$/.test(op))) return []
    // Under a negation `&&` reads as `||` and the other way round. A guard inside a conjunction holds on the side
    // where the whole holds (safe when true); inside a disjunction, on the side where it does not.
    const conjunction = and !== negated
    const [left, right] = children.map((c) => this.guardsOf(c, negated))
    // A value both sides make safe holds on the other side as well: `x == 'a' || x == 'b'` where it holds.
    const same = (g: Guard, h: Guard) => g.safeWhen === h.safeWhen && g.checked.length === h.checked.length && g.checked.every((c, i) => c.text() === h.checked[i].text())
    const both = left.filter((g) => g.safeWhen !== conjunction).flatMap((g) => right.filter((h) => same(g, h)).map((h) => ({ ...g, rules: g.rules & h.rules })))
    return [...left, ...right].filter((g) => g.safeWhen === conjunction).concat(both)
  }

  /**
   * A comparison with a constant (`x === 'asc'`, `mode != "csv"`, `"asc".equals(x)`, `strtolower($ext) == 'png'`):
   * where it holds, the value is that constant (in some case). Loose equality only with a string that is no number
   * (PHP 7 holds `"abc" == 0`).
   */
  private equality(n: Node): Guard[] | undefined {
    const s = this.syntax
    const call = s.calls[kindOf(n)]
    let sides: Node[]
    let safeWhen = true
    let loose = false
    if (call) {
      const name = call.name(n)
      const receiver = call.receiver(n)
      if (!name || !EQUALS.has(name) || !receiver || call.args(n).length !== 1) return undefined
      sides = [receiver, call.args(n)[0]]
    } else {
      const op = operatorOf(n)
      sides = n.namedChildren()
      if (!op || !COMPARISONS.has(op) || sides.length !== 2) return undefined
      safeWhen = !/^(!=|!==|<>)$/.test(op)
      loose = op === '==' || op === '!=' || op === '<>'
    }
    const at = s.constant(sides[0]) ? 0 : s.constant(sides[1]) ? 1 : -1
    if (at < 0 || s.constant(sides[1 - at])) return undefined
    const constant = this.constantValue(sides[at], new Env())
    if (constant === undefined || (loose && (typeof constant !== 'string' || constant.trim() === '' || !Number.isNaN(Number(constant))))) return undefined
    let value = sides[1 - at]
    // Compared after changing case: the value itself is that constant in some case.
    const folded = s.calls[kindOf(value)]
    if (folded && CASE_FOLDS.has(folded.name(value) ?? '')) {
      // strtolower($x), strings.ToLower(x): the argument; x.toLowerCase(): the receiver.
      const args = folded.args(value)
      const inner = args.length === 1 ? args[0] : args.length === 0 ? folded.receiver(value) : null
      if (!inner) return undefined
      value = inner
    }
    return this.pathOf(value) === undefined ? undefined : [{ checked: [value], safeWhen, rules: this.everyRule }]
  }

  /** A validated value is clean from here on, in `env`, for the rules whose guard validated it. */
  private clean(value: Node, env: Env, rules: number): void {
    const path = this.pathOf(value)
    if (path === undefined) return
    const rest = (rules & this.everyRule) === this.everyRule ? undefined : only(env.whole(path), ~rules)
    if (this.syntax.references.has(kindOf(value))) env.set(path, rest)
    else env.setMember(path, rest)
  }

  /** `x = t`, `x += t`, `x.k = t`, `self.f = t`, `a, b = t`, `{a, b} = t`. */
  private bind(target: Node, t: Taint, augmented: boolean, env: Env): void {
    const s = this.syntax
    const kind = kindOf(target)
    if (s.references.has(kind) || s.fieldNodes.has(kind)) {
      const name = target.text()
      const value = augmented ? union(env.get(name), t) : t
      const stepped = value && withStep(value, stepAt(target, `${name} = …`))
      if (s.fieldNodes.has(kind)) this.setField(target, name, stepped)
      env.set(name, stepped)
      return
    }
    const member = s.member(target)
    if (member) {
      const path = this.pathOf(target)
      const old = path ? env.get(path) : undefined
      const value = withStep(augmented ? union(old, t) : t, stepAt(target, `${shortText(target, 30)} = …`))
      if (path) env.setMember(path, value)
      if (this.isSelf(member.object)) this.setField(target, member.property, value)
      else if (!path && value) this.bindWhole(member.object, value, env) // `x[i] = t`: x holds it somewhere
      return
    }
    if (s.calls[kind] || s.constant(target)) return
    // A pattern (destructuring, a tuple): each name gets the value's taint.
    for (const child of target.namedChildren()) this.bind(child, t, augmented, env)
  }

  /** The variable at the root of `x.a.b` gets the taint too (a container that now holds request data). */
  private bindWhole(object: Node, t: Taint, env: Env): void {
    let root = object
    for (let m = this.syntax.member(root); m; m = this.syntax.member(root)) root = m.object
    if (this.syntax.references.has(kindOf(root))) env.setMember(root.text(), union(env.get(root.text()), t))
  }

  /** The receiver of the method being analysed, when it has one by name (Go), from the innermost frame that does. */
  private get receiver(): { name: string; owner: string } | undefined {
    for (let i = this.frames.length - 1; i >= 0; i--) if (this.frames[i].receiver) return this.frames[i].receiver
    return undefined
  }

  /** `this`, `self`, `$this`, or a Go method's receiver: what fields are read and written through. */
  private isSelf(n: Node): boolean {
    const text = n.text()
    return this.syntax.selfWords.has(text) || text === this.receiver?.name
  }

  /** The class whose fields `n` reads: its class, or the receiver type of a Go method. */
  private classKey(n: Node): string {
    const owner = this.receiver?.owner
    if (owner) return owner
    const cls = n.ancestors().find((a) => this.syntax.classes.has(kindOf(a)))
    return cls ? String(cls.id()) : ''
  }

  private setField(at: Node, name: string, t: Taint): void {
    if (!t?.some((f) => f.origin === -1)) return // only data from a source is shared between methods
    const key = `${this.classKey(at)}.${name}`
    if (!this.fields.get(key)) this.fieldsChanged = true
    this.fields.set(key, union(this.fields.get(key), t.filter((f) => f.origin === -1)))
  }

  /** `x.a.b` as a path when it starts at a variable or `this`, with constant members all the way. */
  private pathOf(n: Node): string | undefined {
    const s = this.syntax
    if (s.references.has(kindOf(n)) || this.isSelf(n)) return n.text()
    const m = s.member(n)
    if (!m) return undefined
    const base = this.pathOf(m.object)
    return base === undefined ? undefined : `${base}.${m.property}`
  }

  /** The taint an expression's value carries (computed once per expression and state of the variables). */
  private taintOf(n: Node | null, env: Env): Taint {
    if (!n) return undefined
    const id = n.id()
    const known = this.memo.get(id)
    if (known && known.env === env && known.epoch === env.epoch) return known.t
    const t = this.evaluate(n, env)
    this.memo.set(id, { env, epoch: env.epoch, t })
    return t
  }

  /** An expression's taint, less the rules for which it is a sanitizer. */
  private evaluate(n: Node, env: Env): Taint {
    this.tick()
    const clean = this.m.sanitizers.get(n.id()) ?? 0
    if ((clean & this.everyRule) === this.everyRule) return undefined
    const t = this.evaluateExpression(n, env)
    return clean ? only(t, ~clean) : t
  }

  private evaluateExpression(n: Node, env: Env): Taint {
    const id = n.id()
    const source = this.sourceAt(n)
    const own = source ? this.sourceTaint(n, source) : undefined
    const s = this.syntax
    const kind = kindOf(n)
    if (s.constant(n) || s.functions.has(kind)) return own
    if (s.references.has(kind)) {
      if (s.fieldNodes.has(kind)) return union(own, union(env.get(n.text()), this.fields.get(`${this.classKey(n)}.${n.text()}`)))
      return union(own, env.whole(n.text()))
    }
    const member = s.member(n)
    if (member) {
      const path = this.pathOf(n)
      const tracked = path !== undefined ? env.lookup(path) : undefined
      if (tracked !== undefined) return union(own, tracked ?? undefined)
      // A container whose members are tracked one by one: an untracked member holds what the container itself does
      // (a variable's own value; for a container that is no variable, such as `params`, what reading it gives).
      const base = path !== undefined ? this.pathOf(member.object) : undefined
      if (base !== undefined && env.hasMembers(base)) {
        const container = env.lookup(base)
        return union(own, container !== undefined ? container ?? undefined : this.taintOf(member.object, env))
      }
      if (this.isSelf(member.object)) return union(own, union(this.fields.get(`${this.classKey(n)}.${member.property}`), path ? env.whole(path) : undefined))
      return union(own, this.taintOf(member.object, env))
    }
    if (s.calls[kind]) return union(own, this.callTaint(n, env))
    const branch = s.branch(n)
    if (branch) {
      const constant = this.constantCondition(branch.condition, env)
      if (constant !== undefined) return union(own, this.taintOf(constant ? branch.then : branch.otherwise, env))
      // A validating condition (`ALLOWED.contains(s) ? s : "id"`): its values are clean on the side where it holds.
      const guards = this.guardsOf(branch.condition)
      const [then, otherwise] = guards.length ? [env.fork(), env.fork()] : [env, env]
      for (const guard of guards) for (const value of guard.checked) this.clean(value, guard.safeWhen ? then : otherwise, guard.rules)
      return union(own, union(this.taintOf(branch.then, then), this.taintOf(branch.otherwise, otherwise)))
    }
    const assignment = s.assignment(n)
    if (assignment) return union(own, this.taintOf(assignment.value, env))
    // A switch or case used as a value: the value of the case taken, not the subject it was chosen by.
    if (SWITCHES.has(kind)) {
      const subject = fieldOf(n, 'value') ?? fieldOf(n, 'condition')
      let t = own
      for (const c of (fieldOf(n, 'body') ?? n).namedChildren()) {
        if (subject && c.id() === subject.id()) continue
        const body = fieldOf(c, 'body') ?? c
        const last = CASE.test(kindOf(body)) ? body.namedChildren().filter((x) => !LABEL.test(kindOf(x)) && kindOf(x) !== 'pattern').at(-1) : body.namedChildren().at(-1) ?? body
        if (last) t = union(t, this.taintOf(last, env))
      }
      return t
    }
    // What the operands carry on: everything, or for operators whose result is a number or a boolean only the
    // rules that follow arithmetic.
    let keep = this.everyRule
    if (s.operators.has(kind)) {
      const op = operatorOf(n)
      // `!x`, `-x` are booleans and numbers; `&x`, `*p` (Go's address and dereference) are the data itself.
      const unary = n.namedChildren().length === 1
      const clean = op !== undefined && (unary ? UNARY_CLEAN.has(op) : s.cleanOperators.has(op))
      if (clean) keep = ARITHMETIC.has(op!) ? this.m.arithmetic : 0
      if (!keep) return own
    }
    let t: Taint
    const names = this.nameChildren(n)
    for (const child of n.namedChildren()) if (!names.has(child.id())) t = union(t, this.taintOf(child, env))
    return union(own, keep === this.everyRule ? t : only(t, keep))
  }

  /** Children of `n` that are names (a keyword argument's name, a member's property), not values. */
  private nameChildren(n: Node): Set<number> {
    const ids = new Set<number>()
    const kind = kindOf(n)
    for (const entry of this.syntax.names) {
      if (!entry.startsWith(`${kind}.`)) continue
      const child = fieldOf(n, entry.slice(kind.length + 1))
      if (child) ids.add(child.id())
    }
    return ids
  }

  /** A call's value: a local function's summary, nothing for calls that return numbers or booleans, else its inputs. */
  private callTaint(n: Node, env: Env): Taint {
    const shape = this.syntax.calls[kindOf(n)]
    const name = shape.name(n)
    const args = shape.args(n)
    const receiver = shape.receiver(n)
    // A function of this file by its name: called plainly, on this/self, or on an object made here (an inner class's
    // `new Helper().run(x)`) when the name is defined once in the file and the arguments fit its parameters. A call
    // on any other object is a library's as often as ours (`TEMPLATES.fetch(k)` is not the file's `fetch`).
    const created = receiver && /object_creation_expression|new_expression/.test(kindOf(receiver))
    const local = name !== undefined && (!receiver || this.isSelf(receiver) || created) ? this.localFunction(name, created ? args.length : undefined) : undefined
    // Without request data in its arguments, a local function's value is clean unless it reads a source itself.
    if (local && !args.some((arg) => this.taintOf(arg, env)) && !this.mayReadSource(local)) return undefined
    if (local) {
      const summary = this.summary(local)
      if (summary) {
        let t = summary.returnSource
        args.forEach((arg, i) => {
          const at = this.taintOf(arg, env)
          if (!at) return
          const returned = summary.returnParams.get(i)
          if (returned) t = union(t, withStep(only(at, returned), stepAt(arg, `through ${name}()`)))
          for (const { sink, rule, steps } of summary.paramSinks.get(i) ?? []) this.reach(sink, withStep(only(at, bit(rule)), stepAt(arg, `into ${name}()`)), steps, rule)
        })
        return t
      }
    }
    const remote = !local && name !== undefined ? this.linked?.lookup(name, receiver ? receiver.text() : undefined, args.length) : undefined
    if (remote) return this.linkedCall(n, name!, args, remote, env)
    const probe = !local && name !== undefined ? this.linkedProbe(name, receiver, args, env) : undefined
    if (name !== undefined && CLEAN_CALLS.has(name)) return undefined
    // `m.get("k")` of a container whose keys are tracked: that key's value, and what the container holds as a whole.
    if (name !== undefined && KEYED_GETTERS.has(name) && receiver && args.length) {
      const path = this.pathOf(receiver)
      const key = this.constantKeys(args)
      const tracked = path !== undefined && key !== undefined ? env.lookup(`${path}.${key}`) : undefined
      if (tracked !== undefined) return union(tracked ?? undefined, env.get(path!))
      if (path !== undefined && key !== undefined && env.hasMembers(path) && env.lookup(path) !== undefined) return env.get(path)
    }
    // `request.get_json()`: the method itself is the source.
    const callee = shape.callee(n)
    const source = callee ? this.sourceAt(callee) : undefined
    let t = callee && source ? this.sourceTaint(callee, source) : undefined
    if (receiver) t = union(t, this.taintOf(receiver, env))
    // A lookup by key gives the container's data, whatever the key: `users.get(req.cookies.token)` is a stored user.
    // A default value given after the key is the data too (`d.get(k, fallback)`).
    for (const arg of name !== undefined && KEYED_GETTERS.has(name) && receiver ? args.slice(1) : args) t = union(t, this.taintOf(arg, env))
    return union(t, probe)
  }

  /**
   * Before any summary (recording), a call into another file is worth one when request data is among its arguments;
   * its value is followed as a flow of its own (a probe), and is worth one too if it reaches a sink.
   */
  private linkedProbe(name: string, receiver: Node | null, args: Node[], env: Env): Taint {
    const calls = this.linked?.candidates(name, receiver ? receiver.text() : undefined)
    if (!calls?.length) return undefined
    if (args.some((arg) => this.taintOf(arg, env)?.some((f) => f.origin >= -1))) this.linked!.want(calls)
    return [{ origin: -2 - (this.probes.push(calls) - 1), rules: this.everyRule, steps: [] }]
  }

  /** The rules of ids (those this walk follows) as bits. */
  private bitsOf(ids: string[]): number {
    let bits = 0
    for (const id of ids) {
      const i = this.rules.findIndex((r) => r.id === id)
      if (i >= 0) bits |= bit(i)
    }
    return bits
  }

  /**
   * A call into a function of another file, by its summary: the request data it returns, its arguments that reach
   * its return, and those that reach a sink there (a finding here, at the call, traced on into that file).
   */
  private linkedCall(n: Node, name: string, args: Node[], fn: LinkedFunction, env: Env): Taint {
    let t: Taint
    for (const { rules, steps } of fn.source ?? []) {
      const bits = this.bitsOf(rules)
      if (bits) t = union(t, [{ origin: -1, rules: bits, steps: [...steps, stepAt(n, `from ${name}()`)] }])
    }
    args.forEach((arg, i) => {
      const at = this.taintOf(arg, env)
      if (!at) return
      const returned = this.bitsOf(fn.returns?.[i] ?? [])
      if (returned) t = union(t, withStep(only(at, returned), stepAt(arg, `through ${name}()`)))
      for (const sink of fn.sinks ?? []) {
        const rule = sink.param === i ? this.rules.findIndex((r) => r.id === sink.rule) : -1
        if (rule >= 0) this.reach(n, withStep(only(at, bit(rule)), stepAt(arg, `into ${name}()`)), sink.steps, rule)
      }
    })
    return t
  }

  /** Constant key arguments as one member path (`"section", "key"` → `section.key`); undefined when one is not constant. */
  private constantKeys(args: Node[]): string | undefined {
    const keys = args.map((a) => this.syntax.constantKey(a))
    return keys.length && keys.every((k) => k !== undefined) ? keys.join('.') : undefined
  }

  /**
   * Whether a function reads a source, itself or through the local functions it calls, or fields that hold request
   * data: only then does calling it without request data in the arguments give request data back.
   */
  private mayReadSource(fn: Node): boolean {
    return (this.fields.size > 0 && this.usesFields(fn)) || this.holdsTransitively(fn, 'source')
  }

  /** Whether a function holds a source (a sink), or calls a function of another file that reads (reaches) one. */
  private holdsItself(fn: Node, what: 'source' | 'sink'): boolean {
    return this.holdsHere(fn, what) || this.callsLinked(fn, what)
  }

  /** Whether a function holds a source (a sink) of this file. */
  private holdsHere(fn: Node, what: 'source' | 'sink'): boolean {
    const { start, end } = fn.range()
    const nodes = what === 'source' ? this.m.sourceNodes : this.sinkNodes
    return nodes.some((n) => within(n, start.index, end.index))
  }

  /** Whether a function names a function of another file that reaches a sink (or returns request data). */
  private callsLinked(fn: Node, what: 'source' | 'sink'): boolean {
    return this.namesLinked(fn.text(), what)
  }

  /** Whether a text names a function of another file that reaches a sink (or returns request data). */
  private namesLinked(text: string, what: 'source' | 'sink'): boolean {
    if (this.linked?.names.any) return /[A-Za-z_$][\w$]*\s*\(/.test(text)
    const names = this.linked?.names[what]
    if (!names?.size) return false
    for (const [word] of text.matchAll(WORD)) if (names.has(word)) return true
    return false
  }

  /** Whether a function holds a source (a sink) itself or in a local function it names, at any depth. */
  private holdsTransitively(fn: Node, what: 'source' | 'sink'): boolean {
    const memo = this.holding[what]
    const id = fn.id()
    let yes = memo.get(id)
    if (yes === undefined) {
      memo.set(id, false) // a recursive call adds nothing
      yes = this.holdsItself(fn, what)
      // Any name of a local function counts (Ruby calls without parentheses, a function handed on as a callback).
      for (const [name] of yes ? [] : fn.text().matchAll(WORD)) {
        const callee = this.localFunction(name)
        if (callee && this.holdsTransitively(callee, what)) {
          yes = true
          break
        }
      }
      memo.set(id, yes)
    }
    return yes
  }

  /** The one function of this file with that name (an overloaded or repeated name is not followed), and arity. */
  private localFunction(name: string, arity?: number): Node | undefined {
    const found = this.functionsByName.get(name)
    if (found?.length !== 1) return undefined
    if (arity !== undefined && new Set(this.syntax.parameters(found[0]).map((p) => p.index)).size !== arity) return undefined
    return found[0]
  }

  private summary(fn: Node): Summary | undefined {
    const known = this.summaries.get(fn.id())
    if (known === 'pending') return undefined // recursion: the inner call is not followed
    if (known) return known
    this.summaries.set(fn.id(), 'pending')
    let summary: Summary
    try {
      const frame = this.analyse(fn, (i, name) => [{ origin: i, rules: this.everyRule, steps: [stepAt(name, `parameter ${name.text()}`)] }])
      const returnParams = new Map<number, number>()
      for (const f of frame.returns ?? []) if (f.origin >= 0) returnParams.set(f.origin, (returnParams.get(f.origin) ?? 0) | f.rules)
      summary = { returnParams, returnSource: frame.returns?.filter((f) => f.origin === -1), paramSinks: frame.paramSinks }
    } catch (e) {
      if (!(e instanceof Budget)) throw e
      this.overBudget(fn)
      // Over budget: assume each parameter reaches the return, and report nothing inside.
      summary = { returnParams: new Map(this.syntax.parameters(fn).map((p) => [p.index, this.everyRule])), returnSource: undefined, paramSinks: new Map() }
    }
    this.summaries.set(fn.id(), summary)
    return summary
  }

  /**
   * Methods that store their argument in the receiver (`list.append(x)`, `sb.append(x)`, `map.put("k", x)`): the
   * receiver's variable holds the taint after the call, under the key when the key is a constant.
   */
  private mutate(n: Node, env: Env): void {
    const shape = this.syntax.calls[kindOf(n)]
    const name = shape.name(n)
    if (name === undefined || !(MUTATORS.has(name) || KEYED_SETTERS.has(name))) return
    let receiver = shape.receiver(n)
    // A chain (`sb.append(a).append(b)`) stores into the object at its start.
    for (let inner = receiver; inner && this.syntax.calls[kindOf(inner)]; inner = this.syntax.calls[kindOf(inner)].receiver(inner)) receiver = this.syntax.calls[kindOf(inner)].receiver(inner)
    const path = receiver && this.pathOf(receiver)
    if (!path || this.isSelf(receiver!)) return
    const args = shape.args(n)
    // `map.put("k", v)`, `conf.set("section", "key", v)`: the constant keys before the value name where it goes.
    const key = KEYED_SETTERS.has(name) && args.length >= 2 ? this.constantKeys(args.slice(0, -1)) : undefined
    // `add(x)`, `add(i, x)`, `insert(0, x)`: every argument but a setter's key goes in.
    let t: Taint
    for (const arg of key !== undefined ? args.slice(-1) : args) t = union(t, this.taintOf(arg, env))
    const stepped = withStep(t, stepAt(n, `into ${path}`))
    if (key !== undefined) env.setMember(`${path}.${key}`, stepped)
    else if (t) env.setMember(path, union(env.get(path), stepped))
  }

  /**
   * A change to a list whose length is known (`list.add(x)`, `list.remove(0)`, `xs.pop()`, `xs.shift()`): its
   * elements move as the list's do, so `list.get(1)` names one of them. A change it cannot follow (`add(0, x)`,
   * `sort()`) makes the list one value again. False when the call is left to `mutate`.
   */
  private listChange(n: Node, env: Env): boolean {
    const shape = this.syntax.calls[kindOf(n)]
    const name = shape.name(n)
    const receiver = shape.receiver(n)
    const path = name !== undefined && receiver ? this.pathOf(receiver) : undefined
    const length = path !== undefined ? env.constant(lengthOf(path)) : undefined
    if (path === undefined || typeof length !== 'number') return false
    const args = shape.args(n)
    if (APPENDS.has(name!) && args.length === 1) {
      env.setMember(`${path}.${length}`, withStep(this.taintOf(args[0], env), stepAt(n, `into ${path}`)))
      env.setConstant(lengthOf(path), length + 1)
      return true
    }
    if (REMOVES.has(name!) && args.length <= 1) {
      const at = args.length ? this.constantValue(args[0], env) : name === 'pop' ? length - 1 : 0
      if (typeof at === 'number' && Number.isInteger(at) && at >= 0 && at < length) {
        for (let i = at; i < length - 1; i++) env.setMember(`${path}.${i}`, env.lookup(`${path}.${i + 1}`) ?? undefined)
        env.setMember(`${path}.${length - 1}`, undefined)
        env.setConstant(lengthOf(path), length - 1)
        return true
      }
    }
    if (LIST_READS.has(name!)) return true
    // Anything else may move the elements: the list is one value from here on.
    env.set(path, env.whole(path))
    env.setConstant(lengthOf(path), undefined)
    return false
  }

  /** Propagators: `$TO.append($FROM)` makes `$TO` tainted when `$FROM` is; mutating methods do so by default. */
  private propagate(n: Node, env: Env): void {
    for (const { from, to, rules } of this.m.propagators.get(n.id()) ?? []) {
      const t = only(this.taintOf(from, env), rules)
      if (t) this.bind(to, withStep(t, stepAt(n, `into ${shortText(to, 30)}`)), true, env)
    }
  }

  private checkSink(node: Node, focus: SinkFocus, env: Env): void {
    for (const { rule, nodes } of focus) {
      for (const part of nodes) {
        const t = only(this.taintOf(part, env), bit(rule))
        if (t) this.reach(node, t, [], rule)
      }
    }
  }

  /** Tainted data reaches a sink of a rule: a finding when it came from a source, a summary entry when from a parameter. */
  private reach(sink: Node, t: Taint, after: TaintTraceStep[], rule: number): void {
    for (const flow of t ?? []) {
      const steps = [...flow.steps, ...after]
      if (flow.origin <= -2) this.linked?.want(this.probes[-2 - flow.origin])
      else if (flow.origin >= 0) {
        const list = this.frame.paramSinks.get(flow.origin) ?? []
        if (!list.some((x) => x.sink.id() === sink.id() && x.rule === rule)) list.push({ sink, rule, steps })
        this.frame.paramSinks.set(flow.origin, list)
      } else if (!this.findings.has(`${rule}:${sink.id()}`)) {
        this.findings.set(`${rule}:${sink.id()}`, this.finding(this.rules[rule], sink, steps))
      }
    }
  }

  private sinkName(sink: Node): string {
    const call = this.syntax.calls[kindOf(sink)]
    return call ? `${shortText(call.callee(sink) ?? sink, 40)}()` : shortText(sink, 40)
  }

  /** A finding at `sink`; at a call into another file when the steps end at a sink there (they then hold it). */
  private finding(rule: RuleDef, sink: Node, steps: TaintTraceStep[]): EngineMatch {
    const { start, end } = sink.range()
    const source = steps[0]?.note.replace(/^source: /, '') ?? 'data'
    const via = steps.filter((s) => s.note.endsWith(' = …')).map((s) => s.note.slice(0, -4))
    const last = steps.at(-1)
    const remote = last?.file !== undefined && last.note.startsWith('sink: ') ? last : undefined
    const sinkName = remote ? `${remote.note.slice(6)} in ${remote.file}` : this.sinkName(sink)
    const through = via.length ? ` through ${via.slice(-2).join(', ')}` : ''
    // A source that is itself the sink's value (`token = rand.Int63()`) is named once.
    const subject = source === sinkName.replace(/\(\)$/, '') || sinkName === `${source}()` ? source : `${source} reaches ${sinkName}${through}`
    return {
      rule_id: rule.id,
      line: start.line + 1,
      column: start.column + 1,
      end_line: end.line + 1,
      end_column: end.column + 1,
      message: `${subject}: ${rule.message}`,
      matched: sink.text(),
      trace: remote ? steps : [...steps, stepAt(sink, `sink: ${sinkName}`)],
    }
  }

  /** The value of a condition known before the program runs (`if False:`, `(7 * 42) - num > 200`), else undefined. */
  private constantCondition(condition: Node | null, env: Env): boolean | undefined {
    const value = condition ? this.constantValue(condition, env) : undefined
    return value === undefined ? undefined : Boolean(value)
  }

  /** An expression's value when literals and constant variables decide it: arithmetic, comparisons, `charAt`. */
  private constantValue(node: Node, env: Env, depth = 0): Constant | undefined {
    let n = node
    while (n.namedChildren().length === 1 && /parenthesized|condition_clause/.test(kindOf(n))) n = n.namedChildren()[0]
    if (depth > 20) return undefined
    const text = n.text()
    if (/^(true|True)$/.test(text)) return true
    if (/^(false|False)$/.test(text)) return false
    if (/^(nil|None|null)$/.test(text)) return null
    if (/^-?\d+(\.\d+)?[LlFfDd]?$/.test(text)) return Number(text.replace(/[LlFfDd]$/, ''))
    const s = this.syntax
    const kind = kindOf(n)
    if (s.constant(n)) {
      const quoted = /^(?:[rbuRBUf]?)(["'])((?:(?!\1)[^\\])*)\1$/.exec(text)
      return quoted ? quoted[2] : undefined
    }
    if (s.references.has(kind)) return env.constant(text)
    const call = s.calls[kind]
    if (call && call.name(n) === 'charAt') {
      const receiver = call.receiver(n)
      const [index] = call.args(n)
      const str = receiver && this.constantValue(receiver, env, depth + 1)
      const at = index && this.constantValue(index, env, depth + 1)
      return typeof str === 'string' && typeof at === 'number' && at >= 0 && at < str.length ? str[at] : undefined
    }
    // A character of a constant string by a constant index: `"ABC"[1]`, `possible[1]`.
    const member = text.endsWith(']') ? s.member(n) : undefined
    if (member && /^\d+$/.test(member.property)) {
      const str = this.constantValue(member.object, env, depth + 1)
      return typeof str === 'string' && Number(member.property) < str.length ? str[Number(member.property)] : undefined
    }
    const branch = s.branch(n)
    if (branch?.condition) {
      const c = this.constantValue(branch.condition, env, depth + 1)
      const taken = c === undefined ? null : c ? branch.then : branch.otherwise
      return taken ? this.constantValue(taken, env, depth + 1) : undefined
    }
    if (!s.operators.has(kind)) return undefined
    const op = operatorOf(n)
    const operands = n.namedChildren()
    if (operands.length === 1) {
      const v = this.constantValue(operands[0], env, depth + 1)
      if (v === undefined) return undefined
      return op === '!' || op === 'not' ? !v : op === '-' && typeof v === 'number' ? -v : undefined
    }
    if (operands.length !== 2 || op === undefined) return undefined
    const a = this.constantValue(operands[0], env, depth + 1)
    if (a === undefined) return undefined
    if ((op === '&&' || op === 'and') && !a) return a
    if ((op === '||' || op === 'or') && a) return a
    const b = this.constantValue(operands[1], env, depth + 1)
    if (b === undefined) return undefined
    return applyOperator(op, a, b)
  }
}

/** A summary searches the file this much at most less than whole: past it, the whole file in one search. */
const SCOPE_SHARE = 0.6
/**
 * Functions asked for that span more than this (with the local functions they call) are not summarised: an
 * application's helpers and models take a few KB; a generated validator or a framework's factory takes tens.
 */
const MAX_SCOPE_CHARS = 16 * 1024

/**
 * The functions of `names` and the local functions they name, at any depth (the subtrees a summary of them needs:
 * on a framework's long file, a small share of it); none when no function has one of the names (or they are too
 * large to summarise); undefined for the whole file.
 */
export function summaryScope(root: SgNode, astLang: string, names: Set<string>): SgNode[] | undefined {
  const syntax = TAINT_SYNTAX[astLang]
  const tree = new Tree()
  const fns = root.findAll(functionsGroup(astLang, syntax).parts[0]).map((n) => tree.node(n))
  const byName = new Map<string, Node[]>()
  for (const fn of fns) {
    const name = linkedName(fn, syntax)
    if (name) byName.set(name, [...(byName.get(name) ?? []), fn])
  }
  const chosen = new Map<number, Node>()
  const todo = [...names].flatMap((n) => byName.get(n) ?? [])
  for (let fn = todo.pop(); fn; fn = todo.pop()) {
    if (chosen.has(fn.id())) continue
    chosen.set(fn.id(), fn)
    for (const [word] of fn.text().matchAll(WORD)) for (const callee of byName.get(word) ?? []) if (!chosen.has(callee.id())) todo.push(callee)
  }
  // Functions inside another chosen one are searched with it.
  const outer = [...chosen.values()].filter((fn) => !fn.ancestors().some((a) => chosen.has(a.id())))
  const size = outer.reduce((sum, fn) => sum + fn.text().length, 0)
  if (size > MAX_SCOPE_CHARS) return []
  return size > root.text().length * SCOPE_SHARE ? undefined : outer.map((fn) => fn.sg)
}

/**
 * The name another file calls a function by: its own, or what it is assigned to (`exports.f = function`, `this.f =
 * (…) => …`, `X.prototype.f = …`, `{ f: function … }`); `default` for `module.exports = function` and `export default`.
 */
function linkedName(fn: Node, syntax: TaintSyntax): string | undefined {
  const own = syntax.functionName(fn)
  if (own) return own
  const parent = fn.parent()
  const kind = parent ? kindOf(parent) : ''
  if (kind === 'assignment_expression') {
    const left = fieldOf(parent!, 'left')
    if (left?.text() === 'module.exports') return 'default'
    return left ? syntax.member(left)?.property : undefined
  }
  if (kind === 'pair') return fieldOf(parent!, 'key')?.text().replace(/^["']|["']$/g, '')
  if (kind === 'export_statement') return 'default'
  return undefined
}

/** A config that finds every function of a grammar (JavaScript's and TypeScript's grammars name theirs differently). */
const functionConfigs = new Map<string, EntryGroup>()
function functionsGroup(astLang: string, syntax: TaintSyntax): EntryGroup {
  let config = functionConfigs.get(astLang)
  if (!config) {
    const known = [...syntax.functions].filter((kind) => {
      try {
        parse(astLang, '').root().findAll({ rule: { kind } } as unknown as NapiConfig)
        return true
      } catch {
        return false
      }
    })
    functionConfigs.set(astLang, (config = group([{ config: { rule: { any: known.map((kind) => ({ kind })) } } as unknown as NapiConfig, need: null }])!))
  }
  return config
}

function applyOperator(op: string, a: Constant, b: Constant): Constant | undefined {
  const num = typeof a === 'number' && typeof b === 'number'
  switch (op) {
    case '+': return num || (typeof a === 'string' && typeof b === 'string') ? (a as never) + (b as never) : undefined
    case '-': return num ? (a as number) - (b as number) : undefined
    case '*': return num ? (a as number) * (b as number) : undefined
    case '/': return num && b !== 0 ? (a as number) / (b as number) : undefined
    case '%': return num && b !== 0 ? (a as number) % (b as number) : undefined
    case '<': return num ? (a as number) < (b as number) : undefined
    case '>': return num ? (a as number) > (b as number) : undefined
    case '<=': return num ? (a as number) <= (b as number) : undefined
    case '>=': return num ? (a as number) >= (b as number) : undefined
    case '==': case '===': case 'is': return a === b
    case '!=': case '!==': case 'is not': return a !== b
    case '&&': case 'and': return Boolean(a) && Boolean(b)
    case '||': case 'or': return Boolean(a) || Boolean(b)
    default: return undefined
  }
}

type Without = { sources?: boolean; sinks?: boolean; both?: boolean; light?: boolean }
type Ends = { sourceNodes: Node[]; sinks: Map<number, { node: Node; focus: Node[] }> }

/** The rule's sources and sinks in the file, or null when it has no source or no sink (unless `without` one, or `both`). */
function taintEnds(spec: TaintSpec, files: FileMatches, all: Unions, without?: Without): Ends | null {
  // Sources first: the rules of a language share them, and most files have none.
  const sourceNodes = files.all(spec.sources, all.sources)
  if (!sourceNodes.length && !without?.sources) return null
  const node = (n: SgNode) => files.tree.node(n)
  // A node found through a parent that binds no metavariable is its own focus.
  const focusOf = (match: SgNode, vars: string[]) => {
    const bound = vars.flatMap((v) => files.vars(match, v))
    return (bound.length ? bound : [match]).map(node)
  }
  const sinks = new Map<number, { node: Node; focus: Node[] }>()
  for (const s of spec.sinks) {
    for (const match of files.bound(s.group, all.sinks)) {
      const focus = focusOf(match, s.focus)
      const known = sinks.get(match.id())
      sinks.set(match.id(), { node: node(match), focus: known ? [...known.focus, ...focus] : focus })
    }
  }
  if (!sinks.size && (!without?.sinks || (!sourceNodes.length && !without.both))) return null
  return { sourceNodes, sinks }
}

/**
 * Every match of the rule's taint entries in the file, or null when it has no source or no sink (unless `without`
 * one, or `both`; `light`: without a sink, no sanitizers, propagators or guards are looked for). `ends`: its sources
 * and sinks, when already found.
 */
export function taintMatches(spec: TaintSpec, files: FileMatches, all: Unions = {}, without?: Without, ends = taintEnds(spec, files, all, without)): Matches | null {
  if (!ends) return null
  const { sourceNodes, sinks } = ends
  const node = (n: SgNode) => files.tree.node(n)
  const propagators = new Map<number, { from: Node; to: Node }[]>()
  // Followed only for the calls it makes (`light`): without a sink, nothing it cleans or carries on changes that.
  if (!sinks.size && without?.light) return { guards: new Map(), sources: new Set(sourceNodes.map((n) => n.id())), sourceNodes, sanitizers: new Set(), sinks, propagators }
  for (const p of spec.propagators) {
    for (const match of files.bound(p.group, all.propagators)) {
      const [from] = files.vars(match, p.from)
      const [to] = files.vars(match, p.to)
      if (from && to) propagators.set(match.id(), [...(propagators.get(match.id()) ?? []), { from: node(from), to: node(to) }])
    }
  }
  const guards = new Map<number, { checked: Node[]; safeWhen: boolean }>()
  for (const g of spec.guards) {
    for (const match of files.bound(g.group, all.guards)) {
      const checked = g.focus.flatMap((v) => files.vars(match, v).slice(0, 1)).map(node)
      // Two guards on one condition (a rule's own and a library's) check both their values.
      const prior = guards.get(match.id())
      if (checked.length) guards.set(match.id(), { checked: prior?.safeWhen === g.safeWhen ? [...prior.checked, ...checked] : checked, safeWhen: g.safeWhen })
    }
  }
  return {
    guards,
    sources: new Set(sourceNodes.map((n) => n.id())),
    sourceNodes,
    sanitizers: new Set(files.all(spec.sanitizers, all.sanitizers).map((n) => n.id())),
    sinks,
    propagators,
  }
}

export { FileMatches }

/** The entries of one role of every rule of a set, each role searched as one group. */
interface Unions {
  sources?: EntryGroup
  sinks?: EntryGroup
  sanitizers?: EntryGroup
  propagators?: EntryGroup
  guards?: EntryGroup
}
/** Per set of rules (files of a language that pass the same rules' prefilters): their unions. */
const unions = new Map<string, Unions>()
const MAX_UNIONS = 64
function unionsOf(specs: TaintSpec[]): Unions {
  const key = specs.map((s) => s.id).join(',')
  let u = unions.get(key)
  if (!u) {
    if (unions.size >= MAX_UNIONS) unions.clear()
    const union = (groups: (EntryGroup | undefined)[]) => group([...new Map(groups.flatMap((g) => partsOf(g).map((p, i) => [g!.partKeys[i], p] as const))).values()])
    unions.set(
      key,
      (u = {
        sources: union(specs.map((s) => s.sources)),
        sinks: union(specs.flatMap((s) => s.sinks.map((k) => k.group))),
        sanitizers: union(specs.map((s) => s.sanitizers)),
        propagators: union(specs.flatMap((s) => s.propagators.map((k) => k.group))),
        guards: union(specs.flatMap((s) => s.guards.map((k) => k.group))),
      }),
    )
  }
  return u
}

/**
 * The unions less the parts no rule of `specs` has (their order kept: the nodes come in the same order); the sources
 * stay whole (they were searched already).
 */
const narrowedUnions = new WeakMap<Unions, Map<string, Unions>>()
function narrowed(all: Unions, specs: TaintSpec[]): Unions {
  let bySpecs = narrowedUnions.get(all)
  if (!bySpecs) narrowedUnions.set(all, (bySpecs = new Map()))
  const key = specs.map((s) => s.id).join(',')
  let u = bySpecs.get(key)
  if (!u) {
    const keep = (g: EntryGroup | undefined, own: (s: TaintSpec) => (EntryGroup | undefined)[]) => {
      const wanted = new Set(specs.flatMap((s) => own(s).flatMap((x) => x?.partKeys ?? [])))
      return g && g.partKeys.every((k) => wanted.has(k)) ? g : group(partsOf(g).filter((_p, i) => wanted.has(g!.partKeys[i])))
    }
    u = {
      sources: all.sources,
      sinks: keep(all.sinks, (s) => s.sinks.map((k) => k.group)),
      sanitizers: keep(all.sanitizers, (s) => [s.sanitizers]),
      propagators: keep(all.propagators, (s) => s.propagators.map((k) => k.group)),
      guards: keep(all.guards, (s) => s.guards.map((k) => k.group)),
    }
    bySpecs.set(key, u)
  }
  return u
}

/** Every entry group of a rule. */
const groupsOf = (s: TaintSpec) => [s.sources, s.sanitizers, ...[...s.sinks, ...s.propagators, ...s.guards].map((x) => x.group)]

/** The literal text each entry of a taint rule needs in a file, by the entry's key. */
export function entryNeeds(spec: TaintSpec): [string, Need][] {
  return groupsOf(spec).flatMap((g) => partsOf(g).map((p, i) => [g!.partKeys[i], p.need] as [string, Need]))
}

/** Whether a sink may get something other than a constant: a focus that is no constant, or is a source of a rule. */
function reachable(sinks: Ends['sinks'], rules: { ends: Ends }[], syntax: TaintSyntax): boolean {
  const isSource = (n: Node) => rules.some(({ ends }) => ends.sourceNodes.some((s) => s.id() === n.id()))
  for (const { focus } of sinks.values()) if (!focus.every((f) => syntax.constant(f) && !isSource(f))) return true
  return false
}

/**
 * Runs taint rules on a parsed file; `linked`: the functions of other files it calls (a source here may reach a sink
 * there, or a function there return request data to a sink here).
 */
export function scanTaint(root: SgNode, astLang: string, rules: { rule: RuleDef; spec: TaintSpec }[], present: (partKey: string) => boolean, linked?: LinkedCalls): EngineMatch[] {
  if (!TAINT_SYNTAX[astLang] || !rules.length) return []
  if (root.range().end.index > MAX_TAINT_CHARS) {
    noteForFile(`data flow not followed: the file is over ${MAX_TAINT_CHARS / 1024} KB (bundled or generated code); ${rules.map((r) => r.rule.id).join(', ')} not applied`)
    return []
  }
  const every = unionsOf(rules.map((r) => r.spec))
  const files = new FileMatches(root, astLang, present)
  // A file without any source, or without any sink, needs no taint work at all: one search of each tells.
  if (!files.some(every.sources) && !linked?.rules.source.size) return []
  // A flow starts only in a rule with a source here (or request data from another file): the other rules' sinks,
  // sanitizers, propagators and guards are not searched for.
  const followed = rules.filter(({ rule, spec }) => !!linked?.rules.source.has(rule.id) || files.all(spec.sources, every.sources).length > 0)
  const all = narrowed(every, followed.map((r) => r.spec))
  if (!files.some(all.sinks) && !linked?.rules.sink.size && !linked?.recorded) return []
  const withEnds = followed.flatMap(({ rule, spec }) => {
    const without = linked && { sources: linked.rules.source.has(rule.id), sinks: linked.rules.sink.has(rule.id) }
    const ends = taintEnds(spec, files, all, without)
    return ends ? [{ rule, spec, without, ends }] : []
  })
  // A sink that only ever gets a constant is never reached (see TaintAnalysis.index): where every sink is one, and
  // no other file is followed, nothing is, and no sanitizer, propagator or guard needs a search.
  if (!linked && !withEnds.some(({ ends }) => reachable(ends.sinks, withEnds, TAINT_SYNTAX[astLang]))) return []
  const reached = withEnds.flatMap(({ rule, spec, without, ends }) => {
    const m = taintMatches(spec, files, all, without, ends)
    return m ? [{ rule, m }] : []
  })
  // Recording what the file calls in other files needs one rule followed from its sources: a rule followed anyway,
  // or the first with a source here, followed for its calls alone.
  for (const { rule, spec } of linked?.recorded && !reached.length ? followed : []) {
    const m = taintMatches(spec, files, all, { sinks: true, light: true })
    if (m) {
      reached.push({ rule, m })
      break
    }
  }
  // Every rule in one walk (a bit each in a number, so at most 30 at a time).
  const out: EngineMatch[] = []
  const work = { done: 0 }
  for (let i = 0; i < reached.length; i += MAX_RULES_PER_WALK) {
    const some = reached.slice(i, i + MAX_RULES_PER_WALK)
    const entries = combine(some.map((r) => r.rule), some.map((r) => r.m))
    for (const match of new TaintAnalysis(some.map((r) => r.rule), files.tree.node(root), astLang, entries, files, work, linked).run()) out.push(match)
  }
  return out
}

/**
 * What the functions `names` of a parsed file do with their parameters, for the files that call them (see
 * taint-linked.ts): those that reach a sink (here, or through `linked` in a file further on) or return request data.
 * `scope`: the subtrees that hold them (summaryScope).
 */
export function summarizeTaint(
  root: SgNode,
  astLang: string,
  rules: { rule: RuleDef; spec: TaintSpec }[],
  present: (partKey: string) => boolean,
  linked: LinkedCalls | undefined,
  path: string,
  names: Set<string>,
  scope: SgNode[] | undefined,
): LinkedSummary['functions'] {
  if (!TAINT_SYNTAX[astLang] || !rules.length || root.range().end.index > MAX_TAINT_CHARS || scope?.length === 0) return {}
  const all = unionsOf(rules.map((r) => r.spec))
  const files = new FileMatches(root, astLang, present, scope)
  // A rule with neither a source nor a sink here is followed only into the files this one calls: those their
  // summaries name, or (recording what the functions call there) one rule if no other is followed.
  const into = (id: string) => !!linked?.rules.sink.has(id) || !!linked?.rules.source.has(id)
  const reached = rules.flatMap(({ rule, spec }) => {
    const m = taintMatches(spec, files, all, { sources: true, sinks: true, both: into(rule.id) })
    return m ? [{ rule, m }] : []
  })
  if (!reached.length && linked?.recorded) {
    const m = taintMatches(rules[0].spec, files, all, { sources: true, sinks: true, both: true, light: true })
    if (m) reached.push({ rule: rules[0].rule, m })
  }
  const found = new Map<number, { name: string; fn: LinkedFunction }>()
  const work = { done: 0, limit: SUMMARY_BUDGET }
  for (let i = 0; i < reached.length; i += MAX_RULES_PER_WALK) {
    const some = reached.slice(i, i + MAX_RULES_PER_WALK)
    const entries = combine(some.map((r) => r.rule), some.map((r) => r.m))
    new TaintAnalysis(some.map((r) => r.rule), files.tree.node(root), astLang, entries, files, work, linked).summarize(path, names, found)
  }
  const out: LinkedSummary['functions'] = {}
  for (const { name, fn } of found.values()) (out[name] ??= []).push(fn)
  return out
}
