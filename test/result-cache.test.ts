// Results kept between scans (issue 14): an unchanged file is read and hashed, not analysed again; a changed file,
// another rule set or a torn entry never reuses a stale answer; the cache keeps to its size.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import fs from 'node:fs'
import path from 'node:path'
import { tempDir, writeTree } from './helpers/server.ts'
import { runGuard } from './helpers/process.ts'
import { trimCache } from '../kernel/scan/result-cache.ts'
import type { ScanResult } from '../kernel/base/schemas.ts'

const FILES = {
  'app.py': 'import hashlib\nh = hashlib.md5(b"x")\n',
  'web.js': 'const el = document.getElementById("x")\nel.innerHTML = location.hash\n',
  'clean.go': 'package main\n\nfunc main() {}\n',
}

async function scan(dir: string, cache: string, ...extra: string[]): Promise<ScanResult> {
  const { code, stdout, stderr } = await runGuard(['scan', dir, '--format', 'json', '--cache', cache, ...extra])
  assert.equal(code, 0, stderr)
  return JSON.parse(stdout) as ScanResult
}

const findings = (r: ScanResult) => r.findings.map((f) => `${f.rule_id} ${f.file}:${f.line} ${f.id}`).sort()

test('a rescan of unchanged files takes every result from the cache and gives the same findings', async () => {
  const dir = tempDir()
  const cache = path.join(tempDir(), 'cache')
  writeTree(dir, FILES)
  const cold = await scan(dir, cache)
  assert.equal(cold.files_cached, undefined)
  const warm = await scan(dir, cache)
  assert.equal(warm.files_cached, warm.files_scanned)
  assert.deepEqual(findings(warm), findings(cold))
  assert.ok(cold.findings.length >= 2)

  // One file changed: only it is analysed, and its new finding is there.
  fs.writeFileSync(path.join(dir, 'app.py'), 'import hashlib\nh = hashlib.md5(b"x")\nh2 = hashlib.sha1(b"y")\n')
  const after = await scan(dir, cache)
  assert.equal(after.files_cached, after.files_scanned - 1)
  assert.equal(after.findings.filter((f) => f.file === 'app.py').length, 2)

  // Other rules never reuse these answers.
  const other = await scan(dir, cache, '--pack', 'secrets')
  assert.equal(other.files_cached, undefined)

  // --no-cache reads nothing from it.
  const none = await scan(dir, cache.replace(/cache$/, 'unused'), '--no-cache')
  assert.equal(none.files_cached, undefined)
  assert.ok(!fs.existsSync(cache.replace(/cache$/, 'unused')))
})

test('a torn or foreign entry is not trusted', async () => {
  const dir = tempDir()
  const cache = path.join(tempDir(), 'cache')
  writeTree(dir, FILES)
  const cold = await scan(dir, cache)
  const entries = fs.readdirSync(cache, { recursive: true }).map(String).filter((f) => f.endsWith('.json'))
  assert.ok(entries.length >= 3)
  // One entry cut in half, another replaced by a valid entry of another key.
  const [a, b] = entries.map((f) => path.join(cache, f))
  fs.writeFileSync(a, fs.readFileSync(a, 'utf8').slice(0, 20))
  fs.writeFileSync(b, JSON.stringify({ key: 'not-this-one', result: { findings: [], found: 0 } }))
  const again = await scan(dir, cache)
  assert.equal(again.files_cached, again.files_scanned - 2)
  assert.deepEqual(findings(again), findings(cold))
})

test('the cache keeps to its size: the least recently used entries go first', () => {
  const dir = tempDir()
  for (let i = 0; i < 20; i++) {
    const file = path.join(dir, `${String(i).padStart(2, '0')}`, `${i}.json`)
    fs.mkdirSync(path.dirname(file), { recursive: true })
    fs.writeFileSync(file, 'x'.repeat(1000))
    const at = new Date(Date.now() - (20 - i) * 60_000)
    fs.utimesSync(file, at, at)
  }
  const kept = trimCache(dir, 10_000)
  assert.ok(kept <= 10_000, `${kept} bytes kept`)
  const left = fs.readdirSync(dir, { recursive: true }).map(String).filter((f) => f.endsWith('.json'))
  assert.ok(left.includes(path.join('19', '19.json')), 'the newest stays')
  assert.ok(!left.includes(path.join('00', '0.json')), 'the oldest goes')
})
