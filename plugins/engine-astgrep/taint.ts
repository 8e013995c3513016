// Taint mode: follows data from a rule's sources to its sinks through each function's statements, in source order.
// Assignments (and `+=`), destructuring, parameters, returns, branches and loops move it; every other expression
// carries its operands' taint (so string building of every form propagates), except sanitizers, constants,
// comparisons and arithmetic, and calls known to return numbers or booleans. Calls to functions of the same file
// use their summary (which parameters reach the return, which reach a sink); fields written in one method are read
// in the others. Each function and file has a budget: past it the rest is left unanalysed and counted.
import type { NapiConfig, SgNode } from '@ast-grep/napi'
import type { AstRule, EngineMatch, RuleDef, TaintTraceStep } from '../../kernel/engine-api.ts'
import { fieldOf, kindOf, operatorOf, TAINT_SYNTAX, type TaintSyntax } from './taint-syntax.ts'

/** Counts what the analysis did in this thread (the bench and tests read them). */
export const taintStats = { files: 0, functions: 0, budgetHits: 0 }

/** Node visits one function may take, and one file for one rule. */
const FUNCTION_BUDGET = 20_000
const FILE_BUDGET = 400_000
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

/** A sink entry: the ast-grep rule, and the metavariables that name its dangerous parts (default: the whole match). */
interface SinkSpec {
  config: NapiConfig
  focus: string[]
}
interface PropagatorSpec {
  config: NapiConfig
  from: string
  to: string
}
export interface TaintSpec {
  sources: NapiConfig[]
  sanitizers: NapiConfig[]
  sinks: SinkSpec[]
  propagators: PropagatorSpec[]
}

const metavariable = (v: unknown) => (typeof v === 'string' ? v.replace(/^\$+/, '') : undefined)
const configOf = (entry: AstRule): NapiConfig => {
  const { focus: _f, from: _from, to: _to, ...rule } = entry
  return { rule } as unknown as NapiConfig
}

export const TAINT_KEYS = ['sources', 'sinks', 'sanitizers', 'propagators'] as const

/** The rule's taint entries as ast-grep configs. */
export function taintSpec(rule: RuleDef): TaintSpec {
  return {
    sources: (rule.sources ?? []).map(configOf),
    sanitizers: (rule.sanitizers ?? []).map(configOf),
    sinks: (rule.sinks ?? []).map((s) => ({ config: configOf(s), focus: [s.focus].flat().map(metavariable).filter((v): v is string => !!v) })),
    propagators: (rule.propagators ?? []).flatMap((p) => {
      const from = metavariable(p.from)
      const to = metavariable(p.to)
      return from && to ? [{ config: configOf(p), from, to }] : []
    }),
  }
}

/** Methods whose result is a number or a boolean, or a fixed kind of value, whatever the receiver holds. */
const CLEAN_CALLS = new Set([
  'length', 'size', 'count', 'len', 'isEmpty', 'is_empty', 'empty?', 'isBlank', 'equals', 'equalsIgnoreCase', 'hashCode', 'compareTo',
  'startsWith', 'endsWith', 'startswith', 'endswith', 'start_with?', 'end_with?', 'contains', 'includes', 'include?', 'has', 'hasOwnProperty', 'indexOf',
  'lastIndexOf', 'index', 'find_index', 'matches', 'test', 'exists', 'isdigit', 'isnumeric', 'isalpha', 'isalnum', 'nil?', 'blank?', 'present?', 'any?',
  'Count', 'Length', 'Equals', 'Contains', 'StartsWith', 'EndsWith', 'IndexOf', 'IsNullOrEmpty', 'IsNullOrWhiteSpace', 'HasPrefix', 'HasSuffix',
  'typeof', 'isinstance', 'hasattr', 'callable', 'id', 'hash', 'bool', 'isNaN', 'isFinite', 'isArray', 'instanceof',
])

/** Methods that put their (only or last) argument into their receiver. */
const MUTATORS = new Set(['append', 'add', 'push', 'unshift', 'insert', 'extend', 'addAll', 'write', 'writelines', 'update', 'WriteString', 'Write', 'Append', 'AppendLine', 'AppendFormat', 'Add', 'AddRange', 'Insert', 'offer', 'concat', 'push_str', 'prepend', 'appendleft', 'store'])
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
}

/** The matches of each config in one file, shared by the rules that use the same entries (the request sources). */
class FileMatches {
  private readonly cache = new Map<string, SgNode[]>()
  constructor(private readonly root: SgNode) {}

  all(config: NapiConfig): SgNode[] {
    const key = JSON.stringify(config)
    let nodes = this.cache.get(key)
    if (!nodes) {
      try {
        nodes = this.root.findAll(config)
      } catch {
        nodes = [] // an entry that does not compile for this grammar (validated per language at load)
      }
      this.cache.set(key, nodes)
    }
    return nodes
  }
}

class Budget extends Error {}

/** Variables in scope: this function's, then the enclosing function's (closures read them). */
class Env {
  private readonly vars = new Map<string, Taint | null>()
  constructor(private readonly outer?: Env) {}

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
    this.vars.set(name, t ?? null)
    for (const key of [...this.vars.keys()]) if (key.startsWith(`${name}.`)) this.vars.delete(key)
  }

  setMember(path: string, t: Taint): void {
    this.vars.set(path, t ?? null)
  }

  fork(): Env {
    const copy = new Env(this.outer)
    for (const [k, v] of this.vars) copy.vars.set(k, v)
    return copy
  }

  /** After a branch: a variable is tainted when either side left it so. */
  join(a: Env, b: Env): void {
    for (const key of new Set([...a.vars.keys(), ...b.vars.keys()])) {
      const joined = union(a.vars.has(key) ? a.vars.get(key) ?? undefined : this.get(key), b.vars.has(key) ? b.vars.get(key) ?? undefined : this.get(key))
      this.vars.set(key, joined ?? null)
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

  constructor(
    private readonly rule: RuleDef,
    private readonly root: SgNode,
    astLang: string,
    private readonly m: Matches,
  ) {
    this.syntax = TAINT_SYNTAX[astLang]
  }

  /** Analyses the functions that hold a source or a sink, twice when a field carries taint between methods. */
  run(): EngineMatch[] {
    const candidates = new Map<number, SgNode>()
    const enclosing = (n: SgNode) => n.ancestors().find((a) => this.syntax.functions.has(kindOf(a))) ?? this.root
    for (const n of this.m.sourceNodes) candidates.set(enclosing(n).id(), enclosing(n))
    for (const { node } of this.m.sinks.values()) candidates.set(enclosing(node).id(), enclosing(node))
    for (const fn of this.root.findAll({ rule: { any: [...this.syntax.functions].map((kind) => ({ kind })) } } as unknown as NapiConfig)) {
      const name = this.syntax.functionName(fn)
      if (name) this.functionsByName.set(name, [...(this.functionsByName.get(name) ?? []), fn])
    }
    taintStats.files++
    for (let round = 0; round < 2; round++) {
      this.fieldsChanged = false
      for (const fn of candidates.values()) this.analyseEntry(fn)
      if (!this.fieldsChanged || this.fields.size === 0) break
    }
    return [...this.findings.values()]
  }

  private analyseEntry(fn: SgNode): void {
    try {
      this.analyse(fn, () => undefined)
    } catch (e) {
      if (!(e instanceof Budget)) throw e
      taintStats.budgetHits++
    }
  }

  /** Runs one function with the given parameter taints; its returns and parameter sinks are collected in a frame. */
  private analyse(fn: SgNode, paramTaint: (i: number, name: SgNode) => Taint, outer?: Env): Frame {
    taintStats.functions++
    const frame: Frame = { fn, returns: undefined, paramSinks: new Map(), work: 0 }
    this.frames.push(frame)
    try {
      const env = new Env(outer)
      const isRoot = fn.id() === this.root.id()
      if (!isRoot) {
        this.syntax.parameters(fn).forEach(({ param, name }, i) => {
          let t = paramTaint(i, name)
          if (this.m.sources.has(param.id()) || this.m.sources.has(name.id())) t = union(t, this.sourceTaint(name))
          if (t) env.set(name.text(), t)
        })
      }
      const body = isRoot ? fn : fieldOf(fn, 'body') ?? fn.namedChildren().at(-1) ?? null
      if (body) {
        if (!isRoot && kindOf(body) !== kindOf(fn) && !/block|body|statement|compound|declaration_list/.test(kindOf(body)) && kindOf(fn) !== 'method') {
          // An expression body (`x => x.trim()`): its value is the return.
          this.visit(body, env)
          frame.returns = union(frame.returns, this.taintOf(body, env))
        } else {
          for (const child of body.namedChildren()) this.visit(child, env)
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
    if (++this.work > FILE_BUDGET || ++this.frame.work > FUNCTION_BUDGET) throw new Budget()
  }

  private sourceTaint(n: SgNode): Taint {
    return [{ origin: -1, steps: [stepAt(n, `source: ${shortText(n)}`)] }]
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
      if (assignment.value) this.visit(assignment.value, env)
      const t = this.taintOf(assignment.value, env)
      for (const target of assignment.targets) this.bind(target, t, assignment.augmented, env)
      // A literal dict or object with constant keys: each member is tracked on its own (`d["safe"]` stays clean).
      const pairs = assignment.value && assignment.targets.length === 1 && !assignment.augmented ? this.syntax.pairs(assignment.value) : undefined
      const path = pairs && this.pathOf(assignment.targets[0])
      if (pairs && path !== undefined) {
        env.setMember(path, undefined)
        for (const { key, value } of pairs) env.setMember(`${path}.${key}`, withStep(this.taintOf(value, env), stepAt(value, `${path}[${key}] = …`)))
      }
      return
    }
    const branch = s.branch(n)
    if (branch) {
      if (branch.condition) this.visit(branch.condition, env)
      const constant = this.constantCondition(branch.condition)
      if (constant !== undefined) {
        const taken = constant ? branch.then : branch.otherwise
        if (taken) this.visit(taken, env)
        return
      }
      const then = env.fork()
      const otherwise = env.fork()
      if (branch.then) this.visit(branch.then, then)
      if (branch.otherwise) this.visit(branch.otherwise, otherwise)
      env.join(then, otherwise)
      return
    }
    if (s.loops.has(kind)) {
      // Twice: what the body taints at its end reaches its start on the next iteration.
      for (let i = 0; i < 2; i++) for (const child of n.namedChildren()) this.visit(child, env)
      return
    }
    if (s.returns.has(kind)) {
      const value = n.namedChildren()[0]
      if (value) {
        this.visit(value, env)
        this.frame.returns = union(this.frame.returns, this.taintOf(value, env))
      }
      return
    }
    for (const child of n.namedChildren()) this.visit(child, env)
    if (s.calls[kind]) {
      this.callTaint(n, env) // reports what a local function's parameters reach
      this.mutate(n, env)
      this.propagate(n, env)
    }
    const sink = this.m.sinks.get(n.id())
    if (sink) this.checkSink(sink.node, sink.focus, env)
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
      if (s.selfWords.has(member.object.text())) this.setField(target, member.property, value)
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

  private classKey(n: SgNode): string {
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
    if (s.references.has(kindOf(n)) || s.selfWords.has(n.text())) return n.text()
    const m = s.member(n)
    if (!m) return undefined
    const base = this.pathOf(m.object)
    return base === undefined ? undefined : `${base}.${m.property}`
  }

  /** The taint an expression's value carries. */
  private taintOf(n: SgNode | null, env: Env): Taint {
    if (!n) return undefined
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
      if (s.selfWords.has(member.object.text())) return union(own, union(this.fields.get(`${this.classKey(n)}.${member.property}`), path ? env.whole(path) : undefined))
      return union(own, this.taintOf(member.object, env))
    }
    if (s.calls[kind]) return union(own, this.callTaint(n, env))
    const branch = s.branch(n)
    if (branch) {
      const constant = this.constantCondition(branch.condition)
      if (constant !== undefined) return union(own, this.taintOf(constant ? branch.then : branch.otherwise, env))
      return union(own, union(this.taintOf(branch.then, env), this.taintOf(branch.otherwise, env)))
    }
    const assignment = s.assignment(n)
    if (assignment) return union(own, this.taintOf(assignment.value, env))
    if (s.operators.has(kind)) {
      const op = operatorOf(n)
      if (op !== undefined && s.cleanOperators.has(op)) return own
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
    const local = name !== undefined && (!receiver || this.syntax.selfWords.has(receiver.text())) ? this.localFunction(name) : undefined
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
      const key = this.syntax.constantKey(args[0])
      if (path !== undefined && key !== undefined && env.hasMembers(path)) return union(env.lookup(`${path}.${key}`) ?? undefined, env.get(path))
    }
    // `request.get_json()`: the method itself is the source.
    const callee = shape.callee(n)
    let t = callee && this.m.sources.has(callee.id()) ? this.sourceTaint(callee) : undefined
    if (receiver) t = union(t, this.taintOf(receiver, env))
    for (const arg of args) t = union(t, this.taintOf(arg, env))
    return t
  }

  /** The one function of this file with that name (an overloaded or repeated name is not followed). */
  private localFunction(name: string): SgNode | undefined {
    const found = this.functionsByName.get(name)
    return found?.length === 1 ? found[0] : undefined
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
      taintStats.budgetHits++
      // Over budget: assume each parameter reaches the return, and report nothing inside.
      summary = { returnParams: new Set(this.syntax.parameters(fn).map((_p, i) => i)), returnSource: undefined, paramSinks: new Map() }
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
    if (!path || this.syntax.selfWords.has(path)) return
    const args = shape.args(n)
    const key = KEYED_SETTERS.has(name) && args.length >= 2 ? this.syntax.constantKey(args[0]) : undefined
    const t = this.taintOf(KEYED_SETTERS.has(name) && args.length >= 2 ? args[args.length - 1] : args[0] ?? null, env)
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
    return {
      rule_id: this.rule.id,
      line: start.line + 1,
      column: start.column + 1,
      end_line: end.line + 1,
      end_column: end.column + 1,
      message: `${source} reaches ${sinkName}${through}: ${this.rule.message}`,
      matched: sink.text(),
      trace: [...steps, stepAt(sink, `sink: ${sinkName}`)],
    }
  }

  /** The value of a condition when it is a literal (`true`, `if False:`, `0`), else undefined. */
  private constantCondition(condition: SgNode | null): boolean | undefined {
    let n = condition
    while (n && n.namedChildren().length === 1 && /parenthesized|condition_clause/.test(kindOf(n))) n = n.namedChildren()[0]
    if (!n) return undefined
    const text = n.text()
    if (/^(true|True)$/.test(text)) return true
    if (/^(false|False|nil|None|null)$/.test(text)) return false
    if (/^\d+$/.test(text)) return Number(text) !== 0
    return undefined
  }
}

/** Every match of the rule's taint entries in the file, or null when it has no source or no sink. */
export function taintMatches(spec: TaintSpec, files: FileMatches): Matches | null {
  const sinkNodes = spec.sinks.flatMap((s) => files.all(s.config).map((node) => ({ node, focus: s.focus.length ? s.focus.flatMap((v) => node.getMultipleMatches(v).length ? node.getMultipleMatches(v) : [node.getMatch(v)].filter((x): x is SgNode => !!x)) : [node] })))
  if (!sinkNodes.length) return null
  const sourceNodes = spec.sources.flatMap((c) => files.all(c))
  if (!sourceNodes.length) return null
  const sinks = new Map<number, { node: SgNode; focus: SgNode[] }>()
  for (const s of sinkNodes) {
    const known = sinks.get(s.node.id())
    sinks.set(s.node.id(), known ? { node: s.node, focus: [...known.focus, ...s.focus] } : s)
  }
  const propagators = new Map<number, { from: SgNode; to: SgNode }[]>()
  for (const p of spec.propagators) {
    for (const node of files.all(p.config)) {
      const from = node.getMatch(p.from)
      const to = node.getMatch(p.to)
      if (from && to) propagators.set(node.id(), [...(propagators.get(node.id()) ?? []), { from, to }])
    }
  }
  return {
    sources: new Set(sourceNodes.map((n) => n.id())),
    sourceNodes,
    sanitizers: new Set(spec.sanitizers.flatMap((c) => files.all(c)).map((n) => n.id())),
    sinks,
    propagators,
  }
}

export { FileMatches }

/** Runs taint rules on a parsed file. */
export function scanTaint(root: SgNode, astLang: string, rules: { rule: RuleDef; spec: TaintSpec }[]): EngineMatch[] {
  if (!TAINT_SYNTAX[astLang]) return []
  const files = new FileMatches(root)
  const out: EngineMatch[] = []
  for (const { rule, spec } of rules) {
    const m = taintMatches(spec, files)
    if (!m) continue
    for (const match of new TaintAnalysis(rule, root, astLang, m).run()) out.push(match)
  }
  return out
}
