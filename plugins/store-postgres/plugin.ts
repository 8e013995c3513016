import type { PluginContext } from '../../kernel/plugin.ts'
import { openPostgres } from './store.ts'

export const manifest = { name: 'store-postgres', version: '1.0.0', tier: 'community' } as const

export default function register(ctx: PluginContext): void {
  for (const scheme of ['postgres', 'postgresql']) ctx.registerStore(scheme, openPostgres)
}
