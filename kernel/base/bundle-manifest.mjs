// Whether a bundle built before still matches its sources, answered without TypeScript: bin/guard.mjs asks this
// before it decides to start from the bundle, and kernel/base/bundle.ts before it builds one.
import fs from 'node:fs'
import path from 'node:path'

/** A file's size and modification time, or undefined when it is gone. */
export function stamp(file) {
  const s = fs.statSync(file, { throwIfNoEntry: false })
  return s && [s.size, s.mtimeMs]
}

/** The folders' entries, sorted: a plugin folder added or removed changes what a bundle must hold. */
export function listing(root, folders) {
  return folders.map((f) => fs.readdirSync(path.join(root, f)).sort().join('\n')).join('\n\n')
}

/**
 * The manifest of a bundle built before (`{dir, outputs, inputs, folders, listing}`), when every source it was built
 * from has its recorded size and time, the listed folders hold the same entries, and the bundle is still there.
 */
export function freshBundle(manifestFile, root) {
  try {
    const m = JSON.parse(fs.readFileSync(manifestFile, 'utf8'))
    if (!m.outputs) return undefined // written by an older build
    for (const [file, [size, mtime]] of Object.entries(m.inputs)) {
      const now = stamp(path.join(root, file))
      if (!now || now[0] !== size || now[1] !== mtime) return undefined
    }
    if (m.folders && listing(root, m.folders) !== m.listing) return undefined
    return fs.existsSync(m.dir) ? m : undefined
  } catch {
    return undefined
  }
}
