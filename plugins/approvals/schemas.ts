// Approval requests (CONTRACT §9): the request, its decisions, the list filters and the decision body.
import { Type, type Static } from '@sinclair/typebox'
import { GateResult, PageQuery } from '../../kernel/plugin.ts'

export const APPROVAL_STATUSES = ['pending', 'approved', 'rejected', 'expired'] as const
export type ApprovalStatus = (typeof APPROVAL_STATUSES)[number]
/** What is written: `expired` is never stored, it is read from the clock. */
export type StoredStatus = Exclude<ApprovalStatus, 'expired'>

const Status = Type.Union(APPROVAL_STATUSES.map((s) => Type.Literal(s)), {
  description: '`pending` → `approved` | `rejected` | `expired` (a pending request past `expires_at`, read from the clock)',
})
const Time = (description: string) => Type.String({ description: `${description} (ISO 8601, UTC)` })
const DECISIONS = ['approve', 'reject'] as const

export const ApprovalDecision = Type.Object(
  {
    by: Type.String({ description: "The decider's identity (sub)" }),
    role: Type.String(),
    decision: Type.Union(DECISIONS.map((d) => Type.Literal(d))),
    comment: Type.Union([Type.String(), Type.Null()]),
    at: Time('When it was decided'),
  },
  { title: 'ApprovalDecision' },
)
export type ApprovalDecision = Static<typeof ApprovalDecision>

export const ApprovalGate = Type.Pick(GateResult, ['total_findings', 'critical', 'high', 'medium', 'low', 'info', 'suppressed', 'blocking', 'fail_on'], {
  title: 'ApprovalGate',
  description: 'The counts of the failed gate that asked for the approval',
})

export const ApprovalRequest = Type.Object(
  {
    id: Type.String(),
    status: Status,
    requested_by: Type.String({ description: "The identity (sub) whose gate asked; `anonymous` without authentication. Never one of the deciders" }),
    created_at: Time('When the gate asked'),
    expires_at: Time('Until when it may be decided, and until when an approval covers gates'),
    decided_at: Type.Union([Time('When it was approved or rejected'), Type.Null()]),
    scan_id: Type.String({ description: 'The scan of the failed gate' }),
    repo: Type.String({ description: 'The scanned repository relative to its scan root, or `inline` for inline files' }),
    gate: ApprovalGate,
    blocking_fingerprints: Type.Array(Type.String(), { description: 'The finding ids (fingerprints) that blocked the gate: what an approval covers' }),
    required_approvals: Type.Integer({ minimum: 1, description: 'Approvals from different approvers needed (governance approvals.required_approvals when asked)' }),
    decisions: Type.Array(ApprovalDecision),
  },
  { title: 'ApprovalRequest' },
)
export type ApprovalRequest = Static<typeof ApprovalRequest>
/** The document kept in the store. */
export type StoredApproval = Omit<ApprovalRequest, 'status'> & { status: StoredStatus }

export const ApprovalsQuery = Type.Object({
  status: Type.Optional(Status),
  repo: Type.Optional(Type.String()),
  scan_id: Type.Optional(Type.String()),
  ...PageQuery.properties,
})
export type ApprovalsQuery = Static<typeof ApprovalsQuery>

export const ApprovalsPage = Type.Object(
  { items: Type.Array(ApprovalRequest), total: Type.Integer({ description: 'Requests matching the filters, over all pages' }), next_cursor: Type.Union([Type.String(), Type.Null()]) },
  { title: 'ApprovalsPage' },
)

export const DecisionBody = Type.Object(
  {
    decision: Type.Union(DECISIONS.map((d) => Type.Literal(d))),
    comment: Type.Optional(Type.String({ maxLength: 4000 })),
  },
  { title: 'ApprovalDecisionRequest', additionalProperties: false },
)
export type DecisionBody = Static<typeof DecisionBody>

export const ApprovalStatusView = Type.Object(
  { id: Type.String(), status: Status, decided_at: Type.Union([Type.String(), Type.Null()]), expires_at: Type.String() },
  { title: 'ApprovalStatus' },
)
