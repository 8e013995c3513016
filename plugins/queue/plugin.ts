// Queue mode (GUARD_QUEUE_URL): scans run as BullMQ jobs on `guard worker` processes, results through the shared store.
// Without the variable nothing here loads beyond this file: the service stays one process with its own threads.
import type { FastifyReply, FastifyRequest } from 'fastify'
import { errorResponses, ScanResult, type PluginContext, type ScanOptions } from '../../kernel/plugin.ts'
import { Accepted, SubmitRequest } from './schemas.ts'
import { checkSharedStore, queueSettings } from './settings.ts'
import { allowedGitUrls } from './git-source.ts'

export const manifest = { name: 'queue', version: '1.0.0', tier: 'community', dependencies: ['auth'] } as const

export default async function register({ kernel, app, registerCommand, registerScanExecutor }: PluginContext): Promise<void> {
  registerCommand({ name: 'worker', run: async (args) => (await import('./worker.ts')).workerCommand(kernel, args) })
  // Only the server queues scans: the CLI's own scans run where it is (and `guard worker` runs the queued ones).
  if (!app) return
  const settings = queueSettings()
  if (!settings) return
  checkSharedStore()
  // A wrong GUARD_GIT_URLS stops the server at start, not each scan by URL later.
  allowedGitUrls()
  const { QueueExecutor } = await import('./executor.ts')
  const executor = await QueueExecutor.open(kernel, settings, app.log)
  registerScanExecutor(executor)
  app.addHook('onClose', () => executor.close())

  /** A scan answering its client stops when the client goes away (an accepted one does not). */
  const scanOptions = (request: FastifyRequest, reply: FastifyReply): ScanOptions => {
    const abort = new AbortController()
    reply.raw.once('close', () => reply.raw.writableFinished || abort.abort(new Error('client disconnected')))
    return { identity: request.identity, requestId: request.id, signal: abort.signal }
  }

  app.post('/api/scans', {
    config: { permission: 'scan', audit: 'scans.create' },
    schema: {
      summary: 'Queue a scan: answered when it is done (like POST /scan), or at once with `async: true`',
      description:
        'Queue mode only. With `async: true` the request is checked (credentials, repo_access, paths, overrides), queued, and answered 202 with its `scan_id`; ' +
        'a worker then runs the scan and its gate decision and stores both. `GET /api/scans/{scan_id}` answers 202 with the scan’s place while it is queued or running, ' +
        'the stored scan once it is done, or its failure; `GET /api/scans/{scan_id}/events` follows it. The time limit of an accepted scan runs from its start.',
      tags: ['core'], body: SubmitRequest, response: { 200: ScanResult, 202: Accepted, ...errorResponses(400, 404, 413, 422, 502, 503, 504) },
    },
  }, async (request, reply) => {
    const { async: accepted, priority, ...scanRequest } = request.body as SubmitRequest
    if (!accepted) return (await kernel.scan(scanRequest, scanOptions(request, reply))).result
    const scanId = await executor.submit(scanRequest, { identity: request.identity, requestId: request.id, priority })
    return reply.code(202).header('location', `/api/scans/${scanId}`).send({ scan_id: scanId, status: 'queued' })
  })
}
