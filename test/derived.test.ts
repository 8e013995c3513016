// What engines derive from rules is kept between processes (issue 14: a thread starts without deriving it again):
// the same input gives the kept value (RegExp objects included), another code version or a torn file never does.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import fs from 'node:fs'
import { execFileSync } from 'node:child_process'
import path from 'node:path'
import { tempDir } from './helpers/server.ts'
import { derived, saveDerived, useDerived } from '../kernel/base/derived.ts'

test('derived values are kept on disk by input and code version; a torn file is derived again', () => {
  const dir = tempDir()
  let calls = 0
  const derive = () => (calls++, { terms: [[{ regex: /a+b/iu, nodeStart: true }, { text: 'x' }]] })
  useDerived({ dir, version: 'v1' })
  assert.deepEqual(derived('need', 'input', derive).terms[0][1], { text: 'x' })
  saveDerived()
  assert.equal(calls, 1)

  // Another process: the value comes from the file, the RegExp whole.
  useDerived({ dir: tempDir(), version: 'v1' })
  useDerived({ dir, version: 'v1' })
  const kept = derived('need', 'input', derive)
  assert.equal(calls, 1)
  const term = kept.terms[0][0] as { regex: RegExp; nodeStart: boolean }
  assert.ok(term.regex instanceof RegExp)
  assert.equal(String(term.regex), '/a+b/iu')
  assert.equal(term.nodeStart, true)
  // Another input, kind or version is derived.
  derived('need', 'other input', derive)
  derived('literals', 'input', derive)
  assert.equal(calls, 3)
  useDerived({ dir, version: 'v2' })
  derived('need', 'input', derive)
  assert.equal(calls, 4)

  // A torn file is not trusted: the value is derived again, and the file written whole.
  const [file] = fs.readdirSync(dir).filter((f) => f.startsWith('derived-')).map((f) => path.join(dir, f))
  fs.writeFileSync(file, fs.readFileSync(file, 'utf8').slice(0, 10))
  useDerived({ dir, version: 'v9' })
  useDerived({ dir, version: 'v1' })
  derived('need', 'input', derive)
  assert.equal(calls, 5)
  saveDerived()
  const values = JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, string>
  assert.ok(Object.keys(values).length >= 1)

  // A value that cannot be read back is derived again.
  fs.writeFileSync(file, JSON.stringify(Object.fromEntries(Object.keys(values).map((k) => [k, '{"terms": [[{"regex": {"$regex": "(", "flags": ""}}]]}']))))
  useDerived({ dir, version: 'v9' })
  useDerived({ dir, version: 'v1' })
  assert.equal(derived('need', 'input', derive).terms[0][1].text, 'x')
  assert.equal(calls, 6)

  // Something other than a file at its path (a FIFO) is neither read (it would hang) nor replaced.
  fs.rmSync(file)
  execFileSync('mkfifo', [file])
  useDerived({ dir, version: 'v9' })
  useDerived({ dir, version: 'v1' })
  derived('need', 'input', derive)
  saveDerived()
  assert.equal(calls, 7)
  assert.ok(fs.lstatSync(file).isFIFO())
  useDerived(undefined)
})
