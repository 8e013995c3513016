// JQL searches, every page: Cloud's enhanced search (POST /rest/api/3/search/jql, pages chained by nextPageToken; the
// startAt search it replaces is removed from Cloud) and Data Center's POST /rest/api/2/search (startAt, maxResults, total).
import { TrackerError, type TrackerHttp } from '../../kernel/plugin.ts'
import type { Flavour, JiraIssue } from './api.ts'

/** Issues asked for per page: Jira may answer fewer (its own cap), and paging follows what it answered. */
const PAGE_SIZE = 100
/** A search longer than this many pages is refused (100,000 issues; a token that never ends). */
const MAX_PAGES = 1000

interface CloudPage {
  issues?: JiraIssue[]
  nextPageToken?: string | null
  isLast?: boolean
}

interface DataCenterPage {
  issues?: JiraIssue[]
  startAt?: number
  total?: number
}

/** Every issue `jql` finds, with `fields`. A search is safe to send twice: it is retried like a GET. */
export async function* searchIssues(http: TrackerHttp, flavour: Flavour, jql: string, fields: string[]): AsyncGenerator<JiraIssue> {
  if (flavour === 'cloud') {
    let token: string | undefined
    for (let page = 0; ; page++) {
      if (page >= MAX_PAGES) throw new TrackerError(`Jira returned more than ${MAX_PAGES} pages for one search; stopped`, 'tracker')
      const { body } = await http.request<CloudPage>('POST', 'search/jql', { body: { jql, fields, maxResults: PAGE_SIZE, ...(token ? { nextPageToken: token } : {}) }, idempotent: true })
      yield* issuesOf(body)
      const next = body?.nextPageToken ?? undefined
      if (!next || body.isLast === true) return
      if (next === token) throw new TrackerError('Jira answered the same nextPageToken twice; the search was stopped', 'tracker')
      token = next
    }
  }
  let startAt = 0
  for (let page = 0; ; page++) {
    if (page >= MAX_PAGES) throw new TrackerError(`Jira returned more than ${MAX_PAGES} pages for one search; stopped`, 'tracker')
    const { body } = await http.request<DataCenterPage>('POST', 'search', { body: { jql, fields, startAt, maxResults: PAGE_SIZE, validateQuery: 'strict' }, idempotent: true })
    const issues = issuesOf(body)
    yield* issues
    startAt += issues.length
    if (issues.length === 0 || typeof body.total !== 'number' || startAt >= body.total) return
  }
}

function issuesOf(body: { issues?: JiraIssue[] } | null): JiraIssue[] {
  if (!body || !Array.isArray(body.issues)) throw new TrackerError('Jira answered a search with something other than a page of issues', 'tracker')
  return body.issues
}
