// The audit log (CONTRACT §5, §11): one entry per scan/gate/report and state change, recorded here and nowhere else.
import type { FastifyReply, FastifyRequest } from 'fastify'
import { AuditPage, AuditQuery, AuditVerification, errorResponses, outcomeOf, ValidationError, verifyChain, withoutCredentials, type AuditRecord, type Kernel, type PluginContext } from '../../kernel/plugin.ts'

export const manifest = { name: 'audit', version: '1.0.0', tier: 'community', dependencies: ['auth'] } as const

const errors = errorResponses(422)
const READS = new Set(['GET', 'HEAD', 'OPTIONS'])
const recorded = new WeakSet<FastifyRequest>()

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The audit action of a route; by default scan routes and every non-GET route are audited, named by their path. */
    audit?: string | false
  }
}

/** `/scan` → `scan`, `/api/packs/:id/overrides` → `packs.overrides`; undefined when the route is not audited. */
function actionOf(request: FastifyRequest): string | undefined {
  const { config, url } = request.routeOptions
  if (config.audit !== undefined) return config.audit || undefined
  if (config.permission !== 'scan' && READS.has(request.method)) return undefined
  return (url ?? '').replace(/^\/(api\/)?/, '').split('/').filter((s) => s && !s.startsWith(':')).join('.') || '/'
}

/** Longer targets are cut: a client's 15 MB repo_path is not kept in every copy of the log. */
const MAX_TARGET = 1024

/** The repository path, `inline`, the scan id of a stored-scan report, or the route's `:id`. */
function targetOf(request: FastifyRequest): string | null {
  const target = requestTarget(request)
  return target && target.length > MAX_TARGET ? `${target.slice(0, MAX_TARGET - 1)}…` : target
}

function requestTarget(request: FastifyRequest): string | null {
  const body = request.body
  if (body && typeof body === 'object' && !Array.isArray(body)) {
    const b = body as Record<string, unknown>
    if (typeof b.scan_id === 'string') return b.scan_id
    if (b.files !== undefined) return 'inline'
    // A URL is kept without its userinfo: a token sent there (and refused) is in no copy of the log.
    if (typeof b.repo_url === 'string') return withoutCredentials(b.repo_url)
    if (typeof b.repo_path === 'string') return b.repo_path
    if (request.routeOptions.config.permission === 'scan') return '.'
  }
  const id = (request.params as Record<string, unknown> | undefined)?.id
  return typeof id === 'string' ? id : null
}

/** Who asked: the verified identity, else (a 401) the unverified `sub` of a bearer token, else `anonymous`. */
function actorOf(request: FastifyRequest): Pick<AuditRecord, 'actor' | 'role' | 'auth_method'> {
  const identity = request.identity
  if (identity) return { actor: identity.sub, role: identity.role, auth_method: identity.auth }
  const bearer = /^Bearer\s+[\w-]*\.([\w-]+)\./i.exec(request.headers.authorization ?? '')
  let claimed: unknown
  try {
    claimed = bearer ? (JSON.parse(Buffer.from(bearer[1], 'base64url').toString()) as { sub?: unknown }).sub : undefined
  } catch {
    claimed = undefined
  }
  const method = request.headers.authorization !== undefined ? 'jwt' : request.headers['x-api-key'] !== undefined ? 'api-key' : 'none'
  return { actor: typeof claimed === 'string' && claimed.length <= 256 ? claimed : 'anonymous', role: null, auth_method: method }
}

async function record(kernel: Kernel, request: FastifyRequest, status: number): Promise<void> {
  if (recorded.has(request) || request.is404) return
  const action = actionOf(request)
  if (!action) return
  recorded.add(request)
  const entry: AuditRecord = {
    at: new Date().toISOString(),
    ...actorOf(request),
    action,
    target: targetOf(request),
    outcome: outcomeOf(status),
    status,
    request_id: request.id,
  }
  try {
    await (await kernel.store()).appendAudit(entry)
  } catch (e) {
    request.log.error({ err: e, audit: entry }, 'audit entry not written')
  }
}

/** `since`/`until` as the ISO UTC text the store compares; a date that is no instant is a 422. */
function instant(value: string | undefined, name: string): string | undefined {
  if (value === undefined) return undefined
  const t = new Date(value)
  if (Number.isNaN(t.getTime())) throw new ValidationError('Request validation failed', [{ path: `querystring.${name}`, message: 'not a valid date or time' }])
  return t.toISOString()
}

export default function register({ kernel, app }: PluginContext): void {
  if (!app) return
  // Written before the answer leaves (so a client that reads the log next sees it), for errors and denials too.
  app.addHook('onSend', async (request, reply) => {
    await record(kernel, request, reply.statusCode)
  })
  // A reply that never goes through send (a hijacked stream, a client gone mid-scan) is recorded when it closes.
  app.addHook('preHandler', async (request, reply: FastifyReply) => {
    reply.raw.once('close', () => void record(kernel, request, reply.raw.writableFinished || reply.sent ? reply.raw.statusCode : 499))
  })

  app.get('/api/audit', {
    config: { permission: 'audit:read' },
    schema: {
      summary: 'Audit log entries, newest first',
      description: 'Filters: actor, action, and a time window (`since`/`until`, inclusive). A date without a time means midnight UTC.',
      tags: ['audit'], querystring: AuditQuery, response: { 200: AuditPage, ...errors },
    },
  }, async (request) => {
    const q = request.query as AuditQuery
    const store = await kernel.store()
    return store.listAudit({ actor: q.actor, action: q.action, since: instant(q.since, 'since'), until: instant(q.until, 'until'), limit: q.limit ?? 100, cursor: q.cursor })
  })

  app.get('/api/audit/verify', {
    config: { permission: 'audit:read' },
    schema: {
      summary: 'Verify the audit hash chain',
      description: 'Recomputes every hash from the first entry; `first_bad_id` is the first entry altered, or the first id missing.',
      tags: ['audit'], response: { 200: AuditVerification, ...errors },
    },
  }, async () => {
    const store = await kernel.store()
    const head = await store.auditHead()
    return verifyChain(store.auditEntries(), head)
  })
}
