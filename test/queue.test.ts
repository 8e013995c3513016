// Queue mode (GUARD_QUEUE_URL) end to end: a real redis-server and PostgreSQL on loopback, a server in queue mode,
// `guard worker` processes. The same answers as a server without the queue; async scans polled and followed; a worker
// killed mid-scan, Redis restarted, a job that always fails, the time limit, priority, fairness, sharding.
import { after, before, describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { spawn } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { Job, type Queue } from 'bullmq'
import type { Redis } from 'ioredis'
import pg from 'pg'
import { startRedis, type TestRedis } from './helpers/redis.ts'
import { startPostgres, type TestPostgres } from './helpers/postgres.ts'
import { startServer, tempDir, writeTree, type TestServer } from './helpers/server.ts'
import { freePort, GUARD, waitForHealth } from './helpers/process.ts'
import { callerWithKey, copyPackages, scansQueue, startWorker, stopWorkers, type WorkerProcess } from './helpers/queue.ts'
import { createConfig, lintFromString } from '@redocly/openapi-core'
import { signToken } from '../kernel/access/tokens.ts'
import type { Finding, GateResult, ScanJob, ScanResult, WorkerSeen } from '../kernel/base/schemas.ts'

const API_KEY = 'queue-test-api-key-0123456789abcdef'
const JWT_SECRET = 'queue-test-jwt-secret-0123456789abcdef'
const CONFIG = `auth:\n  enabled: true\n  jwt_secret: ${JWT_SECRET}\n`
const APP = {
  'handler.js': 'function handle(req) {\n  const code = req.query.code\n  return eval(code)\n}\n',
  'views.py': 'import os\n\ndef run(request):\n    os.system(request.args.get("cmd"))\n',
  'settings.py': 'AWS_ACCESS_KEY_ID = "AKIAZ7Q3VXNPL2MWK4RT"\n',
}
/** Settings of every process here: small shards and a short lock (a lost worker is noticed in seconds), one thread each. */
const ENV = {
  GUARD_CACHE: 'off',
  GUARD_WORKERS: '1',
  GUARD_QUEUE_LOCK_MS: '2000',
  GUARD_QUEUE_SHARD_FILES: '500',
  GUARD_QUEUE_REPO_CONCURRENCY: '1',
  GUARD_QUEUE_ATTEMPTS: '3',
  GUARD_QUEUE_BACKOFF_MS: '200',
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
async function until<T>(what: string, probe: () => Promise<T | undefined | false>, ms = 30_000): Promise<T> {
  const end = Date.now() + ms
  for (;;) {
    const value = await probe()
    if (value) return value
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`)
    await sleep(100)
  }
}

/** `files` JavaScript files of `flows` request-to-response flows each: analysis that takes a while (taint, a finding a flow). */
function slowRepo(files: number, flows: number): Record<string, string> {
  const out: Record<string, string> = {}
  for (let i = 0; i < files; i++) {
    out[`m${i % 8}/f${i}.js`] = Array.from({ length: flows }, (_, k) =>
      `export function h${i}_${k}(req, res) {\n  const v = req.query.p${k} + 'x'\n  if (v.length > ${k}) return res.send(String(v).trim())\n  return items.filter((x) => x.id === v)\n}\n`,
    ).join('\n')
  }
  return out
}

const pidOf = (workerId: string) => Number(workerId.split(':').at(-2))
const comparable = (findings: Finding[]) => findings.map((f) => [f.id, f.rule_id, f.file, f.line, f.column, f.end_line, f.end_column, f.severity, f.suppressed].join(' '))

describe('queue mode', { timeout: 240_000 }, () => {
  let redis: TestRedis
  let postgres: TestPostgres
  let databaseUrl: string
  let root: string
  let reference: TestServer
  let server: TestServer
  let queue: Queue
  let queueRedis: Redis
  const workers: WorkerProcess[] = []
  const savedEnv = new Map<string, string | undefined>()
  const workerEnv = () => ({ ...ENV, GUARD_QUEUE_URL: redis.url, GUARD_DATABASE_URL: databaseUrl, GUARD_SCAN_ROOTS: root })
  /** A request to the queue server (admin, by API key), or to the reference server without a queue. */
  const call = callerWithKey(API_KEY)
  const job = (id: string) => Job.fromId(queue, id)
  /** Polls a scan accepted with async: true until it is stored (200 with its result). */
  const stored = (id: string, ms = 30_000) =>
    until(`scan ${id} stored`, async () => {
      const res = await call(server, `/api/scans/${id}`)
      return res.status === 200 ? ((await res.json()) as { result?: ScanResult; gate?: GateResult; status?: string }) : undefined
    }, ms)

  before(async () => {
    for (const [k, v] of Object.entries(ENV)) {
      savedEnv.set(k, process.env[k])
      process.env[k] = v
    }
    ;[redis, postgres] = await Promise.all([startRedis(), startPostgres()])
    databaseUrl = postgres.url
    root = tempDir('guard-queue-repos-')
    writeTree(path.join(root, 'app'), APP)
    writeTree(path.join(root, 'app2'), APP)
    // medium: about 420 files (one shard); big: about 1,500 (three shards of at most 500).
    copyPackages(path.join(root, 'medium'), ['fastify', 'yaml'])
    copyPackages(path.join(root, 'big'), ['fastify', 'yaml', 'bullmq', 'pino', 'ajv'])
    writeTree(path.join(root, 'big', 'app'), APP)
    writeTree(path.join(root, 'slow'), slowRepo(1200, 4))
    // steady: one shard that keeps a worker busy for seconds (a kill lands mid-scan however fast the machine).
    writeTree(path.join(root, 'steady'), slowRepo(480, 6))
    savedEnv.set('GUARD_SCAN_ROOTS', process.env.GUARD_SCAN_ROOTS)
    process.env.GUARD_SCAN_ROOTS = root
    // The reference: the embedded default (scans in this process, SQLite); its store opened before the queue server sets GUARD_DATABASE_URL.
    reference = await startServer({ files: { '.guard.yaml': CONFIG }, env: { GUARD_API_KEY: API_KEY, GUARD_QUEUE_URL: undefined, GUARD_DATABASE_URL: undefined } })
    await reference.kernel.store()
    server = await startServer({ files: { '.guard.yaml': CONFIG }, env: { GUARD_API_KEY: API_KEY, GUARD_QUEUE_URL: redis.url, GUARD_DATABASE_URL: databaseUrl } })
    ;({ queue, connection: queueRedis } = scansQueue(redis.url))
    workers.push(...(await Promise.all([startWorker(server.dir, workerEnv()), startWorker(server.dir, workerEnv())])))
  })

  after(async () => {
    await stopWorkers(workers)
    await queue?.close()
    queueRedis?.disconnect()
    await server?.close()
    await reference?.close()
    await Promise.all([redis?.stop(), postgres?.stop()])
    fs.rmSync(root, { recursive: true, force: true })
    for (const [k, v] of savedEnv) {
      if (v === undefined) delete process.env[k]
      else process.env[k] = v
    }
  })

  test('POST /scan, /gate and /report answer as a server without the queue, and refusals never reach the queue', async () => {
    for (const repo of ['app', 'medium']) {
      const [queued, local] = await Promise.all([call(server, '/scan', { repo_path: repo }), call(reference, '/scan', { repo_path: repo })])
      assert.equal(queued.status, 200)
      const [q, l] = (await Promise.all([queued.json(), local.json()])) as ScanResult[]
      assert.deepEqual(Object.keys(q), Object.keys(l))
      assert.ok(q.findings.length > 0, `${repo} has findings`)
      assert.deepEqual(comparable(q.findings), comparable(l.findings))
      assert.deepEqual([q.total, q.by_severity, q.files_scanned, q.rules_evaluated, q.files_skipped], [l.total, l.by_severity, l.files_scanned, l.rules_evaluated, l.files_skipped])
      assert.ok((await job(q.scan_id))?.processedBy, 'a worker ran it')
    }
    const [gate, localGate] = (await Promise.all([call(server, '/gate', { repo_path: 'app' }).then((r) => r.json()), call(reference, '/gate', { repo_path: 'app' }).then((r) => r.json())])) as GateResult[]
    assert.deepEqual({ ...gate, scan_id: '' }, { ...localGate, scan_id: '' })
    assert.equal(gate.passed, false)
    const stored = await (await call(server, `/api/scans/${gate.scan_id}`)).json()
    assert.deepEqual(stored.gate, gate, 'the gate decision is stored with the scan')
    // A report of a new scan lists every rule the scan ran, as in-process.
    const [sarif, localSarif] = await Promise.all([call(server, '/report?format=sarif', { repo_path: 'app' }), call(reference, '/report?format=sarif', { repo_path: 'app' })])
    const runOf = async (r: Response) => JSON.parse(((await r.json()) as { content: string }).content).runs[0]
    const [run, localRun] = await Promise.all([runOf(sarif), runOf(localSarif)])
    assert.equal(run.tool.driver.rules.length, localRun.tool.driver.rules.length)
    assert.deepEqual(run.results.map((r: { ruleId: string }) => r.ruleId), localRun.results.map((r: { ruleId: string }) => r.ruleId))

    // Refused before enqueueing, with the same statuses: nothing reaches a worker.
    const before = await queue.getJobCountByTypes('completed', 'failed', 'wait', 'prioritized', 'active', 'delayed')
    const agent = { authorization: `Bearer ${signToken(JWT_SECRET, { sub: 'ci-bot', role: 'agent', repo_access: ['app2'] }, 1)}` }
    for (const [body, headers, status] of [
      [{ repo_path: '../..' }, undefined, 403],
      [{ repo_path: 'nope' }, undefined, 404],
      [{ repo_path: 'app', config_overrides: { gate: { fail_on: ['bogus'] } } }, undefined, 422],
      [{ repo_path: 'app' }, agent, 403],
    ] as const) {
      const [a, b] = await Promise.all([call(server, '/scan', body, headers), call(reference, '/scan', body, headers)])
      assert.equal(a.status, status, JSON.stringify(body))
      assert.deepEqual(await a.json(), await b.json())
    }
    assert.equal(await queue.getJobCountByTypes('completed', 'failed', 'wait', 'prioritized', 'active', 'delayed'), before)
    // The agent may scan what its repo_access names.
    assert.equal((await call(server, '/scan', { repo_path: 'app2' }, agent)).status, 200)
  })

  test('/health reports the queue and the workers; /api/metrics the wait before a worker took a scan', async () => {
    const health = await (await call(server, '/health')).json()
    assert.equal(health.status, 'ok')
    assert.deepEqual(Object.keys(health.queue).sort(), ['active', 'delayed', 'failed', 'waiting'])
    const seen = (health.workers as WorkerSeen[]).map((w) => w.id)
    for (const w of workers) assert.ok(seen.includes(w.id), `${w.id} listed`)
    assert.ok((health.workers as WorkerSeen[]).every((w) => Date.now() - Date.parse(w.seen_at) < 60_000 && w.concurrency === 1))
    const metrics = await (await call(server, '/api/metrics')).json()
    assert.ok(metrics.queue.samples >= 5, JSON.stringify(metrics.queue))
    assert.ok(metrics.queue.wait_p50_ms <= metrics.queue.wait_p99_ms)
    // Without the queue, neither says a word about one.
    const plain = await (await call(reference, '/health')).json()
    assert.equal(plain.queue, undefined)
    assert.equal((await (await call(reference, '/api/metrics')).json()).queue, undefined)
  })

  test('the OpenAPI document in queue mode is valid and describes POST /api/scans and the scan states', async () => {
    const doc = await (await call(server, '/docs/json')).json()
    const config = await createConfig({ rules: { struct: 'error', 'no-unresolved-refs': 'error', 'security-defined': 'error', 'path-parameters-defined': 'error', 'operation-operationId-unique': 'error' } })
    const problems = await lintFromString({ source: JSON.stringify(doc), absoluteRef: 'openapi.json', config })
    assert.deepEqual(problems.map((p) => `${p.ruleId}: ${p.message} at ${p.location[0]?.pointer}`), [])
    const submit = doc.paths['/api/scans'].post
    assert.ok(submit.responses['202'] && submit.responses['200'] && submit.requestBody)
    assert.ok(doc.paths['/api/scans/{id}'].get.responses['202'])
    // Without the queue there is no such route.
    assert.equal((await call(reference, '/api/scans', { repo_path: 'app', async: true })).status, 404)
  })

  test('POST /api/scans {async: true}: 202 at once, polled and followed to its stored scan and gate', async () => {
    await queue.pause()
    const res = await call(server, '/api/scans', { repo_path: 'medium', async: true, priority: 'low' })
    assert.equal(res.status, 202)
    const { scan_id, status } = await res.json()
    assert.equal(status, 'queued')
    assert.equal(res.headers.get('location'), `/api/scans/${scan_id}`)
    const poll = await call(server, `/api/scans/${scan_id}`)
    assert.equal(poll.status, 202)
    const pending = (await poll.json()) as ScanJob
    assert.deepEqual([pending.status, pending.priority, pending.started_at, pending.error], ['queued', 'low', null, null])
    // Followed from before it starts: the events of a streamed scan.
    const follow = await call(server, `/api/scans/${scan_id}/events`)
    assert.equal(follow.status, 200)
    await queue.resume()
    const frames = (await follow.text()).split('\n\n').filter((f) => f.startsWith('id:'))
    const events = frames.map((f) => ({ event: /event: (\w+)/.exec(f)![1], data: JSON.parse(/data: (.*)/.exec(f)![1]) }))
    assert.equal(events[0].event, 'started')
    assert.equal(events.at(-1)!.event, 'completed')
    const done = await stored(scan_id)
    assert.equal(done.result!.scan_id, scan_id)
    assert.ok(done.gate, 'an accepted scan is gated by its worker')
    assert.deepEqual(events.filter((e) => e.event === 'finding').map((e) => e.data.finding.id), done.result!.findings.map((f) => f.id))
    assert.deepEqual(events.at(-1)!.data.gate, done.gate)
    // An unknown scan is still a 404 for both.
    assert.equal((await call(server, '/api/scans/no-such-scan')).status, 404)
    assert.equal((await call(server, '/api/scans/no-such-scan/events')).status, 404)
  })

  test('the streamed scan works in queue mode: started, progress, findings, completed with the gate', async () => {
    const res = await call(server, '/api/run-scan-stream', { repo_path: 'medium' })
    assert.equal(res.status, 200)
    const frames = (await res.text()).split('\n\n').filter((f) => f.startsWith('id:'))
    const events = frames.map((f) => ({ id: Number(/id: (\d+)/.exec(f)![1]), event: /event: (\w+)/.exec(f)![1], data: JSON.parse(/data: (.*)/.exec(f)![1]) }))
    assert.deepEqual(events.map((e) => e.id), events.map((_, i) => i + 1))
    assert.equal(events[0].event, 'started')
    assert.ok(events[0].data.files_total > 400)
    assert.ok(events.some((e) => e.event === 'progress'), 'progress relayed from the worker')
    const completed = events.at(-1)!
    assert.equal(completed.event, 'completed')
    assert.equal(events.filter((e) => e.event === 'finding').length, completed.data.findings.length)
    const local = (await (await call(reference, '/scan', { repo_path: 'medium' })).json()) as ScanResult
    assert.deepEqual(comparable(completed.data.findings), comparable(local.findings))
    assert.equal(typeof completed.data.gate.passed, 'boolean')
  })

  test('a gate from CI goes before the full scans queued ahead of it', async () => {
    await queue.pause()
    const ids: string[] = []
    for (let i = 0; i < 4; i++) ids.push((await (await call(server, '/api/scans', { files: { [`f${i}.js`]: `eval(input${i})\n` }, async: true })).json()).scan_id)
    const gate = call(server, '/gate', { files: { 'ci.js': 'eval(req.body.x)\n' } })
    await until('the gate queued', async () => (await queue.getJobCountByTypes('prioritized', 'wait')) >= 5)
    await queue.resume()
    const answer = (await (await gate).json()) as GateResult
    await Promise.all(ids.map((id) => stored(id)))
    const gateJob = (await job(answer.scan_id))!
    const scans = await Promise.all(ids.map(async (id) => (await job(id))!))
    for (const s of scans) assert.ok(gateJob.processedOn! <= s.processedOn!, 'the gate was taken first')
  })

  test("one repository's 50 scans do not starve another's one (a repository runs one scan at a time here)", async () => {
    await queue.pause()
    const many: string[] = []
    for (let i = 0; i < 50; i++) many.push((await (await call(server, '/api/scans', { repo_path: 'app', async: true })).json()).scan_id)
    const other = (await (await call(server, '/api/scans', { repo_path: 'app2', async: true })).json()).scan_id
    await queue.resume()
    await stored(other)
    const otherDone = (await job(other))!.finishedOn!
    const ahead = (await Promise.all(many.map((id) => job(id)))).filter((j) => j?.finishedOn && j.finishedOn < otherDone).length
    // In plain FIFO order all 50 would; here only those a worker was already on, or took while the other worker was
    // putting repository app's back, can (a handful, depending on how fast each scan is).
    assert.ok(ahead <= 10, `${ahead} of the 50 finished before the other repository's one scan`)
    // Every one of the 50 ends too, once each.
    for (const id of many) await stored(id, 60_000)
    const client = new pg.Client({ connectionString: databaseUrl })
    await client.connect()
    const { rows } = await client.query('SELECT COUNT(*)::int AS n FROM scans WHERE id = ANY($1)', [many])
    await client.end()
    assert.equal(rows[0].n, 50)
  })

  test('a worker killed mid-scan (SIGKILL): the scan finishes once on the other, stored once, the same findings', async () => {
    const answer = call(server, '/scan', { repo_path: 'steady' })
    const running = await until('a worker running the scan', async () => {
      const jobs = await queue.getJobs(['active'])
      return jobs.find((j) => j.data.kind === 'scan' && j.processedBy)
    })
    const victim = workers.find((w) => w.id === running.processedBy)!
    assert.ok(victim, `the worker ${running.processedBy} is one of ours`)
    process.kill(pidOf(victim.id), 'SIGKILL')
    // Its replacement joins at once: the tests after this one count on two workers whatever this one finds.
    workers.splice(workers.indexOf(victim), 1, await startWorker(server.dir, workerEnv()))
    const res = await answer
    assert.equal(res.status, 200)
    const result = (await res.json()) as ScanResult
    assert.equal(result.scan_id, running.id)
    const done = (await job(running.id!))!
    assert.notEqual(done.processedBy, victim.id, 'finished by the other worker')
    assert.ok(done.attemptsStarted >= 2, 'started again after the loss')
    const client = new pg.Client({ connectionString: databaseUrl })
    await client.connect()
    const { rows } = await client.query('SELECT COUNT(*)::int AS n FROM scans WHERE id = $1', [result.scan_id])
    await client.end()
    assert.equal(rows[0].n, 1)
    const local = (await (await call(reference, '/scan', { repo_path: 'steady' })).json()) as ScanResult
    assert.deepEqual(comparable(result.findings), comparable(local.findings))
  })

  test('a scan run again stores nothing twice: its first stored scan stays (PostgreSQL and SQLite)', async () => {
    const store = await server.kernel.store()
    const first = (await (await call(server, '/scan', { repo_path: 'app' })).json()) as ScanResult
    const before = (await store.getScan(first.scan_id))!
    // A queued scan is stored once under its id; any other second save of an id still fails.
    await store.saveScan({ ...before, result: { ...before.result, total: 999 } }, { once: true })
    await assert.rejects(store.saveScan({ ...before, result: { ...before.result, total: 999 } }))
    assert.equal((await store.getScan(first.scan_id))!.result.total, first.total)
    assert.equal((await store.listScans({ limit: 1000 })).items.filter((s) => s.id === first.scan_id).length, 1)
    // The pipeline run again under a fixed id (a worker running a scan whose first worker was lost after storing it).
    const id = '6f9d1c2e-0000-4000-8000-000000000001'
    const once = await reference.kernel.scan({ repo_path: 'app' }, { scanId: id })
    const twice = await reference.kernel.scan({ repo_path: 'app' }, { scanId: id })
    assert.equal(twice.result.scan_id, id)
    assert.equal((await (await reference.kernel.store()).getScan(id))!.started_at, once.startedAt)
  })

  test('a large repository is split into shards that several workers run, and merged into the scan one machine makes', async () => {
    const [queued, local] = await Promise.all([call(server, '/scan', { repo_path: 'big' }), call(reference, '/scan', { repo_path: 'big' })])
    assert.equal(queued.status, 200)
    const [q, l] = (await Promise.all([queued.json(), local.json()])) as ScanResult[]
    assert.ok(q.files_scanned > 1000)
    assert.deepEqual(comparable(q.findings), comparable(l.findings))
    assert.ok(q.findings.some((f) => f.rule_id === 'js.eval-injection'), 'taint findings included')
    assert.deepEqual([q.total, q.by_severity, q.files_scanned, q.files_skipped, q.rules_evaluated], [l.total, l.by_severity, l.files_scanned, l.files_skipped, l.rules_evaluated])
    const shards = await Promise.all([0, 1, 2].map((i) => job(`${q.scan_id}.s${i}`)))
    assert.ok(shards.every((s) => s?.finishedOn), 'three shards ran')
    assert.ok(new Set(shards.map((s) => s!.processedBy)).size >= 2, 'on more than one worker')
  })

  test('the time limit: 504, and the scan is stopped wherever it is (running shards, or still queued)', async () => {
    const started = Date.now()
    const res = await call(server, '/scan', { repo_path: 'slow', config_overrides: { limits: { scan_timeout_s: 1 } } })
    assert.equal(res.status, 504)
    assert.match((await res.json()).detail, /time limit of 1 s/)
    assert.ok(Date.now() - started < 4000)
    // Nothing keeps running: the workers are free again within moments, the scan and its shards ended failed.
    await until('the workers idle', async () => (await queue.getJobCountByTypes('active', 'waiting-children', 'wait', 'prioritized')) === 0, 5000)
    const failed = (await queue.getJobs(['failed'])).filter((j) => j.timestamp >= started)
    const scanJob = failed.find((j) => j.data.kind === 'scan')
    assert.ok(scanJob, 'the scan ended failed')
    assert.ok(failed.some((j) => j.data.kind === 'shard' && /time limit of 1 s/.test(j.failedReason)), 'its running shards were stopped at the time limit')
    const view = (await (await call(server, `/api/scans/${scanJob.id}`)).json()) as ScanJob
    assert.deepEqual([view.status, view.error], ['failed', { status: 504, detail: 'Scan exceeded its time limit of 1 s' }])
    // A scan still waiting for a worker at its limit is taken out of the queue.
    await queue.pause()
    const waiting = await call(server, '/scan', { repo_path: 'app', config_overrides: { limits: { scan_timeout_s: 1 } } })
    assert.equal(waiting.status, 504)
    await sleep(300)
    const prioritized = await queue.getJobs(['prioritized', 'wait'])
    assert.equal(prioritized.length, 0, 'removed from the queue')
    await queue.resume()
  })

  test('Redis restarted mid-way: /health degraded meanwhile, then server and workers reconnect and no accepted scan is lost', async () => {
    const ids: string[] = []
    for (let i = 0; i < 8; i++) ids.push((await (await call(server, '/api/scans', { files: { [`r${i}.js`]: `eval(req.query.v${i})\n` }, async: true })).json()).scan_id)
    const inFlight = call(server, '/scan', { repo_path: 'medium' })
    await sleep(200)
    await redis.restart(async () => {
      // While it is away the service says so (and not where Redis was).
      const down = await call(server, '/health')
      assert.equal(down.status, 503)
      assert.deepEqual((await down.json()).checks, { queue: 'the queue (Redis) does not answer' })
    })
    for (const id of ids) assert.equal((await stored(id, 60_000)).result!.scan_id, id)
    assert.equal((await inFlight).status, 200)
    const health = await until('health ok again', async () => {
      const h = await (await call(server, '/health')).json()
      return h.status === 'ok' && h
    })
    assert.ok(workers.every((w) => health.workers.some((s: WorkerSeen) => s.id === w.id)))
  })

  test('a scan that always fails ends failed with its reason after its attempts, not in a loop', async () => {
    // Its own queue (Redis database 1): a server, and a worker whose store is a database that does not exist.
    const url = `${redis.url}/1`
    const lone = await startServer({ files: { '.guard.yaml': CONFIG }, env: { GUARD_API_KEY: API_KEY, GUARD_QUEUE_URL: url, GUARD_DATABASE_URL: databaseUrl } })
    const broken = await startWorker(lone.dir, { ...workerEnv(), GUARD_QUEUE_URL: url, GUARD_DATABASE_URL: postgres.urlOf('no_such_database') })
    const { queue: other, connection: otherRedis } = scansQueue(url)
    try {
      const res = await call(lone, '/api/scans', { files: { 'x.js': 'eval(a)\n' }, async: true })
      const { scan_id } = await res.json()
      const failed = await until('the scan failed', async () => {
        const r = await call(lone, `/api/scans/${scan_id}`)
        const body = (await r.json()) as ScanJob
        return r.status === 200 && body.status === 'failed' && body
      })
      assert.equal(failed.attempts, 3)
      assert.deepEqual(failed.error, { status: 500, detail: 'Internal server error' })
      const j = (await Job.fromId(other, scan_id))!
      assert.equal(j.attemptsMade, 3)
      assert.match(j.failedReason, /no_such_database/)
      await sleep(1000)
      assert.equal(await j.getState(), 'failed')
      assert.equal((await Job.fromId(other, scan_id))!.attemptsMade, 3, 'not run again')
      assert.equal((await (await call(lone, '/health')).json()).queue.failed, 1)
      // A client waiting on one gets the contract's 500.
      const waited = await call(lone, '/scan', { files: { 'y.js': 'eval(b)\n' } })
      assert.equal(waited.status, 500)
      assert.equal((await waited.json()).detail, 'Internal server error')
    } finally {
      broken.child.kill('SIGTERM')
      await broken.exited
      await other.close()
      otherRedis.disconnect()
      await lone.close()
    }
  })

  test('without GUARD_QUEUE_URL the service loads nothing of BullMQ or ioredis', async () => {
    const dir = tempDir('guard-noqueue-')
    const record = path.join(dir, 'loaded.txt')
    fs.writeFileSync(path.join(dir, 'hooks.mjs'), `import fs from 'node:fs'\nexport async function resolve(s, c, next) {\n  const r = await next(s, c)\n  if (/node_modules\\/(bullmq|ioredis)\\//.test(r.url)) fs.appendFileSync(${JSON.stringify(record)}, r.url + '\\n')\n  return r\n}\n`)
    fs.writeFileSync(path.join(dir, 'register.mjs'), `import { register } from 'node:module'\nregister('./hooks.mjs', import.meta.url)\n`)
    const serve = async (env: Record<string, string | undefined>) => {
      const port = await freePort()
      const child = spawn(process.execPath, ['--import', path.join(dir, 'register.mjs'), GUARD, 'serve', '--port', String(port), '--host', '127.0.0.1'], {
        cwd: dir, env: { ...process.env, GUARD_QUEUE_URL: undefined, GUARD_DATABASE_URL: undefined, GUARD_LOG_LEVEL: 'warn', ...env }, stdio: 'ignore',
      })
      const exited = new Promise((r) => child.once('exit', r))
      await waitForHealth(`http://127.0.0.1:${port}`)
      const health = await (await fetch(`http://127.0.0.1:${port}/health`)).json()
      child.kill('SIGTERM')
      await exited
      return health
    }
    try {
      const plain = await serve({})
      assert.equal(plain.queue, undefined)
      assert.equal(fs.existsSync(record), false, fs.existsSync(record) ? fs.readFileSync(record, 'utf8') : '')
      // The probe sees them when queue mode is on.
      const queued = await serve({ GUARD_QUEUE_URL: redis.url, GUARD_DATABASE_URL: databaseUrl })
      assert.ok(queued.queue)
      assert.match(fs.readFileSync(record, 'utf8'), /bullmq/)
    } finally {
      fs.rmSync(dir, { recursive: true, force: true })
    }
  })
})
