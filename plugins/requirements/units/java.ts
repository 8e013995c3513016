// Java units: Spring MVC routes (@GetMapping… and @RequestMapping, under the class's @RequestMapping prefix) and
// public top-level types. Public methods are not units of their own: their class is.
import type { SgNode } from '@ast-grep/napi'
import { kindOf } from '../syntax.ts'
import { headerLines, signatureOf, stringValue, unitAt, joinPath, type CodeUnit, type UnitFinder } from './unit.ts'

const MAPPINGS: Record<string, string> = { GetMapping: 'GET', PostMapping: 'POST', PutMapping: 'PUT', DeleteMapping: 'DELETE', PatchMapping: 'PATCH', RequestMapping: 'ANY' }
const TYPES = new Set(['class_declaration', 'interface_declaration', 'enum_declaration', 'record_declaration'])

const annotationsOf = (decl: SgNode) =>
  decl.namedChildren().find((n) => n.kind() === 'modifiers')?.namedChildren().filter((a) => a.kind() === 'annotation' || a.kind() === 'marker_annotation') ?? []
const isPublic = (decl: SgNode) => decl.namedChildren().find((n) => n.kind() === 'modifiers')?.children().some((m) => m.text() === 'public') ?? false

/** A mapping annotation's path and method: `@GetMapping("/x")`, `@RequestMapping(value = "/x", method = RequestMethod.POST)`. */
function mapping(annotation: SgNode): { path: string; method: string } | undefined {
  const method = MAPPINGS[annotation.field('name')?.text() ?? '']
  if (!method) return undefined
  const args = annotation.field('arguments')?.namedChildren() ?? []
  const pairs = new Map(args.filter((a) => a.kind() === 'element_value_pair').map((p) => [p.field('key')?.text(), p.field('value')]))
  const value = args.find((a) => a.kind() !== 'element_value_pair') ?? pairs.get('value') ?? pairs.get('path')
  const first = value?.kind() === 'element_value_array_initializer' ? value.namedChildren()[0] : value
  const verb = /RequestMethod\.(\w+)/.exec(pairs.get('method')?.text() ?? '')?.[1]
  return { path: stringValue(first) ?? '', method: verb ?? method }
}

export const javaUnits: UnitFinder = ({ root, language }) => {
  const out: CodeUnit[] = []
  // Spring serves the routes of a package-private controller too; a class is a unit of its own when public.
  for (const type of root.children().filter((n) => TYPES.has(kindOf(n)))) {
    const routes: CodeUnit[] = []
    const prefix = annotationsOf(type).map(mapping).find(Boolean)?.path ?? ''
    const within = headerLines(type, language)
    for (const method of type.field('body')?.namedChildren().filter((m) => m.kind() === 'method_declaration') ?? []) {
      const route = annotationsOf(method).map(mapping).find(Boolean)
      if (!route) continue
      const name = `${route.method} ${joinPath(prefix, route.path)}`
      routes.push(unitAt(method, language, { kind: 'route', name, framework: 'Spring', signature: signatureOf(method, method.field('body')), within }))
    }
    // A controller is traced through its routes: it is no unit of its own.
    if (routes.length) out.push(...routes)
    else if (isPublic(type)) out.push(unitAt(type, language, { kind: 'class', name: type.field('name')?.text() ?? '?', signature: signatureOf(type, type.field('body')) }))
  }
  return out
}
