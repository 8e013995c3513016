// A source file's syntax tree, its comments and docstrings, and the requirement tags they hold: a tag in a string
// literal or an identifier is code, not a reference, so only comment nodes of the real grammar are read.
import { parseAsync, type SgNode } from '@ast-grep/napi'
import { astLanguage, REQUIREMENT_TAG_HINT, requirementIdsIn } from '../../kernel/plugin.ts'
import type { SourceText } from './repository.ts'

export interface Comment {
  /** 1-based, first and last line. */
  line: number
  end: number
  text: string
}

export interface TagRef {
  id: string
  file: string
  line: number
  test: boolean
}

/** The node kinds that are comments in each grammar (Python's docstrings are found apart). */
const COMMENT_KINDS: Record<string, string[]> = {
  java: ['line_comment', 'block_comment'],
}
const commentKinds = (language: string) => COMMENT_KINDS[language] ?? ['comment']

/** A node's kind as text (ast-grep's types allow a number). */
export const kindOf = (node: SgNode): string => node.kind() as string
export const lineOf = (node: SgNode) => node.range().start.line + 1
export const endOf = (node: SgNode) => node.range().end.line + 1

export function isComment(node: SgNode, language: string): boolean {
  return commentKinds(language).includes(kindOf(node))
}

/** A Python docstring: a string that is a statement by itself (module, class, function or attribute docstring). */
export function isDocstring(node: SgNode): boolean {
  return node.kind() === 'expression_statement' && node.children().length === 1 && node.child(0)?.kind() === 'string'
}

/** Parsed off the event loop (ast-grep parses in its own threads); undefined for a language without a grammar. */
export async function parseSource(file: SourceText): Promise<SgNode | undefined> {
  const lang = astLanguage(file.language, file.path)
  return lang === undefined ? undefined : (await parseAsync(lang, file.text)).root()
}

/** The comments and docstrings of a file that may hold a tag, in order (the parser tests the text: few cross over). */
export function taggedComments(root: SgNode, language: string): Comment[] {
  const regex = REQUIREMENT_TAG_HINT
  const nodes = root.findAll({ rule: { any: commentKinds(language).map((kind) => ({ kind, regex })) } })
  if (language === 'python') nodes.push(...root.findAll({ rule: { kind: 'expression_statement', has: { kind: 'string' }, regex } }).filter(isDocstring))
  return nodes
    .map((node) => ({ line: lineOf(node), end: endOf(node), text: node.text() }))
    .sort((a, b) => a.line - b.line)
}

/** The requirement ids the comments name, each at its own line. */
export function tagsOf(comments: Comment[], file: SourceText): TagRef[] {
  const out: TagRef[] = []
  for (const c of comments) {
    for (const { id, index } of requirementIdsIn(c.text)) {
      let line = c.line
      for (let i = c.text.indexOf('\n'); i !== -1 && i < index; i = c.text.indexOf('\n', i + 1)) line++
      out.push({ id, file: file.path, line, test: file.isTest })
    }
  }
  return out
}

/** Nodes that may stand between a file's header comment and its code: the header still describes the whole file. */
const PREAMBLE = new Set([
  'package_clause', 'package_declaration', 'import_declaration', 'import_statement', 'import_from_statement', 'future_import_statement',
  'using_directive', 'namespace_declaration', 'file_scoped_namespace_declaration', 'namespace_definition', 'namespace_use_declaration',
  'preproc_include', 'preproc_ifdef', 'preproc_def', 'php_tag', 'hash_bang_line', 'text',
])

/**
 * The lines of a file's header: the comments (and a module docstring) before its first code, package and import
 * lines aside. A comment block right above the first declaration is that declaration's own, not the file's.
 */
export function headerOf(root: SgNode, language: string): [number, number] | undefined {
  const blocks: { start: number; end: number; docstring: boolean }[] = []
  let broken = true
  for (const node of root.children()) {
    if (!node.isNamed()) continue
    const docstring = language === 'python' && isDocstring(node) && blocks.length === 0
    if (isComment(node, language) || docstring) {
      const last = blocks.at(-1)
      if (!last || broken || lineOf(node) > last.end + 1 || docstring) blocks.push({ start: lineOf(node), end: endOf(node), docstring })
      else last.end = endOf(node)
      broken = docstring
      continue
    }
    if (PREAMBLE.has(kindOf(node))) {
      broken = true
      continue
    }
    const last = blocks.at(-1)
    if (last && !last.docstring && !broken && lineOf(node) <= last.end + 1) blocks.pop()
    break
  }
  return blocks.length ? [blocks[0].start, blocks.at(-1)!.end] : undefined
}
