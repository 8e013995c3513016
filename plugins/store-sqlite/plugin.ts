import type { PluginContext } from '../../kernel/plugin.ts'
import { openSqlite } from './store.ts'

export const manifest = { name: 'store-sqlite', version: '1.0.0', tier: 'community' } as const

export default function register(ctx: PluginContext): void {
  ctx.registerStore('sqlite', openSqlite)
}
