// A code unit a requirement may trace (a route, an exported function, a public class), and what every language's
// finder shares: leading comments, signatures, doc text, string literal values.
import type { SgNode } from '@ast-grep/napi'
import type { UnitKind } from '../schemas.ts'
import { endOf, isComment, isDocstring, kindOf, lineOf } from '../syntax.ts'

export interface CodeUnit {
  kind: UnitKind
  /** `GET /users/:id` for a route, else the function or class name. */
  name: string
  /** The web framework of a route (Express, Flask, Spring…); null for functions and classes. */
  framework: string | null
  /** 1-based: the first line of its leading comments, its declaration line, its last line. */
  leading: number
  line: number
  end: number
  signature: string
  /** Its doc comment (or docstring), markers stripped. */
  doc: string
  /** The header of the class it is declared in (leading comments to declaration line): a tag there traces it too. */
  within?: [number, number]
}

/** What a language's finder gets: the file's tree and language. */
export interface UnitSource {
  root: SgNode
  language: string
  path: string
  text: string
}

export type UnitFinder = (source: UnitSource) => CodeUnit[]

/** Signatures and doc text are kept to this length: a draft's description, not a copy of the code. */
const MAX_SIGNATURE = 200
const MAX_DOC = 1000

const oneLine = (text: string, max: number) => {
  const flat = text.replace(/\s+/g, ' ').trim()
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat
}

/** The comments right above `node` (no blank line between), but not one that ends the line of the code before it. */
export function leadingComments(node: SgNode, language: string): SgNode[] {
  const out: SgNode[] = []
  let top = lineOf(node)
  for (let prev = node.prev(); prev; prev = prev.prev()) {
    if (!prev.isNamed()) continue
    if (!isComment(prev, language) || endOf(prev) < top - 1) break
    let before = prev.prev()
    while (before && !before.isNamed()) before = before.prev()
    if (before && !isComment(before, language) && endOf(before) === lineOf(prev)) break
    out.unshift(prev)
    top = lineOf(prev)
  }
  return out
}

/** Comment text without its markers (`/**`, `*`, `//`, `#`, `"""`, `=begin`), on one line. */
export function docText(texts: string[]): string {
  const lines = texts.flatMap((t) => t.split('\n')).map((l) =>
    l.trim()
      .replace(/^(\/\*+|\*+\/|\*|\/\/\/?|#+|=begin|=end|[rRuUbBfF]*("""|'''|"|'))/, '')
      .replace(/(\*+\/|"""|''')$/, '')
      .trim(),
  )
  // C#'s XML documentation tags say nothing to a reader of the requirement.
  return oneLine(lines.filter(Boolean).join(' ').replace(/<\/?(summary|remarks|returns|value|para|param|typeparam|exception)\b[^>]*>/g, ' '), MAX_DOC)
}

/** The declaration up to its body: `export async function f(a: number): string`. */
export function signatureOf(node: SgNode, body: SgNode | null | undefined): string {
  const text = node.text()
  const cut = body ? text.lastIndexOf(body.text()) : -1
  return oneLine(cut > 0 ? text.slice(0, cut) : text.split('\n')[0], MAX_SIGNATURE)
}

/** A call's first line: `router.get('/users/:id', auth, getUser)`. */
export function callSignature(node: SgNode): string {
  return oneLine(node.text().split('\n')[0], MAX_SIGNATURE)
}

/** The value of a plain string literal of any grammar (quotes and prefixes off); undefined for one with interpolation. */
export function stringValue(node: SgNode | null | undefined): string | undefined {
  if (!node) return undefined
  const kind = kindOf(node)
  if (!/string|^template_string$/.test(kind) || /concatenated|interpolat/.test(kind)) return undefined
  if (node.children().some((c) => /substitution|interpolation/.test(kindOf(c)))) return undefined
  const m = /^[@$a-zA-Z]*("""|'''|"|'|`)([\s\S]*)\1$/.exec(node.text())
  return m?.[2]
}

/** The Python docstring of a function or class body, if its first statement is one. */
export function pythonDocstring(body: SgNode | null): SgNode | undefined {
  const first = body?.namedChildren().find((n) => !isComment(n, 'python'))
  return first && isDocstring(first) ? first : undefined
}

/** A unit from its declaration node, the statement that holds it (for the leading comments), and what it is. */
export function unitAt(
  statement: SgNode,
  language: string,
  fields: Pick<CodeUnit, 'kind' | 'name' | 'signature'> & { framework?: string | null; doc?: SgNode[]; within?: [number, number] },
): CodeUnit {
  const leading = leadingComments(statement, language)
  return {
    kind: fields.kind,
    name: fields.name,
    framework: fields.framework ?? null,
    leading: leading.length ? lineOf(leading[0]) : lineOf(statement),
    line: lineOf(statement),
    end: endOf(statement),
    signature: fields.signature,
    doc: docText([...leading, ...(fields.doc ?? [])].map((n) => n.text())),
    ...(fields.within && { within: fields.within }),
  }
}

/** A class's header lines (its leading comments to its declaration line), for the units declared in it. */
export function headerLines(statement: SgNode, language: string): [number, number] {
  const leading = leadingComments(statement, language)
  return [leading.length ? lineOf(leading[0]) : lineOf(statement), lineOf(statement)]
}

/** Where a route's path and a class prefix meet: `/api` + `users/{id}` → `/api/users/{id}`. */
export function joinPath(prefix: string, path: string): string {
  if (!prefix) return path || '/'
  if (!path) return prefix
  return `${prefix.replace(/\/+$/, '')}/${path.replace(/^\/+/, '')}`
}

export const HTTP_METHODS = ['get', 'post', 'put', 'delete', 'patch', 'head', 'options'] as const
