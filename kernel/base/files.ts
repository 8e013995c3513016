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
  return isInside(fs.realpathSync(root), real) ? real : 'outside'
}

/**
 * Writes `content` to `file`. A regular file (or a new path) is written next to itself and renamed over, so a
 * reader sees the old file or the new one, never half of one. A symbolic link is written through: its target is
 * replaced the same way and the link stays. Anything else that exists (`/dev/null`, `/dev/stdout`, a FIFO) is
 * opened and written, as a shell redirection would: renaming over it would replace a device for the whole machine.
 */
export function writeFileAtomic(file: string, content: string): void {
  let target = file
  let stat = fs.lstatSync(file, { throwIfNoEntry: false })
  if (stat?.isSymbolicLink()) {
    // A dangling link is written through as well: its target is created.
    target = path.resolve(path.dirname(file), fs.readlinkSync(file))
    try {
      target = fs.realpathSync(file)
    } catch {
      // dangling: `target` is where it points
    }
    stat = fs.statSync(target, { throwIfNoEntry: false })
  }
  if (stat && !stat.isFile()) return fs.writeFileSync(target, content)
  const tmp = path.join(path.dirname(target), `.${path.basename(target)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`)
  try {
    fs.writeFileSync(tmp, content, { mode: stat ? stat.mode & 0o777 : 0o644 })
    fs.renameSync(tmp, target)
  } catch (e) {
    fs.rmSync(tmp, { force: true })
    throw e
  }
}
