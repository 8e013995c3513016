// The scan pipeline: target → config → packs and rules → walk → workers → findings → suppressions → store.
import { randomUUID } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { checkOverrides, DEFAULT_PACKS, effectiveScanConfig, loadConfigFile, type GuardConfig, type ScanConfig } from '../config/config.ts'
import { ValidationError } from '../base/errors.ts'
import { loadPacks, standardsOf } from '../catalog/packs.ts'
import { allRules, packDirs, selectRules } from '../catalog/catalog.ts'
import { checkLockedKeys, withoutLockedKeys } from '../config/governance.ts'
import type { FileResult } from './batch.ts'
import type { RuleDef } from '../catalog/rule.ts'
import { SEVERITIES, type Finding, type ScanRequest, type ScanResult, type Severity } from '../base/schemas.ts'
import type { RuleMeta, Store } from '../store/store.ts'
import type { ScanPool } from './pool.ts'
import type { Identity } from '../access/permissions.ts'
import { configSuppressor } from './suppress.ts'
import { checkInlinePaths, resolveScanTarget, scanRoots } from './target.ts'
import { tooLarge, walkTarget, type SkippedFile } from './walk.ts'

/** What a scan needs from the kernel that runs it. */
export interface ScanContext {
  cwd: string
  config: GuardConfig
  pool: ScanPool
  /** Engine module URLs, loaded in the worker threads. */
  engines: string[]
  builtinRules: RuleDef[]
  store(): Promise<Store>
}

export interface ScanProgress {
  files_done: number
  files_total: number
  findings: number
}

export interface ScanOptions {
  identity?: Identity
  /** Scan roots for repo_path (default GUARD_SCAN_ROOTS); the CLI passes the directory it was given. */
  roots?: string[]
  signal?: AbortSignal
  onStart?: (info: { scan_id: string; files_total: number; rules_total: number }) => void
  onProgress?: (p: ScanProgress) => void
}

export interface ScanOutcome {
  result: ScanResult
  rules: RuleDef[]
  config: ScanConfig
  target: string
  startedAt: string
}

export function ruleMeta(rule: RuleDef): RuleMeta {
  const { pattern, rule: _r, constraints, regex, regex_flags, absent, prefilter, source, ...meta } = rule
  return meta
}

function countBySeverity(findings: Finding[]): Record<Severity, number> {
  const counts = Object.fromEntries(SEVERITIES.map((s) => [s, 0])) as Record<Severity, number>
  for (const f of findings) if (!f.suppressed) counts[f.severity]++
  return counts
}

export async function runScan(kernel: ScanContext, request: ScanRequest, opts: ScanOptions): Promise<ScanOutcome> {
  const started = Date.now()
  const startedAt = new Date(started).toISOString()
  const overrides = checkOverrides(request.config_overrides ?? {})
  checkLockedKeys(overrides, kernel.config, opts.identity)
  const inline = request.files ? checkInlinePaths(request.files) : undefined
  const target = inline ? undefined : resolveScanTarget(request.repo_path ?? '.', opts.roots ?? scanRoots(kernel.cwd), opts.identity?.role === 'agent' ? opts.identity.repo_access ?? [] : undefined)
  let repoConfig: GuardConfig = {}
  if (target) {
    try {
      repoConfig = loadConfigFile(path.join(target.root, '.guard.yaml'))
    } catch (e) {
      if (e instanceof ValidationError) throw new ValidationError(`The repository's .guard.yaml is invalid`, (e.errors ?? []).map((x) => ({ ...x, path: `.guard.yaml: ${x.path}` })))
      throw e
    }
  }
  const config = effectiveScanConfig(kernel.config, withoutLockedKeys(repoConfig, kernel.config), overrides)
  const packs = loadPacks(packDirs(target?.root, kernel.cwd))
  const { rules, enabledPacks } = selectRules(await allRules(kernel.builtinRules, packs), packs, config)
  const maxFileBytes = config.limits!.max_file_kb! * 1024

  const skipped: SkippedFile[] = []
  let files: Iterable<{ path: string; abs?: string; text?: string; size?: number }>
  if (inline) {
    const only = request.changed_files ? new Set(request.changed_files.map((f) => f.replace(/\\/g, '/'))) : undefined
    const listed = []
    for (const [p, text] of inline) {
      if (only && !only.has(p)) continue
      const size = Buffer.byteLength(text)
      if (size > maxFileBytes) skipped.push({ path: p, reason: tooLarge(maxFileBytes) })
      else listed.push({ path: p, text, size })
    }
    files = listed
  } else {
    files = walkTarget(target!.root, { maxFileBytes, include: config.include, exclude: config.exclude, only: request.changed_files }, skipped)
  }

  const scanId = randomUUID()
  const timeout = AbortSignal.timeout(config.limits!.scan_timeout_s! * 1000)
  const signal = opts.signal ? AbortSignal.any([opts.signal, timeout]) : timeout
  let total = 0
  let done = 0
  let found = 0
  const results: FileResult[] = await kernel.pool.analyze(files, {
    rules,
    engines: kernel.engines,
    signal,
    scanTimeoutS: config.limits!.scan_timeout_s!,
    maxFileBytes,
    fileTimeoutMs: Number(process.env.GUARD_FILE_TIMEOUT_S ?? 30) * 1000,
    onListed: (listed) => {
      total = listed
      opts.onStart?.({ scan_id: scanId, files_total: total, rules_total: rules.length })
    },
    onFileDone: (r) => {
      done++
      found += r.findings.length
      opts.onProgress?.({ files_done: done, files_total: total, findings: found })
    },
  })

  const byId = new Map(rules.map((r) => [r.id, r]))
  const suppressByConfig = configSuppressor(config.suppressions)
  const findings: Finding[] = []
  let scanned = 0
  for (const r of results) {
    if (r.skipped) {
      skipped.push({ path: r.path, reason: r.skipped })
      continue
    }
    scanned++
    for (const f of r.findings) {
      const rule = byId.get(f.rule_id)!
      const suppression = f.suppression ?? suppressByConfig(f.rule_id, r.path)
      findings.push({
        id: f.id,
        rule_id: f.rule_id,
        severity: rule.severity,
        message: f.message,
        file: r.path,
        line: f.line,
        column: f.column,
        end_line: f.end_line,
        end_column: f.end_column,
        snippet: f.snippet,
        cwe: rule.cwe,
        owasp: rule.owasp,
        standards: standardsOf(rule, enabledPacks),
        confidence: f.confidence,
        remediation: rule.remediation,
        suppressed: suppression !== null,
        suppression,
      })
    }
  }
  findings.sort((a, b) => SEVERITIES.indexOf(a.severity) - SEVERITIES.indexOf(b.severity) || a.file.localeCompare(b.file) || a.line - b.line || a.column - b.column)
  skipped.sort((a, b) => a.path.localeCompare(b.path))
  const by_severity = countBySeverity(findings)
  const suppressed = findings.filter((f) => f.suppressed).length
  const result: ScanResult = {
    findings,
    total: findings.length - suppressed,
    by_severity,
    scan_id: scanId,
    files_scanned: scanned,
    files_skipped: skipped,
    rules_evaluated: rules.length,
    duration_ms: Date.now() - started,
    suppressed,
  }
  const targetName = target ? target.relative : 'inline'
  const firing = new Set(findings.map((f) => f.rule_id))
  await (await kernel.store()).saveScan({ id: scanId, target: targetName, started_at: startedAt, result, rules: rules.filter((r) => firing.has(r.id)).map(ruleMeta), gate: null, suppressions: config.suppressions ?? [] })
  return { result, rules, config, target: targetName, startedAt }
}
