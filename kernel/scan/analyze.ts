// Everything about a finding that one file decides: matches, snippet, masking, inline suppression, fingerprint.
import type { Engine, RuleDef, SourceFile, TaintTraceStep } from '../catalog/rule.ts'
import type { Suppression } from '../base/schemas.ts'
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
  suppression: Suppression | null
  /** Taint findings: source, steps and sink in this file. */
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

/** The file's findings (at most MAX_FINDINGS_PER_FILE, the first in the file) and how many there were. */
export function analyzeFile(file: SourceFile, rules: RuleDef[], engines: Engine[]): { findings: FileFinding[]; found: number } {
  const matches = evaluateFile(file, rules, engines)
  if (matches.length === 0) return { findings: [], found: 0 }
  const lines = file.text.split(/\r?\n/)
  const seen = new Map<string, number>()
  const located = new Set<string>()
  matches.sort((a, b) => a.line - b.line || a.column - b.column || a.rule_id.localeCompare(b.rule_id))
  const findings: FileFinding[] = []
  let found = 0
  for (const m of matches) {
    // Two engines or patterns matching the same place are one finding.
    const where = `${m.rule_id}:${m.line}:${m.column}:${m.end_line}:${m.end_column}`
    if (located.has(where)) continue
    located.add(where)
    if (++found > MAX_FINDINGS_PER_FILE) continue
    const key = `${m.rule_id}\0${normalizeCode(m.matched)}`
    const occurrence = seen.get(key) ?? 0
    seen.set(key, occurrence + 1)
    const hide = (s: string) => (m.secret ? s.split(m.secret).join(maskSecret(m.secret)) : s)
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
      suppression: inlineSuppression(lines, m.line, m.rule_id),
      ...(m.trace ? { trace: m.trace.map((s) => ({ ...s, note: hide(s.note) })) } : {}),
    })
  }
  return { findings, found }
}
