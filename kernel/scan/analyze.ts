// Everything about a finding that one file decides: matches, snippet, masking, inline suppression, fingerprint.
import { createHash } from 'node:crypto'
import type { Engine, EngineMatch, LinkedFiles, RuleDef, SourceFile, TaintTraceStep } from '../catalog/rule.ts'
import { SEVERITIES, type Severity, type Suppression } from '../base/schemas.ts'
import { evaluateFile } from './evaluate.ts'
import { fingerprintFinding, normalizeCode } from './fingerprint.ts'
import { inlineSuppression } from './suppress.ts'

export interface FileFinding {
  id: string
  rule_id: string
  message: string
  line: number
  column: number
  end_line: number
  end_column: number
  snippet: string
  confidence: 'high' | 'medium' | 'low'
  /** Set where the match is less severe than its rule. */
  severity?: Severity
  suppression: Suppression | null
  /** Taint findings: source, steps and sink (a step in another file names it). */
  trace?: TaintTraceStep[]
}

/** A file's findings past this many are not reported (generated code can match a rule on every line). */
export const MAX_FINDINGS_PER_FILE = 1000
const MAX_SNIPPET_LINES = 5
const MAX_SNIPPET_CHARS = 400

/** First 4 characters, then `****` (CONTRACT §2). */
export function maskSecret(secret: string): string {
  return `${secret.slice(0, 4)}****`
}

const CONFIDENCE_RANK = { high: 0, medium: 1, low: 2 } as const

/**
 * One problem at one place is one finding: of matches on the same line that share a CWE, those with a lower
 * confidence (then severity) go, so a review rule (`*-dynamic`, low confidence) stays quiet where a taint rule of the
 * same weakness already reports.
 */
function strongest(matches: EngineMatch[], byId: Map<string, RuleDef>): EngineMatch[] {
  const rank = (m: EngineMatch) => {
    const rule = byId.get(m.rule_id)
    return CONFIDENCE_RANK[m.confidence ?? 'medium'] * 10 + (rule ? SEVERITIES.indexOf(rule.severity) : 9)
  }
  const byLine = new Map<number, EngineMatch[]>()
  for (const m of matches) byLine.set(m.line, [...(byLine.get(m.line) ?? []), m])
  return matches.filter((m) => {
    const cwe = byId.get(m.rule_id)?.cwe ?? []
    return !byLine.get(m.line)!.some((o) => o.rule_id !== m.rule_id && rank(o) < rank(m) && (byId.get(o.rule_id)?.cwe ?? []).some((c) => cwe.includes(c)))
  })
}

/**
 * The file's findings and how many there were. Past MAX_FINDINGS_PER_FILE the most severe are kept, so a generated
 * file's thousand low findings cannot hide its one critical one.
 */
export function analyzeFile(file: SourceFile, rules: RuleDef[], engines: Engine[], earlier?: Set<string>, linked?: Record<string, LinkedFiles>): { findings: FileFinding[]; found: number } {
  let all = evaluateFile(file, rules, engines, linked)
  // A history meets one secret in version after version and file after file: it is reported where it first came in.
  // `earlier` keeps a hash of each rule's secret (or matched code), never the secret.
  if (earlier) {
    all = all.filter((m) => {
      const key = createHash('sha256').update(`${m.rule_id}\0${m.secret ?? normalizeCode(m.matched)}`).digest('base64url')
      return !earlier.has(key) && !!earlier.add(key)
    })
  }
  if (all.length === 0) return { findings: [], found: 0 }
  const lines = file.text.split(/\r?\n/)
  const seen = new Map<string, number>()
  const located = new Set<string>()
  const byId = new Map(rules.map((r) => [r.id, r]))
  all.sort((a, b) => a.line - b.line || a.column - b.column || a.rule_id.localeCompare(b.rule_id))
  // Two engines or patterns matching the same place are one finding.
  const unique = all.filter((m) => {
    const where = `${m.rule_id}:${m.line}:${m.column}:${m.end_line}:${m.end_column}`
    return !located.has(where) && located.add(where)
  })
  const matches = strongest(unique, byId)
  // Occurrence indices (part of each fingerprint) count in the file's order, whatever is kept.
  const occurrences = matches.map((m) => {
    const key = `${m.rule_id}\0${normalizeCode(m.matched)}`
    const occurrence = seen.get(key) ?? 0
    seen.set(key, occurrence + 1)
    return occurrence
  })
  const severity = (m: EngineMatch) => SEVERITIES.indexOf(byId.get(m.rule_id)?.severity ?? 'info')
  const kept = matches.map((m, i) => ({ m, occurrence: occurrences[i] }))
  if (kept.length > MAX_FINDINGS_PER_FILE) {
    kept.sort((a, b) => severity(a.m) - severity(b.m) || a.m.line - b.m.line)
    kept.length = MAX_FINDINGS_PER_FILE
    kept.sort((a, b) => a.m.line - b.m.line || a.m.column - b.m.column)
  }
  // Every secret the file holds is hidden in every snippet, message and trace: a line can hold two (a user's and
  // a password's), each found by its own match. Longest first, so a secret that holds another is hidden whole.
  const secrets = [...new Set(all.flatMap((m) => (m.secret ? [m.secret] : [])))].sort((a, b) => b.length - a.length)
  const hide = (s: string) => secrets.reduce((text, secret) => text.split(secret).join(maskSecret(secret)), s)
  const findings: FileFinding[] = []
  for (const { m, occurrence } of kept) {
    // Mask before cutting, so a cut can never leave part of a secret unmasked.
    let snippet = hide(lines.slice(m.line - 1, Math.min(m.end_line, m.line - 1 + MAX_SNIPPET_LINES)).join('\n'))
    if (snippet.length > MAX_SNIPPET_CHARS) snippet = `${snippet.slice(0, MAX_SNIPPET_CHARS)}…`
    findings.push({
      id: fingerprintFinding(m.rule_id, file.path, m.matched, occurrence),
      rule_id: m.rule_id,
      message: hide(m.message),
      line: m.line,
      column: m.column,
      end_line: m.end_line,
      end_column: m.end_column,
      snippet,
      confidence: m.confidence ?? 'medium',
      ...(m.severity ? { severity: m.severity } : {}),
      suppression: inlineSuppression(lines, m.line, m.rule_id),
      ...(m.trace ? { trace: m.trace.map((s) => ({ ...s, note: hide(s.note) })) } : {}),
    })
  }
  return { findings, found: matches.length }
}
