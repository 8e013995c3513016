// The rules of an approval request's life (CONTRACT §9), without I/O: its status at a time, a decision, what it covers.
import { ConflictError, ForbiddenError, type Identity } from '../../kernel/plugin.ts'
import type { ApprovalRequest, ApprovalStatus, DecisionBody, StoredApproval } from './schemas.ts'

/** A pending request past its expiry reads as expired; nothing needs to run when it expires. */
export function statusAt(approval: StoredApproval, now: number): ApprovalStatus {
  return approval.status === 'pending' && Date.parse(approval.expires_at) <= now ? 'expired' : approval.status
}

export function viewAt(approval: StoredApproval, now: number): ApprovalRequest {
  return { ...approval, status: statusAt(approval, now) }
}

/** Governance approvals.approver_roles narrows approvals:decide: another role is refused before any request is read. */
export function checkApproverRole(who: Identity, approverRoles: readonly string[]): void {
  if (!approverRoles.includes(who.role)) throw new ForbiddenError(`Permission denied: one of the approver roles (${approverRoles.join(', ') || 'none'}) required`)
}

/**
 * The request after `who` decided it. Refused: a role outside `approverRoles` (403), the requester (403, whatever
 * their role), a request no longer pending (409), an approver deciding twice (409). One rejection rejects; approvals
 * from `required_approvals` different approvers approve.
 */
export function decide(approval: StoredApproval, who: Identity, approverRoles: readonly string[], body: DecisionBody, now: number): StoredApproval {
  checkApproverRole(who, approverRoles)
  if (who.sub === approval.requested_by)
    throw new ForbiddenError(`Permission denied: nobody may decide their own approval request (${approval.id} was requested by ${who.sub})`)
  const status = statusAt(approval, now)
  if (status === 'expired') throw new ConflictError(`Approval request ${approval.id} expired at ${approval.expires_at}`)
  if (status !== 'pending') throw new ConflictError(`Approval request ${approval.id} is already ${status}`)
  if (approval.decisions.some((d) => d.by === who.sub)) throw new ConflictError(`${who.sub} has already decided approval request ${approval.id}`)
  const at = new Date(now).toISOString()
  const decisions = [...approval.decisions, { by: who.sub, role: who.role, decision: body.decision, comment: body.comment ?? null, at }]
  const approvals = decisions.filter((d) => d.decision === 'approve').length
  const next = body.decision === 'reject' ? 'rejected' : approvals >= approval.required_approvals ? 'approved' : 'pending'
  return { ...approval, decisions, status: next, decided_at: next === 'pending' ? null : at }
}

/** Whether an approval lets a gate of `repo` through: approved, not expired, and every blocking fingerprint in it. */
export function covers(approval: StoredApproval, repo: string, fingerprints: readonly string[], now: number): boolean {
  if (approval.repo !== repo || approval.status !== 'approved' || Date.parse(approval.expires_at) <= now) return false
  const approved = new Set(approval.blocking_fingerprints)
  return fingerprints.every((f) => approved.has(f))
}

export function sameFingerprints(a: readonly string[], b: readonly string[]): boolean {
  const set = new Set(a)
  return set.size === new Set(b).size && b.every((f) => set.has(f))
}
