// The core endpoints (CONTRACT §3): /scan, /gate, /report, /rules, /health.
import type { FastifyReply, FastifyRequest } from 'fastify'
import { errorResponses, GateRequest, GateResult, Health, listRules, ReportQuery, ReportRequest, ReportResult, RulesList, RulesQuery, ScanRequest, ScanResult, VERSION, type PluginContext, type ReportFormat, type ScanOptions, type Severity } from '../../kernel/plugin.ts'

export const manifest = { name: 'core-api', version: '1.0.0', tier: 'community', dependencies: ['auth'] } as const

const errors = errorResponses(400, 404, 413, 422, 504)

export default function register({ kernel, app }: PluginContext): void {
  if (!app) return
  /** A scan stops when its client goes away. */
  const scanOptions = (request: FastifyRequest, reply: FastifyReply): ScanOptions => {
    const abort = new AbortController()
    reply.raw.once('close', () => reply.raw.writableFinished || abort.abort(new Error('client disconnected')))
    return { identity: request.identity, requestId: request.id, signal: abort.signal }
  }

  app.get('/health', {
    config: { permission: 'public' },
    schema: { summary: 'Service health and version', tags: ['core'], response: { 200: Health, 503: Health } },
  }, async (_request, reply) => {
    // Names and versions only: the endpoint is public.
    const plugins = kernel.pluginStatus.filter((p) => p.status === 'loaded').map((p) => ({ name: p.name, version: p.version ?? '' }))
    const checks: Record<string, string> = {}
    await kernel.store().then((store) => store.ping()).catch((e: Error) => (checks.store = e.message))
    // Queue mode: the queue's counts and the workers seen; a queue that does not answer degrades the service too.
    const queue = await kernel.executor.health?.().catch((e: Error) => void (checks.queue = e.message))
    if (!Object.keys(checks).length) return { status: 'ok', version: VERSION, ...queue, plugins }
    return reply.code(503).send({ status: 'degraded', version: VERSION, checks, ...queue, plugins })
  })

  app.post('/scan', {
    config: { permission: 'scan' },
    schema: { summary: 'Scan a repository on the server or inline files', tags: ['core'], body: ScanRequest, response: { 200: ScanResult, ...errors } },
  }, async (request, reply) => (await kernel.scan(request.body as ScanRequest, scanOptions(request, reply))).result)

  app.post('/gate', {
    config: { permission: 'scan' },
    schema: { summary: 'Scan and decide the pass/fail gate', tags: ['core'], body: GateRequest, response: { 200: GateResult, ...errors } },
  }, async (request, reply) => (await kernel.gate(request.body as GateRequest, scanOptions(request, reply))).gate)

  app.post('/report', {
    config: { permission: 'scan' },
    schema: {
      summary: 'Render a report (SARIF 2.1.0, JUnit, HTML, CSV, Markdown, or a format a plugin adds) of a new scan or a stored one (scan_id)',
      tags: ['core'], querystring: ReportQuery, body: ReportRequest, response: { 200: ReportResult, ...errors },
    },
  }, async (request, reply) => {
    const format = ((request.query as { format?: ReportFormat }).format ?? 'sarif') as ReportFormat
    const { content } = await kernel.report(format, request.body as ReportRequest, scanOptions(request, reply))
    return { format, content }
  })

  app.get('/rules', {
    config: { permission: 'rules:read' },
    schema: { summary: 'List rules, filtered by pack, language or severity', tags: ['core'], querystring: RulesQuery, response: { 200: RulesList, ...errors } },
  }, async (request) => {
    const rules = await listRules(kernel, request.query as { pack?: string; language?: string; severity?: Severity })
    return { rules, total: rules.length }
  })
}
