// POST /api/scans (queue mode): a scan request that may be accepted now and run later.
import { Type, type Static } from '@sinclair/typebox'
import { SCAN_PRIORITIES, ScanRequest } from '../../kernel/plugin.ts'

export const SubmitRequest = Type.Object(
  {
    ...ScanRequest.properties,
    async: Type.Optional(Type.Boolean({ default: false, description: 'Answer 202 with the scan id at once; the scan (and its gate decision) is stored when a worker has run it' })),
    priority: Type.Optional(
      Type.Union(SCAN_PRIORITIES.map((p) => Type.Literal(p)), {
        description: 'Place in the queue of an accepted scan: `high` (a CI check), `normal` (default; `high` for changed_files), `low` (a nightly full scan)',
      }),
    ),
  },
  { title: 'SubmitScanRequest', additionalProperties: false },
)
export type SubmitRequest = Static<typeof SubmitRequest>

export const Accepted = Type.Object(
  {
    scan_id: Type.String(),
    status: Type.Literal('queued'),
  },
  { title: 'ScanAccepted', description: 'Poll `GET /api/scans/{scan_id}` (202 while queued or running) or follow `GET /api/scans/{scan_id}/events`' },
)
