// The reporters plugin: registers the five report formats of POST /report and `guard report`.
import type { PluginContext, PluginManifest, Reporter } from '../../kernel/plugin.ts'
import { csvReporter } from './csv.ts'
import { htmlReporter } from './html.ts'
import { junitReporter } from './junit.ts'
import { markdownReporter } from './markdown.ts'
import { sarifReporter } from './sarif.ts'

export const manifest: PluginManifest = { name: 'reporters', version: '1.0.0', tier: 'community' }

export const reporters: readonly Reporter[] = [sarifReporter, junitReporter, htmlReporter, csvReporter, markdownReporter]

export default function register(ctx: PluginContext): void {
  for (const reporter of reporters) ctx.registerReporter(reporter)
}
