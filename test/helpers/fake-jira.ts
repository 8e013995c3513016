// A fake Jira on loopback, in both flavours, for the endpoints the jira provider uses, as Atlassian documents them:
// - Cloud: the platform REST API v3 (developer.atlassian.com/cloud/jira/platform/rest/v3, as of the 2025 search
//   changes, CHANGE-2046): basic auth with email:API-token (401 "Client must be authenticated to access this
//   resource."), descriptions in Atlassian Document Format (checked: doc/version 1, known nodes and marks, no empty
//   text), the enhanced search POST /rest/api/3/search/jql (nextPageToken and isLast, bounded queries only, at most
//   100 issues a page when fields are asked), the removed /rest/api/3/search answering 410, and rate limits (429 with
//   Retry-After, X-RateLimit-Reset as an ISO time, RateLimit-Reason).
// - Data Center: REST API v2 (docs.atlassian.com/software/jira/docs/api/REST/9.12): personal access tokens as
//   bearers, descriptions in wiki markup (a string), POST /rest/api/2/search with startAt, maxResults (capped by the
//   site's limit) and total.
// Both: serverInfo (deploymentType), myself, project/{key} with its issue types, mypermissions, issue create, get and
// edit (fields, `update` label operations, a field in both refused; priority on the create screen or not; required
// custom fields; 32,767 characters), transitions offered by the current status of a configurable workflow
// (expand=transitions.fields with a required resolution; statuses whose issues cannot be edited), errors as
// `{"errorMessages": [...], "errors": {field: message}}`, and a JQL subset parsed properly: AND of `field = value`,
// `!=`, `in (…)` over project, labels, reporter, key, status and statusCategory, `currentUser()`, ORDER BY key,
// created or updated; anything else is a 400 as Jira words it. Faults: 429, 5xx, connection resets before or after
// processing, an outage from request N on. Every request is logged (tests and the bench count them).
import type http from 'node:http'
import { FakeHttp, parseObject, type LoggedBase } from './fake-http.ts'

export type Flavour = 'cloud' | 'datacenter'
export type Category = 'new' | 'indeterminate' | 'done'

export interface FakeStatus {
  id: string
  name: string
  category: Category
  /** false: issues in it cannot be edited (the workflow property jira.issue.editable = false). */
  editable?: boolean
}

export interface FakeTransition {
  id: string
  name: string
  /** Status ids it is offered from; 'any' for a global transition (offered everywhere but its own target). */
  from: string[] | 'any'
  to: string
  /** Its screen asks for a resolution (required, no default). */
  resolution?: boolean
  /** Its screen asks for another required field guard cannot know. */
  requires?: string
}

export interface FakeWorkflow {
  statuses: FakeStatus[]
  transitions: FakeTransition[]
  initial: string
}

/** Jira Cloud's simplified workflow: To Do, In Progress, Done, each reachable from every other. */
export const SIMPLE_WORKFLOW: FakeWorkflow = {
  statuses: [
    { id: '10000', name: 'To Do', category: 'new' },
    { id: '10001', name: 'In Progress', category: 'indeterminate' },
    { id: '10002', name: 'Done', category: 'done' },
  ],
  transitions: [
    { id: '11', name: 'To Do', from: 'any', to: '10000' },
    { id: '21', name: 'In Progress', from: 'any', to: '10001' },
    { id: '31', name: 'Done', from: 'any', to: '10002' },
  ],
  initial: '10000',
}

/** A workflow in German with its own ids: Done is "Erledigt" (not editable), reached by "Erledigen" that asks for a resolution. */
export const GERMAN_WORKFLOW: FakeWorkflow = {
  statuses: [
    { id: '1', name: 'Offen', category: 'new' },
    { id: '3', name: 'In Arbeit', category: 'indeterminate' },
    { id: '10400', name: 'Erledigt', category: 'done', editable: false },
  ],
  transitions: [
    { id: '711', name: 'Bearbeiten', from: ['1'], to: '3' },
    { id: '721', name: 'Erledigen', from: ['1', '3'], to: '10400', resolution: true },
    { id: '731', name: 'Wieder öffnen', from: ['10400'], to: '1' },
  ],
  initial: '1',
}

/** To Do → In Progress → Done only, and nothing out of Done: an open issue in To Do cannot be closed in one step. */
export const STRICT_WORKFLOW: FakeWorkflow = {
  statuses: [
    { id: '10000', name: 'To Do', category: 'new' },
    { id: '10001', name: 'In Progress', category: 'indeterminate' },
    { id: '10002', name: 'Done', category: 'done' },
  ],
  transitions: [
    { id: '4', name: 'Start', from: ['10000'], to: '10001' },
    { id: '5', name: 'Finish', from: ['10001'], to: '10002', requires: 'Time spent' },
  ],
  initial: '10000',
}

const RESOLUTIONS = [{ id: '10000', name: 'Done' }, { id: '10001', name: "Won't Do" }]
const PRIORITIES = ['Highest', 'High', 'Medium', 'Low', 'Lowest']
const PERMISSION_NAMES: Record<string, string> = { BROWSE_PROJECTS: 'Browse Projects', CREATE_ISSUES: 'Create Issues', EDIT_ISSUES: 'Edit Issues', TRANSITION_ISSUES: 'Transition Issues', ADD_COMMENTS: 'Add Comments' }
const MAX_TEXT = 32_767

export interface FakeProject {
  id: string
  key: string
  name: string
  issueTypes: { id: string; name: string; subtask: boolean }[]
  workflow: FakeWorkflow
  /** The priority field is on the create screen (a team-managed project may have none). */
  priorityOnCreate: boolean
  /** Custom fields the create screen requires (id → name). */
  required: Record<string, string>
  /** Project permissions every user holds. */
  permissions: Set<string>
  next: number
}

export interface FakeUser {
  /** Cloud: accountId; Data Center: the user name. */
  id: string
  displayName: string
  /** Cloud's basic auth: email:token. */
  email?: string
  token: string
}

export interface FakeIssue {
  id: string
  key: string
  project: string
  summary: string
  description: unknown
  labels: string[]
  status: string
  issuetype: string
  reporter: string
  priority: string | null
  resolution: { id: string; name: string } | null
  created: string
  updated: string
}

export type Fault =
  | { kind: 'rate-limit'; retryAfterS?: number; resetOnly?: boolean }
  | { kind: 'status'; status: number }
  /** Destroys the connection without an answer; `after`: once the request has been processed. */
  | { kind: 'reset'; after?: boolean }

/** A request as logged: its path and query after the site's context path. */
export interface LoggedRequest extends LoggedBase {
  /** The request's body as sent (for searches: the JQL). */
  body: string
  /** The response as sent (tests grep it for secrets). */
  response: string
}

type Answer = { status: number; body?: unknown; headers?: Record<string, string>; text?: string }
type Json = Record<string, unknown>

const jiraError = (status: number, messages: string[], errors: Record<string, string> = {}): Answer => ({ status, body: { errorMessages: messages, errors } })
/** Jira's time format: `2026-11-26T09:12:44.123+0000`. */
const jiraTime = (d: Date) => d.toISOString().replace('Z', '+0000')

export class FakeJira extends FakeHttp<Fault, LoggedRequest, Answer> {
  readonly projects = new Map<string, FakeProject>()
  readonly users: FakeUser[] = []
  readonly issues: FakeIssue[] = []
  /** An outage that starts once `count` requests matching `method` and `path` have been answered. */
  outageAfter: { method?: string; path?: RegExp; count: number } | undefined
  /** Data Center's jira.search.views.default.max: the most issues one search page returns. */
  searchCap = 1000
  private nextId = 10000

  private constructor(
    readonly flavour: Flavour,
    /** A Data Center's context path (`/jira`), or ''. */
    readonly contextPath: string,
  ) {
    super()
  }

  static async start(flavour: Flavour, opts: { contextPath?: string } = {}): Promise<FakeJira> {
    const fake = new FakeJira(flavour, opts.contextPath ?? '')
    await fake.listen(fake.contextPath)
    return fake
  }

  get apiVersion(): string {
    return this.flavour === 'cloud' ? '3' : '2'
  }

  addUser(user: FakeUser): FakeUser {
    this.users.push(user)
    return user
  }

  addProject(key: string, opts: Partial<Pick<FakeProject, 'name' | 'workflow' | 'priorityOnCreate' | 'required'>> & { issueTypes?: string[]; permissions?: string[] } = {}): FakeProject {
    const project: FakeProject = {
      id: String(this.nextId++), key, name: opts.name ?? `${key} project`,
      issueTypes: [...(opts.issueTypes ?? ['Bug', 'Task', 'Story']).map((name) => ({ id: String(this.nextId++), name, subtask: false })), { id: String(this.nextId++), name: 'Sub-task', subtask: true }],
      workflow: opts.workflow ?? SIMPLE_WORKFLOW, priorityOnCreate: opts.priorityOnCreate ?? true, required: opts.required ?? {},
      permissions: new Set(opts.permissions ?? Object.keys(PERMISSION_NAMES)), next: 1,
    }
    this.projects.set(key.toUpperCase(), project)
    return project
  }

  /** Adds an issue as if someone had created it in Jira (no request logged). */
  seedIssue(projectKey: string, issue: Partial<FakeIssue> & { summary: string; reporter: string }): FakeIssue {
    const project = this.projects.get(projectKey.toUpperCase())!
    const now = jiraTime(new Date())
    const full: FakeIssue = {
      id: String(this.nextId++), key: `${project.key}-${project.next++}`, project: project.key, description: null, labels: [], status: project.workflow.initial,
      issuetype: project.issueTypes[0].id, priority: null, resolution: null, created: now, updated: now, ...issue,
    }
    this.issues.push(full)
    return full
  }

  /** Requests made, optionally only those matching (the path after the API prefix, e.g. /issue). */
  count(method?: string, path?: RegExp): number {
    return this.requests.filter((r) => (!method || r.method === method) && (!path || path.test(this.apiPath(r.path)))).length
  }

  issuesOf(projectKey: string): FakeIssue[] {
    return this.issues.filter((i) => i.project === projectKey.toUpperCase())
  }

  statusOf(issue: FakeIssue): FakeStatus {
    return this.projects.get(issue.project)!.workflow.statuses.find((s) => s.id === issue.status)!
  }

  /** `/rest/api/3/issue` → `/issue`. */
  private apiPath(path: string): string {
    return path.replace(/\?.*$/, '').replace(new RegExp(`^/rest/api/${this.apiVersion}`), '')
  }

  protected entryOf(method: string, url: URL, raw: string): LoggedRequest {
    return { method, path: url.pathname.slice(this.contextPath.length) + url.search, status: 0, body: raw, response: '' }
  }

  /** Faults and `outageAfter` match the path after the API prefix (e.g. /issue). */
  protected faultPath(entry: LoggedRequest): string {
    return this.apiPath(entry.path)
  }

  /** `outageAfter` counts requests as they arrive: the one that reaches the count is the first to fail. */
  protected arrived(entry: LoggedRequest, apiPath: string): void {
    const after = this.outageAfter
    if (after && (!after.method || after.method === entry.method) && (!after.path || after.path.test(apiPath)) && after.count-- <= 0) this.outageFrom = this.requests.length
  }

  protected unavailable(): Answer {
    return { status: 503, text: '<html><body><h1>503 Service Unavailable</h1></body></html>', headers: { 'content-type': 'text/html' } }
  }

  protected faultAnswer(fault: Fault): Answer | undefined {
    if (fault.kind === 'rate-limit') {
      const wait = fault.retryAfterS ?? 1
      const resetAt = new Date(Date.now() + wait * 1000).toISOString()
      return { ...jiraError(429, ['Rate limit exceeded.']), headers: { ...(fault.resetOnly ? {} : { 'retry-after': String(wait) }), 'x-ratelimit-reset': resetAt, 'ratelimit-reason': 'jira-burst-based', 'x-ratelimit-limit': '100', 'x-ratelimit-remaining': '0' } }
    }
    if (fault.kind === 'status') return fault.status >= 500 ? jiraError(fault.status, ['Internal server error']) : jiraError(fault.status, ['Error'])
    return undefined
  }

  protected answer(method: string, url: URL, headers: http.IncomingHttpHeaders, raw: string, entry: LoggedRequest): Answer {
    return url.pathname.startsWith(this.contextPath) ? this.route(method, url, this.apiPath(entry.path), headers, raw) : jiraError(404, ['Not found'])
  }

  protected send(res: http.ServerResponse, entry: LoggedRequest, answer: Answer): void {
    entry.status = answer.status
    const text = answer.text ?? (answer.body === undefined ? '' : JSON.stringify(answer.body))
    entry.response = text
    res.writeHead(answer.status, { 'content-type': 'application/json;charset=UTF-8', 'x-arequestid': String(this.requests.length), ...answer.headers })
    res.end(text)
  }

  /** The user the request's credentials name; null when it sent none; undefined when they are wrong. */
  private authenticate(header: string | undefined): FakeUser | null | undefined {
    if (!header) return null
    if (this.flavour === 'cloud') {
      const basic = /^Basic\s+(\S+)$/i.exec(header)
      if (!basic) return undefined
      const decoded = Buffer.from(basic[1], 'base64').toString('utf8')
      const colon = decoded.indexOf(':')
      return this.users.find((u) => u.email === decoded.slice(0, colon) && u.token === decoded.slice(colon + 1))
    }
    const bearer = /^Bearer\s+(\S+)$/i.exec(header)
    return bearer ? this.users.find((u) => u.token === bearer[1]) : undefined
  }

  private route(method: string, url: URL, path: string, headers: http.IncomingHttpHeaders, raw: string): Answer {
    const prefix = `/rest/api/${this.apiVersion}`
    const full = url.pathname.slice(this.contextPath.length)
    if (!full.startsWith(`${prefix}/`)) return jiraError(404, [`No resource at ${full} (this site serves ${prefix})`])
    const user = this.authenticate(headers.authorization)
    if (user === undefined) {
      // Cloud answers wrong credentials in plain text; Data Center in its error JSON.
      if (this.flavour === 'cloud') return { status: 401, text: 'Client must be authenticated to access this resource.', headers: { 'content-type': 'text/plain;charset=UTF-8', 'x-seraph-loginreason': 'AUTHENTICATED_FAILED', 'www-authenticate': 'Basic realm="protected-area"' } }
      return { ...jiraError(401, ['You are not authenticated. Authentication required to perform this operation.']), headers: { 'x-seraph-loginreason': 'AUTHENTICATED_FAILED' } }
    }
    if (method === 'GET' && path === '/serverInfo')
      return { status: 200, body: this.flavour === 'cloud' ? { baseUrl: this.url, version: '1001.0.0-SNAPSHOT', deploymentType: 'Cloud', buildNumber: 100277, serverTitle: 'Jira' } : { baseUrl: this.url, version: '9.12.15', versionNumbers: [9, 12, 15], deploymentType: 'Server', buildNumber: 9120015, serverTitle: 'Jira' } }
    if (!user) return path === '/myself' ? jiraError(401, ['You are not authenticated. Authentication required to perform this operation.']) : jiraError(404, ['Issue does not exist or you do not have permission to see it.'])
    if (method === 'GET' && path === '/myself')
      return { status: 200, body: this.flavour === 'cloud' ? { accountId: user.id, accountType: 'atlassian', emailAddress: user.email, displayName: user.displayName, active: true } : { name: user.id, key: `JIRAUSER${user.id.length}`, emailAddress: `${user.id}@example.com`, displayName: user.displayName, active: true } }

    if (this.flavour === 'cloud' && path === '/search')
      return jiraError(410, ['The requested API has been removed. Please migrate to the /rest/api/3/search/jql API. A full migration guideline is available at https://developer.atlassian.com/changelog/#CHANGE-2046'])
    if (method === 'POST' && path === (this.flavour === 'cloud' ? '/search/jql' : '/search')) return this.search(user, raw)

    let m = /^\/project\/([^/]+)$/.exec(path)
    if (m && method === 'GET') {
      const project = this.projectOf(decodeURIComponent(m[1]))
      if (!project) return jiraError(404, [`No project could be found with key '${decodeURIComponent(m[1])}'.`])
      return { status: 200, body: { id: project.id, key: project.key, name: project.name, projectTypeKey: 'software', issueTypes: project.issueTypes.map((t) => ({ id: t.id, name: t.name, subtask: t.subtask })) } }
    }
    if (method === 'GET' && path === '/mypermissions') {
      const wanted = url.searchParams.get('permissions')
      if (this.flavour === 'cloud' && !wanted) return jiraError(400, ['The permissions query parameter is required.'])
      const project = this.projectOf(url.searchParams.get('projectKey') ?? '')
      if (!project) return jiraError(404, ['No project could be found with key.'])
      const keys = wanted ? wanted.split(',') : Object.keys(PERMISSION_NAMES)
      const unknown = keys.find((k) => !PERMISSION_NAMES[k])
      if (unknown) return jiraError(400, [`Permission ${unknown} does not exist.`])
      return { status: 200, body: { permissions: Object.fromEntries(keys.map((k) => [k, { id: String(keys.indexOf(k) + 10), key: k, name: PERMISSION_NAMES[k], type: 'PROJECT', havePermission: project.permissions.has(k) }])) } }
    }
    if (method === 'POST' && path === '/issue') return this.create(user, raw)
    m = /^\/issue\/([^/]+)(\/transitions)?$/.exec(path)
    if (m) {
      const issue = this.issues.find((i) => i.key === decodeURIComponent(m![1]) || i.id === decodeURIComponent(m![1]))
      if (!issue) return jiraError(404, ['Issue does not exist or you do not have permission to see it.'])
      if (m[2] && method === 'GET') return { status: 200, body: { expand: 'transitions', transitions: this.transitionsOf(issue, url.searchParams.get('expand')?.includes('transitions.fields') === true) } }
      if (m[2] && method === 'POST') return this.transition(issue, raw)
      if (method === 'GET') return { status: 200, body: this.issueJson(issue, url.searchParams.get('fields')?.split(',') ?? ['*navigable']) }
      if (method === 'PUT') return this.edit(issue, raw)
    }
    return jiraError(404, ['null for uri: ' + full])
  }

  private projectOf(keyOrId: string): FakeProject | undefined {
    return this.projects.get(keyOrId.toUpperCase()) ?? [...this.projects.values()].find((p) => p.id === keyOrId)
  }

  private create(user: FakeUser, raw: string): Answer {
    const body = parseObject(raw)
    if (!body || !body.fields || typeof body.fields !== 'object') return jiraError(400, ["Can not deserialize instance of com.atlassian.jira.rest.v2.issue.IssueUpdateBean out of the request's body"])
    const f = body.fields as Json
    const ref = f.project as { key?: string; id?: string } | undefined
    const project = ref ? this.projectOf(String(ref.key ?? ref.id ?? '')) : undefined
    if (!project) return jiraError(400, [], { project: 'Specify a valid project ID or key' })
    if (!project.permissions.has('CREATE_ISSUES')) return jiraError(400, [], { project: 'You do not have permission to create issues in this project.' })
    const errors: Record<string, string> = {}
    const typeRef = f.issuetype as { id?: string; name?: string } | undefined
    const type = project.issueTypes.find((t) => (typeRef?.id !== undefined && t.id === String(typeRef.id)) || (typeRef?.name !== undefined && t.name === typeRef.name))
    if (!type) errors.issuetype = typeRef ? 'The issue type selected is invalid.' : 'Specify an issue type'
    const known = new Set(['project', 'issuetype', 'summary', 'description', 'labels', 'priority', ...Object.keys(project.required)])
    for (const k of Object.keys(f)) if (!known.has(k)) errors[k] = `Field '${k}' cannot be set. It is not on the appropriate screen, or unknown.`
    for (const [id, name] of Object.entries(project.required)) if (f[id] === undefined || f[id] === null) errors[id] = `${name} is required.`
    Object.assign(errors, this.fieldErrors(f, true))
    if (f.priority !== undefined) {
      if (!project.priorityOnCreate) errors.priority = "Field 'priority' cannot be set. It is not on the appropriate screen, or unknown."
      else if (!PRIORITIES.includes(String((f.priority as { name?: string }).name))) errors.priority = `Priority name '${(f.priority as { name?: string }).name}' is not valid`
    }
    if (Object.keys(errors).length) return jiraError(400, [], errors)
    const now = jiraTime(new Date())
    const issue: FakeIssue = {
      id: String(this.nextId++), key: `${project.key}-${project.next++}`, project: project.key, summary: String(f.summary), description: f.description ?? null,
      labels: Array.isArray(f.labels) ? [...new Set(f.labels.map(String))] : [], status: project.workflow.initial, issuetype: type!.id, reporter: user.id,
      priority: f.priority ? String((f.priority as { name: string }).name) : project.priorityOnCreate ? 'Medium' : null, resolution: null, created: now, updated: now,
    }
    this.issues.push(issue)
    return { status: 201, body: { id: issue.id, key: issue.key, self: `${this.url}/rest/api/${this.apiVersion}/issue/${issue.id}` } }
  }

  /** Errors of summary, description and labels as set in `fields` (create: summary required). */
  private fieldErrors(f: Json, creating: boolean): Record<string, string> {
    const errors: Record<string, string> = {}
    if (f.summary !== undefined || creating) {
      if (typeof f.summary !== 'string' || !f.summary.trim()) errors.summary = 'You must specify a summary of the issue.'
      else if (f.summary.length > 255) errors.summary = 'Summary must be less than 255 characters.'
      else if (/[\r\n]/.test(f.summary)) errors.summary = 'The summary is invalid because it contains newline characters.'
    }
    if (f.description !== undefined && f.description !== null) {
      if (this.flavour === 'cloud') {
        const problem = adfProblem(f.description)
        if (problem) errors.description = `Operation value must be an Atlassian Document (see the Atlassian Document Format): ${problem}`
        else if (JSON.stringify(f.description).length > MAX_TEXT) errors.description = 'The entered text is too long. It exceeds the allowed limit of 32,767 characters.'
      } else if (typeof f.description !== 'string') errors.description = 'Operation value must be a string'
      else if (f.description.length > MAX_TEXT) errors.description = 'The entered text is too long. It exceeds the allowed limit of 32,767 characters.'
    }
    if (f.labels !== undefined) {
      const problem = Array.isArray(f.labels) ? f.labels.map((l) => labelProblem(l)).find(Boolean) : 'labels must be a list'
      if (problem) errors.labels = problem
    }
    return errors
  }

  private edit(issue: FakeIssue, raw: string): Answer {
    const body = parseObject(raw)
    if (!body) return jiraError(400, ['Unexpected character in the request body'])
    const project = this.projects.get(issue.project)!
    if (!project.permissions.has('EDIT_ISSUES')) return jiraError(403, ['You do not have permission to edit issues in this project.'])
    const f = (body.fields ?? {}) as Json
    const update = (body.update ?? {}) as Record<string, unknown>
    const both = Object.keys(f).find((k) => k in update)
    if (both) return jiraError(400, [], { [both]: `Field '${both}' cannot be set in both fields and update.` })
    // A status whose issues cannot be edited keeps every field off the edit screen.
    if (this.statusOf(issue).editable === false) return jiraError(400, [], Object.fromEntries([...Object.keys(f), ...Object.keys(update)].map((k) => [k, `Field '${k}' cannot be set. It is not on the appropriate screen, or unknown.`])))
    const errors: Record<string, string> = {}
    for (const k of [...Object.keys(f), ...Object.keys(update)]) if (!['summary', 'description', 'labels'].includes(k)) errors[k] = `Field '${k}' cannot be set. It is not on the appropriate screen, or unknown.`
    Object.assign(errors, this.fieldErrors(f, false))
    let labels = Array.isArray(f.labels) ? f.labels.map(String) : [...issue.labels]
    if (update.labels !== undefined) {
      if (!Array.isArray(update.labels)) errors.labels = 'Operation value must be a list'
      else
        for (const op of update.labels as Record<string, unknown>[]) {
          const [verb, value] = Object.entries(op ?? {})[0] ?? []
          if (verb === 'set' && Array.isArray(value)) labels = value.map(String)
          else if ((verb === 'add' || verb === 'remove') && typeof value === 'string') {
            const problem = verb === 'add' ? labelProblem(value) : undefined
            if (problem) errors.labels = problem
            else labels = verb === 'add' ? [...labels.filter((l) => l !== value), value] : labels.filter((l) => l !== value)
          } else errors.labels = `Unsupported operation '${verb}' for labels`
        }
    }
    if (Object.keys(errors).length) return jiraError(400, [], errors)
    if (typeof f.summary === 'string') issue.summary = f.summary
    if (f.description !== undefined) issue.description = f.description
    issue.labels = labels
    issue.updated = jiraTime(new Date())
    return { status: 204 }
  }

  private transitionsOf(issue: FakeIssue, withFields: boolean): Json[] {
    const project = this.projects.get(issue.project)!
    if (!project.permissions.has('TRANSITION_ISSUES')) return []
    const wf = project.workflow
    return wf.transitions
      .filter((t) => (t.from === 'any' ? t.to !== issue.status : t.from.includes(issue.status)))
      .map((t) => {
        const to = wf.statuses.find((s) => s.id === t.to)!
        const fields: Json = {}
        if (t.resolution) fields.resolution = { required: true, hasDefaultValue: false, name: 'Resolution', key: 'resolution', operations: ['set'], allowedValues: RESOLUTIONS.map((r) => ({ ...r, self: `${this.url}/rest/api/${this.apiVersion}/resolution/${r.id}` })) }
        if (t.requires) fields.timespent = { required: true, hasDefaultValue: false, name: t.requires, key: 'timespent', operations: ['set'] }
        return { id: t.id, name: t.name, to: this.statusJson(to), hasScreen: Boolean(t.resolution || t.requires), isGlobal: t.from === 'any', isInitial: false, isConditional: false, ...(withFields ? { fields } : {}) }
      })
  }

  private transition(issue: FakeIssue, raw: string): Answer {
    const body = parseObject(raw)
    const id = body && typeof body.transition === 'object' && body.transition ? String((body.transition as { id?: unknown }).id ?? '') : ''
    const project = this.projects.get(issue.project)!
    const t = project.workflow.transitions.find((x) => x.id === id)
    const offered = this.transitionsOf(issue, false).some((x) => x.id === id)
    if (!t || !offered) return jiraError(400, [`Transition id '${id}' is not valid for this issue.`])
    const fields = (body!.fields ?? {}) as Json
    if (t.requires) return jiraError(400, [], { timespent: `${t.requires} is required.` })
    const resolution = fields.resolution as { id?: string; name?: string } | undefined
    const chosen = resolution ? RESOLUTIONS.find((r) => r.id === resolution.id || r.name === resolution.name) : undefined
    if (t.resolution && !chosen) return jiraError(400, [], { resolution: resolution ? 'The resolution selected is invalid.' : 'Resolution is required.' })
    if (!t.resolution && resolution) return jiraError(400, [], { resolution: "Field 'resolution' cannot be set. It is not on the appropriate screen, or unknown." })
    issue.status = t.to
    issue.resolution = project.workflow.statuses.find((s) => s.id === t.to)!.category === 'done' ? chosen ?? RESOLUTIONS[0] : null
    issue.updated = jiraTime(new Date())
    return { status: 204 }
  }

  private statusJson(s: FakeStatus): Json {
    const cat = { new: { id: 2, name: 'To Do', colorName: 'blue-gray' }, indeterminate: { id: 4, name: 'In Progress', colorName: 'yellow' }, done: { id: 3, name: 'Done', colorName: 'green' } }[s.category]
    return { self: `${this.url}/rest/api/${this.apiVersion}/status/${s.id}`, name: s.name, id: s.id, statusCategory: { self: `${this.url}/rest/api/${this.apiVersion}/statuscategory/${cat.id}`, id: cat.id, key: s.category, colorName: cat.colorName, name: cat.name } }
  }

  private issueJson(issue: FakeIssue, fields: string[]): Json {
    const project = this.projects.get(issue.project)!
    const reporter = this.users.find((u) => u.id === issue.reporter)
    const all: Json = {
      summary: issue.summary, description: issue.description, labels: issue.labels, created: issue.created, updated: issue.updated,
      status: this.statusJson(this.statusOf(issue)),
      issuetype: project.issueTypes.find((t) => t.id === issue.issuetype),
      priority: issue.priority ? { name: issue.priority } : null,
      resolution: issue.resolution,
      reporter: reporter ? (this.flavour === 'cloud' ? { accountId: reporter.id, displayName: reporter.displayName } : { name: reporter.id, displayName: reporter.displayName }) : null,
      project: { id: project.id, key: project.key, name: project.name },
    }
    const wanted = fields.includes('*all') || fields.includes('*navigable') ? Object.keys(all) : fields.filter((f) => f in all)
    return { id: issue.id, key: issue.key, self: `${this.url}/rest/api/${this.apiVersion}/issue/${issue.id}`, fields: Object.fromEntries(wanted.map((f) => [f, all[f]])) }
  }

  private search(user: FakeUser, raw: string): Answer {
    const body = parseObject(raw)
    if (!body) return jiraError(400, ['Invalid request payload. Refer to the REST API documentation and try again.'])
    const jql = typeof body.jql === 'string' ? body.jql : ''
    let query: JqlQuery
    try {
      query = parseJql(jql)
    } catch (e) {
      return jiraError(400, [(e as Error).message])
    }
    if (this.flavour === 'cloud' && !query.clauses.length) return jiraError(400, ['Unbounded JQL queries are not allowed here. Please add a search restriction to your query.'])
    const problem = query.clauses.map((c) => this.clauseProblem(c)).find(Boolean) ?? query.order.map((o) => (['key', 'created', 'updated'].includes(o.field) ? undefined : `Not able to sort using field '${o.field}'.`)).find(Boolean)
    if (problem) return jiraError(400, [problem])
    const found = this.issues.filter((i) => query.clauses.every((c) => this.matches(i, c, user)))
    found.sort((a, b) => {
      for (const o of query.order) {
        const d = o.field === 'key' ? a.project.localeCompare(b.project) || Number(a.key.split('-')[1]) - Number(b.key.split('-')[1]) : a[o.field as 'created' | 'updated'].localeCompare(b[o.field as 'created' | 'updated'])
        if (d) return o.desc ? -d : d
      }
      return 0
    })
    const fields = Array.isArray(body.fields) ? body.fields.map(String) : this.flavour === 'cloud' ? ['id'] : ['*navigable']
    const asked = Number(body.maxResults ?? 50)
    if (this.flavour === 'cloud') {
      const onlyIds = fields.every((f) => f === 'id' || f === 'key')
      const size = Math.max(1, Math.min(asked, onlyIds ? 5000 : 100))
      let at = 0
      if (body.nextPageToken !== undefined && body.nextPageToken !== null) {
        const token = decodeToken(String(body.nextPageToken))
        if (!token || token.jql !== jql) return jiraError(400, ['The provided next page token is invalid or expired.'])
        at = token.at
      }
      const page = found.slice(at, at + size)
      const more = at + size < found.length
      return { status: 200, body: { issues: page.map((i) => this.issueJson(i, fields)), ...(more ? { nextPageToken: encodeToken({ jql, at: at + size }) } : {}), isLast: !more } }
    }
    const startAt = Math.max(0, Number(body.startAt ?? 0) || 0)
    const size = Math.max(0, Math.min(asked, this.searchCap))
    return { status: 200, body: { expand: 'schema,names', startAt, maxResults: size, total: found.length, issues: found.slice(startAt, startAt + size).map((i) => this.issueJson(i, fields)) } }
  }

  private clauseProblem(c: JqlClause): string | undefined {
    if (!['project', 'labels', 'reporter', 'key', 'status', 'statuscategory'].includes(c.field)) return `Field '${c.field}' does not exist or you do not have permission to view it.`
    if (c.field === 'project') for (const v of c.values) if (v.kind === 'value' && !this.projectOf(v.text)) return `The value '${v.text}' does not exist for the field 'project'.`
    const fn = c.values.find((v) => v.kind === 'function')
    if (fn && (c.field !== 'reporter' || fn.text.toLowerCase() !== 'currentuser')) return `Unable to find JQL function '${fn.text}()'.`
    return undefined
  }

  private matches(i: FakeIssue, c: JqlClause, user: FakeUser): boolean {
    const status = this.statusOf(i)
    const values: string[] = { project: [i.project], labels: i.labels, reporter: [i.reporter], key: [i.key], status: [status.name], statuscategory: [status.category] }[c.field] ?? []
    const wanted = c.values.map((v) => (v.kind === 'function' ? user.id : v.text))
    const equal = (a: string, b: string) => (c.field === 'project' ? this.projectOf(b)?.key === a : a.toLowerCase() === b.toLowerCase())
    const hit = values.some((a) => wanted.some((b) => equal(a, b)))
    return c.negated ? !hit : hit
  }
}

/** `labels` values: no spaces, at most 255 characters. */
function labelProblem(label: unknown): string | undefined {
  if (typeof label !== 'string' || !label) return 'Label must be a non-empty string'
  if (/\s/.test(label)) return `The label '${label}' contains spaces which is invalid.`
  if (label.length > 255) return `The label '${label.slice(0, 40)}…' exceeds the maximum length for a single label of 255 characters.`
  return undefined
}

const BLOCKS = new Set(['paragraph', 'heading', 'bulletList', 'orderedList', 'listItem', 'codeBlock', 'blockquote', 'rule', 'panel'])
const INLINES = new Set(['text', 'hardBreak', 'mention', 'emoji', 'inlineCard'])
const MARKS = new Set(['strong', 'em', 'code', 'link', 'strike', 'underline', 'subsup', 'textColor'])

/** What makes `doc` something other than an ADF document Jira accepts, or undefined. */
export function adfProblem(doc: unknown): string | undefined {
  if (!doc || typeof doc !== 'object' || Array.isArray(doc)) return 'not a document'
  const d = doc as Json
  if (d.type !== 'doc' || d.version !== 1 || !Array.isArray(d.content)) return 'the root must be {type: doc, version: 1, content: [...]}'
  const walk = (node: unknown, inBlock: boolean): string | undefined => {
    if (!node || typeof node !== 'object') return 'a node is not an object'
    const n = node as Json
    const type = String(n.type)
    if (type === 'text') {
      if (!inBlock) return 'text outside a block'
      if (typeof n.text !== 'string' || n.text === '') return 'an empty text node'
      const marks = (n.marks ?? []) as Json[]
      if (!Array.isArray(marks)) return 'marks must be a list'
      for (const m of marks) {
        if (!MARKS.has(String(m?.type))) return `unknown mark ${String(m?.type)}`
        if (m.type === 'link' && typeof (m.attrs as Json | undefined)?.href !== 'string') return 'a link mark without href'
      }
      if (marks.some((m) => m.type === 'code') && marks.some((m) => m.type !== 'code' && m.type !== 'link')) return 'the code mark combined with another than link'
      return undefined
    }
    if (INLINES.has(type)) return inBlock ? undefined : `${type} outside a block`
    if (!BLOCKS.has(type)) return `unknown node ${type}`
    if (type === 'heading' && ![1, 2, 3, 4, 5, 6].includes(Number((n.attrs as Json | undefined)?.level))) return 'a heading without level 1-6'
    if ((type === 'bulletList' || type === 'orderedList') && !(n.content as Json[] | undefined)?.every((c) => c?.type === 'listItem')) return 'a list holding something other than listItem'
    if (n.content === undefined) return type === 'rule' ? undefined : `${type} without content`
    if (!Array.isArray(n.content)) return 'content must be a list'
    for (const child of n.content) {
      const problem = walk(child, ['paragraph', 'heading', 'codeBlock'].includes(type))
      if (problem) return problem
    }
    return undefined
  }
  for (const block of d.content) {
    if (INLINES.has(String((block as Json)?.type))) return 'inline content at the top level'
    const problem = walk(block, false)
    if (problem) return problem
  }
  return undefined
}

interface JqlValue {
  kind: 'value' | 'function'
  text: string
}
interface JqlClause {
  field: string
  negated: boolean
  values: JqlValue[]
}
interface JqlQuery {
  clauses: JqlClause[]
  order: { field: string; desc: boolean }[]
}

type Token = { t: 'str' | 'word' | 'op'; v: string; at: number }

function tokenize(jql: string): Token[] {
  const tokens: Token[] = []
  let i = 0
  while (i < jql.length) {
    const c = jql[i]
    if (/\s/.test(c)) {
      i++
    } else if (c === '"' || c === "'") {
      let v = ''
      let j = i + 1
      for (; j < jql.length && jql[j] !== c; j++) v += jql[j] === '\\' ? jql[++j] ?? '' : jql[j]
      if (j >= jql.length) throw new Error(`Error in the JQL Query: The quoted string '${v}' has not been completed. (line 1, character ${i + 1})`)
      tokens.push({ t: 'str', v, at: i })
      i = j + 1
    } else if (c === '!' && jql[i + 1] === '=') {
      tokens.push({ t: 'op', v: '!=', at: i })
      i += 2
    } else if ('=(),'.includes(c)) {
      tokens.push({ t: 'op', v: c, at: i })
      i++
    } else if (/[A-Za-z0-9_.:\-]/.test(c)) {
      let j = i
      while (j < jql.length && /[A-Za-z0-9_.:\-]/.test(jql[j])) j++
      tokens.push({ t: 'word', v: jql.slice(i, j), at: i })
      i = j
    } else throw new Error(`Error in the JQL Query: The character '${c}' is a reserved JQL character. You must enclose it in a string or use the escape '\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}' instead. (line 1, character ${i + 1})`)
  }
  return tokens
}

/** AND of `field (=|!=) value` and `field [not] in (values)`, then ORDER BY; OR, NOT and parentheses are refused. */
export function parseJql(jql: string): JqlQuery {
  const tokens = tokenize(jql)
  let p = 0
  const fail = (what: string): never => {
    const tok = tokens[p]
    throw new Error(`Error in the JQL Query: Expecting ${what} but got '${tok ? tok.v : 'end of query'}'. (line 1, character ${tok ? tok.at + 1 : jql.length + 1})`)
  }
  const word = (w: string) => tokens[p]?.t === 'word' && tokens[p].v.toLowerCase() === w
  const value = (): JqlValue => {
    const tok = tokens[p]
    if (!tok || tok.t === 'op') return fail('a value')
    p++
    if (tok.t === 'word' && tokens[p]?.v === '(' && tokens[p + 1]?.v === ')') {
      p += 2
      return { kind: 'function', text: tok.v }
    }
    return { kind: 'value', text: tok.v }
  }
  const query: JqlQuery = { clauses: [], order: [] }
  while (p < tokens.length && !word('order')) {
    if (query.clauses.length) {
      if (word('or') || word('not') || tokens[p].v === '(') throw new Error(`Error in the JQL Query: this fake Jira understands only AND of simple clauses (got '${tokens[p].v}'). (line 1, character ${tokens[p].at + 1})`)
      if (!word('and')) fail("one of the operators 'AND' or 'ORDER BY'")
      p++
    }
    const field = tokens[p]
    if (!field || field.t === 'op') fail('a field name')
    p++
    const clause: JqlClause = { field: field.v.toLowerCase(), negated: false, values: [] }
    if (tokens[p]?.v === '=' || tokens[p]?.v === '!=') {
      clause.negated = tokens[p++].v === '!='
      clause.values.push(value())
    } else {
      if (word('not')) {
        clause.negated = true
        p++
      }
      if (!word('in')) fail("an operator ('=', '!=', 'in', 'not in')")
      p++
      if (tokens[p]?.v !== '(') fail("'('")
      p++
      clause.values.push(value())
      while (tokens[p]?.v === ',') {
        p++
        clause.values.push(value())
      }
      if (tokens[p]?.v !== ')') fail("')'")
      p++
    }
    query.clauses.push(clause)
  }
  if (word('order')) {
    p++
    if (!word('by')) fail("'by'")
    p++
    do {
      if (query.order.length) p++
      const field = tokens[p]
      if (!field || field.t === 'op') fail('a field name')
      p++
      let desc = false
      if (word('asc') || word('desc')) desc = tokens[p++].v.toLowerCase() === 'desc'
      query.order.push({ field: field.v.toLowerCase(), desc })
    } while (tokens[p]?.v === ',')
    if (p < tokens.length) fail("',' or the end of the query")
  }
  return query
}

function encodeToken(t: { jql: string; at: number }): string {
  return Buffer.from(JSON.stringify(t)).toString('base64url')
}

function decodeToken(s: string): { jql: string; at: number } | undefined {
  try {
    const t = JSON.parse(Buffer.from(s, 'base64url').toString('utf8'))
    return typeof t?.jql === 'string' && Number.isInteger(t?.at) ? t : undefined
  } catch {
    return undefined
  }
}
