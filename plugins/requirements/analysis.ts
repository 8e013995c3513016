// One pass over a repository for traceability: each source file's requirement tags (comments and docstrings),
// and, when drafting, its code units and header. Files are parsed one at a time and let go.
import { REQUIREMENT_TAG_HINT } from '../../kernel/plugin.ts'
import { sourceFiles, type ReadOptions, type ReadScope } from './repository.ts'
import { headerOf, parseSource, taggedComments, tagsOf, type TagRef } from './syntax.ts'
import { findUnits, type CodeUnit } from './units/index.ts'

export interface FileAnalysis {
  path: string
  language: string
  isTest: boolean
  tags: TagRef[]
  /** Code units of a file that is not a test (when asked for). */
  units: CodeUnit[]
  /** Lines of its header comment, whose tags trace every unit of the file. */
  header?: [number, number]
}

export interface Analysis {
  /** Files with tags or units, in walk order. */
  files: FileAnalysis[]
  /** Every source file read, with its number of lines (a requirement's `source` must point into one). */
  lineCounts: Map<string, number>
  scope: ReadScope
}

/** Reads the repository; `units` also finds the code units (drafting), else only files that may hold a tag are parsed. */
export async function analyseRepository(root: string, opts: ReadOptions & { units: boolean }): Promise<Analysis> {
  const scope: ReadScope = { truncated: null, files: 0 }
  const files: FileAnalysis[] = []
  const lineCounts = new Map<string, number>()
  const mayHoldTag = new RegExp(REQUIREMENT_TAG_HINT)
  for await (const file of sourceFiles(root, opts, scope)) {
    lineCounts.set(file.path, file.text.split('\n').length)
    const wantUnits = opts.units && !file.isTest
    if (!wantUnits && !mayHoldTag.test(file.text)) continue
    const tree = await parseSource(file)
    if (!tree) continue
    const tags = tagsOf(taggedComments(tree, file.language), file)
    const units = wantUnits ? findUnits({ root: tree, language: file.language, path: file.path, text: file.text }) : []
    if (tags.length || units.length) files.push({ path: file.path, language: file.language, isTest: file.isTest, tags, units, header: units.length ? headerOf(tree, file.language) : undefined })
  }
  return { files, lineCounts, scope }
}
