#!/usr/bin/env node
// The `guard` command. It starts from a plain-JavaScript bundle of the CLI, the kernel and the built-in plugins
// (kernel/base/bundle.ts) while none of their sources has changed since it was built; otherwise it loads the
// TypeScript through tsx, builds the bundle for the next start, and runs from it. The help needs neither.
import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { freshBundle } from '../kernel/base/bundle-manifest.mjs'

const INSTALL_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const MANIFEST = path.join(INSTALL_DIR, 'node_modules', '.cache', 'guard', 'main.json')
const args = process.argv.slice(2)

if (args.length <= 1 && ['help', '--help', '-h'].includes(args[0] ?? 'help')) {
  process.stdout.write(fs.readFileSync(path.join(INSTALL_DIR, 'bin', 'usage.txt'), 'utf8'))
  process.exit(args.length ? 0 : 2)
}

/** The CLI's `main` from the bundle, with the kernel told where the bundle's plugins and engines are. */
async function fromBundle(manifest) {
  const url = (source) => pathToFileURL(manifest.outputs[source]).href
  const map = Object.fromEntries(Object.keys(manifest.outputs).map((source) => [pathToFileURL(path.join(INSTALL_DIR, source)).href, url(source)]))
  ;(await import(url('kernel/base/modules.ts'))).useBundle(map)
  return (await import(url('bin/cli.ts'))).main
}

/** The sources through tsx; the bundle is built for the next start (a read-only installation just runs slower). */
async function fromSources() {
  await import('./preload.mjs')
  const { register } = await import('tsx/esm/api')
  register()
  if (!process.env.GUARD_NO_BUNDLE) {
    try {
      const { mainBundle } = await import('../kernel/base/bundle.ts')
      return await fromBundle(await mainBundle())
    } catch {
      // no esbuild, no writable cache: the sources serve
    }
  }
  return (await import('./cli.ts')).main
}

const manifest = process.env.GUARD_NO_BUNDLE ? undefined : freshBundle(MANIFEST, INSTALL_DIR)
const main = manifest ? await fromBundle(manifest) : await fromSources()
process.exitCode = await main(args)
