// The provider `devops.provider` names (local when unset), its settings, and whether the license lets it be used.
import { BadRequestError, ForbiddenError, type Kernel, type ProviderSettings, type WorkItemProvider } from '../../kernel/plugin.ts'

export interface SelectedProvider {
  provider: WorkItemProvider
  settings: ProviderSettings
  /** The license covers it (false: using it is a 403). */
  licensed: boolean
}

/** The configured provider; an unknown or uninstalled one is a 400 naming the installed ones. */
export function selectedProvider(kernel: Kernel): SelectedProvider {
  const devops = (kernel.config.devops ?? {}) as Record<string, unknown>
  const name = typeof devops.provider === 'string' ? devops.provider : 'local'
  const provider = kernel.workItemProviders.get(name)
  if (!provider) throw new BadRequestError(`devops.provider is ${name}, but no ${name} work-item provider is installed (installed: ${[...kernel.workItemProviders.keys()].sort().join(', ')})`)
  const section = devops[name]
  const settings = (section && typeof section === 'object' ? section : {}) as ProviderSettings
  const licensed = provider.licenseFeature === undefined || kernel.license().features[provider.licenseFeature] === true
  return { provider, settings, licensed }
}

/** The configured provider, refused (403) when the license does not cover it. */
export function usableProvider(kernel: Kernel): SelectedProvider {
  const selected = selectedProvider(kernel)
  if (!selected.licensed)
    throw new ForbiddenError(`Work items in ${selected.provider.title} require a Team or Enterprise license (license feature ${selected.provider.licenseFeature}); the local provider works on every tier`)
  return selected
}
