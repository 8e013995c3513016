// The connection check and the status: what POST /api/devops/test-connection and GET /api/devops/status answer.
import { GuardError, TrackerError, type Kernel } from '../../kernel/plugin.ts'
import { activeLeases } from './lease.ts'
import { selectedProvider, usableProvider } from './providers.ts'
import { lastRun } from './records.ts'
import type { ConnectionReport, DevopsStatus } from './schemas.ts'

/** Each check a line; a provider that cannot even be set up (no token, no project) is one failed `configuration` line. */
export async function testConnection(kernel: Kernel): Promise<ConnectionReport> {
  const { provider, settings } = usableProvider(kernel)
  const store = await kernel.store()
  let checks: ConnectionReport['checks']
  try {
    checks = await (await provider.connect({ settings, env: process.env, store, log: kernel.log })).checks()
  } catch (e) {
    if (!(e instanceof TrackerError) && !(e instanceof GuardError && e.status === 400)) throw e
    checks = [{ name: 'configuration', ok: false, detail: e.message }]
  }
  return { ok: checks.length > 0 && checks.every((c) => c.ok), provider: provider.name, project: provider.describe(settings), checks }
}

/** From the store alone: no request to the tracker. */
export async function devopsStatus(kernel: Kernel): Promise<DevopsStatus> {
  const { provider, settings, licensed } = selectedProvider(kernel)
  const store = await kernel.store()
  return {
    provider: provider.name,
    title: provider.title,
    project: provider.describe(settings),
    licensed,
    running: (await activeLeases(store)).map(({ repo, actor, started_at }) => ({ repo, actor, started_at })),
    last_reconcile: await lastRun(store),
  }
}
