// Repository scans on worker threads: the first files are analysed while the walk still lists the rest, and the
// outcome is the in-process one.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { Kernel } from '../kernel/kernel.ts'
import { openingOrder } from '../kernel/scan/read-ahead.ts'

test('two threads scanning a repository as it is listed find what one in-process scan finds, total announced first', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'guard-pool-'))
  // 900 files in 9 folders: more than the batches handed out while the walk goes on.
  for (let d = 0; d < 9; d++) {
    fs.mkdirSync(path.join(dir, `pkg${d}`))
    for (let i = 0; i < 100; i++) {
      const text = i % 20 === 0 ? `const code = req.query.code${i}\neval(code)\n` : `export const v${i} = ${i}\n`
      fs.writeFileSync(path.join(dir, `pkg${d}`, `f${i}.js`), text)
    }
  }
  const scan = async (threads: number) => {
    const kernel = await Kernel.boot({ cwd: dir, threads, warm: true })
    const events: string[] = []
    try {
      const { result } = await kernel.scan(
        { repo_path: '.' },
        { roots: [dir], onStart: (s) => events.push(`start ${s.files_total}`), onProgress: (p) => events.push(`${p.files_done}/${p.files_total}`) },
      )
      return { scanned: result.files_scanned, findings: result.findings.map((f) => `${f.rule_id} ${f.file}:${f.line}`).sort(), events }
    } finally {
      await kernel.close()
    }
  }
  try {
    const pooled = await scan(2)
    const inProcess = await scan(0)
    assert.equal(pooled.scanned, 900)
    assert.equal(pooled.findings.length, 45)
    assert.ok(pooled.findings.every((f) => f.startsWith('js.eval-injection ')))
    assert.deepEqual(pooled.findings, inProcess.findings)
    for (const { events } of [pooled, inProcess]) {
      assert.equal(events[0], 'start 900')
      assert.equal(events.length, 901)
      assert.equal(events.at(-1), '900/900')
    }
  } finally {
    fs.rmSync(dir, { recursive: true, force: true })
  }
})

test('a command scanning up to 1,000 small files does it in its own thread; larger scans, and servers, use the threads', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'guard-pool-small-'))
  fs.writeFileSync(path.join(dir, 'app.js'), 'const code = req.query.code\neval(code)\n')
  const kernel = await Kernel.boot({ cwd: dir, threads: 2 })
  try {
    const small = await kernel.scan({ repo_path: '.' }, { roots: [dir] })
    assert.deepEqual(small.result.findings.map((f) => `${f.rule_id}:${f.line}`), ['js.eval-injection:2'])
    assert.equal(kernel.pool.threadsStarted, false)
    // Past 1,000 files (or 4 MB), starting the threads pays.
    for (let i = 0; i < 1000; i++) fs.writeFileSync(path.join(dir, `f${i}.js`), `export const v${i} = ${i}\n`)
    const larger = await kernel.scan({ repo_path: '.' }, { roots: [dir] })
    assert.deepEqual(larger.result.findings.map((f) => `${f.rule_id}:${f.line}`), ['js.eval-injection:2'])
    assert.equal(kernel.pool.threadsStarted, true)
  } finally {
    await kernel.close()
    fs.rmSync(dir, { recursive: true, force: true })
  }
  const server = await Kernel.boot({ cwd: dir, threads: 2, warm: true })
  try {
    assert.equal(server.pool.threadsStarted, true)
  } finally {
    await server.close()
  }
})

test('the files are read ahead in the order the threads open them: batch by batch, in turns', () => {
  const batch = (...names: string[]) => names.map((abs) => ({ path: abs, abs }))
  const batches = [batch('a1', 'a2', 'a3'), batch('b1'), batch('c1', 'c2'), batch('d1'), [{ path: 'inline' }]]
  assert.deepEqual(openingOrder(batches, 2), ['a1', 'b1', 'a2', 'a3', 'c1', 'd1', 'c2'])
})
