// A fake GitHub REST API v3 (API version 2022-11-28) on loopback, as docs.github.com describes it, for the endpoints
// the github provider uses: / and /rate_limit, /user, /repos/{o}/{r}, its labels and issues (list with state,
// labels, creator, sort, direction, per_page, page and Link headers to /repositories/{id}/issues; create; get;
// update). Bearer/token auth (401 "Bad credentials"), a User-Agent required (403), X-GitHub-Api-Version checked
// (400), 422 "Validation Failed" with `errors`, 410 for disabled issues, pull requests mixed into issue listings,
// x-ratelimit-* headers and a primary limit that runs out, and injected faults: rate limits (primary, secondary
// with or without Retry-After), 5xx, connection resets before or after the request is processed, an outage from
// request N on. Every request is logged (tests and the bench count them). GHES: `prefix: '/api/v3'`.
import type http from 'node:http'
import { countsToOutage, FakeHttp, parseObject, type LoggedBase } from './fake-http.ts'

const DOCS = 'https://docs.github.com/rest'
const API_VERSIONS = ['2022-11-28']

export interface FakeLabel {
  id: number
  name: string
  color: string
  description: string | null
}

export interface FakeIssue {
  number: number
  title: string
  body: string | null
  state: 'open' | 'closed'
  state_reason: string | null
  labels: string[]
  user: string
  created_at: string
  updated_at: string
  closed_at: string | null
  /** A pull request: the issues API lists them too. */
  pull_request?: boolean
}

export interface FakeRepo {
  id: number
  full_name: string
  has_issues: boolean
  /** The permissions every token's user has on it. */
  permissions: { admin: boolean; maintain: boolean; push: boolean; triage: boolean; pull: boolean }
  issues: FakeIssue[]
  labels: FakeLabel[]
}

export interface FakeUser {
  login: string
  /** An app installation token: no user (403 on /user). */
  installation?: boolean
  /** Classic token scopes, sent as X-OAuth-Scopes (absent for fine-grained tokens). */
  scopes?: string
}

export type Fault =
  | { kind: 'primary'; status?: 403 | 429; resetInS?: number }
  | { kind: 'secondary'; status?: 403 | 429; retryAfterS?: number }
  | { kind: 'secondary-no-retry-after' }
  | { kind: 'status'; status: number }
  /** Destroys the connection without an answer; `after`: only once the request has been processed. */
  | { kind: 'reset'; after?: boolean }

/** A request as logged: its path and query without the GHES prefix. */
export type LoggedRequest = LoggedBase

interface Answer {
  status: number
  body?: unknown
  headers?: Record<string, string>
  /** x-ratelimit-* headers (default: sent). */
  rate?: boolean
}

export class FakeGitHub extends FakeHttp<Fault, LoggedRequest, Answer> {
  readonly repos = new Map<string, FakeRepo>()
  readonly tokens = new Map<string, FakeUser>()
  /** Renamed repositories: old owner/name → new; GitHub answers 301 (GET) or 307 (other methods) to /repositories/{id}. */
  readonly renames = new Map<string, string>()
  /** The primary rate limit: every authenticated request but /rate_limit spends one; reset at `reset` (epoch s). */
  readonly rate = { limit: 5000, remaining: 5000, reset: Math.floor(Date.now() / 1000) + 3600 }
  /** The outage starts once this many requests matching `method` and `path` have been answered with success. */
  outageAfter: { method: string; path: RegExp; count: number } | undefined
  private nextId = 1000

  private constructor(readonly prefix: string) {
    super()
  }

  static async start(opts: { prefix?: string } = {}): Promise<FakeGitHub> {
    const fake = new FakeGitHub(opts.prefix ?? '')
    await fake.listen(fake.prefix)
    return fake
  }

  addUser(token: string, user: FakeUser): void {
    this.tokens.set(token, user)
  }

  addRepo(fullName: string, opts: Partial<Pick<FakeRepo, 'has_issues' | 'permissions'>> = {}): FakeRepo {
    const repo: FakeRepo = { id: this.nextId++, full_name: fullName, has_issues: opts.has_issues ?? true, permissions: opts.permissions ?? { admin: false, maintain: false, push: true, triage: true, pull: true }, issues: [], labels: [] }
    this.repos.set(fullName.toLowerCase(), repo)
    return repo
  }

  /** Adds an issue as if someone had opened it (no request logged). */
  seedIssue(fullName: string, issue: Partial<FakeIssue> & { title: string; user: string }): FakeIssue {
    const repo = this.repos.get(fullName.toLowerCase())!
    const now = new Date().toISOString()
    const full: FakeIssue = { number: repo.issues.length + 1, body: null, state: 'open', state_reason: null, labels: [], created_at: now, updated_at: now, closed_at: null, ...issue }
    repo.issues.push(full)
    return full
  }

  /** Requests made, optionally only those matching. */
  count(method?: string, path?: RegExp): number {
    return this.requests.filter((r) => (!method || r.method === method) && (!path || path.test(r.path))).length
  }

  issuesOf(fullName: string): FakeIssue[] {
    return this.repos.get(fullName.toLowerCase())?.issues.filter((i) => !i.pull_request) ?? []
  }

  protected entryOf(method: string, url: URL): LoggedRequest {
    return { method, path: url.pathname.slice(this.prefix.length) + url.search, status: 0 }
  }

  protected unavailable(): Answer {
    return { status: 503, body: { message: 'Service Unavailable' } }
  }

  protected faultAnswer(fault: Fault): Answer | undefined {
    if (fault.kind === 'primary') {
      const resetAt = Math.floor(Date.now() / 1000) + (fault.resetInS ?? 1)
      return { status: fault.status ?? 403, body: { message: 'API rate limit exceeded for user ID 1.', documentation_url: `${DOCS}/overview/rate-limits-for-the-rest-api` }, headers: { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': String(resetAt) } }
    }
    if (fault.kind === 'secondary')
      return { status: fault.status ?? 403, body: { message: 'You have exceeded a secondary rate limit. Please wait a few minutes before you try again.', documentation_url: `${DOCS}/overview/rate-limits-for-the-rest-api#about-secondary-rate-limits` }, headers: { 'retry-after': String(fault.retryAfterS ?? 1) } }
    if (fault.kind === 'secondary-no-retry-after')
      return { status: 403, body: { message: 'You have exceeded a secondary rate limit. Please wait a few minutes before you try again.', documentation_url: DOCS } }
    if (fault.kind === 'status') return { status: fault.status, body: { message: fault.status >= 500 ? 'Server Error' : 'Error' } }
    return undefined
  }

  protected answer(method: string, url: URL, headers: http.IncomingHttpHeaders, raw: string): Answer {
    if (!this.prefix || url.pathname.startsWith(this.prefix)) return this.route(method, url, headers, raw)
    return { status: 404, body: { message: 'Not Found', documentation_url: DOCS } }
  }

  protected send(res: http.ServerResponse, entry: LoggedRequest, answer: Answer): void {
    entry.status = answer.status
    if (countsToOutage(this.outageAfter, entry)) {
      this.outageAfter = undefined
      this.outageFrom = this.requests.length + 1
    }
    const now = Math.floor(Date.now() / 1000)
    if (now >= this.rate.reset) Object.assign(this.rate, { remaining: this.rate.limit, reset: now + 3600 })
    const rateHeaders = (answer.rate ?? true) ? { 'x-ratelimit-limit': String(this.rate.limit), 'x-ratelimit-remaining': String(this.rate.remaining), 'x-ratelimit-reset': String(this.rate.reset), 'x-ratelimit-used': String(this.rate.limit - this.rate.remaining), 'x-ratelimit-resource': 'core' } : {}
    const text = answer.body === undefined ? '' : JSON.stringify(answer.body)
    res.writeHead(answer.status, { 'content-type': 'application/json; charset=utf-8', 'x-github-api-version-selected': API_VERSIONS[0], ...rateHeaders, ...answer.headers })
    res.end(text)
  }

  private route(method: string, url: URL, headers: http.IncomingHttpHeaders, raw: string): Answer {
    const path = url.pathname.slice(this.prefix.length).replace(/\/+$/, '') || '/'
    const err = (status: number, message: string, extra: Record<string, unknown> = {}) => ({ status, body: { message, documentation_url: DOCS, ...extra } })
    if (!headers['user-agent'])
      return err(403, 'Request forbidden by administrative rules. Please make sure your request has a User-Agent header (https://docs.github.com/en/rest/overview/resources-in-the-rest-api#user-agent-required). Check https://developer.github.com for other possible causes.')
    const version = headers['x-github-api-version']
    if (typeof version === 'string' && !API_VERSIONS.includes(version)) return err(400, `API version ${version} is not supported.`)
    const auth = /^(?:Bearer|token)\s+(\S+)$/i.exec(headers.authorization ?? '')
    const user = auth ? this.tokens.get(auth[1]) : undefined
    if (auth && !user) return err(401, 'Bad credentials', { status: '401' })

    if (method === 'GET' && path === '/') return { status: 200, body: { current_user_url: `${this.url}/user`, repository_url: `${this.url}/repos/{owner}/{repo}`, rate_limit_url: `${this.url}/rate_limit` } }
    if (method === 'GET' && path === '/rate_limit') {
      const core = { limit: this.rate.limit, remaining: this.rate.remaining, reset: this.rate.reset, used: this.rate.limit - this.rate.remaining }
      return { status: 200, body: { resources: { core }, rate: core }, rate: true }
    }
    if (!user) return path === '/user' ? err(401, 'Requires authentication') : err(404, 'Not Found')
    // The primary limit: spent by every authenticated request; when none is left, 403 until the reset.
    if (Math.floor(Date.now() / 1000) >= this.rate.reset) Object.assign(this.rate, { remaining: this.rate.limit, reset: Math.floor(Date.now() / 1000) + 3600 })
    if (this.rate.remaining <= 0) return { ...err(403, 'API rate limit exceeded for user ID 1.'), headers: { 'x-ratelimit-remaining': '0' } }
    this.rate.remaining--
    const scopes = user.scopes !== undefined ? { 'x-oauth-scopes': user.scopes } : undefined

    if (method === 'GET' && path === '/user') return user.installation ? err(403, 'Resource not accessible by integration') : { status: 200, body: { login: user.login, id: 1, type: 'User' }, headers: scopes }

    let m = /^\/repositories\/(\d+)(\/.*)?$/.exec(path)
    const byId = m ? [...this.repos.values()].find((r) => r.id === Number(m![1])) : undefined
    const idRest = m?.[2] ?? ''
    m = /^\/repos\/([^/]+)\/([^/]+)(\/.*)?$/.exec(path)
    const renamed = m ? this.renames.get(`${m[1]}/${m[2]}`.toLowerCase()) : undefined
    if (renamed && m) {
      const target = this.repos.get(renamed.toLowerCase())!
      return { status: method === 'GET' ? 301 : 307, body: { message: 'Moved Permanently', url: `${this.url}/repositories/${target.id}${m[3] ?? ''}`, documentation_url: DOCS }, headers: { location: `${this.url}/repositories/${target.id}${m[3] ?? ''}${url.search}` } }
    }
    const repo = byId ?? (m ? this.repos.get(`${m[1]}/${m[2]}`.toLowerCase()) : undefined)
    const rest = byId ? idRest : m?.[3] ?? ''
    if (!repo) return err(404, 'Not Found')
    const body = () => parseObject(raw)
    const invalid = (resource: string, field: string, code: string, message?: string) => err(422, 'Validation Failed', { errors: [{ resource, field, code, ...(message ? { message } : {}) }], status: '422' })

    if (method === 'GET' && rest === '') return { status: 200, body: { id: repo.id, full_name: repo.full_name, has_issues: repo.has_issues, permissions: repo.permissions }, headers: scopes }

    if (rest === '/labels' && method === 'GET') return this.page(url, repo.labels.map((l) => ({ ...l, default: false })), `${this.url}/repos/${repo.full_name}/labels`)
    if (rest === '/labels' && method === 'POST') {
      const b = body()
      if (!b) return err(400, 'Problems parsing JSON')
      if (!repo.permissions.push) return err(403, 'Resource not accessible by personal access token')
      if (typeof b.name !== 'string' || !b.name) return invalid('Label', 'name', 'missing_field')
      if (b.color !== undefined && !/^[0-9a-fA-F]{6}$/.test(String(b.color))) return invalid('Label', 'color', 'invalid')
      if (repo.labels.some((l) => l.name.toLowerCase() === String(b.name).toLowerCase())) return invalid('Label', 'name', 'already_exists')
      const label = { id: this.nextId++, name: b.name, color: String(b.color ?? 'ededed'), description: typeof b.description === 'string' ? b.description : null }
      repo.labels.push(label)
      return { status: 201, body: label }
    }

    if (rest === '/issues' && method === 'GET') {
      const state = url.searchParams.get('state') ?? 'open'
      const labels = (url.searchParams.get('labels') ?? '').split(',').map((l) => l.trim().toLowerCase()).filter(Boolean)
      const creator = url.searchParams.get('creator')
      const desc = (url.searchParams.get('direction') ?? 'desc') === 'desc'
      const sortBy = url.searchParams.get('sort') === 'updated' ? 'updated_at' : 'created_at'
      const list = repo.issues
        .filter((i) => state === 'all' || i.state === state)
        .filter((i) => labels.every((l) => i.labels.some((x) => x.toLowerCase() === l)))
        .filter((i) => !creator || i.user.toLowerCase() === creator.toLowerCase())
        .sort((a, b) => (a[sortBy].localeCompare(b[sortBy]) || a.number - b.number) * (desc ? -1 : 1))
      return this.page(url, list.map((i) => this.issueJson(repo, i)), `${this.url}/repositories/${repo.id}/issues`)
    }
    if (rest === '/issues' && method === 'POST') {
      const b = body()
      if (!b) return err(400, 'Problems parsing JSON')
      if (!repo.has_issues) return err(410, 'Issues are disabled for this repo')
      if (b.title === undefined || b.title === null || b.title === '') return invalid('Issue', 'title', 'missing_field')
      if (typeof b.body === 'string' && b.body.length > 65536) return invalid('Issue', 'body', 'custom', 'body is too long (maximum is 65536 characters)')
      const now = new Date().toISOString()
      // Only users with push access can set labels on new issues; GitHub drops them silently otherwise.
      const labels = repo.permissions.push && Array.isArray(b.labels) ? b.labels.map(String) : []
      for (const name of labels) if (!repo.labels.some((l) => l.name.toLowerCase() === name.toLowerCase())) repo.labels.push({ id: this.nextId++, name, color: 'ededed', description: null })
      const issue: FakeIssue = { number: repo.issues.length + 1, title: String(b.title), body: typeof b.body === 'string' ? b.body : null, state: 'open', state_reason: null, labels, user: user.login, created_at: now, updated_at: now, closed_at: null }
      repo.issues.push(issue)
      return { status: 201, body: this.issueJson(repo, issue), headers: { location: `${this.url}/repos/${repo.full_name}/issues/${issue.number}` } }
    }
    const one = /^\/issues\/(\d+)$/.exec(rest)
    if (one) {
      const issue = repo.issues.find((i) => i.number === Number(one[1]))
      if (!issue) return err(404, 'Not Found')
      if (method === 'GET') return { status: 200, body: this.issueJson(repo, issue) }
      if (method === 'PATCH') {
        const b = body()
        if (!b) return err(400, 'Problems parsing JSON')
        if (!repo.permissions.push && issue.user !== user.login) return err(403, 'Must have admin rights to Repository.')
        if (b.state !== undefined && b.state !== 'open' && b.state !== 'closed') return invalid('Issue', 'state', 'invalid')
        if (b.state_reason !== undefined && b.state_reason !== null && !['completed', 'not_planned', 'reopened'].includes(String(b.state_reason))) return invalid('Issue', 'state_reason', 'invalid')
        if (b.title === null || b.title === '') return invalid('Issue', 'title', 'missing_field')
        const now = new Date().toISOString()
        if (typeof b.title === 'string') issue.title = b.title
        if (typeof b.body === 'string' || b.body === null) issue.body = b.body as string | null
        if (Array.isArray(b.labels) && repo.permissions.push) issue.labels = b.labels.map(String)
        if (b.state && b.state !== issue.state) {
          issue.state = b.state as 'open' | 'closed'
          issue.closed_at = issue.state === 'closed' ? now : null
          issue.state_reason = (b.state_reason as string | undefined) ?? (issue.state === 'closed' ? 'completed' : 'reopened')
        }
        issue.updated_at = now
        return { status: 200, body: this.issueJson(repo, issue) }
      }
    }
    return err(404, 'Not Found')
  }

  private issueJson(repo: FakeRepo, i: FakeIssue) {
    const api = `${this.url}/repos/${repo.full_name}/issues/${i.number}`
    return {
      id: repo.id * 100000 + i.number,
      number: i.number,
      url: api,
      html_url: `https://github.example/${repo.full_name}/${i.pull_request ? 'pull' : 'issues'}/${i.number}`,
      title: i.title,
      body: i.body,
      state: i.state,
      state_reason: i.state_reason,
      labels: i.labels.map((name) => {
        const l = repo.labels.find((x) => x.name.toLowerCase() === name.toLowerCase())
        return { id: l?.id ?? 0, name, color: l?.color ?? 'ededed', description: l?.description ?? null, default: false }
      }),
      user: { login: i.user, id: 1, type: 'User' },
      comments: 0,
      created_at: i.created_at,
      updated_at: i.updated_at,
      closed_at: i.closed_at,
      ...(i.pull_request ? { pull_request: { url: `${this.url}/repos/${repo.full_name}/pulls/${i.number}`, html_url: `https://github.example/${repo.full_name}/pull/${i.number}` } } : {}),
    }
  }

  /** `page` and `per_page` (default 30, at most 100) with a Link header: next, last, first, prev, as GitHub writes it. */
  private page(url: URL, all: unknown[], linkBase: string): { status: number; body: unknown; headers: Record<string, string> } {
    const perPage = Math.min(100, Math.max(1, Number(url.searchParams.get('per_page') ?? 30) || 30))
    const page = Math.max(1, Number(url.searchParams.get('page') ?? 1) || 1)
    const last = Math.max(1, Math.ceil(all.length / perPage))
    const link = (p: number, rel: string) => {
      const q = new URLSearchParams(url.searchParams)
      q.set('page', String(p))
      return `<${linkBase}?${q}>; rel="${rel}"`
    }
    const links = [...(page > 1 ? [link(page - 1, 'prev')] : []), ...(page < last ? [link(page + 1, 'next'), link(last, 'last')] : []), ...(page > 1 ? [link(1, 'first')] : [])]
    return { status: 200, body: all.slice((page - 1) * perPage, page * perPage), headers: links.length ? { link: links.join(', ') } : {} }
  }
}
