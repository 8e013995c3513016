// Governance over HTTP (CONTRACT §11): gate, approval, suppression and audit policies, persisted in .guard.yaml.
import { errorResponses, governancePolicy, GovernancePolicy, GovernanceUpdate, updateConfigFile, type PluginContext } from '../../kernel/plugin.ts'

export const manifest = { name: 'governance', version: '1.0.0', tier: 'community', dependencies: ['auth'] } as const

const errors = errorResponses(400, 422)

export default function register({ kernel, app }: PluginContext): void {
  if (!app) return

  app.get('/api/governance', {
    config: { permission: 'config:read' },
    schema: { summary: 'The governance policies in force, defaults included', tags: ['governance'], response: { 200: GovernancePolicy, ...errors } },
  }, async () => governancePolicy(kernel.config))

  app.post('/api/governance', {
    config: { permission: 'governance:write' },
    schema: {
      summary: 'Change the governance policies (deep merge into .guard.yaml, comments kept, atomic write)',
      description: 'The gate policy is written to `gate`, the rest to `governance`; the next scan uses them.',
      tags: ['governance'], body: GovernanceUpdate, response: { 200: GovernancePolicy, ...errors },
    },
  }, async (request) => {
    const { gate, ...governance } = request.body as GovernanceUpdate
    updateConfigFile(kernel.configPath, { ...(gate ? { gate } : {}), ...(Object.keys(governance).length ? { governance } : {}) })
    kernel.reloadConfig()
    return governancePolicy(kernel.config)
  })
}
