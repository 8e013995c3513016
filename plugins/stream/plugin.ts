// The streamed scan (CONTRACT §8): POST /api/run-scan-stream tells a scan as server-sent events while it runs,
// and GET /api/scans/{scan_id}/events replays (or follows) the events of a recent one.
import { errorResponses, NotFoundError, ScanRequest, type PluginContext, type ScanOptions } from '../../kernel/plugin.ts'
import { EventLog } from './event-log.ts'
import { streamScan } from './events.ts'
import { EVENT_STREAM_RESPONSE, EVENTS_DESCRIPTION, ReplayHeaders, ScanEventsParams } from './schemas.ts'
import { EventStream, sseFrame } from './sse.ts'

export const manifest = { name: 'stream', version: '1.0.0', tier: 'community', dependencies: ['auth'] } as const

export default function register({ kernel, app }: PluginContext): void {
  if (!app) return
  const log = new EventLog()

  app.post('/api/run-scan-stream', {
    config: { permission: 'scan' },
    schema: {
      summary: 'Scan with live progress as server-sent events',
      description: `${EVENTS_DESCRIPTION}\n\nThe body is a \`POST /scan\` request. Credentials, permissions, the body and the scan's target are checked before the stream starts: a refusal is an ordinary JSON error.`,
      tags: ['core'], body: ScanRequest, response: { 200: EVENT_STREAM_RESPONSE, ...errorResponses(400, 404, 413, 422, 504) },
    },
  }, async (request, reply) => {
    // The scan stops when its client goes away; a reply that ended normally has nobody to cancel for.
    const abort = new AbortController()
    reply.raw.once('close', () => reply.raw.writableFinished || abort.abort(new Error('client disconnected')))
    const stream = new EventStream(request, reply)
    let recording: ReturnType<EventLog['begin']> | undefined
    try {
      const end = await streamScan(kernel, request.body as ScanRequest, { identity: request.identity, requestId: request.id, signal: abort.signal }, (event) => {
        if (event.event === 'started') recording = log.begin(event.data.scan_id)
        const frame = sseFrame(event)
        recording?.record({ id: event.id, frame }, event.event === 'completed' || event.event === 'error')
        return stream.write(frame)
      }, request.log)
      stream.end(end.status)
    } catch (e) {
      // A client gone before the stream started: the audit log has its 499 already, and there is nobody to answer.
      if (abort.signal.aborted) return
      throw e
    }
  })

  app.get('/api/scans/:scan_id/events', {
    config: { permission: 'findings:read' },
    schema: {
      summary: "Replay a streamed scan's events",
      description:
        `The events of one of the last ${log.limits.scans} streamed scans (at most ${log.limits.events.toLocaleString('en')} events kept in all), as \`POST /api/run-scan-stream\` sent them, ` +
        'from after `Last-Event-ID` when it is given. A scan still running is followed until it ends. ' +
        'A scan that was not streamed, or whose events are no longer kept, is a 404. In queue mode a scan accepted with `POST /api/scans` (`async: true`) is followed in the queue, its events told the same way.',
      tags: ['findings'], params: ScanEventsParams, headers: ReplayHeaders, response: { 200: EVENT_STREAM_RESPONSE, ...errorResponses(404, 422) },
    },
  }, async (request, reply) => {
    const { scan_id } = request.params as { scan_id: string }
    const events = log.get(scan_id)
    const after = Number((request.headers as { 'last-event-id'?: string })['last-event-id'] ?? 0)
    if (!events) {
      // Queue mode: a scan accepted to run later (POST /api/scans, async) is followed in the queue, told as a streamed scan is.
      const following = await kernel.executor.follow?.(scan_id)
      if (!following) throw new NotFoundError(`No events kept for scan ${scan_id}`)
      const stream = new EventStream(request, reply)
      stream.open()
      if (request.method === 'HEAD') return stream.end()
      const abort = new AbortController()
      reply.raw.once('close', () => reply.raw.writableFinished || abort.abort(new Error('client disconnected')))
      const queued = { gate: (_request: ScanRequest, opts: ScanOptions = {}) => following(opts) }
      const end = await streamScan(queued, {}, { signal: abort.signal }, (event) => (event.id > after ? stream.write(sseFrame(event)) : undefined), request.log)
      return stream.end(end.status)
    }
    const stream = new EventStream(request, reply)
    stream.open()
    // A HEAD answer has no body: the head says the events are there, without waiting for a running scan.
    if (request.method === 'HEAD') return stream.end()
    for (const e of events.frames) if (e.id > after) await stream.write(e.frame)
    if (!events.finished && !stream.closed) {
      // Events that arrive while the stored ones are written are queued, in order, behind them.
      await new Promise<void>((resolve) => {
        let writing = Promise.resolve()
        let seen = events.frames.at(-1)?.id ?? after
        const stop = events.follow((e) => {
          if (!e) return void writing.then(() => resolve())
          if (e.id <= Math.max(seen, after)) return
          seen = e.id
          writing = writing.then(() => stream.write(e.frame))
        })
        reply.raw.once('close', () => {
          stop()
          resolve()
        })
      })
    }
    stream.end()
  })
}
