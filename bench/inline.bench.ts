// `npm run bench:inline`: small inline scans against a real `guard serve` on loopback, as an editor or a
// pre-commit hook sends them: scans/s and p50/p99 latency at 50 concurrent clients (each posts a one-file scan, a few
// lines of JavaScript with one finding, and waits for the answer), then the latency when scans arrive at a fixed rate
// (200 a second by default: open loop, each timed from when it was due, so a slow answer does not hide the ones
// queued behind it), and the server's peak RSS.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { spawn } from 'node:child_process'
import { freePort, GUARD, waitForHealth } from '../test/helpers/process.ts'

const CLIENTS = Number(process.env.BENCH_CLIENTS ?? 50)
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10)
const WARMUP_SECONDS = 2
const RATE = Number(process.env.BENCH_RATE ?? 200)

/** A small file with one finding, different in each request so no answer is a copy of another. */
const body = (i: number) =>
  JSON.stringify({ files: { 'src/handler.js': `// request ${i}\nconst { exec } = require('child_process')\nfunction run(req) {\n  exec('ls ' + req.query.dir)\n}\nmodule.exports = { run }\n` } })

/** Peak resident memory of a process (VmHWM), in MB. */
function peakRssMb(pid: number): number {
  const m = /VmHWM:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))
  return m ? Math.round(Number(m[1]) / 1024) : NaN
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]

async function load(url: string, seconds: number): Promise<{ latencies: number[]; errors: number }> {
  const latencies: number[] = []
  let errors = 0
  let n = 0
  const end = performance.now() + seconds * 1000
  const client = async () => {
    while (performance.now() < end) {
      const t = performance.now()
      const res = await fetch(`${url}/scan`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: body(n++) })
      const json = (await res.json()) as { findings?: unknown[] }
      if (res.status !== 200 || json.findings?.length !== 1) errors++
      latencies.push(performance.now() - t)
    }
  }
  await Promise.all(Array.from({ length: CLIENTS }, client))
  return { latencies: latencies.sort((a, b) => a - b), errors }
}

/** Scans sent at `rate` a second for `seconds`, whatever the answers: latencies from each one's due time. */
async function paced(url: string, rate: number, seconds: number): Promise<{ latencies: number[]; errors: number }> {
  const latencies: number[] = []
  let errors = 0
  const start = performance.now()
  const sent: Promise<void>[] = []
  for (let i = 0; i < rate * seconds; i++) {
    const due = start + (i * 1000) / rate
    const wait = due - performance.now()
    if (wait > 0) await new Promise((r) => setTimeout(r, wait))
    sent.push(
      fetch(`${url}/scan`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: body(i) }).then(async (res) => {
        const json = (await res.json()) as { findings?: unknown[] }
        if (res.status !== 200 || json.findings?.length !== 1) errors++
        latencies.push(performance.now() - due)
      }),
    )
  }
  await Promise.all(sent)
  return { latencies: latencies.sort((a, b) => a - b), errors }
}

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'guard-bench-inline-'))
const port = await freePort()
const url = `http://127.0.0.1:${port}`
const server = spawn(process.execPath, [GUARD, 'serve', '--port', String(port), '--host', '127.0.0.1'], {
  cwd: dir,
  env: { ...process.env, GUARD_DATA_DIR: path.join(dir, 'data') },
  stdio: ['ignore', 'ignore', 'inherit'],
})
try {
  await waitForHealth(url, 60_000)
  await load(url, WARMUP_SECONDS)
  const started = performance.now()
  const { latencies, errors } = await load(url, SECONDS)
  const elapsed = (performance.now() - started) / 1000
  const ms = (x: number) => `${x.toFixed(1)} ms`
  console.log(
    `inline scans, ${CLIENTS} clients, ${SECONDS} s: ${(latencies.length / elapsed).toFixed(0)} scans/s, p50 ${ms(percentile(latencies, 50))}, ` +
      `p99 ${ms(percentile(latencies, 99))}, max ${ms(latencies.at(-1) ?? 0)}, errors ${errors}`,
  )
  const fixed = await paced(url, RATE, SECONDS)
  console.log(
    `inline scans at ${RATE}/s for ${SECONDS} s: p50 ${ms(percentile(fixed.latencies, 50))}, p99 ${ms(percentile(fixed.latencies, 99))}, ` +
      `max ${ms(fixed.latencies.at(-1) ?? 0)}, errors ${fixed.errors}; server peak RSS ${peakRssMb(server.pid!)} MB`,
  )
} finally {
  server.kill('SIGTERM')
  await new Promise((resolve) => server.once('exit', resolve))
  fs.rmSync(dir, { recursive: true, force: true })
}
