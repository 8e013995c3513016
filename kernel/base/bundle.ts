// Plain-JavaScript bundles of our TypeScript, written under CACHE_DIR by esbuild and used until a source changes:
// the worker threads start from one (kernel/scan/worker-bundle.ts), and the `guard` command from another
// (bin/guard.mjs): loading tsx and compiling TypeScript costs more than a small scan.
import { createHash } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import type { BuildOptions, Plugin } from 'esbuild'
import { writeFileAtomic } from './files.ts'
import { CACHE_DIR, INSTALL_DIR } from './install.ts'
import { freshBundle, listing, stamp, type BundleManifest } from './bundle-manifest.mjs'

export type { BundleManifest }

/**
 * Each source keeps its own `import.meta.url` in the bundle: the files it names beside it (a plugin's engine, the
 * dashboard's assets, the installation's root) are found where they are, not beside the bundle.
 */
const ownUrls: Plugin = {
  name: 'own-import-meta-url',
  setup(build) {
    build.onLoad({ filter: /\.(ts|mts)$/ }, async (args) => ({
      contents: (await fs.promises.readFile(args.path, 'utf8')).replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href)),
      loader: 'ts',
    }))
  },
}

/** The bundle the manifest names when its sources have not changed since, else a new one (and its manifest). */
export async function bundle(entries: string[], manifestFile: string, options: BuildOptions, folders?: string[], plugins: Plugin[] = []): Promise<BundleManifest> {
  return freshBundle(manifestFile, INSTALL_DIR) ?? build(entries, manifestFile, options, folders, plugins)
}

async function build(entries: string[], manifestFile: string, options: BuildOptions, folders: string[] | undefined, plugins: Plugin[]): Promise<BundleManifest> {
  const { build } = await import('esbuild')
  const result = await build({
    ...options,
    entryPoints: entries,
    absWorkingDir: INSTALL_DIR,
    outbase: INSTALL_DIR,
    outdir: OUT, // never written there: the outputs are written below under their content's hash
    write: false,
    metafile: true,
    logLevel: 'silent',
    plugins: [...plugins, ownUrls],
  })
  const relative = (file: string) => path.relative(path.join(INSTALL_DIR, OUT), path.resolve(INSTALL_DIR, file))
  const hash = createHash('sha256')
  for (const f of result.outputFiles) hash.update(relative(f.path)).update(f.contents)
  const dir = path.join(CACHE_DIR, hash.digest('hex').slice(0, 16))
  if (!fs.existsSync(dir)) {
    // Written to a sibling and renamed, so a concurrent start never sees half a bundle.
    const tmp = `${dir}.${process.pid}.tmp`
    for (const f of result.outputFiles) {
      fs.mkdirSync(path.dirname(path.join(tmp, relative(f.path))), { recursive: true })
      fs.writeFileSync(path.join(tmp, relative(f.path)), f.contents)
    }
    try {
      fs.renameSync(tmp, dir)
    } catch {
      fs.rmSync(tmp, { recursive: true, force: true }) // another process won the race with the same content
    }
  }
  const outputs: BundleManifest['outputs'] = {}
  for (const [out, meta] of Object.entries(result.metafile.outputs)) if (meta.entryPoint) outputs[meta.entryPoint] = path.join(dir, relative(out))
  const inputs: BundleManifest['inputs'] = {}
  // A package bundled in is stamped by its package.json (an install or upgrade rewrites it), not file by file.
  for (const file of new Set(Object.keys(result.metafile.inputs).map(packageFile))) {
    const s = stamp(path.join(INSTALL_DIR, file))
    if (s) inputs[file] = s
  }
  const manifest: BundleManifest = { dir, outputs, inputs, ...(folders && { folders, listing: listing(INSTALL_DIR, folders) }) }
  writeFileAtomic(manifestFile, JSON.stringify(manifest))
  prune()
  return manifest
}

/** An input's package.json when it comes from node_modules (the nearest one above it), else the input itself. */
function packageFile(input: string): string {
  if (!input.split('/').includes('node_modules')) return input
  for (let dir = path.posix.dirname(input); dir !== '.' && path.posix.basename(dir) !== 'node_modules'; dir = path.posix.dirname(dir)) {
    if (fs.existsSync(path.join(INSTALL_DIR, dir, 'package.json'))) return `${dir}/package.json`
  }
  return input
}

/** Bundles no manifest names are kept this long: a process started from one may still import its chunks lazily. */
const UNNAMED_KEPT_MS = 60 * 60 * 1000
/** And at most this many of them, the most recent (each edit of a source makes a new bundle). */
const UNNAMED_KEPT = 4

/** Removes the bundles of sources that have since changed (an upgrade, or a developer's edits), past the margins above. */
function prune(): void {
  try {
    const named = new Set<string>()
    const entries = fs.readdirSync(CACHE_DIR, { withFileTypes: true })
    for (const e of entries) {
      if (!e.isFile() || !e.name.endsWith('.json') || e.name === 'yaml.json') continue
      try {
        named.add((JSON.parse(fs.readFileSync(path.join(CACHE_DIR, e.name), 'utf8')) as BundleManifest).dir)
      } catch {
        // a manifest being replaced: its bundle is kept by the margins
      }
    }
    const unnamed = entries
      .filter((e) => e.isDirectory() && /^[0-9a-f]{16}$/.test(e.name) && !named.has(path.join(CACHE_DIR, e.name)))
      .map((e) => ({ dir: path.join(CACHE_DIR, e.name), at: fs.statSync(path.join(CACHE_DIR, e.name)).mtimeMs }))
      .sort((a, b) => b.at - a.at)
    for (const { dir, at } of unnamed.slice(UNNAMED_KEPT)) if (Date.now() - at > UNNAMED_KEPT_MS) fs.rmSync(dir, { recursive: true, force: true })
  } catch {
    // a read-only or vanished cache: nothing to tidy
  }
}

/** The outputs' folder as esbuild sees it (relative to the installation); they are written elsewhere. */
const OUT = 'bundle-out'

/** Where bin/guard.mjs finds the main bundle's manifest. */
export const MAIN_MANIFEST = path.join(CACHE_DIR, 'main.json')

/**
 * Packages stay in node_modules, but a few that every start loads and that are many small modules: TypeBox's ESM
 * build (some 250 files) and yaml's CommonJS (74), which Node resolves and loads one by one (about 120 ms a start);
 * inside the bundle they are chunks. TypeBox marks its types with registered symbols (Symbol.for), so a schema made by
 * this copy and one by node_modules' copy are the same to both. Their `require` of Node's own modules goes through
 * the `require` the banner makes (resolving from the installation, as theirs would).
 */
const BUNDLED = /^(@sinclair\/typebox|yaml|picomatch|ignore)(\/|$)/
const fewPackages: Plugin = {
  name: 'few-packages',
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) => (BUNDLED.test(args.path) ? undefined : { path: args.path, external: true }))
  },
}
const REQUIRE = `import { createRequire as __guardRequire } from 'node:module'; const require = __guardRequire(${JSON.stringify(pathToFileURL(path.join(INSTALL_DIR, 'package.json')).href)});`

/**
 * The `guard` command's bundle: the CLI, the kernel, every built-in plugin and engine, each an entry of its own
 * (the kernel imports plugins and engines by path: kernel/base/modules.ts maps those paths to these outputs), their
 * shared code in chunks.
 */
export function mainBundle(): Promise<BundleManifest> {
  const plugins = fs.readdirSync(path.join(INSTALL_DIR, 'plugins')).sort()
  const inPlugins = (name: string) => plugins.map((p) => path.join('plugins', p, name)).filter((f) => fs.existsSync(path.join(INSTALL_DIR, f)))
  const entries = ['bin/cli.ts', 'kernel/plugin.ts', 'kernel/base/modules.ts', ...inPlugins('plugin.ts'), ...inPlugins('engine.ts')]
  return bundle(entries, MAIN_MANIFEST, { bundle: true, splitting: true, format: 'esm', platform: 'node', target: 'node20', outExtension: { '.js': '.mjs' }, banner: { js: REQUIRE } }, ['plugins'], [fewPackages])
}
