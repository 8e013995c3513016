// Work items as Jira issues, through HTTP on a real server against a fake Jira on loopback in both flavours (Cloud:
// REST v3, ADF, enhanced JQL search; Data Center: REST v2, wiki markup, startAt search; test/helpers/fake-jira.ts): the
// lifecycle, markers not adopted from others, 1,000 items across pages, rate limits, an expired token, an outage
// mid-run and its rerun, resets, workflows with other names and ids, create screens, test-connection's lines, and the
// credentials kept out of every answer, log line and audit entry.
import { test, describe, before, after } from 'node:test'
import assert from 'node:assert/strict'
import type { TestServer } from './helpers/server.ts'
import { adfProblem, FakeJira, GERMAN_WORKFLOW, STRICT_WORKFLOW, type FakeIssue, type Flavour } from './helpers/fake-jira.ts'
import { freePort } from './helpers/process.ts'
import { assertNoSecret, CLEAN_JS, counts, devopsCalls, EVAL_ONCE, EVAL_TWICE, prefixOf, RULE_JS, serveGuard, SHELL, THREE_RULES, trackerServer, type ServedGuard } from './helpers/devops.ts'
import { descriptionSize, jiraDescription, MAX_DESCRIPTION } from '../plugins/devops-jira/description.ts'
import { escapeWiki } from '../plugins/devops-jira/wiki.ts'
import type { WorkItemContent } from '../kernel/plugin.ts'
import type { ReconcileReport } from '../plugins/devops/schemas.ts'

const TOKEN = 'ATATT3xFfGF0guardJiraTest0123456789abcdefXYZ'
const EMAIL = 'guard-bot@acme.example'
const BOT = 'guard-bot'
const JIRA_ENV = { GUARD_JIRA_TOKEN: TOKEN, GUARD_JIRA_EMAIL: EMAIL, GUARD_JIRA_WRITE_INTERVAL_MS: '0' }

/** A fake site with the bot user and project SEC; Data Center under a context path, as many are. */
async function startJira(flavour: Flavour, project: Parameters<FakeJira['addProject']>[1] = {}): Promise<FakeJira> {
  const jira = await FakeJira.start(flavour, { contextPath: flavour === 'datacenter' ? '/jira' : '' })
  jira.addUser({ id: flavour === 'cloud' ? '5b10ac8d82e05b22cc7d4ef5' : BOT, displayName: 'Guard Bot', email: EMAIL, token: TOKEN })
  jira.addUser({ id: 'mallory', displayName: 'Mallory', email: 'mallory@acme.example', token: 'mallory-token' })
  jira.addProject('SEC', { name: 'Security', ...project })
  return jira
}

function jiraServer(jira: FakeJira): Promise<TestServer> {
  return trackerServer('jira', { url: jira.url, project: 'SEC', deployment: jira.flavour }, JIRA_ENV, { public_url: 'https://guard.example' })
}

/** The words of a description: ADF's text nodes, or the wiki markup itself. */
function textOf(description: unknown): string {
  if (typeof description === 'string') return description
  const out: string[] = []
  const walk = (n: unknown) => {
    if (!n || typeof n !== 'object') return
    const node = n as { text?: string; content?: unknown[] }
    if (typeof node.text === 'string') out.push(node.text)
    node.content?.forEach(walk)
  }
  walk(description)
  return out.join('')
}

/** A server on `jira`, and the calls every test makes. */
function harness(get: () => { jira: FakeJira; server: TestServer }) {
  const h = {
    ...devopsCalls(() => get().server),
    issuesOf: (repo: string) => get().jira.issues.filter((i) => i.labels.some((l) => l.startsWith(`guard-${prefixOf(repo)}`))),
    keyOf: (issue: FakeIssue) => issue.labels.find((l) => l.startsWith('guard-') && !l.startsWith('guard-digest-'))!.slice('guard-'.length),
    /** Requests that change something (searches are POSTs that only read). */
    writesSince: (n: number) => get().jira.requests.slice(n).filter((r) => r.method !== 'GET' && !/\/search(\/jql)?$/.test(r.path)),
    api: (p: string) => `/rest/api/${get().jira.apiVersion}${p}`,
  }
  return h
}

for (const flavour of ['cloud', 'datacenter'] as const) {
  describe(`work items in Jira ${flavour === 'cloud' ? 'Cloud (REST v3)' : 'Data Center (REST v2)'}`, () => {
    let jira: FakeJira
    let server: TestServer
    before(async () => {
      jira = await startJira(flavour)
      server = await jiraServer(jira)
    })
    after(async () => {
      await server.close()
      await jira.close()
    })
    const h = harness(() => ({ jira, server }))
    const bot = () => jira.users[0]

    test('lifecycle: created with labels, marker, type and priority; unchanged on a rerun; updated, closed and reopened through transitions; a person’s label kept', async () => {
      const scanId = await h.scan('repo-a', { 'a.js': EVAL_TWICE, 'b.py': SHELL })
      const first = await h.reconcile()
      assert.deepEqual(counts(first), { created: 2, updated: 0, closed: 0, reopened: 0, unchanged: 0, failed: 0 })
      const issues = h.issuesOf('repo-a')
      assert.equal(issues.length, 2)
      const js = issues.find((i) => i.labels.includes(`rule:${RULE_JS}`))!
      const key = `${prefixOf('repo-a')}${RULE_JS}`
      assert.deepEqual(js.labels.slice(0, 4), ['guard', 'severity:medium', `rule:${RULE_JS}`, `guard-${key}`])
      assert.match(js.labels[4], /^guard-digest-[0-9a-f]{16}$/)
      assert.equal(js.labels.length, 5)
      assert.deepEqual([js.reporter, js.priority, jira.projects.get('SEC')!.issueTypes.find((t) => t.id === js.issuetype)!.name, jira.statusOf(js).name], [bot().id, 'Medium', 'Bug', 'To Do'])
      assert.match(js.summary, /^\[guard\] .+ in repo-a$/)
      const text = textOf(js.description)
      if (flavour === 'cloud') {
        assert.equal(adfProblem(js.description), undefined)
        assert.match(text, /a\.js:2.*a\.js:3/)
        assert.ok(JSON.stringify(js.description).includes(`"href":"https://guard.example/api/findings?scan_id=${scanId}&rule_id=${RULE_JS}"`))
      } else {
        assert.equal(typeof js.description, 'string')
        assert.match(text, /^\* \{\{a\.js:2\}\} /m)
        assert.match(text, /^h3\. Remediation$/m)
        assert.ok(text.includes(`[findings|https://guard.example/api/findings?scan_id=${scanId}&rule_id=${RULE_JS}]`), text)
      }
      const action = first.actions.find((a) => a.rule_id === RULE_JS)!
      assert.deepEqual([action.id, action.url], [js.key, `${jira.url}/browse/${js.key}`])
      const items = (await (await server.request('/api/work-items?repo=repo-a')).json()).items
      assert.deepEqual(items.map((w: { id: string; provider: string }) => [w.provider, w.id]).sort(), issues.map((i) => ['jira', i.key]).sort())

      let mark = jira.requests.length
      assert.deepEqual(counts(await h.reconcile()), { created: 0, updated: 0, closed: 0, reopened: 0, unchanged: 2, failed: 0 })
      assert.deepEqual(h.writesSince(mark), [], 'a rerun only reads')
      const search = jira.requests.slice(mark).find((r) => /\/search/.test(r.path))!
      assert.equal(search.path, h.api(flavour === 'cloud' ? '/search/jql' : '/search'))
      assert.equal(JSON.parse(search.body).jql, 'project = "SEC" AND labels = "guard" AND reporter = currentUser() ORDER BY key ASC')

      js.labels.push('triaged')
      const oldDigest = js.labels[4]
      await h.scan('repo-a', { 'a.js': EVAL_ONCE, 'b.py': SHELL })
      mark = jira.requests.length
      assert.deepEqual(counts(await h.reconcile()), { created: 0, updated: 1, closed: 0, reopened: 0, unchanged: 1, failed: 0 })
      const writes = h.writesSince(mark)
      assert.deepEqual(writes.map((r) => `${r.method} ${r.path} ${r.status}`), [`PUT ${h.api(`/issue/${js.key}`)} 204`])
      assert.deepEqual(JSON.parse(writes[0].body).update.labels.map((op: object) => Object.keys(op)[0]), ['add', 'remove'], 'label operations, not the whole list')
      assert.ok(js.labels.includes('triaged') && js.labels.includes(`guard-${key}`), js.labels.join())
      assert.ok(!js.labels.includes(oldDigest))
      assert.equal(js.labels.filter((l) => l.startsWith('guard-digest-')).length, 1)
      assert.doesNotMatch(textOf(js.description), /a\.js:3/)

      await h.scan('repo-a', { 'a.js': CLEAN_JS, 'b.py': SHELL })
      mark = jira.requests.length
      assert.equal((await h.reconcile()).closed, 1)
      assert.deepEqual(h.writesSince(mark).map((r) => `${r.method} ${r.path} ${r.body}`), [`POST ${h.api(`/issue/${js.key}/transitions`)} {"transition":{"id":"31"}}`])
      assert.deepEqual([jira.statusOf(js).category, js.resolution?.name], ['done', 'Done'])
      assert.deepEqual(counts(await h.reconcile()), { created: 0, updated: 0, closed: 0, reopened: 0, unchanged: 2, failed: 0 }, 'a closed issue stays closed')

      await h.scan('repo-a', { 'a.js': EVAL_TWICE, 'b.py': SHELL })
      mark = jira.requests.length
      assert.equal((await h.reconcile()).reopened, 1)
      assert.deepEqual(h.writesSince(mark).map((r) => `${r.method} ${r.path}`), [`POST ${h.api(`/issue/${js.key}/transitions`)}`, `PUT ${h.api(`/issue/${js.key}`)}`])
      assert.deepEqual([jira.statusOf(js).category, js.resolution], ['new', null])
      assert.match(textOf(js.description), /a\.js:3/)
      assert.equal(h.issuesOf('repo-a').length, 2, 'no new issue')
    })

    test('a dry run reads Jira and writes nothing', async () => {
      await h.scan('repo-dry', { 'a.js': EVAL_ONCE, 'b.py': SHELL })
      const mark = jira.requests.length
      const dry = await h.reconcile({ dry_run: true })
      assert.deepEqual(dry.actions.map((a) => [a.action, a.status]), [['create', 'planned'], ['create', 'planned']])
      assert.deepEqual(h.writesSince(mark), [])
      assert.equal(h.issuesOf('repo-dry').length, 0)
    })

    test('issues of other people carrying a marker are never adopted; a later copy is a duplicate left alone', async () => {
      const original = h.issuesOf('repo-a').find((i) => i.labels.includes(`rule:${RULE_JS}`))!
      const mallory = jira.seedIssue('SEC', { summary: 'not guard', reporter: 'mallory', labels: [...original.labels] })
      const copy = jira.seedIssue('SEC', { summary: 'copied', reporter: bot().id, labels: original.labels.filter((l) => l !== 'triaged'), created: '2999-01-01T00:00:00.000+0000' })
      await h.scan('repo-a', { 'a.js': EVAL_ONCE, 'b.py': SHELL })
      const mark = jira.requests.length
      const report = await h.reconcile()
      assert.deepEqual(counts(report), { created: 0, updated: 1, closed: 0, reopened: 0, unchanged: 1, failed: 0 })
      assert.deepEqual(h.writesSince(mark).map((r) => r.path), [h.api(`/issue/${original.key}`)])
      assert.deepEqual(report.duplicates, [copy.key])
      assert.equal(mallory.summary, 'not guard')
      assert.equal(copy.summary, 'copied')
    })

    test('rate limits: 429 with Retry-After, and with X-RateLimit-Reset alone, are waited out; a longer one stops the run and a rerun finishes', async () => {
      await h.scan('repo-rate', { 'a.js': EVAL_ONCE, 'b.py': SHELL })
      jira.inject({ kind: 'rate-limit', retryAfterS: 1 }, { method: 'POST', path: /^\/issue$/ })
      jira.inject({ kind: 'rate-limit', retryAfterS: 1, resetOnly: true }, { method: 'POST', path: /^\/issue$/ })
      const started = Date.now()
      const mark = jira.requests.length
      assert.equal((await h.reconcile()).created, 2)
      assert.ok(Date.now() - started >= 1500, `waited ${Date.now() - started} ms`)
      assert.deepEqual(jira.requests.slice(mark).filter((r) => r.method === 'POST' && r.path === h.api('/issue')).map((r) => r.status), [429, 429, 201, 201])
      assert.equal(h.issuesOf('repo-rate').length, 2, 'a refused request was sent again, not doubled')

      await h.scan('repo-rate', { 'a.js': EVAL_ONCE, 'b.py': SHELL, 'c.py': THREE_RULES })
      jira.inject({ kind: 'rate-limit', retryAfterS: 3600 }, { method: 'POST', path: /^\/issue$/ })
      const limited = await h.reconcile()
      assert.deepEqual([limited.created, limited.failed], [0, 3])
      assert.match(limited.stopped!, /^Jira rate limited \(429, jira-burst-based, Retry-After 3600 s\): it asks to wait 3600 s, longer than the 5 s guard waits/)
      assert.deepEqual(limited.actions.map((a) => a.status), ['failed', 'skipped', 'skipped'])
      assert.deepEqual(counts(await h.reconcile()), { created: 3, updated: 0, closed: 0, reopened: 0, unchanged: 2, failed: 0 })
      assert.equal(h.issuesOf('repo-rate').length, 5)
    })

    test(`an outage mid-reconcile (${flavour === 'cloud' ? '503s' : 'connection resets'}): done stays done, the rest fails or is skipped; a rerun finishes without duplicates`, async () => {
      const repo = 'repo-outage'
      await h.scan(repo, { 'c.py': THREE_RULES })
      jira.outage = flavour === 'cloud' ? 503 : 'reset'
      jira.outageAfter = { method: 'POST', path: /^\/issue$/, count: 1 }
      let report: ReconcileReport
      try {
        report = await h.reconcile()
      } finally {
        jira.outageFrom = jira.outageAfter = undefined
      }
      assert.deepEqual([report.created, report.failed], [1, 2], JSON.stringify(report.actions))
      assert.deepEqual(report.actions.map((a) => a.status), ['done', 'failed', 'skipped'])
      assert.match(report.stopped!, flavour === 'cloud' ? /^Jira failed \(POST \/rest\/api\/3\/search\/jql: 503 503 Service Unavailable, 4 attempts\)$/ : /^Jira could not be reached \(POST \/jira\/rest\/api\/2\/search: .*4 attempts\)$/)
      assert.equal(h.issuesOf(repo).length, 1)
      const rerun = await h.reconcile()
      assert.deepEqual(counts(rerun), { created: 2, updated: 0, closed: 0, reopened: 0, unchanged: 1, failed: 0 })
      const keys = h.issuesOf(repo).map(h.keyOf)
      assert.equal(keys.length, 3)
      assert.equal(new Set(keys).size, 3, 'no duplicates')
    })

    test('a reset after Jira created the issue: found by JQL on its marker, not created twice; a reset before: left for the rerun', async () => {
      await h.scan('repo-reset', { 'a.js': EVAL_ONCE, 'b.py': SHELL })
      jira.inject({ kind: 'reset', after: true }, { method: 'POST', path: /^\/issue$/ })
      jira.inject({ kind: 'reset' }, { method: 'POST', path: /^\/issue$/ })
      const mark = jira.requests.length
      const report = await h.reconcile()
      assert.deepEqual(counts(report), { created: 1, updated: 0, closed: 0, reopened: 0, unchanged: 0, failed: 1 })
      assert.match(report.actions.find((a) => a.status === 'failed')!.detail!, /Jira could not be reached \(POST .*\/issue: .*\); no issue carrying its marker was found, so it is left for the next reconcile$/)
      const lookups = jira.requests.slice(mark).filter((r) => /\/search/.test(r.path) && /labels = "guard-/.test(JSON.parse(r.body).jql))
      assert.equal(lookups.length, 2, 'each uncertain create looked for its marker')
      assert.equal(h.issuesOf('repo-reset').length, 1)
      assert.deepEqual(counts(await h.reconcile()), { created: 1, updated: 0, closed: 0, reopened: 0, unchanged: 1, failed: 0 })
      assert.equal(h.issuesOf('repo-reset').length, 2)
      assert.equal(new Set(h.issuesOf('repo-reset').map(h.keyOf)).size, 2)
    })

    test('an expired token: 502 saying Jira rejected the credentials, nothing changed, the token never echoed; test-connection says which step failed', async () => {
      await h.scan('repo-a', { 'a.js': CLEAN_JS, 'b.py': SHELL })
      bot().token = 'rotated-token'
      try {
        const mark = jira.requests.length
        const res = await server.request('/api/reconcile', { method: 'POST', json: {} })
        assert.equal(res.status, 502)
        const { detail } = await res.json()
        const variables = flavour === 'cloud' ? 'GUARD_JIRA_EMAIL and the API token in GUARD_JIRA_TOKEN' : 'the personal access token in GUARD_JIRA_TOKEN'
        const says = flavour === 'cloud' ? 'Client must be authenticated to access this resource.' : 'You are not authenticated. Authentication required to perform this operation.'
        assert.equal(detail, `Jira could not be read, nothing was changed: Jira refused GET ${new URL(jira.url).pathname.replace(/\/$/, '')}${h.api('/myself')}: 401 Jira rejected the credentials (${variables}: expired, revoked or mistyped?): ${says}`)
        assert.deepEqual(h.writesSince(mark), [])
        assert.equal(jira.requests.slice(mark).length, 1, 'a 401 is not retried')
        const check = await h.check()
        assert.equal(check.ok, false)
        assert.deepEqual(check.checks.map((c) => [c.name, c.ok]), [['reachability', true], ['authentication', false], ['project', false], ['issue type', false], ['permissions', false]])
        assert.match(check.checks[1].detail, /401 Jira rejected the credentials/)
        assert.deepEqual(check.checks.slice(2).map((c) => c.detail), Array(3).fill('not checked: the credentials were not accepted'))
        for (const text of [detail, JSON.stringify(check)]) assert.ok(!text.includes(TOKEN) && !text.includes(Buffer.from(`${EMAIL}:${TOKEN}`).toString('base64')))
      } finally {
        bot().token = TOKEN
      }
    })

    test('test-connection: reachability, authentication, project, issue type and permissions, each its own line; each failure says what to do', async () => {
      const setJira = (settings: object) => server.request('/api/config', { method: 'POST', json: { devops: { jira: { url: jira.url, project: 'SEC', deployment: flavour, issue_type: null, ...settings } } } })
      const ok = await h.check()
      assert.equal(ok.ok, true, JSON.stringify(ok))
      assert.equal(ok.project, `SEC on ${jira.url} (${flavour === 'cloud' ? 'Jira Cloud' : 'Jira Data Center'})`)
      assert.deepEqual(ok.checks.map((c) => c.detail), [
        `${jira.url} answered: ${flavour === 'cloud' ? 'Jira Cloud 1001.0.0-SNAPSHOT' : 'Jira Server 9.12.15'}`,
        `signed in as Guard Bot (${flavour === 'cloud' ? `account ${bot().id}` : `user ${BOT}`})`,
        'SEC: Security',
        'issues are created as Bug (the project has Bug, Task, Story)',
        'the user may browse, create, edit and transition issues in SEC',
      ])
      jira.addProject('RO', { name: 'Read only', permissions: ['BROWSE_PROJECTS', 'CREATE_ISSUES'] })
      const cases: [object, string, RegExp][] = [
        [{ project: 'NOPE' }, 'project', /^Jira project NOPE was not found, or the user cannot browse it/],
        [{ issue_type: 'Defect' }, 'issue type', /^Jira project SEC has no issue type Defect \(it has Bug, Task, Story\): set devops\.jira\.issue_type to one of them$/],
        [{ project: 'RO' }, 'permissions', /^the user lacks Edit Issues, Transition Issues in RO: guard must edit, transition issues there$/],
        [{ deployment: flavour === 'cloud' ? 'datacenter' : 'cloud' }, 'reachability', /has no Jira REST API v[23] \(404 for serverInfo\): is it /],
        // (A refused connection is retried with backoff first: checked once, on Cloud.)
        ...(flavour === 'cloud' ? [[{ url: `http://127.0.0.1:${await freePort()}` }, 'reachability', /cannot be reached: Jira could not be reached \(GET \/rest\/api\/3\/serverInfo: ECONNREFUSED, 4 attempts\)/] as [object, string, RegExp]] : []),
        [{ url: 'http://jira.example.com' }, 'configuration', /^devops\.jira\.url must be https/],
      ]
      try {
        for (const [settings, name, detail] of cases) {
          assert.equal((await setJira(settings)).status, 200)
          const report = await h.check()
          assert.equal(report.ok, false, JSON.stringify(settings))
          const line = report.checks.find((c) => c.name === name)!
          assert.ok(line && !line.ok, `${name} in ${JSON.stringify(report.checks)}`)
          assert.match(line.detail, detail)
        }
        // Cloud signs in with an email and a token: without the email, one configuration line says so.
        await setJira({})
        const variable = flavour === 'cloud' ? 'GUARD_JIRA_EMAIL' : 'GUARD_JIRA_TOKEN'
        delete process.env[variable]
        const unset = await h.check()
        assert.deepEqual(unset.checks.map((c) => [c.name, c.ok]), [['configuration', false]])
        assert.match(unset.checks[0].detail, new RegExp(`^${variable} is not set in the server's environment`))
      } finally {
        process.env.GUARD_JIRA_EMAIL = EMAIL
        process.env.GUARD_JIRA_TOKEN = TOKEN
        await setJira({})
      }
      assert.equal((await h.check()).ok, true)
    })
    if (flavour === 'datacenter')
      test('a site that answers 50 issues a page when asked for 100: every issue is read once, by startAt and total', async () => {
        const prefix = prefixOf('repo-pages')
        for (let i = 0; i < 120; i++) jira.seedIssue('SEC', { summary: `old ${i}`, reporter: BOT, labels: ['guard', `guard-${prefix}js.old-${i}`, 'guard-digest-0123456789abcdef'], status: '10002' })
        await h.scan('repo-pages', { 'a.js': EVAL_ONCE })
        const total = jira.issues.filter((i) => i.reporter === BOT && i.labels.includes('guard')).length
        jira.searchCap = 50
        const mark = jira.requests.length
        try {
          assert.deepEqual(counts(await h.reconcile()), { created: 1, updated: 0, closed: 0, reopened: 0, unchanged: 120, failed: 0 })
        } finally {
          jira.searchCap = 1000
        }
        const pages = jira.requests.slice(mark).filter((r) => r.path === '/rest/api/2/search').map((r) => JSON.parse(r.body))
        assert.deepEqual(pages.map((p) => [p.startAt, p.maxResults]), Array.from({ length: Math.ceil(total / 50) }, (_, i) => [i * 50, 100]))
      })

    if (flavour === 'cloud') {
      test('1,000 items across pages (nextPageToken): the stale open ones of this repository close, the closed ones and other repositories’ and people’s stay; a rerun only reads', async () => {
        const prefix = prefixOf('repo-bulk')
        const id = bot().id
        // Closed items of the past (their findings long gone) and a few still open: all read, only the open ones closed.
        for (let i = 0; i < 1000; i++) jira.seedIssue('SEC', { summary: `stale ${i}`, reporter: id, labels: ['guard', `guard-${prefix}js.stale-${i}`, 'guard-digest-0123456789abcdef'], status: i < 990 ? '10002' : '10000' })
        for (let i = 0; i < 500; i++) jira.seedIssue('SEC', { summary: `elsewhere ${i}`, reporter: id, labels: ['guard', `guard-${prefixOf('repo-elsewhere')}js.rule-${i}`] })
        for (let i = 0; i < 20; i++) jira.seedIssue('SEC', { summary: `mallory ${i}`, reporter: 'mallory', labels: ['guard', `guard-${prefix}js.mallory-${i}`] })
        await h.scan('repo-bulk', { 'a.js': EVAL_ONCE })
        const mark = jira.requests.length
        const started = Date.now()
        const report = await h.reconcile()
        const ms = Date.now() - started
        assert.deepEqual(counts(report), { created: 1, updated: 0, closed: 10, reopened: 0, unchanged: 990, failed: 0 })
        const pages = jira.requests.slice(mark).filter((r) => r.path === '/rest/api/3/search/jql').map((r) => JSON.parse(r.body))
        const total = jira.issues.filter((i) => i.reporter === id && i.labels.includes('guard')).length
        assert.equal(pages.length, Math.ceil(total / 100), 'every guard issue of the bot, 100 a page')
        assert.equal(pages[0].nextPageToken, undefined)
        assert.ok(pages.slice(1).every((p) => typeof p.nextPageToken === 'string' && p.jql === pages[0].jql), 'each page asked for by the token of the one before')
        assert.equal(jira.issues.filter((i) => i.summary.startsWith('stale') && jira.statusOf(i).category === 'done').length, 1000)
        assert.ok(jira.issues.filter((i) => /^(elsewhere|mallory)/.test(i.summary)).every((i) => jira.statusOf(i).category === 'new'))
        const rerun = jira.requests.length
        const rerunStarted = Date.now()
        assert.deepEqual(counts(await h.reconcile()), { created: 0, updated: 0, closed: 0, reopened: 0, unchanged: 1001, failed: 0 })
        assert.deepEqual(h.writesSince(rerun), [])
        process.stdout.write(`# Jira Cloud: 1,021 items read and 10 closed in ${ms} ms (${rerun - mark} requests); the rerun read them in ${Date.now() - rerunStarted} ms (${jira.requests.length - rerun} requests)\n`)
      })

      test('the removed startAt search answers 410 (the provider never calls it); an unbounded JQL is refused', async () => {
        const auth = { authorization: `Basic ${Buffer.from(`${EMAIL}:${TOKEN}`).toString('base64')}`, 'content-type': 'application/json' }
        const old = await fetch(`${jira.url}/rest/api/3/search`, { method: 'POST', headers: auth, body: JSON.stringify({ jql: 'project = SEC' }) })
        assert.equal(old.status, 410)
        assert.match((await old.json()).errorMessages[0], /Please migrate to the \/rest\/api\/3\/search\/jql API/)
        const unbounded = await fetch(`${jira.url}/rest/api/3/search/jql`, { method: 'POST', headers: auth, body: JSON.stringify({ jql: 'ORDER BY key ASC' }) })
        assert.equal(unbounded.status, 400)
        assert.ok(!jira.requests.some((r) => r.path === '/rest/api/3/search' && r.body.includes('labels')))
      })
    }
  })
}

describe('Jira workflows and create screens', () => {
  let jira: FakeJira
  let server: TestServer
  before(async () => {
    jira = await startJira('cloud')
    jira.addProject('DE', { name: 'Deutsch', workflow: GERMAN_WORKFLOW })
    jira.addProject('ST', { name: 'Strict', workflow: STRICT_WORKFLOW })
    jira.addProject('TK', { name: 'Tasks', priorityOnCreate: false, issueTypes: ['Task', 'Epic'] })
    jira.addProject('REQ', { name: 'Required', required: { customfield_10010: 'Team' } })
    server = await jiraServer(jira)
  })
  after(async () => {
    await server.close()
    await jira.close()
  })
  const h = harness(() => ({ jira, server }))
  const useProject = async (project: string) => assert.equal((await server.request('/api/config', { method: 'POST', json: { devops: { jira: { url: jira.url, project, deployment: 'cloud' } } } })).status, 200)

  test('a workflow with other names and ids: "Erledigen" with its required resolution closes; a not-editable done status is reopened before it is written', async () => {
    await useProject('DE')
    await h.scan('repo-de', { 'a.js': EVAL_TWICE })
    assert.equal((await h.reconcile()).created, 1)
    const [issue] = h.issuesOf('repo-de')
    assert.deepEqual([issue.project, jira.statusOf(issue).name], ['DE', 'Offen'])
    await h.scan('repo-de', { 'a.js': CLEAN_JS })
    let mark = jira.requests.length
    assert.equal((await h.reconcile()).closed, 1)
    assert.deepEqual(h.writesSince(mark).map((r) => r.body), ['{"transition":{"id":"721"},"fields":{"resolution":{"id":"10000"}}}'])
    assert.deepEqual([jira.statusOf(issue).name, issue.resolution?.name], ['Erledigt', 'Done'])
    await h.scan('repo-de', { 'a.js': EVAL_ONCE })
    mark = jira.requests.length
    assert.equal((await h.reconcile()).reopened, 1)
    assert.deepEqual(h.writesSince(mark).map((r) => `${r.method} ${r.status} ${r.path.includes('transitions') ? JSON.parse(r.body).transition.id : ''}`), ['POST 204 731', 'PUT 204 '])
    assert.equal(jira.statusOf(issue).name, 'Offen')
    assert.doesNotMatch(textOf(issue.description), /a\.js:3/)
  })

  test('a workflow with no way to done from the issue’s status: that close fails alone, saying why; one closed by a person is left closed', async () => {
    await useProject('ST')
    await h.scan('repo-strict', { 'a.js': EVAL_ONCE, 'b.py': SHELL, 'c.py': THREE_RULES })
    assert.equal((await h.reconcile()).created, 5)
    const [inToDo, inProgress] = h.issuesOf('repo-strict').filter((i) => /js\.|py\.os/.test(h.keyOf(i)))
    inProgress.status = '10001'
    await h.scan('repo-strict', { 'c.py': THREE_RULES })
    const report = await h.reconcile()
    assert.deepEqual(counts(report), { created: 0, updated: 0, closed: 0, reopened: 0, unchanged: 3, failed: 2 })
    assert.equal(report.stopped, null, 'one issue’s workflow does not stop the run')
    const details = Object.fromEntries(report.actions.map((a) => [a.id, a.detail]))
    assert.equal(details[inToDo.key], `Jira cannot close ${inToDo.key} from its status "To Do": its workflow offers no transition to a status of the Done category from it (offered: "Start" → In Progress (indeterminate)); close it by hand or add such a transition to the workflow`)
    assert.equal(details[inProgress.key], `Jira cannot close ${inProgress.key} from its status "In Progress": the transitions there need fields guard cannot fill: "Finish" needs Time spent; close it by hand or add such a transition to the workflow`)
    inToDo.status = inProgress.status = '10002'
    assert.deepEqual(counts(await h.reconcile()), { created: 0, updated: 0, closed: 0, reopened: 0, unchanged: 5, failed: 0 }, 'closed by a person: nothing to do')
  })

  test('priority off the create screen: refused once, then left out; no Bug type: Task; a required custom field stops the run clearly', async () => {
    await useProject('TK')
    await h.scan('repo-screen', { 'c.py': THREE_RULES })
    const mark = jira.requests.length
    assert.equal((await h.reconcile()).created, 3)
    const creates = jira.requests.slice(mark).filter((r) => r.path === '/rest/api/3/issue')
    assert.deepEqual(creates.map((r) => [r.status, 'priority' in JSON.parse(r.body).fields]), [[400, true], [201, false], [201, false], [201, false]])
    const task = jira.projects.get('TK')!.issueTypes.find((t) => t.name === 'Task')!.id
    assert.ok(h.issuesOf('repo-screen').every((i) => i.project === 'TK' && i.issuetype === task))

    await useProject('REQ')
    const stopped = await h.reconcile()
    assert.deepEqual([stopped.created, stopped.failed], [0, 3])
    assert.match(stopped.stopped!, /^Jira refused POST \/rest\/api\/3\/issue: 400 customfield_10010: Team is required\. \(every create in REQ would be refused alike: its create screen asks for fields guard does not fill: make them optional or give them defaults\)$/)
  })
})

describe('Jira descriptions', () => {
  const content = (over: Partial<WorkItemContent> = {}): WorkItemContent => ({
    summary: '50 findings of Eval (high) in app', rule: { id: 'js.eval', name: 'Eval', cwe: ['CWE-95'], owasp: ['A03:2021'] }, severity: 'high', repo: 'app',
    locations: Array.from({ length: 50 }, (_, i) => ({ file: `src/${'deep/'.repeat(150)}f${i}.js`, line: i + 1, message: `[~admin] {color:red}*boom*{color} ${'x'.repeat(600)}\n@here` })),
    more: 7, remediation: 'Do not eval.\n\nUse a parser.', standards: [{ pack: 'owasp-top-10', control: 'A03' }], link: 'https://guard.example/api/findings?scan_id=s1', scan_id: 's1', ...over,
  })

  test('never over 32,767 characters: locations that do not fit are counted in "and N more"; ADF stays valid', () => {
    for (const flavour of ['cloud', 'datacenter'] as const) {
      const d = jiraDescription(flavour, content())
      assert.ok(descriptionSize(d) <= MAX_DESCRIPTION, `${flavour}: ${descriptionSize(d)}`)
      const shown = (textOf(d).match(/f\d+\.js/g) ?? []).length
      assert.ok(shown > 5 && shown < 50, `${flavour}: ${shown} shown`)
      assert.ok(textOf(d).includes(`and ${57 - shown} more`), flavour)
      if (flavour === 'cloud') assert.equal(adfProblem(d), undefined)
    }
    const small = jiraDescription('cloud', content({ locations: content().locations.slice(0, 2), remediation: '' }))
    assert.equal(adfProblem(small), undefined, 'no empty text node for an empty remediation')
  })

  test('wiki markup: text from the scanned code stays text (no mentions, macros, effects or links)', () => {
    assert.equal(escapeWiki('[~admin] {html}<b>{html} *b* _i_ -s- +u+ ^s^ ~s~ ??c?? !img.png! # \\ a|b'), '\\[\\~admin\\] \\{html\\}<b>\\{html\\} \\*b\\* \\_i\\_ \\-s\\- \\+u\\+ \\^s\\^ \\~s\\~ \\?\\?c\\?\\? \\!img.png\\! \\# &#92; a\\|b')
    const d = jiraDescription('datacenter', content({ locations: content().locations.slice(0, 1) })) as string
    assert.ok(!/(^|[^\\])\[~admin/.test(d) && !/(^|[^\\])\{color/.test(d), d.slice(0, 600))
    assert.ok(d.includes('[findings|https://guard.example/api/findings?scan_id=s1]'))
  })
})

describe('the Jira credentials', () => {
  test('never appear in a response, a log line (debug level), the audit log or the store', async () => {
    const jira = await startJira('cloud')
    let served: ServedGuard | undefined
    try {
      served = await serveGuard({ provider: 'jira', jira: { url: jira.url, project: 'SEC', deployment: 'cloud' } }, { 'a.js': EVAL_ONCE, 'b.py': SHELL }, JIRA_ENV)
      const { call, answers } = served
      await call('/scan', { method: 'POST', body: JSON.stringify({ repo_path: 'repo' }) })
      await call('/api/devops/test-connection', { method: 'POST' })
      await call('/api/reconcile', { method: 'POST', body: '{}' })
      jira.inject({ kind: 'status', status: 500 }, { times: 1 })
      await call('/api/reconcile', { method: 'POST', body: '{}' })
      jira.users[0].token = 'rotated'
      await call('/api/reconcile', { method: 'POST', body: '{}' })
      await call('/api/devops/test-connection', { method: 'POST' })
      for (const p of ['/api/devops/status', '/api/work-items', '/api/config', '/api/audit?limit=1000']) await call(p)
      assert.ok(answers.some((a) => a.includes('"created":2')), answers.join('\n'))
      assert.ok(answers.some((a) => a.startsWith('502 ') && a.includes('Jira rejected the credentials')))
      assert.match(served.log(), /tracker request/, 'the debug log has the tracker requests')
      assertNoSecret([TOKEN, Buffer.from(`${EMAIL}:${TOKEN}`).toString('base64')], [...answers, served.log(), ...jira.requests.map((r) => r.response)], served)
    } finally {
      await served?.stop()
      await jira.close()
    }
  })
})
