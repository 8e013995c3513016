// GET /api/metrics and GET /api/trends: computed from the stored scans (CONTRACT §11).
import { Type } from '@sinclair/typebox'
import { computeMetrics, computeTrends, errorResponses, QueueWait, Severity, trendStart, type PluginContext } from '../../kernel/plugin.ts'

export const manifest = { name: 'metrics', version: '1.0.0', tier: 'community', dependencies: ['auth'] } as const

const BySeverity = Type.Record(Severity, Type.Integer())
const PassRate = Type.Union([Type.Number({ minimum: 0, maximum: 1 }), Type.Null()], { description: 'Share of decided gates that passed; null when none was asked' })
const ScanStat = Type.Object({
  id: Type.String(),
  target: Type.String(),
  started_at: Type.String(),
  total: Type.Integer(),
  suppressed: Type.Integer(),
  files_scanned: Type.Integer(),
  duration_ms: Type.Integer(),
  by_severity: BySeverity,
  passed: Type.Union([Type.Boolean(), Type.Null()]),
})
const Metrics = Type.Object(
  {
    scans: Type.Integer(),
    files_scanned: Type.Integer(),
    findings: Type.Object({ total: Type.Integer({ description: 'Unsuppressed' }), suppressed: Type.Integer(), by_severity: BySeverity }),
    gates: Type.Object({ decided: Type.Integer(), passed: Type.Integer(), pass_rate: PassRate }),
    mean_duration_ms: Type.Integer(),
    throughput_files_per_s: Type.Number(),
    latest: Type.Union([ScanStat, Type.Null()]),
    queue: Type.Optional({ ...QueueWait, description: 'Queue mode only: how long recent scans waited for a worker (left out while the queue does not answer)' }),
  },
  { title: 'Metrics' },
)
const Trends = Type.Object(
  {
    days: Type.Integer(),
    points: Type.Array(
      Type.Object({ date: Type.String({ description: 'UTC day, YYYY-MM-DD' }), scans: Type.Integer(), findings: Type.Integer(), by_severity: BySeverity, gate_pass_rate: PassRate }),
    ),
  },
  { title: 'Trends' },
)

export default function register({ kernel, app }: PluginContext): void {
  if (!app) return
  app.get('/api/metrics', {
    config: { permission: 'metrics:read' },
    schema: { summary: 'Totals over every stored scan: scans, files, findings by severity, gate pass rate, duration, throughput, the latest scan', tags: ['metrics'], response: { 200: Metrics, ...errorResponses() } },
  }, async () => {
    const queue = await kernel.executor.metrics?.().catch(() => undefined)
    return { ...computeMetrics(await (await kernel.store()).scanStats()), ...(queue && { queue }) }
  })

  app.get('/api/trends', {
    config: { permission: 'metrics:read' },
    schema: {
      summary: 'One point per UTC day over the last `days` days: scans, findings by severity, gate pass rate',
      tags: ['metrics'], querystring: Type.Object({ days: Type.Optional(Type.Integer({ minimum: 1, maximum: 365, default: 30 })) }),
      response: { 200: Trends, ...errorResponses(422) },
    },
  }, async (request) => {
    const days = (request.query as { days?: number }).days ?? 30
    const now = new Date()
    return { days, points: computeTrends(await (await kernel.store()).scanStats(trendStart(days, now).toISOString()), days, now) }
  })
}
