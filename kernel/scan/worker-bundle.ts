// Worker threads start from a plain-JavaScript bundle of the worker and its engines (kernel/base/bundle.ts):
// loading tsx and compiling TypeScript in every new thread costs more than a small scan.
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import type { BuildOptions } from 'esbuild'
import { bundle, type BundleManifest } from '../base/bundle.ts'
import { freshBundle } from '../base/bundle-manifest.mjs'
import { CACHE_DIR, INSTALL_DIR } from '../base/install.ts'

export interface WorkerBundle {
  /** The tinypool entry. */
  filename: string
  /** The engines' module URLs, in the order given. */
  engines: string[]
}

/**
 * Bundled whole: the ast-grep packages (native code) stay external and resolve from node_modules; the others are
 * pure JavaScript and bundled, which spares each thread their module resolution and CommonJS parsing.
 */
const BUILD_OPTIONS = {
  bundle: true,
  format: 'esm',
  platform: 'node',
  target: 'node20',
  external: ['@ast-grep/*'],
  outExtension: { '.js': '.mjs' },
} satisfies BuildOptions

/** The bundle's entries, and the manifest file that records what it was built from. */
export function locate(engineUrls: string[]): { entries: string[]; manifestFile: string } {
  const entries = [path.join(INSTALL_DIR, 'kernel', 'scan', 'worker.ts'), ...engineUrls.map((u) => fileURLToPath(u))].map((f) => path.relative(INSTALL_DIR, f))
  // The options are part of the key: a bundle built differently is another bundle.
  const key = createHash('sha256').update(entries.join('\n')).update(JSON.stringify(BUILD_OPTIONS)).digest('hex').slice(0, 16)
  return { entries, manifestFile: path.join(CACHE_DIR, `worker-${key}.json`) }
}

function bundleIn(manifest: BundleManifest, entries: string[]): WorkerBundle {
  const out = (entry: string) => pathToFileURL(manifest.outputs[entry]).href
  return { filename: out(entries[0]), engines: entries.slice(1).map(out) }
}

/** The bundle built before, when none of its sources has changed since: found synchronously, without esbuild. */
export function cachedWorkerBundle(engineUrls: string[]): WorkerBundle | undefined {
  const { entries, manifestFile } = locate(engineUrls)
  const manifest = freshBundle(manifestFile, INSTALL_DIR)
  return manifest && bundleIn(manifest, entries)
}

export async function bundleWorker(engineUrls: string[]): Promise<WorkerBundle> {
  const { entries, manifestFile } = locate(engineUrls)
  return bundleIn(await bundle(entries, manifestFile, BUILD_OPTIONS), entries)
}

/** The code whose change changes results: the kernel's scan, catalogue and base, and the engines' plugins. */
const codeDirs = () => ['kernel/scan', 'kernel/catalog', 'kernel/base', ...fs.readdirSync(path.join(INSTALL_DIR, 'plugins')).filter((p) => p.startsWith('engine-')).map((p) => `plugins/${p}`)]

/** The parsers: another version may parse a file into another tree. */
const PARSER_PACKAGES = 'node_modules/@ast-grep'

let codeVersion: string | undefined
/**
 * A hash of the analysing code (each source file's size and modification time) and of the parsers' versions: another
 * build never reuses an answer.
 */
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
  const parsers = path.join(INSTALL_DIR, PARSER_PACKAGES)
  for (const name of fs.existsSync(parsers) ? fs.readdirSync(parsers).sort() : []) {
    const stat = fs.statSync(path.join(parsers, name, 'package.json'), { throwIfNoEntry: false })
    if (stat) hash.update(`${name}\0${stat.size}\0${stat.mtimeMs}\n`)
  }
  return (codeVersion = hash.digest('hex').slice(0, 16))
}

