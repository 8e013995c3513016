// JUnit XML reporter: one testsuite per rule, one testcase per finding; CI test tabs show a scan as tests.
import { escapeMarkup, escapeXmlAttribute, type Finding, type Reporter, type ReportInput } from '../../kernel/plugin.ts'
import { comparePosition, locationLabel, occurrences, severityRank, sortedFindings, standardsLabel, suppressionLabel } from './findings.ts'

interface Suite {
  ruleId: string
  cases: Finding[]
}

/** Milliseconds as JUnit seconds, from integers so suite times add up exactly to the total. */
function seconds(ms: number): string {
  return `${Math.floor(ms / 1000)}.${String(ms % 1000).padStart(3, '0')}`
}

/** Spreads the scan's duration over the testcases (whole ms), so case, suite and total times agree. */
function shareTime(totalMs: number, count: number): number[] {
  const total = Math.max(0, Math.round(totalMs))
  const base = Math.floor(total / count)
  return Array.from({ length: count }, (_, i) => base + (i < total % count ? 1 : 0))
}

/** Ant-style timestamp (UTC, seconds, no zone) of the scan start; empty when the input time is unreadable. */
function timestamp(iso: string): string {
  const t = Date.parse(iso)
  return Number.isNaN(t) ? '' : new Date(t).toISOString().slice(0, 19)
}

function attributes(attrs: Record<string, string | number>): string {
  return Object.entries(attrs)
    .filter(([, v]) => v !== '')
    .map(([k, v]) => ` ${k}="${escapeXmlAttribute(String(v))}"`)
    .join('')
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim()
}

function details(f: Finding, ruleName: string): string {
  const lines = [
    `Rule: ${f.rule_id}${ruleName && ruleName !== f.rule_id ? ` (${ruleName})` : ''}`,
    `Severity: ${f.severity}, confidence: ${f.confidence}`,
    `Location: ${locationLabel(f)} to ${f.end_line}:${f.end_column}`,
    f.cwe.length ? `CWE: ${f.cwe.join(', ')}` : '',
    f.owasp.length ? `OWASP: ${f.owasp.join(', ')}` : '',
    f.standards.length ? `Standards: ${standardsLabel(f)}` : '',
    `Finding id: ${f.id}`,
    f.snippet ? `Snippet:\n${f.snippet}` : '',
    f.remediation ? `Remediation: ${f.remediation}` : '',
  ]
  return lines.filter(Boolean).join('\n')
}

function suitesOf(input: ReportInput): Suite[] {
  const byRule = new Map<string, Finding[]>()
  for (const f of sortedFindings(input.scan.findings, comparePosition)) {
    const list = byRule.get(f.rule_id) ?? []
    list.push(f)
    byRule.set(f.rule_id, list)
  }
  const worst = (cases: Finding[]) => Math.min(...cases.map((f) => severityRank(f.severity)))
  return [...byRule.entries()]
    .map(([ruleId, cases]) => ({ ruleId, cases }))
    .sort((a, b) => worst(a.cases) - worst(b.cases) || (a.ruleId < b.ruleId ? -1 : a.ruleId > b.ruleId ? 1 : 0))
}

export function renderJunit(input: ReportInput): string {
  const { scan } = input
  const started = timestamp(input.startedAt)
  const out: string[] = ['<?xml version="1.0" encoding="UTF-8"?>']

  if (scan.findings.length === 0) {
    const time = seconds(shareTime(scan.duration_ms, 1)[0])
    out.push(
      `<testsuites${attributes({ name: 'guard', tests: 1, failures: 0, errors: 0, time })}>`,
      `  <testsuite${attributes({ name: 'guard', tests: 1, failures: 0, errors: 0, skipped: 0, time, timestamp: started, id: 0, package: 'guard' })}>`,
      `    <testcase${attributes({ classname: 'guard', name: `scan of ${input.target}: no findings`, time })}/>`,
      '  </testsuite>',
      '</testsuites>',
    )
    return `${out.join('\n')}\n`
  }

  const suites = suitesOf(input)
  const times = shareTime(scan.duration_ms, scan.findings.length)
  const occurrence = occurrences(scan.findings, (f) => `${f.rule_id}\0${f.file}`)
  const failures = scan.findings.filter((f) => !f.suppressed).length
  out.push(`<testsuites${attributes({ name: 'guard', tests: scan.findings.length, failures, errors: 0, time: seconds(times.reduce((a, b) => a + b, 0)) })}>`)

  let next = 0
  suites.forEach((suite, id) => {
    const rule = input.rules.get(suite.ruleId)
    const ruleName = rule?.name ?? suite.ruleId
    const caseTimes = suite.cases.map(() => times[next++])
    const skipped = suite.cases.filter((f) => f.suppressed).length
    out.push(
      `  <testsuite${attributes({
        name: suite.ruleId,
        tests: suite.cases.length,
        failures: suite.cases.length - skipped,
        errors: 0,
        skipped,
        time: seconds(caseTimes.reduce((a, b) => a + b, 0)),
        timestamp: started,
        id,
        package: 'guard',
      })}>`,
      '    <properties>',
      ...[
        ['rule.name', ruleName],
        ['rule.severity', rule?.severity ?? suite.cases[0].severity],
        ['rule.cwe', (rule?.cwe ?? suite.cases[0].cwe).join(', ')],
        ['rule.owasp', (rule?.owasp ?? suite.cases[0].owasp).join(', ')],
        ['rule.remediation', rule?.remediation ?? suite.cases[0].remediation],
        ['scan.id', scan.scan_id],
        ['scan.target', input.target],
      ].map(([name, value]) => `      <property${attributes({ name, value: value || '-' })}/>`),
      '    </properties>',
    )
    suite.cases.forEach((f, i) => {
      const name = `${locationLabel(f)} #${occurrence.get(f)}`
      out.push(`    <testcase${attributes({ classname: f.rule_id, name, time: seconds(caseTimes[i]) })}>`)
      if (f.suppressed) {
        out.push(`      <skipped${attributes({ message: suppressionLabel(f) })}/>`)
      } else {
        const message = oneLine(f.message) || ruleName
        out.push(`      <failure${attributes({ message, type: f.severity })}>${escapeMarkup(details(f, ruleName))}</failure>`)
      }
      out.push('    </testcase>')
    })
    out.push('  </testsuite>')
  })
  out.push('</testsuites>')
  return `${out.join('\n')}\n`
}

export const junitReporter: Reporter = {
  format: 'junit',
  contentType: 'application/xml; charset=utf-8',
  extension: 'xml',
  render: renderJunit,
}
