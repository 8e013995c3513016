// Approval requests for failed gates (CONTRACT §9, Enterprise tier): the gate review that creates and honours them,
// and the API that lists, shows and decides them.
import { errorResponses, ForbiddenError, governancePolicy, IdParams, type Identity, type PluginContext } from '../../kernel/plugin.ts'
import { checkApproverRole, decide, viewAt } from './lifecycle.ts'
import { listApprovals } from './listing.ts'
import { allApprovals, getApproval, updateApproval } from './requests.ts'
import { approvalReview } from './review.ts'
import { ApprovalRequest, ApprovalsPage, ApprovalsQuery, ApprovalStatusView, DecisionBody } from './schemas.ts'

export const manifest = {
  name: 'approvals',
  version: '1.0.0',
  tier: 'enterprise',
  dependencies: ['auth'],
  routes: ['/api/approvals'],
  license_message: 'Approvals require an Enterprise license',
} as const

const tags = ['approvals']
const read = { permission: 'approvals:read' } as const

export default function register({ kernel, app, registerGateReview }: PluginContext): void {
  // Approvals are decided over HTTP: the CLI's own gate (no server) neither asks for nor uses them.
  if (!app) return
  registerGateReview(approvalReview(kernel))

  // Asked per request, after authentication and before the body is read: a license can lapse while the server runs.
  const licensed = async () => {
    if (!kernel.license().features.approvals) throw new ForbiddenError(manifest.license_message)
  }
  const approvalFor = async (id: string) => viewAt(await getApproval(await kernel.store(), id), Date.now())

  app.get('/api/approvals', {
    onRequest: licensed,
    config: read,
    schema: {
      summary: 'Approval requests, newest first',
      description: 'Filters: `status` (an expired request is a pending one past `expires_at`), `repo`, `scan_id`.',
      tags, querystring: ApprovalsQuery, response: { 200: ApprovalsPage, ...errorResponses(422) },
    },
  }, async (request) => {
    const now = Date.now()
    return listApprovals((await allApprovals(await kernel.store())).map((a) => viewAt(a, now)), request.query as ApprovalsQuery)
  })

  app.get('/api/approvals/:id', {
    onRequest: licensed,
    config: read,
    schema: { summary: 'One approval request with its decisions', tags, params: IdParams, response: { 200: ApprovalRequest, ...errorResponses(404, 422) } },
  }, async (request) => approvalFor((request.params as { id: string }).id))

  app.get('/api/approvals/:id/status', {
    onRequest: licensed,
    config: read,
    schema: { summary: "An approval request's status", tags, params: IdParams, response: { 200: ApprovalStatusView, ...errorResponses(404, 422) } },
  }, async (request) => {
    const { id, status, decided_at, expires_at } = await approvalFor((request.params as { id: string }).id)
    return { id, status, decided_at, expires_at }
  })

  app.patch('/api/approvals/:id', {
    onRequest: licensed,
    config: { permission: 'approvals:decide', audit: 'approvals.decide' },
    schema: {
      summary: 'Approve or reject an approval request',
      description:
        'One rejection rejects; approvals from `required_approvals` different approvers approve. The caller needs a role in governance ' +
        '`approvals.approver_roles`, and may not be the requester (403, whatever the role). A request already decided, or expired, is a 409.',
      tags, params: IdParams, body: DecisionBody, response: { 200: ApprovalRequest, ...errorResponses(404, 409, 422) },
    },
  }, async (request) => {
    const { id } = request.params as { id: string }
    // The auth plugin sets the identity of every route it lets through; without one, nobody decides.
    const who: Identity | undefined = request.identity
    if (!who) throw new ForbiddenError('Permission denied: approvals:decide required')
    const roles = governancePolicy(kernel.config).approvals.approver_roles
    checkApproverRole(who, roles)
    const decided = await updateApproval(await kernel.store(), id, (current) => decide(current, who, roles, request.body as DecisionBody, Date.now()))
    return viewAt(decided, Date.now())
  })
}
