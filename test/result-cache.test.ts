// Results kept between scans (issue 14): an unchanged file is read and hashed, not analysed again; a file that looks
// as it did at the folder's last scan is not read at all; a changed file, another rule set or size limit, or a torn
// entry never reuses a stale answer; the cache keeps to its size.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import fs from 'node:fs'
import path from 'node:path'
import { tempDir, writeTree } from './helpers/server.ts'
import { runGuard } from './helpers/process.ts'
import { cachedResult, storeResult, trimCache } from '../kernel/scan/result-cache.ts'
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

test("a queue shard's per-file entries: a torn or foreign entry is not trusted", () => {
  const ref = { dir: tempDir(), scope: 'scope', entries: true }
  const result = { findings: [], found: 0 }
  const texts = ['a = 1\n', 'b = 2\n', 'c = 3\n']
  const keys = texts.map((text, i) => {
    const { key, result: none } = cachedResult(ref, `f${i}.py`, text)
    assert.equal(none, undefined)
    storeResult(ref, key, result)
    return key
  })
  assert.deepEqual(cachedResult(ref, 'f0.py', texts[0]).result, result)
  // One entry cut in half, another replaced by a valid entry of another key: neither answers.
  const file = (key: string) => path.join(ref.dir, key.slice(0, 2), `${key}.json`)
  fs.writeFileSync(file(keys[1]), fs.readFileSync(file(keys[1]), 'utf8').slice(0, 20))
  fs.writeFileSync(file(keys[2]), JSON.stringify({ key: 'not-this-one', result }))
  assert.equal(cachedResult(ref, 'f1.py', texts[1]).result, undefined)
  assert.equal(cachedResult(ref, 'f2.py', texts[2]).result, undefined)
  // Without `entries` (a scan with a folder record), no entry is read or written.
  assert.equal(cachedResult({ ...ref, entries: false }, 'f0.py', texts[0]).result, undefined)
})

test("a folder's files that look as they did at its last scan are answered from it; any change is read again", async () => {
  const dir = tempDir()
  const cache = path.join(tempDir(), 'cache')
  writeTree(dir, { ...FILES, 'big.js': `// ${'x'.repeat(3000)}\neval(location.hash)\n` })
  // Older than a tick of the file system's clock when first scanned: a file written in the tick it was looked at is
  // read again next time (a later write in the same tick would not show).
  await new Promise((resolve) => setTimeout(resolve, 2100))
  const cold = await scan(dir, cache)
  const folders = path.join(cache, 'folders')
  assert.equal(fs.readdirSync(folders).length, 1)
  // Without the per-file entries, only the folder's record can answer.
  const onlyFolders = () => fs.readdirSync(cache).filter((shard) => shard !== 'folders').forEach((shard) => fs.rmSync(path.join(cache, shard), { recursive: true, force: true }))
  onlyFolders()
  const warm = await scan(dir, cache)
  assert.equal(warm.files_cached, warm.files_scanned)
  assert.deepEqual(findings(warm), findings(cold))

  // Every file written again with the same content (a fresh checkout): read and hashed, and answered by content.
  for (const [rel, content] of Object.entries(FILES)) fs.writeFileSync(path.join(dir, rel), content)
  onlyFolders()
  const rewritten = await scan(dir, cache)
  assert.equal(rewritten.files_cached, rewritten.files_scanned)
  assert.deepEqual(findings(rewritten), findings(cold))
  await new Promise((resolve) => setTimeout(resolve, 2100))

  // The same size and modification time, other content: the change time tells, and the file is read.
  const file = path.join(dir, 'app.py')
  const { atime, mtime } = fs.statSync(file)
  fs.writeFileSync(file, 'import hashlib\nh = hashlib.sha1(b"x")\n'.padEnd(fs.statSync(file).size, ' '))
  fs.utimesSync(file, atime, mtime)
  const changed = await scan(dir, cache)
  assert.equal(changed.files_cached, changed.files_scanned - 1)
  assert.deepEqual(changed.findings.filter((f) => f.file === 'app.py').map((f) => f.line), [2])
  assert.notDeepEqual(findings(changed), findings(warm))

  // A scan of some files (--changed-files) keeps what it does not read: the next whole scan still finds every
  // other file kept (app.py, just written, is read again).
  await new Promise((resolve) => setTimeout(resolve, 2100))
  const some = await scan(dir, cache, '--changed-files', 'web.js')
  assert.equal(some.files_scanned, 1)
  const whole = await scan(dir, cache)
  assert.equal(whole.files_cached, whole.files_scanned)

  // Another size limit never reuses a result kept under the first (big.js is over 2 KB).
  fs.writeFileSync(path.join(dir, '.guard.yaml'), 'limits:\n  max_file_kb: 2\n')
  const limited = await scan(dir, cache)
  assert.ok(limited.files_skipped.some((s) => s.path === 'big.js' && /larger than 2 KB/.test(s.reason)), JSON.stringify(limited.files_skipped))
  assert.ok(!limited.findings.some((f) => f.file === 'big.js'))
  fs.rmSync(path.join(dir, '.guard.yaml'))

  // A record cut short is not trusted: every file is read, and the findings are the same.
  const [record] = fs.readdirSync(folders).map((f) => path.join(folders, f))
  fs.writeFileSync(record, fs.readFileSync(record, 'utf8').slice(0, 100))
  const torn = await scan(dir, cache)
  assert.deepEqual(findings(torn), findings(changed))
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
