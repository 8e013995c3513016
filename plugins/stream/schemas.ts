// The streamed scan's events (CONTRACT §8) and the replay route's parameters: one source for types and the OpenAPI text.
import { Type, type Static } from '@sinclair/typebox'
import { Finding, GateResult, ScanResult } from '../../kernel/plugin.ts'

export const StartedData = Type.Object(
  {
    scan_id: Type.String(),
    files_total: Type.Integer({ description: 'Files listed for analysis (0 for a history scan, whose file versions are counted as they are read)' }),
    rules_total: Type.Integer(),
  },
  { title: 'StreamStarted' },
)
export const ProgressData = Type.Object(
  { files_done: Type.Integer(), files_total: Type.Integer(), findings: Type.Integer({ description: 'Findings so far, before suppressions and the baseline' }) },
  { title: 'StreamProgress' },
)
export const FindingData = Type.Object({ finding: Finding }, { title: 'StreamFinding' })
export const CompletedData = Type.Object({ ...ScanResult.properties, gate: GateResult }, { title: 'StreamCompleted' })
export const ErrorData = Type.Object({ detail: Type.String() }, { title: 'StreamError' })

/** Each event as it is framed: `id`, `event`, and its JSON `data`. */
export type StreamEvent =
  | { id: number; event: 'started'; data: Static<typeof StartedData> }
  | { id: number; event: 'progress'; data: Static<typeof ProgressData> }
  | { id: number; event: 'finding'; data: Static<typeof FindingData> }
  | { id: number; event: 'completed'; data: Static<typeof CompletedData> }
  | { id: number; event: 'error'; data: Static<typeof ErrorData> }
export type StreamEventName = StreamEvent['event']

export const ScanEventsParams = Type.Object({ scan_id: Type.String({ description: 'The `scan_id` of a streamed scan' }) })
export const ReplayHeaders = Type.Object({
  'last-event-id': Type.Optional(Type.String({ pattern: '^[0-9]{1,9}$', description: 'Send only the events after this id (an EventSource sends it when it reconnects)' })),
})

/** The 200 answer of both routes: a text/event-stream, described in words (OpenAPI 3.0 has no schema for a stream of events). */
export const EVENT_STREAM_RESPONSE = {
  description: 'Server-sent events: `id: N`, `event: NAME`, `data: JSON`, separated by a blank line; `: keep-alive` comment lines in between',
  content: {
    'text/event-stream': {
      schema: {
        type: 'string',
        example: [
          'id: 1\nevent: started\ndata: {"scan_id":"4f0c…","files_total":120,"rules_total":310}\n',
          'id: 2\nevent: progress\ndata: {"files_done":64,"files_total":120,"findings":3}\n',
          'id: 3\nevent: finding\ndata: {"finding":{"id":"…","rule_id":"js.eval-injection","severity":"critical",…}}\n',
          'id: 4\nevent: completed\ndata: {"findings":[…],"total":1,…,"gate":{"passed":false,…}}\n',
        ].join('\n'),
      },
    },
  },
} as const

export const EVENTS_DESCRIPTION = [
  'Events, in this order, ids counting from 1:',
  '',
  '- `started` `{scan_id, files_total, rules_total}` once the files are listed;',
  '- `progress` `{files_done, files_total, findings}` while the files are analysed, at most about ten a second (the last one when the analysis ends);',
  '- `finding` `{finding}` for each finding of the result, in its order (secrets masked, suppressed findings marked), once the scan is done;',
  '- `completed`: the `POST /scan` answer with the gate decision (as `POST /gate` decides it) under `gate`; or `error` `{detail}` (the time limit, a failed analysis).',
  '',
  'A `: keep-alive` comment line comes every 15 s. A client that disconnects cancels the scan (audited as `cancelled`).',
].join('\n')
