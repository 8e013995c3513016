// TypeBox schemas: one source of truth for request/response types and the OpenAPI document.
import { Type, type Static } from '@sinclair/typebox'

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
  },
  { title: 'Finding' },
)
export type Finding = Static<typeof Finding>

const FilesMap = Type.Record(Type.String(), Type.String(), { description: 'Inline files: relative path → content' })

export const ScanRequest = Type.Object(
  {
    repo_path: Type.Optional(Type.String({ default: '.', description: 'Repository on the server, inside GUARD_SCAN_ROOTS' })),
    files: Type.Optional(FilesMap),
    changed_files: Type.Optional(Type.Array(Type.String(), { description: 'Limit the scan to these files' })),
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
    files_skipped: Type.Array(Type.Object({ path: Type.String(), reason: Type.String() })),
    rules_evaluated: Type.Integer(),
    duration_ms: Type.Integer(),
    suppressed: Type.Integer(),
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
    approval: Type.Union([Type.Object({ id: Type.String(), status: Type.String() }), Type.Null()]),
  },
  { title: 'GateResult' },
)
export type GateResult = Static<typeof GateResult>

export const REPORT_FORMATS = ['sarif', 'junit', 'html', 'csv', 'markdown'] as const
export type ReportFormat = (typeof REPORT_FORMATS)[number]
export const ReportQuery = Type.Object({
  format: Type.Optional(Type.Union(REPORT_FORMATS.map((f) => Type.Literal(f)), { default: 'sarif' })),
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

export const Health = Type.Object(
  {
    status: Type.Union([Type.Literal('ok'), Type.Literal('degraded')]),
    version: Type.String(),
    checks: Type.Optional(Type.Record(Type.String(), Type.String())),
  },
  { title: 'Health' },
)
