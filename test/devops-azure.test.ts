// Work items in Azure DevOps, through HTTP on a real server against a fake Azure DevOps on loopback (Work Item
// Tracking REST API 7.1; test/helpers/fake-azure.ts): the lifecycle (a person's tag kept through a concurrent edit),
// markers not adopted from others, 1,000 items (WIQL ids, then batches of 200), rate limits, an expired token (401
// and 203), an outage mid-run and its rerun, resets, test-connection's lines, process templates with other states and
// moves, an Azure DevOps Server collection, and the token kept out of every answer, log line and audit entry.
import { test, describe, before, after } from 'node:test'
import assert from 'node:assert/strict'
import type { TestServer } from './helpers/server.ts'
import { AGILE, BASIC, FakeAzure, SECURE, type FakeUser, type FakeWorkItem } from './helpers/fake-azure.ts'
import { freePort } from './helpers/process.ts'
import { assertNoSecret, CLEAN_JS, counts, devopsCalls, EVAL_ONCE, EVAL_TWICE, prefixOf, RULE_JS, serveGuard, SHELL, THREE_RULES, trackerServer, type ServedGuard } from './helpers/devops.ts'
import { TrackerHttp } from '../kernel/plugin.ts'
import { azureHeaders, describeAzureError } from '../plugins/devops-azure/api.ts'
import { AzureClient } from '../plugins/devops-azure/client.ts'
import { azureDescription } from '../plugins/devops-azure/html.ts'
import { AzureHttp } from '../plugins/devops-azure/http.ts'
import type { ConnectionReport } from '../plugins/devops/schemas.ts'

const PAT = 'guardazurepat0123456789abcdefghijklmnopqrstuvwxyz0123'
const AZURE_ENV = { GUARD_AZURE_PAT: PAT, GUARD_AZURE_WRITE_INTERVAL_MS: '0' }

/** A fake organization with the bot (whose PAT guard uses), another person, and project Fabrikam (Agile). */
async function startAzure(opts: { collection?: string } = {}): Promise<{ az: FakeAzure; bot: FakeUser; mallory: FakeUser }> {
  const az = await FakeAzure.start(opts)
  const bot = az.addUser(PAT, { displayName: 'Guard Bot', uniqueName: 'guard-bot@acme.example' })
  const mallory = az.addUser('mallory-pat-0000000000000000000000000000000000000000', { displayName: 'Mallory' })
  az.addProject('Fabrikam', AGILE, ['Security'])
  return { az, bot, mallory }
}

function azureServer(az: FakeAzure, settings: object = {}): Promise<TestServer> {
  return trackerServer('azure', { organization: az.url, project: 'Fabrikam', ...settings }, AZURE_ENV, { public_url: 'https://guard.example' })
}

/** Helpers bound to one server and one fake. */
function harness(get: () => { server: TestServer; az: FakeAzure; project?: string }) {
  return {
    ...devopsCalls(() => get().server),
    /** The items guard keeps for a repository, by the key tag. */
    itemsOf(repo: string): FakeWorkItem[] {
      const { az, project } = get()
      return az.itemsOf(project ?? 'Fabrikam').filter((i) => az.tagsOf(i).some((t) => t.startsWith(`guard-${prefixOf(repo)}`)))
    },
    /** Requests that change something: creates and updates (WIQL and batch reads are POSTs too, and change nothing). */
    writesSince(n: number) {
      return get().az.requests.slice(n).filter((r) => r.method === 'PATCH' || (r.method === 'POST' && /\/_apis\/wit\/workitems\/\$/.test(r.path)))
    },
  }
}

const ruleTag = (item: FakeWorkItem, az: FakeAzure) => az.tagsOf(item).find((t) => t.startsWith('rule:'))

describe('work items in Azure DevOps (Work Items REST 7.1)', () => {
  let az: FakeAzure
  let bot: FakeUser
  let mallory: FakeUser
  let server: TestServer
  const h = harness(() => ({ server, az }))
  before(async () => {
    ;({ az, bot, mallory } = await startAzure())
    server = await azureServer(az)
  })
  after(async () => {
    await server?.close()
    await az?.close()
  })

  test('lifecycle: created as Bugs with tags, HTML repro steps and severity; unchanged on a rerun; updated keeping a person’s tag added meanwhile; closed; reopened', async () => {
    await h.scan('repo-a', { 'a.js': EVAL_TWICE, 'b.py': SHELL })
    let mark = az.requests.length
    const first = await h.reconcile()
    assert.deepEqual(counts(first), { created: 2, updated: 0, closed: 0, reopened: 0, unchanged: 0, failed: 0 })
    const creates = h.writesSince(mark)
    assert.deepEqual(creates.map((r) => `${r.method} ${r.path.split('?')[0]} ${r.status}`), ['POST /Fabrikam/_apis/wit/workitems/$Bug 200', 'POST /Fabrikam/_apis/wit/workitems/$Bug 200'])
    assert.ok(creates.every((r) => r.path.includes('api-version=7.1')))
    const items = h.itemsOf('repo-a')
    assert.equal(items.length, 2)
    const js = items.find((i) => ruleTag(i, az) === `rule:${RULE_JS}`)!
    const key = `${prefixOf('repo-a')}${RULE_JS}`
    const tags = az.tagsOf(js)
    assert.deepEqual(tags.filter((t) => !t.startsWith('guard-digest-')).sort(), ['guard', `guard-${key}`, `rule:${RULE_JS}`, 'severity:medium'].sort())
    assert.equal(tags.filter((t) => /^guard-digest-[0-9a-f]{16}$/.test(t)).length, 1)
    assert.equal((js.fields['System.CreatedBy'] as { id: string }).id, bot.id)
    assert.equal(js.fields['System.State'], 'New')
    assert.equal(js.fields['Microsoft.VSTS.Common.Severity'], '3 - Medium')
    assert.match(String(js.fields['System.Title']), /^\[guard\] .+ in repo-a$/)
    const steps = String(js.fields['Microsoft.VSTS.TCM.ReproSteps'])
    assert.match(steps, /<code>a\.js:2<\/code>[\s\S]*<code>a\.js:3<\/code>/)
    assert.match(steps, /<a href="https:\/\/guard\.example\/api\/findings\?scan_id=[^"]+">findings<\/a>/)
    assert.equal(js.fields['System.Description'], undefined, 'a Bug’s description is its repro steps')
    assert.equal(first.actions.find((a) => a.rule_id === RULE_JS)!.url, `${az.url}/Fabrikam/_workitems/edit/${js.id}`)
    const stored = (await (await server.request('/api/work-items?repo=repo-a')).json()).items
    assert.deepEqual(stored.map((w: { id: string; provider: string }) => [w.provider, w.id]).sort(), items.map((i) => ['azure', String(i.id)]).sort())

    mark = az.requests.length
    assert.deepEqual(counts(await h.reconcile()), { created: 0, updated: 0, closed: 0, reopened: 0, unchanged: 2, failed: 0 })
    assert.deepEqual(h.writesSince(mark), [], 'a rerun only reads')

    // A person tags the item while guard is about to write it: guard's revision test fails, it reads again and keeps the tag.
    await h.scan('repo-a', { 'a.js': EVAL_ONCE, 'b.py': SHELL })
    az.onRequest = (r) => {
      if (r.method === 'PATCH') {
        az.onRequest = undefined
        az.edit(js.id, mallory, { tags: [...az.tagsOf(js), 'triaged'] })
      }
    }
    mark = az.requests.length
    assert.deepEqual(counts(await h.reconcile()), { created: 0, updated: 1, closed: 0, reopened: 0, unchanged: 1, failed: 0 })
    assert.deepEqual(az.requests.slice(mark).filter((r) => r.method !== 'POST' && r.path.includes('/_apis/wit/workitems/')).map((r) => `${r.method} ${r.path.split('?')[0]} ${r.status}`), [
      `PATCH /Fabrikam/_apis/wit/workitems/${js.id} 412`,
      `GET /Fabrikam/_apis/wit/workitems/${js.id} 200`,
      `PATCH /Fabrikam/_apis/wit/workitems/${js.id} 200`,
    ])
    const patch = JSON.parse(h.writesSince(mark).at(-1)!.body)
    assert.deepEqual(patch[0], { op: 'test', path: '/rev', value: js.rev - 1 })
    assert.ok(az.tagsOf(js).includes('triaged'), az.tagsOf(js).join())
    assert.equal(az.tagsOf(js).filter((t) => t.startsWith('guard-digest-')).length, 1, 'the old digest tag replaced')
    assert.doesNotMatch(String(js.fields['Microsoft.VSTS.TCM.ReproSteps']), /a\.js:3/)

    await h.scan('repo-a', { 'a.js': CLEAN_JS, 'b.py': SHELL })
    assert.equal((await h.reconcile()).closed, 1)
    assert.equal(js.fields['System.State'], 'Closed')

    await h.scan('repo-a', { 'a.js': EVAL_TWICE, 'b.py': SHELL })
    mark = az.requests.length
    assert.equal((await h.reconcile()).reopened, 1)
    assert.equal(h.writesSince(mark).length, 1, 'reopened and rewritten in one revision')
    assert.equal(js.fields['System.State'], 'New')
    assert.match(String(js.fields['Microsoft.VSTS.TCM.ReproSteps']), /a\.js:3/)
    assert.ok(az.tagsOf(js).includes('triaged'))
    assert.equal(h.itemsOf('repo-a').length, 2, 'no new item')
  })

  test('a dry run reads Azure DevOps and writes nothing', async () => {
    await h.scan('repo-dry', { 'a.js': EVAL_ONCE, 'b.py': SHELL })
    const mark = az.requests.length
    const dry = await h.reconcile({ dry_run: true })
    assert.deepEqual(dry.actions.map((a) => [a.action, a.status]), [['create', 'planned'], ['create', 'planned']])
    assert.deepEqual(h.writesSince(mark), [])
    assert.equal(h.itemsOf('repo-dry').length, 0)
  })

  test('items of other people carrying a marker, and copies, are never adopted; the WIQL asks for the bot’s guard items', async () => {
    const original = h.itemsOf('repo-a').find((i) => ruleTag(i, az) === `rule:${RULE_JS}`)!
    const quoted = az.tagsOf(original)
    const theirs = az.seedItem('Fabrikam', { type: 'Bug', title: 'not guard', createdBy: mallory, tags: quoted })
    const copy = az.seedItem('Fabrikam', { type: 'Bug', title: 'copied', createdBy: bot, tags: quoted, createdDate: '2999-01-01T00:00:00Z' })
    await h.scan('repo-a', { 'a.js': EVAL_ONCE, 'b.py': SHELL })
    const mark = az.requests.length
    const report = await h.reconcile()
    assert.deepEqual(counts(report), { created: 0, updated: 1, closed: 0, reopened: 0, unchanged: 1, failed: 0 })
    assert.deepEqual(h.writesSince(mark).map((r) => r.path.split('?')[0]), [`/Fabrikam/_apis/wit/workitems/${original.id}`])
    assert.deepEqual(report.duplicates, [String(copy.id)])
    for (const other of [theirs, copy]) assert.equal(other.rev, 1, `#${other.id} untouched`)
    const wiql = az.requests.slice(mark).find((r) => r.path.startsWith('/Fabrikam/_apis/wit/wiql'))!
    const query: string = JSON.parse(wiql.body).query
    assert.match(query, /\[System\.TeamProject\] = @project/)
    assert.match(query, /\[System\.Tags\] CONTAINS 'guard'/)
    assert.match(query, /\[System\.CreatedBy\] = @Me/)
    assert.match(decodeURIComponent(wiql.path), /\$top=10000/)
  })

  test('1,000 open items: ids from one WIQL query, fields in batches of 200; this repository’s stale ones close, others stay; a rerun only reads', async () => {
    const prefix = prefixOf('repo-bulk')
    const guardTags = (key: string) => ['guard', `guard-${key}`, 'guard-digest-0123456789abcdef', 'severity:low']
    for (let i = 0; i < 1000; i++) az.seedItem('Fabrikam', { type: 'Bug', title: `stale ${i}`, createdBy: bot, state: 'Active', tags: guardTags(`${prefix}js.stale-${i}`) })
    for (let i = 0; i < 1000; i++) az.seedItem('Fabrikam', { type: 'Bug', title: `elsewhere ${i}`, createdBy: bot, tags: guardTags(`${prefixOf('repo-elsewhere')}js.rule-${i}`) })
    await h.scan('repo-bulk', { 'a.js': EVAL_ONCE })
    const mark = az.requests.length
    const started = Date.now()
    const report = await h.reconcile()
    const ms = Date.now() - started
    assert.deepEqual(counts(report), { created: 1, updated: 0, closed: 1000, reopened: 0, unchanged: 0, failed: 0 })
    const made = az.requests.slice(mark)
    const guardItems = [...az.items.values()].filter((i) => az.tagsOf(i).includes('guard') && (i.fields['System.CreatedBy'] as { id: string }).id === bot.id).length - 1
    assert.equal(made.filter((r) => r.path.includes('/wit/wiql')).length, 1)
    const batches = made.filter((r) => r.path.includes('/wit/workitemsbatch'))
    assert.equal(batches.length, Math.ceil(guardItems / 200), 'every id read once, 200 a request')
    assert.ok(batches.every((b) => JSON.parse(b.body).ids.length <= 200))
    assert.equal(h.itemsOf('repo-bulk').filter((i) => i.fields['System.State'] === 'Closed').length, 1000)
    assert.equal(h.itemsOf('repo-elsewhere').filter((i) => i.fields['System.State'] === 'New').length, 1000)
    const rerun = az.requests.length
    assert.deepEqual(counts(await h.reconcile()), { created: 0, updated: 0, closed: 0, reopened: 0, unchanged: 1001, failed: 0 })
    assert.deepEqual(h.writesSince(rerun), [])
    process.stdout.write(`# Azure DevOps: 1,000 stale items closed and 1 created in ${ms} ms, ${rerun - mark} requests (${az.requests.length - rerun} for the rerun)\n`)
  })

  test('WIQL pages keyed by id under the 20,000 cap: a query bounded by $top, the next one after the last id', async () => {
    az.maxQueryResults = 500
    try {
      const mark = az.requests.length
      const http = new TrackerHttp({ tracker: 'Azure DevOps', baseUrl: az.url, headers: azureHeaders(PAT), secrets: [PAT], describe: describeAzureError })
      const client = new AzureClient(new AzureHttp(http, az.url), { orgUrl: az.url, project: 'Fabrikam' }, 400)
      const items = await client.list(prefixOf('repo-elsewhere'))
      assert.equal(items.length, 1000)
      const queries = az.requests.slice(mark).filter((r) => r.path.includes('/wit/wiql'))
      const total = [...az.items.values()].filter((i) => az.tagsOf(i).includes('guard') && (i.fields['System.CreatedBy'] as { id: string }).id === bot.id).length
      assert.equal(queries.length, Math.floor(total / 400) + 1)
      assert.ok(queries.every((q) => q.status === 200 && /\$top=400/.test(decodeURIComponent(q.path))))
      assert.match(JSON.parse(queries[1].body).query, /\[System\.Id\] > \d+ ORDER BY \[System\.Id\] ASC$/)
      // Unbounded, the same query is refused as Azure DevOps refuses it.
      const refused = await fetch(`${az.url}/Fabrikam/_apis/wit/wiql?api-version=7.1`, { method: 'POST', headers: { ...azureHeaders(PAT), 'content-type': 'application/json' }, body: queries[0].body })
      assert.equal(refused.status, 400)
      assert.match((await refused.json()).message, /^VS402337: The number of work items returned exceeds the size limit of 500/)
    } finally {
      az.maxQueryResults = 20_000
    }
  })

  test('rate limits: a 429 waits for its Retry-After, or until X-RateLimit-Reset; a longer wait fails clearly and a rerun finishes', async () => {
    await h.scan('repo-rate', { 'a.js': EVAL_ONCE, 'b.py': SHELL })
    az.inject({ kind: 'throttle', retryAfterS: 1 }, { method: 'POST', path: /\/wit\/wiql/ })
    let started = Date.now()
    await h.reconcile({ dry_run: true })
    assert.ok(Date.now() - started >= 900, `waited ${Date.now() - started} ms`)
    az.inject({ kind: 'throttle', retryAfterS: 1 }, { method: 'POST', path: /\/workitems\/\$/ })
    az.inject({ kind: 'throttle', retryAfterS: null, resetInS: 1 }, { method: 'POST', path: /\/workitems\/\$/ })
    started = Date.now()
    const mark = az.requests.length
    assert.equal((await h.reconcile()).created, 2)
    assert.ok(Date.now() - started >= 1500, `waited ${Date.now() - started} ms`)
    assert.deepEqual(h.writesSince(mark).map((r) => r.status), [429, 429, 200, 200])
    assert.equal(h.itemsOf('repo-rate').length, 2, 'a refused create was sent again, not doubled')

    await h.scan('repo-rate', { 'a.js': EVAL_ONCE, 'b.py': SHELL, 'c.py': THREE_RULES })
    az.inject({ kind: 'throttle', retryAfterS: 3600 }, { method: 'POST', path: /\/workitems\/\$/ })
    const limited = await h.reconcile()
    assert.deepEqual([limited.created, limited.failed], [0, 3])
    assert.match(limited.stopped!, /^Azure DevOps rate limited \(429, ATCPU\/WorkItemTracking, Retry-After 3600 s\): it asks to wait 3600 s, longer than the 5 s guard waits \(GUARD_DEVOPS_MAX_WAIT_S\)/)
    assert.deepEqual(limited.actions.map((a) => a.status), ['failed', 'skipped', 'skipped'])
    assert.deepEqual(counts(await h.reconcile()), { created: 3, updated: 0, closed: 0, reopened: 0, unchanged: 2, failed: 0 })
    assert.equal(h.itemsOf('repo-rate').length, 5)
  })

  test('an outage mid-reconcile: done actions stay done, the rest fails or is skipped; a rerun finishes without duplicates', async () => {
    for (const outage of [503, 'reset'] as const) {
      const repo = `repo-outage-${outage}`
      await h.scan(repo, { 'c.py': THREE_RULES })
      az.outage = outage
      az.outageAfter = { method: 'POST', path: /\/workitems\/\$/, count: 1 }
      const report = await h.reconcile()
      az.outageFrom = undefined
      assert.deepEqual([report.created, report.failed], [1, 2], JSON.stringify(report.actions))
      assert.deepEqual(report.actions.map((a) => a.status), ['done', 'failed', 'skipped'])
      assert.match(report.stopped!, outage === 503 ? /Azure DevOps failed .*503 TF400898/ : /Azure DevOps could not be reached/)
      assert.equal(h.itemsOf(repo).length, 1)
      assert.deepEqual(counts(await h.reconcile()), { created: 2, updated: 0, closed: 0, reopened: 0, unchanged: 1, failed: 0 })
      const keys = h.itemsOf(repo).map((i) => az.tagsOf(i).find((t) => t.startsWith(`guard-${prefixOf(repo)}`)))
      assert.equal(keys.length, 3)
      assert.equal(new Set(keys).size, 3, 'no duplicates')
    }
  })

  test('a connection reset after Azure DevOps created the item: found by its key tag, not created twice; a reset before: sent again; an update whose answer was lost is not written twice', async () => {
    await h.scan('repo-reset', { 'a.js': EVAL_ONCE, 'b.py': SHELL })
    az.inject({ kind: 'reset', after: true }, { method: 'POST', path: /\/workitems\/\$/ })
    az.inject({ kind: 'reset' }, { method: 'POST', path: /\/workitems\/\$/ })
    const mark = az.requests.length
    assert.deepEqual(counts(await h.reconcile()), { created: 2, updated: 0, closed: 0, reopened: 0, unchanged: 0, failed: 0 })
    assert.equal(h.itemsOf('repo-reset').length, 2)
    const lookups = az.requests.slice(mark).filter((r) => r.path.includes('/wit/wiql') && /CONTAINS 'guard-[0-9a-f]{12}:/.test(JSON.parse(r.body).query))
    assert.equal(lookups.length, 2, 'each uncertain create looked for its key tag before sending again')
    assert.equal(h.writesSince(mark).length, 3)

    // An update whose answer is lost: sent again, its revision test fails (it arrived), read again: its content is there.
    const js = h.itemsOf('repo-reset').find((i) => ruleTag(i, az) === `rule:${RULE_JS}`)!
    await h.scan('repo-reset', { 'a.js': EVAL_TWICE, 'b.py': SHELL })
    az.inject({ kind: 'reset', after: true }, { method: 'PATCH' })
    const revs = js.rev
    const again = az.requests.length
    assert.deepEqual(counts(await h.reconcile()), { created: 0, updated: 1, closed: 0, reopened: 0, unchanged: 1, failed: 0 })
    assert.deepEqual(az.requests.slice(again).filter((r) => r.path.includes('/wit/workitems/')).map((r) => `${r.method} ${r.status}`), ['PATCH 0', 'PATCH 412', 'GET 200'])
    assert.equal(js.rev, revs + 1, 'written once')
    assert.deepEqual(counts(await h.reconcile()), { created: 0, updated: 0, closed: 0, reopened: 0, unchanged: 2, failed: 0 })
  })

  test('an expired token, answered 401 or 203 with a sign-in page: 502 naming GUARD_AZURE_PAT, nothing changed, not retried; test-connection says which step failed', async () => {
    await h.scan('repo-a', { 'a.js': CLEAN_JS, 'b.py': SHELL })
    const user = az.tokens.get(PAT)!
    az.tokens.delete(PAT)
    try {
      for (const mode of ['401', '203'] as const) {
        az.patRejection = mode
        const mark = az.requests.length
        const res = await server.request('/api/reconcile', { method: 'POST', json: {} })
        assert.equal(res.status, 502)
        const { detail } = await res.json()
        const expected = mode === '401' ? /^Azure DevOps could not be read, nothing was changed: Azure DevOps refused POST \/acme\/Fabrikam\/_apis\/wit\/wiql: 401 Azure DevOps rejected the personal access token in GUARD_AZURE_PAT \(expired, revoked, mistyped, or without the Work Items scope\?\): Access Denied: The Personal Access Token used has expired\.$/
          : /^Azure DevOps could not be read, nothing was changed: Azure DevOps refused POST \/acme\/Fabrikam\/_apis\/wit\/wiql: 203 Azure DevOps rejected the personal access token in GUARD_AZURE_PAT .*\(it answered with its sign-in page\)$/
        assert.match(detail, expected)
        assert.ok(!detail.includes(PAT))
        assert.equal(az.requests.length - mark, 1, 'a refused token is not retried')
        const status = await (await server.request('/api/devops/status')).json()
        assert.deepEqual([status.last_reconcile.status, status.last_reconcile.stopped], ['failed', detail.replace('Azure DevOps could not be read, nothing was changed: ', '')])
        const check = await h.check()
        assert.equal(check.ok, false)
        assert.deepEqual(check.checks.map((c) => [c.name, c.ok]), [['reachability', true], ['authentication', false], ['project', false], ['work item type', false], ['permissions', false]])
        assert.match(check.checks[1].detail, /Azure DevOps rejected the personal access token in GUARD_AZURE_PAT/)
        assert.deepEqual(check.checks.slice(2).map((c) => c.detail), Array(3).fill('not checked: the token was not accepted'))
      }
    } finally {
      az.patRejection = '401'
      az.tokens.set(PAT, user)
    }
  })

  test('test-connection: reachability, authentication, project, work item type and permissions, each its own line', async () => {
    // A merge patch: keys of an earlier case not named again are removed (null).
    const setAzure = (azure: object) => server.request('/api/config', { method: 'POST', json: { devops: { azure: { work_item_type: null, area_path: null, api_url: null, ...azure } } } })
    const ok = await h.check()
    assert.equal(ok.ok, true, JSON.stringify(ok.checks))
    assert.equal(ok.project, `Fabrikam on ${az.url}`)
    assert.deepEqual(ok.checks.map((c) => [c.name, c.ok]), [['reachability', true], ['authentication', true], ['project', true], ['work item type', true], ['permissions', true]])
    assert.equal(ok.checks[0].detail, `${az.url} answered: Azure DevOps Services`)
    assert.equal(ok.checks[1].detail, 'signed in as Guard Bot (guard-bot@acme.example)')
    assert.equal(ok.checks[2].detail, 'Fabrikam (process Agile)')
    assert.match(ok.checks[3].detail, /^work items are created as Bug, closed as Closed, reopened as New \(states: New \(Proposed\), Active \(InProgress\), Resolved \(Resolved\), Closed \(Completed\)\)$/)
    assert.match(ok.checks[4].detail, /validateOnly: nothing was saved.*cannot be checked without creating one/)
    const before = az.itemsOf('Fabrikam').length
    az.addProject('Secure', SECURE)
    const cases: [object, string, RegExp][] = [
      [{ organization: az.url, project: 'Missing' }, 'project', /^Azure DevOps project Missing was not found in .*, or the token cannot see it/],
      [{ organization: az.url, project: 'Fabrikam', work_item_type: 'Feature' }, 'work item type', /has no work item type Feature \(it has Bug, Task, User Story\): set devops\.azure\.work_item_type/],
      [{ organization: az.url, project: 'Secure', work_item_type: 'Note' }, 'work item type', /^Note has no way from an open state to one of category Completed or Resolved/],
      [{ organization: az.url, project: 'Secure', work_item_type: 'Vulnerability' }, 'permissions', /a Vulnerability create was refused when validated \(nothing was saved\): .*TF401320: Rule Error for field Team/],
      [{ organization: `${az.origin}/nowhere`, project: 'Fabrikam' }, 'reachability', /has no Azure DevOps API \(404 for _apis\/connectionData\)/],
      [{ organization: az.url, project: 'Fabrikam', area_path: 'Fabrikam\\Nope' }, 'permissions', /TF401347: Invalid tree name/],
    ]
    try {
      for (const [azure, name, detail] of cases) {
        assert.equal((await setAzure(azure)).status, 200)
        const report = await h.check()
        assert.equal(report.ok, false, JSON.stringify(azure))
        const line = report.checks.find((c) => c.name === name)!
        assert.equal(line.ok, false, `${name}: ${line.detail}`)
        assert.match(line.detail, detail)
      }
      assert.equal(az.itemsOf('Fabrikam').length + az.itemsOf('Secure').length, before, 'a connection check creates nothing')
      await setAzure({ organization: `http://127.0.0.1:${await freePort()}/acme`, project: 'Fabrikam' })
      const down = await h.check()
      assert.deepEqual(down.checks.map((c) => [c.name, c.ok]), [['reachability', false], ['authentication', false], ['project', false], ['work item type', false], ['permissions', false]])
      assert.match(down.checks[0].detail, /cannot be reached: Azure DevOps could not be reached \(GET \/acme\/_apis\/connectionData: ECONNREFUSED, 4 attempts\)/)
      await setAzure({ organization: 'http://dev.azure.example/acme', project: 'Fabrikam' })
      assert.match((await h.check()).checks[0].detail, /organization must be https/)
      await setAzure({ organization: 'acme', project: 'Fabrikam' })
      assert.equal((await (await server.request('/api/devops/status')).json()).project, 'Fabrikam on https://dev.azure.com/acme')
      delete process.env.GUARD_AZURE_PAT
      assert.deepEqual((await h.check()).checks.map((c) => [c.name, c.ok]), [['configuration', false]])
      assert.match((await h.check()).checks[0].detail, /^GUARD_AZURE_PAT is not set in the server's environment/)
    } finally {
      process.env.GUARD_AZURE_PAT = PAT
      await setAzure({ organization: az.url, project: 'Fabrikam' })
    }
  })
})

describe('process templates: states and moves looked up, never assumed', () => {
  let az: FakeAzure
  let bot: FakeUser
  let server: TestServer
  let project = 'Plain'
  const h = harness(() => ({ server, az, project }))
  before(async () => {
    ;({ az, bot } = await startAzure())
    az.addProject('Plain', BASIC)
    az.addProject('Secure', SECURE)
  })
  after(async () => {
    await server?.close()
    await az?.close()
  })
  const use = async (name: string, settings: object = {}) => {
    await server?.close()
    project = name
    server = await azureServer(az, { project: name, ...settings })
  }

  test('Basic: no Bug, so Issues; To Do → Done → To Do; the description in System.Description', async () => {
    await use('Plain')
    await h.scan('repo-basic', { 'a.js': EVAL_ONCE })
    assert.equal((await h.reconcile()).created, 1)
    const [item] = h.itemsOf('repo-basic')
    assert.deepEqual([item.fields['System.WorkItemType'], item.fields['System.State']], ['Issue', 'To Do'])
    assert.match(String(item.fields['System.Description']), /<code>a\.js:1<\/code>/)
    assert.equal(item.fields['Microsoft.VSTS.Common.Severity'], undefined, 'no Severity field on an Issue')
    await h.scan('repo-basic', { 'a.js': CLEAN_JS })
    assert.equal((await h.reconcile()).closed, 1)
    assert.equal(item.fields['System.State'], 'Done')
    await h.scan('repo-basic', { 'a.js': EVAL_ONCE })
    assert.equal((await h.reconcile()).reopened, 1)
    assert.equal(item.fields['System.State'], 'To Do')
    assert.ok(az.requests.some((r) => r.path.startsWith('/Plain/_apis/wit/workitemtypes/Issue/states?api-version=7.1')), 'the states read from the process')
  })

  test('a custom process whose moves go step by step: closed Triage → Fixing → Verifying → Fixed, reopened to the nearest open state; its own Severity values', async () => {
    await use('Secure', { work_item_type: 'Finding' })
    await h.scan('repo-custom', { 'a.js': EVAL_ONCE })
    let mark = az.requests.length
    assert.equal((await h.reconcile()).created, 1)
    const [item] = h.itemsOf('repo-custom')
    assert.equal(item.fields['System.State'], 'Triage')
    // Its Severity field has other values: refused once (a 400 saves nothing), then left out.
    assert.deepEqual(h.writesSince(mark).map((r) => r.status), [400, 200])
    assert.equal(item.fields['Microsoft.VSTS.Common.Severity'], undefined)
    await h.scan('repo-custom', { 'a.js': CLEAN_JS })
    mark = az.requests.length
    assert.equal((await h.reconcile()).closed, 1)
    assert.deepEqual(h.writesSince(mark).map((r) => JSON.parse(r.body).map((o: { value: unknown }) => o.value)), [['Fixing'], ['Verifying'], ['Fixed']])
    assert.deepEqual(item.revisions.map((r) => r.fields['System.State']), ['Triage', 'Fixing', 'Verifying', 'Fixed'])
    const check = await h.check()
    assert.equal(check.checks[3].detail.split(' (states')[0], 'work items are created as Finding, closed as Fixing → Verifying → Fixed, reopened as Fixing')
    await h.scan('repo-custom', { 'a.js': EVAL_ONCE })
    mark = az.requests.length
    assert.equal((await h.reconcile()).reopened, 1)
    assert.deepEqual(h.writesSince(mark).map((r) => r.status), [400, 200], 'each run learns the Severity values anew: one refused write')
    assert.equal(item.fields['System.State'], 'Fixing')
    // A person dismissed it (Removed): closed for guard, so the findings still there reopen it, back through Triage.
    az.edit(item.id, bot, { fields: { 'System.State': 'Dismissed' } })
    await h.scan('repo-custom', { 'a.js': EVAL_TWICE })
    assert.equal((await h.reconcile()).reopened, 1)
    assert.equal(item.fields['System.State'], 'Triage')
  })

  test('a type with no done state: that close fails alone, saying why; a type demanding a field guard cannot fill stops the run clearly', async () => {
    await use('Secure', { work_item_type: 'Note' })
    await h.scan('repo-note', { 'a.js': EVAL_ONCE, 'b.py': SHELL })
    assert.equal((await h.reconcile()).created, 2)
    await h.scan('repo-note', { 'a.js': CLEAN_JS, 'b.py': SHELL, 'c.py': THREE_RULES })
    const report = await h.reconcile()
    assert.deepEqual([report.created, report.closed, report.failed, report.stopped], [3, 0, 1, null])
    const failed = report.actions.find((a) => a.status === 'failed')!
    assert.equal(failed.action, 'close')
    assert.match(failed.detail!, /^Azure DevOps cannot close work item \d+: its type Note has no state of category Completed \(or Resolved\) that "Open" leads to \(states: Open \(Proposed\), Reading \(InProgress\)\); close it by hand or add such a state to the process$/)

    await use('Secure', { work_item_type: 'Vulnerability' })
    await h.scan('repo-vuln', { 'a.js': EVAL_ONCE, 'b.py': SHELL })
    const refused = await h.reconcile()
    assert.deepEqual([refused.created, refused.failed], [0, 2])
    assert.match(refused.stopped!, /TF401320: Rule Error for field Team.*every create in Secure would be refused alike: the Vulnerability type demands Custom\.Team, which guard does not fill/)
  })
})

describe('Azure DevOps Server', () => {
  test('the same provider on a collection URL (https://server/tfs/DefaultCollection): only the base URL differs', async () => {
    const { az } = await startAzure({ collection: '/tfs/DefaultCollection' })
    const server = await azureServer(az, { organization: undefined, api_url: az.url })
    try {
      await server.request('/scan', { method: 'POST', json: { files: { 'a.js': EVAL_ONCE } } })
      assert.equal((await (await server.request('/api/reconcile', { method: 'POST', json: {} })).json()).created, 1)
      assert.equal(az.itemsOf('Fabrikam').length, 1)
      assert.ok(az.requests.every((r) => r.status === 200), JSON.stringify(az.requests.map((r) => [r.path, r.status])))
      const check: ConnectionReport = await (await server.request('/api/devops/test-connection', { method: 'POST' })).json()
      assert.equal(check.ok, true)
      assert.equal(check.checks[0].detail, `${az.url} answered: Azure DevOps Server`)
    } finally {
      await server.close()
      await az.close()
    }
  })
})

describe('the description', () => {
  test('every value from the scan escaped: no markup, link or script from a file name, a message or a remediation', () => {
    const html = azureDescription({
      summary: '1 finding of <b>x</b>', rule: { id: 'js.x', name: 'X <script>alert(1)</script>', cwe: ['CWE-79'], owasp: [] }, severity: 'high', repo: 'app',
      locations: [{ file: 'a"><img src=x onerror=alert(1)>.js', line: 3, message: '@everyone <a href="https://evil.example">click</a>' }], more: 2,
      remediation: 'Use textContent.\nNever innerHTML & co.', standards: [{ pack: 'owasp-top-10', control: 'A03' }], link: 'javascript:alert(1)', scan_id: 's1',
    })
    assert.doesNotMatch(html, /<script|<img|<a href="https:\/\/evil|<b>x|javascript:/)
    assert.match(html, /X &lt;script&gt;alert\(1\)&lt;\/script&gt;/)
    assert.match(html, /<code>a&quot;&gt;&lt;img src=x onerror=alert\(1\)&gt;\.js:3<\/code>/)
    assert.match(html, /Use textContent\.<br>Never innerHTML &amp; co\./)
    assert.match(html, /<li>… and 2 more<\/li>/)
  })
})

describe('the token', () => {
  test('never appears in a response, a log line (debug level), the audit log, the store or a request body', async () => {
    const { az } = await startAzure()
    let served: ServedGuard | undefined
    try {
      served = await serveGuard({ provider: 'azure', azure: { organization: az.url, project: 'Fabrikam' } }, { 'a.js': EVAL_ONCE, 'b.py': SHELL }, AZURE_ENV)
      const { call, answers } = served
      await call('/scan', { method: 'POST', body: JSON.stringify({ repo_path: 'repo' }) })
      await call('/api/devops/test-connection', { method: 'POST' })
      await call('/api/reconcile', { method: 'POST', body: '{}' })
      az.inject({ kind: 'status', status: 500 }, { method: 'POST', times: 4 })
      await call('/api/reconcile', { method: 'POST', body: '{}' })
      az.tokens.delete(PAT)
      await call('/api/reconcile', { method: 'POST', body: '{}' })
      az.patRejection = '203'
      await call('/api/reconcile', { method: 'POST', body: '{}' })
      await call('/api/devops/test-connection', { method: 'POST' })
      for (const p of ['/api/devops/status', '/api/work-items', '/api/config', '/api/audit?limit=1000']) await call(p)
      assert.ok(answers.some((a) => a.includes('"created":2')), answers.join('\n'))
      assert.ok(answers.some((a) => a.startsWith('502 ') && a.includes('401 Azure DevOps rejected the personal access token')))
      assert.ok(answers.some((a) => a.startsWith('502 ') && a.includes('203 Azure DevOps rejected the personal access token')))
      assert.match(served.log(), /tracker request/, 'the debug log has the tracker requests')
      assertNoSecret([PAT, Buffer.from(`:${PAT}`).toString('base64')], [...answers, served.log(), ...az.requests.map((r) => `${r.path} ${r.body}`)], served)
    } finally {
      await served?.stop()
      await az.close()
    }
  })
})
