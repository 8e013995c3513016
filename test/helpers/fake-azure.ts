// A fake Azure DevOps on loopback for the endpoints the azure provider uses, as the Work Item Tracking REST API 7.1
// reference (learn.microsoft.com/rest/api/azure/devops/wit, api-version 7.1) and "Rate and usage limits"
// (learn.microsoft.com/azure/devops/integrate/concepts/rate-limits) describe them, on a Services organization
// (`/acme`) or a Server collection (`/tfs/DefaultCollection`):
// - auth: basic with a personal access token (any user name); a refused token is a 401 (with X-TFS-FedAuthRedirect:
//   Suppress, else a 302 to the sign-in page) or, in `patRejection: '203'` mode, 203 Non-Authoritative with the HTML
//   sign-in page; `api-version` required on every _apis call but connectionData (7.1 and 7.1-preview.N accepted);
// - _apis/connectionData (authenticatedUser, deploymentType), _apis/projects (list, one by name or id with
//   includeCapabilities: its process template), 404 TF200016 for a project that does not exist;
// - work item types of a configurable process template (Agile, Basic, and custom ones with restricted transitions,
//   required fields, types without a done state): list, one, and its states with their categories;
// - WIQL: POST {project}/_apis/wit/wiql, a parsed subset (SELECT [System.Id] FROM WorkItems WHERE a conjunction of
//   [System.TeamProject] = @project, [System.Tags] CONTAINS 'tag' (whole tags, any case), [System.CreatedBy] = @Me,
//   [System.Id] > n, [System.WorkItemType] = 'name'; ORDER BY [System.Id]); anything else a 400 with
//   `{message, typeKey}`; ids only, at most 20,000 without $top (VS402337), $top bounding;
// - workitemsbatch (at most 200 ids, VS403474; errorPolicy fail|omit; fields), GET workitems/{id}, its revisions;
// - create (POST workitems/$Type) and update (PATCH workitems/{id}): `application/json-patch+json` only (415), ops
//   checked (add/replace/remove/test, /fields/<known field>, `test /rev` failing with 412), rules (title required,
//   required fields, states and allowed moves, Severity values, area paths) answered as RuleValidationException,
//   validateOnly, tags as one `; `-separated string (no `,`, at most 400 characters, a tag's first spelling kept);
// - faults: 429 with Retry-After and X-RateLimit-Resource/Delay/Limit/Remaining/Reset, any status, connection resets
//   before or after processing, an outage from request N on; every request logged (method, path, status, body).
import type http from 'node:http'
import { countsToOutage, FakeHttp } from './fake-http.ts'

export const API_VERSION = '7.1'

export type Category = 'Proposed' | 'InProgress' | 'Resolved' | 'Completed' | 'Removed'

export interface FakeState {
  name: string
  category: Category
}

export interface FakeType {
  name: string
  states: FakeState[]
  /** Fields besides the system ones (System.Title, System.State, System.Tags, System.AreaPath, …). */
  fields: string[]
  /** Fields a create must set (a rule of the process). */
  required?: string[]
  /** From each state, the states it may move to; absent: every move (an inherited process). */
  transitions?: Record<string, string[]>
  /** The Severity field's allowed values (default: the templates' 1 - Critical … 4 - Low). */
  severities?: string[]
  disabled?: boolean
}

export interface FakeTemplate {
  name: string
  types: FakeType[]
}

const SEVERITIES = ['1 - Critical', '2 - High', '3 - Medium', '4 - Low']
const AGILE_BUG_FIELDS = ['System.Description', 'Microsoft.VSTS.TCM.ReproSteps', 'Microsoft.VSTS.Common.Severity', 'Microsoft.VSTS.Common.Priority']

/** The Agile process: Bug (New, Active, Resolved, Closed) with Repro Steps and Severity; Task; User Story. */
export const AGILE: FakeTemplate = {
  name: 'Agile',
  types: [
    { name: 'Bug', fields: AGILE_BUG_FIELDS, states: [{ name: 'New', category: 'Proposed' }, { name: 'Active', category: 'InProgress' }, { name: 'Resolved', category: 'Resolved' }, { name: 'Closed', category: 'Completed' }] },
    { name: 'Task', fields: ['System.Description'], states: [{ name: 'New', category: 'Proposed' }, { name: 'Active', category: 'InProgress' }, { name: 'Closed', category: 'Completed' }, { name: 'Removed', category: 'Removed' }] },
    { name: 'User Story', fields: ['System.Description'], states: [{ name: 'New', category: 'Proposed' }, { name: 'Active', category: 'InProgress' }, { name: 'Resolved', category: 'Resolved' }, { name: 'Closed', category: 'Completed' }, { name: 'Removed', category: 'Removed' }] },
  ],
}

const BASIC_STATES: FakeState[] = [{ name: 'To Do', category: 'Proposed' }, { name: 'Doing', category: 'InProgress' }, { name: 'Done', category: 'Completed' }]
/** The Basic process: Epic, Issue and Task, each To Do, Doing, Done; no Bug, no Repro Steps. */
export const BASIC: FakeTemplate = {
  name: 'Basic',
  types: [
    { name: 'Epic', fields: ['System.Description'], states: BASIC_STATES },
    { name: 'Issue', fields: ['System.Description'], states: BASIC_STATES },
    { name: 'Task', fields: ['System.Description'], states: BASIC_STATES },
  ],
}

/**
 * A custom XML process as an Azure DevOps Server collection may have: Finding moves Triage → Fixing → Verifying →
 * Fixed only step by step (Dismissed from Triage, back to Triage) and has its own Severity values, Vulnerability
 * requires a Team field, and a Note type has no done state at all.
 */
export const SECURE: FakeTemplate = {
  name: 'Acme Secure',
  types: [
    {
      name: 'Finding',
      fields: ['System.Description', 'Microsoft.VSTS.Common.Severity'],
      severities: ['S1', 'S2', 'S3'],
      states: [{ name: 'Triage', category: 'Proposed' }, { name: 'Fixing', category: 'InProgress' }, { name: 'Verifying', category: 'Resolved' }, { name: 'Fixed', category: 'Completed' }, { name: 'Dismissed', category: 'Removed' }],
      transitions: { Triage: ['Fixing', 'Dismissed'], Fixing: ['Verifying', 'Triage'], Verifying: ['Fixed', 'Fixing'], Fixed: ['Fixing'], Dismissed: ['Triage'] },
    },
    { name: 'Vulnerability', fields: ['System.Description', 'Custom.Team'], required: ['Custom.Team'], states: [{ name: 'Open', category: 'Proposed' }, { name: 'Closed', category: 'Completed' }] },
    { name: 'Note', fields: ['System.Description'], states: [{ name: 'Open', category: 'Proposed' }, { name: 'Reading', category: 'InProgress' }] },
  ],
}

/** Fields every type has. */
const SYSTEM_FIELDS = ['System.Id', 'System.Rev', 'System.Title', 'System.State', 'System.Reason', 'System.Tags', 'System.AreaPath', 'System.IterationPath', 'System.TeamProject', 'System.WorkItemType', 'System.CreatedBy', 'System.CreatedDate', 'System.ChangedBy', 'System.ChangedDate', 'System.AssignedTo', 'System.History']
/** Fields the service sets itself: a patch may not write them. */
const READ_ONLY = new Set(['System.Id', 'System.Rev', 'System.TeamProject', 'System.WorkItemType', 'System.CreatedBy', 'System.CreatedDate', 'System.ChangedBy', 'System.ChangedDate'])

export interface FakeUser {
  id: string
  displayName: string
  uniqueName: string
}

export interface FakeProject {
  id: string
  name: string
  template: FakeTemplate
  /** Area paths below the project's root (`Security`, `Security\\Web`). */
  areas: string[]
}

export interface FakeWorkItem {
  id: number
  rev: number
  project: string
  fields: Record<string, unknown>
  /** Each revision's fields, first to last. */
  revisions: { rev: number; fields: Record<string, unknown> }[]
}

export type Fault =
  /** 429 blocked: Retry-After (unless `retryAfterS` is null) and X-RateLimit-* headers. */
  | { kind: 'throttle'; retryAfterS?: number | null; resetInS?: number }
  | { kind: 'status'; status: number }
  /** Destroys the connection without an answer; `after`: only once the request has been processed. */
  | { kind: 'reset'; after?: boolean }

export interface LoggedRequest {
  method: string
  /** Path and query, without the collection's path. */
  path: string
  /** 0 when the connection was reset instead. */
  status: number
  /** The request's body as sent. */
  body: string
}

interface Answer {
  status: number
  body?: unknown
  headers?: Record<string, string>
  /** Sent as is (an HTML page). */
  html?: string
}

class WiqlError extends Error {}

export class FakeAzure extends FakeHttp<Fault, LoggedRequest, Answer> {
  readonly tokens = new Map<string, FakeUser>()
  readonly projects = new Map<string, FakeProject>()
  readonly items = new Map<number, FakeWorkItem>()
  /** How a refused token is answered: 401 (Services' usual answer) or 203 with the sign-in page (some deployments). */
  patRejection: '401' | '203' = '401'
  /** A WIQL query matching more than this many items without $top is refused (VS402337). */
  maxQueryResults = 20_000
  /** The outage starts once this many requests matching `method` and `path` have been answered with success. */
  outageAfter: { method: string; path: RegExp; count: number } | undefined
  /** Called with each request before it is answered (a test edits an item "meanwhile"). */
  onRequest: ((request: LoggedRequest) => void) | undefined
  /** Each tag's first spelling in the collection: later writes in another case take it. */
  private readonly tagNames = new Map<string, string>()
  private nextId = 1

  private constructor(
    readonly collection: string,
    readonly deploymentType: 'hosted' | 'onPremises',
  ) {
    super()
  }

  /** `collection: '/tfs/DefaultCollection'` plays an Azure DevOps Server collection; the default is an organization. */
  static async start(opts: { collection?: string } = {}): Promise<FakeAzure> {
    const collection = opts.collection ?? '/acme'
    const fake = new FakeAzure(collection, collection.startsWith('/tfs/') ? 'onPremises' : 'hosted')
    await fake.listen(collection)
    return fake
  }

  addUser(pat: string, user: Partial<FakeUser> & { displayName: string }): FakeUser {
    const full = { id: user.id ?? `${this.tokens.size + 1}`.padStart(8, '0') + '-0000-4000-8000-000000000000', uniqueName: user.uniqueName ?? `${user.displayName.toLowerCase().replace(/\W+/g, '.')}@acme.example`, displayName: user.displayName }
    this.tokens.set(pat, full)
    return full
  }

  addProject(name: string, template: FakeTemplate = AGILE, areas: string[] = []): FakeProject {
    const project = { id: `0000000${this.projects.size + 1}-1111-4111-8111-111111111111`, name, template, areas }
    this.projects.set(name.toLowerCase(), project)
    return project
  }

  /** Adds a work item as if someone had created it (no request logged). */
  seedItem(projectName: string, item: { type: string; title: string; createdBy: FakeUser; state?: string; tags?: string[]; fields?: Record<string, unknown>; createdDate?: string }): FakeWorkItem {
    const project = this.projects.get(projectName.toLowerCase())!
    const type = project.template.types.find((t) => t.name === item.type)!
    const now = item.createdDate ?? new Date().toISOString()
    const fields: Record<string, unknown> = {
      'System.AreaPath': project.name, 'System.IterationPath': project.name, 'System.TeamProject': project.name, 'System.WorkItemType': type.name,
      'System.State': item.state ?? type.states[0].name, 'System.Title': item.title, 'System.CreatedBy': this.identity(item.createdBy), 'System.CreatedDate': now,
      'System.ChangedBy': this.identity(item.createdBy), 'System.ChangedDate': now, ...item.fields,
    }
    if (item.tags?.length) fields['System.Tags'] = this.tagString(item.tags)
    return this.store(project, fields)
  }

  /** A person's edit in the web form: fields set (tags as a list), a new revision. */
  edit(id: number, by: FakeUser, changes: { tags?: string[]; fields?: Record<string, unknown> }): FakeWorkItem {
    const item = this.items.get(id)!
    const fields = { ...item.fields, ...changes.fields }
    if (changes.tags) fields['System.Tags'] = this.tagString(changes.tags)
    item.rev++
    item.fields = { ...fields, 'System.Rev': item.rev, 'System.ChangedBy': this.identity(by), 'System.ChangedDate': new Date().toISOString() }
    item.revisions.push({ rev: item.rev, fields: { ...item.fields } })
    return item
  }

  /** Items of a project, in id order. */
  itemsOf(projectName: string): FakeWorkItem[] {
    return [...this.items.values()].filter((i) => i.project.toLowerCase() === projectName.toLowerCase())
  }

  tagsOf(item: FakeWorkItem): string[] {
    return splitTags(item.fields['System.Tags'])
  }

  private identity(user: FakeUser) {
    return { displayName: user.displayName, url: `${this.url}/_apis/Identities/${user.id}`, id: user.id, uniqueName: user.uniqueName, descriptor: `aad.${Buffer.from(user.id).toString('base64url')}` }
  }

  private store(project: FakeProject, fields: Record<string, unknown>): FakeWorkItem {
    const id = this.nextId++
    const item: FakeWorkItem = { id, rev: 1, project: project.name, fields: { ...fields, 'System.Id': id, 'System.Rev': 1 }, revisions: [] }
    item.revisions.push({ rev: 1, fields: { ...item.fields } })
    this.items.set(id, item)
    return item
  }

  /** Tags as Azure DevOps keeps them: trimmed, one per name whatever the case (the collection's first spelling), sorted. */
  private tagString(tags: string[]): string {
    const unique = new Map<string, string>()
    for (const tag of tags.map((t) => t.trim()).filter(Boolean)) {
      const known = this.tagNames.get(tag.toLowerCase()) ?? tag
      this.tagNames.set(tag.toLowerCase(), known)
      unique.set(tag.toLowerCase(), known)
    }
    return [...unique.values()].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })).join('; ')
  }

  private inCollection(url: URL): boolean {
    return url.pathname === this.collection || url.pathname.startsWith(`${this.collection}/`)
  }

  protected entryOf(method: string, url: URL, raw: string): LoggedRequest {
    return { method, path: (this.inCollection(url) ? url.pathname.slice(this.collection.length) : url.pathname) + url.search, status: 0, body: raw }
  }

  protected arrived(entry: LoggedRequest): void {
    this.onRequest?.(entry)
  }

  protected unavailable(): Answer {
    return { status: 503, body: { message: 'TF400898: An Internal Error Occurred. Service Unavailable.', typeKey: 'ServiceUnavailableException' } }
  }

  protected faultAnswer(fault: Fault): Answer | undefined {
    if (fault.kind === 'throttle') {
      const resetAt = Math.floor(Date.now() / 1000) + (fault.resetInS ?? fault.retryAfterS ?? 1)
      const headers: Record<string, string> = {
        'x-ratelimit-resource': 'ATCPU/WorkItemTracking', 'x-ratelimit-delay': '0.000', 'x-ratelimit-limit': '200', 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': String(resetAt),
        ...(fault.retryAfterS === null ? {} : { 'retry-after': String(fault.retryAfterS ?? 1) }),
      }
      return { status: 429, headers, body: { message: "TF400733: The request has been canceled: Request was blocked due to exceeding usage of resource 'ATCPU' in namespace 'User'.", typeKey: 'RequestBlockedException' } }
    }
    if (fault.kind === 'status') return { status: fault.status, body: { message: fault.status >= 500 ? 'TF400898: An Internal Error Occurred.' : 'Error', typeKey: 'VssServiceException' } }
    return undefined
  }

  protected answer(method: string, url: URL, headers: http.IncomingHttpHeaders, raw: string): Answer {
    try {
      return this.inCollection(url) ? this.route(method, url, headers, raw) : { status: 404, html: '<html><body>The resource cannot be found.</body></html>' }
    } catch (e) {
      return { status: 500, body: { message: `fake failed: ${(e as Error).message}`, typeKey: 'Exception' } }
    }
  }

  protected send(res: http.ServerResponse, entry: LoggedRequest, answer: Answer): void {
    entry.status = answer.status
    if (countsToOutage(this.outageAfter, entry)) {
      this.outageAfter = undefined
      this.outageFrom = this.requests.length + 1
    }
    const text = answer.html ?? (answer.body === undefined ? '' : JSON.stringify(answer.body))
    res.writeHead(answer.status, { 'content-type': answer.html !== undefined ? 'text/html; charset=utf-8' : 'application/json; charset=utf-8; api-version=7.1', 'x-tfs-processid': '00000000-0000-4000-8000-000000000001', 'x-vss-e2eid': `e2e-${this.requests.length}`, ...answer.headers })
    res.end(text)
  }

  private route(method: string, url: URL, headers: http.IncomingHttpHeaders, raw: string): Answer {
    const path = url.pathname.slice(this.collection.length).replace(/\/+$/, '') || '/'
    const err = (status: number, message: string, typeKey: string, extra: Record<string, unknown> = {}): Answer => ({ status, body: { $id: '1', innerException: null, message, typeName: `Microsoft.VisualStudio.Services.WebApi.${typeKey}, Microsoft.VisualStudio.Services.WebApi`, typeKey, errorCode: 0, eventId: 3000, ...extra } })

    // Authentication first: a refused token never reaches the API.
    const basic = /^Basic\s+(\S+)$/i.exec(headers.authorization ?? '')
    const pat = basic ? Buffer.from(basic[1], 'base64').toString('utf8').split(':').slice(1).join(':') : undefined
    const user = pat !== undefined ? this.tokens.get(pat) : undefined
    if (basic && !user) {
      const signIn = '<!DOCTYPE html><html><head><title>Azure DevOps Services | Sign In</title></head><body><form id="signin">Sign in to your account</form></body></html>'
      if (this.patRejection === '203') return { status: 203, html: signIn }
      if (String(headers['x-tfs-fedauthredirect']).toLowerCase() !== 'suppress') return { status: 302, headers: { location: 'https://app.vssps.visualstudio.com/_signin?realm=dev.azure.com' }, html: signIn }
      return { status: 401, headers: { 'www-authenticate': 'Basic realm="https://tfsprodweu5.visualstudio.com/"' }, html: '<html><head><title>Access Denied</title></head><body>Access Denied: The Personal Access Token used has expired.</body></html>' }
    }

    const m = /^(?:\/([^/]+))?\/_apis\/(.+)$/.exec(path)
    if (!m) return { status: 404, html: '<html><body>Page not found.</body></html>' }
    const projectSegment = m[1] !== undefined ? decodeURIComponent(m[1]) : undefined
    const api = m[2]

    if (method === 'GET' && api === 'connectionData' && projectSegment === undefined) {
      const who = user ?? { id: 'aa442a0c-8d40-4e9e-9e4c-000000000000', displayName: 'Anonymous', uniqueName: '' }
      return { status: 200, body: { authenticatedUser: { id: who.id, descriptor: `Microsoft.IdentityModel.Claims.ClaimsIdentity;${who.uniqueName}`, providerDisplayName: who.displayName, isActive: true, properties: { Account: { $type: 'System.String', $value: who.uniqueName } } }, authorizedUser: { id: who.id, providerDisplayName: who.displayName }, instanceId: '11111111-2222-4333-8444-555555555555', deploymentType: this.deploymentType, locationServiceData: { serviceOwner: '00025394-6065-48ca-87d9-7f5672854ef7' } } }
    }
    if (!user) return { status: 401, html: '<html><body>TF400813: The user is not authorized to access this resource.</body></html>' }

    const version = url.searchParams.get('api-version')
    if (!version) return err(400, `No api-version was supplied for the "${method}" request. The version must be supplied either as part of the Accept header (e.g. "application/json; api-version=1.0") or as a query parameter (e.g. '?api-version=1.0').`, 'VssVersionNotSpecifiedException')
    if (!/^7\.1(-preview(\.\d+)?)?$/.test(version)) return err(400, `The requested REST API version of ${version} is out of range for this server. The latest REST API version this server supports is ${API_VERSION}.`, 'VssVersionOutOfRangeException')

    if (projectSegment === undefined && method === 'GET' && api === 'projects') {
      const top = Number(url.searchParams.get('$top') ?? 100)
      const list = [...this.projects.values()].slice(0, top).map((p) => this.projectJson(p, false))
      return { status: 200, body: { count: list.length, value: list } }
    }
    const one = /^projects\/([^/]+)$/.exec(api)
    if (projectSegment === undefined && method === 'GET' && one) {
      const project = this.project(decodeURIComponent(one[1]))
      if (!project) return err(404, `TF200016: The following project does not exist: ${decodeURIComponent(one[1])}. Verify that the name of the project is correct and that the project exists on the specified Azure DevOps Server.`, 'ProjectDoesNotExistWithNameException')
      return { status: 200, body: this.projectJson(project, url.searchParams.get('includeCapabilities') === 'true') }
    }
    if (projectSegment === undefined) return err(404, `The controller for path '${url.pathname}' was not found or does not implement IController.`, 'ControllerNotFoundException')

    const project = this.project(projectSegment)
    if (!project) return err(404, `TF200016: The following project does not exist: ${projectSegment}. Verify that the name of the project is correct and that the project exists on the specified Azure DevOps Server.`, 'ProjectDoesNotExistWithNameException')
    const typeOf = (name: string) => project.template.types.find((t) => t.name.toLowerCase() === name.toLowerCase())
    const typeMissing = (name: string) => err(404, `VS402323: Work item type ${name} does not exist in project ${project.name} or you do not have permission to access it.`, 'WorkItemTypeNotFoundException')
    const json = (): unknown => {
      try {
        return JSON.parse(raw || 'null')
      } catch {
        return undefined
      }
    }

    if (method === 'GET' && api === 'wit/workitemtypes') {
      const value = project.template.types.map((t) => this.typeJson(project, t))
      return { status: 200, body: { count: value.length, value } }
    }
    let mt = /^wit\/workitemtypes\/([^/]+)(\/states)?$/.exec(api)
    if (method === 'GET' && mt) {
      const type = typeOf(decodeURIComponent(mt[1]))
      if (!type) return typeMissing(decodeURIComponent(mt[1]))
      if (mt[2]) return { status: 200, body: { count: type.states.length, value: type.states.map((s) => ({ name: s.name, color: COLOURS[s.category], category: s.category })) } }
      return { status: 200, body: this.typeJson(project, type) }
    }

    if (method === 'POST' && api === 'wit/wiql') {
      const body = json() as { query?: unknown } | undefined
      if (!body || typeof body.query !== 'string') return err(400, 'VS402621: The query text is required.', 'ArgumentNullException')
      const top = url.searchParams.get('$top')
      if (top !== null && !(Number.isInteger(Number(top)) && Number(top) > 0)) return err(400, `The value '${top}' of $top is not valid.`, 'ArgumentException')
      let ids: number[]
      try {
        ids = this.wiql(body.query, project, user)
      } catch (e) {
        if (e instanceof WiqlError) return err(400, e.message, 'WiqlSyntaxException')
        throw e
      }
      const limit = top === null ? this.maxQueryResults : Math.min(Number(top), this.maxQueryResults)
      if (top === null && ids.length > this.maxQueryResults) return err(400, `VS402337: The number of work items returned exceeds the size limit of ${this.maxQueryResults}. Change the query to return fewer items.`, 'WorkItemTrackingQueryResultSizeLimitExceededException')
      const workItems = ids.slice(0, limit).map((id) => ({ id, url: `${this.url}/_apis/wit/workItems/${id}` }))
      return { status: 200, body: { queryType: 'flat', queryResultType: 'workItem', asOf: new Date().toISOString(), columns: [{ referenceName: 'System.Id', name: 'ID', url: `${this.url}/_apis/wit/fields/System.Id` }], sortColumns: [{ field: { referenceName: 'System.Id', name: 'ID' }, descending: false }], workItems } }
    }

    if (method === 'POST' && api === 'wit/workitemsbatch') {
      const body = json() as { ids?: unknown; fields?: unknown; errorPolicy?: unknown } | undefined
      if (!body || !Array.isArray(body.ids) || !body.ids.length || !body.ids.every((id) => Number.isInteger(id))) return err(400, 'VS403471: The ids parameter is required and must hold work item ids.', 'ArgumentException')
      if (body.ids.length > 200) return err(400, `VS403474: You requested ${body.ids.length} work items which exceeds the limit of 200`, 'WorkItemTrackingRequestedTooManyWorkItemsException')
      const fields = body.fields === undefined ? undefined : Array.isArray(body.fields) ? body.fields.map(String) : null
      if (fields === null) return err(400, 'The fields parameter must be a list of field names.', 'ArgumentException')
      const unknown = fields?.find((f) => !this.knownField(f))
      if (unknown) return err(400, `TF51535: Cannot find field ${unknown}.`, 'WorkItemFieldInvalidException')
      const policy = String(body.errorPolicy ?? 'fail').toLowerCase()
      if (policy !== 'fail' && policy !== 'omit') return err(400, `The errorPolicy ${String(body.errorPolicy)} is not valid (fail or omit).`, 'ArgumentException')
      const value: unknown[] = []
      for (const id of body.ids as number[]) {
        const item = this.items.get(id)
        if (!item && policy === 'fail') return err(404, `TF401232: Work item ${id} does not exist, or you do not have permissions to read it.`, 'WorkItemDoesNotExistException')
        value.push(item ? this.itemJson(item, fields) : null)
      }
      return { status: 200, body: { count: value.length, value } }
    }

    const mi = /^wit\/workitems\/(\d+)(\/revisions)?$/i.exec(api)
    if (mi) {
      const item = this.items.get(Number(mi[1]))
      if (!item) return err(404, `TF401232: Work item ${mi[1]} does not exist, or you do not have permissions to read it.`, 'WorkItemDoesNotExistException')
      if (method === 'GET' && mi[2]) return { status: 200, body: { count: item.revisions.length, value: item.revisions.map((r) => ({ id: item.id, rev: r.rev, fields: r.fields, url: `${this.url}/_apis/wit/workItems/${item.id}/revisions/${r.rev}` })) } }
      if (method === 'GET') {
        const fields = url.searchParams.get('fields')?.split(',').map((f) => f.trim()).filter(Boolean)
        const unknown = fields?.find((f) => !this.knownField(f))
        if (unknown) return err(400, `TF51535: Cannot find field ${unknown}.`, 'WorkItemFieldInvalidException')
        return { status: 200, body: this.itemJson(item, fields) }
      }
      if (method === 'PATCH') return this.patch(project, item, user, headers, json(), err)
    }
    mt = /^wit\/workitems\/\$(.+)$/i.exec(api)
    if (method === 'POST' && mt) {
      const type = typeOf(decodeURIComponent(mt[1]))
      if (!type) return typeMissing(decodeURIComponent(mt[1]))
      return this.create(project, type, user, headers, json(), url.searchParams.get('validateOnly') === 'true', err)
    }
    return err(404, `The controller for path '${url.pathname}' was not found or does not implement IController.`, 'ControllerNotFoundException')
  }

  private project(nameOrId: string): FakeProject | undefined {
    return this.projects.get(nameOrId.toLowerCase()) ?? [...this.projects.values()].find((p) => p.id === nameOrId)
  }

  private projectJson(p: FakeProject, capabilities: boolean) {
    return {
      id: p.id, name: p.name, url: `${this.url}/_apis/projects/${p.id}`, state: 'wellFormed', revision: 1, visibility: 'private', lastUpdateTime: '2024-01-01T00:00:00Z',
      ...(capabilities ? { capabilities: { processTemplate: { templateName: p.template.name, templateTypeId: '00000000-0000-4000-8000-00000000adad' }, versioncontrol: { sourceControlType: 'Git' } } } : {}),
    }
  }

  private typeJson(project: FakeProject, t: FakeType) {
    const fields = [...SYSTEM_FIELDS, ...t.fields].map((f) => ({ referenceName: f, name: f.split('.').pop(), alwaysRequired: f === 'System.Title' || (t.required ?? []).includes(f), url: `${this.url}/_apis/wit/fields/${f}` }))
    // An inherited process allows every move; the "" key is the creation's move to the first state.
    const moves = t.transitions ?? Object.fromEntries(t.states.map((s) => [s.name, t.states.filter((o) => o !== s).map((o) => o.name)]))
    const transitions = { '': [{ to: t.states[0].name, actions: null }], ...Object.fromEntries(Object.entries(moves).map(([from, to]) => [from, to.map((x) => ({ to: x, actions: null }))])) }
    return {
      name: t.name, referenceName: `${project.template.name.replace(/\W/g, '')}.${t.name.replace(/\W/g, '')}`, description: `${t.name} work items`, color: 'CC293D', icon: { id: 'icon_insect', url: '' },
      isDisabled: t.disabled ?? false, fieldInstances: fields, fields, states: t.states.map((s) => ({ name: s.name, color: COLOURS[s.category], category: s.category })), transitions, url: `${this.url}/${project.id}/_apis/wit/workItemTypes/${encodeURIComponent(t.name)}`,
    }
  }

  private knownField(ref: string): boolean {
    return SYSTEM_FIELDS.includes(ref) || [...this.projects.values()].some((p) => p.template.types.some((t) => t.fields.includes(ref)))
  }

  private itemJson(item: FakeWorkItem, fields?: string[]) {
    const selected = fields ? Object.fromEntries(fields.filter((f) => item.fields[f] !== undefined).map((f) => [f, item.fields[f]])) : item.fields
    return { id: item.id, rev: item.rev, fields: selected, url: `${this.url}/_apis/wit/workItems/${item.id}` }
  }

  /** The ids a WIQL query matches, in id order (or descending when asked). */
  private wiql(query: string, project: FakeProject, user: FakeUser): number[] {
    const q = query.trim()
    const head = /^SELECT\s+(.+?)\s+FROM\s+WorkItems\s+WHERE\s+([\s\S]+?)(?:\s+ORDER\s+BY\s+\[System\.Id\](?:\s+(ASC|DESC))?)?$/i.exec(q)
    if (!head) {
      if (!/\bFROM\b/i.test(q)) throw new WiqlError(`TF51006: The query statement is missing a FROM clause. The error is caused by «${q.slice(0, 40)}».`)
      throw new WiqlError(`TF51006: This fake parses SELECT … FROM WorkItems WHERE … [ORDER BY [System.Id]] only. The error is caused by «${q.slice(0, 60)}».`)
    }
    for (const column of head[1].split(',').map((c) => c.trim())) {
      const field = /^\[([^\]]+)\]$/.exec(column)?.[1]
      if (!field || !SYSTEM_FIELDS.includes(field)) throw new WiqlError(`TF51005: The query references a field that does not exist. The error is caused by «${column}».`)
    }
    const conditions = splitConditions(head[2])
    const tests = conditions.map((c) => this.condition(c, project, user))
    const ids = [...this.items.values()].filter((i) => tests.every((t) => t(i))).map((i) => i.id).sort((a, b) => a - b)
    return head[3]?.toUpperCase() === 'DESC' ? ids.reverse() : ids
  }

  private condition(text: string, project: FakeProject, user: FakeUser): (i: FakeWorkItem) => boolean {
    const m = /^\[([^\]]+)\]\s*(=|<>|>=|<=|>|<|CONTAINS)\s*(@project|@Me|'(?:[^']|'')*'|\d+)$/i.exec(text.trim())
    if (!m) throw new WiqlError(`TF51006: Expecting a condition of the form [Field] operator value. The error is caused by «${text.trim().slice(0, 60)}».`)
    const [, field, op, raw] = m
    const value = raw.startsWith("'") ? raw.slice(1, -1).replace(/''/g, "'") : raw
    const operator = op.toUpperCase()
    if (!SYSTEM_FIELDS.includes(field)) throw new WiqlError(`TF51005: The query references a field that does not exist. The error is caused by «[${field}]».`)
    const macro = raw.toLowerCase()
    if (field === 'System.TeamProject' && operator === '=' && macro === '@project') return (i) => i.project.toLowerCase() === project.name.toLowerCase()
    if (field === 'System.CreatedBy' && operator === '=' && macro === '@me') return (i) => (i.fields['System.CreatedBy'] as { id?: string } | undefined)?.id === user.id
    if (field === 'System.Tags' && operator === 'CONTAINS' && raw.startsWith("'")) return (i) => splitTags(i.fields['System.Tags']).some((t) => t.toLowerCase() === value.toLowerCase())
    if (field === 'System.WorkItemType' && operator === '=' && raw.startsWith("'")) return (i) => String(i.fields['System.WorkItemType']).toLowerCase() === value.toLowerCase()
    if (field === 'System.Id' && /^\d+$/.test(raw)) {
      const n = Number(raw)
      const compare: Record<string, (a: number) => boolean> = { '=': (a) => a === n, '<>': (a) => a !== n, '>': (a) => a > n, '>=': (a) => a >= n, '<': (a) => a < n, '<=': (a) => a <= n }
      if (compare[operator]) return (i) => compare[operator](i.id)
    }
    if (raw.startsWith('@')) throw new WiqlError(`TF51011: The macro ${raw} is not supported with [${field}] ${operator} here. The error is caused by «${raw}».`)
    throw new WiqlError(`TF51006: The operator ${operator} cannot be used with the field [${field}] in this fake's subset. The error is caused by «${text.trim().slice(0, 60)}».`)
  }

  private create(project: FakeProject, type: FakeType, user: FakeUser, headers: http.IncomingHttpHeaders, body: unknown, validateOnly: boolean, err: (s: number, m: string, k: string, e?: Record<string, unknown>) => Answer): Answer {
    const bad = this.patchProblem(headers, body, type, err)
    if (bad) return bad
    if (type.disabled) return err(400, `VS402326: Work item type ${type.name} is disabled and cannot be used to create work items.`, 'WorkItemTypeDisabledException')
    const now = new Date().toISOString()
    const fields: Record<string, unknown> = {
      'System.AreaPath': project.name, 'System.IterationPath': project.name, 'System.TeamProject': project.name, 'System.WorkItemType': type.name,
      'System.State': type.states[0].name, 'System.Reason': `New ${type.name.toLowerCase()}`, 'System.CreatedBy': this.identity(user), 'System.CreatedDate': now, 'System.ChangedBy': this.identity(user), 'System.ChangedDate': now,
    }
    const applied = this.apply(fields, body as PatchOp[], undefined)
    if (applied) return err(applied.status, applied.message, applied.typeKey)
    const broken = this.rules(project, type, fields, undefined, err)
    if (broken) return broken
    if (validateOnly) return { status: 200, body: { id: 0, rev: 0, fields, url: `${this.url}/_apis/wit/workItems` } }
    const item = this.store(project, fields)
    return { status: 200, body: this.itemJson(item) }
  }

  private patch(project: FakeProject, item: FakeWorkItem, user: FakeUser, headers: http.IncomingHttpHeaders, body: unknown, err: (s: number, m: string, k: string, e?: Record<string, unknown>) => Answer): Answer {
    const type = project.template.types.find((t) => t.name === item.fields['System.WorkItemType'])!
    const bad = this.patchProblem(headers, body, type, err)
    if (bad) return bad
    const fields = { ...item.fields }
    const applied = this.apply(fields, body as PatchOp[], item)
    if (applied) return err(applied.status, applied.message, applied.typeKey)
    const broken = this.rules(project, type, fields, String(item.fields['System.State']), err)
    if (broken) return broken
    const changed = Object.keys({ ...fields, ...item.fields }).some((k) => JSON.stringify(fields[k]) !== JSON.stringify(item.fields[k]))
    if (!changed) return { status: 200, body: this.itemJson(item) }
    item.rev++
    item.fields = { ...fields, 'System.Rev': item.rev, 'System.ChangedBy': this.identity(user), 'System.ChangedDate': new Date().toISOString() }
    item.revisions.push({ rev: item.rev, fields: { ...item.fields } })
    return { status: 200, body: this.itemJson(item) }
  }

  /** The media type and the document's shape: a list of operations on paths that exist. */
  private patchProblem(headers: http.IncomingHttpHeaders, body: unknown, type: FakeType, err: (s: number, m: string, k: string) => Answer): Answer | undefined {
    const contentType = String(headers['content-type'] ?? '').split(';')[0].trim().toLowerCase()
    if (contentType !== 'application/json-patch+json')
      return err(415, `The request indicated a Content-Type of "${contentType}" for method type "PATCH/POST". The supported types are "application/json-patch+json".`, 'VssRequestContentTypeNotSupportedException')
    if (!Array.isArray(body) || !body.length) return err(400, 'You must pass a valid patch document in the body of the request.', 'VssPropertyValidationException')
    for (const op of body as unknown[]) {
      const o = op as Partial<PatchOp> | null
      if (!o || typeof o !== 'object' || typeof o.op !== 'string' || typeof o.path !== 'string') return err(400, 'You must pass a valid patch document in the body of the request.', 'VssPropertyValidationException')
      if (!['add', 'replace', 'remove', 'test'].includes(o.op)) return err(400, `The operation ${o.op} is not supported on work items.`, 'VssPropertyValidationException')
      if (o.path === '/rev') {
        if (o.op !== 'test' || typeof o.value !== 'number') return err(400, 'Only a test of /rev with a number is allowed.', 'VssPropertyValidationException')
        continue
      }
      const field = /^\/fields\/(.+)$/.exec(o.path)?.[1]
      if (!field) return err(400, `The path ${o.path} is not valid for a work item patch.`, 'VssPropertyValidationException')
      if (!SYSTEM_FIELDS.includes(field) && !type.fields.includes(field)) return err(400, `TF51535: Cannot find field ${field}.`, 'WorkItemFieldInvalidException')
      if (READ_ONLY.has(field) && o.op !== 'test') return err(400, `TF401326: Invalid field status 'ReadOnly' for field '${field}'.`, 'RuleValidationException')
      if (o.op === 'remove' && o.value !== undefined && o.value !== null) return err(400, 'Remove requires Value to be null.', 'VssPropertyValidationException')
      if (o.op !== 'remove' && !('value' in o)) return err(400, `The operation ${o.op} on ${o.path} has no value.`, 'VssPropertyValidationException')
    }
    return undefined
  }

  /** The operations in order; a failed `test` stops the whole document (412, nothing applied). */
  private apply(fields: Record<string, unknown>, ops: PatchOp[], item: FakeWorkItem | undefined): { status: number; message: string; typeKey: string } | undefined {
    for (const o of ops) {
      if (o.path === '/rev') {
        if (item && o.value !== item.rev) return { status: 412, message: `TF26071: This work item has been changed by someone else since you opened it. You will need to refresh it and discard your changes. (revision ${String(o.value)} tested, ${item.rev} current)`, typeKey: 'WorkItemRevisionMismatchException' }
        continue
      }
      const field = o.path.slice('/fields/'.length)
      if (o.op === 'test') {
        if (JSON.stringify(fields[field]) !== JSON.stringify(o.value)) return { status: 412, message: `Test operation failed for ${o.path}.`, typeKey: 'WorkItemTestOperationFailedException' }
      } else if (o.op === 'remove') delete fields[field]
      else if (field === 'System.Tags') {
        if (o.value !== null && typeof o.value !== 'string') return { status: 400, message: 'System.Tags takes a string of tags separated by semicolons.', typeKey: 'RuleValidationException' }
        const tags = splitTags(o.value)
        const bad = tags.find((t) => t.length > 400 || t.includes(','))
        if (bad) return { status: 400, message: `TF401243: The tag ${bad.slice(0, 50)} is not valid: tags have at most 400 characters and no commas.`, typeKey: 'InvalidTagNameException' }
        if (tags.length) fields[field] = this.tagString(tags)
        else delete fields[field]
      } else fields[field] = o.value
    }
    return undefined
  }

  /** The type's rules, answered as Azure DevOps words a rule error. */
  private rules(project: FakeProject, type: FakeType, fields: Record<string, unknown>, from: string | undefined, err: (s: number, m: string, k: string, e?: Record<string, unknown>) => Answer): Answer | undefined {
    const ruleError = (field: string, flags: string) => {
      const name = field.split('.').pop()
      const message = `TF401320: Rule Error for field ${name}. Error code: ${flags}.`
      return err(400, message, 'RuleValidationException', { customProperties: { FieldReferenceName: field, FieldStatusFlags: flags.toLowerCase(), ErrorMessage: message, RuleValidationErrors: [{ fieldReferenceName: field, fieldStatusFlags: flags.toLowerCase(), errorMessage: message, fieldStatusCode: 0, ruleValidationErrors: null }] } })
    }
    const title = fields['System.Title']
    if (typeof title !== 'string' || !title.trim()) return ruleError('System.Title', 'Required, InvalidEmpty')
    if (title.length > 255) return ruleError('System.Title', 'InvalidTooLong')
    for (const f of type.required ?? []) if (fields[f] === undefined || fields[f] === '') return ruleError(f, 'Required, HasValues, LimitedToValues, InvalidEmpty')
    const state = String(fields['System.State'])
    if (!type.states.some((s) => s.name === state)) return ruleError('System.State', 'HasValues, LimitedToValues, InvalidListValue')
    if (from !== undefined && from !== state && type.transitions && !(type.transitions[from] ?? []).includes(state)) return ruleError('System.State', 'InvalidListValue, LimitedToValues, AllowsOldValue')
    const severity = fields['Microsoft.VSTS.Common.Severity']
    if (severity !== undefined && !(type.severities ?? SEVERITIES).includes(String(severity))) return ruleError('Microsoft.VSTS.Common.Severity', 'HasValues, LimitedToValues, InvalidListValue')
    const area = String(fields['System.AreaPath'])
    if (area !== project.name && !project.areas.some((a) => `${project.name}\\${a}` === area)) return err(400, "TF401347: Invalid tree name given for work item -1, field 'System.AreaPath'.", 'WorkItemTrackingTreeNodeNotFoundException')
    for (const html of ['System.Description', 'Microsoft.VSTS.TCM.ReproSteps']) if (typeof fields[html] === 'string' && (fields[html] as string).length > 1_048_576) return ruleError(html, 'InvalidTooLong')
    return undefined
  }
}

type PatchOp = { op: string; path: string; value?: unknown }

const COLOURS: Record<Category, string> = { Proposed: 'b2b2b2', InProgress: '007acc', Resolved: 'ff9d00', Completed: '339933', Removed: 'ffffff' }

function splitTags(value: unknown): string[] {
  return typeof value === 'string' ? value.split(';').map((t) => t.trim()).filter(Boolean) : []
}

/** The WHERE clause's conditions: joined by AND only (outside quotes); OR and parentheses are not in the subset. */
function splitConditions(where: string): string[] {
  const parts: string[] = []
  let current = ''
  const tokens = where.split(/('(?:[^']|'')*')/)
  for (const token of tokens) {
    if (token.startsWith("'")) {
      current += token
      continue
    }
    const pieces = token.split(/\s+AND\s+/i)
    for (let i = 0; i < pieces.length; i++) {
      if (i > 0) {
        parts.push(current)
        current = ''
      }
      if (/\bOR\b|[()]/i.test(pieces[i])) throw new WiqlError(`TF51006: OR and parentheses are not in this fake's WIQL subset. The error is caused by «${pieces[i].trim().slice(0, 40)}».`)
      current += pieces[i]
    }
  }
  parts.push(current)
  return parts.map((p) => p.trim()).filter((p) => {
    if (!p) throw new WiqlError('TF51006: Expecting a condition after AND.')
    return true
  })
}
