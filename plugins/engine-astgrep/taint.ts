// Taint mode: follows data from a rule's sources to its sinks through each function's statements, in source order.
// Assignments (and `+=`), destructuring, parameters, returns, branches and loops move it; every other expression
// carries its operands' taint (so string building of every form propagates), except sanitizers, constants,
// comparisons and arithmetic, and calls known to return numbers or booleans. Calls to functions of the same file
// use their summary (which parameters reach the return, which reach a sink); fields written in one method are read
// in the others. Each function and file has a budget: past it the rest is left unanalysed and counted.
import { parse, type NapiConfig, type SgNode } from '@ast-grep/napi'
import { noteForFile, type AstRule, type EngineMatch, type RuleDef, type TaintTraceStep } from '../../kernel/engine-api.ts'
import { fieldOf, kindOf, operatorOf, TAINT_SYNTAX, type TaintSyntax } from './taint-syntax.ts'

/** Counts what the analysis did in this thread (the bench and tests read them). */
export const taintStats = { files: 0, functions: 0, budgetHits: 0 }

/** Node visits one function may take, and one file for one rule. */
const FUNCTION_BUDGET = 20_000
const FILE_BUDGET = 200_000
/**
 * The time every taint rule together may spend on one file. Application code (a controller, a view) takes a few ms;
 * what goes past this is generated or bundled code (React's 700 KB builds), whose flows are not the user's.
 */
const FILE_TIME_MS = 400
const MAX_FLOWS = 6

/** Where tainted data came from: a source (-1), or parameter i of the function being summarised. */
interface Flow {
  origin: number
  steps: TaintTraceStep[]
}
type Taint = Flow[] | undefined

function union(a: Taint, b: Taint): Taint {
  if (!a?.length) return b?.length ? b : undefined
  if (!b?.length) return a
  const out = [...a]
  for (const f of b) if (out.length < MAX_FLOWS && !out.some((g) => g.origin === f.origin)) out.push(f)
  return out
}
const withStep = (t: Taint, step: TaintTraceStep): Taint => t?.map((f) => (f.steps.length >= 12 ? f : { ...f, steps: [...f.steps, step] }))

function stepAt(n: SgNode, note: string): TaintTraceStep {
  const { start } = n.range()
  return { line: start.line + 1, column: start.column + 1, note }
}
const shortText = (n: SgNode, max = 60) => {
  const flat = n.text().replace(/\s+/g, ' ')
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat
}

/**
 * Entries searched together: one search of the tree for all of them (each search walks the whole tree), and the
 * entries one by one when the combined rule does not compile in a grammar (a JSX kind in a .ts file).
 */
export interface EntryGroup {
  key: string
  /** The entries searched as one rule (undefined when every entry is searched through its parent). */
  config: NapiConfig | undefined
  direct: NapiConfig[]
  /** Entries of the form `{pattern: $X, inside: {…, field: F}}`: found from their parent (see viaParent). */
  viaParent: { parent: NapiConfig; field: string | undefined; rest: NapiConfig | undefined }[]
  parts: NapiConfig[]
}

const LONE_METAVARIABLE = /^\$[A-Z_][A-Z0-9_]*$/

/**
 * `{pattern: $X, inside: {kind: K, field: F}}` names the F child of every K; written that way, ast-grep tries every
 * node of the tree against the `inside` (1.5 s on a 370 KB file). Searching the parents and taking their F child
 * finds the same nodes.
 */
function viaParentOf(config: NapiConfig): EntryGroup['viaParent'][number] | undefined {
  const { pattern, inside, ...rest } = (config as unknown as { rule: AstRule }).rule
  if (typeof pattern !== 'string' || !LONE_METAVARIABLE.test(pattern) || typeof inside !== 'object' || inside === null) return undefined
  const { field, stopBy, ...parent } = inside as AstRule
  // Metavariables bound inside the parent (a focus on them) need ast-grep's own matching; `stopBy` looks further up.
  if ((field !== undefined && typeof field !== 'string') || stopBy !== undefined || /\$[A-Z_]/.test(JSON.stringify(parent))) return undefined
  return { parent: { rule: parent } as unknown as NapiConfig, field: field as string | undefined, rest: Object.keys(rest).length ? ({ rule: rest } as unknown as NapiConfig) : undefined }
}

function group(configs: NapiConfig[]): EntryGroup | undefined {
  if (!configs.length) return undefined
  const viaParent = configs.map(viaParentOf)
  const direct = configs.filter((_c, i) => !viaParent[i])
  const config = direct.length === 0 ? undefined : ((direct.length === 1 ? direct[0] : { rule: { any: direct.map((c) => (c as unknown as { rule: AstRule }).rule) } }) as NapiConfig)
  return { key: JSON.stringify(configs), config, direct, viaParent: viaParent.filter((v) => v !== undefined), parts: configs }
}

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
  sources: EntryGroup | undefined
  sanitizers: EntryGroup | undefined
  sinks: SinkSpec[]
  propagators: PropagatorSpec[]
  guards: GuardSpec[]
}

const metavariable = (v: unknown) => (typeof v === 'string' ? v.replace(/^\$+/, '') : undefined)
const focusOf = (entry: AstRule) => [entry.focus].flat().map(metavariable).filter((v): v is string => !!v)
const configOf = (entry: AstRule): NapiConfig => {
  const { focus: _f, from: _from, to: _to, safe_when: _s, ...rule } = entry
  return { rule } as unknown as NapiConfig
}

export const TAINT_KEYS = ['sources', 'sinks', 'sanitizers', 'propagators', 'guards'] as const

/** The rule's taint entries as ast-grep configs. */
export function taintSpec(rule: RuleDef): TaintSpec {
  const byFocus = new Map<string, { focus: string[]; configs: NapiConfig[] }>()
  for (const s of rule.sinks ?? []) {
    const focus = focusOf(s)
    const entry = byFocus.get(focus.join(',')) ?? { focus, configs: [] }
    entry.configs.push(configOf(s))
    byFocus.set(focus.join(','), entry)
  }
  return {
    sources: group((rule.sources ?? []).map(configOf)),
    sanitizers: group((rule.sanitizers ?? []).map(configOf)),
    sinks: [...byFocus.values()].map(({ focus, configs }) => ({ group: group(configs)!, focus })),
    propagators: (rule.propagators ?? []).flatMap((p) => {
      const from = metavariable(p.from)
      const to = metavariable(p.to)
      return from && to ? [{ group: group([configOf(p)])!, from, to }] : []
    }),
    guards: (rule.guards ?? []).map((g) => ({ group: group([configOf(g)])!, focus: focusOf(g), safeWhen: g.safe_when !== false })),
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
const LABEL = /^(switch_label|case_switch_label|default_switch_label|case_pattern_switch_label)$/

const UNARY_CLEAN = new Set(['!', 'not', '-', '+', '~', 'typeof', 'void', 'delete', 'sizeof', '++', '--'])
const ARITHMETIC = new Set(['-', '+', '*', '/', '%', '**', '<<', '>>', '>>>', '&', '|', '^', '~', '++', '--'])

/** Methods that call their callback with each element of the receiver. */
const ITERATORS = new Set(['then', 'each', 'forEach', 'map', 'flatMap', 'filter', 'select', 'reject', 'each_with_index', 'each_pair', 'each_value', 'each_key', 'collect', 'find', 'detect', 'some', 'every', 'reduce', 'inject', 'ForEach', 'Select', 'Where'])

/**
 * Whether a branch ends the function (return, throw, abort(), exit): its state goes no further. A `break` or
 * `continue` does not count: what it leaves reaches the code after the loop.
 */
function exits(branch: SgNode | null): boolean {
  if (!branch) return false
  const statements = /block|body|compound|statement_list|^then$|^else/.test(kindOf(branch)) ? branch.namedChildren().filter((c) => kindOf(c) !== 'comment') : [branch]
  const last = statements.at(-1)
  if (!last) return false
  if (/^(return|throw|raise)(_statement|_expression)?$/.test(kindOf(last))) return true
  if (/block|statement_list|compound/.test(kindOf(last))) return exits(last)
  // A call that does not come back: abort(403), exit(), die(), sys.exit(), os.Exit(1), panic(...), halt.
  return /^\s*(abort|exit|die|sys\.exit|os\.Exit|panic|halt|process\.exit|raise_error|render_404|not_found)\b/.test(last.text()) || /^(exit_statement|expression_statement)$/.test(kindOf(last)) && /^\s*(exit|die)\b/.test(last.text())
}

/** A loop header that binds each element to a variable: its targets and the collection. */
function loopHeader(n: SgNode): { targets: SgNode[]; value: SgNode } | undefined {
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
/** Methods that put their last argument under the key given first. */
const KEYED_SETTERS = new Set(['put', 'set', 'setdefault', 'putIfAbsent', 'Set', 'Add', 'store', '__setitem__'])
/** Methods that read the value under a key. */
const KEYED_GETTERS = new Set(['get', 'getOrDefault', 'Get', 'fetch', 'GetValueOrDefault', 'getProperty', '__getitem__', 'dig'])

interface Matches {
  sources: Set<number>
  sourceNodes: SgNode[]
  sanitizers: Set<number>
  /** Sink node id → the nodes whose taint is checked. */
  sinks: Map<number, { node: SgNode; focus: SgNode[] }>
  propagators: Map<number, { from: SgNode; to: SgNode }[]>
  /** Condition node id → the values it validates and where it holds them safe. */
  guards: Map<number, { checked: SgNode[]; safeWhen: boolean }>
}

/** The matches of each config in one file, shared by the rules that use the same entries (the request sources). */
class FileMatches {
  private readonly cache = new Map<string, SgNode[]>()
  constructor(private readonly root: SgNode) {}

  all(entries: EntryGroup | undefined): SgNode[] {
    if (!entries) return []
    let nodes = this.cache.get(entries.key)
    if (!nodes) {
      const direct = entries.config ? this.find(entries.config) ?? entries.direct.flatMap((part) => this.find(part) ?? []) : []
      const viaParent = entries.viaParent.flatMap(({ parent, field, rest }) =>
        (this.find(parent) ?? []).flatMap((p) => {
          // Without a field, `inside` means any child of the parent (ast-grep's `inside` stops at the parent).
          const children = field ? [fieldOf(p, field)].filter((c): c is SgNode => !!c) : p.children()
          return children.filter((child) => !rest || child.matches(rest))
        }),
      )
      nodes = viaParent.length ? [...direct, ...viaParent] : direct
      this.cache.set(entries.key, nodes)
    }
    return nodes
  }

  /**
   * The matches of `entries` among the matches of `all` (a group of which `entries` are a part): one search of the
   * tree serves every rule of the file, and each rule's entries are then tried on those nodes alone.
   */
  within(entries: EntryGroup | undefined, all: EntryGroup | undefined): SgNode[] {
    if (!entries || !all) return []
    let nodes = this.cache.get(entries.key)
    if (!nodes) {
      nodes = this.all(all).filter((node) => entries.parts.some((part) => this.matches(node, part)))
      this.cache.set(entries.key, nodes)
    }
    return nodes
  }

  private readonly matched = new Map<string, boolean>()
  private matches(node: SgNode, part: NapiConfig): boolean {
    const key = `${node.id()}\u0000${JSON.stringify(part)}`
    let yes = this.matched.get(key)
    if (yes === undefined) {
      try {
        yes = node.matches(part)
      } catch {
        yes = false
      }
      this.matched.set(key, yes)
    }
    return yes
  }

  /** The matches, or undefined when the config does not compile for this grammar (validated per language at load). */
  private find(config: NapiConfig): SgNode[] | undefined {
    try {
      return this.root.findAll(config)
    } catch {
      return undefined
    }
  }
}

class Budget extends Error {}

/** Variables in scope: this function's, then the enclosing function's (closures read them). */
type Constant = number | string | boolean | null

class Env {
  /** Changes with every write: an expression's taint computed at one epoch holds until the next. */
  epoch = 0
  private readonly vars = new Map<string, Taint | null>()
  /** Variables whose value is a known constant (`int num = 106`), for conditions decided before the program runs. */
  private readonly constants = new Map<string, Constant>()
  constructor(private readonly outer?: Env) {}

  constant(name: string): Constant | undefined {
    return this.constants.has(name) ? this.constants.get(name) : this.vars.has(name) ? undefined : this.outer?.constant(name)
  }

  setConstant(name: string, value: Constant | undefined): void {
    this.epoch++
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

  /** Whether members of `name` are tracked one by one (a dict or map with constant keys). */
  hasMembers(name: string): boolean {
    for (const key of this.vars.keys()) if (key.startsWith(`${name}.`)) return true
    return this.outer?.hasMembers(name) ?? false
  }

  /** A variable with the taint of its tracked members (`x` when `x.k` holds request data). */
  whole(name: string): Taint {
    let t = this.get(name)
    for (const [key, value] of this.vars) if (value && key.startsWith(`${name}.`)) t = union(t, value)
    return t
  }

  set(name: string, t: Taint): void {
    this.epoch++
    this.vars.set(name, t ?? null)
    for (const key of [...this.vars.keys()]) if (key.startsWith(`${name}.`)) this.vars.delete(key)
  }

  setMember(path: string, t: Taint): void {
    this.epoch++
    this.vars.set(path, t ?? null)
  }

  fork(): Env {
    const copy = new Env(this.outer)
    for (const [k, v] of this.vars) copy.vars.set(k, v)
    for (const [k, v] of this.constants) copy.constants.set(k, v)
    return copy
  }

  /** After branches: a variable is tainted when any side left it so, and constant when all agree. */
  join(...branches: Env[]): void {
    this.epoch++
    const keys = new Set(branches.flatMap((b) => [...b.vars.keys()]))
    for (const key of keys) {
      const joined = branches.reduce<Taint>((t, b) => union(t, b.vars.has(key) ? b.vars.get(key) ?? undefined : this.get(key)), undefined)
      this.vars.set(key, joined ?? null)
    }
    for (const key of new Set([...keys, ...this.constants.keys()])) {
      const values = branches.map((b) => b.constant(key))
      this.setConstant(key, values.every((v) => v !== undefined && v === values[0]) ? values[0] : undefined)
    }
  }
}

/** What a function does with its parameters, computed once per rule and file. */
interface Summary {
  /** Parameters whose data the function returns, and the return's own taint from sources inside it. */
  returnParams: Set<number>
  returnSource: Taint
  /** Parameter index → sinks it reaches, with the steps from the parameter to the sink. */
  paramSinks: Map<number, { sink: SgNode; steps: TaintTraceStep[] }[]>
}

interface Frame {
  fn: SgNode
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
  private readonly findings = new Map<number, EngineMatch>()
  private readonly functionsByName = new Map<string, SgNode[]>()
  private work = 0
  private frames: Frame[] = []
  private readonly memo = new Map<number, { env: Env; epoch: number; t: Taint }>()

  constructor(
    private readonly rule: RuleDef,
    private readonly root: SgNode,
    private readonly astLang: string,
    private readonly m: Matches,
    private readonly files: FileMatches,
    private readonly deadline = Infinity,
  ) {
    this.syntax = TAINT_SYNTAX[astLang]
  }

  /** Analyses the functions that hold a source or a sink, twice when a field carries taint between methods. */
  run(): EngineMatch[] {
    for (const fn of this.files.all(functionsGroup(this.astLang, this.syntax))) {
      const name = this.syntax.functionName(fn)
      if (name) this.functionsByName.set(name, [...(this.functionsByName.get(name) ?? []), fn])
    }
    // The functions to start from: those that hold a source and can pass it on (a sink, a call to a function of this
    // file, a field), and those that hold a sink and can receive data (a source, such a call, a field). A function
    // inside another one that is analysed is analysed with it (and sees its variables).
    const enclosing = (n: SgNode) => n.ancestors().find((a) => this.syntax.functions.has(kindOf(a))) ?? this.root
    const sources = new Map(this.m.sourceNodes.map((n) => [enclosing(n), n] as const).map(([fn]) => [fn.id(), fn]))
    const sinks = new Map([...this.m.sinks.values()].map(({ node }) => enclosing(node)).map((fn) => [fn.id(), fn]))
    const reaches = (fn: SgNode) => this.callsLocal(fn) || this.usesFields(fn)
    const candidates = new Map<number, SgNode>()
    for (const [id, fn] of sources) if (sinks.has(id) || reaches(fn)) candidates.set(id, fn)
    for (const [id, fn] of sinks) if (sources.has(id) || reaches(fn)) candidates.set(id, fn)
    for (const [id, fn] of [...candidates]) if (fn.ancestors().some((a) => candidates.has(a.id()))) candidates.delete(id)
    taintStats.files++
    for (let round = 0; round < 2; round++) {
      this.fieldsChanged = false
      for (const fn of candidates.values()) this.analyseEntry(fn)
      if (!this.fieldsChanged || this.fields.size === 0) break
    }
    return [...this.findings.values()]
  }

  /** Whether a function's text calls a function defined in this file (by a name defined once). */
  private callsLocal(fn: SgNode): boolean {
    for (const m of fn.text().matchAll(/([A-Za-z_$][\w$]*)\s*\(/g)) if (this.functionsByName.get(m[1])?.length === 1 && this.functionsByName.get(m[1])![0].id() !== fn.id()) return true
    return false
  }

  /** Whether a function reads or writes fields (`this.`, `self.`, `$this->`, `@x`, a Go receiver). */
  private usesFields(fn: SgNode): boolean {
    const text = fn.text()
    return this.syntax.receiver(fn) !== undefined || [...this.syntax.selfWords].some((w) => text.includes(`${w}.`) || text.includes(`${w}->`)) || (this.syntax.fieldNodes.size > 0 && text.includes('@'))
  }

  private analyseEntry(fn: SgNode): void {
    try {
      this.analyse(fn, () => undefined)
    } catch (e) {
      if (!(e instanceof Budget)) throw e
      this.overBudget(fn)
    }
  }

  private overBudget(fn: SgNode): void {
    taintStats.budgetHits++
    const name = this.syntax.functionName(fn) ?? (fn.id() === this.root.id() ? 'the top level' : `the function at line ${fn.range().start.line + 1}`)
    noteForFile(`${this.rule.id}: data flow in ${name} was too large to follow within its budget; analysed no further`)
  }

  /** Runs one function with the given parameter taints; its returns and parameter sinks are collected in a frame. */
  private analyse(fn: SgNode, paramTaint: (i: number, name: SgNode) => Taint, outer?: Env): Frame {
    taintStats.functions++
    const frame: Frame = { fn, receiver: this.syntax.receiver(fn), returns: undefined, paramSinks: new Map(), work: 0 }
    this.frames.push(frame)
    try {
      const env = new Env(this.syntax.isolated.has(kindOf(fn)) ? undefined : outer)
      const isRoot = fn.id() === this.root.id()
      if (!isRoot) {
        for (const { param, name, index } of this.syntax.parameters(fn)) {
          let t = paramTaint(index, name)
          if (this.m.sources.has(param.id()) || this.m.sources.has(name.id())) t = union(t, this.sourceTaint(name))
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
    if (++this.work > FILE_BUDGET || ++this.frame.work > FUNCTION_BUDGET || ((this.work & 511) === 0 && performance.now() > this.deadline)) throw new Budget()
  }

  private sourceTaint(n: SgNode): Taint {
    return [{ origin: -1, steps: [stepAt(n, `source: ${shortText(this.accessed(n))}`)] }]
  }

  /** What the code reads from a source: `request.args` is shown as the `request.args.get("name")` it is part of. */
  private accessed(n: SgNode): SgNode {
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
  private visit(n: SgNode, env: Env): void {
    this.tick()
    const s = this.syntax
    const kind = kindOf(n)
    if (s.functions.has(kind)) {
      // A nested function (a callback, a closure) sees the variables around it.
      this.analyse(n, () => undefined, env)
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
      const members = assignment.value && targets.length === 1 && !augmented ? this.syntax.pairs(assignment.value) : undefined
      const path = members && this.pathOf(targets[0])
      if (members && path !== undefined) {
        env.setMember(path, undefined)
        for (const { key, value } of members) env.setMember(`${path}.${key}`, withStep(this.taintOf(value, env), stepAt(value, `${path}[${key}] = …`)))
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
      const guard = this.guardOf(branch.condition)
      if (guard) for (const value of guard.checked) this.clean(value, guard.safeWhen ? then : otherwise)
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
      this.mutate(n, env)
      this.propagate(n, env)
    }
    const sink = this.m.sinks.get(n.id())
    if (sink) this.checkSink(sink.node, sink.focus, env)
  }

  /**
   * A switch: with a constant value only the matching case runs (falling through until a break); otherwise each case
   * is a branch of its own, and the variables after it are the join of them all.
   */
  private visitSwitch(n: SgNode, env: Env): void {
    const value = fieldOf(n, 'value') ?? fieldOf(n, 'condition') ?? n.namedChildren()[0] ?? null
    if (value) this.visit(value, env)
    const body = fieldOf(n, 'body') ?? n
    const cases = body.namedChildren().filter((c) => CASE.test(kindOf(c)) && (!value || c.id() !== value.id()))
    const parts = cases.map((c) => {
      const labels = c.namedChildren().filter((x) => LABEL.test(kindOf(x)))
      const valueField = fieldOf(c, 'value') ?? fieldOf(c, 'pattern')
      const labelValues = [...(valueField ? [valueField] : []), ...labels.flatMap((l) => l.namedChildren())]
      const skip = new Set([...labels, ...(valueField ? [valueField] : [])].map((x) => x.id()))
      const statements = c.namedChildren().filter((x) => !skip.has(x.id()))
      const isDefault = /default|else/.test(kindOf(c)) || (labels.length > 0 && labelValues.length === 0)
      const stops = statements.some((x) => /break|return|throw/.test(kindOf(x))) || /rule|expression_case|when|section/.test(kindOf(c))
      return { labelValues, statements, isDefault, stops }
    })
    const known = value ? this.constantValue(value, env) : undefined
    if (known !== undefined) {
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

  /** The guard a condition is, looking through parentheses and negations (`!ok(x)` holds where ok(x) does not). */
  private guardOf(condition: SgNode | null): { checked: SgNode[]; safeWhen: boolean } | undefined {
    let n = condition
    let negated = false
    while (n) {
      const guard = this.m.guards.get(n.id())
      if (guard) return negated ? { ...guard, safeWhen: !guard.safeWhen } : guard
      const kind = kindOf(n)
      const children = n.namedChildren()
      if (children.length !== 1) return undefined
      if (/unary|not_operator|prefix_unary/.test(kind) && /^(!|not)$/.test(operatorOf(n) ?? '')) negated = !negated
      else if (!/parenthesized|condition_clause/.test(kind)) return undefined
      n = children[0]
    }
    return undefined
  }

  /** A validated value is clean from here on, in `env`. */
  private clean(value: SgNode, env: Env): void {
    const path = this.pathOf(value)
    if (path === undefined) return
    if (this.syntax.references.has(kindOf(value))) env.set(path, undefined)
    else env.setMember(path, undefined)
  }

  /** `x = t`, `x += t`, `x.k = t`, `self.f = t`, `a, b = t`, `{a, b} = t`. */
  private bind(target: SgNode, t: Taint, augmented: boolean, env: Env): void {
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
  private bindWhole(object: SgNode, t: Taint, env: Env): void {
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
  private isSelf(n: SgNode): boolean {
    const text = n.text()
    return this.syntax.selfWords.has(text) || text === this.receiver?.name
  }

  /** The class whose fields `n` reads: its class, or the receiver type of a Go method. */
  private classKey(n: SgNode): string {
    const owner = this.receiver?.owner
    if (owner) return owner
    const cls = n.ancestors().find((a) => this.syntax.classes.has(kindOf(a)))
    return cls ? String(cls.id()) : ''
  }

  private setField(at: SgNode, name: string, t: Taint): void {
    if (!t?.some((f) => f.origin === -1)) return // only data from a source is shared between methods
    const key = `${this.classKey(at)}.${name}`
    if (!this.fields.get(key)) this.fieldsChanged = true
    this.fields.set(key, union(this.fields.get(key), t.filter((f) => f.origin === -1)))
  }

  /** `x.a.b` as a path when it starts at a variable or `this`, with constant members all the way. */
  private pathOf(n: SgNode): string | undefined {
    const s = this.syntax
    if (s.references.has(kindOf(n)) || this.isSelf(n)) return n.text()
    const m = s.member(n)
    if (!m) return undefined
    const base = this.pathOf(m.object)
    return base === undefined ? undefined : `${base}.${m.property}`
  }

  /** The taint an expression's value carries (computed once per expression and state of the variables). */
  private taintOf(n: SgNode | null, env: Env): Taint {
    if (!n) return undefined
    const id = n.id()
    const known = this.memo.get(id)
    if (known && known.env === env && known.epoch === env.epoch) return known.t
    const t = this.evaluate(n, env)
    this.memo.set(id, { env, epoch: env.epoch, t })
    return t
  }

  private evaluate(n: SgNode, env: Env): Taint {
    this.tick()
    const id = n.id()
    if (this.m.sanitizers.has(id)) return undefined
    const own = this.m.sources.has(id) ? this.sourceTaint(n) : undefined
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
      // A container whose members are tracked one by one: an untracked member holds what the container itself does.
      const base = path !== undefined ? this.pathOf(member.object) : undefined
      if (base !== undefined && env.hasMembers(base)) return union(own, env.get(base))
      if (this.isSelf(member.object)) return union(own, union(this.fields.get(`${this.classKey(n)}.${member.property}`), path ? env.whole(path) : undefined))
      return union(own, this.taintOf(member.object, env))
    }
    if (s.calls[kind]) return union(own, this.callTaint(n, env))
    const branch = s.branch(n)
    if (branch) {
      const constant = this.constantCondition(branch.condition, env)
      if (constant !== undefined) return union(own, this.taintOf(constant ? branch.then : branch.otherwise, env))
      return union(own, union(this.taintOf(branch.then, env), this.taintOf(branch.otherwise, env)))
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
    if (s.operators.has(kind)) {
      const op = operatorOf(n)
      // `!x`, `-x` are booleans and numbers; `&x`, `*p` (Go's address and dereference) are the data itself.
      const unary = n.namedChildren().length === 1
      const clean = op !== undefined && (unary ? UNARY_CLEAN.has(op) : s.cleanOperators.has(op))
      if (clean && !(this.rule.taint_arithmetic && ARITHMETIC.has(op!))) return own
    }
    let t = own
    const names = this.nameChildren(n)
    for (const child of n.namedChildren()) if (!names.has(child.id())) t = union(t, this.taintOf(child, env))
    return t
  }

  /** Children of `n` that are names (a keyword argument's name, a member's property), not values. */
  private nameChildren(n: SgNode): Set<number> {
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
  private callTaint(n: SgNode, env: Env): Taint {
    const shape = this.syntax.calls[kindOf(n)]
    const name = shape.name(n)
    const args = shape.args(n)
    const receiver = shape.receiver(n)
    // A function of this file by its name: called plainly, on this/self, or on an object made here (an inner class's
    // `new Helper().run(x)`) when the name is defined once in the file and the arguments fit its parameters. A call
    // on any other object is a library's as often as ours (`TEMPLATES.fetch(k)` is not the file's `fetch`).
    const created = receiver && /object_creation_expression|new_expression/.test(kindOf(receiver))
    const local = name !== undefined && (!receiver || this.isSelf(receiver) || created) ? this.localFunction(name, created ? args.length : undefined) : undefined
    if (local) {
      const summary = this.summary(local)
      if (summary) {
        let t = summary.returnSource
        args.forEach((arg, i) => {
          const at = this.taintOf(arg, env)
          if (!at) return
          if (summary.returnParams.has(i)) t = union(t, withStep(at, stepAt(arg, `through ${name}()`)))
          for (const { sink, steps } of summary.paramSinks.get(i) ?? []) this.reach(sink, withStep(at, stepAt(arg, `into ${name}()`)), steps)
        })
        return t
      }
    }
    if (name !== undefined && CLEAN_CALLS.has(name)) return undefined
    // `m.get("k")` of a container whose keys are tracked: that key's value, and what the container holds as a whole.
    if (name !== undefined && KEYED_GETTERS.has(name) && receiver && args.length) {
      const path = this.pathOf(receiver)
      const key = this.constantKeys(args)
      if (path !== undefined && key !== undefined && env.hasMembers(path)) return union(env.lookup(`${path}.${key}`) ?? undefined, env.get(path))
    }
    // `request.get_json()`: the method itself is the source.
    const callee = shape.callee(n)
    let t = callee && this.m.sources.has(callee.id()) ? this.sourceTaint(callee) : undefined
    if (receiver) t = union(t, this.taintOf(receiver, env))
    for (const arg of args) t = union(t, this.taintOf(arg, env))
    return t
  }

  /** Constant key arguments as one member path (`"section", "key"` → `section.key`); undefined when one is not constant. */
  private constantKeys(args: SgNode[]): string | undefined {
    const keys = args.map((a) => this.syntax.constantKey(a))
    return keys.length && keys.every((k) => k !== undefined) ? keys.join('.') : undefined
  }

  /** The one function of this file with that name (an overloaded or repeated name is not followed), and arity. */
  private localFunction(name: string, arity?: number): SgNode | undefined {
    const found = this.functionsByName.get(name)
    if (found?.length !== 1) return undefined
    if (arity !== undefined && new Set(this.syntax.parameters(found[0]).map((p) => p.index)).size !== arity) return undefined
    return found[0]
  }

  private summary(fn: SgNode): Summary | undefined {
    const known = this.summaries.get(fn.id())
    if (known === 'pending') return undefined // recursion: the inner call is not followed
    if (known) return known
    this.summaries.set(fn.id(), 'pending')
    let summary: Summary
    try {
      const frame = this.analyse(fn, (i, name) => [{ origin: i, steps: [stepAt(name, `parameter ${name.text()}`)] }])
      summary = {
        returnParams: new Set((frame.returns ?? []).filter((f) => f.origin >= 0).map((f) => f.origin)),
        returnSource: frame.returns?.filter((f) => f.origin === -1),
        paramSinks: frame.paramSinks,
      }
    } catch (e) {
      if (!(e instanceof Budget)) throw e
      this.overBudget(fn)
      // Over budget: assume each parameter reaches the return, and report nothing inside.
      summary = { returnParams: new Set(this.syntax.parameters(fn).map((p) => p.index)), returnSource: undefined, paramSinks: new Map() }
    }
    this.summaries.set(fn.id(), summary)
    return summary
  }

  /**
   * Methods that store their argument in the receiver (`list.append(x)`, `sb.append(x)`, `map.put("k", x)`): the
   * receiver's variable holds the taint after the call, under the key when the key is a constant.
   */
  private mutate(n: SgNode, env: Env): void {
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

  /** Propagators: `$TO.append($FROM)` makes `$TO` tainted when `$FROM` is; mutating methods do so by default. */
  private propagate(n: SgNode, env: Env): void {
    for (const { from, to } of this.m.propagators.get(n.id()) ?? []) {
      const t = this.taintOf(from, env)
      if (t) this.bind(to, withStep(t, stepAt(n, `into ${shortText(to, 30)}`)), true, env)
    }
  }

  private checkSink(node: SgNode, focus: SgNode[], env: Env): void {
    for (const part of focus) {
      const t = this.taintOf(part, env)
      if (t) this.reach(node, t, [])
    }
  }

  /** Tainted data reaches a sink: a finding when it came from a source, a summary entry when from a parameter. */
  private reach(sink: SgNode, t: Taint, after: TaintTraceStep[]): void {
    for (const flow of t ?? []) {
      const steps = [...flow.steps, ...after]
      if (flow.origin >= 0) {
        const list = this.frame.paramSinks.get(flow.origin) ?? []
        if (!list.some((x) => x.sink.id() === sink.id())) list.push({ sink, steps })
        this.frame.paramSinks.set(flow.origin, list)
      } else if (!this.findings.has(sink.id())) {
        this.findings.set(sink.id(), this.finding(sink, steps))
      }
    }
  }

  private finding(sink: SgNode, steps: TaintTraceStep[]): EngineMatch {
    const { start, end } = sink.range()
    const source = steps[0]?.note.replace(/^source: /, '') ?? 'data'
    const via = steps.filter((s) => s.note.endsWith(' = …')).map((s) => s.note.slice(0, -4))
    const call = this.syntax.calls[kindOf(sink)]
    const sinkName = call ? `${shortText(call.callee(sink) ?? sink, 40)}()` : shortText(sink, 40)
    const through = via.length ? ` through ${via.slice(-2).join(', ')}` : ''
    // A source that is itself the sink's value (`token = rand.Int63()`) is named once.
    const subject = source === sinkName.replace(/\(\)$/, '') || sinkName === `${source}()` ? source : `${source} reaches ${sinkName}${through}`
    return {
      rule_id: this.rule.id,
      line: start.line + 1,
      column: start.column + 1,
      end_line: end.line + 1,
      end_column: end.column + 1,
      message: `${subject}: ${this.rule.message}`,
      matched: sink.text(),
      trace: [...steps, stepAt(sink, `sink: ${sinkName}`)],
    }
  }

  /** The value of a condition known before the program runs (`if False:`, `(7 * 42) - num > 200`), else undefined. */
  private constantCondition(condition: SgNode | null, env: Env): boolean | undefined {
    const value = condition ? this.constantValue(condition, env) : undefined
    return value === undefined ? undefined : Boolean(value)
  }

  /** An expression's value when literals and constant variables decide it: arithmetic, comparisons, `charAt`. */
  private constantValue(node: SgNode, env: Env, depth = 0): Constant | undefined {
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
    functionConfigs.set(astLang, (config = group([{ rule: { any: known.map((kind) => ({ kind })) } } as unknown as NapiConfig])!))
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

/** Every match of the rule's taint entries in the file, or null when it has no source or no sink. */
export function taintMatches(spec: TaintSpec, files: FileMatches, all: Unions = {}): Matches | null {
  // Sources first: the rules of a language share them (one search serves all), and most files have none.
  const sourceNodes = all.sources ? files.within(spec.sources, all.sources) : files.all(spec.sources)
  if (!sourceNodes.length) return null
  // A sink entry is often broad (`$F($X)` with a name check): its union with every other rule's matches most calls,
  // so each rule searches its own sinks (one walk), after the union told that some sink is in the file.
  const sinksOf = (s: SinkSpec) => files.all(s.group)
  // One search finds the sinks; each is then matched entry by entry within its own subtree (small), since a
  // combined rule binds the metavariables of its first matching entry only.
  if (!spec.sinks.some((s) => sinksOf(s).length)) return null
  const focusOf = (node: SgNode, vars: string[]) => {
    const bound = vars.flatMap((v) => (node.getMultipleMatches(v).length ? node.getMultipleMatches(v) : [node.getMatch(v)].filter((x): x is SgNode => !!x)))
    // A node found through its parent binds no metavariable: it is its own focus.
    return bound.length ? bound : [node]
  }
  const sinkNodes = spec.sinks.flatMap((s) =>
    sinksOf(s).flatMap((candidate) =>
      s.group.parts.flatMap((part) => {
        let match: SgNode | null = null
        try {
          match = candidate.find(part)
        } catch {
          match = null // a part that does not compile in this grammar
        }
        return match && match.id() === candidate.id() ? [{ node: candidate, focus: focusOf(match, s.focus) }] : []
      }),
    ),
  )
  if (!sinkNodes.length) return null
  const sinks = new Map<number, { node: SgNode; focus: SgNode[] }>()
  for (const s of sinkNodes) {
    const known = sinks.get(s.node.id())
    sinks.set(s.node.id(), known ? { node: s.node, focus: [...known.focus, ...s.focus] } : s)
  }
  const propagators = new Map<number, { from: SgNode; to: SgNode }[]>()
  for (const p of spec.propagators) {
    for (const node of files.all(p.group)) {
      const from = node.getMatch(p.from)
      const to = node.getMatch(p.to)
      if (from && to) propagators.set(node.id(), [...(propagators.get(node.id()) ?? []), { from, to }])
    }
  }
  const guards = new Map<number, { checked: SgNode[]; safeWhen: boolean }>()
  for (const g of spec.guards) {
    for (const node of files.all(g.group)) {
      const checked = g.focus.flatMap((v) => [node.getMatch(v)].filter((x): x is SgNode => !!x))
      if (checked.length) guards.set(node.id(), { checked, safeWhen: g.safeWhen })
    }
  }
  return {
    guards,
    sources: new Set(sourceNodes.map((n) => n.id())),
    sourceNodes,
    sanitizers: new Set(files.all(spec.sanitizers).map((n) => n.id())),
    sinks,
    propagators,
  }
}

export { FileMatches }

/** The sources and sinks of every rule of a set, each searched as one group. */
interface Unions {
  sources?: EntryGroup
  sinks?: EntryGroup
}
const unions = new WeakMap<TaintSpec[], Unions>()
function unionsOf(specs: TaintSpec[]): Unions {
  let u = unions.get(specs)
  if (!u) {
    const union = (groups: (EntryGroup | undefined)[]) => {
      const parts = new Map<string, NapiConfig>()
      for (const g of groups) for (const part of g?.parts ?? []) parts.set(JSON.stringify(part), part)
      return group([...parts.values()])
    }
    unions.set(specs, (u = { sources: union(specs.map((s) => s.sources)), sinks: union(specs.flatMap((s) => s.sinks.map((k) => k.group))) }))
  }
  return u
}
const specLists = new WeakMap<object, TaintSpec[]>()

/** Runs taint rules on a parsed file. */
export function scanTaint(root: SgNode, astLang: string, rules: { rule: RuleDef; spec: TaintSpec }[]): EngineMatch[] {
  if (!TAINT_SYNTAX[astLang] || !rules.length) return []
  const files = new FileMatches(root)
  // The same rules meet file after file: their specs (and so their combined sources) are the same objects.
  let specs = specLists.get(rules[0].spec)
  if (!specs || specs.length !== rules.length || specs.some((s, i) => s !== rules[i].spec)) specLists.set(rules[0].spec, (specs = rules.map((r) => r.spec)))
  // A file without any source, or without any sink, needs no taint work at all: one search of each tells.
  const all = unionsOf(specs)
  if (!files.all(all.sources).length || !files.all(all.sinks).length) return []
  const deadline = performance.now() + FILE_TIME_MS
  const out: EngineMatch[] = []
  for (const [i, { rule, spec }] of rules.entries()) {
    if (performance.now() > deadline) {
      taintStats.budgetHits++
      noteForFile(`data flow of ${rules.slice(i).map((r) => r.rule.id).join(', ')} not followed: the file used its ${FILE_TIME_MS} ms budget`)
      break
    }
    const m = taintMatches(spec, files, all)
    if (!m) continue
    for (const match of new TaintAnalysis(rule, root, astLang, m, files, deadline).run()) out.push(match)
  }
  return out
}
