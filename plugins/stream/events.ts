// A scan told as numbered events (CONTRACT §8): started → progress… → finding… → completed | error.
// The HTTP stream and `guard scan --progress json` both run it, so both tell the same events.
import { GuardError, type Kernel, type ScanOptions, type ScanRequest } from '../../kernel/plugin.ts'
import type { StreamEvent } from './schemas.ts'

/** Progress events at most this often: about ten a second. */
export const PROGRESS_INTERVAL_MS = 100

/** The detail of the `error` event that ends a cancelled scan's replay (its client is gone and never sees it). */
export const CANCELLED_DETAIL = 'Scan cancelled: the client disconnected'

/** An event before its id is given. */
type Unnumbered<E = StreamEvent> = E extends StreamEvent ? Omit<E, 'id'> : never

export interface StreamedScanEnd {
  outcome: 'completed' | 'error' | 'cancelled'
  /** The status the scan would have answered: 200, the error's own (504 past the time limit, 500), 499 cancelled. */
  status: number
  /** What the `completed` event carried, or the `error` event's detail. */
  completed?: Extract<StreamEvent, { event: 'completed' }>['data']
  detail?: string
}

/** What an `error` event may say: a GuardError's message is written for clients; anything else is not shown. */
export function failureOf(e: unknown): { status: number; detail: string } {
  return e instanceof GuardError ? { status: e.status, detail: e.message } : { status: 500, detail: 'Internal server error' }
}

/**
 * Runs a scan and its gate decision (as POST /gate decides it), giving `emit` each event in order with ids from 1.
 * A scan that fails before it starts (its target, overrides or changed_files refused) rejects and emits nothing,
 * so the caller answers an ordinary error; once `started` is out, a failure is an `error` event and this resolves.
 * `emit` may return a promise (a client reading slowly): the findings then wait for it.
 */
export async function streamScan(
  kernel: Pick<Kernel, 'gate'>,
  request: ScanRequest,
  opts: ScanOptions,
  emit: (event: StreamEvent) => void | Promise<void>,
  log?: { error(obj: object, msg: string): void },
): Promise<StreamedScanEnd> {
  let next = 1
  let started = false
  const send = (event: Unnumbered) => emit({ id: next++, ...event } as StreamEvent)

  // Throttled with a trailing edge: the latest counts go out within the interval, and at the end of the analysis.
  type Progress = Extract<StreamEvent, { event: 'progress' }>['data']
  let last = 0
  let pending: Progress | undefined
  let timer: NodeJS.Timeout | undefined
  const flush = () => {
    clearTimeout(timer)
    timer = undefined
    if (!pending) return
    last = Date.now()
    const data = pending
    pending = undefined
    void send({ event: 'progress', data })
  }
  const progress = (p: Progress) => {
    if (!started) return
    pending = { files_done: p.files_done, files_total: p.files_total, findings: p.findings }
    const wait = last + PROGRESS_INTERVAL_MS - Date.now()
    if (wait <= 0) flush()
    else timer ??= setTimeout(flush, wait).unref()
  }

  try {
    const { result, gate } = await kernel.gate(request, {
      ...opts,
      onStart: (info) => {
        if (started) return
        started = true
        void send({ event: 'started', data: { scan_id: info.scan_id, files_total: info.files_total, rules_total: info.rules_total } })
      },
      onProgress: progress,
    })
    if (!started) {
      started = true
      await send({ event: 'started', data: { scan_id: result.scan_id, files_total: result.files_scanned, rules_total: result.rules_evaluated } })
    }
    flush()
    for (const finding of result.findings) await send({ event: 'finding', data: { finding } })
    const completed = { ...result, gate }
    await send({ event: 'completed', data: completed })
    return { outcome: 'completed', status: 200, completed }
  } catch (e) {
    clearTimeout(timer)
    if (!started) throw e
    if (opts.signal?.aborted && !(e instanceof GuardError)) {
      await send({ event: 'error', data: { detail: CANCELLED_DETAIL } })
      return { outcome: 'cancelled', status: 499, detail: CANCELLED_DETAIL }
    }
    const failure = failureOf(e)
    if (failure.status >= 500 && !(e instanceof GuardError)) log?.error({ err: e }, 'streamed scan failed')
    await send({ event: 'error', data: { detail: failure.detail } })
    return { outcome: 'error', ...failure }
  }
}
