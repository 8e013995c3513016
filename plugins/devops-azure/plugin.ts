// Work items in Azure DevOps (Services, or a Server collection): Work Items REST API 7.1, JSON Patch, WIQL.
import type { PluginContext } from '../../kernel/plugin.ts'
import { azureProvider } from './provider.ts'

// Loaded on every tier so that a community server names the license it lacks; the provider's licenseFeature gates its use.
export const manifest = { name: 'devops-azure', version: '1.0.0', tier: 'community', dependencies: ['devops'] } as const

export default function register({ registerWorkItemProvider }: PluginContext): void {
  registerWorkItemProvider(azureProvider)
}
