// The events of recent streamed scans, in memory and bounded, for GET /api/scans/{scan_id}/events.
/** One event as it went out: its id and its whole frame. */
export interface RecordedEvent {
  id: number
  frame: string
}

/** A scan's events; a scan still running also tells its followers each new event, then `null` when it ends. */
export class ScanEvents {
  readonly frames: RecordedEvent[] = []
  bytes = 0
  finished = false
  /** Its events no longer fit the log: nothing is kept, followers still get what comes. */
  evicted = false
  private readonly followers = new Set<(event: RecordedEvent | null) => void>()

  /** Calls `listener` with each later event and `null` at the end; returns the unsubscription. */
  follow(listener: (event: RecordedEvent | null) => void): () => void {
    if (this.finished) {
      listener(null)
      return () => undefined
    }
    this.followers.add(listener)
    return () => void this.followers.delete(listener)
  }

  tell(event: RecordedEvent, last: boolean): void {
    if (last) this.finished = true
    for (const f of this.followers) f(event)
    if (last) {
      for (const f of this.followers) f(null)
      this.followers.clear()
    }
  }
}

export interface EventLogLimits {
  scans: number
  events: number
  /** Characters of frames, about their bytes (a `completed` event carries the whole result). */
  bytes: number
}

export const DEFAULT_LIMITS: EventLogLimits = { scans: 50, events: 100_000, bytes: 64 * 1024 * 1024 }

/** The last `scans` streamed scans, oldest dropped first while any limit is passed (a scan larger than the whole log is not kept). */
export class EventLog {
  private readonly scans = new Map<string, ScanEvents>()
  private events = 0
  private bytes = 0

  constructor(readonly limits: EventLogLimits = DEFAULT_LIMITS) {}

  /** Starts recording a scan; `record` keeps each event and tells the scan's followers. */
  begin(scanId: string): { events: ScanEvents; record(event: RecordedEvent, last: boolean): void } {
    const events = new ScanEvents()
    this.scans.set(scanId, events)
    this.trim()
    return {
      events,
      record: (event, last) => {
        if (!events.evicted) {
          events.frames.push(event)
          events.bytes += event.frame.length
          this.events++
          this.bytes += event.frame.length
          this.trim()
        }
        events.tell(event, last)
      },
    }
  }

  /** A scan's events, undefined when it was not streamed here or is no longer kept. */
  get(scanId: string): ScanEvents | undefined {
    return this.scans.get(scanId)
  }

  private trim(): void {
    const { scans, events, bytes } = this.limits
    while (this.scans.size > scans || this.events > events || this.bytes > bytes) {
      const [oldest, kept] = this.scans.entries().next().value as [string, ScanEvents]
      this.scans.delete(oldest)
      this.events -= kept.frames.length
      this.bytes -= kept.bytes
      kept.evicted = true
      kept.frames.length = 0
      kept.bytes = 0
    }
  }
}
