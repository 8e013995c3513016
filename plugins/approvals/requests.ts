// Approval requests in the store: documents of kind `approvals`, changed only by conditional writes.
import { ConflictError, NotFoundError, type Store } from '../../kernel/plugin.ts'
import type { StoredApproval } from './schemas.ts'

const KIND = 'approvals'
/** Conditional writes tried before two deciders racing on one request give up (each retry re-reads it). */
const WRITE_ATTEMPTS = 8

export async function allApprovals(store: Store): Promise<StoredApproval[]> {
  return (await store.listRecords<StoredApproval>(KIND)).map((r) => r.data)
}

export async function getApproval(store: Store, id: string): Promise<StoredApproval> {
  const record = await store.getRecord<StoredApproval>(KIND, id)
  if (!record) throw new NotFoundError(`Approval request not found: ${id}`)
  return record.data
}

export async function createApproval(store: Store, approval: StoredApproval): Promise<void> {
  if ((await store.putRecord(KIND, approval.id, approval, null)) === null) throw new ConflictError(`Approval request ${approval.id} exists already`)
}

/**
 * Applies `change` to the request as stored and writes the result only over the version it read, so two decisions
 * arriving together are both counted (the second re-reads and re-decides) and none overwrites the other.
 */
export async function updateApproval(store: Store, id: string, change: (current: StoredApproval) => StoredApproval): Promise<StoredApproval> {
  for (let attempt = 0; attempt < WRITE_ATTEMPTS; attempt++) {
    const record = await store.getRecord<StoredApproval>(KIND, id)
    if (!record) throw new NotFoundError(`Approval request not found: ${id}`)
    const next = change(record.data)
    if ((await store.putRecord(KIND, id, next, record.version)) !== null) return next
  }
  throw new ConflictError(`Approval request ${id} is being changed by others: try again`)
}
