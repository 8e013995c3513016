// Server-sent events over a Fastify reply: the frames, the head, keep-alive comments, and a slow reader's back-pressure.
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { StreamEvent } from './schemas.ts'

/** `id`, `event` and one `data` line (JSON never holds a raw line break), then the blank line that ends an event. */
export function sseFrame(event: StreamEvent): string {
  return `id: ${event.id}\nevent: ${event.event}\ndata: ${JSON.stringify(event.data)}\n\n`
}

export const KEEP_ALIVE = ': keep-alive\n\n'

/** Seconds between keep-alive comments: GUARD_STREAM_KEEPALIVE_S, default 15 (under the usual 30–60 s proxy idle limits). */
export function keepAliveMs(): number {
  const s = Number(process.env.GUARD_STREAM_KEEPALIVE_S ?? 15)
  return (Number.isFinite(s) && s > 0 ? s : 15) * 1000
}

/**
 * One client's event stream. Nothing is written until `open`: until then the route may still answer an ordinary
 * JSON error. The reply is written raw (not hijacked), so a client that leaves mid-stream is a response that never
 * ended, which the audit log records as 499 when it closes.
 */
export class EventStream {
  private keepAlive: NodeJS.Timeout | undefined

  constructor(
    private readonly request: FastifyRequest,
    private readonly reply: FastifyReply,
  ) {
    reply.raw.once('close', () => clearInterval(this.keepAlive))
  }

  get opened(): boolean {
    return this.reply.raw.headersSent
  }

  /** The client is gone (or the stream ended): writes go nowhere. */
  get closed(): boolean {
    return this.reply.raw.destroyed || this.reply.raw.writableEnded
  }

  open(): void {
    if (this.opened || this.closed) return
    const raw = this.reply.raw
    // Headers set earlier by hooks (the rate limit's) go out too; the request id as on every answer.
    for (const [name, value] of Object.entries(this.reply.getHeaders())) if (value !== undefined) raw.setHeader(name, value)
    raw.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      // nginx would otherwise buffer the stream and deliver it whole at the end.
      'x-accel-buffering': 'no',
      'x-request-id': this.request.id,
    })
    this.keepAlive = setInterval(() => this.closed || this.reply.raw.write(KEEP_ALIVE), keepAliveMs()).unref()
  }

  /** Writes a frame; the promise settles once the client has taken it in (at once unless its buffer is full). */
  write(text: string): void | Promise<void> {
    if (this.closed) return
    if (!this.opened) this.open()
    if (this.reply.raw.write(text)) return
    return new Promise((resolve) => {
      const done = () => {
        this.reply.raw.off('drain', done).off('close', done)
        resolve()
      }
      this.reply.raw.once('drain', done).once('close', done)
    })
  }

  /** Ends the stream. `status` is what the audit log records for it (the head already said 200). */
  end(status = 200): void {
    clearInterval(this.keepAlive)
    if (this.closed) return
    this.reply.raw.statusCode = status
    this.reply.raw.end()
  }
}
