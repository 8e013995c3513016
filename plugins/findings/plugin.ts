// The read API over stored scans (CONTRACT §7, §11): scans, findings, and the suppressions they applied.
// Findings are filtered in memory from the stored scan's JSON: one scan is read whole, then filtered and paged.
import { Type } from '@sinclair/typebox'
import { configMatcher, errorResponses, IdParams, isExpired, NotFoundError, offsetPage, PageQuery, ScanFinding, ScanIdQuery, ScanJob, ScansPage, StoredScanView, SUPPRESSION_SCANS, SuppressionsPage, SuppressionsQuery, type AppliedSuppression, type PluginContext, type Store, type StoredScan } from '../../kernel/plugin.ts'
import { findingHistory } from './history.ts'
import { listFindings, sortFindings } from './query.ts'
import { ScanCache } from './scan-cache.ts'
import { CreatedSuppression, FindingHistory, FindingsListPage, FindingsListQuery, FindingSource, NewSuppression, SourceQuery, type FindingStatus } from './schemas.ts'
import { findingSource } from './source.ts'
import { addSuppression } from './suppress.ts'

export const manifest = { name: 'findings', version: '1.0.0', tier: 'community', dependencies: ['auth'] } as const

const errors = errorResponses(404, 422)
const config = { permission: 'findings:read' } as const
const tags = ['findings']

/** The scan named, or the latest one (undefined when none is stored); an unknown id is a 404. */
async function scanOrLatest(store: Store, scanId: string | undefined, read: (id: string) => Promise<StoredScan | undefined> = (id) => store.getScan(id)): Promise<StoredScan | undefined> {
  const id = scanId ?? (await store.listScans({ limit: 1 })).items[0]?.id
  const scan = id === undefined ? undefined : await read(id)
  if (scanId !== undefined && !scan) throw new NotFoundError(`Scan not found: ${scanId}`)
  return scan
}

/** Where a scan's suppressions applied; a config entry not honoured (expired) lists the findings it would cover. */
function appliedSuppressions(scan: StoredScan, now = new Date()): AppliedSuppression[] {
  const out: AppliedSuppression[] = []
  const covered = new Set<object>()
  for (const f of scan.result.findings) {
    const s = f.suppression
    if (!s) continue
    const rule = s.source === 'config' ? scan.suppressions?.find((r) => configMatcher(r)(f.rule_id, f.file) && (r.reason ?? null) === s.reason && (r.expires ?? null) === s.expires) : undefined
    if (rule) covered.add(rule)
    out.push({ source: s.source, rule_id: f.rule_id, path: rule?.path ?? null, file: f.file, line: f.line, reason: s.reason, by: s.by, expires: s.expires, expired: s.expires !== null && isExpired({ expires: s.expires }, now), scan_id: scan.id })
  }
  for (const rule of scan.suppressions ?? []) {
    const entry = { source: 'config' as const, rule_id: rule.rule_id, path: rule.path ?? null, reason: rule.reason ?? null, by: rule.by ?? null, expires: rule.expires ?? null, expired: isExpired(rule, now), scan_id: scan.id }
    const matches = configMatcher(rule)
    const would = entry.expired ? scan.result.findings.filter((f) => !f.suppressed && matches(f.rule_id, f.file)) : []
    for (const f of would) out.push({ ...entry, rule_id: f.rule_id, file: f.file, line: f.line })
    if (!would.length && !covered.has(rule)) out.push({ ...entry, file: null, line: null })
  }
  return out
}

export default function register({ kernel, app }: PluginContext): void {
  if (!app) return
  const cache = new ScanCache(() => kernel.store())
  const cachedScan = async (scanId: string | undefined) => scanOrLatest(await kernel.store(), scanId, (id) => cache.scan(id))
  /** The finding of a scan (the latest by default), or a 404. */
  const findingOf = async (id: string, scanId: string | undefined) => {
    const scan = await cachedScan(scanId)
    const finding = scan?.result.findings.find((f) => f.id === id)
    if (!scan || !finding) throw new NotFoundError(`Finding not found: ${id}`)
    return { scan, finding }
  }

  app.get('/api/scans', {
    config,
    schema: { summary: 'Stored scans, newest first', tags, querystring: PageQuery, response: { 200: ScansPage, ...errors } },
  }, async (request) => {
    const q = request.query as { limit?: number; cursor?: string }
    const page = await (await kernel.store()).listScans({ limit: q.limit ?? 100, cursor: q.cursor })
    return { ...page, items: page.items.map(({ gate, ...scan }) => ({ ...scan, passed: gate ? gate.passed : null })) }
  })

  app.get('/api/scans/:id', {
    config,
    schema: {
      summary: 'A stored scan: its result and gate decision',
      description: 'In queue mode, a scan not stored yet answers 202 with its place (`status: queued` or `running`), and a scan that failed answers its failure (`status: failed`, `error`).',
      tags, params: IdParams, response: { 200: Type.Union([StoredScanView, ScanJob]), 202: ScanJob, ...errors },
    },
  }, async (request, reply) => {
    const { id } = request.params as { id: string }
    // Queue mode: a scan accepted and not stored yet (a Redis away leaves the stored scans readable).
    const job = await kernel.executor.job?.(id).catch(() => undefined)
    if (job) return reply.code(job.status === 'failed' ? 200 : 202).send(job)
    const scan = await (await kernel.store()).getScan(id)
    if (!scan) throw new NotFoundError(`Scan not found: ${id}`)
    return { id: scan.id, target: scan.target, started_at: scan.started_at, result: scan.result, gate: scan.gate }
  })

  app.get('/api/findings', {
    config,
    schema: {
      summary: 'Findings of a stored scan, filtered, searched and sorted',
      description:
        'The latest scan unless `scan_id` is given. Filters match exactly; `pack` keeps findings the pack maps; `q` searches rule id, file, message and snippet; ' +
        '`status` compares with the previous scan of the same repository. `counts` gives the filter bar its numbers.',
      tags, querystring: FindingsListQuery, response: { 200: FindingsListPage, ...errors },
    },
  }, async (request) => {
    const q = request.query as FindingsListQuery
    const scan = await cachedScan(q.scan_id)
    const previousId = scan ? await cache.previousOf(scan) : null
    const before = previousId ? await cache.fingerprints(previousId) : new Set<string>()
    const statusOf = (f: { id: string }): FindingStatus => (before.has(f.id) ? 'existing' : 'new')
    const listed = listFindings(sortFindings(scan?.result.findings ?? [], q.sort ?? 'severity'), q, statusOf)
    const page = offsetPage(listed.items, q.limit ?? 100, q.cursor)
    return {
      ...page,
      items: page.items.map((f) => ({ ...f, status: statusOf(f) })),
      scan_id: scan?.id ?? null,
      previous_scan_id: previousId,
      counts: { by_severity: listed.by_severity, by_rule: listed.by_rule },
    }
  })

  app.get('/api/findings/:id', {
    config,
    schema: { summary: 'One finding by its fingerprint', tags, params: IdParams, querystring: ScanIdQuery, response: { 200: ScanFinding, ...errors } },
  }, async (request) => {
    const { scan, finding } = await findingOf((request.params as { id: string }).id, (request.query as { scan_id?: string }).scan_id)
    return { ...finding, scan_id: scan.id }
  })

  app.get('/api/findings/:id/history', {
    config,
    schema: {
      summary: "A finding's history across the scans of its repository: first seen, fixed, reintroduced",
      description: 'Compares the finding’s fingerprint with every scan of the same repository (the latest 100), oldest first. `scan_id` names a scan that has the finding (default: the latest).',
      tags, params: IdParams, querystring: ScanIdQuery, response: { 200: FindingHistory, ...errors },
    },
  }, async (request) => {
    const { id } = request.params as { id: string }
    const { scan } = await findingOf(id, (request.query as { scan_id?: string }).scan_id)
    return findingHistory(cache, id, scan.target)
  })

  app.get('/api/findings/:id/source', {
    config,
    schema: {
      summary: 'The code around a finding, read now from the scanned repository',
      description:
        'Lines before and after the finding from the file as it is now (secrets masked). `changed` says the lines no longer match what the scan read; ' +
        '`available: false` with a `reason` when the file cannot be read (inline scans keep no files).',
      tags, params: IdParams, querystring: SourceQuery, response: { 200: FindingSource, ...errors },
    },
  }, async (request) => {
    const q = request.query as { scan_id?: string; context?: number }
    const { scan, finding } = await findingOf((request.params as { id: string }).id, q.scan_id)
    return findingSource(kernel, scan, finding, q.context ?? 8)
  })

  app.post('/api/suppressions', {
    config: { permission: 'governance:write', audit: 'suppressions.create' },
    schema: {
      summary: "Add a suppression to the server's .guard.yaml",
      description:
        'Appends one entry to `suppressions` (by: the caller), checked against the governance policy (reason required, longest expiry): a 422 names each problem and writes nothing. ' +
        'It applies from the next scan.',
      tags, body: NewSuppression, response: { 201: CreatedSuppression, ...errorResponses(400, 422) },
    },
  }, async (request, reply) => {
    reply.code(201)
    return addSuppression(kernel, request.body as NewSuppression, request.identity!)
  })

  app.get('/api/suppressions', {
    config,
    schema: {
      summary: 'Suppressions applied in recent scans',
      description:
        `Inline and config suppressions of the latest \`scans\` scans (default ${SUPPRESSION_SCANS}), ` +
        'newest scan first, one item per place each applied. ' +
        'Expired config entries are listed with `expired: true` at the findings they would cover (they no longer apply); a config entry that matched nothing is listed once with `file: null`.',
      tags, querystring: SuppressionsQuery, response: { 200: SuppressionsPage, ...errors },
    },
  }, async (request) => {
    const q = request.query as SuppressionsQuery
    const store = await kernel.store()
    const scans = q.scan_id !== undefined
      ? [await scanOrLatest(store, q.scan_id)]
      : await Promise.all((await store.listScans({ limit: q.scans ?? SUPPRESSION_SCANS })).items.map((s) => store.getScan(s.id)))
    const now = new Date()
    const applied = scans.flatMap((s) => (s ? appliedSuppressions(s, now) : [])).filter((a) => q.expired === undefined || a.expired === q.expired)
    return { ...offsetPage(applied, q.limit ?? 100, q.cursor), scans_examined: scans.length }
  })
}
