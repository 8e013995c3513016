// Flows across files, after every file has been analysed on its own: the functions that files where flows start call
// in other files are summarised (deepest first), and those files are analysed again with the summaries. The kernel
// never reads a summary: engines name a file's imports and the functions it calls there (`links`), make summaries
// (`summarize`) and use them (`scan` with `linked`); here imports are resolved to files of this scan, the work is
// bounded, and it runs on the threads. A queue's shards each give their files' first look (with their links); the
// rest runs where the scan is put together, on its own threads.
import { createHash } from 'node:crypto'
import path from 'node:path'
import type { FileLinks, FileSummary, LinkedFiles } from '../catalog/rule.ts'
import type { BatchFile, FileResult, LinkedTask } from './batch.ts'

/** Imports followed from a file where flows start: it imports B (1), B imports C (2). */
export const MAX_LINK_DEPTH = 2
/** Files summarised in one scan at most, whatever the size of the repository. */
export const MAX_SUMMARISED_FILES = 1000
/** Files one import may name (a class of that name in several folders). */
const MAX_FILES_PER_IMPORT = 4

/** The files of a scan, to resolve an engine's candidate paths against: nothing outside them is ever named. */
export class RepositoryIndex {
  private readonly files: Set<string>
  private readonly byName = new Map<string, string[]>()
  private readonly byDir = new Map<string, string[]>()

  constructor(paths: Iterable<string>) {
    this.files = new Set(paths)
    const add = (map: Map<string, string[]>, key: string, p: string) => {
      const list = map.get(key)
      if (list) list.push(p)
      else map.set(key, [p])
    }
    for (const p of [...this.files].sort()) {
      add(this.byName, path.posix.basename(p), p)
      add(this.byDir, path.posix.dirname(p), p)
    }
  }

  /**
   * The files an import names: its first alternative (`|` between them) that names any. An alternative is a path
   * (`a/b.js`), a path at any depth (`**` + `/a/b.java`), the files of a directory with one extension (`a/*.go`), or
   * those of the longest trailing part of a path that is a directory (`…/x/a/*.go`: `x/a`, else `a`).
   */
  resolve(spec: string): string[] {
    for (const alternative of spec.split('|')) {
      const found = this.alternative(alternative)
      if (found.length) return found.slice(0, MAX_FILES_PER_IMPORT)
    }
    return []
  }

  private alternative(candidate: string): string[] {
    const trailing = candidate.startsWith('…/')
    const anywhere = candidate.startsWith('**/')
    const rest = trailing ? candidate.slice(2) : anywhere ? candidate.slice(3) : candidate
    // Candidates are relative and normalised: one that climbs out of the scan root names nothing.
    if (!rest || rest.startsWith('/') || rest.split('/').some((part) => part === '..' || part === '.' || part === '')) return []
    if (anywhere) return (this.byName.get(path.posix.basename(rest)) ?? []).filter((p) => p === rest || p.endsWith(`/${rest}`))
    const star = /^(?:(.*)\/)?\*(\.[\w.]+)$/.exec(rest)
    if (!star) return trailing || !this.files.has(rest) ? [] : [rest]
    const [, dir = '.', ext] = star
    const parts = dir.split('/')
    for (let i = 0; i < (trailing ? parts.length : 1); i++) {
      const files = (this.byDir.get(parts.slice(i).join('/')) ?? []).filter((p) => p.endsWith(ext))
      if (files.length) return files
    }
    return []
  }
}

/** Runs files on the threads (with their `linked` task) and gives their results. */
export type LinkedRunner = (files: BatchFile[]) => Promise<FileResult[]>

/**
 * Results with the flows across files added: the results of files where flows start whose imports have summaries
 * are replaced by their second analysis. Notes in `warnings` when the repository bound is reached.
 */
export async function linkAcrossFiles(
  results: FileResult[],
  listed: BatchFile[],
  run: LinkedRunner,
  warnings: { path: string; message: string }[],
  bounds = { depth: MAX_LINK_DEPTH, files: MAX_SUMMARISED_FILES },
): Promise<FileResult[]> {
  const entries = results.filter((r) => !r.skipped && r.links && Object.keys(r.links).length)
  if (!entries.length) return results
  const byPath = new Map(listed.map((f) => [f.path, f]))
  const index = new RepositoryIndex(byPath.keys())
  /** Per file: each of its imports with the files it names (other than itself), and the names called through it. */
  const imports = new Map<string, { spec: string; files: string[]; names: string[] }[]>()
  const resolveImports = (file: string, links: FileLinks) => {
    const resolved = imports.get(file) ?? []
    for (const [spec, names] of Object.entries(links)) {
      const known = resolved.find((i) => i.spec === spec)
      if (known) known.names = [...new Set([...known.names, ...names])]
      else {
        const files = names.length ? index.resolve(spec).filter((p) => p !== file) : []
        if (files.length) resolved.push({ spec, files, names })
      }
    }
    imports.set(file, resolved)
  }
  /** The files that `files` import, each with the names they call in it. */
  const importedBy = (files: string[]) => {
    const out = new Map<string, Set<string>>()
    for (const f of files) for (const { files: targets, names } of imports.get(f) ?? []) for (const t of targets) out.set(t, new Set([...(out.get(t) ?? []), ...names]))
    return out
  }
  for (const e of entries) resolveImports(e.path, e.links!)

  // Summaries of the functions called: in the imported files, then in what they import in turn, to the depth bound.
  const summaries = new Map<string, Record<string, FileSummary> | undefined>()
  const names = new Map<string, string[]>()
  const levels: string[][] = []
  let called = importedBy(entries.map((e) => e.path))
  for (let depth = 1; depth <= bounds.depth && called.size; depth++) {
    // A file already summarised is summarised again only for names it was not asked for.
    let level = [...called].filter(([p, wanted]) => [...wanted].some((n) => !names.get(p)?.includes(n))).map(([p]) => p)
    const fresh = level.filter((p) => !names.has(p))
    const room = bounds.files - names.size
    if (fresh.length > room) {
      warnings.push({ path: fresh[room], message: `flows across files: ${bounds.files} imported files summarised, the limit of one scan; calls into ${fresh.length - room} more are not followed` })
      const dropped = new Set(fresh.slice(room))
      level = level.filter((p) => !dropped.has(p))
    }
    for (const p of level) names.set(p, [...new Set([...(names.get(p) ?? []), ...called.get(p)!])].sort())
    for (const r of level.length ? await run(level.map((p) => ({ ...byPath.get(p)!, linked: task(names.get(p)!, {}) }))) : []) {
      if (r.skipped) continue
      summaries.set(r.path, r.summary)
      resolveImports(r.path, r.links ?? {})
    }
    levels.push(level)
    called = importedBy(level)
  }

  /** Per engine, the summaries of the files a file imports (only imports whose files have one). */
  const linkedOf = (file: string): Record<string, LinkedFiles> => {
    const out: Record<string, LinkedFiles> = {}
    for (const { spec, files } of imports.get(file) ?? []) {
      for (const p of files) {
        for (const [engine, summary] of Object.entries(summaries.get(p) ?? {})) ((out[engine] ??= {})[spec] ??= []).push({ path: p, summary })
      }
    }
    return out
  }
  const withLinks = (files: string[]) => files.filter((p) => Object.keys(linkedOf(p)).length)

  // A file whose imports have summaries is summarised again with them, the deeper levels first.
  for (let level = levels.length - 2; level >= 0; level--) {
    const again = withLinks(levels[level])
    for (const r of again.length ? await run(again.map((p) => ({ ...byPath.get(p)!, linked: task(names.get(p)!, linkedOf(p)) }))) : []) if (!r.skipped) summaries.set(r.path, r.summary)
  }

  // The files where flows start, analysed again with the summaries of what they import.
  const again = withLinks(entries.map((e) => e.path))
  if (!again.length) return results
  const second = new Map((await run(again.map((p) => ({ ...byPath.get(p)!, linked: task(undefined, linkedOf(p)) })))).map((r) => [r.path, r]))
  return results.map((r) => {
    const linked = second.get(r.path)
    if (!linked || linked.skipped) return r
    // The second look gives the findings that follow flows (they carry a trace); the first look's others stay.
    const kept = r.findings.filter((f) => !f.trace)
    const findings = [...kept, ...linked.findings].sort((a, b) => a.line - b.line || a.column - b.column)
    const notes = [...new Set([...(r.notes ?? []), ...(linked.notes ?? [])])]
    return { ...r, findings, found: r.found - (r.findings.length - kept.length) + linked.found, cached: r.cached && linked.cached, ...(notes.length ? { notes } : {}) }
  })
}

/** A summary of these functions, or (undefined) a second analysis, with the summaries of what the file imports. */
function task(summarize: string[] | undefined, files: Record<string, LinkedFiles>): LinkedTask {
  return { ...(summarize && { summarize }), files, digest: createHash('sha256').update(JSON.stringify([summarize, files])).digest('hex').slice(0, 32) }
}

/** The files as they are listed, each also kept in `into` (a second look needs to find them again). */
export function* keepListed<F extends BatchFile>(files: Iterable<F>, into: BatchFile[]): Generator<F> {
  for (const f of files) {
    into.push(f)
    yield f
  }
}
