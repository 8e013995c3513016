// The code around a finding, read now from the scanned repository: confined to the scan's repository under the scan
// roots, every secret of the file masked as snippets are, and marked when the lines no longer match the snapshot.
import fs from 'node:fs'
import path from 'node:path'
import { evaluateFile, languageOf, maskSecret, readablePath, resolveScanTarget, scanRoots, type Finding, type Kernel, type StoredScan } from '../../kernel/plugin.ts'
import type { FindingSource } from './schemas.ts'

/** Larger files are not read for a view (the scan's own limit is lower by default). */
const MAX_FILE_BYTES = 4 * 1024 * 1024
/** Lines of the finding itself shown at most (a match spanning a whole file is cut). */
const MAX_MATCH_LINES = 40

/** The repository a stored scan read, found again under the scan roots; undefined when it is gone or moved. */
function repositoryOf(kernel: Kernel, target: string): string | undefined {
  const roots = scanRoots(kernel.cwd)
  for (const root of roots) {
    try {
      const found = resolveScanTarget(target === '.' ? root : path.join(root, target), roots)
      if (found.relative === target) return found.root
    } catch {
      /* not under this root */
    }
  }
  return undefined
}

/** The secrets the service knows in a file's text (the built-in secrets rules), longest first. */
async function secretsIn(kernel: Kernel, file: string, text: string): Promise<string[]> {
  const rules = kernel.builtinRules.filter((r) => r.secret_group !== undefined)
  const matches = evaluateFile({ path: file, language: languageOf(file), text, isTest: false }, rules, await kernel.engineModules())
  return [...new Set(matches.flatMap((m) => (m.secret ? [m.secret] : [])))].sort((a, b) => b.length - a.length)
}

export async function findingSource(kernel: Kernel, scan: StoredScan, finding: Finding, context: number): Promise<FindingSource> {
  const unavailable = (reason: string): FindingSource => ({ file: finding.file, available: false, reason, changed: false, start_line: finding.line, lines: [] })
  if (scan.target === 'inline') return unavailable('The scan read files sent with the request; they are not kept.')
  const root = repositoryOf(kernel, scan.target)
  if (!root) return unavailable('The repository is no longer under the scan roots.')
  const file = readablePath(path.join(root, finding.file), 'file', root)
  if (!file) return unavailable('The file no longer exists in the repository.')
  if (fs.statSync(file).size > MAX_FILE_BYTES) return unavailable('The file is too large to show.')
  const text = fs.readFileSync(file, 'utf8')
  const secrets = await secretsIn(kernel, finding.file, text)
  const hide = (s: string) => secrets.reduce((out, secret) => out.split(secret).join(maskSecret(secret)), s)
  const all = text.split(/\r?\n/)
  const last = Math.min(finding.end_line, finding.line + MAX_MATCH_LINES - 1)
  const start = Math.max(1, finding.line - context)
  const end = Math.min(all.length, last + context)
  const lines = []
  for (let n = start; n <= end; n++) lines.push({ line: n, text: hide(all[n - 1]), highlight: n >= finding.line && n <= last })
  // The snippet is the matched lines (at most five, 400 characters, then …) as the scan read them.
  const now = hide(all.slice(finding.line - 1, Math.min(finding.end_line, finding.line + 4)).join('\n'))
  const snippet = finding.snippet.endsWith('…') ? finding.snippet.slice(0, -1) : finding.snippet
  const changed = finding.line > all.length || !(finding.snippet.endsWith('…') ? now.startsWith(snippet) : now === snippet)
  return { file: finding.file, available: true, reason: null, changed, start_line: start, lines }
}
