// Work items in one Azure DevOps project: found by WIQL on guard's tags (created by the token's user only, so a
// person's item quoting a marker is never adopted), written with JSON Patch documents (`test /rev` first, so a tag a
// person adds meanwhile is kept), closed and reopened through the states of the type's process template.
import { setTimeout as sleep } from 'node:timers/promises'
import { isMarkerKey, TrackerError, type ConnectionCheck, type TrackedItem, type WorkItemClient, type WorkItemDraft } from '../../kernel/plugin.ts'
import {
  API_VERSION, digestTag, erroredFields, FIELD, isAzureTag, isManagedTag, isoTime, ITEM_FIELDS, keyTag, markerOf, MAX_TAG, SEVERITY_VALUE, tagsOf, wiqlString,
  type AzureProject, type AzureState, type AzureWorkItem, type AzureWorkItemType, type ConnectionData,
} from './api.ts'
import { azureDescription } from './html.ts'
import type { AzureHttp } from './http.ts'
import { queryIds, readItems, WIQL_PAGE } from './query.ts'
import { describeStates, isClosedState, route, type Verb } from './states.ts'

export interface AzureTarget {
  /** The organization (`https://dev.azure.com/acme`) or collection (`https://server/tfs/DefaultCollection`). */
  orgUrl: string
  project: string
  /** `devops.azure.work_item_type`; unset: Bug where the process has it (Agile, Scrum, CMMI), else Issue (Basic), else Task. */
  workItemType?: string
  /** `devops.azure.area_path`: where new items go (default: the project's root area). */
  areaPath?: string
}

const DEFAULT_TYPES = ['Bug', 'Issue', 'Task']
/** Attempts at creating one item whose earlier attempt may have arrived (each after looking for it). */
const CREATE_ATTEMPTS = 3
const JSON_PATCH = 'application/json-patch+json'
const TITLE_MAX = 255
/** Fields an item's own content fills: a rule error naming another one is the project's demand, made of every create. */
const ITEM_WRITTEN = new Set<string>([FIELD.title, FIELD.description, FIELD.reproSteps, FIELD.tags, FIELD.state])

type PatchOp = { op: 'add' | 'test'; path: string; value: unknown }

/** What this client last saw of an item: the revision a write tests, its type, state and tags. */
interface Seen {
  rev: number
  type: string
  state: string
  tags: string[]
}

export class AzureClient implements WorkItemClient {
  private readonly seen = new Map<string, Seen>()
  private types: AzureWorkItemType[] | undefined
  private readonly statesOf = new Map<string, AzureState[]>()
  private createType: AzureWorkItemType | undefined
  /** Cleared once Azure DevOps refuses the Severity value (a customised list of values): writes go on without it. */
  private sendSeverity = true

  constructor(
    private readonly http: AzureHttp,
    private readonly target: AzureTarget,
    private readonly pageSize = WIQL_PAGE,
  ) {}

  /** The project segment of every project-scoped path. */
  private get project(): string {
    return encodeURIComponent(this.target.project)
  }

  /** guard's items in the project, created by the token's user. */
  private get scope(): string {
    return "[System.TeamProject] = @project AND [System.Tags] CONTAINS 'guard' AND [System.CreatedBy] = @Me"
  }

  async list(prefix: string): Promise<TrackedItem[]> {
    const items = await this.find(this.scope)
    const found: TrackedItem[] = []
    for (const item of items) {
      const marker = markerOf(tagsOf(item.fields[FIELD.tags]), prefix)
      if (marker) found.push(await this.tracked(item, marker))
    }
    return found
  }

  async create(draft: WorkItemDraft): Promise<TrackedItem> {
    const type = await this.workItemType()
    const tags = tagsFor(draft)
    // Read before sending: once the item exists, nothing may fail the create that made it.
    await this.states(type.name)
    for (let attempt = 1; ; attempt++) {
      const ops = [...this.contentOps(type, draft, tags), ...(this.target.areaPath ? [add(FIELD.areaPath, this.target.areaPath)] : [])]
      try {
        const { body } = await this.http.request<AzureWorkItem>('POST', `${this.project}/_apis/wit/workitems/$${encodeURIComponent(type.name)}`, { query: { 'api-version': API_VERSION }, body: ops, contentType: JSON_PATCH })
        return await this.tracked(body, draft)
      } catch (e) {
        if (!(e instanceof TrackerError)) throw e
        if (e.status === 400 && this.severityRefused(e)) {
          attempt--
          continue
        }
        if (e.status === 400) {
          const demanded = erroredFields(e.cause).filter((f) => !ITEM_WRITTEN.has(f))
          if (demanded.length || /System\.AreaPath|TF401347/.test(e.message))
            throw new TrackerError(`${e.message} (every create in ${this.target.project} would be refused alike: ${demanded.length ? `the ${type.name} type demands ${demanded.join(', ')}, which guard does not fill: make it optional or give it a default` : 'check devops.azure.area_path'})`, 'tracker', 400)
        }
        if (e.status === 403) throw new TrackerError(`${e.message} (creating ${type.name} work items in ${this.target.project}: the token needs the Work Items Read & write scope, its user Contributor rights)`, 'tracker', 403)
        if (e.status === 404) throw this.projectMissing(e)
        // A reset or a 5xx after sending: the item may exist. Look before trying again.
        const unsure = e.scope === 'item' && (e.status === undefined || e.status >= 500)
        if (!unsure) throw e
        const found = await this.findByKey(draft.key)
        if (found) return found
        if (attempt >= CREATE_ATTEMPTS) throw e
        await sleep(250 * attempt)
      }
    }
  }

  update(item: TrackedItem, draft: WorkItemDraft): Promise<TrackedItem> {
    return this.write(item, draft)
  }

  async close(item: TrackedItem): Promise<TrackedItem> {
    const steps = await this.route(item, 'close')
    // No step: a person closed it meanwhile.
    let now: TrackedItem = { ...item, state: 'closed' }
    for (const state of steps) now = await this.setState(item, state)
    return now
  }

  async reopen(item: TrackedItem, draft: WorkItemDraft): Promise<TrackedItem> {
    const steps = await this.route(item, 'reopen')
    for (const state of steps.slice(0, -1)) await this.setState(item, state)
    // The last step carries the content: one revision reopens and rewrites it.
    return this.write(item, draft, steps[steps.length - 1])
  }

  async checks(): Promise<ConnectionCheck[]> {
    const checks: ConnectionCheck[] = []
    const notChecked = (names: string[], why: string) => names.forEach((name) => checks.push({ name, ok: false, detail: `not checked: ${why}` }))
    const org = this.target.orgUrl
    // Reachability and authentication from one answer: connectionData says who the token signs in as.
    let data: ConnectionData
    try {
      data = (await this.http.request<ConnectionData>('GET', '_apis/connectionData')).body
    } catch (e) {
      const status = e instanceof TrackerError ? e.status : undefined
      if (status === 404) {
        checks.push({ name: 'reachability', ok: false, detail: `${org} has no Azure DevOps API (404 for _apis/connectionData): devops.azure.organization must be the organization's URL (https://dev.azure.com/acme) or a collection's (https://server/tfs/DefaultCollection)` })
        notChecked(['authentication', 'project', 'work item type', 'permissions'], `no Azure DevOps at ${org}`)
        return checks
      }
      checks.push({ name: 'reachability', ok: status !== undefined, detail: status !== undefined ? `${org} answered (${status})` : `${org} cannot be reached: ${(e as Error).message}` })
      if (status === undefined) {
        notChecked(['authentication', 'project', 'work item type', 'permissions'], 'Azure DevOps is not reachable')
        return checks
      }
      checks.push({ name: 'authentication', ok: false, detail: (e as Error).message })
      notChecked(['project', 'work item type', 'permissions'], 'the token was not accepted')
      return checks
    }
    const deployment = data.deploymentType === 'onPremises' ? 'Azure DevOps Server' : data.deploymentType === 'hosted' ? 'Azure DevOps Services' : 'Azure DevOps'
    checks.push({ name: 'reachability', ok: true, detail: `${org} answered: ${deployment}` })
    const user = data.authenticatedUser
    if (!user?.providerDisplayName) {
      checks.push({ name: 'authentication', ok: false, detail: 'Azure DevOps did not say who the token signs in as (an anonymous answer): check GUARD_AZURE_PAT' })
      notChecked(['project', 'work item type', 'permissions'], 'the token was not accepted')
      return checks
    }
    const account = user.properties?.Account?.$value
    checks.push({ name: 'authentication', ok: true, detail: `signed in as ${user.providerDisplayName}${account ? ` (${account})` : ''}` })

    try {
      const { body } = await this.http.request<AzureProject>('GET', `_apis/projects/${this.project}`, { query: { includeCapabilities: 'true', 'api-version': API_VERSION } })
      const process = body.capabilities?.processTemplate?.templateName
      checks.push({ name: 'project', ok: true, detail: `${body.name}${process ? ` (process ${process})` : ''}` })
    } catch (e) {
      checks.push({ name: 'project', ok: false, detail: e instanceof TrackerError && e.status === 404 ? this.projectMissing(e).message : (e as Error).message })
      notChecked(['work item type', 'permissions'], 'the project could not be read')
      return checks
    }

    let type: AzureWorkItemType
    try {
      type = await this.workItemType()
      checks.push(await this.typeCheck(type))
    } catch (e) {
      checks.push({ name: 'work item type', ok: false, detail: (e as Error).message })
      notChecked(['permissions'], 'no work item type to create')
      return checks
    }
    checks.push(await this.permissionCheck(type))
    return checks
  }

  /** The items a WIQL condition finds, with the fields list() reads; a missing project says so. */
  private async find(where: string): Promise<AzureWorkItem[]> {
    const ids: number[] = []
    try {
      for await (const id of queryIds(this.http, this.project, where, this.pageSize)) ids.push(id)
    } catch (e) {
      if (e instanceof TrackerError && e.status === 404) throw this.projectMissing(e)
      // A refused query is refused every time: nothing can be found until it is fixed.
      if (e instanceof TrackerError && e.status === 400) throw new TrackerError(e.message, 'tracker', 400)
      throw e
    }
    return readItems(this.http, this.project, ids, ITEM_FIELDS)
  }

  /** The item carrying exactly this key, if the token's user created one (an uncertain create looks before trying again). */
  private async findByKey(key: string): Promise<TrackedItem | undefined> {
    for (const item of await this.find(`${this.scope} AND [System.Tags] CONTAINS ${wiqlString(keyTag(key))}`)) {
      const marker = markerOf(tagsOf(item.fields[FIELD.tags]), key)
      if (marker?.key === key) return this.tracked(item, marker)
    }
    return undefined
  }

  private projectMissing(e: TrackerError): TrackerError {
    return new TrackerError(`Azure DevOps project ${this.target.project} was not found in ${this.target.orgUrl}, or the token cannot see it (devops.azure.project is the project's name): ${e.message}`, 'tracker', 404)
  }

  private async tracked(item: AzureWorkItem, marker: { key: string; digest: string }): Promise<TrackedItem> {
    const id = String(item.id)
    const type = String(item.fields[FIELD.type] ?? '')
    const state = String(item.fields[FIELD.state] ?? '')
    const tags = tagsOf(item.fields[FIELD.tags])
    this.seen.set(id, { rev: item.rev, type, state, tags })
    return {
      id, url: `${this.target.orgUrl}/${this.project}/_workitems/edit/${id}`, title: String(item.fields[FIELD.title] ?? ''),
      state: isClosedState(await this.states(type), state) ? 'closed' : 'open',
      key: marker.key, digest: marker.digest, labels: tags, created_at: isoTime(item.fields[FIELD.createdDate]),
    }
  }

  /** What was last seen of an item, read again when this client has not seen it (or a write found it changed). */
  private async current(id: string): Promise<Seen> {
    const known = this.seen.get(id)
    if (known) return known
    const { body } = await this.http.request<AzureWorkItem>('GET', `${this.project}/_apis/wit/workitems/${encodeURIComponent(id)}`, { query: { fields: ITEM_FIELDS.join(','), 'api-version': API_VERSION } })
    const seen = { rev: body.rev, type: String(body.fields[FIELD.type] ?? ''), state: String(body.fields[FIELD.state] ?? ''), tags: tagsOf(body.fields[FIELD.tags]) }
    this.seen.set(id, seen)
    return seen
  }

  /**
   * Title, description, tags (a person's own kept) and severity over the item, with a state when reopening. The
   * revision read is tested first: a change made meanwhile (a tag a person added) fails the write with a 412, and it
   * is read again and written over once more, keeping that change. A write that arrived before its answer was lost
   * finds its own content there and stops.
   */
  private async write(item: TrackedItem, draft: WorkItemDraft, state?: string): Promise<TrackedItem> {
    const own = tagsFor(draft)
    let reread = false
    for (;;) {
      const seen = await this.current(item.id)
      if (reread && markerOf(seen.tags, draft.key)?.digest === draft.digest && (!state || seen.state.toLowerCase() === state.toLowerCase()))
        return { ...item, title: draft.title, digest: draft.digest, labels: seen.tags, state: isClosedState(await this.states(seen.type), seen.state) ? 'closed' : 'open' }
      const type = await this.typeNamed(seen.type)
      await this.states(seen.type)
      const ops: PatchOp[] = [{ op: 'test', path: '/rev', value: seen.rev }, ...this.contentOps(type, draft, mergedTags(seen.tags, own)), ...(state ? [add(FIELD.state, state)] : [])]
      try {
        const { body } = await this.http.request<AzureWorkItem>('PATCH', `${this.project}/_apis/wit/workitems/${encodeURIComponent(item.id)}`, { query: { 'api-version': API_VERSION }, body: ops, contentType: JSON_PATCH })
        return await this.tracked(body, draft)
      } catch (e) {
        if (!(e instanceof TrackerError)) throw e
        if (e.status === 400 && this.severityRefused(e)) continue
        // Changed since it was read: read it again, once; a second change meanwhile fails this item (the next run retries).
        if (e.status !== 412 || reread) throw e
        reread = true
        this.seen.delete(item.id)
      }
    }
  }

  /** One move of the workflow, nothing else written. */
  private async setState(item: TrackedItem, state: string): Promise<TrackedItem> {
    const { body } = await this.http.request<AzureWorkItem>('PATCH', `${this.project}/_apis/wit/workitems/${encodeURIComponent(item.id)}`, { query: { 'api-version': API_VERSION }, body: [add(FIELD.state, state)], contentType: JSON_PATCH })
    return this.tracked(body, item)
  }

  /** The states to set to close or reopen the item, by its type's states and transitions; none to reach: that item fails, saying why. */
  private async route(item: TrackedItem, verb: Verb): Promise<string[]> {
    const seen = await this.current(item.id)
    const states = await this.states(seen.type)
    const steps = route(await this.typeNamed(seen.type), states, seen.state, verb)
    if (steps) return verb === 'reopen' && !steps.length ? [seen.state] : steps
    const target = verb === 'close' ? 'Completed (or Resolved)' : 'Proposed or InProgress'
    throw new TrackerError(
      `Azure DevOps cannot ${verb} work item ${item.id}: its type ${seen.type} has no state of category ${target} that "${seen.state}" leads to (states: ${describeStates(states)}); ${verb} it by hand or add such a state to the process`,
      'item', 409,
    )
  }

  /** A title, the description, the tags, and the severity where the type has that field. */
  private contentOps(type: AzureWorkItemType, draft: WorkItemDraft, tags: string[]): PatchOp[] {
    const has = (field: string) => (type.fields ?? []).some((f) => f.referenceName === field)
    const title = draft.title.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim()
    return [
      add(FIELD.title, title.length > TITLE_MAX ? `${title.slice(0, TITLE_MAX - 1)}…` : title),
      // Bugs of the Agile, Scrum and CMMI templates show Repro Steps where other types show the Description.
      add(has(FIELD.reproSteps) ? FIELD.reproSteps : FIELD.description, azureDescription(draft.content)),
      add(FIELD.tags, tags.join('; ')),
      ...(this.sendSeverity && has(FIELD.severity) ? [add(FIELD.severity, SEVERITY_VALUE[draft.severity])] : []),
    ]
  }

  /** A 400 naming the Severity field: the process has other values; it is left out from now on. */
  private severityRefused(e: TrackerError): boolean {
    if (!this.sendSeverity || !erroredFields(e.cause).includes(FIELD.severity)) return false
    this.sendSeverity = false
    return true
  }

  /** The project's work item types, read once. */
  private async workItemTypes(): Promise<AzureWorkItemType[]> {
    if (!this.types) {
      try {
        const { body } = await this.http.request<{ value?: AzureWorkItemType[] }>('GET', `${this.project}/_apis/wit/workitemtypes`, { query: { 'api-version': API_VERSION } })
        this.types = Array.isArray(body.value) ? body.value : []
      } catch (e) {
        if (e instanceof TrackerError && e.status === 404) throw this.projectMissing(e)
        throw e
      }
    }
    return this.types
  }

  /** A type by name (an item's type may have been renamed or removed since: then plain fields and no transitions). */
  private async typeNamed(name: string): Promise<AzureWorkItemType> {
    return (await this.workItemTypes()).find((t) => t.name.toLowerCase() === name.toLowerCase()) ?? { name }
  }

  /** The type new items get: the configured one, else Bug, Issue or Task; one the project lacks stops the run. */
  private async workItemType(): Promise<AzureWorkItemType> {
    if (this.createType) return this.createType
    const types = (await this.workItemTypes()).filter((t) => !t.isDisabled)
    const wanted = this.target.workItemType ? [this.target.workItemType] : DEFAULT_TYPES
    const found = wanted.map((name) => types.find((t) => t.name.toLowerCase() === name.toLowerCase())).find(Boolean)
    if (!found)
      throw new TrackerError(`Azure DevOps project ${this.target.project} has no work item type ${wanted.join(' or ')} (it has ${types.map((t) => t.name).join(', ') || 'none'}): set devops.azure.work_item_type to one of them`, 'tracker')
    this.createType = found
    return found
  }

  /** A type's states with their categories (GET …/workitemtypes/{type}/states), read once per type. */
  private async states(type: string): Promise<AzureState[]> {
    const cached = this.statesOf.get(type.toLowerCase())
    if (cached) return cached
    const { body } = await this.http.request<{ value?: AzureState[] }>('GET', `${this.project}/_apis/wit/workitemtypes/${encodeURIComponent(type)}/states`, { query: { 'api-version': API_VERSION } })
    const states = Array.isArray(body.value) ? body.value.filter((s) => typeof s?.name === 'string') : []
    this.statesOf.set(type.toLowerCase(), states)
    return states
  }

  /** The type exists, and its states let guard close an item and reopen it. */
  private async typeCheck(type: AzureWorkItemType): Promise<ConnectionCheck> {
    const states = await this.states(type.name)
    const first = states.find((s) => s.category === 'Proposed') ?? states.find((s) => s.category === 'InProgress')
    const close = first ? route(type, states, first.name, 'close') : undefined
    const closed = close?.length ? close[close.length - 1] : undefined
    const reopen = closed ? route(type, states, closed, 'reopen') : undefined
    const all = `states: ${describeStates(states)}`
    if (!first || !closed) return { name: 'work item type', ok: false, detail: `${type.name} has no way from an open state to one of category Completed or Resolved: guard could not close its items (${all})` }
    if (!reopen?.length) return { name: 'work item type', ok: false, detail: `${type.name} has no way back from ${closed} to a Proposed or InProgress state: guard could not reopen its items (${all})` }
    return { name: 'work item type', ok: true, detail: `work items are created as ${type.name}, closed as ${close!.join(' → ')}, reopened as ${reopen.join(' → ')} (${all})` }
  }

  /** A query runs; a create is validated without saving (validateOnly). Saving and editing cannot be checked without creating. */
  private async permissionCheck(type: AzureWorkItemType): Promise<ConnectionCheck> {
    try {
      await this.http.request('POST', `${this.project}/_apis/wit/wiql`, { query: { $top: 1, 'api-version': API_VERSION }, body: { query: `SELECT [System.Id] FROM WorkItems WHERE ${this.scope}` }, idempotent: true })
    } catch (e) {
      return { name: 'permissions', ok: false, detail: `a WIQL query in ${this.target.project} was refused: ${(e as Error).message}` }
    }
    const draft = { title: '[guard] connection check', tags: ['guard'] }
    const ops: PatchOp[] = [add(FIELD.title, draft.title), add(FIELD.tags, draft.tags.join('; ')), ...(this.target.areaPath ? [add(FIELD.areaPath, this.target.areaPath)] : [])]
    try {
      await this.http.request('POST', `${this.project}/_apis/wit/workitems/$${encodeURIComponent(type.name)}`, { query: { validateOnly: 'true', 'api-version': API_VERSION }, body: ops, contentType: JSON_PATCH, idempotent: true })
    } catch (e) {
      return { name: 'permissions', ok: false, detail: `queries run, but a ${type.name} create was refused when validated (nothing was saved): ${(e as Error).message}` }
    }
    return {
      name: 'permissions', ok: true,
      detail: `queries run, and a ${type.name} create was validated (validateOnly: nothing was saved); saving and editing work items cannot be checked without creating one: the token needs the Work Items (Read & write) scope and its user Contributor rights in the area`,
    }
  }
}

const add = (field: string, value: unknown): PatchOp => ({ op: 'add', path: `/fields/${field}`, value })

/** The draft's labels and the two marker tags, each as Azure DevOps takes a tag. */
function tagsFor(draft: WorkItemDraft): string[] {
  if (!isMarkerKey(draft.key) || keyTag(draft.key).length > MAX_TAG) throw new TrackerError(`the marker key ${draft.key.slice(0, 80)}… does not fit in an Azure DevOps tag (${MAX_TAG} characters)`, 'item')
  const tags = [...new Set([...draft.labels, keyTag(draft.key), digestTag(draft.digest)])]
  const bad = tags.find((t) => !isAzureTag(t))
  if (bad) throw new TrackerError(`Azure DevOps tags have no ; or , and at most ${MAX_TAG} characters: ${JSON.stringify(bad.slice(0, 80))}`, 'item')
  return tags
}

/** A person's own tags, then guard's (tags compare without case); guard's old severity, rule and digest tags go. */
function mergedTags(now: string[], own: string[]): string[] {
  const ours = new Set(own.map((t) => t.toLowerCase()))
  return [...now.filter((t) => !isManagedTag(t) && !ours.has(t.toLowerCase())), ...own]
}
