// Go units: net/http handlers (http.HandleFunc, mux.Handle, Go 1.22 "GET /path" patterns), gin (and echo)
// routes (r.GET, group.POST…), exported functions and exported struct types.
import type { SgNode } from '@ast-grep/napi'
import { callSignature, signatureOf, stringValue, unitAt, type CodeUnit, type UnitFinder, type UnitSource } from './unit.ts'

const ROUTER_METHODS = new Set(['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'HEAD', 'OPTIONS', 'Any'])
const exportedName = (name: string | undefined) => name !== undefined && /^\p{Lu}/u.test(name)

/** A Go string literal's value: "…" or `…`. */
const goString = (node: SgNode | undefined) => (node?.kind() === 'raw_string_literal' ? node.text().slice(1, -1) : stringValue(node))

function routerOf(source: UnitSource): string {
  return /"github\.com\/labstack\/echo/.test(source.text) ? 'Echo' : /"github\.com\/gin-gonic\/gin"/.test(source.text) ? 'gin' : 'gin-style router'
}

function routes(source: UnitSource): CodeUnit[] {
  const out: CodeUnit[] = []
  for (const call of source.root.findAll({ rule: { kind: 'call_expression', has: { field: 'function', kind: 'selector_expression' } } })) {
    const method = call.field('function')!.field('field')?.text() ?? ''
    const pattern = goString(call.field('arguments')?.namedChildren()[0])
    if (pattern === undefined) continue
    let name: string
    let framework: string
    if (method === 'HandleFunc' || method === 'Handle') {
      // Go 1.22 patterns may name the method and host: "GET example.com/items/{id}".
      const m = /^(?:([A-Z]+)\s+)?(\S*\/\S*)$/.exec(pattern)
      if (!m) continue
      ;[name, framework] = [`${m[1] ?? 'ANY'} ${m[2]}`, 'net/http']
    } else if (ROUTER_METHODS.has(method) && pattern.startsWith('/')) {
      ;[name, framework] = [`${method === 'Any' ? 'ANY' : method} ${pattern}`, routerOf(source)]
    } else continue
    const statement = call.parent()?.kind() === 'expression_statement' ? call.parent()! : call
    out.push(unitAt(statement, source.language, { kind: 'route', name, framework, signature: callSignature(call) }))
  }
  return out
}

function declarations({ root, language }: UnitSource): CodeUnit[] {
  const out: CodeUnit[] = []
  for (const decl of root.children()) {
    if (decl.kind() === 'function_declaration' && exportedName(decl.field('name')?.text()))
      out.push(unitAt(decl, language, { kind: 'function', name: decl.field('name')!.text(), signature: signatureOf(decl, decl.field('body')) }))
    else if (decl.kind() === 'type_declaration') {
      for (const spec of decl.namedChildren().filter((s) => s.kind() === 'type_spec' && s.field('type')?.kind() === 'struct_type' && exportedName(s.field('name')?.text())))
        out.push(unitAt(decl, language, { kind: 'class', name: spec.field('name')!.text(), signature: signatureOf(spec, spec.field('type')?.namedChildren()[0]) }))
    }
  }
  return out
}

export const goUnits: UnitFinder = (source) => [...routes(source), ...declarations(source)]
