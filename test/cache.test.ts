// Derived files under node_modules/.cache/guard: the worker bundle and parsed YAML, reused only while their sources are unchanged.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import fs from 'node:fs'
import os from 'node:os'
import { createHash } from 'node:crypto'
import { execFileSync } from 'node:child_process'
import { Kernel } from '../kernel/kernel.ts'
import { loadRules } from '../kernel/catalog/rules.ts'
import { bundleWorker, cachedWorkerBundle, locate } from '../kernel/scan/worker-bundle.ts'
import { parseYaml, saveYamlCache } from '../kernel/base/yaml-cache.ts'
import { mainBundle, MAIN_MANIFEST } from '../kernel/base/bundle.ts'
import { freshBundle } from '../kernel/base/bundle-manifest.mjs'
import { CACHE_DIR, INSTALL_DIR } from '../kernel/base/install.ts'
import { runGuard } from './helpers/process.ts'

test('the worker bundle is reused while its sources are unchanged and rebuilt when one changes', async () => {
  const kernel = await Kernel.boot({ threads: 0 })
  try {
    const built = await bundleWorker(kernel.engines)
    assert.ok(fs.existsSync(new URL(built.filename)))
    assert.equal(built.engines.length, kernel.engines.length)
    assert.deepEqual(cachedWorkerBundle(kernel.engines), built)

    // A source that no longer has the size the manifest recorded: the cached bundle is not used.
    const { manifestFile } = locate(kernel.engines)
    const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8'))
    const inputs = Object.keys(manifest.inputs)
    // Pure JavaScript packages are bundled (and tracked); the native ast-grep ones are not.
    assert.ok(inputs.some((f) => f.startsWith('node_modules/picomatch/')))
    assert.ok(!inputs.some((f) => f.startsWith('node_modules/@ast-grep/')))
    const source = inputs.find((f) => f.startsWith('kernel/'))!
    manifest.inputs[source][0] += 1
    fs.writeFileSync(manifestFile, JSON.stringify(manifest))
    assert.equal(cachedWorkerBundle(kernel.engines), undefined)

    // Building again records the real stamps; the content, hence the bundle, is the same.
    assert.deepEqual(await bundleWorker(kernel.engines), built)
    assert.deepEqual(cachedWorkerBundle(kernel.engines), built)
  } finally {
    await kernel.close()
  }
})

test('the guard command starts from its bundle, which holds every plugin and engine and goes stale with a source', async () => {
  const built = await mainBundle()
  const plugins = fs.readdirSync(`${INSTALL_DIR}/plugins`).filter((p) => fs.existsSync(`${INSTALL_DIR}/plugins/${p}/plugin.ts`))
  for (const p of plugins) assert.ok(fs.existsSync(built.outputs[`plugins/${p}/plugin.ts`]), p)
  assert.ok(fs.existsSync(built.outputs['plugins/engine-astgrep/engine.ts']))
  // Packages are loaded from node_modules, but the few that are many small modules: those are bundled, and stamped
  // by their package.json, not file by file.
  const packages = Object.keys(built.inputs).filter((f) => f.startsWith('node_modules/'))
  assert.deepEqual(packages.sort(), ['node_modules/@sinclair/typebox/package.json', 'node_modules/ignore/package.json', 'node_modules/picomatch/package.json', 'node_modules/yaml/package.json'])
  assert.deepEqual(freshBundle(MAIN_MANIFEST, INSTALL_DIR), built)

  // The bundled command scans as the sources do (engines imported from the bundle, rules from the installation).
  const dir = fs.mkdtempSync(`${os.tmpdir()}/guard-bundle-`)
  fs.writeFileSync(`${dir}/app.js`, 'const cp = require("child_process")\nfunction run(req) { cp.exec("ls " + req.query.dir) }\n')
  const [bundled, sources] = await Promise.all([runGuard(['scan', dir, '--format', 'json', '--no-cache']), runGuard(['scan', dir, '--format', 'json', '--no-cache'], { env: { GUARD_NO_BUNDLE: '1' } })])
  const rules = (out: string) => (JSON.parse(out) as { findings: { rule_id: string; line: number }[] }).findings.map((f) => `${f.rule_id}:${f.line}`)
  assert.deepEqual(rules(bundled.stdout), ['js.command-injection:2'])
  assert.deepEqual(rules(bundled.stdout), rules(sources.stdout))

  // A source whose size differs from the one recorded, or a plugin folder added: the bundle is not used.
  const manifest = JSON.parse(fs.readFileSync(MAIN_MANIFEST, 'utf8'))
  manifest.inputs['bin/cli.ts'][0] += 1
  fs.writeFileSync(MAIN_MANIFEST, JSON.stringify(manifest))
  assert.equal(freshBundle(MAIN_MANIFEST, INSTALL_DIR), undefined)
  manifest.inputs['bin/cli.ts'][0] -= 1
  manifest.listing += '\nnew-plugin'
  fs.writeFileSync(MAIN_MANIFEST, JSON.stringify(manifest))
  assert.equal(freshBundle(MAIN_MANIFEST, INSTALL_DIR), undefined)

  // Bundles of sources that changed since are removed when a new one is built, past the most recent few.
  const stale = Array.from({ length: 6 }, (_, i) => `${CACHE_DIR}/${'0'.repeat(15)}${i}`)
  stale.forEach((d, i) => {
    fs.mkdirSync(d, { recursive: true })
    fs.utimesSync(d, new Date(Date.UTC(2000, 0, 1, i)), new Date(Date.UTC(2000, 0, 1, i)))
  })
  assert.deepEqual(await mainBundle(), built)
  assert.ok(fs.existsSync(built.dir), 'the bundle a manifest names is kept')
  assert.ok(!fs.existsSync(stale[0]) && !fs.existsSync(stale[1]), 'an old bundle no manifest names is removed')
  for (const d of stale) fs.rmSync(d, { recursive: true, force: true })
})

test('parsed YAML is served from the cache as fresh objects, and invalid YAML still fails', () => {
  const text = `id: cache-probe-${process.pid}-${Date.now()}\nlist: [1, two, {three: 3}]\nanchor: &a {x: 1}\nalias: *a\n`
  const first = parseYaml(text, 'probe.yaml') as Record<string, unknown>
  saveYamlCache()
  const second = parseYaml(text, 'probe.yaml') as Record<string, unknown>
  assert.deepEqual(second, first)
  assert.notEqual(second, first)
  assert.deepEqual(second.alias, { x: 1 })
  ;(second.list as unknown[]).push('changed')
  assert.deepEqual((parseYaml(text, 'probe.yaml') as Record<string, unknown>).list, [1, 'two', { three: 3 }])
  for (let i = 0; i < 2; i++) assert.throws(() => parseYaml('a: [1, 2\nb: }', 'probe.yaml'))
  // Values JSON cannot carry are parsed every time, never cached lossily.
  assert.equal((parseYaml('x: .inf\n', 'probe.yaml') as { x: number }).x, Infinity)
  assert.equal((parseYaml('x: .inf\n', 'probe.yaml') as { x: number }).x, Infinity)
})

test('a process that parsed only its own configuration keeps the rule library in the YAML cache', async () => {
  const ruleFile = `${INSTALL_DIR}/rules/javascript/js.eval-injection.yaml`
  const key = createHash('sha256').update(fs.readFileSync(ruleFile, 'utf8')).digest('base64url')
  await runGuard(['rules', '--json']) // parses the whole library
  const cached = () => Object.keys(JSON.parse(fs.readFileSync(`${CACHE_DIR}/yaml.json`, 'utf8')))
  assert.ok(cached().includes(key))
  const other = (i: number) => `import { parseYaml, saveYamlCache } from '${INSTALL_DIR}/kernel/base/yaml-cache.ts'\nparseYaml('probe: ${process.pid}-${i}-${Date.now()}\\n', 'x.yaml')\nsaveYamlCache()\n`
  for (let i = 0; i < 2; i++) execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', other(i)], { cwd: INSTALL_DIR })
  assert.ok(cached().includes(key), 'the library is still cached')
})

test('rule folders are loaded from their kept copy while no file changed, and from the files once one did', async () => {
  const dir = fs.mkdtempSync(`${os.tmpdir()}/guard-rules-cache-`)
  const rule = (severity: string) =>
    `id: probe.rule\nname: Probe\nmessage: probe\nseverity: ${severity}\nlanguages: [javascript]\ncwe: [CWE-20]\nowasp: ["A03:2021"]\nconfidence: high\nremediation: none\nregex: 'probe\\('\n`
  // What another process loads: [severity, message] of each rule.
  const load = () =>
    JSON.parse(
      execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', `import { loadRules } from '${INSTALL_DIR}/kernel/catalog/rules.ts'\nconsole.log(JSON.stringify((await loadRules(['${dir}'])).map((r) => [r.severity, r.message])))`], { cwd: INSTALL_DIR, encoding: 'utf8' }),
    )
  try {
    fs.writeFileSync(`${dir}/probe.yaml`, rule('low'))
    assert.deepEqual(load(), [['low', 'probe']])
    const kept = fs.readdirSync(CACHE_DIR).map((f) => `${CACHE_DIR}/${f}`).find((f) => f.includes('/rules-') && fs.readFileSync(f, 'utf8').includes(dir))!
    // The kept copy is what the next process uses while the files are as they were (shown by a change planted in it).
    const text = fs.readFileSync(kept, 'utf8')
    fs.writeFileSync(kept, text.replace('"message":"probe"', '"message":"kept"'))
    assert.deepEqual(load(), [['low', 'kept']])
    // A file changed: loaded from the files.
    fs.writeFileSync(`${dir}/probe.yaml`, rule('high'))
    assert.deepEqual(load(), [['high', 'probe']])
    // A torn copy is never trusted.
    fs.writeFileSync(kept, fs.readFileSync(kept, 'utf8').slice(0, -20))
    assert.deepEqual(load(), [['high', 'probe']])
    // In this process too.
    assert.deepEqual((await loadRules([dir])).map((r) => r.severity), ['high'])
    fs.writeFileSync(`${dir}/probe.yaml`, rule('medium'))
    assert.deepEqual((await loadRules([dir])).map((r) => r.severity), ['medium'])
  } finally {
    fs.rmSync(dir, { recursive: true, force: true })
  }
})
