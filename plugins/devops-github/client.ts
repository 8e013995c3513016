// Work items as GitHub issues of one repository: found by the `guard` label and the marker comment in the body,
// created by the token's user only, labels created when missing, state changed by PATCH.
import { setTimeout as sleep } from 'node:timers/promises'
import { markerComment, parseMarker, TrackerError, type ConnectionCheck, type TrackedItem, type TrackerHttp, type WorkItemClient, type WorkItemDraft } from '../../kernel/plugin.ts'
import { githubLabel, labelNames, labelStyle, nextLink, type GitHubIssue, type GitHubLabel, type GitHubRepository } from './api.ts'

/** A listing longer than this many pages is refused (100,000 issues; a `Link` that never ends). */
const MAX_PAGES = 1000
/** Attempts at creating one issue whose earlier attempt may have arrived (each after looking for it). */
const CREATE_ATTEMPTS = 3
/** Labels guard manages on its issues; a person's other labels stay through every update. */
const managed = (label: string) => label === 'guard' || label.startsWith('severity:') || label.startsWith('rule:')

export class GitHubClient implements WorkItemClient {
  /** The token's user (only their issues are adopted); null for an app installation token, which has none. */
  private login: string | null | undefined
  /** Label names of the repository, lower-cased (GitHub compares them so); read once, on the first write. */
  private labels: Set<string> | undefined

  constructor(
    private readonly http: TrackerHttp,
    /** `owner/name`. */
    private readonly repository: string,
    private readonly apiUrl: string,
  ) {}

  private get issuesPath(): string {
    return `repos/${this.repository}/issues`
  }

  async list(prefix: string): Promise<TrackedItem[]> {
    const creator = await this.user()
    const items: TrackedItem[] = []
    for await (const issue of this.issues({ state: 'all', labels: 'guard', creator: creator ?? undefined, sort: 'created', direction: 'asc', per_page: 100 })) {
      const marker = parseMarker(issue.body)
      if (marker?.key.startsWith(prefix)) items.push(tracked(issue, marker))
    }
    return items
  }

  async create(draft: WorkItemDraft): Promise<TrackedItem> {
    await this.ensureLabels(draft.labels)
    const body = { title: draft.title, body: bodyOf(draft), labels: draft.labels.map(githubLabel) }
    for (let attempt = 1; ; attempt++) {
      try {
        const { body: issue } = await this.http.request<GitHubIssue>('POST', this.issuesPath, { body })
        // GitHub drops the labels of a user without write access: such an issue could never be found again.
        if (!labelNames(issue).includes('guard'))
          throw new TrackerError(`GitHub created issue #${issue.number} without the guard label: the token needs write access to ${this.repository} to set labels`, 'tracker', 403)
        return tracked(issue, draft)
      } catch (e) {
        // A reset connection or a 5xx after sending: the issue may exist. Look before trying again.
        const unsure = e instanceof TrackerError && e.scope === 'item' && (e.status === undefined || e.status >= 500)
        if (!unsure) throw e
        const found = await this.findCreated(draft.key)
        if (found) return found
        if (attempt >= CREATE_ATTEMPTS) throw e
        await sleep(250 * attempt)
      }
    }
  }

  async update(item: TrackedItem, draft: WorkItemDraft): Promise<TrackedItem> {
    await this.ensureLabels(draft.labels)
    return this.patch(item, { title: draft.title, body: bodyOf(draft), labels: mergedLabels(item, draft) }, draft)
  }

  close(item: TrackedItem): Promise<TrackedItem> {
    return this.patch(item, { state: 'closed', state_reason: 'completed' })
  }

  async reopen(item: TrackedItem, draft: WorkItemDraft): Promise<TrackedItem> {
    await this.ensureLabels(draft.labels)
    return this.patch(item, { state: 'open', state_reason: 'reopened', title: draft.title, body: bodyOf(draft), labels: mergedLabels(item, draft) }, draft)
  }

  async checks(): Promise<ConnectionCheck[]> {
    const checks: ConnectionCheck[] = []
    const notChecked = (names: string[], why: string) => names.forEach((name) => checks.push({ name, ok: false, detail: `not checked: ${why}` }))
    // Reachability: any answer from the API will do (a 401 here is the next check's business).
    try {
      const { body } = await this.http.request<{ rate?: { remaining?: number; limit?: number } }>('GET', 'rate_limit')
      checks.push({ name: 'reachability', ok: true, detail: `${this.apiUrl} answered${body.rate ? `; ${body.rate.remaining} of ${body.rate.limit} requests left this hour` : ''}` })
    } catch (e) {
      const answered = e instanceof TrackerError && e.status !== undefined
      checks.push({ name: 'reachability', ok: answered, detail: answered ? `${this.apiUrl} answered (${e.status})` : `${this.apiUrl} cannot be reached: ${(e as Error).message}` })
      if (!answered) {
        notChecked(['authentication', 'project', 'permissions'], 'GitHub is not reachable')
        return checks
      }
    }
    try {
      const login = await this.user()
      checks.push({ name: 'authentication', ok: true, detail: login ? `signed in as ${login}` : 'an app installation token (no user): issues it did not create could be adopted' })
    } catch (e) {
      checks.push({ name: 'authentication', ok: false, detail: (e as Error).message })
      notChecked(['project', 'permissions'], 'the token was not accepted')
      return checks
    }
    let repo: GitHubRepository
    let scopes: string | null
    try {
      const res = await this.http.request<GitHubRepository>('GET', `repos/${this.repository}`)
      repo = res.body
      scopes = res.headers.get('x-oauth-scopes')
    } catch (e) {
      const missing = e instanceof TrackerError && e.status === 404
      checks.push({ name: 'project', ok: false, detail: missing ? `${this.repository} was not found, or the token cannot see it` : (e as Error).message })
      notChecked(['permissions'], 'the repository could not be read')
      return checks
    }
    checks.push(repo.has_issues ? { name: 'project', ok: true, detail: `${repo.full_name}: issues enabled` } : { name: 'project', ok: false, detail: `${repo.full_name} has issues disabled (Settings → Features → Issues)` })
    checks.push(permissionCheck(repo, scopes))
    return checks
  }

  /** The token's user, asked once; an installation token (403 on /user) has none. */
  private async user(): Promise<string | null> {
    if (this.login !== undefined) return this.login
    try {
      this.login = (await this.http.request<{ login: string }>('GET', 'user')).body.login
    } catch (e) {
      if (!(e instanceof TrackerError && e.status === 403)) throw e
      this.login = null
    }
    return this.login
  }

  /** Every issue of a listing, page after page by `Link: rel="next"`; pull requests (the issues API returns them too) left out. */
  private async *issues(query: Record<string, string | number | undefined>): AsyncGenerator<GitHubIssue> {
    let next: string | undefined = this.issuesPath
    for (let page = 0; next; page++) {
      if (page >= MAX_PAGES) throw new TrackerError(`GitHub listed more than ${MAX_PAGES} pages of issues; stopped`, 'tracker')
      const res: { body: unknown; headers: Headers } = await this.http.request<unknown>('GET', next, page === 0 ? { query } : {})
      if (!Array.isArray(res.body)) throw new TrackerError('GitHub answered the issue listing with something other than a list', 'tracker')
      for (const issue of res.body as GitHubIssue[]) if (!issue.pull_request) yield issue
      next = nextLink(res.headers.get('link'))
    }
  }

  /** The issue an uncertain create may have made: the newest few of the user's guard issues. */
  private async findCreated(key: string): Promise<TrackedItem | undefined> {
    const creator = await this.user()
    const { body } = await this.http.request<GitHubIssue[]>('GET', this.issuesPath, { query: { state: 'all', labels: 'guard', creator: creator ?? undefined, sort: 'created', direction: 'desc', per_page: 30 } })
    for (const issue of Array.isArray(body) ? body : []) {
      const marker = parseMarker(issue.body)
      if (!issue.pull_request && marker?.key === key) return tracked(issue, marker)
    }
    return undefined
  }

  /** Creates the labels the repository lacks (an `already_exists` answer means another writer was first: fine). */
  private async ensureLabels(names: string[]): Promise<void> {
    if (!this.labels) {
      this.labels = new Set()
      let next: string | undefined = `repos/${this.repository}/labels`
      for (let page = 0; next && page < MAX_PAGES; page++) {
        const res: { body: GitHubLabel[]; headers: Headers } = await this.http.request<GitHubLabel[]>('GET', next, page === 0 ? { query: { per_page: 100 } } : {})
        for (const label of Array.isArray(res.body) ? res.body : []) this.labels.add(label.name.toLowerCase())
        next = nextLink(res.headers.get('link'))
      }
    }
    for (const name of names.map(githubLabel)) {
      if (this.labels.has(name.toLowerCase())) continue
      try {
        // Safe to send again: a second arrival is an `already_exists`.
        await this.http.request('POST', `repos/${this.repository}/labels`, { body: { name, ...labelStyle(name) }, idempotent: true })
      } catch (e) {
        if (!(e instanceof TrackerError && e.status === 422 && /already_exists/.test(e.message))) throw e
      }
      this.labels.add(name.toLowerCase())
    }
  }

  private async patch(item: TrackedItem, body: Record<string, unknown>, draft?: WorkItemDraft): Promise<TrackedItem> {
    const { body: issue } = await this.http.request<GitHubIssue>('PATCH', `${this.issuesPath}/${encodeURIComponent(item.id)}`, { body })
    return tracked(issue, draft ?? parseMarker(issue.body) ?? item)
  }
}

/** The description with the marker last: invisible when rendered, kept by edits above it. */
function bodyOf(draft: WorkItemDraft): string {
  return `${draft.description}\n\n${markerComment(draft.key, draft.digest)}\n`
}

/** The draft's labels, and every label a person added (guard's own old ones are replaced). */
function mergedLabels(item: TrackedItem, draft: WorkItemDraft): string[] {
  const own = (item.labels ?? []).filter((l) => !managed(l) && !draft.labels.includes(l))
  return [...own, ...draft.labels.map(githubLabel)]
}

function tracked(issue: GitHubIssue, marker: { key: string; digest: string }): TrackedItem {
  return {
    id: String(issue.number), url: issue.html_url ?? null, title: issue.title, state: issue.state === 'closed' ? 'closed' : 'open',
    key: marker.key, digest: marker.digest, labels: labelNames(issue), created_at: issue.created_at,
  }
}

/** Writing issues and creating labels needs write (push) access; a classic token also needs the repo scope. */
function permissionCheck(repo: GitHubRepository, scopes: string | null): ConnectionCheck {
  const p = repo.permissions
  if (scopes !== null && !scopes.split(',').map((s) => s.trim()).some((s) => s === 'repo' || s === 'public_repo'))
    return { name: 'permissions', ok: false, detail: `the token's scopes (${scopes || 'none'}) include neither repo nor public_repo: it cannot write issues` }
  if (!p) return { name: 'permissions', ok: true, detail: 'not reported for this token; write access to issues is assumed' }
  if (p.admin || p.maintain || p.push) return { name: 'permissions', ok: true, detail: 'write access: issues and labels can be created, edited, closed and reopened' }
  const has = p.triage ? 'triage' : p.pull ? 'read' : 'no'
  return { name: 'permissions', ok: false, detail: `the token's user has ${has} access to ${repo.full_name}; guard needs write (push) access to create labels and set them on issues` }
}
