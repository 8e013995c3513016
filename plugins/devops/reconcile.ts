// Reconcile: scan → drafts (content.ts) → the tracker's items → plan (plan.ts) → actions, one at a time under a
// lease → audit entries, the remembered items, the run's report. Tracker-neutral: every provider goes through here.
import { randomUUID } from 'node:crypto'
import { ConflictError, GuardError, NotFoundError, TrackerError, type Identity, type Kernel, type Store, type StoredScan, type TrackedItem, type WorkItemClient } from '../../kernel/plugin.ts'
import { draftsFor, repoPrefix, ruleOfKey, type GroupBy } from './content.ts'
import { acquireLease } from './lease.ts'
import { planReconcile, type PlannedAction } from './plan.ts'
import { usableProvider } from './providers.ts'
import { forgetItem, recordedItems, recordItem, recordRun } from './records.ts'
import type { ReconcileAction, ReconcileReport, WorkItem } from './schemas.ts'

export interface ReconcileOptions {
  /** Plan only: the tracker is read, nothing is written (no lease, no audit entries, no run recorded). */
  dryRun?: boolean
  /** Default: the latest scan. */
  scanId?: string
  /** Who asked: the audit entries name them. */
  identity: Identity
  /** The HTTP request (or the command's run) the audit entries belong to. */
  requestId: string
}

const COUNTER = { create: 'created', update: 'updated', close: 'closed', reopen: 'reopened' } as const

/** The scan named, or the latest; 404 when there is none. */
async function scanToReconcile(store: Store, scanId: string | undefined): Promise<StoredScan> {
  const id = scanId ?? (await store.listScans({ limit: 1 })).items[0]?.id
  const scan = id === undefined ? undefined : await store.getScan(id)
  if (!scan) throw new NotFoundError(scanId === undefined ? 'No scan is stored yet: run a scan first' : `Scan not found: ${scanId}`)
  return scan
}

function apply(client: WorkItemClient, planned: PlannedAction): Promise<TrackedItem> {
  const { action, draft, item } = planned
  if (action === 'create') return client.create(draft!)
  if (action === 'update') return client.update(item!, draft!)
  if (action === 'reopen') return client.reopen(item!, draft!)
  return client.close(item!)
}

const findingsOf = (planned: { draft?: { content: { locations: unknown[]; more: number } } }) => (planned.draft ? planned.draft.content.locations.length + planned.draft.content.more : 0)

export async function reconcile(kernel: Kernel, opts: ReconcileOptions): Promise<ReconcileReport> {
  const { provider, settings } = usableProvider(kernel)
  const store = await kernel.store()
  const scan = await scanToReconcile(store, opts.scanId)
  const devops = kernel.config.devops ?? {}
  const desired = draftsFor(scan, { groupBy: (devops.group_by ?? 'rule') as GroupBy, labels: devops.labels ?? [], publicUrl: devops.public_url })
  const prefix = repoPrefix(scan.target)
  const project = provider.describe(settings)
  const dryRun = opts.dryRun === true
  const runId = randomUUID()
  const startedAt = new Date().toISOString()
  const lease = dryRun ? undefined : await acquireLease(store, `${provider.name}:${prefix}`, { run_id: runId, actor: opts.identity.sub, repo: scan.target })
  if (lease && 'heldBy' in lease) throw new ConflictError(`A reconcile of ${scan.target} is already running (started by ${lease.heldBy.actor} at ${lease.heldBy.started_at}); try again when it ends`)
  const report: ReconcileReport = {
    created: 0, updated: 0, closed: 0, reopened: 0, unchanged: 0, failed: 0, actions: [],
    run_id: dryRun ? null : runId, dry_run: dryRun, provider: provider.name, project, scan_id: scan.id, repo: scan.target, stopped: null, duplicates: [],
  }
  const finishRun = (status: 'completed' | 'stopped' | 'failed') =>
    recordRun(store, {
      id: runId, provider: provider.name, project, scan_id: scan.id, repo: scan.target, actor: opts.identity.sub, started_at: startedAt, finished_at: new Date().toISOString(), status,
      created: report.created, updated: report.updated, closed: report.closed, reopened: report.reopened, unchanged: report.unchanged, failed: report.failed, stopped: report.stopped,
    })
  try {
    const client = await provider.connect({ settings, env: process.env, store, log: kernel.log })
    let actual: TrackedItem[]
    try {
      actual = await client.list(prefix)
    } catch (e) {
      if (!(e instanceof TrackerError)) throw e
      report.stopped = e.message
      if (!dryRun) await finishRun('failed')
      throw new GuardError(502, `${provider.title} could not be read, nothing was changed: ${e.message}`)
    }
    const recorded = await recordedItems(store, provider.name, prefix)
    const plan = planReconcile(desired, actual, new Map([...recorded].flatMap(([key, w]) => (w.id ? [[key, w.id]] : []))))
    report.unchanged = plan.unchanged.length
    report.duplicates = plan.duplicates.map((d) => d.id)
    if (plan.duplicates.length) kernel.log.warn({ provider: provider.name, duplicates: report.duplicates }, 'work items carrying the marker of another item were left alone')
    // What each key's item is after the run, for the remembered copy.
    const after = new Map<string, { item: TrackedItem; findings: number; action: WorkItem['last_action'] | undefined; draft?: PlannedAction['draft'] }>()
    for (const u of plan.unchanged) after.set(u.key, { item: u.item, findings: u.item.state === 'open' ? findingsOf(u) : 0, action: undefined, draft: u.draft })

    for (const planned of plan.actions) {
      const entry: ReconcileAction = {
        action: planned.action, key: planned.key, title: planned.draft?.title ?? planned.item!.title, rule_id: planned.draft?.rule_id ?? ruleOfKey(planned.key),
        findings: findingsOf(planned), id: planned.item?.id ?? null, url: planned.item?.url ?? null, status: 'planned', detail: null,
      }
      report.actions.push(entry)
      if (dryRun) continue
      if (!report.stopped && !lease!.held()) report.stopped = 'the reconcile lost its lease (it was silent past its expiry and another reconcile took over)'
      if (report.stopped) {
        Object.assign(entry, { status: 'skipped', detail: `not attempted: ${report.stopped}` })
        report.failed++
        continue
      }
      try {
        const item = await apply(client, planned)
        Object.assign(entry, { status: 'done', id: item.id, url: item.url })
        report[COUNTER[planned.action]]++
        after.set(planned.key, { item, findings: entry.findings, action: planned.action, draft: planned.draft })
        await audit(kernel, store, opts, `work-items.${planned.action}`, `${provider.name}:${item.id}`, 200)
      } catch (e) {
        const tracker = e instanceof TrackerError
        if (!tracker) kernel.log.error({ err: e, provider: provider.name, action: planned.action }, 'work-item action failed')
        Object.assign(entry, { status: 'failed', detail: tracker ? e.message : `internal error: ${(e as Error).message}` })
        report.failed++
        // The item is as it was: what is remembered of it stays.
        if (planned.item) after.set(planned.key, { item: planned.item, findings: recorded.get(planned.key)?.findings ?? 0, action: undefined })
        await audit(kernel, store, opts, `work-items.${planned.action}`, `${provider.name}:${planned.item?.id ?? planned.key}`, tracker ? e.status ?? 502 : 500)
        if (tracker && e.scope === 'tracker') report.stopped = e.message
      }
    }
    if (dryRun) return report

    const now = new Date().toISOString()
    for (const [key, { item, findings, action, draft }] of after) {
      const previous = recorded.get(key)
      await recordItem(store, {
        id: item.id, key, provider: provider.name, url: item.url, title: item.title, state: item.state, repo: scan.target,
        rule_id: draft?.rule_id ?? previous?.rule_id ?? ruleOfKey(key), severity: draft?.severity ?? previous?.severity ?? null, findings,
        // An item left as it was keeps the scan and action that last changed it: a rerun that changes nothing writes nothing.
        scan_id: action || !previous ? scan.id : previous.scan_id, last_action: action ?? previous?.last_action ?? 'none', updated_at: now,
      }, previous)
    }
    // Items gone from the tracker (deleted, moved) are forgotten.
    const listed = new Set(actual.map((i) => i.key))
    for (const key of recorded.keys()) if (!after.has(key) && !listed.has(key)) await forgetItem(store, provider.name, key)
    await finishRun(report.stopped ? 'stopped' : 'completed')
    return report
  } finally {
    if (lease && !('heldBy' in lease)) await lease.release()
  }
}

/** One audit entry per change to a work item (the route's own entry records the reconcile as a whole). */
async function audit(kernel: Kernel, store: Store, opts: ReconcileOptions, action: string, target: string, status: number): Promise<void> {
  const entry = { at: new Date().toISOString(), actor: opts.identity.sub, role: opts.identity.role, auth_method: opts.identity.auth, action, target, outcome: status < 400 ? 'success' as const : 'error' as const, status, request_id: opts.requestId }
  try {
    await store.appendAudit(entry)
  } catch (e) {
    kernel.log.error({ err: e, audit: entry }, 'audit entry not written')
  }
}
