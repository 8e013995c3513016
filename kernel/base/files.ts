// Files the service writes: whole or not at all.
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'

/** Writes next to the file and renames over it, so a reader sees the old file or the new one, never half of one. */
export function writeFileAtomic(file: string, content: string): void {
  const tmp = path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`)
  try {
    const mode = fs.existsSync(file) ? fs.statSync(file).mode & 0o777 : 0o644
    fs.writeFileSync(tmp, content, { mode })
    fs.renameSync(tmp, file)
  } catch (e) {
    fs.rmSync(tmp, { force: true })
    throw e
  }
}
