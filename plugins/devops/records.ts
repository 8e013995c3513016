// What the service remembers of reconciles: each work item as last seen (GET /api/work-items reads these, not the
// tracker) and each run's counts (GET /api/devops/status). The tracker stays the truth: a reconcile reads it first.
import type { Store } from '../../kernel/plugin.ts'
import type { ReconcileRun, WorkItem } from './schemas.ts'

const ITEMS = 'devops-work-items'
const RUNS = 'devops-runs'
/** Runs kept; older ones are removed after each run. */
const RUNS_KEPT = 50

const itemId = (provider: string, key: string) => `${provider}:${key}`

export async function listWorkItems(store: Store): Promise<WorkItem[]> {
  return (await store.listRecords<WorkItem>(ITEMS)).map((r) => r.data)
}

/** One provider's items of one repository (keys under `prefix`), by key. */
export async function recordedItems(store: Store, provider: string, prefix: string): Promise<Map<string, WorkItem>> {
  const all = await listWorkItems(store)
  return new Map(all.filter((w) => w.provider === provider && w.key.startsWith(prefix)).map((w) => [w.key, w]))
}

/** Writes the item when it differs from what is recorded (a rerun that changes nothing writes nothing). */
export async function recordItem(store: Store, item: WorkItem, previous: WorkItem | undefined): Promise<void> {
  const same = previous && JSON.stringify({ ...previous, updated_at: '' }) === JSON.stringify({ ...item, updated_at: '' })
  if (!same) await store.putRecord(ITEMS, itemId(item.provider, item.key), item)
}

export function forgetItem(store: Store, provider: string, key: string): Promise<void> {
  return store.deleteRecord(ITEMS, itemId(provider, key))
}

export async function recordRun(store: Store, run: ReconcileRun): Promise<void> {
  await store.putRecord(RUNS, run.id, run)
  const runs = await store.listRecords<ReconcileRun>(RUNS)
  for (const old of runs.slice(RUNS_KEPT)) await store.deleteRecord(RUNS, old.id)
}

export async function lastRun(store: Store): Promise<ReconcileRun | null> {
  const runs = await store.listRecords<ReconcileRun>(RUNS)
  return runs.map((r) => r.data).sort((a, b) => b.finished_at.localeCompare(a.finished_at))[0] ?? null
}
