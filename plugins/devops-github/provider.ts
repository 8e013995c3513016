// `devops.provider: github`: settings `devops.github.repository` (owner/name) and `api_url` (GitHub Enterprise Server:
// https://HOST/api/v3); the token only from GUARD_GITHUB_TOKEN.
import { BadRequestError, TrackerHttp, trackerUrl, writeIntervalMs, type ProviderSettings, type WorkItemProvider } from '../../kernel/plugin.ts'
import { DEFAULT_API_URL, describeGitHubError, githubHeaders, githubRateLimit } from './api.ts'
import { GitHubClient } from './client.ts'

const REPOSITORY = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})\/[A-Za-z0-9._-]{1,100}$/
/** GitHub asks for a pause of a second between writes; GUARD_GITHUB_WRITE_INTERVAL_MS changes it (0 against a test server). */
const WRITE_INTERVAL_MS = 1000

const apiUrlOf = (settings: ProviderSettings) => (typeof settings.api_url === 'string' ? settings.api_url.replace(/\/+$/, '') : DEFAULT_API_URL)

export const githubProvider: WorkItemProvider = {
  name: 'github',
  title: 'GitHub',
  licenseFeature: 'devops',
  describe: (settings) => `${typeof settings.repository === 'string' ? settings.repository : '(devops.github.repository not set)'} on ${apiUrlOf(settings)}`,
  connect({ settings, env, log }) {
    const repository = settings.repository
    if (typeof repository !== 'string') throw new BadRequestError('devops.github.repository is not set: name the repository whose issues hold the work items (owner/name)')
    if (!REPOSITORY.test(repository)) throw new BadRequestError(`devops.github.repository must be owner/name: ${JSON.stringify(repository.slice(0, 200))}`)
    const token = env.GUARD_GITHUB_TOKEN
    if (!token) throw new BadRequestError("GUARD_GITHUB_TOKEN is not set in the server's environment: the github provider needs a token with write access to the repository's issues")
    const apiUrl = apiUrlOf(settings)
    trackerUrl(apiUrl, 'devops.github.api_url', 'the token')
    const http = new TrackerHttp({
      tracker: 'GitHub',
      baseUrl: apiUrl,
      headers: githubHeaders(token),
      secrets: [token],
      writeIntervalMs: writeIntervalMs(env.GUARD_GITHUB_WRITE_INTERVAL_MS, WRITE_INTERVAL_MS),
      rateLimit: githubRateLimit,
      describe: describeGitHubError,
      log,
    })
    return new GitHubClient(http, repository, apiUrl)
  },
}
