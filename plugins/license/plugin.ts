// GET /api/license (CONTRACT §10): the tier the kernel verified, with its features.
import { errorResponses, LicenseInfo, type PluginContext } from '../../kernel/plugin.ts'

export const manifest = { name: 'license', version: '1.0.0', tier: 'community', dependencies: ['auth'] } as const

export default function register({ kernel, app }: PluginContext): void {
  if (!app) return
  // Said once at start, so a mistyped key is noticed before anyone asks.
  kernel.license()
  app.get('/api/license', {
    config: { permission: 'license:read' },
    schema: { summary: 'License tier, validity, organisation, expiry and features', tags: ['license'], response: { 200: LicenseInfo, ...errorResponses() } },
  }, async () => kernel.license())
}
