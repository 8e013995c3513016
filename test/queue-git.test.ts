// Queue mode with repositories named by git URL (repo_url): real repositories served by `git daemon` on 127.0.0.1,
// a server in queue mode, two `guard worker` processes sharing one clone cache (and a SQLite store). The same findings
// as the tree by path; a second scan fetches, a push is seen, refs resolved; refusals before the queue; no credential
// kept anywhere; a clone past the time limit killed; shards of one commit; the cache's size kept by LRU.
import { after, before, describe, test } from 'node:test'
import assert from 'node:assert/strict'
import { execFileSync, spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import net from 'node:net'
import path from 'node:path'
import { Job, type Queue } from 'bullmq'
import type { Redis } from 'ioredis'
import { startRedis, type TestRedis } from './helpers/redis.ts'
import { startServer, tempDir, writeTree, type TestServer } from './helpers/server.ts'
import { freePort } from './helpers/process.ts'
import { callerWithKey, scansQueue, startWorker, stopWorkers, type WorkerProcess } from './helpers/queue.ts'
import { signToken } from '../kernel/access/tokens.ts'
import type { AuditEntry, Finding, ScanResult } from '../kernel/base/schemas.ts'
import { allowedGitUrls, checkGitUrl, checkRef } from '../plugins/queue/git-source.ts'
import { withoutCredentials } from '../kernel/base/url-credentials.ts'
import { GitCache } from '../plugins/queue/git-cache.ts'

const API_KEY = 'queue-git-test-api-key-0123456789abcdef'
const JWT_SECRET = 'queue-git-test-jwt-secret-0123456789abcdef'
const CONFIG = `auth:\n  enabled: true\n  jwt_secret: ${JWT_SECRET}\n`
const APP = {
  'handler.js': 'function handle(req) {\n  const code = req.query.code\n  return eval(code)\n}\n',
  'views.py': 'import os\n\ndef run(request):\n    os.system(request.args.get("cmd"))\n',
  'lib/util.js': 'export const add = (a, b) => a + b\n',
}
const SECRET = 'AWS_ACCESS_KEY_ID = "AKIAZ7Q3VXNPL2MWK4RT"\n'
const TOKEN = 's3cret-t0ken-in-a-url'
const ENV = { GUARD_CACHE: 'off', GUARD_WORKERS: '1', GUARD_QUEUE_LOCK_MS: '2000', GUARD_QUEUE_SHARD_FILES: '25', GUARD_QUEUE_BACKOFF_MS: '200' }

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
const comparable = (findings: Finding[]) => findings.map((f) => [f.id, f.rule_id, f.file, f.line, f.column, f.severity].join(' '))
const gitIn = (cwd: string, ...args: string[]) => execFileSync('git', ['-c', 'user.email=t@example.com', '-c', 'user.name=t', ...args], { cwd, encoding: 'utf8' }).trim()

/** A working repository with `files` committed, pushed to a bare one under `served` (what the daemon serves). */
function makeRepo(served: string, work: string, name: string, files: Record<string, string>): string {
  const dir = path.join(work, name)
  writeTree(dir, files)
  gitIn(dir, 'init', '-q', '-b', 'main')
  gitIn(dir, 'add', '.')
  gitIn(dir, 'commit', '-qm', 'first')
  gitIn(work, 'init', '-q', '--bare', '-b', 'main', path.join(served, `${name}.git`))
  gitIn(path.join(served, `${name}.git`), 'config', 'uploadpack.allowFilter', 'true')
  gitIn(dir, 'push', '-q', path.join(served, `${name}.git`), 'main')
  return dir
}

function commitAndPush(dir: string, served: string, files: Record<string, string>, message: string, branch = 'main'): string {
  writeTree(dir, files)
  gitIn(dir, 'add', '.')
  gitIn(dir, 'commit', '-qm', message)
  gitIn(dir, 'push', '-q', served, `HEAD:${branch}`)
  return gitIn(dir, 'rev-parse', 'HEAD')
}

describe('queue mode: repositories by git URL', { timeout: 120_000 }, () => {
  let redis: TestRedis
  let server: TestServer
  let plain: TestServer
  let queue: Queue
  let queueRedis: Redis
  let daemon: ChildProcess
  let daemonLog = ''
  let silent: net.Server
  const held: net.Socket[] = []
  const workers: WorkerProcess[] = []
  let base: string
  let served: string
  let work: string
  let url: string
  let slowUrl: string
  let appDir: string
  let bigDir: string
  const call = callerWithKey(API_KEY)
  const scan = async (body: object, to = server) => {
    const res = await call(to, '/scan', body)
    const json = await res.json()
    assert.equal(res.status, 200, JSON.stringify(json))
    return json as ScanResult
  }
  const uploads = () => (daemonLog.match(/Request upload-pack for '\/app\.git'/g) ?? []).length
  const jobCount = () => queue.getJobCountByTypes('completed', 'failed', 'wait', 'prioritized', 'active', 'delayed', 'waiting-children')

  before(async () => {
    base = tempDir('guard-queue-git-')
    served = path.join(base, 'served')
    work = path.join(base, 'work')
    fs.mkdirSync(served)
    fs.mkdirSync(work)
    appDir = makeRepo(served, work, 'app', APP)
    gitIn(appDir, 'tag', 'v1')
    gitIn(appDir, 'push', '-q', path.join(served, 'app.git'), 'v1')
    // big: 60 files, three shards of 25 at most.
    bigDir = makeRepo(served, work, 'big', Object.fromEntries(Array.from({ length: 60 }, (_, i) => [`m${i % 4}/f${i}.js`, i % 7 ? `export const v${i} = ${i}\n` : APP['handler.js']])))

    const port = await freePort()
    daemon = spawn('git', ['daemon', '--export-all', `--base-path=${served}`, '--listen=127.0.0.1', `--port=${port}`, '--reuseaddr', '--verbose', '--log-destination=stderr', served], { stdio: ['ignore', 'ignore', 'pipe'] })
    daemon.stderr!.on('data', (c: Buffer) => void (daemonLog += c.toString()))
    for (let i = 0; !/Ready to rumble/.test(daemonLog); i++) {
      if (i > 100) throw new Error(`git daemon did not start:\n${daemonLog}`)
      await sleep(50)
    }
    url = `git://127.0.0.1:${port}/app.git`
    // A git server that takes the connection and never answers: a clone that can only end at the time limit.
    silent = net.createServer((s) => void held.push(s))
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r))
    slowUrl = `git://127.0.0.1:${(silent.address() as net.AddressInfo).port}/stuck.git`

    redis = await startRedis()
    const db = `sqlite:${path.join(base, 'guard.db')}`
    const allow = `git://127.0.0.1:${port}/ ${slowUrl}`
    const env = { ...ENV, GUARD_QUEUE_URL: redis.url, GUARD_DATABASE_URL: db, GUARD_SCAN_ROOTS: work, GUARD_GIT_URLS: allow }
    server = await startServer({ files: { '.guard.yaml': CONFIG }, env: { ...env, GUARD_API_KEY: API_KEY } })
    // Its store opened now, on the workers' database (the next server changes the environment).
    await server.kernel.store()
    plain = await startServer({ files: { '.guard.yaml': CONFIG }, env: { ...ENV, GUARD_API_KEY: API_KEY, GUARD_SCAN_ROOTS: work, GUARD_GIT_URLS: allow, GUARD_QUEUE_URL: undefined, GUARD_DATABASE_URL: undefined } })
    ;({ queue, connection: queueRedis } = scansQueue(redis.url))
    // One working directory: both workers share the data directory and so the clone cache (its locks are per folder).
    workers.push(...(await Promise.all([startWorker(server.dir, env, 2), startWorker(server.dir, env, 2)])))
  })

  after(async () => {
    await stopWorkers(workers)
    await queue?.close()
    queueRedis?.disconnect()
    await server?.close()
    await plain?.close()
    await redis?.stop()
    daemon?.kill('SIGTERM')
    for (const s of held) s.destroy()
    silent?.close()
    fs.rmSync(base, { recursive: true, force: true })
  })

  test('the allow-list: prefixes end at a path segment, wildcards stay in theirs, file:// only when listed; refs that cannot be options', () => {
    const allow = allowedGitUrls('https://git.example.com/acme, git://h.example/*/tools ssh://git@h.example/team/')!
    for (const ok of ['https://git.example.com/acme', 'https://git.example.com/acme.git', 'https://git.example.com/acme/app.git', 'git://h.example/x/tools.git', 'ssh://git@h.example/team/a/b.git'])
      assert.ok(allow(ok), ok)
    for (const no of ['https://git.example.com/acme-evil/app.git', 'https://git.example.com.evil.com/acme', 'http://git.example.com/acme', 'git://h.example/x/y/tools', 'ssh://h.example/team/a', 'file:///srv/acme'])
      assert.ok(!allow(no), no)
    assert.equal(checkGitUrl('HTTPS://Git.Example.com/acme/app.git', allow).url, 'https://git.example.com/acme/app.git')
    assert.equal(allowedGitUrls(''), undefined)
    assert.throws(() => checkGitUrl('https://git.example.com/acme/app.git', undefined), (e: Error & { errors?: { message: string }[] }) => /GUARD_GIT_URLS/.test(e.errors![0].message))
    assert.throws(() => allowedGitUrls('ftp://x/ *'), /Invalid GUARD_GIT_URLS/)
    assert.throws(() => checkGitUrl('file:///srv/acme', allow), /Invalid repo_url/)
    assert.equal(checkGitUrl('file:///srv/acme/app', allowedGitUrls('file:///srv/acme/')).scheme, 'file')
    for (const ref of ['main', 'feature/x-1', 'v1.2.3', 'a'.repeat(40)]) assert.equal(checkRef(ref), ref)
    for (const ref of ['--upload-pack=touch /tmp/x', 'a..b', 'main@{1}', 'x y', '-b', '/etc', 'HEAD~1', 'x.lock']) assert.throws(() => checkRef(ref), /Invalid ref/, ref)
    // Userinfo is cut however it is written: as the URL parser reads it (tabs dropped, \ for /), or scp-like.
    for (const [given, kept] of [
      [`https://${TOKEN}@h.example/a.git`, 'https://***@h.example/a.git'],
      [`https://u:${TOKEN}@h.example/a.git`, 'https://***@h.example/a.git'],
      [` ht\ttps:\\\\${TOKEN}@h.example/a`, 'https://***@h.example/a'],
      [`git://u:${TOKEN}\\x@h.example/a`, 'git://***@h.example/a'],
      [`u:${TOKEN}@h.example:a/b.git`, '***@h.example:a/b.git'],
      ['https://h.example/a@b', 'https://h.example/a@b'],
    ])
      assert.equal(withoutCredentials(given), kept, given)
  })

  test('a scan by URL finds what the same tree by path does, names its commit, and is stored under its URL', async () => {
    const head = gitIn(appDir, 'rev-parse', 'HEAD')
    const [byUrl, byPath] = await Promise.all([scan({ repo_url: url }), scan({ repo_path: 'app' })])
    assert.ok(byUrl.findings.length >= 2)
    assert.deepEqual(comparable(byUrl.findings), comparable(byPath.findings))
    assert.deepEqual([byUrl.total, byUrl.files_scanned, byUrl.rules_evaluated], [byPath.total, byPath.files_scanned, byPath.rules_evaluated])
    assert.deepEqual(byUrl.repository, { url, commit: head })
    const stored = await (await server.kernel.store()).getScan(byUrl.scan_id)
    assert.equal(stored!.target, url)
    assert.equal(stored!.result.repository!.commit, head)
    // The gate answers the same way.
    const gate = await (await call(server, '/gate', { repo_url: url, ref: 'main' })).json()
    assert.equal(gate.passed, false)
  })

  test('the next scan fetches into the same clone (no clone again) and sees a commit pushed since', async () => {
    await scan({ repo_url: url })
    const cacheRoot = path.join(server.dir, '.guard', 'data', 'git')
    const [folder] = fs.readdirSync(cacheRoot).filter((n) => JSON.parse(fs.readFileSync(path.join(cacheRoot, n, 'meta.json'), 'utf8')).url === url)
    const mirror = path.join(cacheRoot, folder, 'mirror.git')
    const inode = fs.statSync(mirror).ino
    const before = uploads()
    const pushed = commitAndPush(appDir, path.join(served, 'app.git'), { 'settings.py': SECRET }, 'a key')
    const next = await scan({ repo_url: url })
    assert.equal(next.repository!.commit, pushed)
    assert.ok(next.findings.some((f) => f.file === 'settings.py'), 'the pushed file is scanned')
    assert.equal(fs.statSync(mirror).ino, inode, 'the same mirror, fetched into')
    assert.ok(uploads() > before, 'the daemon served a fetch')
    // Only the latest tree and those in use stay: the first commit's tree is gone.
    assert.deepEqual(fs.readdirSync(path.join(cacheRoot, folder, 'trees')).filter((n) => !n.startsWith('.')), [pushed])
  })

  test('ref: a tag, a branch and a commit each scan their own tree; one unknown is a 422; concurrent scans of one URL agree', async () => {
    const first = gitIn(appDir, 'rev-list', '--max-parents=0', 'HEAD')
    gitIn(appDir, 'checkout', '-q', '-b', 'feature')
    commitAndPush(appDir, path.join(served, 'app.git'), { 'extra.py': APP['views.py'] }, 'feature', 'feature')
    gitIn(appDir, 'checkout', '-q', 'main')
    const results = await Promise.all([
      scan({ repo_url: url, ref: 'v1' }),
      scan({ repo_url: url, ref: first }),
      scan({ repo_url: url, ref: first.slice(0, 10) }),
      scan({ repo_url: url, ref: 'feature' }),
      scan({ repo_url: url }),
    ])
    const [tag, commit, short, feature, main] = results
    for (const r of [tag, commit, short]) {
      assert.equal(r.repository!.commit, first)
      assert.ok(!r.findings.some((f) => f.file === 'settings.py' || f.file === 'extra.py'))
    }
    assert.deepEqual(tag.repository!.ref, 'v1')
    assert.ok(feature.findings.some((f) => f.file === 'extra.py'), JSON.stringify(feature))
    assert.ok(main.findings.some((f) => f.file === 'settings.py') && !main.findings.some((f) => f.file === 'extra.py'))
    const unknown = await call(server, '/scan', { repo_url: url, ref: 'no-such-branch' })
    assert.equal(unknown.status, 422)
    assert.equal((await unknown.json()).errors[0].path, 'ref')
  })

  test('refused before the queue: a URL not allowed, credentials, both repo_path and repo_url, a bad ref, an agent without access; never kept', async () => {
    const before = await jobCount()
    const agent = { authorization: `Bearer ${signToken(JWT_SECRET, { sub: 'ci-bot', role: 'agent', repo_access: ['127.0.0.1:*/other'] }, 1)}` }
    const port = new URL(url).port
    for (const [body, status, field, headers] of [
      [{ repo_url: 'git://127.0.0.1:1/elsewhere.git' }, 422, 'repo_url'],
      [{ repo_url: `git://127.0.0.1:${port}.evil/app.git` }, 422, 'repo_url'],
      [{ repo_url: `git://user:${TOKEN}@127.0.0.1:${port}/app.git` }, 422, 'repo_url'],
      [{ repo_url: `git://${TOKEN}@127.0.0.1:${port}/app.git` }, 422, 'repo_url'],
      [{ repo_url: 'ext::sh -c touch% /tmp/pwned' }, 422, 'repo_url'],
      [{ repo_url: `git://127.0.0.1:${port}/app%0a.git` }, 422, 'repo_url'],
      [{ repo_url: url, repo_path: 'app' }, 422, 'repo_path'],
      [{ repo_url: url, history: true }, 422, 'history'],
      [{ repo_url: url, ref: '--upload-pack=touch /tmp/pwned' }, 422, 'ref'],
      [{ repo_path: 'app', ref: 'main' }, 422, 'ref'],
      [{ repo_url: url }, 403, undefined, agent],
    ] as const) {
      const res = await call(server, '/scan', body, headers)
      const text = await res.text()
      assert.equal(res.status, status, `${JSON.stringify(body)}: ${text}`)
      if (field) assert.equal(JSON.parse(text).errors[0].path, field, text)
      assert.ok(!text.includes(TOKEN), 'the refusal does not repeat the credential')
    }
    const accepted = await call(server, '/api/scans', { repo_url: `git://x:${TOKEN}@127.0.0.1:${port}/app.git`, async: true })
    assert.equal(accepted.status, 422)
    assert.equal(await jobCount(), before, 'nothing was queued')
    // An agent scans the URLs its repo_access names (host:port/path).
    const allowed = { authorization: `Bearer ${signToken(JWT_SECRET, { sub: 'ci-bot', role: 'agent', repo_access: ['127.0.0.1:*/app'] }, 1)}` }
    assert.equal((await call(server, '/scan', { repo_url: url }, allowed)).status, 200)
    // Without the queue, repo_url is a 422 naming it.
    const local = await call(plain, '/scan', { repo_url: url })
    assert.equal(local.status, 422)
    assert.match((await local.json()).errors[0].message, /GUARD_QUEUE_URL/)
    // Nowhere kept: not the audit (its target cut), the store, Redis, or the workers' output.
    const audit = ((await (await call(server, '/api/audit?action=scan&limit=500')).json()) as { items: AuditEntry[] }).items
    assert.ok(audit.some((e) => e.target === `git://***@127.0.0.1:${port}/app.git` && e.status === 422))
    assert.ok(!JSON.stringify(audit).includes(TOKEN))
    for (const file of fs.readdirSync(base).filter((n) => n.startsWith('guard.db'))) assert.ok(!fs.readFileSync(path.join(base, file)).includes(TOKEN), file)
    const keys = await queueRedis.keys('*')
    for (const key of keys) if ((await queueRedis.type(key)) === 'hash') assert.ok(!JSON.stringify(await queueRedis.hgetall(key)).includes(TOKEN), key)
    for (const w of workers) assert.ok(!w.output().includes(TOKEN))
  })

  test('a clone past the time limit is killed: 504, and no git process is left; a repository the server lacks: 502', async () => {
    const started = Date.now()
    const res = await call(server, '/scan', { repo_url: slowUrl, config_overrides: { limits: { scan_timeout_s: 1 } } })
    assert.equal(res.status, 504)
    assert.match((await res.json()).detail, /time limit of 1 s/)
    assert.ok(Date.now() - started < 5000)
    // A repository the git server does not have: 502 naming the URL (the fetch failed, not the request).
    const missing = await call(server, '/scan', { repo_url: url.replace('app.git', 'missing.git') })
    assert.equal(missing.status, 502)
    assert.match((await missing.json()).detail, /could not be fetched from git:\/\/127\.0\.0\.1:\d+\/missing\.git/)
    const port = new URL(slowUrl).port
    let left = ''
    for (let i = 0; i < 40; i++) {
      left = execFileSync('ps', ['-eo', 'args'], { encoding: 'utf8' }).split('\n').filter((l) => l.includes(`127.0.0.1:${port}`)).join('\n')
      if (!left) break
      await sleep(100)
    }
    assert.equal(left, '', 'the clone (and its helpers) were killed')
    // An async scan of it ends failed with the same 504 (its limit counts from its start).
    const accepted = (await (await call(server, '/api/scans', { repo_url: slowUrl, async: true, config_overrides: { limits: { scan_timeout_s: 1 } } })).json()) as { scan_id: string }
    for (let i = 0; ; i++) {
      const view = await (await call(server, `/api/scans/${accepted.scan_id}`)).json()
      if (view.status === 'failed') {
        assert.equal(view.error.status, 504)
        break
      }
      assert.ok(i < 100, 'the accepted scan ended')
      await sleep(100)
    }
  })

  test('a large repository by URL: its shards scan the commit its scan resolved, whichever worker runs them', async () => {
    const [byUrl, byPath] = await Promise.all([scan({ repo_url: url.replace('app.git', 'big.git') }), scan({ repo_path: 'big' })])
    assert.equal(byUrl.files_scanned, 60)
    assert.deepEqual(comparable(byUrl.findings), comparable(byPath.findings))
    const shards = await Promise.all([0, 1, 2].map((i) => Job.fromId(queue, `${byUrl.scan_id}.s${i}`)))
    const head = gitIn(bigDir, 'rev-parse', 'HEAD')
    for (const s of shards) assert.deepEqual(s!.data.source, { url: url.replace('app.git', 'big.git'), commit: head })
    assert.equal(byUrl.repository!.commit, head)
  })

  test('the cache keeps under its size: least recently used repositories go whole, never one in use', async () => {
    const dir = tempDir('guard-git-cache-')
    try {
      const repos = ['one', 'two', 'three'].map((name) => makeRepo(path.join(dir, 'src'), path.join(dir, 'work'), name, { 'a.txt': name.repeat(40_000) }))
      assert.equal(repos.length, 3)
      const cache = new GitCache({ dir: path.join(dir, 'cache'), maxBytes: 250_000 })
      const run = { signal: new AbortController().signal, onAbort: (r: unknown) => r as Error }
      const source = (name: string) => ({ url: `file://${path.join(dir, 'src', `${name}.git`)}`, scheme: 'file' as const })
      const one = await cache.checkout(source('one'), {}, run)
      const two = await cache.checkout(source('two'), {}, run)
      await two.release()
      const three = await cache.checkout(source('three'), {}, run)
      // Over the size: `two` (released, least recently used) went; `one`, still read, stayed.
      assert.ok(fs.existsSync(one.root), 'in use: kept')
      assert.ok(!fs.existsSync(cache.folder(source('two').url)), 'least recently used: dropped')
      assert.equal(fs.readFileSync(path.join(three.root, 'a.txt'), 'utf8'), 'three'.repeat(40_000))
      await Promise.all([one.release(), three.release()])
      // A lock file still empty is one another worker is taking at this instant: waited for, never taken over.
      fs.mkdirSync(cache.folder(source('one').url), { recursive: true })
      fs.writeFileSync(path.join(cache.folder(source('one').url), 'lock'), '')
      const waiting = { signal: AbortSignal.timeout(300), onAbort: () => new Error('waited for the lock') }
      await assert.rejects(cache.checkout(source('one'), {}, waiting), /waited for the lock/)
    } finally {
      fs.rmSync(dir, { recursive: true, force: true })
    }
  })
})
