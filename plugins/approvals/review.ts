// The gate review: a failed gate whose blocking findings an approval covers passes; one that asks for approval
// (require_approval, or governance approvals.required) gets a pending request, or the one it already has.
import { randomUUID } from 'node:crypto'
import { blockingFindings, governancePolicy, outcomeOf, type GateResult, type GateReview, type GateReviewInput, type Kernel, type Store } from '../../kernel/plugin.ts'
import { covers, sameFingerprints, statusAt } from './lifecycle.ts'
import { allApprovals, createApproval } from './requests.ts'
import type { StoredApproval } from './schemas.ts'

const HOUR_MS = 3_600_000

export function approvalReview(kernel: Kernel): GateReview {
  return async (input) => {
    const { gate, scan, target } = input
    // Asked per gate: a license that lapses while the server runs ends the feature with it.
    if (gate.passed || !kernel.license().features.approvals) return undefined
    const fingerprints = [...new Set(blockingFindings(scan, gate).map((f) => f.id))]
    const store = await kernel.store()
    const now = Date.now()
    const approvals = (await allApprovals(store)).filter((a) => a.repo === target)

    // Only when the findings listed are all the gate counted: an approval vouches for findings it can name.
    const cover = fingerprints.length === gate.blocking
      ? approvals.filter((a) => covers(a, target, fingerprints, now)).sort((a, b) => (b.decided_at ?? '').localeCompare(a.decided_at ?? ''))[0]
      : undefined
    if (cover) {
      await audit(store, input, 'approvals.use', cover.id, 200)
      const approvers = cover.decisions.filter((d) => d.decision === 'approve').map((d) => d.by)
      return {
        ...gate,
        passed: true,
        reasons: [`Passed by approval ${cover.id}: all ${fingerprints.length} blocking finding(s) were approved by ${approvers.join(', ')} (valid until ${cover.expires_at})`, ...gate.reasons],
        approval: { id: cover.id, status: cover.status, expires_at: cover.expires_at },
      }
    }

    const policy = governancePolicy(kernel.config).approvals
    if (input.request.require_approval !== true && !policy.required) return undefined
    const requester = input.identity?.sub ?? 'anonymous'
    const waiting = (a: StoredApproval) => `needs ${a.required_approvals - a.decisions.length} more approval(s) from ${policy.approver_roles.join(' or ')} before ${a.expires_at}`
    // The same gate failing again while its request waits is the same question: it is not asked twice.
    const open = approvals.find((a) => statusAt(a, now) === 'pending' && a.requested_by === requester && sameFingerprints(a.blocking_fingerprints, fingerprints))
    if (open) return requested(gate, open, `Approval request ${open.id} is still pending: ${waiting(open)}`)

    const created: StoredApproval = {
      id: randomUUID(),
      status: 'pending',
      requested_by: requester,
      created_at: new Date(now).toISOString(),
      expires_at: new Date(now + policy.expiry_hours * HOUR_MS).toISOString(),
      decided_at: null,
      scan_id: gate.scan_id,
      repo: target,
      gate: { total_findings: gate.total_findings, critical: gate.critical, high: gate.high, medium: gate.medium, low: gate.low, info: gate.info, suppressed: gate.suppressed, blocking: gate.blocking, fail_on: gate.fail_on },
      blocking_fingerprints: fingerprints,
      required_approvals: policy.required_approvals,
      decisions: [],
    }
    // The entry first: a request the log does not name is never created (a failure here fails the gate's answer).
    await audit(store, input, 'approvals.request', created.id, 201)
    await createApproval(store, created)
    return requested(gate, created, `Approval requested (${created.id}): ${waiting(created)}`)
  }
}

function requested(gate: GateResult, approval: StoredApproval, reason: string): GateResult {
  return { ...gate, reasons: [...gate.reasons, reason], approval: { id: approval.id, status: 'pending', expires_at: approval.expires_at } }
}

/** An audit entry for a step the gate took on its caller's behalf (the gate's own entry is the audit plugin's). */
async function audit(store: Store, input: GateReviewInput, action: string, target: string, status: number): Promise<void> {
  const who = input.identity
  await store.appendAudit({
    at: new Date().toISOString(),
    actor: who?.sub ?? 'anonymous',
    role: who?.role ?? null,
    auth_method: who?.auth ?? 'none',
    action,
    target,
    outcome: outcomeOf(status),
    status,
    request_id: input.requestId ?? randomUUID(),
  })
}
