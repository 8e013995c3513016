// Registers the structural (ast-grep) engine; the engine module itself is imported inside each worker.
import type { PluginContext, PluginManifest } from '../../kernel/plugin.ts'

export const manifest: PluginManifest = { name: 'engine-astgrep', version: '1.0.0', tier: 'community' }

export default function register(ctx: PluginContext): void {
  ctx.registerEngine(new URL('./engine.ts', import.meta.url).href)
}
