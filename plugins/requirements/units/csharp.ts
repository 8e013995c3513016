// C# units: ASP.NET Core controller actions ([HttpGet], [Route], under the class's [Route] with [controller]
// and [action] filled in), minimal API routes (app.MapGet…) and public top-level types.
import type { SgNode } from '@ast-grep/napi'
import { kindOf } from '../syntax.ts'
import { callSignature, headerLines, joinPath, signatureOf, stringValue, unitAt, type CodeUnit, type UnitFinder } from './unit.ts'

const VERBS: Record<string, string> = { HttpGet: 'GET', HttpPost: 'POST', HttpPut: 'PUT', HttpDelete: 'DELETE', HttpPatch: 'PATCH', HttpHead: 'HEAD', HttpOptions: 'OPTIONS', Route: 'ANY' }
const MAP_METHODS: Record<string, string> = { MapGet: 'GET', MapPost: 'POST', MapPut: 'PUT', MapDelete: 'DELETE', MapPatch: 'PATCH', MapMethods: 'ANY', Map: 'ANY' }
const TYPES = new Set(['class_declaration', 'interface_declaration', 'record_declaration', 'struct_declaration', 'enum_declaration'])
const CONTAINERS = new Set(['compilation_unit', 'namespace_declaration', 'declaration_list', 'file_scoped_namespace_declaration'])

const isPublic = (decl: SgNode) => decl.namedChildren().some((n) => n.kind() === 'modifier' && n.text() === 'public')
/** `[HttpGet("{id}")]` → {verb: GET, path: "{id}"}; `Attribute` suffixes allowed. */
function attributes(decl: SgNode): { verb: string; path: string }[] {
  return decl.namedChildren().filter((n) => n.kind() === 'attribute_list').flatMap((list) => list.namedChildren()).flatMap((attr) => {
    const verb = VERBS[(attr.field('name')?.text() ?? '').replace(/Attribute$/, '')]
    const arg = attr.namedChildren().find((n) => n.kind() === 'attribute_argument_list')?.namedChildren()[0]
    return verb ? [{ verb, path: stringValue(arg?.namedChildren()[0]) ?? '' }] : []
  })
}

/** A type declared at file or namespace level (not inside another type). */
const topLevel = (decl: SgNode) => decl.ancestors().every((a) => CONTAINERS.has(kindOf(a)) && !(a.kind() === 'declaration_list' && TYPES.has(a.parent() ? kindOf(a.parent()!) : '')))

export const csharpUnits: UnitFinder = ({ root, language }) => {
  const out: CodeUnit[] = []
  for (const type of root.findAll({ rule: { any: [...TYPES].map((kind) => ({ kind })) } }).filter((t) => isPublic(t) && topLevel(t))) {
    const name = type.field('name')?.text() ?? '?'
    const prefix = (attributes(type).find((a) => a.verb === 'ANY')?.path ?? '').replace(/\[controller\]/gi, name.replace(/Controller$/, ''))
    const within = headerLines(type, language)
    const routes: CodeUnit[] = []
    for (const method of type.field('body')?.namedChildren().filter((m) => m.kind() === 'method_declaration') ?? []) {
      const found = attributes(method)
      if (!found.length) continue
      const action = method.field('name')?.text() ?? ''
      const verb = found.find((a) => a.verb !== 'ANY') ?? found[0]
      const path = (found.find((a) => a.path)?.path ?? '').replace(/\[action\]/gi, action)
      // `~/x` starts from the root, not from the controller's route.
      const full = path.startsWith('/') || path.startsWith('~/') ? path.replace(/^~/, '') : `/${joinPath(prefix, path).replace(/^\//, '')}`
      const body = method.field('body') ?? method.namedChildren().find((n) => n.kind() === 'arrow_expression_clause')
      routes.push(unitAt(method, language, { kind: 'route', name: `${verb.verb} ${full}`, framework: 'ASP.NET', signature: signatureOf(method, body), within }))
    }
    if (routes.length) out.push(...routes)
    else out.push(unitAt(type, language, { kind: 'class', name, signature: signatureOf(type, type.field('body')) }))
  }
  // Minimal APIs: `app.MapGet("/todos/{id}", handler)`.
  for (const call of root.findAll({ rule: { kind: 'invocation_expression', has: { field: 'function', kind: 'member_access_expression' } } })) {
    const verb = MAP_METHODS[call.field('function')!.field('name')?.text() ?? '']
    const path = stringValue(call.field('arguments')?.namedChildren()[0]?.namedChildren()[0])
    if (!verb || path === undefined || !path.startsWith('/')) continue
    // The outermost statement of the call (a top-level one is a `global_statement`) holds its comments.
    let statement = call
    for (let up = call.parent(); up && !/^(block|compilation_unit|declaration_list)$/.test(kindOf(up)); up = up.parent()) if (/statement$/.test(kindOf(up))) statement = up
    out.push(unitAt(statement, language, { kind: 'route', name: `${verb} ${path}`, framework: 'ASP.NET', signature: callSignature(call) }))
  }
  return out
}
