// The scan pipeline: target → config → packs and rules → walk → workers → findings → suppressions → store.
import { randomUUID } from 'node:crypto'
import { checkOverrides, effectiveScanConfig, readRepoConfig, timeoutMs, type GuardConfig, type ScanConfig } from '../config/config.ts'
import { loadPacks, standardsOf } from '../catalog/packs.ts'
import { allRules, packDirs, selectRules } from '../catalog/catalog.ts'
import { checkLockedKeys, withoutLockedKeys } from '../config/governance.ts'
import type { BatchFile, FileResult } from './batch.ts'
import { keepListed, linkAcrossFiles } from './linked.ts'
import type { Engine, RuleDef } from '../catalog/rule.ts'
import { SEVERITIES, type Finding, type ScanRequest, type ScanResult, type Severity } from '../base/schemas.ts'
import type { RuleMeta, Store } from '../store/store.ts'
import type { ScanPool } from './pool.ts'
import type { Identity } from '../access/permissions.ts'
import { configSuppressor } from './suppress.ts'
import { checkChangedFiles, checkInlinePaths, repositoryFile, resolveScanTarget, scanRoots } from './target.ts'
import { readBaseline } from './baseline.ts'
import { cacheFor } from './result-cache.ts'
import { FolderResults } from './folder-results.ts'
import { analysingCode } from './worker-bundle.ts'
import { tooLarge, walkTarget, type SkippedFile } from './walk.ts'
import { scanHistory } from './history.ts'
import { ValidationError } from '../base/errors.ts'

/** What a scan needs from the kernel that runs it. */
export interface ScanContext {
  cwd: string
  config: GuardConfig
  pool: ScanPool
  /** Engine module URLs, loaded in the worker threads. */
  engines: string[]
  builtinRules: RuleDef[]
  /** The engines loaded in this thread, to check the packs' own rules. */
  engineModules(): Promise<Engine[]>
  store(): Promise<Store>
  /** Where results are kept between scans (undefined: off), and what is told of the entries a scan wrote. */
  resultCache?: { dir: string; wrote(dir: string, entries: number): void }
}

export interface ScanProgress {
  files_done: number
  files_total: number
  findings: number
}

export interface ScanOptions {
  identity?: Identity
  /** The HTTP request the scan answers (audit entries written on its behalf name it). */
  requestId?: string
  /** Fingerprints to leave out (the CLI's --baseline file); else the repository's `baseline` decides. */
  baseline?: Set<string>
  /** Another folder for the results kept between scans (the CLI's --cache), or null for none (--no-cache). */
  cacheDir?: string | null
  /** Scan roots for repo_path (default GUARD_SCAN_ROOTS); the CLI passes the directory it was given. */
  roots?: string[]
  signal?: AbortSignal
  onStart?: (info: { scan_id: string; files_total: number; rules_total: number }) => void
  onProgress?: (p: ScanProgress) => void
  /** The id to store the scan under (a queued scan keeps the id it was given when enqueued, whichever run stores it). */
  scanId?: string
  /** What the scan answers: a queue runs a gate before scans and reports. */
  purpose?: 'scan' | 'gate' | 'report'
  /** Evaluates the listed files instead of this process's threads (a queue's worker spreads a large repository over shards). */
  analyzer?: Analyzer
  /** When the scan began (epoch ms) if before this call: a queued scan split into shards is finished by a later run than the one that began it. */
  startedAt?: number
  /** A request's repo_url as a queue worker checked it out: where its tree is, and what it is (its URL is the stored target). */
  checkout?: { root: string; url: string; ref?: string; commit: string }
}

/** Evaluates a scan's files with its rules: the kernel's thread pool, or something that hands them out further. */
export type Analyzer = Pick<ScanPool, 'analyze'>

export interface ScanOutcome {
  result: ScanResult
  rules: RuleDef[]
  config: ScanConfig
  target: string
  startedAt: string
}

/** The fingerprints of a repository's baseline file; a file that cannot be read is a warning, and nothing is left out. */
function repositoryBaseline(root: string | undefined, rel: string, warnings: { path: string; message: string }[]): Set<string> | undefined {
  if (!root) return void warnings.push({ path: 'baseline', message: 'applies to repository scans, not inline files' })
  const read = readBaseline(repositoryFile(root, rel, 'baseline'))
  if ('ids' in read) return read.ids
  warnings.push({ path: rel, message: `baseline not applied: ${read.problem}; every finding is reported` })
  return undefined
}

export function ruleMeta(rule: RuleDef): RuleMeta {
  const { pattern, rule: _r, constraints, regex, regex_flags, absent, prefilter, source, ...meta } = rule
  return meta
}

/** A scan's result is kept whole in memory and in the store: past this many findings, the rest are left out. */
const MAX_FINDINGS_PER_SCAN = 100_000

function countBySeverity(findings: Finding[]): Record<Severity, number> {
  const counts = Object.fromEntries(SEVERITIES.map((s) => [s, 0])) as Record<Severity, number>
  for (const f of findings) if (!f.suppressed) counts[f.severity]++
  return counts
}

/**
 * What a scan request names, checked as the scan starts (overrides, locked keys, inline paths, the target and its
 * access, changed files: each refusal its status), with the repository's config and the effective one. A queue runs
 * it before enqueueing, so a refused request is answered at once and never reaches a worker.
 */
export function checkScanRequest(kernel: Pick<ScanContext, 'cwd' | 'config'>, request: ScanRequest, opts: Pick<ScanOptions, 'identity' | 'roots' | 'checkout'>) {
  // A repo_url is checked and cloned by queue mode (plugins/queue), whose workers pass their checkout.
  if (request.repo_url !== undefined && !opts.checkout)
    throw new ValidationError('Invalid repo_url', [{ path: 'repo_url', message: 'a repository is cloned by URL only in queue mode, by `guard worker` processes (GUARD_QUEUE_URL); here, scan a repo_path' }])
  if (request.ref !== undefined && request.repo_url === undefined) throw new ValidationError('Invalid ref', [{ path: 'ref', message: 'names a branch, tag or commit of a repo_url' }])
  const overrides = checkOverrides(request.config_overrides ?? {})
  // A request's changed_files narrows what a gate sees: governance may lock it like a scan key.
  checkLockedKeys({ ...overrides, ...(request.changed_files !== undefined && { changed_files: request.changed_files }) }, kernel.config, opts.identity)
  const inline = request.files ? checkInlinePaths(request.files) : undefined
  // Stored under its URL (the repository, as approvals and trends group scans); the result names the commit.
  const checkout = opts.checkout && { root: opts.checkout.root, relative: opts.checkout.url }
  const target = inline ? undefined : checkout ?? resolveScanTarget(request.repo_path ?? '.', opts.roots ?? scanRoots(kernel.cwd), opts.identity?.role === 'agent' ? opts.identity.repo_access ?? [] : undefined)
  const changed = request.changed_files && checkChangedFiles(request.changed_files, target?.root)
  const repo = target ? readRepoConfig(target.root) : { config: {}, warnings: [] }
  const config = effectiveScanConfig(kernel.config, withoutLockedKeys(repo.config, kernel.config), overrides)
  return { inline, target, changed, repo, config }
}

export async function runScan(kernel: ScanContext, request: ScanRequest, opts: ScanOptions): Promise<ScanOutcome> {
  const started = opts.startedAt ?? Date.now()
  const startedAt = new Date(started).toISOString()
  const { inline, target, changed, repo, config } = checkScanRequest(kernel, request, opts)
  const warnings = [...repo.warnings]
  const packs = loadPacks(packDirs(target?.root, kernel.cwd))
  const { rules, enabledPacks } = selectRules(await allRules(kernel.builtinRules, packs, () => kernel.engineModules()), packs, config)
  const maxFileBytes = config.limits!.max_file_kb! * 1024

  const skipped: SkippedFile[] = []
  let files: Iterable<{ path: string; abs?: string; text?: string; size?: number }>
  if (inline) {
    const only = changed && new Set(changed)
    const listed = []
    for (const [p, text] of inline) {
      if (only && !only.has(p)) continue
      const size = Buffer.byteLength(text)
      if (size > maxFileBytes) skipped.push({ path: p, reason: tooLarge(maxFileBytes) })
      else listed.push({ path: p, text, size })
    }
    files = listed
  } else {
    // With `exclude` locked, only the server decides what is left out: the repository's .gitignore is not read.
    const gitignore = !(kernel.config.governance?.locked_keys ?? []).includes('exclude')
    files = walkTarget(target!.root, { maxFileBytes, include: config.include, exclude: config.exclude, only: changed, gitignore }, skipped)
  }

  const scanId = opts.scanId ?? randomUUID()
  const timeout = AbortSignal.timeout(timeoutMs(config.limits!.scan_timeout_s!))
  const signal = opts.signal ? AbortSignal.any([opts.signal, timeout]) : timeout
  let total = 0
  let done = 0
  let found = 0
  let results: (FileResult & { commit?: string; commit_date?: string })[]
  let evaluated = rules
  /** Files read, or in a history the file versions read (the results keep only those with findings). */
  let read: number | undefined
  if (request.history) {
    if (!target) throw new ValidationError('history needs a repository', [{ path: 'history', message: 'reads the git history of a repo_path, not inline files' }])
    // A history is read for what stays exposed in it: the secrets rules of the enabled packs.
    const secrets = (evaluated = rules.filter((r) => r.secret_group !== undefined))
    opts.onStart?.({ scan_id: scanId, files_total: 0, rules_total: secrets.length })
    const history = await scanHistory(
      target.root,
      {
        since: request.history_since,
        rules: secrets,
        engines: await kernel.engineModules(),
        filter: { maxFileBytes, include: config.include, exclude: config.exclude },
        signal,
        scanTimeoutS: config.limits!.scan_timeout_s!,
        onFile: (r, versions) => opts.onProgress?.({ files_done: versions, files_total: versions, findings: (found += r.findings.length) }),
      },
      skipped,
    )
    ;[results, read] = [history.results, history.versions]
  } else {
    const cacheDir = opts.cacheDir === undefined ? kernel.resultCache?.dir : opts.cacheDir ?? undefined
    const cache = cacheFor(cacheDir, rules, analysingCode())
    // A repository's files that look as they did at its last scan are answered without reading them. A checkout of
    // a repository by URL (a folder per commit) is known by its URL: its files are read, and those with the content
    // they had at the last scan are not analysed again.
    const folder = cache && target ? FolderResults.open(cache, opts.checkout?.url ?? target.root, maxFileBytes, !!changed) : undefined
    const analyzing = (analyzer: Analyzer) => (folder ? folder.reusing(analyzer) : analyzer.analyze.bind(analyzer))
    const analysis = {
      rules,
      engines: kernel.engines,
      cache,
      signal,
      scanTimeoutS: config.limits!.scan_timeout_s!,
      maxFileBytes,
      fileTimeoutMs: timeoutMs(Number(process.env.GUARD_FILE_TIMEOUT_S ?? 30)),
    }
    const kept: BatchFile[] = []
    results = await analyzing(opts.analyzer ?? kernel.pool)(keepListed(files, kept), {
      ...analysis,
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
    // Flows across files: summaries and second looks run on this process's threads, once every file (every shard) has had its first.
    results = await linkAcrossFiles(results, kept, (batch) => analyzing(kernel.pool)(batch, analysis), warnings)
    if (folder?.save()) kernel.resultCache?.wrote(cacheDir!, results.filter((r) => !r.cached && !r.skipped).length)
  }

  const cached = results.filter((r) => r.cached && !r.skipped).length
  const byId = new Map(rules.map((r) => [r.id, r]))
  const suppressByConfig = configSuppressor(config.suppressions)
  const findings: Finding[] = []
  let scanned = 0
  let capped = false
  for (const r of results) {
    if (r.skipped) {
      skipped.push({ path: r.path, reason: r.skipped })
      continue
    }
    scanned++
    for (const note of r.notes ?? []) warnings.push({ path: r.path, message: note })
    if (r.found > r.findings.length) warnings.push({ path: r.path, message: `only the first ${r.findings.length} findings of this file are reported (${r.found} found)` })
    const room = MAX_FINDINGS_PER_SCAN - findings.length
    if (r.findings.length > room && !capped) {
      capped = true
      warnings.push({ path: r.path, message: `the scan keeps its first ${MAX_FINDINGS_PER_SCAN} findings: the rest of this file's and all of later files' are left out` })
    }
    for (const f of r.findings.slice(0, room)) {
      const rule = byId.get(f.rule_id)!
      const suppression = f.suppression ?? suppressByConfig(f.rule_id, r.path)
      findings.push({
        id: f.id,
        rule_id: f.rule_id,
        severity: f.severity ?? rule.severity,
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
        ...(f.trace ? { trace: f.trace.map((s) => ({ file: r.path, ...s })) } : {}),
        ...(r.commit ? { commit: r.commit, commit_date: r.commit_date } : {}),
      })
    }
  }
  // A baseline leaves out what the repository already had: the CLI's file, or the repository's `baseline`.
  let baselined: number | undefined
  const baseline = opts.baseline ?? (config.baseline !== undefined ? repositoryBaseline(target?.root, config.baseline, warnings) : undefined)
  if (baseline) {
    const before = findings.length
    for (let i = findings.length - 1; i >= 0; i--) if (baseline.has(findings[i].id)) findings.splice(i, 1)
    baselined = before - findings.length
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
    files_scanned: read ?? scanned,
    ...(cached ? { files_cached: cached } : {}),
    files_skipped: skipped,
    rules_evaluated: evaluated.length,
    duration_ms: Date.now() - started,
    suppressed,
    ...(baselined !== undefined ? { baselined } : {}),
    ...(opts.checkout ? { repository: { url: opts.checkout.url, ...(opts.checkout.ref !== undefined ? { ref: opts.checkout.ref } : {}), commit: opts.checkout.commit } } : {}),
    warnings,
  }
  const targetName = target ? target.relative : 'inline'
  const firing = new Set(findings.map((f) => f.rule_id))
  // A scan under an id its caller fixed (a queued scan) may be run again: the first run's stored scan stays.
  const stored = { id: scanId, target: targetName, started_at: startedAt, result, rules: rules.filter((r) => firing.has(r.id)).map(ruleMeta), gate: null, suppressions: config.suppressions ?? [] }
  await (await kernel.store()).saveScan(stored, { once: opts.scanId !== undefined })
  return { result, rules, config, target: targetName, startedAt }
}
