// Stored scans as the findings routes read them: a scan's findings never change once stored, so the last few read
// are kept parsed (a 100,000-finding scan takes about 200 ms to read back), bounded by their findings.
import type { Store, StoredScan } from '../../kernel/plugin.ts'

/** Findings kept parsed over all cached scans: two of the largest scans a scan may store. */
const MAX_CACHED_FINDINGS = 200_000
/** Fingerprint sets kept for comparisons between scans (status, history), counted by fingerprint. */
const MAX_CACHED_IDS = 2_000_000
/** How far back the scan before another is looked for. */
const MAX_SCANS_WALKED = 5000

/** A least-recently-used map bounded by the summed weight of its values. */
class WeightedLru<V> {
  private readonly entries = new Map<string, { value: V; weight: number }>()
  private weight = 0
  constructor(private readonly max: number) {}

  get(key: string): V | undefined {
    const hit = this.entries.get(key)
    if (!hit) return undefined
    this.entries.delete(key)
    this.entries.set(key, hit)
    return hit.value
  }

  set(key: string, value: V, weight: number): void {
    if (weight > this.max) return
    this.entries.delete(key)
    this.entries.set(key, { value, weight })
    this.weight += weight
    for (const [k, e] of this.entries) {
      if (this.weight <= this.max) break
      this.entries.delete(k)
      this.weight -= e.weight
    }
  }
}

export class ScanCache {
  private readonly scans = new WeightedLru<StoredScan>(MAX_CACHED_FINDINGS)
  private readonly ids = new WeightedLru<Set<string>>(MAX_CACHED_IDS)
  private readonly reading = new Map<string, Promise<StoredScan | undefined>>()
  /** A scan's predecessor in its repository: stored scans are only ever added after the newest. */
  private readonly previous = new Map<string, string | null>()

  constructor(private readonly store: () => Promise<Store>) {}

  /** The scan, read once for every caller that asks at the same time. */
  async scan(id: string): Promise<StoredScan | undefined> {
    const cached = this.scans.get(id)
    if (cached) return cached
    let pending = this.reading.get(id)
    if (!pending) {
      pending = this.store()
        .then((s) => s.getScan(id))
        .then((scan) => {
          if (scan) this.scans.set(id, scan, scan.result.findings.length + 1)
          return scan
        })
        .finally(() => this.reading.delete(id))
      this.reading.set(id, pending)
    }
    return pending
  }

  /** The fingerprints of a scan's findings; a scan read only for them is not kept whole (it would push out the one listed). */
  async fingerprints(id: string): Promise<Set<string>> {
    const cached = this.ids.get(id)
    if (cached) return cached
    const scan = this.scans.get(id) ?? (await this.reading.get(id)) ?? (await (await this.store()).getScan(id))
    const set = new Set((scan?.result.findings ?? []).map((f) => f.id))
    this.ids.set(id, set, set.size + 1)
    return set
  }

  /** Scans of `target`, newest first, at most `max` (the summaries only). */
  async scansOf(target: string, max: number): Promise<{ id: string; started_at: string }[]> {
    const store = await this.store()
    const out: { id: string; started_at: string }[] = []
    let cursor: string | undefined
    let walked = 0
    do {
      const page = await store.listScans({ limit: 1000, cursor })
      for (const s of page.items) if (s.target === target && out.length < max) out.push({ id: s.id, started_at: s.started_at })
      walked += page.items.length
      cursor = page.next_cursor ?? undefined
    } while (cursor && out.length < max && walked < MAX_SCANS_WALKED)
    return out
  }

  /** The scan of the same repository stored just before `scan`, or null. */
  async previousOf(scan: Pick<StoredScan, 'id' | 'target'>): Promise<string | null> {
    const known = this.previous.get(scan.id)
    if (known !== undefined) return known
    const store = await this.store()
    let cursor: string | undefined
    let walked = 0
    let passed = false
    let found: string | null = null
    search: do {
      const page = await store.listScans({ limit: 1000, cursor })
      for (const s of page.items) {
        if (passed && s.target === scan.target) {
          found = s.id
          break search
        }
        if (s.id === scan.id) passed = true
      }
      walked += page.items.length
      cursor = page.next_cursor ?? undefined
    } while (cursor && walked < MAX_SCANS_WALKED)
    if (this.previous.size > 10_000) this.previous.clear()
    this.previous.set(scan.id, found)
    return found
  }
}
