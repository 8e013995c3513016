// `devops.provider: azure`: settings `devops.azure.organization` (the organization's URL, https://dev.azure.com/acme,
// or just its name; an Azure DevOps Server collection's URL, https://server/tfs/DefaultCollection, here or in
// `api_url`), `project`, `work_item_type` (default Bug, else Issue, else Task) and `area_path`; the personal access
// token only from GUARD_AZURE_PAT.
import { BadRequestError, TrackerHttp, trackerUrl, writeIntervalMs, type ProviderSettings, type WorkItemProvider } from '../../kernel/plugin.ts'
import { azureHeaders, azureRateLimit, DEFAULT_HOST, describeAzureError } from './api.ts'
import { AzureClient } from './client.ts'
import { AzureHttp } from './http.ts'

/** An organization's name: letters, digits and hyphens, a letter or digit first. */
const ORGANIZATION = /^[A-Za-z0-9][A-Za-z0-9-]{0,49}$/
/** Project names: at most 64 characters, none of Azure DevOps' forbidden ones, not starting with `_` or `.`. */
const PROJECT = /^(?![_.])[^\\/:*?"<>|;#$*{},+=[\]\u0000-\u001f]{1,64}$/
/** Azure DevOps asks for no pause between writes (it delays or refuses past its usage limits); GUARD_AZURE_WRITE_INTERVAL_MS adds one. */
const WRITE_INTERVAL_MS = 0

const text = (settings: ProviderSettings, key: string) => (typeof settings[key] === 'string' ? (settings[key] as string).trim() : undefined)
const isUrl = (value: string) => /^[a-z][a-z0-9+.-]*:\/\//i.test(value)

/** The organization's or collection's URL, from the settings alone; undefined when neither is set. */
function organizationUrl(settings: ProviderSettings): string | undefined {
  const organization = text(settings, 'organization')
  const apiUrl = text(settings, 'api_url')
  const value = apiUrl ?? (organization && !isUrl(organization) ? `${DEFAULT_HOST}/${encodeURIComponent(organization)}` : organization)
  return value?.replace(/\/+$/, '')
}

export const azureProvider: WorkItemProvider = {
  name: 'azure',
  title: 'Azure DevOps',
  licenseFeature: 'devops',
  describe(settings) {
    const project = text(settings, 'project') ?? '(devops.azure.project not set)'
    return `${project} on ${organizationUrl(settings) ?? '(devops.azure.organization not set)'}`
  },
  connect({ settings, env, log }) {
    const organization = text(settings, 'organization')
    if (organization && text(settings, 'api_url') && isUrl(organization))
      throw new BadRequestError('devops.azure.organization and devops.azure.api_url are both URLs: set one (api_url is an Azure DevOps Server collection URL, as organization may be)')
    if (organization && !isUrl(organization) && !ORGANIZATION.test(organization))
      throw new BadRequestError(`devops.azure.organization must be an organization's name (letters, digits, hyphens) or URL: ${JSON.stringify(organization.slice(0, 200))}`)
    const orgUrl = organizationUrl(settings)
    if (!orgUrl) throw new BadRequestError("devops.azure.organization is not set: name the organization's URL (https://dev.azure.com/acme) or an Azure DevOps Server collection's (https://server/tfs/DefaultCollection)")
    const project = text(settings, 'project')
    if (!project) throw new BadRequestError("devops.azure.project is not set: name the project whose work items guard keeps")
    if (!PROJECT.test(project)) throw new BadRequestError(`devops.azure.project is not a project name Azure DevOps allows: ${JSON.stringify(project.slice(0, 200))}`)
    trackerUrl(orgUrl, 'devops.azure.organization', 'the token')
    const pat = env.GUARD_AZURE_PAT
    if (!pat) throw new BadRequestError("GUARD_AZURE_PAT is not set in the server's environment: the azure provider needs a personal access token with the Work Items (Read & write) scope")
    const headers = azureHeaders(pat)
    const http = new TrackerHttp({
      tracker: 'Azure DevOps',
      baseUrl: orgUrl,
      headers,
      // The header's base64 is as secret as the token it encodes.
      secrets: [pat, headers.authorization.replace(/^Basic /, '')],
      writeIntervalMs: writeIntervalMs(env.GUARD_AZURE_WRITE_INTERVAL_MS, WRITE_INTERVAL_MS),
      rateLimit: azureRateLimit,
      describe: describeAzureError,
      log,
    })
    return new AzureClient(new AzureHttp(http, orgUrl), { orgUrl, project, workItemType: text(settings, 'work_item_type'), areaPath: text(settings, 'area_path') })
  },
}
