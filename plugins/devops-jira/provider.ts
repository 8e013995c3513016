// `devops.provider: jira`: settings `devops.jira.url` (the site), `project` (its key), `issue_type`, and `deployment`
// (cloud | datacenter; by default cloud for *.atlassian.net sites, datacenter for any other host). The credentials only
// from the environment: GUARD_JIRA_EMAIL and GUARD_JIRA_TOKEN (an API token) for Cloud, GUARD_JIRA_TOKEN (a personal
// access token) for Data Center.
import { BadRequestError, TrackerHttp, trackerUrl, writeIntervalMs, type ProviderSettings, type WorkItemProvider } from '../../kernel/plugin.ts'
import { API_VERSION, describeJiraError, FLAVOUR_TITLE, isCloudHost, jiraHeaders, jiraRateLimit, type Flavour } from './api.ts'
import { JiraClient } from './client.ts'

/** A project key as Jira's default pattern allows (letters, digits, underscores; a letter first). */
const PROJECT = /^[A-Za-z][A-Za-z0-9_]{0,254}$/
/** A pause between writes (Jira Cloud limits bursts per endpoint); GUARD_JIRA_WRITE_INTERVAL_MS changes it (0 against a test server). */
const WRITE_INTERVAL_MS = 100

const text = (settings: ProviderSettings, key: string) => (typeof settings[key] === 'string' ? (settings[key] as string) : undefined)

/** `devops.jira.deployment`, else what the host says: Atlassian's hosts are Cloud, any other is Data Center. */
function flavourOf(settings: ProviderSettings, url: URL): Flavour {
  const deployment = text(settings, 'deployment')
  return deployment === 'cloud' || deployment === 'datacenter' ? deployment : isCloudHost(url.hostname) ? 'cloud' : 'datacenter'
}

export const jiraProvider: WorkItemProvider = {
  name: 'jira',
  title: 'Jira',
  licenseFeature: 'devops',
  describe(settings) {
    const project = text(settings, 'project') ?? '(devops.jira.project not set)'
    const url = text(settings, 'url')
    if (!url) return `${project} on (devops.jira.url not set)`
    try {
      return `${project} on ${url.replace(/\/+$/, '')} (${FLAVOUR_TITLE[flavourOf(settings, new URL(url))]})`
    } catch {
      return `${project} on ${url}`
    }
  },
  connect({ settings, env, log }) {
    const url = text(settings, 'url')
    if (!url) throw new BadRequestError("devops.jira.url is not set: name the Jira site (https://acme.atlassian.net, or a Data Center's base URL)")
    const project = text(settings, 'project')
    if (!project) throw new BadRequestError('devops.jira.project is not set: name the key of the project whose issues hold the work items (e.g. SEC)')
    if (!PROJECT.test(project)) throw new BadRequestError(`devops.jira.project must be a project key (letters, digits, underscores): ${JSON.stringify(project.slice(0, 200))}`)
    const site = trackerUrl(url, 'devops.jira.url', 'the credentials')
    const flavour = flavourOf(settings, site)
    const token = env.GUARD_JIRA_TOKEN
    const email = env.GUARD_JIRA_EMAIL
    if (!token)
      throw new BadRequestError(`GUARD_JIRA_TOKEN is not set in the server's environment: the jira provider needs ${flavour === 'cloud' ? 'an API token (with GUARD_JIRA_EMAIL, its account)' : 'a personal access token'}`)
    if (flavour === 'cloud' && !email) throw new BadRequestError("GUARD_JIRA_EMAIL is not set in the server's environment: Jira Cloud signs in with the account's email and the API token in GUARD_JIRA_TOKEN")
    const siteBase = site.href.replace(/\/+$/, '')
    const headers = jiraHeaders(flavour, token, email)
    const http = new TrackerHttp({
      tracker: 'Jira',
      baseUrl: `${siteBase}/rest/api/${API_VERSION[flavour]}`,
      headers,
      // The header's base64 is as secret as the token it encodes.
      secrets: [token, headers.authorization.replace(/^\w+ /, '')],
      writeIntervalMs: writeIntervalMs(env.GUARD_JIRA_WRITE_INTERVAL_MS, WRITE_INTERVAL_MS),
      rateLimit: jiraRateLimit,
      describe: (status, body) => describeJiraError(flavour, status, body),
      log,
    })
    return new JiraClient(http, { flavour, siteUrl: siteBase, project, issueType: text(settings, 'issue_type') })
  },
}
