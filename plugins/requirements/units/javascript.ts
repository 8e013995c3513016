// JavaScript and TypeScript units: Express and Fastify routes, exported functions and classes (ES modules and
// CommonJS `exports.name =`).
import type { SgNode } from '@ast-grep/napi'
import { kindOf } from '../syntax.ts'
import { callSignature, HTTP_METHODS, signatureOf, stringValue, unitAt, type CodeUnit, type UnitFinder, type UnitSource } from './unit.ts'

/** Names a router or an application usually goes by; a client (`axios.get('/x')`) does not. */
const ROUTER_NAME = /^(app|api|router|routes?|server|fastify|instance|r|v\d+|[a-z]\w*(Router|Routes|App|Api|Server))$/
/** What makes an application or a router: a variable bound to one of these is a receiver whatever its name. */
const FACTORY = /^(?:(express(?:\.Router|\.default)?|Router)|(fastify|Fastify))$/
/** HTTP clients: a variable bound to one calls routes, it does not declare them (`const api = axios.create()`). */
const HTTP_CLIENT = /^(axios(\.create)?|ky\.(create|extend)|got\.extend|supertest|request|wretch)$/
const ROUTE_METHODS = new Set<string>([...HTTP_METHODS, 'all'])
const FUNCTIONS = new Set(['function_declaration', 'generator_function_declaration', 'function_expression', 'arrow_function', 'function', 'generator_function'])
const CLASSES = new Set(['class_declaration', 'abstract_class_declaration', 'class'])

/** The statement that holds a node (its leading comments are the unit's). */
function statementOf(node: SgNode): SgNode {
  let at = node
  while (at.parent() && !/statement|declaration$/.test(kindOf(at))) at = at.parent()!
  return at
}

/** The receiver's name: `app`, `this.router` → `router`, `fastify.register(...)`'s plugin argument is not one. */
function receiverName(object: SgNode | null): string | undefined {
  if (object?.kind() === 'identifier') return object.text()
  if (object?.kind() === 'member_expression') return object.field('property')?.text()
  return undefined
}

/** The method a call calls: `get` of `app.get(...)`, '' for a plain function call. */
function propertyOf(call: SgNode): string {
  const callee = call.field('function')
  return callee?.kind() === 'member_expression' ? callee.field('property')?.text() ?? '' : ''
}

/** Express unless the receiver was made by Fastify, or is named so, or the file uses Fastify alone. */
function frameworkOf(source: UnitSource, receiver: string, bound: Map<string, string>): string {
  const uses = (name: string) => new RegExp(`\\bfrom\\s+['"]${name}['"]|require\\(\\s*['"]${name}['"]\\s*\\)`).test(source.text)
  return bound.get(receiver) ?? (receiver === 'fastify' || (uses('fastify') && !uses('express')) ? 'Fastify' : 'Express')
}

function routes(source: UnitSource): CodeUnit[] {
  const { root, language } = source
  const bound = new Map<string, string>()
  const clients = new Set<string>()
  for (const d of root.findAll({ rule: { kind: 'variable_declarator', has: { field: 'value', kind: 'call_expression' } } })) {
    const factory = d.field('value')?.field('function')?.text() ?? ''
    const m = FACTORY.exec(factory)
    if (m) bound.set(d.field('name')?.text() ?? '', m[1] ? 'Express' : 'Fastify')
    else if (HTTP_CLIENT.test(factory)) clients.add(d.field('name')?.text() ?? '')
  }
  const isReceiver = (name: string | undefined) => name !== undefined && (bound.has(name) || ROUTER_NAME.test(name))
  const out: CodeUnit[] = []
  for (const call of root.findAll({ rule: { kind: 'call_expression', has: { field: 'function', kind: 'member_expression' } } })) {
    const member = call.field('function')!
    const method = member.field('property')?.text() ?? ''
    const args = call.field('arguments')?.namedChildren() ?? []
    let object = member.field('object')
    let path: string | undefined
    let methods = [method.toUpperCase()]
    if (ROUTE_METHODS.has(method)) {
      // `app.route('/book').get(h).post(h)`: the path is the chain's.
      let chain = object
      while (chain?.kind() === 'call_expression' && ROUTE_METHODS.has(propertyOf(chain))) chain = chain.field('function')!.field('object')
      if (chain?.kind() === 'call_expression' && propertyOf(chain) === 'route') {
        path = stringValue(chain.field('arguments')?.namedChildren()[0])
        object = chain.field('function')!.field('object')
      } else path = stringValue(args[0])
    } else if (method === 'route' && args[0]?.kind() === 'object') {
      // Fastify's full declaration: `fastify.route({ method: ['GET', 'POST'], url: '/r', handler })`.
      const pairs = new Map(args[0].namedChildren().filter((p) => p.kind() === 'pair').map((p) => [p.field('key')?.text(), p.field('value')]))
      path = stringValue(pairs.get('url') ?? pairs.get('path'))
      const given = pairs.get('method')
      methods = (given?.kind() === 'array' ? given.namedChildren() : [given]).map((m) => stringValue(m)?.toUpperCase() ?? '?')
    } else continue
    const receiver = receiverName(object)
    if (path === undefined || !(path.startsWith('/') || path === '*') || !isReceiver(receiver) || clients.has(receiver!)) continue
    // A route has a handler after its path; a client's `api.get('/users', {params})` has none.
    if (method !== 'route' && (args.length < 2 || /^(object|array|string|template_string)$/.test(kindOf(args.at(-1)!)))) continue
    out.push(unitAt(statementOf(call), language, { kind: 'route', name: `${methods.join('|')} ${path}`, framework: frameworkOf(source, receiver!, bound), signature: callSignature(call) }))
  }
  return out
}

/** `export function f`, `export default class C`, `export const f = () =>`, `exports.f = function`. */
function exported(source: UnitSource): CodeUnit[] {
  const { root, language } = source
  const out: CodeUnit[] = []
  const add = (statement: SgNode, decl: SgNode, name: string | undefined) => {
    const kind = FUNCTIONS.has(kindOf(decl)) ? 'function' : CLASSES.has(kindOf(decl)) ? 'class' : undefined
    if (!kind) return
    out.push(unitAt(statement, language, { kind, name: name ?? decl.field('name')?.text() ?? 'default', signature: signatureOf(statement, decl.field('body')) }))
  }
  for (const statement of root.children()) {
    if (statement.kind() === 'export_statement') {
      const decl = statement.field('declaration') ?? statement.field('value')
      if (!decl) continue
      if (decl.kind() === 'lexical_declaration' || decl.kind() === 'variable_declaration') {
        for (const d of decl.namedChildren().filter((n) => n.kind() === 'variable_declarator')) {
          const value = d.field('value')
          if (value) add(statement, value, d.field('name')?.text())
        }
      } else add(statement, decl, undefined)
    } else if (statement.kind() === 'expression_statement') {
      const assign = statement.child(0)
      const target = assign?.kind() === 'assignment_expression' ? assign.field('left')?.text() ?? '' : ''
      const named = /^(?:module\.)?exports\.([A-Za-z_$][\w$]*)$/.exec(target)
      const value = assign?.field('right')
      if (value && named) add(statement, value, named[1])
      else if (value && target === 'module.exports') add(statement, value, value.field('name')?.text())
    }
  }
  return out
}

export const javascriptUnits: UnitFinder = (source) => [...routes(source), ...exported(source)]
