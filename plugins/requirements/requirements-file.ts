// requirements.yaml: a list of {id, title, description, source?, status?} at the repository root (or where the
// repository's .guard.yaml `requirements:` puts it, inside the repository). Read with each entry's line for
// errors; appended to with the YAML document API, the existing text kept byte for byte.
import fs from 'node:fs'
import path from 'node:path'
import { isDeepStrictEqual } from 'node:util'
import YAML, { isMap, isScalar, isSeq, LineCounter, type YAMLSeq } from 'yaml'
import { GuardError, inputShapeProblem, isPlainObject, parseRequirementId, repositoryFile, requirementKey, REQUIREMENT_ID, ValidationError, type FieldError } from '../../kernel/plugin.ts'

export const DEFAULT_FILE = 'requirements.yaml'
/** A requirements document of tens of thousands of entries is smaller; parsing time grows with it. */
const MAX_BYTES = 8 * 1024 * 1024
/** Alias uses a document may expand (YAML's own default). */
const MAX_ALIAS_COUNT = 100

export interface SourceLink {
  file: string
  line: number
  symbol?: string
}

export interface Requirement {
  id: string
  title: string
  description?: string
  source?: SourceLink
  status?: string
  /** Where the entry starts in the file (1-based). */
  at: number
}

export interface RequirementsFile {
  abs: string
  /** POSIX, relative to the repository. */
  rel: string
  exists: boolean
  text: string
  requirements: Requirement[]
}

/** The entries to append: what requirements.yaml keeps of a draft. */
export interface NewRequirement {
  id: string
  title: string
  description: string
  source: SourceLink
  status: string
}

/** Where the file is: `requirements:` of the repository's .guard.yaml, else requirements.yaml; never outside the repository (422). */
export function requirementsLocation(root: string, configured: string | undefined): { abs: string; rel: string } {
  const abs = repositoryFile(root, configured ?? DEFAULT_FILE, 'requirements')
  return { abs, rel: path.relative(root, abs).split(path.sep).join('/') }
}

function malformed(rel: string, errors: FieldError[]): never {
  throw new ValidationError(`${rel} is malformed: ${errors[0].path.replace(/^[^:]*:/, 'line ')}: ${errors[0].message}`, errors)
}

/** The file's requirements; a missing file has none. A file that is not a list of valid entries is a 422 naming the line. */
export function readRequirements(root: string, configured?: string): RequirementsFile {
  const { abs, rel } = requirementsLocation(root, configured)
  const stat = fs.statSync(abs, { throwIfNoEntry: false })
  if (!stat) return { abs, rel, exists: false, text: '', requirements: [] }
  if (!stat.isFile()) throw new ValidationError(`${rel} is not a regular file`, [{ path: rel, message: 'must be a regular file' }])
  if (stat.size > MAX_BYTES) throw new GuardError(413, `${rel} is larger than ${MAX_BYTES / 1024 / 1024} MB`)
  const text = fs.readFileSync(abs, 'utf8')
  return { abs, rel, exists: true, text, requirements: parseRequirements(text, rel) }
}

/** Parses and checks the text; every problem is `{path: "<file>:<line>", message}`. */
export function parseRequirements(text: string, rel: string): Requirement[] {
  const lines = new LineCounter()
  const doc = YAML.parseDocument(text, { lineCounter: lines, uniqueKeys: false, prettyErrors: false })
  const lineAt = (offset: number | undefined) => (offset === undefined ? 1 : lines.linePos(offset).line)
  if (doc.errors.length) malformed(rel, doc.errors.map((e) => ({ path: `${rel}:${lineAt(e.pos[0])}`, message: e.message.split('\n')[0] })))
  const errors: FieldError[] = []
  // Duplicate keys found with a set (the parser's own check compares every key with every other).
  YAML.visit(doc, {
    Map(_key, map) {
      const seen = new Set<unknown>()
      for (const pair of map.items) {
        const key = isScalar(pair.key) ? pair.key.value : pair.key
        if (seen.has(key)) errors.push({ path: `${rel}:${lineAt((pair.key as { range?: number[] })?.range?.[0])}`, message: `the key ${String(key).slice(0, 80)} appears twice` })
        seen.add(key)
      }
    },
  })
  if (errors.length) malformed(rel, errors)
  if (doc.contents === null) return []
  const list = doc.contents
  if (!isSeq(list)) malformed(rel, [{ path: `${rel}:${lineAt(list.range?.[0])}`, message: 'must be a list of requirements (- id: REQ-001, title: …)' }])
  let data: unknown
  try {
    data = doc.toJS({ maxAliasCount: MAX_ALIAS_COUNT })
  } catch (e) {
    malformed(rel, [{ path: `${rel}:1`, message: (e as Error).message.split('\n')[0] }])
  }
  const shape = inputShapeProblem(data)
  if (shape) malformed(rel, [{ path: `${rel}:1`, message: shape }])
  const seen = new Map<string, Requirement>()
  const out: Requirement[] = []
  ;(data as unknown[]).forEach((entry, i) => {
    const at = lineAt((list.items[i] as { range?: number[] } | undefined)?.range?.[0])
    const problem = (field: string, message: string) => void errors.push({ path: `${rel}:${at}`, message: `[${i}]${field ? `.${field}` : ''} ${message}` })
    if (!isPlainObject(entry)) return problem('', 'must be a mapping with id and title')
    const { id, title, description, source, status } = entry
    if (typeof id !== 'string' || !REQUIREMENT_ID.test(id)) problem('id', `must be a requirement id like REQ-001 (got ${JSON.stringify(id ?? null)?.slice(0, 80)})`)
    if (typeof title !== 'string' || !title.trim()) problem('title', 'must be a non-empty string')
    if (description !== undefined && description !== null && typeof description !== 'string') problem('description', 'must be a string')
    if (status !== undefined && status !== null && typeof status !== 'string') problem('status', 'must be a string (draft, approved…)')
    const link = sourceLink(source)
    if (typeof link === 'string') problem('source', link)
    if (typeof id !== 'string' || !REQUIREMENT_ID.test(id)) return
    const twin = seen.get(requirementKey(id))
    if (twin) return problem('id', `${id} names the same requirement as ${twin.id} (line ${twin.at})`)
    const requirement: Requirement = { id, title: String(title ?? ''), at, ...(typeof description === 'string' && { description }), ...(typeof status === 'string' && { status }), ...(typeof link === 'object' && { source: link }) }
    seen.set(requirementKey(id), requirement)
    out.push(requirement)
  })
  if (errors.length) malformed(rel, errors)
  return out
}

/** `source: {file, line, symbol?}`, or what is wrong with it. */
function sourceLink(source: unknown): SourceLink | string | undefined {
  if (source === undefined || source === null) return undefined
  if (!isPlainObject(source)) return 'must be a mapping {file, line}'
  const { file, line, symbol } = source
  if (typeof file !== 'string' || !file || file.startsWith('/') || file.split('/').includes('..')) return 'file must be a path relative to the repository'
  if (!Number.isInteger(line) || (line as number) < 1) return 'line must be a whole number from 1'
  if (symbol !== undefined && typeof symbol !== 'string') return 'symbol must be a string'
  return { file, line: line as number, ...(typeof symbol === 'string' && { symbol }) }
}

/**
 * The next `count` ids: after the highest number of the prefix the file's last entry uses, at its width (REQ-001,
 * REQ-002… for a new file), passing over the ids of `taken` (requirement keys the code's tags already name: a new
 * requirement must not inherit a stray tag). Existing ids are never changed.
 */
export function nextIds(requirements: Requirement[], count: number, taken: Set<string> = new Set()): string[] {
  const last = requirements.at(-1)
  const prefix = last ? parseRequirementId(last.id)!.prefix : 'REQ'
  const same = requirements.map((r) => parseRequirementId(r.id)!).filter((p) => p.prefix === prefix)
  const width = Math.max(3, ...same.map((p) => p.digits.length))
  const ids: string[] = []
  for (let n = same.reduce((max, p) => (BigInt(p.digits) > max ? BigInt(p.digits) : max), 0n) + 1n; ids.length < count; n++) {
    const id = `${prefix}-${String(n).padStart(width, '0')}`
    if (!taken.has(requirementKey(id))) ids.push(id)
  }
  return ids
}

const NEW_FILE_HEADER = ' Software requirements: one entry each {id, title, description, source, status}.\n Code and tests name them in comments (REQ-001); GET /api/check-coverage and guard trace report the traceability.'

/** The entries as YAML sequence items (sources on one line), indented by `indent` spaces. */
function renderItems(items: NewRequirement[], indent: number): string {
  const doc = new YAML.Document(items)
  for (const item of (doc.contents as YAMLSeq).items) {
    const source = isMap(item) ? item.get('source', true) : undefined
    if (isMap(source)) source.flow = true
  }
  return doc.toString({ lineWidth: 0 }).split('\n').map((l) => (l ? ' '.repeat(indent) + l : l)).join('\n')
}

/**
 * The file's text with `items` appended. The new items go after the list's last entry and the text before stays as
 * it was, byte for byte; a list written in flow style (`[...]`) is rewritten by the document API instead. Either
 * way the result is parsed again and must hold the old entries and then the new.
 */
export function appendRequirements(file: RequirementsFile, items: NewRequirement[]): string {
  const lines = new LineCounter()
  const doc = YAML.parseDocument(file.text, { lineCounter: lines, uniqueKeys: false })
  const before = (doc.toJS() as unknown[] | null) ?? []
  let text: string
  if (doc.contents === null) {
    const head = file.text.trim() ? `${file.text.replace(/\s*$/, '')}\n\n` : `#${NEW_FILE_HEADER.replace(/\n/g, '\n#')}\n\n`
    text = head + renderItems(items, 0)
  } else if (isSeq(doc.contents) && !doc.contents.flow && doc.contents.items.length) {
    const seq = doc.contents
    const indent = lines.linePos(seq.range![0]).col - 1
    // Right below the last entry's last line: a blank line and comments after the list stay after it.
    let end = seq.items.at(-1)!.range![1]
    while (end > 0 && /\s/.test(file.text[end - 1])) end--
    const newline = file.text.indexOf('\n', end)
    const cut = newline === -1 ? file.text.length : newline + 1
    const head = file.text.slice(0, cut)
    const eol = file.text.includes('\r\n') ? '\r\n' : '\n'
    text = `${head}${head.endsWith('\n') ? '' : eol}${renderItems(items, indent).replace(/\n/g, eol)}${file.text.slice(cut)}`
  } else {
    const seq = doc.contents as YAMLSeq
    seq.flow = false
    for (const item of (YAML.parseDocument(renderItems(items, 0)).contents as unknown as YAMLSeq).items) seq.items.push(item)
    text = doc.toString({ lineWidth: 0 })
  }
  const after = YAML.parse(text) as unknown[]
  if (!isDeepStrictEqual(after, [...before, ...items.map((i) => JSON.parse(JSON.stringify(i)))])) throw new Error(`appending to ${file.rel} would not keep its entries`)
  return text
}
