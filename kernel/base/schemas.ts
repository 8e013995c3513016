// TypeBox schemas: one source of truth for request/response types and the OpenAPI document.
import { Type, type Static, type TProperties, type TSchema } from '@sinclair/typebox'

export const SEVERITIES = ['critical', 'high', 'medium', 'low', 'info'] as const
export const CONFIDENCES = ['high', 'medium', 'low'] as const

export const Severity = Type.Union(SEVERITIES.map((s) => Type.Literal(s)), { description: 'Severity, after pack overrides' })
export type Severity = (typeof SEVERITIES)[number]
export const Confidence = Type.Union(CONFIDENCES.map((c) => Type.Literal(c)))
export type Confidence = (typeof CONFIDENCES)[number]

export const ErrorBody = Type.Object(
  {
    detail: Type.String(),
    errors: Type.Optional(Type.Array(Type.Object({ path: Type.String(), message: Type.String() }))),
    request_id: Type.Optional(Type.String()),
  },
  { title: 'Error', description: 'Every error answer' },
)

/** Error answers of a route: those every authenticated route may give (401, 403, 429, 500) and its own. */
export function errorResponses(...own: number[]): Record<number, typeof ErrorBody> {
  return Object.fromEntries([...new Set([...own, 401, 403, 429, 500])].sort().map((code) => [code, ErrorBody]))
}

export const Suppression = Type.Object({
  source: Type.Union([Type.Literal('inline'), Type.Literal('config'), Type.Literal('api')]),
  reason: Type.Union([Type.String(), Type.Null()]),
  by: Type.Union([Type.String(), Type.Null()]),
  expires: Type.Union([Type.String(), Type.Null()]),
})
export type Suppression = Static<typeof Suppression>

export const Finding = Type.Object(
  {
    id: Type.String({ description: 'Stable fingerprint (survives line moves, re-indentation, CRLF)' }),
    rule_id: Type.String(),
    severity: Severity,
    message: Type.String(),
    file: Type.String({ description: 'POSIX path relative to the scanned root' }),
    line: Type.Integer({ minimum: 1 }),
    column: Type.Integer({ minimum: 1 }),
    end_line: Type.Integer({ minimum: 1 }),
    end_column: Type.Integer({ minimum: 1 }),
    snippet: Type.String({ description: 'Matched line(s); secrets masked' }),
    cwe: Type.Array(Type.String()),
    owasp: Type.Array(Type.String()),
    standards: Type.Array(Type.Object({ pack: Type.String(), control: Type.String() })),
    confidence: Confidence,
    remediation: Type.String(),
    suppressed: Type.Boolean(),
    suppression: Type.Union([Suppression, Type.Null()]),
    trace: Type.Optional(
      Type.Array(Type.Object({ file: Type.String(), line: Type.Integer({ minimum: 1 }), column: Type.Integer({ minimum: 1 }), note: Type.String() }), {
        description: 'Taint findings: the path from the source (first) to the sink (last)',
      }),
    ),
    commit: Type.Optional(Type.String({ description: 'History scans: the first commit that brought the finding in' })),
    commit_date: Type.Optional(Type.String({ description: "History scans: that commit's author date" })),
  },
  { title: 'Finding' },
)
export type Finding = Static<typeof Finding>

const FilesMap = Type.Record(Type.String(), Type.String(), { description: 'Inline files: relative path → content' })

export const ScanRequest = Type.Object(
  {
    repo_path: Type.Optional(Type.String({ default: '.', description: 'Repository on the server, inside GUARD_SCAN_ROOTS' })),
    repo_url: Type.Optional(
      Type.String({ maxLength: 2048, description: "Queue mode: a repository by git URL (https, ssh, git; file if allowed), cloned by the worker; only URLs GUARD_GIT_URLS allows, never with credentials. Instead of repo_path" }),
    ),
    ref: Type.Optional(Type.String({ maxLength: 256, description: "With repo_url: the branch, tag or commit to scan (default: the repository's default branch)" })),
    files: Type.Optional(FilesMap),
    changed_files: Type.Optional(Type.Array(Type.String(), { description: 'Limit the scan to these files' })),
    history: Type.Optional(
      Type.Boolean({
        description: "Scan the repository's git history for secrets instead of its files: every file version of every commit reachable from HEAD, once; findings name the commit that first brought each one",
      }),
    ),
    history_since: Type.Optional(Type.String({ maxLength: 200, description: 'With history: only the commits after this revision (since..HEAD)' })),
    config_overrides: Type.Optional(Type.Record(Type.String(), Type.Unknown(), { description: 'Scan keys of .guard.yaml' })),
  },
  { title: 'ScanRequest', additionalProperties: false },
)
export type ScanRequest = Static<typeof ScanRequest>

export const GateRequest = Type.Object(
  { ...ScanRequest.properties, require_approval: Type.Optional(Type.Boolean()) },
  { title: 'GateRequest', additionalProperties: false },
)
export type GateRequest = Static<typeof GateRequest>

const countsBySeverity = Type.Object({
  critical: Type.Integer(),
  high: Type.Integer(),
  medium: Type.Integer(),
  low: Type.Integer(),
  info: Type.Integer(),
})

export const ScanResult = Type.Object(
  {
    findings: Type.Array(Finding),
    total: Type.Integer({ description: 'Unsuppressed findings' }),
    by_severity: countsBySeverity,
    scan_id: Type.String(),
    files_scanned: Type.Integer(),
    files_cached: Type.Optional(Type.Integer({ description: 'Of the files scanned, those whose kept result was used: unchanged since a scan with the same rules' })),
    files_skipped: Type.Array(Type.Object({ path: Type.String(), reason: Type.String() })),
    rules_evaluated: Type.Integer(),
    duration_ms: Type.Integer(),
    suppressed: Type.Integer(),
    baselined: Type.Optional(Type.Integer({ description: 'Findings left out because the baseline (.guard.yaml `baseline`) lists them' })),
    repository: Type.Optional(
      Type.Object(
        { url: Type.String({ description: 'Without credentials' }), ref: Type.Optional(Type.String()), commit: Type.String({ description: 'The commit scanned' }) },
        { description: 'A scan by repo_url: what was cloned and the commit its ref resolved to' },
      ),
    ),
    warnings: Type.Optional(
      Type.Array(Type.Object({ path: Type.String(), message: Type.String() }), {
        description: "What the scan read but did not take as written (legacy or unknown keys of the repository's .guard.yaml, files that link out of it) and what it cut (findings past a file's or the scan's limit)",
      }),
    ),
  },
  { title: 'ScanResult' },
)
export type ScanResult = Static<typeof ScanResult>

export const GateResult = Type.Object(
  {
    passed: Type.Boolean(),
    total_findings: Type.Integer(),
    critical: Type.Integer(),
    high: Type.Integer(),
    medium: Type.Integer(),
    low: Type.Integer(),
    info: Type.Integer(),
    suppressed: Type.Integer(),
    blocking: Type.Integer({ description: 'Unsuppressed findings whose severity is in fail_on' }),
    fail_on: Type.Array(Severity),
    scan_id: Type.String(),
    reasons: Type.Array(Type.String()),
    approval: Type.Union(
      [
        Type.Object({
          id: Type.String(),
          status: Type.String({ description: '`approved`: the request let this gate through; `pending`: a request this failed gate made (or found still open)' }),
          expires_at: Type.Optional(Type.String({ description: 'When the request expires (ISO 8601)' })),
        }),
        Type.Null(),
      ],
      { description: 'The approval request this gate used or asked for (Enterprise), else null' },
    ),
  },
  { title: 'GateResult' },
)
export type GateResult = Static<typeof GateResult>

/** The built-in formats; a plugin may register more, so a format is checked against the registered reporters. */
export const REPORT_FORMATS = ['sarif', 'junit', 'html', 'csv', 'markdown'] as const
export type ReportFormat = (typeof REPORT_FORMATS)[number] | (string & {})
/** What a report format's name may be: it travels in a query string and a command line. */
export const REPORT_FORMAT_PATTERN = '^[a-z0-9][a-z0-9-]{0,63}$'
export const ReportQuery = Type.Object({
  format: Type.Optional(
    Type.String({ pattern: REPORT_FORMAT_PATTERN, default: 'sarif', description: `${REPORT_FORMATS.join(', ')}, or a format a plugin registers (GET /api/plugins)` }),
  ),
})
export const ReportRequest = Type.Object(
  { ...ScanRequest.properties, scan_id: Type.Optional(Type.String({ description: 'Render a stored scan instead of scanning' })) },
  { title: 'ReportRequest', additionalProperties: false },
)
export type ReportRequest = Static<typeof ReportRequest>
export const ReportResult = Type.Object({ format: Type.String(), content: Type.String() }, { title: 'ReportResult' })

export const RuleInfo = Type.Object(
  {
    id: Type.String(),
    name: Type.String(),
    severity: Severity,
    languages: Type.Array(Type.String()),
    cwe: Type.Array(Type.String()),
    owasp: Type.Array(Type.String()),
    packs: Type.Array(Type.String()),
    description: Type.String(),
    remediation: Type.String(),
    enabled: Type.Boolean(),
  },
  { title: 'Rule' },
)
export type RuleInfo = Static<typeof RuleInfo>
export const RulesQuery = Type.Object({
  pack: Type.Optional(Type.String()),
  language: Type.Optional(Type.String()),
  severity: Type.Optional(Severity),
})
export const RulesList = Type.Object({ rules: Type.Array(RuleInfo), total: Type.Integer() }, { title: 'RulesList' })

// Queue mode (GUARD_QUEUE_URL): the queue's counts, the workers seen, a queued scan's state, the wait before a worker takes a scan.
export const QueueCounts = Type.Object(
  {
    waiting: Type.Integer({ description: 'Scans and shards waiting for a worker' }),
    active: Type.Integer({ description: 'Being run by a worker' }),
    failed: Type.Integer({ description: 'Ended failed and still kept' }),
    delayed: Type.Integer({ description: 'Waiting out a retry backoff or their repository’s concurrency limit' }),
  },
  { title: 'QueueCounts' },
)
export const WorkerSeen = Type.Object(
  {
    id: Type.String(),
    host: Type.String(),
    concurrency: Type.Integer(),
    active: Type.Integer({ description: 'Jobs it was running at its last heartbeat' }),
    seen_at: Type.String({ description: 'Its last heartbeat (ISO 8601)' }),
  },
  { title: 'WorkerSeen' },
)
export type WorkerSeen = Static<typeof WorkerSeen>
export const QueueStatus = Type.Object(
  { queue: QueueCounts, workers: Type.Array(WorkerSeen, { description: 'Workers whose heartbeat arrived in the last minute' }) },
  { title: 'QueueStatus' },
)
export type QueueStatus = Static<typeof QueueStatus>
export const SCAN_PRIORITIES = ['high', 'normal', 'low'] as const
export type ScanPriority = (typeof SCAN_PRIORITIES)[number]
export const ScanJob = Type.Object(
  {
    id: Type.String({ description: 'The scan id it will be stored under' }),
    status: Type.Union([Type.Literal('queued'), Type.Literal('running'), Type.Literal('failed')]),
    priority: Type.Union(SCAN_PRIORITIES.map((p) => Type.Literal(p))),
    queued_at: Type.String(),
    started_at: Type.Union([Type.String(), Type.Null()]),
    finished_at: Type.Union([Type.String(), Type.Null()]),
    attempts: Type.Integer({ description: 'Runs that failed so far, and the one under way' }),
    error: Type.Union([Type.Object({ status: Type.Integer(), detail: Type.String() }), Type.Null()], { description: 'Why a failed scan failed' }),
  },
  { title: 'ScanJob' },
)
export type ScanJob = Static<typeof ScanJob>
export const QueueWait = Type.Object(
  {
    samples: Type.Integer({ description: 'Recent scans measured (the last 1,000 taken by a worker)' }),
    wait_p50_ms: Type.Integer({ description: 'Median time from enqueueing to a worker starting it' }),
    wait_p99_ms: Type.Integer(),
  },
  { title: 'QueueWait' },
)
export type QueueWait = Static<typeof QueueWait>

export const Health = Type.Object(
  {
    status: Type.Union([Type.Literal('ok'), Type.Literal('degraded')]),
    version: Type.String(),
    checks: Type.Optional(Type.Record(Type.String(), Type.String())),
    queue: Type.Optional(QueueCounts),
    workers: Type.Optional(Type.Array(WorkerSeen, { description: 'Queue mode only: workers whose heartbeat arrived in the last minute' })),
    plugins: Type.Optional(Type.Array(Type.Object({ name: Type.String(), version: Type.String() }), { description: 'The plugins loaded, built-in and from GUARD_PLUGINS_DIR (GET /api/plugins lists those not loaded, and why)' })),
  },
  { title: 'Health' },
)

// The read API of CONTRACT §11: every list is `{items, total, next_cursor}` with `limit` and `cursor`.
export const PageQuery = Type.Object({
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000, default: 100, description: 'Items per page (1–1000)' })),
  cursor: Type.Optional(Type.String({ description: 'next_cursor of the previous page' })),
})
const pageOf = <T extends TSchema>(item: T, title: string, extra: TProperties = {}) =>
  Type.Object(
    { items: Type.Array(item), total: Type.Integer({ description: 'Items matching the filters, over all pages' }), next_cursor: Type.Union([Type.String(), Type.Null()]), ...extra },
    { title },
  )
export const IdParams = Type.Object({ id: Type.String() })

/** An ISO 8601 date or date-time; the route also checks that it names a real instant. */
const isoTime = (description: string) =>
  Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}([T ]\\d{2}:\\d{2}(:\\d{2}(\\.\\d+)?)?(Z|[+-]\\d{2}:?\\d{2})?)?$', description: `${description} (ISO 8601 date or date-time)` })

export const AUDIT_OUTCOMES = ['success', 'denied', 'error', 'cancelled'] as const
export type AuditOutcome = (typeof AUDIT_OUTCOMES)[number]
export const AuditEntry = Type.Object(
  {
    id: Type.Integer({ minimum: 1, description: 'Monotonic, from 1' }),
    at: Type.String({ description: 'ISO 8601 time (UTC)' }),
    actor: Type.String({ description: 'Identity sub; `anonymous` without credentials; on a 401 the unverified claimed sub, when one was sent' }),
    role: Type.Union([Type.String(), Type.Null()]),
    auth_method: Type.String({ description: 'api-key, jwt, anonymous, local, or none' }),
    action: Type.String({ description: 'e.g. scan, gate, report' }),
    target: Type.Union([Type.String(), Type.Null()], { description: 'repo_path, `inline`, or the scan id' }),
    outcome: Type.Union(AUDIT_OUTCOMES.map((o) => Type.Literal(o))),
    status: Type.Integer({ description: 'HTTP status of the answer' }),
    request_id: Type.String(),
    prev_hash: Type.String({ description: "The previous entry's hash (64 zeros for the first)" }),
    hash: Type.String({ description: 'SHA-256 (hex) of the canonical entry, prev_hash included' }),
  },
  { title: 'AuditEntry' },
)
export type AuditEntry = Static<typeof AuditEntry>
export const AuditQuery = Type.Object({
  actor: Type.Optional(Type.String()),
  action: Type.Optional(Type.String()),
  since: Type.Optional(isoTime('Entries at or after this time')),
  until: Type.Optional(isoTime('Entries at or before this time')),
  ...PageQuery.properties,
})
export type AuditQuery = Static<typeof AuditQuery>
export const AuditPage = pageOf(AuditEntry, 'AuditPage')
export const AuditVerification = Type.Object(
  {
    valid: Type.Boolean(),
    entries: Type.Integer({ description: 'Entries checked' }),
    first_bad_id: Type.Union([Type.Integer(), Type.Null()], { description: 'The first entry that was altered, or the first id missing' }),
  },
  { title: 'AuditVerification' },
)
export type AuditVerification = Static<typeof AuditVerification>

export const ScanSummary = Type.Object(
  {
    id: Type.String(),
    target: Type.String({ description: 'Repository path relative to its scan root, or `inline`' }),
    started_at: Type.String(),
    total: Type.Integer({ description: 'Unsuppressed findings' }),
    passed: Type.Union([Type.Boolean(), Type.Null()], { description: 'The gate decision, null when no gate was asked' }),
  },
  { title: 'ScanSummary' },
)
export const ScansPage = pageOf(ScanSummary, 'ScansPage')
export const StoredScanView = Type.Object(
  { id: Type.String(), target: Type.String(), started_at: Type.String(), result: ScanResult, gate: Type.Union([GateResult, Type.Null()]) },
  { title: 'StoredScan' },
)

export const FindingsQuery = Type.Object({
  scan_id: Type.Optional(Type.String({ description: 'Default: the latest scan' })),
  severity: Type.Optional(Severity),
  rule_id: Type.Optional(Type.String()),
  file: Type.Optional(Type.String({ description: 'Exact path relative to the scanned root' })),
  pack: Type.Optional(Type.String({ description: 'Findings the pack maps' })),
  suppressed: Type.Optional(Type.Boolean()),
  ...PageQuery.properties,
})
export type FindingsQuery = Static<typeof FindingsQuery>
export const FindingsPage = pageOf(Finding, 'FindingsPage', {
  scan_id: Type.Union([Type.String(), Type.Null()], { description: 'The scan listed; null when none is stored' }),
})
export const ScanIdQuery = Type.Object({ scan_id: Type.Optional(Type.String({ description: 'Default: the latest scan' })) })
export const ScanFinding = Type.Object({ ...Finding.properties, scan_id: Type.String() }, { title: 'ScanFinding' })

export const SUPPRESSION_SCANS = 10
export const SuppressionsQuery = Type.Object({
  scans: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: SUPPRESSION_SCANS, description: 'How many of the latest scans to look at' })),
  scan_id: Type.Optional(Type.String({ description: 'Only this scan' })),
  expired: Type.Optional(Type.Boolean()),
  ...PageQuery.properties,
})
export type SuppressionsQuery = Static<typeof SuppressionsQuery>
export const AppliedSuppression = Type.Object(
  {
    source: Suppression.properties.source,
    rule_id: Type.String({ description: 'The rule suppressed (`*` for a config entry covering every rule)' }),
    path: Type.Union([Type.String(), Type.Null()], { description: 'The config entry’s glob; null for inline' }),
    file: Type.Union([Type.String(), Type.Null()], { description: 'Where it applied; null when a config entry matched nothing' }),
    line: Type.Union([Type.Integer(), Type.Null()]),
    reason: Type.Union([Type.String(), Type.Null()]),
    by: Type.Union([Type.String(), Type.Null()]),
    expires: Type.Union([Type.String(), Type.Null()]),
    expired: Type.Boolean({ description: 'Past its expiry date: no longer honoured' }),
    scan_id: Type.String(),
  },
  { title: 'AppliedSuppression' },
)
export type AppliedSuppression = Static<typeof AppliedSuppression>
export const SuppressionsPage = pageOf(AppliedSuppression, 'SuppressionsPage', { scans_examined: Type.Integer() })
