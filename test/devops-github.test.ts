// Work items as GitHub issues, through HTTP on a real server against a fake GitHub on loopback (REST API v3, version
// 2022-11-28; test/helpers/fake-github.ts): the lifecycle, markers not adopted from others, 1,000 items across pages,
// rate limits, an expired token, an outage mid-run and its rerun, resets, concurrent runs, test-connection's lines,
// GitHub Enterprise Server, and the token kept out of every answer, log line and audit entry.
import { test, describe, before, after } from 'node:test'
import assert from 'node:assert/strict'
import fs from 'node:fs'
import path from 'node:path'
import YAML from 'yaml'
import { tempDir, writeTree, type TestServer } from './helpers/server.ts'
import { FakeGitHub } from './helpers/fake-github.ts'
import { freePort, runGuard } from './helpers/process.ts'
import { assertNoSecret, CLEAN_JS, counts, devopsCalls, EVAL_ONCE, EVAL_TWICE, LICENSE_ENV, prefixOf, RULE_JS, serveGuard, SHELL, THREE_RULES, trackerServer, type ServedGuard } from './helpers/devops.ts'

const TOKEN = 'ghp_guardTest0123456789abcdefABCDEF012345'
const GITHUB_ENV = { GUARD_GITHUB_TOKEN: TOKEN, GUARD_GITHUB_WRITE_INTERVAL_MS: '0' }
const marker = (key: string, digest = '0123456789abcdef') => `<!-- guard-work-item key=${key} digest=${digest} -->`

function githubServer(gh: FakeGitHub): Promise<TestServer> {
  return trackerServer('github', { repository: 'acme/app', api_url: gh.url }, GITHUB_ENV)
}

describe('work items in GitHub issues', () => {
  let gh: FakeGitHub
  let server: TestServer
  before(async () => {
    gh = await FakeGitHub.start()
    gh.addUser(TOKEN, { login: 'guard-bot' })
    gh.addRepo('acme/app')
    server = await githubServer(gh)
  })
  after(async () => {
    await server.close()
    await gh.close()
  })

  const { scan, reconcile, check } = devopsCalls(() => server)
  const issuesOf = (repo: string) => gh.issuesOf('acme/app').filter((i) => i.body?.includes(`key=${prefixOf(repo)}`))
  const writesSince = (n: number) => gh.requests.slice(n).filter((r) => r.method !== 'GET')

  test('lifecycle: created with labels and marker, unchanged on a rerun, updated, closed, reopened; a person’s label is kept', async () => {
    await scan('repo-a', { 'a.js': EVAL_TWICE, 'b.py': SHELL })
    const first = await reconcile()
    assert.deepEqual(counts(first), { created: 2, updated: 0, closed: 0, reopened: 0, unchanged: 0, failed: 0 })
    const issues = issuesOf('repo-a')
    assert.equal(issues.length, 2)
    const js = issues.find((i) => i.labels.includes(`rule:${RULE_JS}`))!
    assert.deepEqual(js.labels, ['guard', 'severity:medium', `rule:${RULE_JS}`])
    assert.equal(js.user, 'guard-bot')
    assert.match(js.title, /^\[guard\] .+ in repo-a$/)
    assert.match(js.body!, /`a\.js:2`[\s\S]*`a\.js:3`/)
    assert.match(js.body!, new RegExp(`<!-- guard-work-item key=${prefixOf('repo-a')}${RULE_JS} digest=[0-9a-f]{16} -->`))
    assert.deepEqual(first.actions.find((a) => a.rule_id === RULE_JS)!.url, `https://github.example/acme/app/issues/${js.number}`)
    const labels = gh.repos.get('acme/app')!.labels
    for (const name of ['guard', 'severity:medium', `rule:${RULE_JS}`]) assert.ok(labels.some((l) => l.name === name && /^[0-9a-f]{6}$/.test(l.color)), name)
    const items = (await (await server.request('/api/work-items?repo=repo-a')).json()).items
    assert.deepEqual(items.map((w: { id: string; provider: string; url: string }) => [w.provider, w.id]).sort(), issues.map((i) => ['github', String(i.number)]).sort())

    let mark = gh.requests.length
    assert.deepEqual(counts(await reconcile()), { created: 0, updated: 0, closed: 0, reopened: 0, unchanged: 2, failed: 0 })
    assert.deepEqual(writesSince(mark), [], 'a rerun only reads')

    js.labels.push('triaged')
    await scan('repo-a', { 'a.js': EVAL_ONCE, 'b.py': SHELL })
    mark = gh.requests.length
    assert.deepEqual(counts(await reconcile()), { created: 0, updated: 1, closed: 0, reopened: 0, unchanged: 1, failed: 0 })
    assert.deepEqual(writesSince(mark).map((r) => `${r.method} ${r.path} ${r.status}`), [`PATCH /repos/acme/app/issues/${js.number} 200`])
    assert.ok(js.labels.includes('triaged') && js.labels.includes('guard'), js.labels.join())
    assert.doesNotMatch(js.body!, /`a\.js:3`/)

    await scan('repo-a', { 'a.js': CLEAN_JS, 'b.py': SHELL })
    assert.equal((await reconcile()).closed, 1)
    assert.deepEqual([js.state, js.state_reason], ['closed', 'completed'])

    await scan('repo-a', { 'a.js': EVAL_TWICE, 'b.py': SHELL })
    assert.equal((await reconcile()).reopened, 1)
    assert.deepEqual([js.state, js.state_reason], ['open', 'reopened'])
    assert.match(js.body!, /`a\.js:3`/)
    assert.equal(issuesOf('repo-a').length, 2, 'no new issue')
  })

  test('a dry run reads GitHub and writes nothing', async () => {
    await scan('repo-dry', { 'a.js': EVAL_ONCE, 'b.py': SHELL })
    const mark = gh.requests.length
    const dry = await reconcile({ dry_run: true })
    assert.deepEqual(dry.actions.map((a) => [a.action, a.status]), [['create', 'planned'], ['create', 'planned']])
    assert.deepEqual(writesSince(mark), [])
    assert.equal(issuesOf('repo-dry').length, 0)
  })

  test('pull requests, issues of other people quoting a marker, and copies are never adopted', async () => {
    const original = issuesOf('repo-a').find((i) => i.labels.includes(`rule:${RULE_JS}`))!
    const quoted = original.body!
    const pr = gh.seedIssue('acme/app', { title: 'a pull request', user: 'guard-bot', labels: ['guard'], body: quoted, pull_request: true })
    const mallory = gh.seedIssue('acme/app', { title: 'not guard', user: 'mallory', labels: ['guard'], body: quoted })
    const copy = gh.seedIssue('acme/app', { title: 'copied', user: 'guard-bot', labels: ['guard'], body: quoted, created_at: '2999-01-01T00:00:00Z' })
    await scan('repo-a', { 'a.js': EVAL_ONCE, 'b.py': SHELL })
    const mark = gh.requests.length
    const report = await reconcile()
    assert.deepEqual(counts(report), { created: 0, updated: 1, closed: 0, reopened: 0, unchanged: 1, failed: 0 })
    assert.deepEqual(writesSince(mark).map((r) => r.path), [`/repos/acme/app/issues/${original.number}`])
    assert.deepEqual(report.duplicates, [String(copy.number)])
    for (const other of [pr, mallory, copy]) assert.equal(other.body, quoted, `#${other.number} untouched`)
    const list = gh.requests.slice(mark).find((r) => r.method === 'GET' && r.path.startsWith('/repos/acme/app/issues?'))!
    assert.match(list.path, /creator=guard-bot/)
    assert.match(list.path, /labels=guard/)
    assert.match(list.path, /state=all/)
  })

  test('1,000 open items across pages (Link headers): the stale ones of this repository close, other repositories’ stay; a rerun only reads', async () => {
    const prefix = prefixOf('repo-bulk')
    for (let i = 0; i < 1000; i++) gh.seedIssue('acme/app', { title: `stale ${i}`, user: 'guard-bot', labels: ['guard'], body: `old\n\n${marker(`${prefix}js.stale-${i}`)}` })
    for (let i = 0; i < 1000; i++) gh.seedIssue('acme/app', { title: `elsewhere ${i}`, user: 'guard-bot', labels: ['guard'], body: marker(`${prefixOf('repo-elsewhere')}js.rule-${i}`) })
    for (let i = 0; i < 20; i++) gh.seedIssue('acme/app', { title: `pr ${i}`, user: 'guard-bot', labels: ['guard'], body: marker(`${prefix}js.pr-${i}`), pull_request: true })
    await scan('repo-bulk', { 'a.js': EVAL_ONCE })
    const mark = gh.requests.length
    const started = Date.now()
    const report = await reconcile()
    const ms = Date.now() - started
    assert.deepEqual(counts(report), { created: 1, updated: 0, closed: 1000, reopened: 0, unchanged: 0, failed: 0 })
    const pages = gh.requests.slice(mark).filter((r) => r.method === 'GET' && /\/issues\?/.test(r.path) && /direction=asc/.test(r.path))
    const total = gh.repos.get('acme/app')!.issues.filter((i) => i.labels.includes('guard') && i.user === 'guard-bot').length
    assert.equal(pages.length, Math.ceil((total - 1) / 100), 'every page read once')
    assert.ok(pages.slice(1).every((p) => /^\/repositories\/\d+\/issues\?.*page=\d+/.test(p.path)), 'the Link URLs followed as given')
    assert.equal(gh.issuesOf('acme/app').filter((i) => i.body?.includes(`key=${prefix}js.stale-`) && i.state === 'closed').length, 1000)
    assert.equal(gh.issuesOf('acme/app').filter((i) => i.title.startsWith('elsewhere') && i.state === 'open').length, 1000)
    const rerun = gh.requests.length
    assert.deepEqual(counts(await reconcile()), { created: 0, updated: 0, closed: 0, reopened: 0, unchanged: 1001, failed: 0 })
    assert.deepEqual(writesSince(rerun), [])
    process.stdout.write(`# 1,000 stale items closed in ${ms} ms (${gh.requests.length - mark} requests in both runs)\n`)
  })

  test('rate limits: the primary limit waits until its reset, a secondary limit for its Retry-After; a longer wait fails clearly and a rerun finishes', async () => {
    await scan('repo-rate', { 'a.js': EVAL_ONCE, 'b.py': SHELL })
    gh.inject({ kind: 'primary', resetInS: 1 }, { method: 'GET', path: /\/issues\?/ })
    let started = Date.now()
    await reconcile({ dry_run: true })
    assert.ok(Date.now() - started >= 900, `waited ${Date.now() - started} ms`)
    gh.inject({ kind: 'secondary', retryAfterS: 1 }, { method: 'POST', path: /\/issues$/ })
    gh.inject({ kind: 'secondary', status: 429, retryAfterS: 1 }, { method: 'POST', path: /\/issues$/ })
    started = Date.now()
    const mark = gh.requests.length
    assert.equal((await reconcile()).created, 2)
    assert.ok(Date.now() - started >= 1900)
    assert.deepEqual(gh.requests.slice(mark).filter((r) => r.method === 'POST' && r.path.endsWith('/issues')).map((r) => r.status), [403, 429, 201, 201])
    assert.equal(issuesOf('repo-rate').length, 2, 'a refused request was sent again, not doubled')
    gh.inject({ kind: 'secondary-no-retry-after' }, { method: 'GET', path: /\/issues\?/ })
    const noHint = await server.request('/api/reconcile', { method: 'POST', json: { dry_run: true } })
    assert.equal(noHint.status, 502)
    assert.match((await noHint.json()).detail, /secondary rate limit \(403, no Retry-After: GitHub asks for a minute\): it asks to wait 60 s, longer than the 5 s guard waits/)

    await scan('repo-rate', { 'a.js': EVAL_ONCE, 'b.py': SHELL, 'c.py': THREE_RULES })
    gh.inject({ kind: 'primary', resetInS: 3600 }, { method: 'POST', path: /\/issues$/ })
    const limited = await reconcile()
    assert.equal(limited.created, 0)
    assert.equal(limited.failed, 3)
    assert.match(limited.stopped!, /primary rate limit exhausted .*longer than the 5 s guard waits \(GUARD_DEVOPS_MAX_WAIT_S\)/)
    assert.deepEqual(limited.actions.map((a) => a.status), ['failed', 'skipped', 'skipped'])
    const status = await (await server.request('/api/devops/status')).json()
    assert.deepEqual([status.last_reconcile.status, status.last_reconcile.failed], ['stopped', 3])
    assert.deepEqual(counts(await reconcile()), { created: 3, updated: 0, closed: 0, reopened: 0, unchanged: 2, failed: 0 })
    assert.equal(issuesOf('repo-rate').length, 5)
  })

  test('an outage mid-reconcile: done actions stay done, the rest fails or is skipped; a rerun finishes without duplicates', async () => {
    for (const outage of [503, 'reset'] as const) {
      const repo = `repo-outage-${outage}`
      await scan(repo, { 'c.py': THREE_RULES })
      gh.outage = outage
      gh.outageAfter = { method: 'POST', path: /\/issues$/, count: 1 }
      const report = await reconcile()
      gh.outageFrom = undefined
      assert.deepEqual([report.created, report.failed], [1, 2], JSON.stringify(report.actions))
      assert.deepEqual(report.actions.map((a) => a.status), ['done', 'failed', 'skipped'])
      assert.match(report.stopped!, outage === 503 ? /GitHub failed .*503 Service Unavailable/ : /GitHub could not be reached/)
      assert.equal(issuesOf(repo).length, 1)
      const rerun = await reconcile()
      assert.deepEqual(counts(rerun), { created: 2, updated: 0, closed: 0, reopened: 0, unchanged: 1, failed: 0 })
      const keys = issuesOf(repo).map((i) => /key=(\S+)/.exec(i.body!)![1])
      assert.equal(keys.length, 3)
      assert.equal(new Set(keys).size, 3, 'no duplicates')
    }
  })

  test('a connection reset after GitHub created the issue: it is found, not created twice; a reset before: sent again', async () => {
    await scan('repo-reset', { 'a.js': EVAL_ONCE, 'b.py': SHELL })
    gh.inject({ kind: 'reset', after: true }, { method: 'POST', path: /\/issues$/ })
    gh.inject({ kind: 'reset' }, { method: 'POST', path: /\/issues$/ })
    const mark = gh.requests.length
    const report = await reconcile()
    assert.deepEqual(counts(report), { created: 2, updated: 0, closed: 0, reopened: 0, unchanged: 0, failed: 0 })
    assert.equal(issuesOf('repo-reset').length, 2)
    const lookups = gh.requests.slice(mark).filter((r) => r.method === 'GET' && /direction=desc/.test(r.path))
    assert.equal(lookups.length, 2, 'each uncertain create looked before sending again')
    assert.equal(gh.requests.slice(mark).filter((r) => r.method === 'POST' && r.path.endsWith('/issues')).length, 3)
  })

  test('a renamed repository: GitHub’s 301 (reads) and 307 (writes) to /repositories/{id} are followed', async () => {
    gh.renames.set('acme/old-name', 'acme/app')
    assert.equal((await server.request('/api/config', { method: 'POST', json: { devops: { github: { repository: 'acme/old-name' } } } })).status, 200)
    try {
      await scan('repo-renamed', { 'a.js': EVAL_ONCE })
      const mark = gh.requests.length
      assert.equal((await reconcile()).created, 1)
      assert.equal(issuesOf('repo-renamed').length, 1)
      const moved = gh.requests.slice(mark).filter((r) => r.status === 301 || r.status === 307).map((r) => `${r.method} ${r.status}`)
      assert.ok(moved.includes('GET 301') && moved.includes('POST 307'), moved.join())
      assert.equal((await reconcile()).unchanged, 1)
    } finally {
      await server.request('/api/config', { method: 'POST', json: { devops: { github: { repository: 'acme/app' } } } })
    }
  })

  test('an expired token: 502 naming the token variable, nothing changed, the token never echoed; test-connection says which step failed', async () => {
    await scan('repo-a', { 'a.js': CLEAN_JS, 'b.py': SHELL })
    gh.tokens.delete(TOKEN)
    try {
      const mark = gh.requests.length
      const res = await server.request('/api/reconcile', { method: 'POST', json: {} })
      assert.equal(res.status, 502)
      const { detail } = await res.json()
      assert.match(detail, /^GitHub could not be read, nothing was changed: GitHub refused GET \/user: 401 Bad credentials: GitHub rejected the token in GUARD_GITHUB_TOKEN/)
      assert.ok(!detail.includes(TOKEN))
      assert.deepEqual(writesSince(mark), [])
      assert.equal(gh.requests.slice(mark).length, 1, 'a 401 is not retried')
      const status = await (await server.request('/api/devops/status')).json()
      assert.deepEqual([status.last_reconcile.status, status.last_reconcile.stopped], ['failed', detail.replace('GitHub could not be read, nothing was changed: ', '')])
      const connection = await check()
      assert.equal(connection.ok, false)
      assert.deepEqual(connection.checks.map((c) => [c.name, c.ok]), [['reachability', true], ['authentication', false], ['project', false], ['permissions', false]])
      assert.match(connection.checks[1].detail, /401 Bad credentials: GitHub rejected the token in GUARD_GITHUB_TOKEN/)
      assert.deepEqual(connection.checks.slice(2).map((c) => c.detail), ['not checked: the token was not accepted', 'not checked: the token was not accepted'])
    } finally {
      gh.addUser(TOKEN, { login: 'guard-bot' })
    }
  })

  test('concurrent reconciles: one runs, the other answers 409; never a duplicate', async () => {
    await scan('repo-race', { 'a.js': EVAL_ONCE, 'b.py': SHELL })
    gh.delayMs = 40
    try {
      const answers = await Promise.all([1, 2, 3].map(() => server.request('/api/reconcile', { method: 'POST', json: {} })))
      assert.deepEqual(answers.map((r) => r.status).sort(), [200, 409, 409])
      const conflict = await answers.find((r) => r.status === 409)!.json()
      assert.match(conflict.detail, /^A reconcile of repo-race is already running \(started by anonymous at /)
    } finally {
      gh.delayMs = 0
    }
    assert.equal(issuesOf('repo-race').length, 2)
    assert.equal((await reconcile()).unchanged, 2)
  })

  test('test-connection: reachability, authentication, project and permissions, each its own line', async () => {
    const setGithub = (github: object) => server.request('/api/config', { method: 'POST', json: { devops: { github } } })
    const ok = await check()
    assert.equal(ok.ok, true)
    assert.equal(ok.project, `acme/app on ${gh.url}`)
    assert.deepEqual(ok.checks.map((c) => [c.name, c.ok]), [['reachability', true], ['authentication', true], ['project', true], ['permissions', true]])
    assert.equal(ok.checks[1].detail, 'signed in as guard-bot')
    assert.equal(ok.checks[2].detail, 'acme/app: issues enabled')
    gh.addRepo('acme/no-issues', { has_issues: false })
    gh.addRepo('acme/read-only', { permissions: { admin: false, maintain: false, push: false, triage: false, pull: true } })
    const cases: [string, string, boolean, RegExp][] = [
      ['acme/missing', 'project', false, /^acme\/missing was not found, or the token cannot see it$/],
      ['acme/no-issues', 'project', false, /has issues disabled/],
      ['acme/read-only', 'permissions', false, /has read access to acme\/read-only; guard needs write \(push\) access/],
    ]
    try {
      for (const [repository, name, expected, detail] of cases) {
        assert.equal((await setGithub({ repository })).status, 200)
        const report = await check()
        assert.equal(report.ok, false, repository)
        const line = report.checks.find((c) => c.name === name)!
        assert.equal(line.ok, expected)
        assert.match(line.detail, detail)
      }
      await setGithub({ repository: 'acme/app' })
      gh.addUser('classic-token-0001', { login: 'guard-bot', scopes: 'read:org, gist' })
      gh.addUser('install-token-0001', { login: 'app', installation: true })
      process.env.GUARD_GITHUB_TOKEN = 'classic-token-0001'
      assert.match((await check()).checks[3].detail, /scopes \(read:org, gist\) include neither repo nor public_repo/)
      process.env.GUARD_GITHUB_TOKEN = 'install-token-0001'
      const app = await check()
      assert.equal(app.ok, true)
      assert.match(app.checks[1].detail, /an app installation token/)
      process.env.GUARD_GITHUB_TOKEN = TOKEN
      await setGithub({ repository: 'acme/app', api_url: `http://127.0.0.1:${await freePort()}` })
      const down = await check()
      assert.deepEqual(down.checks.map((c) => [c.name, c.ok]), [['reachability', false], ['authentication', false], ['project', false], ['permissions', false]])
      assert.match(down.checks[0].detail, /cannot be reached: GitHub could not be reached \(GET \/rate_limit: ECONNREFUSED, 4 attempts\)/)
      await setGithub({ repository: 'acme/app', api_url: 'http://github.example.com' })
      assert.match((await check()).checks[0].detail, /api_url must be https/)
    } finally {
      process.env.GUARD_GITHUB_TOKEN = TOKEN
      await setGithub({ repository: 'acme/app', api_url: gh.url })
    }
  })
})

describe('GitHub Enterprise Server', () => {
  test('the same provider under https://HOST/api/v3 (only the base URL differs)', async () => {
    const ghes = await FakeGitHub.start({ prefix: '/api/v3' })
    ghes.addUser(TOKEN, { login: 'guard-bot' })
    ghes.addRepo('corp/app')
    const server = await trackerServer('github', { repository: 'corp/app', api_url: `${ghes.origin}/api/v3` }, GITHUB_ENV)
    try {
      await server.request('/scan', { method: 'POST', json: { files: { 'a.js': EVAL_ONCE } } })
      assert.equal((await (await server.request('/api/reconcile', { method: 'POST', json: {} })).json()).created, 1)
      assert.equal(ghes.issuesOf('corp/app').length, 1)
      assert.ok(ghes.requests.every((r) => r.status !== 404), JSON.stringify(ghes.requests))
      assert.equal((await (await server.request('/api/devops/test-connection', { method: 'POST' })).json()).ok, true)
    } finally {
      await server.close()
      await ghes.close()
    }
  })
})

describe('guard reconcile against GitHub', () => {
  test('exit 1 when an action failed (the rest skipped), stopped reason on stderr; a rerun finishes with exit 0', async () => {
    const gh = await FakeGitHub.start()
    gh.addUser(TOKEN, { login: 'guard-bot' })
    gh.addRepo('acme/app')
    const dir = tempDir('guard-ci-')
    writeTree(dir, { '.guard.yaml': YAML.stringify({ devops: { provider: 'github', github: { repository: 'acme/app', api_url: gh.url } } }), 'c.py': THREE_RULES })
    const env = { ...LICENSE_ENV, ...GITHUB_ENV, GUARD_DATA_DIR: path.join(dir, '.guard', 'data') }
    const guard = (args: string[]) => runGuard(args, { cwd: dir, env })
    try {
      assert.equal((await guard(['scan', '.'])).code, 0)
      gh.outage = 503
      gh.outageAfter = { method: 'POST', path: /\/issues$/, count: 1 }
      const failed = await guard(['reconcile'])
      gh.outageFrom = undefined
      assert.equal(failed.code, 1, failed.stderr)
      assert.match(failed.stdout, /^1 created, 0 updated, 0 closed, 0 reopened, 0 unchanged, 2 failed$/m)
      assert.match(failed.stdout, /skipped .*\n {10}not attempted: GitHub failed/)
      assert.match(failed.stderr, /^guard: reconcile stopped: GitHub failed \(.*503 Service Unavailable, 4 attempts\)$/m)
      const rerun = await guard(['reconcile'])
      assert.equal(rerun.code, 0, rerun.stderr)
      assert.match(rerun.stdout, /^2 created, 0 updated, 0 closed, 0 reopened, 1 unchanged, 0 failed$/m)
      assert.equal(gh.issuesOf('acme/app').length, 3)
      assert.ok(![failed.stdout, failed.stderr, rerun.stdout, rerun.stderr].some((t) => t.includes(TOKEN)))
    } finally {
      await gh.close()
      fs.rmSync(dir, { recursive: true, force: true })
    }
  })
})

describe('the token', () => {
  test('never appears in a response, a log line (debug level) or the audit log', async () => {
    const gh = await FakeGitHub.start()
    gh.addUser(TOKEN, { login: 'guard-bot' })
    gh.addRepo('acme/app')
    let served: ServedGuard | undefined
    try {
      served = await serveGuard({ provider: 'github', github: { repository: 'acme/app', api_url: gh.url } }, { 'a.js': EVAL_ONCE, 'b.py': SHELL }, GITHUB_ENV)
      const { call, answers } = served
      await call('/scan', { method: 'POST', body: JSON.stringify({ repo_path: 'repo' }) })
      await call('/api/devops/test-connection', { method: 'POST' })
      await call('/api/reconcile', { method: 'POST', body: '{}' })
      gh.inject({ kind: 'status', status: 500 }, { method: 'GET', times: 4 })
      await call('/api/reconcile', { method: 'POST', body: '{}' })
      gh.tokens.delete(TOKEN)
      await call('/api/reconcile', { method: 'POST', body: '{}' })
      await call('/api/devops/test-connection', { method: 'POST' })
      for (const p of ['/api/devops/status', '/api/work-items', '/api/config', '/api/audit?limit=1000']) await call(p)
      assert.ok(answers.some((a) => a.includes('"created":2')), answers.join('\n'))
      assert.ok(answers.some((a) => a.startsWith('502 ') && a.includes('Bad credentials')))
      assert.match(served.log(), /tracker request/, 'the debug log has the tracker requests')
      assertNoSecret([TOKEN], [...answers, served.log()], served)
    } finally {
      await served?.stop()
      await gh.close()
    }
  })
})
