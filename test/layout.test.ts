// The kernel's layout (STYLE.md): groups whose dependencies run one way, no import circle, and plugins that use
// the kernel only through its doors (plugin.ts, and engine-api.ts for code that runs in the worker threads).
import { test } from 'node:test'
import assert from 'node:assert/strict'
import fs from 'node:fs'
import path from 'node:path'
import { INSTALL_DIR } from '../kernel/base/install.ts'

/** Lower layers first: a file may import its own group and the groups before it, never one after it. */
const LAYERS = ['base', 'access', 'config', 'catalog', 'store', 'scan', 'devops', 'plugins', 'kernel']
const DOORS = ['kernel/plugin.ts', 'kernel/engine-api.ts']

function sourcesUnder(dir: string): string[] {
  return (fs.readdirSync(path.join(INSTALL_DIR, dir), { recursive: true }) as string[])
    .filter((f) => /\.(ts|mjs)$/.test(f))
    .map((f) => path.posix.join(dir, f.split(path.sep).join('/')))
}

/** A file's relative imports: every one (type-only imports tie the code together as much), or those loaded at run time. */
function importsOf(file: string, runtimeOnly = false): string[] {
  const text = fs.readFileSync(path.join(INSTALL_DIR, file), 'utf8')
  return [...text.matchAll(/(?:\b(?:import|export)(\s+type)?\b[^'"]*?\bfrom|\bimport)\s*\(?\s*['"](\.{1,2}\/[^'"?]+)/g)]
    .filter((m) => !(runtimeOnly && m[1]))
    .map((m) => path.posix.normalize(path.posix.join(path.posix.dirname(file), m[2])))
}

const layerOf = (file: string) => {
  const group = file.split('/')[1]
  return LAYERS.indexOf(file.split('/').length > 2 ? group : 'kernel')
}

test('kernel groups depend only on themselves and the groups below them', () => {
  const wrong: string[] = []
  for (const file of sourcesUnder('kernel')) {
    for (const dep of importsOf(file).filter((d) => d.startsWith('kernel/'))) {
      if (layerOf(dep) > layerOf(file)) wrong.push(`${file} → ${dep}`)
    }
  }
  assert.deepEqual(wrong, [])
})

test('no import circle inside the kernel', () => {
  const graph = new Map(sourcesUnder('kernel').map((f) => [f, importsOf(f).filter((d) => d.startsWith('kernel/'))]))
  const state = new Map<string, 'open' | 'done'>()
  const circles: string[] = []
  const visit = (file: string, trail: string[]) => {
    if (state.get(file) === 'done') return
    if (state.get(file) === 'open') return void circles.push([...trail.slice(trail.indexOf(file)), file].join(' → '))
    state.set(file, 'open')
    for (const dep of graph.get(file) ?? []) visit(dep, [...trail, file])
    state.set(file, 'done')
  }
  for (const file of graph.keys()) visit(file, [])
  assert.deepEqual(circles, [])
})

test('plugins reach the kernel only through its doors, and never another plugin', () => {
  const wrong: string[] = []
  for (const file of sourcesUnder('plugins')) {
    const own = file.split('/').slice(0, 2).join('/')
    for (const dep of importsOf(file)) {
      if (dep.startsWith('kernel/') ? !DOORS.includes(dep) : !dep.startsWith(`${own}/`)) wrong.push(`${file} → ${dep}`)
    }
  }
  assert.deepEqual(wrong, [])
})

test('code that runs in the worker threads does not load the server', () => {
  // engine-api.ts, the worker, and every module they load: no Fastify, no store, no config.
  const reached = new Set<string>()
  const walk = (file: string) => {
    if (reached.has(file)) return
    reached.add(file)
    for (const dep of importsOf(file, true)) walk(dep)
  }
  walk('kernel/engine-api.ts')
  walk('kernel/scan/worker.ts')
  const heavy = [...reached].filter((f) => /kernel\/(kernel|server|plugin)\.ts$|kernel\/(store|config|access)\//.test(f))
  assert.deepEqual(heavy, [])
})
