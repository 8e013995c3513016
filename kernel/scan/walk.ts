// Lists the files of a scan target: .gitignore respected, vendored/build folders, huge and linked files skipped.
import fs from 'node:fs'
import path from 'node:path'
import ignore, { type Ignore } from 'ignore'
import { globCostProblem, globMatcher } from '../base/globs.ts'

export interface SkippedFile {
  path: string
  reason: string
}
export interface WalkedFile {
  path: string
  abs: string
  /** Known for `only` lists; otherwise the worker that reads the file checks its size. */
  size?: number
}

/** Folders that hold dependencies, build output or VCS data, never the project's own code. */
export const SKIPPED_DIRS = new Set([
  '.git', '.hg', '.svn', 'node_modules', 'bower_components', 'jspm_packages', 'vendor', 'third_party', 'Pods',
  '.venv', 'venv', '.tox', '__pycache__', '.mypy_cache', '.pytest_cache', 'site-packages',
  'dist', 'build', 'target', 'obj', '.next', '.nuxt', '.gradle', '.idea', '.vscode', 'coverage', '.guard',
])
const BUNDLE = /\.min\.(js|css)$|[.-]bundle\.js$|\.map$/

/** Why a file over the size limit is skipped. */
export const tooLarge = (maxFileBytes: number) => `larger than ${Math.round(maxFileBytes / 1024)} KB`

export interface WalkOptions {
  maxFileBytes: number
  include?: string[]
  exclude?: string[]
  /** When given, only these relative paths are considered. */
  only?: string[]
  /** Honour the repository's .gitignore files (default true). */
  gitignore?: boolean
}

/**
 * Whether a file at a relative path is scanned: undefined when it is, the reason it is skipped, or '' when the
 * configuration leaves it out (include/exclude). Folders are decided by the walk; a path from elsewhere (a commit)
 * is checked for them here.
 */
export function fileFilter(opts: Pick<WalkOptions, 'include' | 'exclude' | 'maxFileBytes'>, checkFolders = false): (rel: string, size?: number) => string | undefined {
  const included = opts.include?.length ? globMatcher(opts.include) : () => true
  const excluded = globMatcher(opts.exclude)
  return (rel, size) => {
    if (!included(rel) || excluded(rel)) return ''
    if (checkFolders && rel.split('/').slice(0, -1).some((segment) => SKIPPED_DIRS.has(segment))) return 'vendored, build or VCS folder'
    return BUNDLE.test(rel) ? 'minified or bundled' : size !== undefined && size > opts.maxFileBytes ? tooLarge(opts.maxFileBytes) : undefined
  }
}

/**
 * The files of a scan target, listed as the walk goes, so the first ones can be analysed while it goes on.
 * Files left out are added to `skipped`.
 */
export function* walkTarget(root: string, opts: WalkOptions, skipped: SkippedFile[]): Generator<WalkedFile> {
  const filter = fileFilter(opts)
  const consider = (rel: string, abs: string, size?: number): WalkedFile | undefined => {
    const reason = filter(rel, size)
    if (reason === undefined) return { path: rel, abs, size }
    if (reason) skipped.push({ path: rel, reason })
    return undefined
  }

  if (opts.only) {
    for (const rel of opts.only) {
      const abs = path.resolve(root, rel)
      let stat: fs.Stats | undefined
      try {
        stat = fs.lstatSync(abs, { throwIfNoEntry: false })
      } catch {
        stat = undefined // a path through a file (`a.txt/b`) is not found either
      }
      if (!stat) skipped.push({ path: rel, reason: 'not found' })
      else if (stat.isSymbolicLink()) skipped.push({ path: rel, reason: 'symbolic link' })
      else if (stat.isFile()) {
        const file = consider(rel, abs, stat.size)
        if (file) yield file
      }
    }
    return
  }

  function* visit(dirRel: string, rules: { base: string; ig: Ignore }[]): Generator<WalkedFile> {
    const dirAbs = path.join(root, dirRel)
    const gitignore = path.join(dirAbs, '.gitignore')
    if (opts.gitignore !== false && fs.existsSync(gitignore)) {
      const shown = dirRel ? `${dirRel}/.gitignore` : '.gitignore'
      try {
        // The repository writes these patterns: one that would take seconds per path is not applied.
        const lines = fs.readFileSync(gitignore, 'utf8').split(/\r?\n/)
        const costly = lines.map((line, i) => [i + 1, globCostProblem(line)] as const).filter(([, problem]) => problem)
        for (const [line, problem] of costly) skipped.push({ path: `${shown}:${line}`, reason: `pattern not applied: it ${problem}` })
        rules = [...rules, { base: dirRel, ig: ignore().add(lines.filter((_l, i) => !costly.some(([n]) => n === i + 1))) }]
      } catch {
        skipped.push({ path: shown, reason: 'unreadable' })
      }
    }
    const ignored = (rel: string, isDir: boolean) =>
      rules.some(({ base, ig }) => ig.ignores(path.posix.relative(base, rel) + (isDir ? '/' : '')))
    let entries: fs.Dirent[]
    try {
      entries = fs.readdirSync(dirAbs, { withFileTypes: true })
    } catch {
      skipped.push({ path: dirRel || '.', reason: 'unreadable' })
      return
    }
    entries.sort((a, b) => (a.name < b.name ? -1 : 1))
    for (const entry of entries) {
      const rel = dirRel ? `${dirRel}/${entry.name}` : entry.name
      if (entry.isSymbolicLink()) skipped.push({ path: rel, reason: 'symbolic link' })
      else if (entry.isDirectory()) {
        if (SKIPPED_DIRS.has(entry.name)) skipped.push({ path: rel, reason: 'vendored, build or VCS folder' })
        else if (!ignored(rel, true)) yield* visit(rel, rules)
      } else if (entry.isFile() && !ignored(rel, false)) {
        const file = consider(rel, path.join(dirAbs, entry.name))
        if (file) yield file
      }
    }
  }
  yield* visit('', [])
}

/** Generated code: a line no person writes (over 5,000 characters), or, in a larger file, lines averaging over 200. */
const MAX_HUMAN_LINE = 5000
const MAX_MEAN_LINE = 200
const MEAN_FROM = 20_000

/** Binary content (a NUL byte early on) or minified text: not source to scan. */
export function unscannableReason(text: string): string | undefined {
  if (text.slice(0, 8000).includes('\0')) return 'binary'
  if (text.length <= MAX_HUMAN_LINE) return undefined
  let lines = 1
  let longest = 0
  for (let start = 0, nl = text.indexOf('\n'); ; start = nl + 1, nl = text.indexOf('\n', start)) {
    const end = nl === -1 ? text.length : nl
    longest = Math.max(longest, end - start)
    if (nl === -1) break
    lines++
  }
  if (longest > MAX_HUMAN_LINE || (text.length > MEAN_FROM && text.length / lines > MAX_MEAN_LINE)) return 'minified or bundled'
  return undefined
}
