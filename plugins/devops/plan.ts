// Desired against actual: which items to create, update, close or reopen, and which need nothing. Pure: the same
// inputs give the same plan, so a rerun after a failure plans exactly what is left.
import type { TrackedItem, WorkItemDraft } from '../../kernel/plugin.ts'

export type ActionKind = 'create' | 'update' | 'close' | 'reopen'

export interface PlannedAction {
  action: ActionKind
  key: string
  /** What the item should say (absent for a close). */
  draft?: WorkItemDraft
  /** The item acted on (absent for a create). */
  item?: TrackedItem
}

export interface Plan {
  actions: PlannedAction[]
  /** Items that need nothing: open with the same digest, or closed with no findings. */
  unchanged: { key: string; item: TrackedItem; draft?: WorkItemDraft }[]
  /** Items carrying the key of another item: left alone (a person's copy of a marker is never adopted). */
  duplicates: TrackedItem[]
}

/**
 * Of several items with one key, the work item is the one this service recorded, else the oldest; the others are
 * duplicates (a copy of an item, its marker quoted in a new one).
 */
function canonicalItems(actual: TrackedItem[], recorded: ReadonlyMap<string, string>): { items: Map<string, TrackedItem>; duplicates: TrackedItem[] } {
  const byKey = new Map<string, TrackedItem[]>()
  for (const item of actual) byKey.set(item.key, [...(byKey.get(item.key) ?? []), item])
  const items = new Map<string, TrackedItem>()
  const duplicates: TrackedItem[] = []
  for (const [key, list] of byKey) {
    const sorted = [...list].sort((a, b) => (a.created_at ?? '').localeCompare(b.created_at ?? '') || a.id.localeCompare(b.id, undefined, { numeric: true }))
    const chosen = sorted.find((i) => i.id === recorded.get(key)) ?? sorted[0]
    items.set(key, chosen)
    duplicates.push(...sorted.filter((i) => i !== chosen))
  }
  return { items, duplicates }
}

/** `recorded`: key → the tracker id this service last recorded for it. */
export function planReconcile(desired: ReadonlyMap<string, WorkItemDraft>, actual: TrackedItem[], recorded: ReadonlyMap<string, string>): Plan {
  const { items, duplicates } = canonicalItems(actual, recorded)
  const actions: PlannedAction[] = []
  const unchanged: Plan['unchanged'] = []
  for (const [key, draft] of desired) {
    const item = items.get(key)
    if (!item) actions.push({ action: 'create', key, draft })
    else if (item.state === 'closed') actions.push({ action: 'reopen', key, draft, item })
    else if (item.digest !== draft.digest) actions.push({ action: 'update', key, draft, item })
    else unchanged.push({ key, item, draft })
  }
  for (const [key, item] of items) {
    if (desired.has(key)) continue
    if (item.state === 'open') actions.push({ action: 'close', key, item })
    else unchanged.push({ key, item })
  }
  actions.sort((a, b) => a.key.localeCompare(b.key))
  return { actions, unchanged, duplicates }
}
