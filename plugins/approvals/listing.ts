// GET /api/approvals: filtered, newest first, paged by a keyset cursor (a new request never shifts the later pages).
import { ValidationError, type Page } from '../../kernel/plugin.ts'
import type { ApprovalRequest, ApprovalsQuery } from './schemas.ts'

type Position = [created_at: string, id: string]

const newestFirst = (a: ApprovalRequest, b: ApprovalRequest) => b.created_at.localeCompare(a.created_at) || b.id.localeCompare(a.id)
/** Whether `a` comes after the cursor's position in newest-first order. */
const after = (a: ApprovalRequest, [created, id]: Position) => a.created_at < created || (a.created_at === created && a.id < id)

function encodeCursor(a: ApprovalRequest): string {
  return Buffer.from(JSON.stringify([a.created_at, a.id])).toString('base64url')
}

function decodeCursor(cursor: string): Position {
  let position: unknown
  try {
    position = JSON.parse(Buffer.from(cursor, 'base64url').toString())
  } catch {
    position = undefined
  }
  if (!Array.isArray(position) || position.length !== 2 || !position.every((p) => typeof p === 'string'))
    throw new ValidationError('Request validation failed', [{ path: 'querystring.cursor', message: 'not a cursor this service issued' }])
  return position as Position
}

export function listApprovals(all: ApprovalRequest[], q: ApprovalsQuery): Page<ApprovalRequest> {
  const matching = all
    .filter((a) => (q.status === undefined || a.status === q.status) && (q.repo === undefined || a.repo === q.repo) && (q.scan_id === undefined || a.scan_id === q.scan_id))
    .sort(newestFirst)
  const position = q.cursor === undefined ? undefined : decodeCursor(q.cursor)
  const from = position ? matching.filter((a) => after(a, position)) : matching
  const limit = q.limit ?? 100
  const items = from.slice(0, limit)
  return { items, total: matching.length, next_cursor: from.length > limit ? encodeCursor(items[items.length - 1]) : null }
}
