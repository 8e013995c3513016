// Derived files under node_modules/.cache/guard: the worker bundle and parsed YAML, reused only while their sources are unchanged.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import fs from 'node:fs'
import { Kernel } from '../kernel/kernel.ts'
import { bundleWorker, cachedWorkerBundle, locate } from '../kernel/scan/worker-bundle.ts'
import { parseYaml, saveYamlCache } from '../kernel/base/yaml-cache.ts'

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
