// The `local` provider, the default: work items kept in the service's own store (no tracker, every license tier).
import { createHash } from 'node:crypto'
import { TrackerError, type ConnectionCheck, type Store, type TrackedItem, type WorkItemClient, type WorkItemDraft, type WorkItemProvider } from '../../kernel/plugin.ts'

const KIND = 'devops-local-items'

interface LocalItem {
  key: string
  digest: string
  title: string
  description: string
  labels: string[]
  state: 'open' | 'closed'
  created_at: string
  updated_at: string
  closed_at: string | null
}

export const localProvider: WorkItemProvider = {
  name: 'local',
  title: 'the local store',
  describe: () => "work items kept in this service's store",
  connect: ({ store }) => new LocalClient(store),
}

/** A short id derived from the key: creating an item twice writes one record (the store refuses the second). */
const idOf = (key: string) => `W-${createHash('sha256').update(key).digest('hex').slice(0, 10)}`

const tracked = (id: string, item: LocalItem): TrackedItem => ({ id, url: null, title: item.title, state: item.state, key: item.key, digest: item.digest, labels: item.labels, created_at: item.created_at })

class LocalClient implements WorkItemClient {
  constructor(private readonly store: Store) {}

  async list(prefix: string): Promise<TrackedItem[]> {
    return (await this.store.listRecords<LocalItem>(KIND)).filter((r) => r.data.key.startsWith(prefix)).map((r) => tracked(r.id, r.data))
  }

  async create(draft: WorkItemDraft): Promise<TrackedItem> {
    const id = idOf(draft.key)
    const now = new Date().toISOString()
    const item: LocalItem = { key: draft.key, digest: draft.digest, title: draft.title, description: draft.description, labels: draft.labels, state: 'open', created_at: now, updated_at: now, closed_at: null }
    if ((await this.store.putRecord(KIND, id, item, null)) !== null) return tracked(id, item)
    // Written already (by a run that stopped before recording it): that record is this item.
    return this.change({ id } as TrackedItem, (old) => ({ ...old, digest: draft.digest, title: draft.title, description: draft.description, labels: draft.labels, state: 'open', closed_at: null }))
  }

  update(item: TrackedItem, draft: WorkItemDraft): Promise<TrackedItem> {
    return this.change(item, (old) => ({ ...old, digest: draft.digest, title: draft.title, description: draft.description, labels: draft.labels }))
  }

  close(item: TrackedItem): Promise<TrackedItem> {
    return this.change(item, (old) => ({ ...old, state: 'closed', closed_at: new Date().toISOString() }))
  }

  reopen(item: TrackedItem, draft: WorkItemDraft): Promise<TrackedItem> {
    return this.change(item, (old) => ({ ...old, digest: draft.digest, title: draft.title, description: draft.description, labels: draft.labels, state: 'open', closed_at: null }))
  }

  async checks(): Promise<ConnectionCheck[]> {
    try {
      await this.store.ping()
      return [{ name: 'store', ok: true, detail: "work items are kept in this service's store" }]
    } catch (e) {
      return [{ name: 'store', ok: false, detail: `the store cannot be reached: ${(e as Error).message}` }]
    }
  }

  /** A conditional write over the version read: a concurrent change is refused, never overwritten. */
  private async change(item: TrackedItem, edit: (old: LocalItem) => LocalItem): Promise<TrackedItem> {
    const current = await this.store.getRecord<LocalItem>(KIND, item.id)
    if (!current) throw new TrackerError(`work item ${item.id} is no longer in the store`, 'item', 404)
    const next = { ...edit(current.data), updated_at: new Date().toISOString() }
    if ((await this.store.putRecord(KIND, item.id, next, current.version)) === null) throw new TrackerError(`work item ${item.id} changed while it was being written`, 'item', 409)
    return tracked(item.id, next)
  }
}
