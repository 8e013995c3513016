// The requirements traceability matrix as an auditor reads it: one row per requirement (id, title, code, tests,
// status), the summary, the orphan tags, and where it comes from (repository, commit, date, tool version).
// CSV (RFC 4180, formulas defused) and Markdown here; HTML in matrix-html.ts.
import { csvCell, markdownCell } from '../../kernel/plugin.ts'
import type { CoverageResult } from './schemas.ts'

export interface MatrixInput {
  coverage: CoverageResult
  /** The repository as the reader knows it: its remote (credentials removed) or its folder name. */
  repository: string
  commit: string | null
  /** The working tree differs from the commit. */
  dirty: boolean
  generatedAt: string
  toolVersion: string
}

export const MATRIX_FORMATS = ['html', 'csv', 'md'] as const
export type MatrixFormat = (typeof MATRIX_FORMATS)[number]

export const placeList = (refs: { file: string; line: number }[]) => refs.map((r) => `${r.file}:${r.line}`)

export function commitLabel(input: MatrixInput): string {
  return input.commit ? `${input.commit}${input.dirty ? ' (with uncommitted changes)' : ''}` : 'not a git repository'
}

/** Row per requirement, then a row per orphan tag (`status: orphan`), so one sheet holds every link. */
export function renderMatrixCsv(input: MatrixInput): string {
  const rows: (string | number)[][] = [['id', 'title', 'status', 'requirement_status', 'code_refs', 'test_refs']]
  for (const r of input.coverage.requirements) rows.push([r.id, r.title, r.status, r.requirement_status ?? '', placeList(r.code_refs).join('; '), placeList(r.test_refs).join('; ')])
  for (const o of input.coverage.orphans) rows.push([o.id, '', 'orphan', '', o.test ? '' : `${o.file}:${o.line}`, o.test ? `${o.file}:${o.line}` : ''])
  return rows.map((cells) => `${cells.map(csvCell).join(',')}\r\n`).join('')
}

function table(header: string[], rows: string[][]): string[] {
  return [`| ${header.join(' | ')} |`, `|${header.map(() => ' --- ').join('|')}|`, ...rows.map((r) => `| ${r.join(' | ')} |`)]
}

const refsCell = (refs: { file: string; line: number }[]) => (refs.length ? placeList(refs).map(markdownCell).join('<br>') : '—')

export function renderMatrixMarkdown(input: MatrixInput): string {
  const { coverage } = input
  const s = coverage.summary
  const lines = [
    `# Requirements traceability matrix: ${markdownCell(input.repository)}`,
    '',
    `- Repository: ${markdownCell(input.repository)}`,
    `- Commit: ${markdownCell(commitLabel(input))}`,
    `- Requirements file: ${markdownCell(coverage.requirements_file)}`,
    `- Generated: ${markdownCell(input.generatedAt)}`,
    `- Tool: guard ${markdownCell(input.toolVersion)}`,
    `- Source files read: ${coverage.files_scanned}${coverage.truncated ? ` (incomplete: ${markdownCell(coverage.truncated)})` : ''}`,
    '',
    '## Summary',
    '',
    ...table(['Requirements', 'Covered', 'Untested', 'Unimplemented', 'Covered %', 'Tested %', 'Implemented %'], [
      [s.total, s.covered, s.untested, s.unimplemented, s.covered_pct, s.tested_pct, s.implemented_pct].map(String),
    ]),
    '',
    ...(coverage.note ? [markdownCell(coverage.note), ''] : []),
    `## Matrix (${coverage.requirements.length})`,
    '',
    ...(coverage.requirements.length
      ? table(['ID', 'Title', 'Code', 'Tests', 'Status'], coverage.requirements.map((r) => [markdownCell(r.id), markdownCell(r.title), refsCell(r.code_refs), refsCell(r.test_refs), r.status]))
      : ['No requirements.']),
    '',
    `## Orphan tags (${coverage.orphans.length})`,
    '',
    ...(coverage.orphans.length
      ? table(['Tag', 'Place', 'In'], coverage.orphans.map((o) => [markdownCell(o.id), markdownCell(`${o.file}:${o.line}`), o.test ? 'test' : 'code']))
      : ['Every tag names a requirement.']),
  ]
  return `${lines.join('\n')}\n`
}
