// Request and response schemas of the work-item endpoints (CONTRACT §11); the OpenAPI document is made from them.
import { Type, type Static } from '@sinclair/typebox'
import { PageQuery, Severity } from '../../kernel/plugin.ts'

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) => Type.Union([t, Type.Null()])
const State = Type.Union([Type.Literal('open'), Type.Literal('closed')])
const ActionKind = Type.Union(['create', 'update', 'close', 'reopen'].map((a) => Type.Literal(a)))

export const WorkItem = Type.Object(
  {
    id: Type.String({ description: "The tracker's id: a GitHub issue number, a Jira key, `W-…` for the local store" }),
    key: Type.String({ description: 'The marker key guard wrote into the item: `<repo hash>:<rule id>[:f<file hash>|:p<fingerprint>]`' }),
    provider: Type.String(),
    url: Nullable(Type.String()),
    title: Type.String(),
    state: State,
    repo: Type.String({ description: 'Repository relative to its scan root, `.` for the root, or `inline`' }),
    rule_id: Type.String(),
    severity: Nullable(Severity),
    findings: Type.Integer({ description: 'Unsuppressed findings it lists (0 once closed)' }),
    scan_id: Type.String({ description: 'The scan last reconciled into it' }),
    last_action: Type.Union(['create', 'update', 'close', 'reopen', 'none'].map((a) => Type.Literal(a)), { description: 'What the last reconcile did to it' }),
    updated_at: Type.String(),
  },
  { title: 'WorkItem' },
)
export type WorkItem = Static<typeof WorkItem>

export const WorkItemsQuery = Type.Object({
  state: Type.Optional(State),
  rule_id: Type.Optional(Type.String()),
  severity: Type.Optional(Severity),
  provider: Type.Optional(Type.String()),
  repo: Type.Optional(Type.String()),
  ...PageQuery.properties,
})
export type WorkItemsQuery = Static<typeof WorkItemsQuery>

export const WorkItemsPage = Type.Object(
  { items: Type.Array(WorkItem), total: Type.Integer(), next_cursor: Nullable(Type.String()) },
  { title: 'WorkItemsPage' },
)

export const ReconcileRequest = Type.Object(
  {
    dry_run: Type.Optional(Type.Boolean({ default: false, description: 'Plan only: list the actions, change nothing' })),
    scan_id: Type.Optional(Type.String({ minLength: 1, maxLength: 200, description: 'Default: the latest scan' })),
  },
  { title: 'ReconcileRequest', additionalProperties: false },
)
export type ReconcileRequest = Static<typeof ReconcileRequest>

export const ReconcileAction = Type.Object(
  {
    action: ActionKind,
    key: Type.String(),
    title: Type.String(),
    rule_id: Type.String(),
    findings: Type.Integer({ description: 'Findings the item lists after the action' }),
    id: Nullable(Type.String({ description: "The tracker's id (null for a create not done)" })),
    url: Nullable(Type.String()),
    status: Type.Union(['planned', 'done', 'failed', 'skipped'].map((s) => Type.Literal(s)), { description: 'planned (dry run), done, failed, or skipped (the run stopped before it)' }),
    detail: Nullable(Type.String({ description: 'Why it failed or was skipped' })),
  },
  { title: 'ReconcileAction' },
)
export type ReconcileAction = Static<typeof ReconcileAction>

const counts = {
  created: Type.Integer(),
  updated: Type.Integer(),
  closed: Type.Integer(),
  reopened: Type.Integer(),
  unchanged: Type.Integer({ description: 'Items that needed nothing (open and current, or closed with no findings)' }),
  failed: Type.Integer({ description: 'Actions failed or skipped: a rerun does them' }),
}

export const ReconcileReport = Type.Object(
  {
    ...counts,
    actions: Type.Array(ReconcileAction),
    run_id: Nullable(Type.String({ description: 'null for a dry run' })),
    dry_run: Type.Boolean(),
    provider: Type.String(),
    project: Type.String(),
    scan_id: Type.String(),
    repo: Type.String(),
    stopped: Nullable(Type.String({ description: 'Why the run stopped before its last action (the tracker down, the token rejected, a rate limit longer than guard waits)' })),
    duplicates: Type.Array(Type.String(), { description: 'Tracker ids of items that carry the marker of another item (left alone)' }),
  },
  { title: 'ReconcileReport' },
)
export type ReconcileReport = Static<typeof ReconcileReport>

export const ReconcileRun = Type.Object(
  {
    id: Type.String(),
    provider: Type.String(),
    project: Type.String(),
    scan_id: Type.String(),
    repo: Type.String(),
    actor: Type.String(),
    started_at: Type.String(),
    finished_at: Type.String(),
    status: Type.Union([Type.Literal('completed'), Type.Literal('stopped'), Type.Literal('failed')], { description: 'completed; stopped (a tracker failure ended it early); failed (nothing could be done)' }),
    ...counts,
    stopped: Nullable(Type.String()),
  },
  { title: 'ReconcileRun' },
)
export type ReconcileRun = Static<typeof ReconcileRun>

export const ConnectionReport = Type.Object(
  {
    ok: Type.Boolean({ description: 'Every check passed' }),
    provider: Type.String(),
    project: Type.String(),
    checks: Type.Array(Type.Object({ name: Type.String(), ok: Type.Boolean(), detail: Type.String() })),
  },
  { title: 'ConnectionReport' },
)
export type ConnectionReport = Static<typeof ConnectionReport>

export const DevopsStatus = Type.Object(
  {
    provider: Type.String(),
    title: Type.String({ description: "The tracker's name" }),
    project: Type.String(),
    licensed: Type.Boolean({ description: 'The license covers this provider' }),
    running: Type.Array(Type.Object({ repo: Type.String(), actor: Type.String(), started_at: Type.String() }), { description: 'Reconciles holding their lease now' }),
    last_reconcile: Nullable(ReconcileRun),
  },
  { title: 'DevopsStatus' },
)
export type DevopsStatus = Static<typeof DevopsStatus>
