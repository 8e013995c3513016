// Work items as GitHub issues (REST API v3, version 2022-11-28), on github.com or GitHub Enterprise Server.
import type { PluginContext } from '../../kernel/plugin.ts'
import { githubProvider } from './provider.ts'

// Loaded on every tier so that a community server names the license it lacks; the provider's licenseFeature gates its use.
export const manifest = { name: 'devops-github', version: '1.0.0', tier: 'community', dependencies: ['devops'] } as const

export default function register({ registerWorkItemProvider }: PluginContext): void {
  registerWorkItemProvider(githubProvider)
}
