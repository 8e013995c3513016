// Draft requirements for the code units no requirement traces yet, described from each unit's name, signature
// and doc comment.
import type { Analysis, FileAnalysis } from './analysis.ts'
import type { Requirement, SourceLink } from './requirements-file.ts'
import type { UnitKind } from './schemas.ts'
import type { CodeUnit } from './units/index.ts'

export interface UntracedUnit {
  unit: CodeUnit
  file: FileAnalysis
}

export interface DraftPlan {
  /** Every unit found, and those a requirement traces already. */
  units: number
  traced: number
  untraced: UntracedUnit[]
}

const inside = (line: number, range: [number, number] | undefined) => range !== undefined && line >= range[0] && line <= range[1]

/**
 * Whether a requirement traces the unit: a tag in its leading comments or body, in the header of the class it is
 * declared in, or in the file's header; or a requirement whose `source` points at its declaration or names it.
 */
export function isTraced(unit: CodeUnit, file: FileAnalysis, sources: SourceLink[]): boolean {
  const ranges: [number, number][] = [[unit.leading, unit.end]]
  if (unit.within) ranges.push(unit.within)
  if (file.header) ranges.push(file.header)
  return (
    file.tags.some((tag) => ranges.some((r) => inside(tag.line, r))) ||
    sources.some((s) => s.file === file.path && (inside(s.line, [unit.leading, unit.line]) || s.symbol === unit.name))
  )
}

export function planDrafts(requirements: Requirement[], analysis: Analysis, kinds?: UnitKind[]): DraftPlan {
  const sources = requirements.flatMap((r) => (r.source ? [r.source] : []))
  let units = 0
  const untraced: UntracedUnit[] = []
  for (const file of analysis.files) {
    for (const unit of file.units) {
      if (kinds && !kinds.includes(unit.kind)) continue
      units++
      if (!isTraced(unit, file, sources)) untraced.push({ unit, file })
    }
  }
  return { units, traced: units - untraced.length, untraced }
}

const firstSentence = (doc: string) => /^(.{1,120}?)(?:[.!?](?:\s|$)|$)/.exec(doc)?.[1]?.trim() ?? ''

/** `GET /users/:id`, `createUser()`, `class UserService`. */
function label(unit: CodeUnit): string {
  return unit.kind === 'route' ? unit.name : unit.kind === 'function' ? `${unit.name}()` : `class ${unit.name}`
}

/** Title, description and source of a draft for the unit. */
export function describeUnit({ unit, file }: UntracedUnit): { title: string; description: string; source: SourceLink } {
  const summary = firstSentence(unit.doc)
  const what = unit.kind === 'route' ? `The ${unit.framework} route ${unit.name}` : unit.kind === 'function' ? `The exported function ${unit.name}` : `The public class ${unit.name}`
  return {
    title: summary ? `${label(unit)}: ${summary}` : label(unit),
    description: [`${what} (${file.path}:${unit.line}).`, `Signature: ${unit.signature}`, ...(unit.doc ? [`Documentation: ${unit.doc}`] : [])].join('\n'),
    source: { file: file.path, line: unit.line, symbol: unit.name },
  }
}
