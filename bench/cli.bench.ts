// `npm run bench:cli`: how long the `guard` command takes to start, as a shell, a pre-commit hook or an editor
// runs it: `guard --help`, and `guard scan` of a folder holding one small file (default packs, no result cache),
// from the command's bundle and, for comparison, from the TypeScript sources through tsx. Median of several runs.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { execFileSync } from 'node:child_process'
import { GUARD } from '../test/helpers/process.ts'

const RUNS = Number(process.env.BENCH_RUNS ?? 7)

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b)
  return s[Math.floor(s.length / 2)]
}

function timed(args: string[], env: Record<string, string> = {}, cwd?: string): number {
  const started = performance.now()
  try {
    execFileSync(process.execPath, [GUARD, ...args], { cwd, env: { ...process.env, ...env }, stdio: 'ignore' })
  } catch {
    // `guard scan` exits non-zero when it finds something: the time is what counts here
  }
  return performance.now() - started
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'guard-bench-cli-'))
fs.writeFileSync(path.join(dir, 'handler.js'), "const { exec } = require('child_process')\nexports.run = (req) => exec('ls ' + req.query.dir)\n")
try {
  timed(['--help'])
  timed(['scan', dir, '--no-cache']) // builds the bundle if a source changed since the last one
  const line = (name: string, ms: number[]) => console.log(`${name}: median ${median(ms).toFixed(0)} ms (min ${Math.min(...ms).toFixed(0)}, max ${Math.max(...ms).toFixed(0)}, ${ms.length} runs)`)
  const runs = (f: () => number) => Array.from({ length: RUNS }, f)
  line('guard --help', runs(() => timed(['--help'])))
  line('guard scan <one file>, bundle', runs(() => timed(['scan', dir, '--no-cache'])))
  line('guard scan <one file>, sources (GUARD_NO_BUNDLE=1)', runs(() => timed(['scan', dir, '--no-cache'], { GUARD_NO_BUNDLE: '1' })))
} finally {
  fs.rmSync(dir, { recursive: true, force: true })
}
