// The read API over stored scans (CONTRACT §7, §11): scans, findings, and the suppressions they applied.
// Findings are filtered in memory from the stored scan's JSON: one scan is read whole, then filtered and paged.
import { configMatcher, errorResponses, FindingsPage, FindingsQuery, IdParams, isExpired, NotFoundError, offsetPage, PageQuery, ScanFinding, ScanIdQuery, ScansPage, StoredScanView, SUPPRESSION_SCANS, SuppressionsPage, SuppressionsQuery, type AppliedSuppression, type PluginContext, type Store, type StoredScan } from '../../kernel/plugin.ts'

export const manifest = { name: 'findings', version: '1.0.0', tier: 'community', dependencies: ['auth'] } as const

const errors = errorResponses(404, 422)
const config = { permission: 'findings:read' } as const
const tags = ['findings']

/** The scan named, or the latest one (undefined when none is stored); an unknown id is a 404. */
async function scanOrLatest(store: Store, scanId: string | undefined): Promise<StoredScan | undefined> {
  const id = scanId ?? (await store.listScans({ limit: 1 })).items[0]?.id
  const scan = id === undefined ? undefined : await store.getScan(id)
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
    schema: { summary: 'A stored scan: its result and gate decision', tags, params: IdParams, response: { 200: StoredScanView, ...errors } },
  }, async (request) => {
    const { id } = request.params as { id: string }
    const scan = await (await kernel.store()).getScan(id)
    if (!scan) throw new NotFoundError(`Scan not found: ${id}`)
    return { id: scan.id, target: scan.target, started_at: scan.started_at, result: scan.result, gate: scan.gate }
  })

  app.get('/api/findings', {
    config,
    schema: {
      summary: 'Findings of a stored scan, filtered',
      description: 'The latest scan unless `scan_id` is given. Filters match exactly; `pack` keeps findings the pack maps.',
      tags, querystring: FindingsQuery, response: { 200: FindingsPage, ...errors },
    },
  }, async (request) => {
    const q = request.query as FindingsQuery
    const scan = await scanOrLatest(await kernel.store(), q.scan_id)
    const findings = (scan?.result.findings ?? []).filter(
      (f) =>
        (q.severity === undefined || f.severity === q.severity) &&
        (q.rule_id === undefined || f.rule_id === q.rule_id) &&
        (q.file === undefined || f.file === q.file) &&
        (q.pack === undefined || f.standards.some((s) => s.pack === q.pack)) &&
        (q.suppressed === undefined || f.suppressed === q.suppressed),
    )
    return { ...offsetPage(findings, q.limit ?? 100, q.cursor), scan_id: scan?.id ?? null }
  })

  app.get('/api/findings/:id', {
    config,
    schema: { summary: 'One finding by its fingerprint', tags, params: IdParams, querystring: ScanIdQuery, response: { 200: ScanFinding, ...errors } },
  }, async (request) => {
    const { id } = request.params as { id: string }
    const scan = await scanOrLatest(await kernel.store(), (request.query as { scan_id?: string }).scan_id)
    const finding = scan?.result.findings.find((f) => f.id === id)
    if (!scan || !finding) throw new NotFoundError(`Finding not found: ${id}`)
    return { ...finding, scan_id: scan.id }
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
