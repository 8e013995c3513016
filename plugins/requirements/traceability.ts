// What the routes and `guard trace` do with a repository: check its requirements' coverage, or draft requirements
// for its untraced code units and append them to its requirements file.
import fs from 'node:fs'
import path from 'node:path'
import { effectiveScanConfig, readRepoConfig, requirementKey, withoutLockedKeys, writeFileAtomic, type Kernel } from '../../kernel/plugin.ts'
import { analyseRepository } from './analysis.ts'
import { checkCoverage } from './coverage.ts'
import { describeUnit, planDrafts } from './drafts.ts'
import type { ReadOptions } from './repository.ts'
import { appendRequirements, nextIds, readRequirements } from './requirements-file.ts'
import type { CoverageResult, GenerateResult, UnitKind } from './schemas.ts'

/** How a repository is read: the server's limits and the repository's include/exclude, as a scan reads it. */
function settingsOf(kernel: Kernel, root: string): { requirements?: string; read: ReadOptions } {
  const repo = readRepoConfig(root).config
  const config = effectiveScanConfig(kernel.config, withoutLockedKeys(repo, kernel.config), {})
  // With `exclude` locked, only the server decides what is left out: the repository's .gitignore is not read.
  const gitignore = !(kernel.config.governance?.locked_keys ?? []).includes('exclude')
  return {
    requirements: repo.requirements,
    read: { maxFileBytes: config.limits!.max_file_kb! * 1024, include: config.include, exclude: config.exclude, gitignore, timeoutS: config.limits!.scan_timeout_s },
  }
}

const NO_FILE_NOTE = 'No requirements file yet: every tag found is listed as an orphan. POST /api/generate-reqs drafts one from the code.'

export async function coverageOf(kernel: Kernel, root: string, signal?: AbortSignal): Promise<CoverageResult> {
  const settings = settingsOf(kernel, root)
  const file = readRequirements(root, settings.requirements)
  const analysis = await analyseRepository(root, { ...settings.read, signal, units: false })
  return {
    requirements_file: file.rel,
    ...checkCoverage(file.requirements, analysis),
    note: file.exists ? null : NO_FILE_NOTE,
    files_scanned: analysis.scope.files,
    truncated: analysis.scope.truncated,
  }
}

/** Appends to one file one request at a time (in this process): the second sees the first's drafts as traced. */
const writing = new Map<string, Promise<unknown>>()
function oneAtATime<T>(key: string, task: () => Promise<T>): Promise<T> {
  const run = (writing.get(key) ?? Promise.resolve()).then(task, task)
  const settled = run.catch(() => undefined)
  writing.set(key, settled)
  void settled.then(() => writing.get(key) === settled && writing.delete(key))
  return run
}

export async function generateRequirements(kernel: Kernel, root: string, opts: { dryRun: boolean; kinds?: UnitKind[]; signal?: AbortSignal }): Promise<GenerateResult> {
  const settings = settingsOf(kernel, root)
  // A malformed file is refused before the repository is read, and never written.
  const first = readRequirements(root, settings.requirements)
  const analysis = await analyseRepository(root, { ...settings.read, signal: opts.signal, units: true })
  return oneAtATime(first.abs, async () => {
    // Read again: another request may have appended while the repository was read.
    const file = readRequirements(root, settings.requirements)
    const plan = planDrafts(file.requirements, analysis, opts.kinds)
    const tagged = new Set(analysis.files.flatMap((f) => f.tags.map((t) => requirementKey(t.id))))
    const ids = nextIds(file.requirements, plan.untraced.length, tagged)
    const drafts = plan.untraced.map((u, i) => ({ id: ids[i], ...describeUnit(u), status: 'draft' as const, kind: u.unit.kind, framework: u.unit.framework, language: u.file.language }))
    if (!opts.dryRun && drafts.length) {
      const text = appendRequirements(file, drafts.map(({ id, title, description, source, status }) => ({ id, title, description, source, status })))
      fs.mkdirSync(path.dirname(file.abs), { recursive: true })
      writeFileAtomic(file.abs, text)
    }
    return {
      dry_run: opts.dryRun,
      requirements_file: file.rel,
      written: opts.dryRun ? 0 : drafts.length,
      existing: file.requirements.length,
      units: plan.units,
      traced: plan.traced,
      drafts,
      files_scanned: analysis.scope.files,
      truncated: analysis.scope.truncated,
    }
  })
}
