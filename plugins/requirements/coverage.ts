// The traceability of each requirement: the code and tests that name it, its status, the tags that name no
// requirement, and the percentages an auditor reads first.
import { requirementKey } from '../../kernel/plugin.ts'
import type { Analysis } from './analysis.ts'
import type { Requirement } from './requirements-file.ts'
import type { CoverageStatus, CoverageSummary, Orphan, RequirementCoverage } from './schemas.ts'

export interface Coverage {
  requirements: RequirementCoverage[]
  orphans: Orphan[]
  summary: CoverageSummary
}

const byPlace = (a: { file: string; line: number }, b: { file: string; line: number }) => (a.file < b.file ? -1 : a.file > b.file ? 1 : a.line - b.line)
const percent = (part: number, total: number) => (total ? Math.round((part / total) * 1000) / 10 : 0)

/**
 * `covered`: named by code and by a test; `untested`: by code only; `unimplemented`: by no code (tests alone do not
 * implement it). A requirement's own `source`, when it points into a source file read, counts as a code reference.
 */
export function checkCoverage(requirements: Requirement[], analysis: Analysis): Coverage {
  const tagged = new Map<string, { code: { file: string; line: number }[]; test: { file: string; line: number }[] }>()
  const known = new Set(requirements.map((r) => requirementKey(r.id)))
  const orphans: Orphan[] = []
  for (const file of analysis.files) {
    for (const tag of file.tags) {
      const key = requirementKey(tag.id)
      if (!known.has(key)) {
        orphans.push({ id: tag.id, file: tag.file, line: tag.line, test: tag.test })
        continue
      }
      const refs = tagged.get(key) ?? { code: [], test: [] }
      ;(tag.test ? refs.test : refs.code).push({ file: tag.file, line: tag.line })
      tagged.set(key, refs)
    }
  }
  const rows = requirements.map((r): RequirementCoverage => {
    const refs = tagged.get(requirementKey(r.id)) ?? { code: [], test: [] }
    const lines = r.source && analysis.lineCounts.get(r.source.file)
    const code = [
      ...(r.source && lines && r.source.line <= lines ? [{ file: r.source.file, line: r.source.line, via: 'source' as const }] : []),
      ...refs.code.map((p) => ({ ...p, via: 'tag' as const })),
    ].sort(byPlace)
    const status: CoverageStatus = code.length ? (refs.test.length ? 'covered' : 'untested') : 'unimplemented'
    return { id: r.id, title: r.title, code_refs: code, test_refs: refs.test.sort(byPlace), status, requirement_status: r.status ?? null }
  })
  const count = (status: CoverageStatus) => rows.filter((r) => r.status === status).length
  const total = rows.length
  const [covered, untested, unimplemented] = [count('covered'), count('untested'), count('unimplemented')]
  return {
    requirements: rows,
    orphans: orphans.sort(byPlace),
    summary: {
      total,
      covered,
      untested,
      unimplemented,
      covered_pct: percent(covered, total),
      tested_pct: percent(rows.filter((r) => r.test_refs.length).length, total),
      implemented_pct: percent(covered + untested, total),
    },
  }
}
