// Work items as Jira issues of one project: found by JQL on guard's labels (reporter = currentUser(), so a person's
// issue quoting a marker is never adopted), created with the project's issue type, edited with label operations that
// leave people's labels alone, closed and reopened through the transitions the workflow offers.
import { isMarkerKey, TrackerError, type ConnectionCheck, type TrackedItem, type TrackerHttp, type WorkItemClient, type WorkItemDraft } from '../../kernel/plugin.ts'
import {
  API_VERSION, digestLabel, erroredFields, isDone, isJiraLabel, isManagedLabel, isoTime, ISSUE_FIELDS, jqlString, keyLabel, markerOf, MAX_LABEL, PRIORITY_OF,
  type Flavour, type JiraIssue, type JiraProject, type JiraServerInfo, type JiraStatus, type JiraUser,
} from './api.ts'
import { jiraDescription } from './description.ts'
import { searchIssues } from './search.ts'
import { summaryOf } from './text.ts'
import { describeTransitions, pickTransition, type JiraTransition } from './workflow.ts'

export interface JiraSite {
  flavour: Flavour
  /** The site (`https://acme.atlassian.net`, `https://jira.acme.example/jira`): issue links are made from it. */
  siteUrl: string
  /** The project key. */
  project: string
  /** `devops.jira.issue_type`; unset: Bug where the project has it, else Task. */
  issueType?: string
}

/** The issue types tried, in order, when none is configured. */
const DEFAULT_ISSUE_TYPES = ['Bug', 'Task']
/** What reconcile does to issues, as Jira's project permissions name it. */
const PERMISSIONS: Record<string, string> = { BROWSE_PROJECTS: 'browse', CREATE_ISSUES: 'create', EDIT_ISSUES: 'edit', TRANSITION_ISSUES: 'transition' }
/** Fields of a create a 400 may name that come from the item itself: any other one is the project's demand, made of every create. */
const ITEM_FIELDS = new Set(['summary', 'description', 'labels'])

const transient = (e: unknown) => e instanceof TrackerError && e.scope === 'item' && (e.status === undefined || e.status >= 500)

export class JiraClient implements WorkItemClient {
  private user: JiraUser | undefined
  private projectInfo: JiraProject | undefined
  private issueTypeId: string | undefined
  /** Cleared once Jira refuses the priority field (not on the create screen, or another priority scheme): creates go on without it. */
  private sendPriority = true

  constructor(
    private readonly http: TrackerHttp,
    private readonly site: JiraSite,
  ) {}

  async list(prefix: string): Promise<TrackedItem[]> {
    // The credentials and the project first: a clear message for either, and no search made as an anonymous user.
    await this.me()
    await this.project()
    const items: TrackedItem[] = []
    for await (const issue of searchIssues(this.http, this.site.flavour, `${this.scope} ORDER BY key ASC`, ISSUE_FIELDS)) {
      const marker = markerOf(issue.fields.labels ?? [], prefix)
      if (marker) items.push(this.tracked(issue, marker))
    }
    return items
  }

  async create(draft: WorkItemDraft): Promise<TrackedItem> {
    const labels = labelsOf(draft)
    const fields: Record<string, unknown> = {
      project: { key: this.site.project },
      issuetype: { id: await this.issueType() },
      summary: summaryOf(draft.title),
      description: jiraDescription(this.site.flavour, draft.content),
      labels,
    }
    for (;;) {
      const priority = this.sendPriority ? { priority: { name: PRIORITY_OF[draft.severity] } } : {}
      try {
        const { body } = await this.http.request<{ id: string; key: string }>('POST', 'issue', { body: { fields: { ...fields, ...priority } } })
        return { id: body.key, url: this.browse(body.key), title: fields.summary as string, state: 'open', key: draft.key, digest: draft.digest, labels, created_at: new Date().toISOString() }
      } catch (e) {
        if (!(e instanceof TrackerError)) throw e
        const refused = e.status === 400 ? erroredFields(e.cause) : []
        // A 400 creates nothing: the same create without the priority is safe to send.
        if (this.sendPriority && refused.includes('priority')) {
          this.sendPriority = false
          continue
        }
        const demanded = refused.filter((f) => !ITEM_FIELDS.has(f) && f !== 'priority')
        if (demanded.length) {
          const what = demanded.some((f) => f === 'project' || f === 'issuetype') ? "check the project and the user's Create Issues permission (test-connection)" : 'its create screen asks for fields guard does not fill: make them optional or give them defaults'
          throw new TrackerError(`${e.message} (every create in ${this.site.project} would be refused alike: ${what})`, 'tracker', e.status)
        }
        if (e.status === 403) throw new TrackerError(`${e.message} (creating issues in ${this.site.project})`, 'tracker', 403)
        if (!transient(e)) throw e
        // A reset or a 5xx after sending: the issue may exist. Jira's search may lag behind a create, so an issue
        // not found is reported rather than created again: the next reconcile finds it, or creates it then.
        const found = await this.findByKey(draft.key)
        if (found) return found
        throw new TrackerError(`${e.message}; no issue carrying its marker was found, so it is left for the next reconcile`, 'item', e.status)
      }
    }
  }

  async update(item: TrackedItem, draft: WorkItemDraft): Promise<TrackedItem> {
    const labels = labelsOf(draft)
    const now = item.labels ?? []
    const add = labels.filter((l) => !now.includes(l))
    const remove = now.filter((l) => isManagedLabel(l) && !labels.includes(l))
    const summary = summaryOf(draft.title)
    await this.http.request('PUT', `issue/${encodeURIComponent(item.id)}`, {
      body: {
        fields: { summary, description: jiraDescription(this.site.flavour, draft.content) },
        // Operations, not the whole list: a label a person adds meanwhile is kept.
        ...(add.length || remove.length ? { update: { labels: [...add.map((l) => ({ add: l })), ...remove.map((l) => ({ remove: l }))] } } : {}),
      },
    })
    return { ...item, title: summary, digest: draft.digest, labels: [...now.filter((l) => !remove.includes(l)), ...add] }
  }

  async close(item: TrackedItem): Promise<TrackedItem> {
    await this.transition(item, 'close')
    return { ...item, state: 'closed' }
  }

  async reopen(item: TrackedItem, draft: WorkItemDraft): Promise<TrackedItem> {
    // First the transition: a closed status may forbid edits (jira.issue.editable = false).
    await this.transition(item, 'reopen')
    return this.update({ ...item, state: 'open' }, draft)
  }

  async checks(): Promise<ConnectionCheck[]> {
    const checks: ConnectionCheck[] = []
    const notChecked = (names: string[], why: string) => names.forEach((name) => checks.push({ name, ok: false, detail: `not checked: ${why}` }))
    const site = this.site.siteUrl
    // Reachability: any answer will do (a 401 here is the next check's business), but a 404: no such API at that URL.
    try {
      const { body } = await this.http.request<JiraServerInfo>('GET', 'serverInfo')
      const what = [body.deploymentType === 'Cloud' ? 'Jira Cloud' : `Jira ${body.deploymentType ?? ''}`.trim(), body.version].filter(Boolean).join(' ')
      checks.push({ name: 'reachability', ok: true, detail: `${site} answered: ${what}` })
    } catch (e) {
      const status = e instanceof TrackerError ? e.status : undefined
      if (status === 404) {
        const hint = this.site.flavour === 'cloud' ? 'a Data Center site? set devops.jira.deployment: datacenter' : "the site's base URL, with its context path? a Cloud site? set devops.jira.deployment: cloud"
        checks.push({ name: 'reachability', ok: false, detail: `${site} has no Jira REST API v${API_VERSION[this.site.flavour]} (404 for serverInfo): is it ${hint}` })
        notChecked(['authentication', 'project', 'issue type', 'permissions'], `no Jira REST API v${API_VERSION[this.site.flavour]} at ${site}`)
        return checks
      }
      checks.push({ name: 'reachability', ok: status !== undefined, detail: status !== undefined ? `${site} answered (${status})` : `${site} cannot be reached: ${(e as Error).message}` })
      if (status === undefined) {
        notChecked(['authentication', 'project', 'issue type', 'permissions'], 'Jira is not reachable')
        return checks
      }
    }
    try {
      const user = await this.me()
      checks.push({ name: 'authentication', ok: true, detail: `signed in as ${user.displayName ?? '(no display name)'} (${user.accountId ? `account ${user.accountId}` : `user ${user.name}`})` })
    } catch (e) {
      checks.push({ name: 'authentication', ok: false, detail: (e as Error).message })
      notChecked(['project', 'issue type', 'permissions'], 'the credentials were not accepted')
      return checks
    }
    let project: JiraProject
    try {
      project = await this.project()
      checks.push({ name: 'project', ok: true, detail: `${project.key}: ${project.name}` })
    } catch (e) {
      checks.push({ name: 'project', ok: false, detail: (e as Error).message })
      notChecked(['issue type', 'permissions'], 'the project could not be read')
      return checks
    }
    const types = (project.issueTypes ?? []).filter((t) => !t.subtask).map((t) => t.name)
    try {
      const id = await this.issueType()
      checks.push({ name: 'issue type', ok: true, detail: `issues are created as ${project.issueTypes!.find((t) => t.id === id)!.name} (the project has ${types.join(', ')})` })
    } catch (e) {
      checks.push({ name: 'issue type', ok: false, detail: (e as Error).message })
    }
    checks.push(await this.permissionCheck())
    return checks
  }

  /** `project = "SEC" AND labels = "guard" AND reporter = currentUser()`: guard's issues in the project, by this user. */
  private get scope(): string {
    return `project = ${jqlString(this.site.project)} AND labels = "guard" AND reporter = currentUser()`
  }

  private browse(key: string): string {
    return `${this.site.siteUrl}/browse/${encodeURIComponent(key)}`
  }

  private tracked(issue: JiraIssue, marker: { key: string; digest: string }): TrackedItem {
    return {
      id: issue.key, url: this.browse(issue.key), title: issue.fields.summary ?? '', state: isDone(issue.fields.status) ? 'closed' : 'open',
      key: marker.key, digest: marker.digest, labels: issue.fields.labels ?? [], created_at: isoTime(issue.fields.created),
    }
  }

  /** The credentials' user, asked once (GET myself). */
  private async me(): Promise<JiraUser> {
    this.user ??= (await this.http.request<JiraUser>('GET', 'myself')).body
    return this.user
  }

  /** The project, read once; 404 means it does not exist or the user cannot browse it (Jira does not say which). */
  private async project(): Promise<JiraProject> {
    if (this.projectInfo) return this.projectInfo
    try {
      this.projectInfo = (await this.http.request<JiraProject>('GET', `project/${encodeURIComponent(this.site.project)}`)).body
    } catch (e) {
      if (e instanceof TrackerError && e.status === 404)
        throw new TrackerError(`Jira project ${this.site.project} was not found, or the user cannot browse it (devops.jira.project is the project's key, e.g. SEC)`, 'tracker', 404)
      throw e
    }
    return this.projectInfo
  }

  /** The configured issue type's id (by name, any case), else Bug, else Task; a type the project lacks stops the run. */
  private async issueType(): Promise<string> {
    if (this.issueTypeId) return this.issueTypeId
    const types = ((await this.project()).issueTypes ?? []).filter((t) => !t.subtask)
    const wanted = this.site.issueType ? [this.site.issueType] : DEFAULT_ISSUE_TYPES
    const found = wanted.map((name) => types.find((t) => t.name.toLowerCase() === name.toLowerCase())).find(Boolean)
    if (!found)
      throw new TrackerError(`Jira project ${this.site.project} has no issue type ${wanted.join(' or ')} (it has ${types.map((t) => t.name).join(', ') || 'none'}): set devops.jira.issue_type to one of them`, 'tracker')
    this.issueTypeId = found.id
    return found.id
  }

  /** The issue carrying exactly this key, if the user created one (an uncertain create looks before giving up). */
  private async findByKey(key: string): Promise<TrackedItem | undefined> {
    for await (const issue of searchIssues(this.http, this.site.flavour, `${this.scope} AND labels = ${jqlString(keyLabel(key))} ORDER BY key ASC`, ISSUE_FIELDS)) {
      const marker = markerOf(issue.fields.labels ?? [], key)
      if (marker?.key === key) return this.tracked(issue, marker)
    }
    return undefined
  }

  /** Moves the issue to a done status (close) or an open one (reopen) through a transition the workflow offers it now. */
  private async transition(item: TrackedItem, verb: 'close' | 'reopen'): Promise<void> {
    const path = `issue/${encodeURIComponent(item.id)}`
    const { body } = await this.http.request<{ transitions?: JiraTransition[] }>('GET', `${path}/transitions`, { query: { expand: 'transitions.fields' } })
    const transitions = body?.transitions ?? []
    const choice = pickTransition(transitions, verb === 'close' ? ['done'] : ['new', 'indeterminate'])
    if (choice && 'transition' in choice) {
      await this.http.request('POST', `${path}/transitions`, { body: { transition: { id: choice.transition.id }, ...(Object.keys(choice.fields).length ? { fields: choice.fields } : {}) } })
      return
    }
    // None to take: perhaps a person already moved the issue there.
    const status = (await this.http.request<{ fields?: { status?: JiraStatus } }>('GET', path, { query: { fields: 'status' } })).body?.fields?.status
    if (isDone(status) === (verb === 'close')) return
    const target = verb === 'close' ? 'a status of the Done category' : 'a To Do or In Progress status'
    const why = choice ? `the transitions there need fields guard cannot fill: ${choice.blocked.join('; ')}` : `its workflow offers no transition to ${target} from it (offered: ${describeTransitions(transitions)})`
    throw new TrackerError(`Jira cannot ${verb} ${item.id} from its status "${status?.name ?? '?'}": ${why}; ${verb} it by hand or add such a transition to the workflow`, 'item', 409)
  }

  /** Browse, create, edit and transition issues in the project (GET mypermissions). */
  private async permissionCheck(): Promise<ConnectionCheck> {
    try {
      const { body } = await this.http.request<{ permissions?: Record<string, { havePermission?: boolean; name?: string }> }>('GET', 'mypermissions', {
        query: { projectKey: this.site.project, permissions: Object.keys(PERMISSIONS).join(',') },
      })
      const missing = Object.keys(PERMISSIONS).filter((p) => body?.permissions?.[p]?.havePermission !== true)
      if (!missing.length) return { name: 'permissions', ok: true, detail: `the user may browse, create, edit and transition issues in ${this.site.project}` }
      return { name: 'permissions', ok: false, detail: `the user lacks ${missing.map((p) => body?.permissions?.[p]?.name ?? p).join(', ')} in ${this.site.project}: guard must ${missing.map((p) => PERMISSIONS[p]).join(', ')} issues there` }
    } catch (e) {
      return { name: 'permissions', ok: false, detail: (e as Error).message }
    }
  }
}

/** `guard` (what list() searches), the draft's labels and the two marker labels, each as Jira takes it (no whitespace, at most 255 characters). */
function labelsOf(draft: WorkItemDraft): string[] {
  if (!isMarkerKey(draft.key) || keyLabel(draft.key).length > MAX_LABEL) throw new TrackerError(`the marker key ${draft.key.slice(0, 80)}… does not fit in a Jira label (${MAX_LABEL} characters)`, 'item')
  const labels = [...new Set(['guard', ...draft.labels, keyLabel(draft.key), digestLabel(draft.digest)])]
  const bad = labels.find((l) => !isJiraLabel(l))
  if (bad) throw new TrackerError(`Jira labels have no spaces and at most ${MAX_LABEL} characters: ${JSON.stringify(bad.slice(0, 80))}`, 'item')
  return labels
}
