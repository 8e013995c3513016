// The tamper-evident audit chain (CONTRACT §5): every store seals and verifies entries with these functions.
import { createHash } from 'node:crypto'
import type { AuditEntry, AuditOutcome, AuditVerification } from '../base/schemas.ts'

/** What the caller records; the store adds `id`, `prev_hash` and `hash` when it appends. */
export type AuditRecord = Omit<AuditEntry, 'id' | 'prev_hash' | 'hash'>

/** The `prev_hash` of the first entry. */
export const GENESIS_HASH = '0'.repeat(64)

/** The newest entry's id and hash, as the store recorded them when appending (so a deleted last row shows). */
export interface AuditHead {
  id: number
  hash: string
}

/** A fixed-order JSON array of every field but `hash`: the bytes the hash covers. */
export function canonicalEntry(entry: Omit<AuditEntry, 'hash'>): string {
  const { id, at, actor, role, auth_method, action, target, outcome, status, request_id, prev_hash } = entry
  return JSON.stringify([id, at, actor, role, auth_method, action, target, outcome, status, request_id, prev_hash])
}

export function chainHash(entry: Omit<AuditEntry, 'hash'>): string {
  return createHash('sha256').update(canonicalEntry(entry)).digest('hex')
}

/** The entry `record` becomes when appended after `head` (a store calls this inside its append transaction). */
export function sealAuditEntry(record: AuditRecord, head: AuditHead | null): AuditEntry {
  const unsealed = { id: (head?.id ?? 0) + 1, ...record, prev_hash: head?.hash ?? GENESIS_HASH }
  return { ...unsealed, hash: chainHash(unsealed) }
}

/** 499 (nginx's "client closed request"): the client went away before the answer was complete, and the work stopped. */
export function outcomeOf(status: number): AuditOutcome {
  return status === 401 || status === 403 ? 'denied' : status === 499 ? 'cancelled' : status >= 400 ? 'error' : 'success'
}

/**
 * Recomputes the chain over `entries` (oldest first) up to `head`, read before them (entries appended meanwhile
 * are left for the next check). The first bad id is the first entry whose hash or link does not hold, or the
 * first id missing (ids are consecutive from 1); `head` catches a deleted last entry.
 */
export async function verifyChain(entries: AsyncIterable<AuditEntry> | Iterable<AuditEntry>, head: AuditHead | null): Promise<AuditVerification> {
  const headId = head?.id ?? 0
  let previous: AuditHead | null = null
  let count = 0
  const bad = (first_bad_id: number) => ({ valid: false, entries: count, first_bad_id })
  for await (const entry of entries) {
    if (entry.id > headId) break
    count++
    const expectedId: number = (previous?.id ?? 0) + 1
    if (entry.id !== expectedId) return bad(Math.min(entry.id, expectedId))
    if (entry.prev_hash !== (previous?.hash ?? GENESIS_HASH) || entry.hash !== chainHash(entry)) return bad(entry.id)
    previous = { id: entry.id, hash: entry.hash }
  }
  const lastId = previous?.id ?? 0
  // A missing tail names its first missing id; a rewritten last entry names itself.
  if (headId !== lastId) return bad(Math.min(headId, lastId) + 1)
  if (head && head.hash !== previous?.hash) return bad(lastId)
  return { valid: true, entries: count, first_bad_id: null }
}
