// Request and response bodies of the findings plugin's own routes: the sorted, searched list, a finding's history and
// the code around it, and a new suppression.
import { Type, type Static } from '@sinclair/typebox'
import { Finding, FindingsQuery, Severity } from '../../kernel/plugin.ts'

export const FINDING_SORTS = ['severity', '-severity', 'rule_id', '-rule_id', 'file', '-file'] as const
export type FindingSort = (typeof FINDING_SORTS)[number]
export const FINDING_STATUSES = ['new', 'existing'] as const
export type FindingStatus = (typeof FINDING_STATUSES)[number]

export const FindingsListQuery = Type.Object({
  ...FindingsQuery.properties,
  status: Type.Optional(
    Type.Union(FINDING_STATUSES.map((s) => Type.Literal(s)), { description: '`new`: not in the previous scan of the same repository; `existing`: in it' }),
  ),
  q: Type.Optional(Type.String({ minLength: 1, maxLength: 200, description: 'Text the rule id, file, message or snippet holds (case-insensitive)' })),
  sort: Type.Optional(
    Type.Union(FINDING_SORTS.map((s) => Type.Literal(s)), {
      default: 'severity',
      description: 'Order: severity (most severe first), rule_id or file, then file and line; a leading `-` reverses it',
    }),
  ),
})
export type FindingsListQuery = Static<typeof FindingsListQuery>

const Status = Type.Union(FINDING_STATUSES.map((s) => Type.Literal(s)))

export const FindingsListPage = Type.Object(
  {
    items: Type.Array(Type.Object({ ...Finding.properties, status: Status }, { title: 'ListedFinding' })),
    total: Type.Integer({ description: 'Items matching the filters, over all pages' }),
    next_cursor: Type.Union([Type.String(), Type.Null()]),
    scan_id: Type.Union([Type.String(), Type.Null()], { description: 'The scan listed; null when none is stored' }),
    previous_scan_id: Type.Union([Type.String(), Type.Null()], { description: 'The scan of the same repository before it, which `status` compares with' }),
    counts: Type.Object(
      {
        by_severity: Type.Record(Severity, Type.Integer(), { description: 'Findings matching every filter but `severity`' }),
        by_rule: Type.Record(Type.String(), Type.Integer(), { description: 'Findings matching every filter but `rule_id`' }),
      },
      { description: 'Counts for a filter bar' },
    ),
  },
  { title: 'FindingsListPage' },
)

const ScanRef = Type.Object({ scan_id: Type.String(), started_at: Type.String() })
export const FindingHistory = Type.Object(
  {
    id: Type.String(),
    target: Type.String({ description: 'The repository whose scans were compared' }),
    scans_examined: Type.Integer({ description: 'Scans of that repository compared (at most its latest 100)' }),
    first_seen: Type.Union([ScanRef, Type.Null()]),
    last_seen: Type.Union([ScanRef, Type.Null()]),
    present_in_latest: Type.Boolean({ description: 'Whether the newest scan of the repository still has it' }),
    events: Type.Array(
      Type.Object({ kind: Type.Union([Type.Literal('first_seen'), Type.Literal('fixed'), Type.Literal('reintroduced')]), ...ScanRef.properties }),
      { description: 'Oldest first: when it appeared, each scan it was gone from after being present (fixed), each return' },
    ),
    scans: Type.Array(Type.Object({ ...ScanRef.properties, present: Type.Boolean() }), { description: 'Oldest first' }),
  },
  { title: 'FindingHistory' },
)
export type FindingHistory = Static<typeof FindingHistory>

export const SourceQuery = Type.Object({
  scan_id: Type.Optional(Type.String({ description: 'Default: the latest scan' })),
  context: Type.Optional(Type.Integer({ minimum: 0, maximum: 50, default: 8, description: 'Lines shown before and after the finding' })),
})
export const FindingSource = Type.Object(
  {
    file: Type.String(),
    available: Type.Boolean({ description: 'False when the file cannot be read now (inline scan, file gone, repository moved): `reason` says why' }),
    reason: Type.Union([Type.String(), Type.Null()]),
    changed: Type.Boolean({ description: "The file's lines at the finding differ from the stored snippet: it changed since the scan" }),
    start_line: Type.Integer(),
    lines: Type.Array(Type.Object({ line: Type.Integer(), text: Type.String(), highlight: Type.Boolean() })),
  },
  { title: 'FindingSource', description: 'Secrets are masked as in snippets' },
)
export type FindingSource = Static<typeof FindingSource>

export const NewSuppression = Type.Object(
  {
    rule_id: Type.String({ minLength: 1, maxLength: 200, description: 'A rule id, or `*` for every rule' }),
    path: Type.Optional(Type.String({ minLength: 1, maxLength: 512, description: 'Glob of files, relative to the scanned root (default: every file)' })),
    reason: Type.Optional(Type.String({ maxLength: 2000 })),
    expires: Type.Optional(Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$', description: 'Last day it applies (YYYY-MM-DD)' })),
  },
  { additionalProperties: false, title: 'NewSuppression' },
)
export type NewSuppression = Static<typeof NewSuppression>
export const CreatedSuppression = Type.Object(
  {
    rule_id: Type.String(),
    path: Type.Optional(Type.String()),
    reason: Type.Optional(Type.String()),
    by: Type.String(),
    expires: Type.Optional(Type.String()),
    index: Type.Integer({ description: 'Its position in `.guard.yaml` `suppressions`' }),
  },
  { title: 'CreatedSuppression' },
)
