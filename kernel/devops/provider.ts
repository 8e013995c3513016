// Work-item providers (CONTRACT §11): the small, tracker-neutral interface a tracker plugin implements. The reconcile
// engine (plugins/devops) decides what should exist; a provider only lists, creates, updates, closes and reopens.
import type { Logger } from 'pino'
import type { Severity } from '../base/schemas.ts'
import type { Store } from '../store/store.ts'

/**
 * A tracker, registered with `ctx.registerWorkItemProvider(provider)`. `devops.provider` in the server's .guard.yaml
 * names the one in use (`local` when unset); its settings are the section of the same name (`devops.github`, ...).
 */
export interface WorkItemProvider {
  /** The value of `devops.provider` that selects it, and the key of its settings section. */
  readonly name: string
  /** What the tracker is called in messages (`GitHub`, `Jira`, `Azure DevOps`). */
  readonly title: string
  /** The license feature its use needs (`devops`: Team and above); absent: every tier. */
  readonly licenseFeature?: string
  /** Where its items go, from the settings alone (no request made): `acme/app on https://api.github.com`. */
  describe(settings: ProviderSettings): string
  /**
   * A client for one reconcile or one connection check. Reads its token from `env` only (never from settings);
   * throws the kernel's BadRequestError naming the missing setting or variable when it cannot be used. Makes no
   * request that changes anything; may make none at all.
   */
  connect(context: ProviderContext): WorkItemClient | Promise<WorkItemClient>
}

/** The provider's section of `devops:` (already checked against the config schema), or `{}`. */
export type ProviderSettings = Readonly<Record<string, unknown>>

export interface ProviderContext {
  settings: ProviderSettings
  /** The process environment: the only place a token may come from. */
  env: Readonly<Record<string, string | undefined>>
  /** The service's store (the local provider keeps its items there). */
  store: Store
  log: Logger
}

/**
 * One connection to a tracker. Every method either does what it says or throws a `TrackerError`; a method never
 * reports success for a change that did not happen. Requests are made one at a time (the engine never calls two
 * methods at once), so a client may pace itself and keep state between calls (labels it knows exist, its user).
 */
export interface WorkItemClient {
  /**
   * Every item, open or closed, whose marker key starts with `prefix` (one repository's items), all pages read.
   * Only items this service wrote: where the tracker can tell, items created by the connected identity (GitHub:
   * `creator`; Jira: `reporter = currentUser()`; Azure DevOps: `[System.CreatedBy] = @Me`), so that an item a person
   * wrote quoting a marker is not adopted. Search where the tracker indexes the marker (a label, a tag, an issue
   * property), not by full text where that is rate-limited or fuzzy.
   */
  list(prefix: string): Promise<TrackedItem[]>
  /**
   * Creates an open item carrying `draft.key` and `draft.digest` where `list` finds them again. Must not leave a
   * duplicate when retried: an attempt whose outcome is unknown (a connection reset after sending, a 5xx) is
   * retried only after looking the marker up, or reported as a failure (the next reconcile finds it by `list`).
   */
  create(draft: WorkItemDraft): Promise<TrackedItem>
  /** Writes the draft's title, description, labels and digest over an open item; its state stays. */
  update(item: TrackedItem, draft: WorkItemDraft): Promise<TrackedItem>
  /** Closes an open item as done (GitHub `state_reason: completed`; Jira/Azure: the workflow's done state). */
  close(item: TrackedItem): Promise<TrackedItem>
  /** Reopens a closed item and writes the draft over it (the findings came back, perhaps changed). */
  reopen(item: TrackedItem, draft: WorkItemDraft): Promise<TrackedItem>
  /**
   * The connection check, each step its own line: reachability, authentication (who, never the token), the
   * project, the permissions reconcile needs. A step that cannot run because an earlier one failed says so.
   */
  checks(): Promise<ConnectionCheck[]>
}

/** An item as the tracker holds it. */
export interface TrackedItem {
  /** The tracker's id: a GitHub issue number, a Jira key (`SEC-12`), an Azure work item id. */
  id: string
  url: string | null
  title: string
  state: 'open' | 'closed'
  /** The marker key and content digest written with it (see kernel/devops/marker.ts). */
  key: string
  digest: string
  /** Labels or tags on it now, people's own included (an update keeps those). */
  labels?: string[]
  /** ISO time of creation: of two items with one key, the older one is the work item. */
  created_at?: string
}

/** A finding's place in a work item's content. */
export interface WorkItemLocation {
  file: string
  line: number
  message: string
}

/** What a work item says, as data: a tracker with its own format (Jira ADF, Azure HTML) renders it from here. */
export interface WorkItemContent {
  /** `3 findings of Eval injection (high) in app`. */
  summary: string
  rule: { id: string; name: string; cwe: string[]; owasp: string[] }
  severity: Severity
  /** The repository relative to its scan root, `.` for the root itself, or `inline`. */
  repo: string
  /** At most a few dozen, in file and line order; `more` counts the rest. */
  locations: WorkItemLocation[]
  more: number
  remediation: string
  standards: { pack: string; control: string }[]
  /** Where the findings are read in this service (`devops.public_url`), or null when it has no public URL. */
  link: string | null
  /** The scan these findings come from. */
  scan_id: string
}

/** What the engine wants a work item to be. */
export interface WorkItemDraft {
  /** The stable marker key (`<repo hash>:<rule id>[:f<file hash>|:p<fingerprint>]`), letters, digits, `.:-`. */
  key: string
  /** A digest of the content below (not of the scan id or link): equal digests mean nothing to update. */
  digest: string
  /** `[guard] Eval injection in app`, at most 200 characters. */
  title: string
  severity: Severity
  rule_id: string
  /** `guard`, `severity:<s>`, `rule:<id>`, then `devops.labels`. */
  labels: string[]
  /** The content as Markdown (GitHub, the local store); the marker is not in it: a provider writes it its own way. */
  description: string
  content: WorkItemContent
}

export interface ConnectionCheck {
  name: string
  ok: boolean
  detail: string
}

/**
 * A tracker's refusal or failure, in words a user can act on (never a token, never a raw body longer than a line).
 * `scope: 'tracker'` means every further request would fail the same way (the token was rejected, the tracker is
 * down, the rate limit resets later than we wait): the engine stops the run. `'item'` concerns one item only.
 */
export class TrackerError extends Error {
  constructor(
    message: string,
    readonly scope: 'item' | 'tracker',
    /** The tracker's HTTP status, when it answered. */
    readonly status?: number,
  ) {
    super(message)
    this.name = 'TrackerError'
  }
}
