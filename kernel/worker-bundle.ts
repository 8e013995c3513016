// Worker threads start from a plain-JavaScript bundle of the worker and its engines: loading tsx and
// compiling TypeScript in every new thread costs more than a small scan.
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { build } from 'esbuild'
import { INSTALL_DIR } from './install.ts'

export interface WorkerBundle {
  /** The tinypool entry. */
  filename: string
  /** The engines' module URLs, in the order given. */
  engines: string[]
}

/** Bundles into node_modules/.cache/guard/<content hash>/ (packages stay external and resolve from there). */
export async function bundleWorker(engineUrls: string[]): Promise<WorkerBundle> {
  const entries = [path.join(INSTALL_DIR, 'kernel', 'worker.ts'), ...engineUrls.map((u) => fileURLToPath(u))]
  const result = await build({
    entryPoints: entries,
    outbase: INSTALL_DIR,
    outdir: '/',
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    outExtension: { '.js': '.mjs' },
    write: false,
    logLevel: 'silent',
  })
  const hash = createHash('sha256')
  for (const f of result.outputFiles) hash.update(f.path).update(f.contents)
  const dir = path.join(INSTALL_DIR, 'node_modules', '.cache', 'guard', hash.digest('hex').slice(0, 16))
  const out = (entry: string) => path.join(dir, path.relative(INSTALL_DIR, entry).replace(/\.ts$/, '.mjs'))
  if (!fs.existsSync(out(entries[0]))) {
    // Written to a sibling and renamed, so a concurrent start never sees half a bundle.
    const tmp = `${dir}.${process.pid}.tmp`
    for (const f of result.outputFiles) {
      fs.mkdirSync(path.dirname(path.join(tmp, f.path)), { recursive: true })
      fs.writeFileSync(path.join(tmp, f.path), f.contents)
    }
    try {
      fs.renameSync(tmp, dir)
    } catch {
      fs.rmSync(tmp, { recursive: true, force: true }) // another process won the race with the same content
    }
  }
  return { filename: pathToFileURL(out(entries[0])).href, engines: entries.slice(1).map((e) => pathToFileURL(out(e)).href) }
}
