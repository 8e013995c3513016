// `npm run bench` (third part): the streamed scan against a real `guard serve` on loopback, with plain node:http clients.
// (a) One scan of a fixed corpus through POST /scan and through POST /api/run-scan-stream, alternated, medians: what
// the stream adds (its events, the gate it decides and stores). (b) /health latency, p50/p99, while 100 stream
// clients scan at once. The result cache is off (GUARD_CACHE=off): every scan does the same work.
import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import { freePort, GUARD, waitForHealth } from '../test/helpers/process.ts'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const RUNS = Number(process.env.BENCH_STREAM_RUNS ?? 7)
const CLIENTS = Number(process.env.BENCH_STREAM_CLIENTS ?? 100)

/** Real code that nobody here wrote, in fixed folders of installed packages (copied COPIES times), and findings of our own. */
const CORPUS = ['fastify/lib', 'pino/lib', 'yaml/dist', 'ajv/lib', 'ajv/dist', 'pg/lib', 'find-my-way', 'avvio', 'light-my-request', 'fast-xml-parser/src', '@redocly/openapi-core/lib', 'fast-json-stringify']
const SMALL = ['fastify/lib']
const COPIES = 6
const VULNERABLE = {
  'app/views.py': 'import os\n\ndef run(request):\n    code = request.args.get("code")\n    return eval(code)\n',
  'web/handler.js': 'function handle(req, res) {\n  res.send(req.query.name)\n  return eval(req.query.expr)\n}\n',
  'config/settings.py': 'AWS_ACCESS_KEY_ID = "AKIAZ7Q3VXNPL2MWK4RT"\n',
}

function copyCode(src: string, dst: string): void {
  for (const e of fs.readdirSync(src, { withFileTypes: true })) {
    const s = path.join(src, e.name)
    const d = path.join(dst, e.name)
    if (e.isDirectory() && e.name !== 'node_modules') copyCode(s, d)
    else if (e.isFile() && /\.(c|m)?(j|t)s$/.test(e.name) && !e.name.endsWith('.d.ts')) {
      fs.mkdirSync(dst, { recursive: true })
      fs.copyFileSync(s, d)
    }
  }
}

/** Request data sent back in a response, `flows` times in each of `files` handlers: one finding a flow. */
function handlers(files: number, flows: number): Record<string, string> {
  const out: Record<string, string> = {}
  for (let i = 0; i < files; i++) {
    out[`routes/r${i}.js`] = Array.from({ length: flows }, (_, k) => `export function h${i}_${k}(req, res) {\n  const v = req.query.p${k}\n  return res.send(String(v).trim())\n}\n`).join('\n')
  }
  return out
}

function buildCorpus(dir: string, packages: string[], copies = 1, own: Record<string, string> = VULNERABLE): { files: number; mb: number } {
  for (let c = 1; c <= copies; c++) for (const p of packages) copyCode(path.join(ROOT, 'node_modules', p), path.join(dir, `copy${c}`, p.replace('/', '_')))
  for (const [rel, text] of Object.entries(own)) {
    fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true })
    fs.writeFileSync(path.join(dir, rel), text)
  }
  const files = (fs.readdirSync(dir, { recursive: true }) as string[]).map((f) => path.join(dir, f)).filter((f) => fs.statSync(f).isFile())
  return { files: files.length, mb: files.reduce((n, f) => n + fs.statSync(f).size, 0) / 1e6 }
}

const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity })

/** POSTs `body` and reads the whole answer; for a stream, counts its events. */
function post(base: string, route: string, body: object): Promise<{ status: number; ms: number; text: string }> {
  const started = performance.now()
  return new Promise((resolve, reject) => {
    const req = http.request(base + route, { method: 'POST', agent, headers: { 'content-type': 'application/json' } }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (c: Buffer) => chunks.push(c))
      res.on('end', () => resolve({ status: res.statusCode ?? 0, ms: performance.now() - started, text: Buffer.concat(chunks).toString() }))
      res.on('error', reject)
    })
    req.on('error', reject)
    req.end(JSON.stringify(body))
  })
}

function get(base: string, route: string): Promise<number> {
  const started = performance.now()
  return new Promise((resolve, reject) => {
    http
      .get(base + route, { agent }, (res) => {
        res.resume()
        res.on('end', () => resolve(performance.now() - started))
      })
      .on('error', reject)
  })
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]
const percentile = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil((p / 100) * xs.length) - 1)]

async function main(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'guard-bench-stream-'))
  const corpus = buildCorpus(path.join(dir, 'corpus'), CORPUS, COPIES, { ...VULNERABLE, ...handlers(20, 20) })
  const small = buildCorpus(path.join(dir, 'small'), SMALL)
  const port = await freePort()
  const base = `http://127.0.0.1:${port}`
  const server = spawn(process.execPath, [GUARD, 'serve', '--port', String(port), '--host', '127.0.0.1'], {
    cwd: dir,
    env: { ...process.env, GUARD_CACHE: 'off', GUARD_LOG_LEVEL: 'warn', GUARD_SCAN_TIMEOUT_S: '3000', GUARD_API_KEY: '', GUARD_RATE_LIMIT_PER_MIN: '0' },
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  try {
    await waitForHealth(base, 60_000)
    const body = { repo_path: 'corpus' }
    // Warm both paths (threads, rule sets), then alternate so drift in the machine's load falls on both.
    await post(base, '/scan', body)
    await post(base, '/api/run-scan-stream', body)
    const plain: number[] = []
    const streamed: number[] = []
    let events = 0
    let findings = 0
    for (let i = 0; i < RUNS; i++) {
      const a = await post(base, '/scan', body)
      if (a.status !== 200) throw new Error(`POST /scan: ${a.status} ${a.text.slice(0, 200)}`)
      plain.push(a.ms)
      findings = (JSON.parse(a.text) as { findings: unknown[] }).findings.length
      const b = await post(base, '/api/run-scan-stream', body)
      if (b.status !== 200 || !b.text.includes('event: completed')) throw new Error(`stream: ${b.status} ${b.text.slice(-200)}`)
      streamed.push(b.ms)
      events = b.text.split('\n\n').filter((f) => f.includes('event: ')).length
    }
    const overhead = (median(streamed) / median(plain) - 1) * 100
    process.stdout.write(
      JSON.stringify({
        bench: 'stream: one scan, POST /scan vs POST /api/run-scan-stream',
        corpus_files: corpus.files,
        corpus_mb: Number(corpus.mb.toFixed(2)),
        findings,
        stream_events: events,
        runs: RUNS,
        scan_ms_median: Math.round(median(plain)),
        stream_ms_median: Math.round(median(streamed)),
        scan_ms: plain.map(Math.round),
        stream_ms: streamed.map(Math.round),
        stream_overhead_pct: Number(overhead.toFixed(1)),
        within_5_pct: overhead <= 5,
      }) + '\n',
    )

    // (b) CLIENTS streams of the small corpus at once; /health asked one request after another meanwhile.
    let running = true
    const latencies: number[] = []
    const probe = (async () => {
      while (running) {
        latencies.push(await get(base, '/health'))
        await new Promise((r) => setTimeout(r, 10))
      }
    })()
    const started = performance.now()
    const results = await Promise.all(Array.from({ length: CLIENTS }, () => post(base, '/api/run-scan-stream', { repo_path: 'small' })))
    const allMs = performance.now() - started
    running = false
    await probe
    const idle: number[] = []
    for (let i = 0; i < 50; i++) idle.push(await get(base, '/health'))
    process.stdout.write(
      JSON.stringify({
        bench: `stream: /health latency while ${CLIENTS} stream clients scan`,
        corpus_files: small.files,
        clients: CLIENTS,
        completed: results.filter((r) => r.status === 200 && r.text.includes('event: completed')).length,
        all_streams_s: Number((allMs / 1000).toFixed(2)),
        stream_s_median: Number((median(results.map((r) => r.ms)) / 1000).toFixed(2)),
        health_requests: latencies.length,
        health_p50_ms: Number(percentile(latencies, 50).toFixed(1)),
        health_p99_ms: Number(percentile(latencies, 99).toFixed(1)),
        health_max_ms: Number(Math.max(...latencies).toFixed(1)),
        health_idle_p50_ms: Number(percentile(idle, 50).toFixed(1)),
      }) + '\n',
    )
  } finally {
    agent.destroy()
    const exited = new Promise((r) => server.once('exit', r))
    server.kill('SIGTERM')
    await exited
    fs.rmSync(dir, { recursive: true, force: true })
  }
}

await main()
