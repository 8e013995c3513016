// Worker threads start from a plain-JavaScript bundle of the worker and its engines: loading tsx and
// compiling TypeScript in every new thread costs more than a small scan.
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import type { BuildOptions } from 'esbuild'
import { writeFileAtomic } from '../base/files.ts'
import { CACHE_DIR, INSTALL_DIR } from '../base/install.ts'

export interface WorkerBundle {
  /** The tinypool entry. */
  filename: string
  /** The engines' module URLs, in the order given. */
  engines: string[]
}

/** What a bundle was built from: every source file esbuild read, with its size and modification time. */
interface Manifest {
  dir: string
  inputs: Record<string, [size: number, mtimeMs: number]>
}

const stamp = (file: string): [number, number] | undefined => {
  const s = fs.statSync(file, { throwIfNoEntry: false })
  return s && [s.size, s.mtimeMs]
}

/** The bundle of these entries built before, when none of its sources has changed since (no esbuild run). */
function unchanged(manifestFile: string): string | undefined {
  try {
    const m = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Manifest
    const fresh = Object.entries(m.inputs).every(([file, [size, mtime]]) => {
      const now = stamp(path.join(INSTALL_DIR, file))
      return now !== undefined && now[0] === size && now[1] === mtime
    })
    return fresh && fs.existsSync(m.dir) ? m.dir : undefined
  } catch {
    return undefined
  }
}

/**
 * Bundled into node_modules/.cache/guard/<content hash>/. The ast-grep packages (native code) stay external and
 * resolve from there; the others are pure JavaScript and bundled, which spares each thread their module resolution
 * and CommonJS parsing.
 */
const BUILD_OPTIONS = {
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  external: ['@ast-grep/*'],
  outExtension: { '.js': '.mjs' },
} satisfies BuildOptions

async function build(entries: string[], manifestFile: string): Promise<string> {
  const { build } = await import('esbuild')
  const result = await build({
    ...BUILD_OPTIONS,
    entryPoints: entries,
    absWorkingDir: INSTALL_DIR,
    outbase: INSTALL_DIR,
    outdir: '/',
    write: false,
    metafile: true,
    logLevel: 'silent',
  })
  const hash = createHash('sha256')
  for (const f of result.outputFiles) hash.update(f.path).update(f.contents)
  const dir = path.join(CACHE_DIR, hash.digest('hex').slice(0, 16))
  if (!fs.existsSync(dir)) {
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
  const inputs: Manifest['inputs'] = {}
  for (const file of Object.keys(result.metafile.inputs)) {
    const s = stamp(path.join(INSTALL_DIR, file))
    if (s) inputs[file] = s
  }
  writeFileAtomic(manifestFile, JSON.stringify({ dir, inputs } satisfies Manifest))
  return dir
}

/** The bundle's entries, and the manifest file that records what it was built from. */
export function locate(engineUrls: string[]): { entries: string[]; manifestFile: string } {
  const entries = [path.join(INSTALL_DIR, 'kernel', 'scan', 'worker.ts'), ...engineUrls.map((u) => fileURLToPath(u))]
  // The options are part of the key: a bundle built differently is another bundle.
  const key = createHash('sha256').update(entries.join('\n')).update(JSON.stringify(BUILD_OPTIONS)).digest('hex').slice(0, 16)
  return { entries, manifestFile: path.join(CACHE_DIR, `worker-${key}.json`) }
}

function bundleIn(dir: string, entries: string[]): WorkerBundle {
  const out = (entry: string) => pathToFileURL(path.join(dir, path.relative(INSTALL_DIR, entry).replace(/\.ts$/, '.mjs'))).href
  return { filename: out(entries[0]), engines: entries.slice(1).map(out) }
}

/** The bundle built before, when none of its sources has changed since: found synchronously, without esbuild. */
export function cachedWorkerBundle(engineUrls: string[]): WorkerBundle | undefined {
  const { entries, manifestFile } = locate(engineUrls)
  const dir = unchanged(manifestFile)
  return dir === undefined ? undefined : bundleIn(dir, entries)
}

export async function bundleWorker(engineUrls: string[]): Promise<WorkerBundle> {
  const { entries, manifestFile } = locate(engineUrls)
  return bundleIn(unchanged(manifestFile) ?? (await build(entries, manifestFile)), entries)
}

/** The code whose change changes results: the kernel's scan, catalogue and base, and the engines' plugins. */
const codeDirs = () => ['kernel/scan', 'kernel/catalog', 'kernel/base', ...fs.readdirSync(path.join(INSTALL_DIR, 'plugins')).filter((p) => p.startsWith('engine-')).map((p) => `plugins/${p}`)]

let codeVersion: string | undefined
/** A hash of the analysing code (each source file's size and modification time): another build never reuses an answer. */
export function analysingCode(): string {
  if (codeVersion) return codeVersion
  const hash = createHash('sha256')
  for (const dir of codeDirs()) {
    const base = path.join(INSTALL_DIR, dir)
    const files = (fs.readdirSync(base, { recursive: true }) as string[]).filter((f) => /\.(ts|mjs|js)$/.test(f)).sort()
    for (const f of files) {
      const stat = fs.statSync(path.join(base, f), { throwIfNoEntry: false })
      if (stat) hash.update(`${dir}/${f}\0${stat.size}\0${stat.mtimeMs}\n`)
    }
  }
  return (codeVersion = hash.digest('hex').slice(0, 16))
}

