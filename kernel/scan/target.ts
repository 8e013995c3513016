// Where a scan may read: repo paths confined to GUARD_SCAN_ROOTS and changed files to the repository (symlinks
// resolved), inline paths kept relative.
import fs from 'node:fs'
import path from 'node:path'
import { ForbiddenError, NotFoundError, quoted, ValidationError, type FieldError } from '../base/errors.ts'
import { isInside } from '../base/files.ts'
import { globMatcher } from '../base/globs.ts'

export function scanRoots(cwd = process.cwd()): string[] {
  const list = process.env.GUARD_SCAN_ROOTS?.split(path.delimiter).filter(Boolean) ?? [cwd]
  return list.map((r) => {
    const abs = path.resolve(cwd, r)
    return fs.existsSync(abs) ? fs.realpathSync(abs) : abs
  })
}

export interface ScanTarget {
  /** Real absolute path of the repository. */
  root: string
  /** Its path relative to the scan root that holds it ('.' for the root itself). */
  relative: string
}

/** Resolves `repo_path` against the scan roots; anything that escapes them is 403, whatever exists there. */
export function resolveScanTarget(repoPath: string, roots: string[], repoAccess?: string[]): ScanTarget {
  const lexical = path.resolve(roots[0], repoPath)
  const home = roots.find((r) => isInside(r, lexical))
  if (!home) throw new ForbiddenError('repo_path is outside the allowed scan roots')
  let real: string
  try {
    real = fs.realpathSync(lexical)
  } catch {
    throw new NotFoundError(`repo_path not found: ${quoted(repoPath)}`)
  }
  const root = roots.find((r) => isInside(r, real))
  if (!root) throw new ForbiddenError('repo_path is outside the allowed scan roots')
  if (!fs.statSync(real).isDirectory()) throw new NotFoundError(`repo_path is not a directory: ${quoted(repoPath)}`)
  const relative = path.relative(root, real).split(path.sep).join('/') || '.'
  if (repoAccess && !globMatcher(repoAccess)(relative))
    throw new ForbiddenError(`Permission denied: repo_access does not include ${quoted(relative)}`)
  return { root: real, relative }
}

/** Longer paths exist on no file system we scan (Linux PATH_MAX). */
const MAX_PATH = 4096

/** Why a client's relative path is not one (empty, absolute, climbing out), or undefined; `normal` is its clean form. */
function relativePathProblem(given: string): { problem?: string; normal: string } {
  const posix = given.replace(/\\/g, '/')
  const normal = path.posix.normalize(posix).replace(/^(\.\/)+/, '')
  const problem =
    posix === '' || posix.includes('\0') ? 'must be a non-empty path' :
    /\p{Cs}/u.test(posix) ? 'is not valid Unicode (a lone surrogate)' :
    posix.length > MAX_PATH ? `is longer than ${MAX_PATH} characters` :
    posix.startsWith('/') || /^[a-zA-Z]:/.test(posix) ? 'must be a relative path, not absolute' :
    normal === '..' || normal.startsWith('../') ? 'must not climb out of the scan root with ..' :
    normal === '.' ? 'must name a file' : undefined
  return { problem, normal }
}

/** Where `rel` really is below `root`: the real path of it, or of its deepest part that exists. */
function realLocation(root: string, rel: string): string {
  let at = path.join(root, rel)
  for (;;) {
    try {
      return fs.realpathSync(at)
    } catch {
      const up = path.dirname(at)
      if (up === at) return at
      at = up
    }
  }
}

/**
 * A file a repository's configuration names (`baseline`), as an absolute path inside the repository (symbolic links
 * resolved); a path that leaves it is a 422 on `field`.
 */
export function repositoryFile(root: string, rel: string, field: string): string {
  let { problem, normal } = relativePathProblem(rel)
  const real = problem ? '' : realLocation(root, normal)
  if (!problem && !isInside(root, real)) problem = 'resolves outside the repository through a symbolic link'
  if (problem) throw new ValidationError(`Invalid ${field}`, [{ path: field, message: `${quoted(rel)} ${problem}` }])
  return path.join(root, normal)
}

/** Inline file names must be relative and stay below the scan root; returns them in POSIX form. */
export function checkInlinePaths(files: Record<string, string>): Map<string, string> {
  const errors: FieldError[] = []
  const out = new Map<string, string>()
  for (const [name, content] of Object.entries(files)) {
    const { problem, normal } = relativePathProblem(name)
    if (problem) errors.push({ path: `files.${name.slice(0, 200)}`, message: `${quoted(name)} ${problem}` })
    else if (out.has(normal)) errors.push({ path: `files.${name.slice(0, 200)}`, message: `${quoted(name)} names the same file as another entry` })
    else out.set(normal, content)
  }
  if (errors.length) throw new ValidationError('Invalid inline file paths', errors)
  return out
}

/**
 * `changed_files` as clean POSIX paths relative to the repository. An entry that is absolute, climbs out, or
 * resolves outside `root` through a symbolic link (a linked folder, or a link to a file elsewhere) is a 422 naming
 * it; without `root` (inline files) only the path itself is checked. Entries that do not exist stay: the walk
 * lists them as not found (a deleted file in a CI diff). Two spellings of one path are one entry.
 */
export function checkChangedFiles(entries: string[], root?: string): string[] {
  const errors: FieldError[] = []
  const out = entries.map((entry, i) => {
    let { problem, normal } = relativePathProblem(entry)
    if (!problem && root && !isInside(root, realLocation(root, normal))) problem = 'resolves outside the repository through a symbolic link'
    if (problem) errors.push({ path: `changed_files[${i}]`, message: `${quoted(entry)} ${problem}` })
    return normal
  })
  if (errors.length) throw new ValidationError('Invalid changed_files', errors)
  return [...new Set(out)]
}
