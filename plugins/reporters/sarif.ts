// SARIF 2.1.0 reporter: validates against the OASIS schema and meets GitHub code scanning's upload rules.
import { createHash } from 'node:crypto'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import type { Confidence, Finding, Reporter, ReportInput, RuleDef, Severity } from '../../kernel/plugin.ts'
import { compareTriage, comparePosition, occurrences, sortedFindings, suppressionLabel, truncate } from './findings.ts'

/** GitHub code scanning limits (docs: "SARIF support for code scanning", upload limits). */
export const GITHUB_LIMITS = { resultsPerRun: 25_000, descriptionChars: 1024, tagsPerRule: 20, notifications: 1000 } as const

export const SARIF_SCHEMA_URI = 'https://json.schemastore.org/sarif-2.1.0.json'
const SRCROOT = '%SRCROOT%'

type Level = 'error' | 'warning' | 'note'
const LEVEL: Record<Severity, Level> = { critical: 'error', high: 'error', medium: 'warning', low: 'note', info: 'note' }
/** GitHub's bands: ≥9.0 critical, 7.0–8.9 high, 4.0–6.9 medium, 0.1–3.9 low; 0.0 shows no security severity. */
const SECURITY_SEVERITY: Record<Severity, string> = { critical: '9.5', high: '8.0', medium: '5.5', low: '3.0', info: '0.0' }
const PROBLEM_SEVERITY: Record<Level, string> = { error: 'error', warning: 'warning', note: 'recommendation' }
const PRECISION: Record<Confidence, string> = { high: 'high', medium: 'medium', low: 'low' }

export interface SarifMessage {
  text: string
}
export interface SarifArtifactLocation {
  uri?: string
  uriBaseId?: string
  description?: SarifMessage
}
export interface SarifRegion {
  startLine: number
  startColumn: number
  endLine?: number
  endColumn?: number
  snippet?: SarifMessage
}
export interface SarifLocation {
  physicalLocation: { artifactLocation: SarifArtifactLocation; region?: SarifRegion }
}
export interface SarifRule {
  id: string
  name: string
  shortDescription: SarifMessage
  fullDescription: SarifMessage
  help: { text: string; markdown: string }
  defaultConfiguration: { level: Level }
  properties: { tags: string[]; precision: string; 'security-severity': string; 'problem.severity': string }
}
export interface SarifSuppression {
  kind: 'inSource' | 'external'
  status: 'accepted'
  justification?: string
  properties?: Record<string, string>
}
export interface SarifResult {
  ruleId: string
  ruleIndex: number
  level: Level
  message: SarifMessage
  locations: SarifLocation[]
  partialFingerprints: Record<string, string>
  fingerprints: Record<string, string>
  suppressions?: SarifSuppression[]
  codeFlows?: SarifCodeFlow[]
  properties: Record<string, unknown>
}
/** A taint finding's path, source first: GitHub code scanning draws it step by step. */
export interface SarifCodeFlow {
  threadFlows: { locations: { location: SarifLocation & { message: SarifMessage } }[] }[]
}
export interface SarifNotification {
  level: Level
  message: SarifMessage
  locations?: SarifLocation[]
}
export interface SarifRun {
  tool: { driver: { name: string; version: string; semanticVersion: string; rules: SarifRule[] } }
  invocations: { executionSuccessful: boolean; startTimeUtc?: string; endTimeUtc?: string; toolExecutionNotifications?: SarifNotification[] }[]
  originalUriBaseIds: Record<string, SarifArtifactLocation>
  columnKind: 'utf16CodeUnits'
  results: SarifResult[]
  properties: Record<string, unknown>
}
export interface SarifLog {
  $schema: string
  version: '2.1.0'
  runs: SarifRun[]
}

/** A relative URI reference for a scanned file: forward slashes, no `.`/`..` segments, each segment percent-encoded. */
export function artifactUri(file: string): string {
  return file
    .replace(/\\/g, '/')
    .split('/')
    .filter((segment) => segment !== '' && segment !== '.' && segment !== '..')
    .map(encodeURIComponent)
    .join('/')
}

function pascalCase(text: string): string {
  const words = text.split(/[^A-Za-z0-9]+/).filter(Boolean)
  return words.map((w) => w[0].toUpperCase() + w.slice(1)).join('') || 'Rule'
}

/** A rule the report has no definition for (a finding from a rule no longer loaded) still needs a descriptor. */
function ruleFromFinding(f: Finding): RuleDef {
  return {
    id: f.rule_id,
    name: f.rule_id,
    message: f.message,
    severity: f.severity,
    languages: [],
    cwe: f.cwe,
    owasp: f.owasp,
    confidence: f.confidence,
    remediation: f.remediation,
  }
}

function ruleTags(rule: RuleDef): string[] {
  const cwe = rule.cwe.flatMap((id) => {
    const n = /^CWE-(\d+)$/i.exec(id)?.[1]
    return n ? [`CWE-${n}`, `external/cwe/cwe-${n.padStart(3, '0')}`] : [id]
  })
  const owasp = rule.owasp.map((id) => `OWASP-${id}`)
  return [...new Set(['security', ...cwe, ...owasp, ...(rule.tags ?? [])])].slice(0, GITHUB_LIMITS.tagsPerRule)
}

function cweLink(id: string): string {
  const n = /^CWE-(\d+)$/i.exec(id)?.[1]
  return n ? `[${id}](https://cwe.mitre.org/data/definitions/${n}.html)` : id
}

function describeRule(rule: RuleDef): SarifRule {
  const level = LEVEL[rule.severity]
  const description = rule.description?.trim() || rule.message.trim() || rule.name
  const remediation = rule.remediation.trim() || 'Review the flagged code.'
  const references = [
    rule.cwe.length ? `CWE: ${rule.cwe.join(', ')}` : '',
    rule.owasp.length ? `OWASP: ${rule.owasp.join(', ')}` : '',
  ].filter(Boolean)
  const markdownReferences = [
    rule.cwe.length ? `**CWE:** ${rule.cwe.map(cweLink).join(', ')}` : '',
    rule.owasp.length ? `**OWASP Top 10:** ${rule.owasp.join(', ')}` : '',
  ].filter(Boolean)
  return {
    id: rule.id,
    name: pascalCase(rule.name || rule.id),
    shortDescription: { text: truncate(rule.name || rule.id, GITHUB_LIMITS.descriptionChars) },
    fullDescription: { text: truncate(description, GITHUB_LIMITS.descriptionChars) },
    help: {
      text: [remediation, ...references].join('\n\n'),
      markdown: [`**${rule.name || rule.id}**`, description, `**Remediation:** ${remediation}`, ...markdownReferences].join('\n\n'),
    },
    defaultConfiguration: { level },
    properties: {
      tags: ruleTags(rule),
      precision: PRECISION[rule.confidence],
      'security-severity': SECURITY_SEVERITY[rule.severity],
      'problem.severity': PROBLEM_SEVERITY[level],
    },
  }
}

/** GitHub's key for tracking an alert across commits: a hash of the code line plus its occurrence in the file. */
function lineHash(f: Finding): string {
  const firstLine = f.snippet.split(/\r?\n/).find((l) => l.trim() !== '') ?? ''
  const normalised = firstLine.replace(/\s+/g, ' ').trim()
  return createHash('sha256').update(`${f.file}\0${normalised}`).digest('hex').slice(0, 16)
}

function region(f: Finding): SarifRegion {
  const endLine = Math.max(f.line, f.end_line)
  const endColumn = endLine === f.line ? Math.max(f.column, f.end_column) : f.end_column
  return {
    startLine: f.line,
    startColumn: f.column,
    endLine,
    endColumn,
    ...(f.snippet ? { snippet: { text: f.snippet } } : {}),
  }
}

function codeFlow(trace: NonNullable<Finding['trace']>): SarifCodeFlow {
  return {
    threadFlows: [{ locations: trace.map((s) => ({ location: { ...location(s.file, { startLine: s.line, startColumn: s.column }), message: { text: s.note } } })) }],
  }
}

function location(file: string, withRegion?: SarifRegion): SarifLocation {
  return {
    physicalLocation: {
      artifactLocation: { uri: artifactUri(file), uriBaseId: SRCROOT },
      ...(withRegion ? { region: withRegion } : {}),
    },
  }
}

function suppressionsOf(f: Finding): SarifSuppression[] | undefined {
  if (!f.suppressed) return undefined
  const s = f.suppression
  const properties: Record<string, string> = {}
  if (s?.source) properties.source = s.source
  if (s?.by) properties.by = s.by
  if (s?.expires) properties.expires = s.expires
  return [
    {
      kind: s?.source === 'inline' ? 'inSource' : 'external',
      status: 'accepted',
      justification: s?.reason || suppressionLabel(f),
      ...(Object.keys(properties).length ? { properties } : {}),
    },
  ]
}

function validTime(iso: string, plusMs = 0): string | undefined {
  const t = Date.parse(iso)
  return Number.isNaN(t) ? undefined : new Date(t + plusMs).toISOString()
}

function srcRoot(target: string): SarifArtifactLocation {
  const description = { text: `Root of the scanned target: ${target}` }
  if (!path.isAbsolute(target)) return { description }
  const uri = pathToFileURL(target).href
  return { uri: uri.endsWith('/') ? uri : `${uri}/`, description }
}

export function buildSarif(input: ReportInput): SarifLog {
  const { scan } = input
  const rulesById = new Map(input.rules)
  for (const f of scan.findings) if (!rulesById.has(f.rule_id)) rulesById.set(f.rule_id, ruleFromFinding(f))
  const ruleIds = [...rulesById.keys()].sort()
  const ruleIndex = new Map(ruleIds.map((id, i) => [id, i]))

  // Over GitHub's limit, keep the findings that matter most: open before suppressed, worst first.
  const kept = sortedFindings(scan.findings, compareTriage).slice(0, GITHUB_LIMITS.resultsPerRun)
  const dropped = scan.findings.length - kept.length
  const hashes = new Map(kept.map((f) => [f, lineHash(f)]))
  const occurrence = occurrences(kept, (f) => hashes.get(f)!)

  const results: SarifResult[] = sortedFindings(kept, comparePosition).map((f) => {
    const suppressions = suppressionsOf(f)
    return {
      ruleId: f.rule_id,
      ruleIndex: ruleIndex.get(f.rule_id)!,
      level: LEVEL[f.severity],
      message: { text: f.message.trim() || rulesById.get(f.rule_id)!.name || f.rule_id },
      locations: [location(f.file, region(f))],
      partialFingerprints: { primaryLocationLineHash: `${hashes.get(f)}:${occurrence.get(f)}`, 'guardFindingId/v1': f.id },
      fingerprints: { 'guard/v1': f.id },
      ...(suppressions ? { suppressions } : {}),
      ...(f.trace?.length ? { codeFlows: [codeFlow(f.trace)] } : {}),
      properties: {
        severity: f.severity,
        confidence: f.confidence,
        cwe: f.cwe,
        owasp: f.owasp,
        standards: f.standards,
        'security-severity': SECURITY_SEVERITY[f.severity],
      },
    }
  })

  const notifications: SarifNotification[] = scan.files_skipped
    .slice(0, GITHUB_LIMITS.notifications)
    .map((s) => ({ level: 'note', message: { text: `Skipped: ${s.reason}` }, locations: [location(s.path)] }))
  if (dropped > 0) {
    notifications.unshift({
      level: 'warning',
      message: { text: `${dropped} lower-priority findings omitted: GitHub accepts at most ${GITHUB_LIMITS.resultsPerRun} results per run.` },
    })
  }

  const startTimeUtc = validTime(input.startedAt)
  const endTimeUtc = validTime(input.startedAt, scan.duration_ms)
  return {
    $schema: SARIF_SCHEMA_URI,
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: 'guard',
            version: input.toolVersion,
            semanticVersion: input.toolVersion,
            rules: ruleIds.map((id) => describeRule(rulesById.get(id)!)),
          },
        },
        invocations: [
          {
            executionSuccessful: true,
            ...(startTimeUtc ? { startTimeUtc } : {}),
            ...(endTimeUtc ? { endTimeUtc } : {}),
            ...(notifications.length ? { toolExecutionNotifications: notifications } : {}),
          },
        ],
        originalUriBaseIds: { [SRCROOT]: srcRoot(input.target) },
        columnKind: 'utf16CodeUnits',
        results,
        properties: {
          scanId: scan.scan_id,
          filesScanned: scan.files_scanned,
          filesSkipped: scan.files_skipped.length,
          rulesEvaluated: scan.rules_evaluated,
          durationMs: scan.duration_ms,
          suppressed: scan.suppressed,
          resultsOmitted: dropped,
        },
      },
    ],
  }
}

export const sarifReporter: Reporter = {
  format: 'sarif',
  contentType: 'application/sarif+json',
  extension: 'sarif',
  render: (input) => `${JSON.stringify(buildSarif(input), null, 2)}\n`,
}
