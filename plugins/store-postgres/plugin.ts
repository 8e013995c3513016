import type { PluginContext } from '../../kernel/plugin.ts'

/** The client library loads only when a PostgreSQL store is opened: most runs (every CLI scan) never need it. */
const openPostgres = async (url: string) => (await import('./store.ts')).openPostgres(url)

export const manifest = { name: 'store-postgres', version: '1.0.0', tier: 'community' } as const

export default function register(ctx: PluginContext): void {
  for (const scheme of ['postgres', 'postgresql']) ctx.registerStore(scheme, openPostgres)
}
