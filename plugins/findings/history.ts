// A finding's history across the scans of its repository, by fingerprint: first seen, each fix, each return.
import type { FindingHistory } from './schemas.ts'
import type { ScanCache } from './scan-cache.ts'

/** Scans of one repository compared, the newest: older ones are left out (a fingerprint set per scan is read). */
export const HISTORY_SCANS = 100

export async function findingHistory(cache: ScanCache, id: string, target: string): Promise<FindingHistory> {
  const scans = (await cache.scansOf(target, HISTORY_SCANS)).reverse()
  const rows: FindingHistory['scans'] = []
  for (const s of scans) rows.push({ scan_id: s.id, started_at: s.started_at, present: (await cache.fingerprints(s.id)).has(id) })
  const events: FindingHistory['events'] = []
  let seen = false
  let previous = false
  for (const { scan_id, started_at, present } of rows) {
    if (present && !seen) events.push({ kind: 'first_seen', scan_id, started_at })
    else if (present && !previous) events.push({ kind: 'reintroduced', scan_id, started_at })
    else if (!present && previous) events.push({ kind: 'fixed', scan_id, started_at })
    seen ||= present
    previous = present
  }
  const ref = (r: FindingHistory['scans'][number] | undefined) => (r ? { scan_id: r.scan_id, started_at: r.started_at } : null)
  return {
    id,
    target,
    scans_examined: rows.length,
    first_seen: ref(rows.find((r) => r.present)),
    last_seen: ref([...rows].reverse().find((r) => r.present)),
    present_in_latest: rows.at(-1)?.present ?? false,
    events,
    scans: rows,
  }
}
