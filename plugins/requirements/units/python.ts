// Python units: Flask and FastAPI routes (decorators), Django URL patterns (urls.py), public module-level
// functions and classes.
import type { SgNode } from '@ast-grep/napi'
import { callSignature, HTTP_METHODS, pythonDocstring, signatureOf, stringValue, unitAt, type CodeUnit, type UnitFinder, type UnitSource } from './unit.ts'

const DECORATOR_METHODS = new Set<string>([...HTTP_METHODS, 'route', 'api_route', 'websocket'])
const DJANGO_PATHS = new Set(['path', 're_path', 'url'])

/** A decorator that declares a route: `@app.route('/x', methods=['POST'])`, `@router.get('/items/{id}')`. */
function routeOf(decorator: SgNode, fastapi: boolean): { name: string; framework: string } | undefined {
  const call = decorator.namedChildren()[0]
  if (call?.kind() !== 'call' || call.field('function')?.kind() !== 'attribute') return undefined
  const verb = call.field('function')!.field('attribute')?.text() ?? ''
  if (!DECORATOR_METHODS.has(verb)) return undefined
  const args = call.field('arguments')?.namedChildren() ?? []
  const path = stringValue(args.find((a) => a.kind() !== 'keyword_argument'))
  if (path === undefined || !path.startsWith('/')) return undefined
  const listed = args.find((a) => a.kind() === 'keyword_argument' && a.field('name')?.text() === 'methods')?.field('value')
  const methods = listed ? listed.namedChildren().map((m) => stringValue(m)?.toUpperCase() ?? '?') : [verb === 'route' ? 'GET' : verb === 'websocket' ? 'WEBSOCKET' : verb.toUpperCase()]
  return { name: `${methods.join('|')} ${path}`, framework: fastapi ? 'FastAPI' : 'Flask' }
}

const isPublic = (name: string | undefined) => name !== undefined && !name.startsWith('_')

function definitions(source: UnitSource): CodeUnit[] {
  const { root, language } = source
  const fastapi = /^\s*(from\s+fastapi\b|import\s+fastapi\b)/m.test(source.text)
  const out: CodeUnit[] = []
  const unit = (statement: SgNode, def: SgNode, kind: 'route' | 'function' | 'class', name: string, framework?: string) => {
    const docstring = pythonDocstring(def.field('body'))
    out.push(unitAt(statement, language, { kind, name, framework, signature: signatureOf(def, def.field('body')), doc: docstring ? [docstring] : [] }))
  }
  // Routes anywhere (an application factory declares them inside a function); other units at module level.
  for (const decorated of root.findAll({ rule: { kind: 'decorated_definition' } })) {
    const def = decorated.field('definition')
    const route = def && decorated.namedChildren().filter((d) => d.kind() === 'decorator').map((d) => routeOf(d, fastapi)).find(Boolean)
    if (def && route) unit(decorated, def, 'route', route.name, route.framework)
  }
  const routed = new Set(out.map((u) => u.line))
  for (const statement of root.children()) {
    const def = statement.kind() === 'decorated_definition' ? statement.field('definition') : statement
    if (!def || routed.has(statement.range().start.line + 1)) continue
    const name = def.field('name')?.text()
    if (def.kind() === 'function_definition' && isPublic(name)) unit(statement, def, 'function', name!)
    else if (def.kind() === 'class_definition' && isPublic(name)) unit(statement, def, 'class', name!)
  }
  return out
}

/** `path('users/<int:pk>/', views.user_detail)` in a urls.py; an `include(...)` mounts other patterns, no view. */
function djangoPatterns(source: UnitSource): CodeUnit[] {
  if (!/(^|\/)urls\.py$/.test(source.path)) return []
  const out: CodeUnit[] = []
  for (const call of source.root.findAll({ rule: { kind: 'call', has: { field: 'function', kind: 'identifier' } } })) {
    if (!DJANGO_PATHS.has(call.field('function')!.text())) continue
    const [route, view] = call.field('arguments')?.namedChildren() ?? []
    const pattern = stringValue(route)
    if (pattern === undefined || !view || (view.kind() === 'call' && view.field('function')?.text() === 'include')) continue
    out.push(unitAt(call, source.language, { kind: 'route', name: `ANY ${pattern.startsWith('^') || pattern.startsWith('/') ? pattern : `/${pattern}`}`, framework: 'Django', signature: callSignature(call) }))
  }
  return out
}

export const pythonUnits: UnitFinder = (source) => [...definitions(source), ...djangoPatterns(source)]
