// Work items (CONTRACT §11): the reconcile engine, the `local` provider, and the endpoints. Tracker plugins
// (devops-github, ...) register their providers with the kernel; everything here works with any of them.
import { errorResponses, offsetPage, type PluginContext } from '../../kernel/plugin.ts'
import { reconcileCommand } from './command.ts'
import { devopsStatus, testConnection } from './connection.ts'
import { localProvider } from './local.ts'
import { reconcile } from './reconcile.ts'
import { listWorkItems } from './records.ts'
import { ConnectionReport, DevopsStatus, ReconcileReport, ReconcileRequest, WorkItemsPage, WorkItemsQuery } from './schemas.ts'

// Community: the local provider works on every tier; a provider that needs a license feature says so itself.
export const manifest = { name: 'devops', version: '1.0.0', tier: 'community', dependencies: ['auth'] } as const

const tags = ['devops']

export default function register({ kernel, app, registerWorkItemProvider, registerCommand }: PluginContext): void {
  registerWorkItemProvider(localProvider)
  registerCommand(reconcileCommand(kernel))
  if (!app) return

  app.get('/api/work-items', {
    config: { permission: 'devops' },
    schema: {
      summary: 'Work items as the last reconcile left them',
      description: 'Read from the store (no request to the tracker), most recently changed first. Filters match exactly.',
      tags, querystring: WorkItemsQuery, response: { 200: WorkItemsPage, ...errorResponses(422) },
    },
  }, async (request) => {
    const q = request.query as WorkItemsQuery
    const items = (await listWorkItems(await kernel.store())).filter(
      (w) =>
        (q.state === undefined || w.state === q.state) &&
        (q.rule_id === undefined || w.rule_id === q.rule_id) &&
        (q.severity === undefined || w.severity === q.severity) &&
        (q.provider === undefined || w.provider === q.provider) &&
        (q.repo === undefined || w.repo === q.repo),
    )
    return offsetPage(items, q.limit ?? 100, q.cursor)
  })

  app.post('/api/reconcile', {
    config: { permission: 'devops:write' },
    schema: {
      summary: 'Make the tracker match a scan',
      description:
        'One work item per (repository, rule) by default (`devops.group_by`): created with the findings, updated when they change, closed when they are gone, reopened when they come back; suppressed findings open none. ' +
        'Idempotent, and a rerun after a failure finishes the job without duplicates. One reconcile per repository at a time (409 while one runs). ' +
        'A tracker that cannot be read at all is a 502 and nothing changes; failures after that are counted in `failed` (a tracker-wide failure stops the run: the rest is `skipped`).',
      tags, body: ReconcileRequest, response: { 200: ReconcileReport, ...errorResponses(400, 404, 409, 422, 502) },
    },
  }, async (request) => {
    const body = (request.body ?? {}) as ReconcileRequest
    return reconcile(kernel, { dryRun: body.dry_run, scanId: body.scan_id, identity: request.identity!, requestId: request.id })
  })

  app.post('/api/devops/test-connection', {
    // devops:write: it makes requests to the tracker with the server's token.
    config: { permission: 'devops:write' },
    schema: {
      summary: 'Check the tracker: reachability, authentication, the project, the permissions reconcile needs',
      description: 'Each check is a line; `ok` is true when all pass. A provider that cannot be set up (no token in the environment, no project) is one failed `configuration` line.',
      tags, response: { 200: ConnectionReport, ...errorResponses(400) },
    },
  }, async () => testConnection(kernel))

  app.get('/api/devops/status', {
    config: { permission: 'devops' },
    schema: {
      summary: 'The provider, reconciles running now, and the last reconcile with its counts',
      tags, response: { 200: DevopsStatus, ...errorResponses(400) },
    },
  }, async () => devopsStatus(kernel))
}
