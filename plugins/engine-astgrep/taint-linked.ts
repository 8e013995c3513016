// Calls into functions of other files of the repository, read through the summaries the kernel hands over (see
// kernel/scan/linked.ts): which function a call names (by a named import, a module object, a class or an object of
// one), and what that function does with its parameters.
import type { LinkedFiles, TaintTraceStep } from '../../kernel/engine-api.ts'
import { instanceBindings, receiverName, type FileImports, type ImportBinding } from './imports.ts'

/** What one function does with its parameters, as the files that call it read it. */
export interface LinkedFunction {
  /** The parameters a call passes (a Python method's `self` left out). */
  params: number
  /** Parameter index → the rules for which its data reaches the return. */
  returns?: Record<string, string[]>
  /** Request data the function returns (from a source inside it): the rules, and the way it took. */
  source?: { rules: string[]; steps: TaintTraceStep[] }[]
  /** Parameters that reach a sink of a rule: the way from the parameter to the sink, which is its last step. */
  sinks?: { param: number; rule: string; steps: TaintTraceStep[] }[]
}

/** A file's summary: its functions and methods by name, its default export's name, and Go's package name. */
export interface LinkedSummary {
  functions: Record<string, LinkedFunction[]>
  default?: string
  package?: string
}

const summaryOf = (s: unknown) => s as LinkedSummary

export class LinkedCalls {
  private readonly byLocal = new Map<string, ImportBinding[]>()
  private readonly open: string[]
  /** Names a call may use for a function that reaches a sink, or that returns request data (`any`: every call may). */
  readonly names = { sink: new Set<string>(), source: new Set<string>(), any: false }
  /** The rules some imported function reaches a sink of, or returns request data for. */
  readonly rules = { sink: new Set<string>(), source: new Set<string>() }
  /**
   * Without summaries yet: per import, the names called through it with request data, or where their value may reach
   * a sink (the functions worth summarising in the imported file).
   */
  recorded?: Map<string, Set<string>>

  constructor(
    imports: FileImports,
    language: string,
    text: string,
    private readonly linked: LinkedFiles,
  ) {
    for (const b of [...imports.bindings, ...instanceBindings(language, text, imports.bindings)]) this.byLocal.set(b.local, [...(this.byLocal.get(b.local) ?? []), b])
    this.open = imports.open
    for (const [spec, files] of Object.entries(linked)) {
      for (const { summary } of files) {
        for (const [name, fns] of Object.entries(summaryOf(summary).functions ?? {})) {
          for (const fn of fns) {
            if (fn.sinks?.length) this.names.sink.add(name)
            if (fn.source?.length) this.names.source.add(name)
            for (const s of fn.sinks ?? []) this.rules.sink.add(s.rule)
            for (const s of fn.source ?? []) for (const r of s.rules) this.rules.source.add(r)
          }
        }
      }
      // A named import under another name (`import { find as lookup }`), or a module called as its default export.
      for (const b of imports.bindings) {
        if (b.spec !== spec) continue
        for (const fn of files.flatMap(({ summary }) => summaryOf(summary).functions?.[this.exported(b.name, summaryOf(summary)) ?? ''] ?? [])) {
          if (fn.sinks?.length) this.names.sink.add(b.local)
          if (fn.source?.length) this.names.source.add(b.local)
        }
      }
    }
  }

  /** Records the calls into other files that would need a summary (see `recorded`); undefined when the file imports nothing. */
  static recorder(imports: FileImports, language: string, text: string): LinkedCalls | undefined {
    if (!imports.bindings.length && !imports.open.length) return undefined
    const calls = new LinkedCalls(imports, language, text, {})
    calls.recorded = new Map()
    // A function that names what the file imports may call into it (any call, where functions are imported bare).
    for (const name of calls.byLocal.keys()) calls.names.sink.add(name).add(name.split('.')[0])
    calls.names.any = imports.open.length > 0
    calls.names.source = calls.names.sink
    return calls
  }

  /** What `recorded` holds, as a file's links: per import, the names (sorted). */
  links(): Record<string, string[]> {
    return Object.fromEntries([...(this.recorded ?? [])].map(([spec, names]) => [spec, [...names].sort()]))
  }

  /** The functions a call may name in the imports, as [import, name] (see `lookup`), while recording. */
  candidates(name: string, receiverText: string | undefined): [string, string][] {
    if (!this.recorded) return []
    if (receiverText !== undefined) {
      const receiver = receiverName(receiverText)
      return (receiver === undefined ? [] : this.byLocal.get(receiver) ?? []).map((b) => [b.spec, name])
    }
    return [...(this.byLocal.get(name) ?? []).map((b): [string, string] => [b.spec, b.name === '*' ? 'default' : b.name]), ...this.open.map((spec): [string, string] => [spec, name])]
  }

  /** Records functions worth a summary: a call gives them request data, or what they return reaches a sink. */
  want(calls: [string, string][]): void {
    for (const [spec, fn] of calls) this.recorded?.set(spec, (this.recorded.get(spec) ?? new Set()).add(fn))
  }

  private exported(name: string, summary: LinkedSummary): string | undefined {
    return name === '*' || name === 'default' ? summary.default ?? 'default' : name
  }

  /**
   * The function a call names in another file: a bare name bound by an import (or found in an import whose functions
   * are called bare), or a method of what its receiver names (a module, a class, an object made from one).
   */
  lookup(name: string, receiverText: string | undefined, arity: number): LinkedFunction | undefined {
    if (this.recorded) return undefined
    if (receiverText !== undefined) {
      const receiver = receiverName(receiverText)
      for (const b of receiver === undefined ? [] : this.byLocal.get(receiver) ?? []) {
        const fn = this.inFiles(b.spec, name, arity, b)
        if (fn) return fn
      }
      return undefined
    }
    for (const b of this.byLocal.get(name) ?? []) {
      const fn = this.inFiles(b.spec, undefined, arity, b)
      if (fn) return fn
    }
    for (const spec of this.open) {
      const fn = this.inFiles(spec, name, arity)
      if (fn) return fn
    }
    return undefined
  }

  /** A function of the files an import names: `name`, or what the binding names (its default export). */
  private inFiles(spec: string, name: string | undefined, arity: number, binding?: ImportBinding): LinkedFunction | undefined {
    for (const { summary } of this.linked[spec] ?? []) {
      const s = summaryOf(summary)
      // Go: an import path whose last folder is not the package's name names another package.
      if (spec.startsWith('…/') && s.package !== undefined && s.package !== spec.split('/').at(-2)) continue
      const fnName = name ?? (binding ? this.exported(binding.name, s) : undefined)
      const fns = fnName === undefined ? undefined : s.functions?.[fnName]
      if (!fns?.length) continue
      const fit = fns.length === 1 ? fns[0] : fns.find((f) => f.params === arity)
      if (fit) return fit
    }
    return undefined
  }
}
