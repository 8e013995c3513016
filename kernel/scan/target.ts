// Where a scan may read: repo paths confined to GUARD_SCAN_ROOTS (symlinks resolved), inline paths kept relative.
import fs from 'node:fs'
import path from 'node:path'
import picomatch from 'picomatch'
import { ForbiddenError, NotFoundError, ValidationError, type FieldError } from '../base/errors.ts'

export function scanRoots(cwd = process.cwd()): string[] {
  const list = process.env.GUARD_SCAN_ROOTS?.split(path.delimiter).filter(Boolean) ?? [cwd]
  return list.map((r) => {
    const abs = path.resolve(cwd, r)
    return fs.existsSync(abs) ? fs.realpathSync(abs) : abs
  })
}

const inside = (root: string, p: string) => p === root || p.startsWith(root.endsWith(path.sep) ? root : root + path.sep)

export interface ScanTarget {
  /** Real absolute path of the repository. */
  root: string
  /** Its path relative to the scan root that holds it ('.' for the root itself). */
  relative: string
}

/** Resolves `repo_path` against the scan roots; anything that escapes them is 403, whatever exists there. */
export function resolveScanTarget(repoPath: string, roots: string[], repoAccess?: string[]): ScanTarget {
  const lexical = path.resolve(roots[0], repoPath)
  const home = roots.find((r) => inside(r, lexical))
  if (!home) throw new ForbiddenError('repo_path is outside the allowed scan roots')
  let real: string
  try {
    real = fs.realpathSync(lexical)
  } catch {
    throw new NotFoundError(`repo_path not found: ${repoPath}`)
  }
  const root = roots.find((r) => inside(r, real))
  if (!root) throw new ForbiddenError('repo_path is outside the allowed scan roots')
  if (!fs.statSync(real).isDirectory()) throw new NotFoundError(`repo_path is not a directory: ${repoPath}`)
  const relative = path.relative(root, real).split(path.sep).join('/') || '.'
  if (repoAccess && !picomatch.isMatch(relative, repoAccess, { dot: true }))
    throw new ForbiddenError(`Permission denied: repo_access does not include ${relative}`)
  return { root: real, relative }
}

/** Inline file names must be relative and stay below the scan root; returns them in POSIX form. */
export function checkInlinePaths(files: Record<string, string>): Map<string, string> {
  const errors: FieldError[] = []
  const out = new Map<string, string>()
  for (const [name, content] of Object.entries(files)) {
    const posix = name.replace(/\\/g, '/')
    const bad =
      posix === '' || posix.includes('\0') ? 'must be a non-empty path' :
      posix.startsWith('/') || /^[a-zA-Z]:/.test(posix) ? 'must be a relative path, not absolute' :
      posix.split('/').includes('..') ? 'must not climb out of the scan root with ..' : undefined
    if (bad) errors.push({ path: `files.${name}`, message: bad })
    else out.set(path.posix.normalize(posix).replace(/^(\.\/)+/, ''), content)
  }
  if (errors.length) throw new ValidationError('Invalid inline file paths', errors)
  return out
}
