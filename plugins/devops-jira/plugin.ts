// Work items as Jira issues: Cloud (REST v3, Atlassian Document Format) and Data Center (REST v2, wiki markup).
import type { PluginContext } from '../../kernel/plugin.ts'
import { jiraProvider } from './provider.ts'

// Loaded on every tier so that a community server names the license it lacks; the provider's licenseFeature gates its use.
export const manifest = { name: 'devops-jira', version: '1.0.0', tier: 'community', dependencies: ['devops'] } as const

export default function register({ registerWorkItemProvider }: PluginContext): void {
  registerWorkItemProvider(jiraProvider)
}
