// `npm run bench:queue`: queue mode on this machine. A real redis-server and PostgreSQL on loopback, `guard serve` in
// queue mode, and 1, 2 and 4 `guard worker` processes (one thread each, one scan at a time): 200 scans of real
// repositories (the JavaScript of installed packages, one repository each) queued at once, answered by throughput and
// the p50/p99 wait before a worker took each; then one large repository scanned whole by 1 worker, and in shards by
// 1 and by 2 workers. The result cache is off: every scan analyses every file.
import fs from 'node:fs'
import path from 'node:path'
import { execFileSync, spawn, type ChildProcess } from 'node:child_process'
import { startRedis } from '../test/helpers/redis.ts'
import { startPostgres } from '../test/helpers/postgres.ts'
import { tempDir } from '../test/helpers/server.ts'
import { freePort, GUARD, waitForHealth } from '../test/helpers/process.ts'
import { copyPackages } from '../test/helpers/queue.ts'

const SCANS = Number(process.env.BENCH_SCANS ?? 200)
const WORKER_COUNTS = (process.env.BENCH_WORKERS ?? '1,2,4').split(',').filter(Boolean).map(Number)
/** Repositories of the queued scans: packages of a few to a few hundred files. */
const REPOS = ['fastify', 'yaml', 'ajv', 'pino', 'ioredis', 'pg', 'semver', 'fast-json-stringify', 'light-my-request', 'find-my-way', 'avvio', 'thread-stream', 'sonic-boom', 'fast-uri', 'process-warning', 'pino-std-serializers', 'msgpackr', 'fast-xml-parser', 'luxon', 'pg-protocol']
const LARGE = ['core-js', '@sinclair/typebox', 'fastify', 'bullmq', 'yaml', 'pino', 'ajv', 'ioredis', 'find-my-way', 'fast-json-stringify', 'avvio', 'thread-stream', 'luxon', 'fast-xml-parser', 'fast-uri', 'semver']
const SHARD_FILES = Number(process.env.BENCH_SHARD_FILES ?? 1500)

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
const exited = (child: ChildProcess) => new Promise((r) => (child.exitCode !== null ? r(null) : child.once('exit', r)))

const root = tempDir('guard-bench-queue-')
const files = Object.fromEntries(REPOS.map((p) => [p, copyPackages(path.join(root, 'repos', p.replace('/', '-')), [p])]))
const largeFiles = copyPackages(path.join(root, 'large'), LARGE)
const [redis, postgres] = await Promise.all([startRedis(), startPostgres()])
const base = { ...process.env, GUARD_CACHE: 'off', GUARD_SCAN_ROOTS: root, GUARD_QUEUE_URL: redis.url, GUARD_DATABASE_URL: postgres.url, GUARD_LOG_LEVEL: 'warn' }

/** A server and `workers` workers on their own queue; `work` runs against the server's URL; all stopped after. */
async function withQueue<T>(queue: string, workers: number, env: Record<string, string>, work: (url: string) => Promise<T>): Promise<T> {
  const port = await freePort()
  const url = `http://127.0.0.1:${port}`
  const e = { ...base, GUARD_QUEUE_NAME: queue, ...env }
  const server = spawn(process.execPath, [GUARD, 'serve', '--port', String(port), '--host', '127.0.0.1'], { cwd: root, env: e, stdio: ['ignore', 'ignore', 'inherit'] })
  const procs = Array.from({ length: workers }, () => spawn(process.execPath, [GUARD, 'worker', '--concurrency', '1'], { cwd: root, env: { ...e, GUARD_WORKERS: '1' }, stdio: ['ignore', 'ignore', 'pipe'] }))
  try {
    await waitForHealth(url, 60_000)
    for (;;) {
      const health = (await (await fetch(`${url}/health`)).json()) as { workers?: unknown[] }
      if ((health.workers?.length ?? 0) >= workers) break
      await sleep(200)
    }
    // Each worker's threads get ready for the rules before the clock starts.
    await Promise.all(Array.from({ length: workers * 2 }, () => post(url, '/scan', { repo_path: 'repos/pg' })))
    return await work(url)
  } finally {
    for (const p of [...procs, server]) p.kill('SIGTERM')
    await Promise.all([...procs, server].map(exited))
  }
}

async function post(url: string, route: string, body: object): Promise<{ status: number; json: Record<string, unknown> }> {
  const res = await fetch(url + route, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
  return { status: res.status, json: (await res.json()) as Record<string, unknown> }
}

console.log(`queue mode on ${(await import('node:os')).availableParallelism()} cores; ${SCANS} scans over ${REPOS.length} repositories (${Object.values(files).reduce((a, b) => a + b, 0)} files in all), result cache off`)
try {
  for (const workers of WORKER_COUNTS) {
    const line = await withQueue(`bench-${workers}-${Date.now()}`, workers, {}, async (url) => {
      const started = performance.now()
      const ids: string[] = []
      for (let i = 0; i < SCANS; i++) {
        const { status, json } = await post(url, '/api/scans', { repo_path: `repos/${REPOS[i % REPOS.length].replace('/', '-')}`, async: true })
        if (status !== 202) throw new Error(`enqueue answered ${status}: ${JSON.stringify(json)}`)
        ids.push(json.scan_id as string)
      }
      const queued = performance.now()
      for (;;) {
        const { queue } = (await (await fetch(`${url}/health`)).json()) as { queue: { waiting: number; active: number; delayed: number } }
        if (queue.waiting + queue.active + queue.delayed === 0) break
        await sleep(100)
      }
      const elapsed = (performance.now() - started) / 1000
      let failed = 0
      for (const id of ids) if ((await fetch(`${url}/api/scans/${id}`)).status !== 200) failed++
      const { queue } = (await (await fetch(`${url}/api/metrics`)).json()) as { queue: { wait_p50_ms: number; wait_p99_ms: number } }
      return `${workers} worker(s): ${SCANS} scans in ${elapsed.toFixed(1)} s = ${(SCANS / elapsed).toFixed(2)} scans/s (queued in ${((queued - started) / 1000).toFixed(1)} s); wait p50 ${(queue.wait_p50_ms / 1000).toFixed(1)} s, p99 ${(queue.wait_p99_ms / 1000).toFixed(1)} s; not stored ${failed}`
    })
    console.log(line)
  }

  const timeLarge = (url: string) => async () => {
    const t = performance.now()
    const { status, json } = await post(url, '/scan', { repo_path: 'large' })
    if (status !== 200) throw new Error(`large scan answered ${status}: ${JSON.stringify(json).slice(0, 300)}`)
    return { s: (performance.now() - t) / 1000, findings: (json.findings as unknown[]).length }
  }
  const whole = await withQueue(`bench-large-whole-${Date.now()}`, 1, { GUARD_QUEUE_SHARD_FILES: '0' }, (url) => timeLarge(url)())
  const one = await withQueue(`bench-large-1-${Date.now()}`, 1, { GUARD_QUEUE_SHARD_FILES: String(SHARD_FILES) }, (url) => timeLarge(url)())
  const two = await withQueue(`bench-large-2-${Date.now()}`, 2, { GUARD_QUEUE_SHARD_FILES: String(SHARD_FILES) }, (url) => timeLarge(url)())
  console.log(
    `large repository (${largeFiles} files): whole on 1 worker ${whole.s.toFixed(1)} s; ${Math.ceil(largeFiles / SHARD_FILES)} shards on 1 worker ${one.s.toFixed(1)} s, ` +
      `on 2 workers ${two.s.toFixed(1)} s (${(one.s / two.s).toFixed(2)}x); findings ${whole.findings}/${one.findings}/${two.findings}`,
  )

  // A repository by URL (git daemon on loopback): the first scan clones, the next fetches, against the same tree by path.
  const served = path.join(root, 'served')
  const git = (cwd: string, ...args: string[]) => execFileSync('git', ['-c', 'user.email=b@example.com', '-c', 'user.name=b', ...args], { cwd, stdio: 'ignore' })
  git(path.join(root, 'large'), 'init', '-q', '-b', 'main')
  git(path.join(root, 'large'), 'add', '.')
  git(path.join(root, 'large'), 'commit', '-qm', 'large')
  git(root, 'clone', '-q', '--bare', path.join(root, 'large'), path.join(served, 'large.git'))
  git(path.join(served, 'large.git'), 'config', 'uploadpack.allowFilter', 'true')
  const gitPort = await freePort()
  const daemon = spawn('git', ['daemon', '--export-all', `--base-path=${served}`, '--listen=127.0.0.1', `--port=${gitPort}`, '--reuseaddr', served], { stdio: 'ignore' })
  try {
    await sleep(500)
    const repoUrl = `git://127.0.0.1:${gitPort}/large.git`
    const times = await withQueue(`bench-git-${Date.now()}`, 1, { GUARD_QUEUE_SHARD_FILES: '0', GUARD_GIT_URLS: `git://127.0.0.1:${gitPort}/` }, async (url) => {
      const timed = async (body: object) => {
        const t = performance.now()
        const { status, json } = await post(url, '/scan', body)
        if (status !== 200) throw new Error(`scan answered ${status}: ${JSON.stringify(json).slice(0, 300)}`)
        return (performance.now() - t) / 1000
      }
      return { clone: await timed({ repo_url: repoUrl }), fetch: await timed({ repo_url: repoUrl }), byPath: await timed({ repo_path: 'large' }) }
    })
    console.log(`large repository by URL on 1 worker: first scan (clone + checkout) ${times.clone.toFixed(1)} s, next (fetch, tree reused) ${times.fetch.toFixed(1)} s, by path ${times.byPath.toFixed(1)} s`)
  } finally {
    daemon.kill('SIGTERM')
  }
} finally {
  await Promise.all([redis.stop(), postgres.stop()])
  fs.rmSync(root, { recursive: true, force: true })
}
