// Files the service writes: whole or not at all, and never in place of a device, a FIFO or a symbolic link.
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'

/** Whether `p` is `root` or below it (both absolute and resolved). */
export const isInside = (root: string, p: string) => p === root || p.startsWith(root.endsWith(path.sep) ? root : root + path.sep)

/**
 * Where `p` really is, when reading it must not leave `root` (a repository's own configuration and packs): its real
 * path (symbolic links followed) if that is inside `root`, `outside` if not, undefined when nothing is there.
 */
export function confinedPath(root: string, p: string): string | 'outside' | undefined {
  let real: string
  try {
    real = fs.realpathSync(p)
  } catch {
    // A dangling link leads nowhere we read; a path through a file (`a.txt/b`) is nothing.
    let link: fs.Stats | undefined
    try {
      link = fs.lstatSync(p, { throwIfNoEntry: false })
    } catch {
      link = undefined
    }
    return link ? 'outside' : undefined
  }
  let realRoot = realRoots.get(root)
  if (realRoot === undefined) realRoots.set(root, (realRoot = fs.realpathSync(root)))
  return isInside(realRoot, real) ? real : 'outside'
}
const realRoots = new Map<string, string>()

/**
 * A file or folder to read: its real path when it is one of that kind (not a FIFO or a device, which would hang a
 * read) and, with `inside`, does not leave that folder; else undefined.
 */
export function readablePath(p: string, kind: 'file' | 'dir', inside?: string): string | undefined {
  const real = inside ? confinedPath(inside, p) : p
  if (real === undefined || real === 'outside') return undefined
  const stat = fs.statSync(real, { throwIfNoEntry: false })
  return stat && (kind === 'file' ? stat.isFile() : stat.isDirectory()) ? real : undefined
}

/**
 * Writes `content` to `file`. A regular file (or a new path) is written next to itself and renamed over, so a
 * reader sees the old file or the new one, never half of one. A symbolic link is written through: its target is
 * replaced the same way and the link stays. Anything else that exists (`/dev/null`, `/dev/stdout`, a FIFO) is
 * opened and written, as a shell redirection would: renaming over it would replace a device for the whole machine.
 */
export function writeFileAtomic(file: string, content: string): void {
  // What the path leads to, links followed: `/dev/stdout` into a pipe has no real path to rename over.
  const stat = fs.statSync(file, { throwIfNoEntry: false })
  if (stat && !stat.isFile()) return fs.writeFileSync(file, content)
  // A dangling link is written through: the file it leads to is created (there is no old content to keep whole).
  if (!stat && fs.lstatSync(file, { throwIfNoEntry: false })?.isSymbolicLink()) return fs.writeFileSync(file, content)
  const target = stat ? fs.realpathSync(file) : file
  const tmp = path.join(path.dirname(target), `.${path.basename(target)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`)
  try {
    fs.writeFileSync(tmp, content, { mode: stat ? stat.mode & 0o777 : 0o644 })
    fs.renameSync(tmp, target)
  } catch (e) {
    fs.rmSync(tmp, { force: true })
    throw e
  }
}

/**
 * A cache file's text, or undefined when it is missing or is not a regular file (a FIFO would hang the read).
 * Cache files are the service's own: one that cannot be read is made again.
 */
export function readCacheFile(file: string): string | undefined {
  try {
    return readablePath(file, 'file') ? fs.readFileSync(file, 'utf8') : undefined
  } catch {
    return undefined
  }
}

/** Writes a cache file whole (writeFileAtomic), unless something other than a regular file is at its path: that is left alone. */
export function writeCacheFile(file: string, content: string): void {
  const stat = fs.statSync(file, { throwIfNoEntry: false })
  if (stat && !stat.isFile()) return
  fs.mkdirSync(path.dirname(file), { recursive: true })
  writeFileAtomic(file, content)
}
