// GitLab's SAST report (gl-sast-report.json) of a guard scan, in version 15.0.7 of GitLab's security report schemas
// (gitlab-org/security-products/security-report-schemas, dist/sast-report-format.json).
import { createHash } from 'node:crypto'

export const SCHEMA_VERSION = '15.0.7'
export const SCHEMA_URL = `https://gitlab.com/gitlab-org/security-products/security-report-schemas/-/raw/v${SCHEMA_VERSION}/dist/sast-report-format.json`

/** @typedef {import('guard/plugin').ReportInput} ReportInput */
/** @typedef {import('guard/plugin').Finding} Finding */

const SEVERITY = { critical: 'Critical', high: 'High', medium: 'Medium', low: 'Low', info: 'Info' }

/** OWASP Top 10 2021: the names and pages GitLab links an `owasp` identifier to. */
const OWASP_2021 = {
  A01: ['Broken Access Control', 'A01_2021-Broken_Access_Control'],
  A02: ['Cryptographic Failures', 'A02_2021-Cryptographic_Failures'],
  A03: ['Injection', 'A03_2021-Injection'],
  A04: ['Insecure Design', 'A04_2021-Insecure_Design'],
  A05: ['Security Misconfiguration', 'A05_2021-Security_Misconfiguration'],
  A06: ['Vulnerable and Outdated Components', 'A06_2021-Vulnerable_and_Outdated_Components'],
  A07: ['Identification and Authentication Failures', 'A07_2021-Identification_and_Authentication_Failures'],
  A08: ['Software and Data Integrity Failures', 'A08_2021-Software_and_Data_Integrity_Failures'],
  A09: ['Security Logging and Monitoring Failures', 'A09_2021-Security_Logging_and_Monitoring_Failures'],
  A10: ['Server-Side Request Forgery (SSRF)', 'A10_2021-Server-Side_Request_Forgery_%28SSRF%29'],
}

/** The schema's limits on a vulnerability's texts. */
const MAX = { name: 255, description: 1_048_576, solution: 7000 }

/** RFC 4122's URL namespace: with it, a finding's fingerprint names one UUID (version 5), the same in every report. */
const NAMESPACE = Buffer.from('6ba7b8119dad11d180b400c04fd430c8', 'hex')

export function uuidFor(name) {
  const hash = createHash('sha1').update(NAMESPACE).update(name).digest()
  hash[6] = (hash[6] & 0x0f) | 0x50
  hash[8] = (hash[8] & 0x3f) | 0x80
  const hex = hash.subarray(0, 16).toString('hex')
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}

const cut = (text, max) => (text.length > max ? `${text.slice(0, max - 1)}…` : text)

/** GitLab's time format: UTC, to the second, no zone. */
const gitlabTime = (ms) => new Date(ms).toISOString().slice(0, 19)

/** The rule first (GitLab tracks a vulnerability by its first identifier), then its CWE and OWASP categories. */
function identifiers(finding) {
  const out = [{ type: 'guard_rule_id', name: finding.rule_id, value: finding.rule_id }]
  for (const cwe of finding.cwe) {
    const number = /^CWE-(\d+)$/i.exec(cwe)?.[1]
    out.push(number ? { type: 'cwe', name: `CWE-${number}`, value: number, url: `https://cwe.mitre.org/data/definitions/${number}.html` } : { type: 'cwe', name: cwe, value: cwe })
  }
  for (const owasp of finding.owasp) {
    const known = /^(A\d\d):2021$/.exec(owasp) && OWASP_2021[owasp.slice(0, 3)]
    out.push(known ? { type: 'owasp', name: `${owasp} - ${known[0]}`, value: owasp, url: `https://owasp.org/Top10/${known[1]}/` } : { type: 'owasp', name: owasp, value: owasp })
  }
  return out
}

/** What GitLab shows under the vulnerability: the standards' controls and, for taint findings, the data flow. */
function details(finding) {
  const out = {}
  if (finding.standards.length)
    out.standards = { name: 'Standards', type: 'list', items: finding.standards.map((s) => ({ type: 'text', value: `${s.pack} ${s.control}` })) }
  if (finding.trace?.length)
    out.data_flow = { name: 'Data flow (source first)', type: 'list', items: finding.trace.map((step) => ({ type: 'file-location', file_name: step.file, line_start: step.line })) }
  return Object.keys(out).length ? out : undefined
}

/** @param {Finding} finding @param {ReportInput['rules']} rules */
function vulnerability(finding, rules) {
  const rule = rules.get(finding.rule_id)
  const about = rule?.description?.trim()
  const detail = details(finding)
  return {
    id: uuidFor(`guard:${finding.id}`),
    name: cut(rule?.name || finding.rule_id, MAX.name),
    description: cut(about && about !== finding.message ? `${finding.message}\n\n${about}` : finding.message, MAX.description),
    severity: SEVERITY[finding.severity] ?? 'Unknown',
    ...(finding.remediation && { solution: cut(finding.remediation, MAX.solution) }),
    location: { file: finding.file, start_line: finding.line, end_line: finding.end_line },
    identifiers: identifiers(finding),
    ...(detail && { details: detail }),
  }
}

const byPlace = (a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : a.line - b.line || a.column - b.column || (a.rule_id < b.rule_id ? -1 : a.rule_id > b.rule_id ? 1 : 0))

/**
 * The report. Suppressed findings are left out (GitLab would open each as a vulnerability to triage again) and
 * counted in `scan.messages`, beside the scan's warnings.
 * @param {ReportInput} input
 */
export function renderGitLabSast(input) {
  const { scan } = input
  const started = Date.parse(input.startedAt)
  const open = scan.findings.filter((f) => !f.suppressed).sort(byPlace)
  const suppressed = scan.findings.length - open.length
  const tool = { id: 'guard', name: 'guard', version: input.toolVersion, vendor: { name: 'guard' } }
  const messages = [
    ...(scan.warnings ?? []).map((w) => ({ level: 'warn', value: `${w.path}: ${w.message}` })),
    ...(suppressed ? [{ level: 'info', value: `${suppressed} suppressed finding(s) left out` }] : []),
  ]
  const report = {
    schema: SCHEMA_URL,
    version: SCHEMA_VERSION,
    scan: {
      analyzer: tool,
      scanner: tool,
      type: 'sast',
      start_time: gitlabTime(started),
      end_time: gitlabTime(started + scan.duration_ms),
      status: 'success',
      ...(messages.length && { messages }),
      // The rules the scan ran (a stored scan keeps those that reported): GitLab resolves a vulnerability whose rule
      // ran and no longer finds it.
      primary_identifiers: [...input.rules.keys()].sort().map((id) => ({ type: 'guard_rule_id', name: id, value: id })),
    },
    vulnerabilities: open.map((f) => vulnerability(f, input.rules)),
  }
  return `${JSON.stringify(report, null, 2)}\n`
}
