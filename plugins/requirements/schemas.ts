// Requirement traceability over HTTP (CONTRACT §11): request and answer bodies, one source for types and OpenAPI.
import { Type, type Static } from '@sinclair/typebox'

const RepoPath = Type.String({ minLength: 1, maxLength: 4096, description: 'The repository, relative to a scan root (GUARD_SCAN_ROOTS); default "."' })

export const UNIT_KINDS = ['route', 'function', 'class'] as const
export type UnitKind = (typeof UNIT_KINDS)[number]
const UnitKindSchema = Type.Union(UNIT_KINDS.map((k) => Type.Literal(k)))

export const GenerateRequest = Type.Object(
  {
    repo_path: Type.Optional(RepoPath),
    dry_run: Type.Optional(Type.Boolean({ default: false, description: 'List the drafts without writing requirements.yaml' })),
    kinds: Type.Optional(Type.Array(UnitKindSchema, { minItems: 1, uniqueItems: true, description: 'Draft only these kinds of code unit (default all three)' })),
  },
  { additionalProperties: false, title: 'GenerateRequirementsRequest' },
)
export type GenerateRequest = Static<typeof GenerateRequest>

export const SourceRef = Type.Object(
  {
    file: Type.String({ description: 'POSIX path relative to the repository' }),
    line: Type.Integer({ minimum: 1 }),
    symbol: Type.Optional(Type.String({ description: 'The code unit it names (a route `GET /users/:id`, a function or class name): found again when lines move' })),
  },
  { title: 'RequirementSource' },
)

export const Draft = Type.Object(
  {
    id: Type.String({ description: 'Continues after the highest id of the file\'s last prefix (REQ-001 when the file is new)' }),
    title: Type.String(),
    description: Type.String({ description: 'Made from the unit\'s name, signature and doc comment' }),
    source: SourceRef,
    status: Type.Literal('draft'),
    kind: UnitKindSchema,
    framework: Type.Union([Type.String(), Type.Null()], { description: 'Express, Fastify, Flask, FastAPI, Django, Spring, ASP.NET, net/http, gin…; null for functions and classes' }),
    language: Type.String(),
  },
  { title: 'RequirementDraft' },
)

export const Scope = {
  files_scanned: Type.Integer({ description: 'Source files read (the languages with a syntax tree)' }),
  truncated: Type.Union([Type.String(), Type.Null()], { description: 'Why the reading stopped early (GUARD_TRACE_MAX_FILES, GUARD_TRACE_MAX_MB); null when every file was read' }),
}

export const GenerateResult = Type.Object(
  {
    dry_run: Type.Boolean(),
    requirements_file: Type.String({ description: 'Relative to the repository' }),
    written: Type.Integer({ description: 'Drafts appended to the file (0 on a dry run)' }),
    existing: Type.Integer({ description: 'Requirements the file held before' }),
    units: Type.Integer({ description: 'Code units found (routes, exported functions, public classes)' }),
    traced: Type.Integer({ description: 'Units a requirement already traces: a tag in their doc or leading comments, body, enclosing class or file header, or a requirement whose source names them' }),
    drafts: Type.Array(Draft),
    ...Scope,
  },
  { title: 'GenerateRequirementsResult' },
)
export type GenerateResult = Static<typeof GenerateResult>

export const CoverageQuery = Type.Object({ repo_path: Type.Optional(RepoPath) }, { additionalProperties: false })
export type CoverageQuery = Static<typeof CoverageQuery>

const Place = Type.Object({ file: Type.String(), line: Type.Integer({ minimum: 1 }) })
export const CodeRef = Type.Object(
  { ...Place.properties, via: Type.Union([Type.Literal('tag'), Type.Literal('source')], { description: '`tag`: a comment or docstring names it; `source`: the requirement\'s own `source`' }) },
  { title: 'CodeReference' },
)

export const COVERAGE_STATUSES = ['covered', 'untested', 'unimplemented'] as const
export type CoverageStatus = (typeof COVERAGE_STATUSES)[number]

export const RequirementCoverage = Type.Object(
  {
    id: Type.String(),
    title: Type.String(),
    code_refs: Type.Array(CodeRef),
    test_refs: Type.Array(Place),
    status: Type.Union(COVERAGE_STATUSES.map((s) => Type.Literal(s)), { description: '`covered`: code and test references; `untested`: code only; `unimplemented`: no code reference' }),
    requirement_status: Type.Union([Type.String(), Type.Null()], { description: 'The `status` requirements.yaml gives it (draft, approved…)' }),
  },
  { title: 'RequirementCoverage' },
)
export type RequirementCoverage = Static<typeof RequirementCoverage>

export const Orphan = Type.Object(
  { id: Type.String(), file: Type.String(), line: Type.Integer({ minimum: 1 }), test: Type.Boolean({ description: 'In a test file' }) },
  { title: 'OrphanTag', description: 'A tag that names no requirement of the file' },
)
export type Orphan = Static<typeof Orphan>

const Percent = Type.Number({ minimum: 0, maximum: 100, description: 'One decimal; 0 when there is no requirement' })
export const CoverageSummary = Type.Object(
  {
    total: Type.Integer(),
    covered: Type.Integer(),
    untested: Type.Integer(),
    unimplemented: Type.Integer(),
    covered_pct: Percent,
    tested_pct: Percent,
    implemented_pct: Percent,
  },
  { title: 'CoverageSummary' },
)
export type CoverageSummary = Static<typeof CoverageSummary>

export const CoverageResult = Type.Object(
  {
    requirements_file: Type.String({ description: 'Relative to the repository' }),
    requirements: Type.Array(RequirementCoverage),
    orphans: Type.Array(Orphan),
    summary: CoverageSummary,
    note: Type.Union([Type.String(), Type.Null()], { description: 'Set when there is no requirements file' }),
    ...Scope,
  },
  { title: 'CoverageResult' },
)
export type CoverageResult = Static<typeof CoverageResult>
