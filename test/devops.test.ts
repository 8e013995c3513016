// Work items with the local provider (CONTRACT §11), through HTTP on a real server and the real store: reconcile's
// lifecycle (create, unchanged, update, close, reopen), suppressions, dry runs, the lease against concurrent runs,
// audit entries, roles, errors, the license, and `guard reconcile` as a process.
import { test, describe, before, after } from 'node:test'
import assert from 'node:assert/strict'
import fs from 'node:fs'
import path from 'node:path'
import { generateKeyPairSync } from 'node:crypto'
import { startRoleServer, type RoleServer } from './helpers/roles.ts'
import { startServer, tempDir, writeTree } from './helpers/server.ts'
import { runGuard } from './helpers/process.ts'
import { issueLicense } from '../kernel/access/license.ts'
import { CLEAN_JS, counts, EVAL_ONCE, EVAL_TWICE, RULE_JS, SHELL } from './helpers/devops.ts'
import type { ReconcileReport, WorkItem } from '../plugins/devops/schemas.ts'

const RULE_PY = 'py.os-system-dynamic'

interface LocalItemRecord {
  key: string
  title: string
  description: string
  state: string
  labels: string[]
}

describe('work items: the local provider', () => {
  let server: RoleServer
  before(async () => (server = await startRoleServer({ config: { devops: { public_url: 'https://guard.example/' } } })))
  after(() => server.close())

  /** Writes a repository under the scan root and scans it as a developer; its scan id. */
  async function scan(repo: string, files: Record<string, string>): Promise<string> {
    fs.rmSync(path.join(server.dir, repo), { recursive: true, force: true })
    writeTree(path.join(server.dir, repo), files)
    const res = await server.as('developer', '/scan', { method: 'POST', json: { repo_path: repo } })
    assert.equal(res.status, 200, await res.clone().text())
    return (await res.json()).scan_id
  }
  async function reconcile(body: object = {}): Promise<ReconcileReport> {
    const res = await server.as('security-lead', '/api/reconcile', { method: 'POST', json: body })
    assert.equal(res.status, 200, await res.clone().text())
    return res.json()
  }
  async function items(query = ''): Promise<WorkItem[]> {
    const res = await server.as('viewer', `/api/work-items?limit=1000${query}`)
    assert.equal(res.status, 200)
    return (await res.json()).items
  }
  const localItems = async () => (await (await server.kernel.store()).listRecords<LocalItemRecord>('devops-local-items')).map((r) => r.data)

  test('one item per (repository, rule) with the findings, severity, remediation and a link back; a second run changes nothing', async () => {
    const scanId = await scan('repo-life', { 'a.js': EVAL_TWICE, 'b.py': SHELL })
    const first = await reconcile()
    assert.deepEqual(counts(first), { created: 2, updated: 0, closed: 0, reopened: 0, unchanged: 0, failed: 0 })
    assert.equal(first.scan_id, scanId)
    assert.equal(first.repo, 'repo-life')
    assert.deepEqual(first.actions.map((a) => [a.action, a.rule_id, a.findings, a.status]).sort(), [['create', RULE_JS, 2, 'done'], ['create', RULE_PY, 1, 'done']])
    const listed = await items('&repo=repo-life')
    assert.equal(listed.length, 2)
    const js = listed.find((w) => w.rule_id === RULE_JS)!
    assert.deepEqual({ state: js.state, findings: js.findings, severity: js.severity, provider: js.provider, last_action: js.last_action, scan_id: js.scan_id }, { state: 'open', findings: 2, severity: 'medium', provider: 'local', last_action: 'create', scan_id: scanId })
    assert.match(js.title, /^\[guard\] .+ in repo-life$/)
    const record = (await localItems()).find((i) => i.key === js.key)!
    assert.match(record.description, /`a\.js:2`/)
    assert.match(record.description, /`a\.js:3`/)
    assert.match(record.description, /\*\*Remediation\*\*/)
    assert.ok(record.description.includes(`https://guard.example/api/findings?scan_id=${scanId}&rule_id=${RULE_JS}`), record.description)
    assert.deepEqual(record.labels, ['guard', 'severity:medium', `rule:${RULE_JS}`])

    const before = await localItems()
    const second = await reconcile()
    assert.deepEqual(counts(second), { created: 0, updated: 0, closed: 0, reopened: 0, unchanged: 2, failed: 0 })
    assert.deepEqual(second.actions, [])
    assert.deepEqual(await localItems(), before, 'nothing was written')
  })

  test('a changed finding updates its item; all gone closes it; back again reopens it', async () => {
    await scan('repo-life', { 'a.js': EVAL_ONCE, 'b.py': SHELL })
    assert.deepEqual(counts(await reconcile()), { created: 0, updated: 1, closed: 0, reopened: 0, unchanged: 1, failed: 0 })
    let js = (await items(`&repo=repo-life&rule_id=${RULE_JS}`))[0]
    assert.deepEqual([js.findings, js.last_action], [1, 'update'])

    await scan('repo-life', { 'a.js': CLEAN_JS, 'b.py': SHELL })
    const closed = await reconcile()
    assert.deepEqual(counts(closed), { created: 0, updated: 0, closed: 1, reopened: 0, unchanged: 1, failed: 0 })
    assert.equal(closed.actions[0].rule_id, RULE_JS)
    js = (await items(`&repo=repo-life&rule_id=${RULE_JS}`))[0]
    assert.deepEqual([js.state, js.findings, js.last_action], ['closed', 0, 'close'])
    assert.deepEqual((await items('&repo=repo-life&state=closed')).map((w) => w.rule_id), [RULE_JS])
    assert.deepEqual(counts(await reconcile()), { created: 0, updated: 0, closed: 0, reopened: 0, unchanged: 2, failed: 0 }, 'a closed item stays closed')

    await scan('repo-life', { 'a.js': EVAL_TWICE, 'b.py': SHELL })
    assert.deepEqual(counts(await reconcile()), { created: 0, updated: 0, closed: 0, reopened: 1, unchanged: 1, failed: 0 })
    js = (await items(`&repo=repo-life&rule_id=${RULE_JS}`))[0]
    assert.deepEqual([js.state, js.findings, js.last_action], ['open', 2, 'reopen'])
    assert.equal((await localItems()).filter((i) => i.key === js.key).length, 1, 'the same item, not a new one')
  })

  test('suppressed findings never open an item', async () => {
    await scan('repo-quiet', { 'a.js': 'module.exports = (a) => eval(a) // guard-ignore: js.eval-dynamic -- reviewed\n', 'b.py': SHELL })
    const report = await reconcile()
    assert.deepEqual(report.actions.map((a) => [a.action, a.rule_id]), [['create', RULE_PY]])
    assert.deepEqual((await items('&repo=repo-quiet')).map((w) => w.rule_id), [RULE_PY])
  })

  test('dry_run lists the actions and changes nothing: no item, no audit entry, no run recorded', async () => {
    const statusBefore = await (await server.as('viewer', '/api/devops/status')).json()
    await scan('repo-dry', { 'a.js': EVAL_ONCE, 'b.py': SHELL })
    const auditBefore = (await (await server.as('admin', '/api/audit?action=work-items.create&limit=1000')).json()).total
    const dry = await reconcile({ dry_run: true })
    assert.equal(dry.dry_run, true)
    assert.equal(dry.run_id, null)
    assert.deepEqual(dry.actions.map((a) => [a.action, a.status, a.id]).sort(), [['create', 'planned', null], ['create', 'planned', null]])
    assert.equal(dry.created, 0, 'counts are of what was done')
    assert.deepEqual(await items('&repo=repo-dry'), [])
    assert.equal((await (await server.as('admin', '/api/audit?action=work-items.create&limit=1000')).json()).total, auditBefore)
    assert.deepEqual((await (await server.as('viewer', '/api/devops/status')).json()).last_reconcile, statusBefore.last_reconcile)
    const real = await reconcile()
    assert.deepEqual(real.actions.map((a) => a.key), dry.actions.map((a) => a.key), 'the run does what the dry run said')
  })

  test('a reconcile of an older scan by scan_id; an unknown scan is 404; a bad body is 422', async () => {
    const old = await scan('repo-old', { 'a.js': EVAL_ONCE })
    await scan('repo-other', { 'b.py': SHELL })
    const report = await reconcile({ scan_id: old, dry_run: true })
    assert.equal(report.repo, 'repo-old')
    const missing = await server.as('security-lead', '/api/reconcile', { method: 'POST', json: { scan_id: 'no-such-scan' } })
    assert.equal(missing.status, 404)
    assert.deepEqual(await missing.json(), { detail: 'Scan not found: no-such-scan' })
    for (const body of [{ dry_run: 'yes' }, { colour: 1 }, { scan_id: 7 }]) {
      const res = await server.as('security-lead', '/api/reconcile', { method: 'POST', json: body })
      assert.equal(res.status, 422, JSON.stringify(body))
      assert.ok(Array.isArray((await res.json()).errors))
    }
  })

  test('a reconcile holding the lease makes another answer 409; a lease left by a dead process expires', async () => {
    await scan('repo-lease', { 'a.js': EVAL_ONCE })
    const store = await server.kernel.store()
    const listed = await reconcile({ dry_run: true })
    const name = `local:${listed.actions[0].key.split(':')[0]}:`
    // Another process (sharing the store) holds the lease.
    await store.putRecord('devops-leases', name, { run_id: 'other', actor: 'ci-runner', repo: 'repo-lease', started_at: '2030-01-01T00:00:00.000Z', expires_at: Date.now() + 60_000 })
    const busy = await server.as('security-lead', '/api/reconcile', { method: 'POST', json: {} })
    assert.equal(busy.status, 409)
    assert.match((await busy.json()).detail, /already running \(started by ci-runner/)
    const status = await (await server.as('viewer', '/api/devops/status')).json()
    assert.deepEqual(status.running, [{ repo: 'repo-lease', actor: 'ci-runner', started_at: '2030-01-01T00:00:00.000Z' }])
    assert.deepEqual(await items('&repo=repo-lease'), [], 'nothing was done')
    // That process died: its lease expired.
    const held = await store.getRecord<{ expires_at: number }>('devops-leases', name)
    await store.putRecord('devops-leases', name, { ...held!.data, expires_at: Date.now() - 1 }, held!.version)
    assert.equal((await reconcile()).created, 1)
    assert.deepEqual((await (await server.as('viewer', '/api/devops/status')).json()).running, [], 'released at the end')
  })

  test('concurrent reconciles never duplicate: each answers 200 or 409', async () => {
    await scan('repo-race', { 'a.js': EVAL_ONCE, 'b.py': SHELL, 'c.js': EVAL_TWICE })
    const answers = await Promise.all(Array.from({ length: 6 }, () => server.as('security-lead', '/api/reconcile', { method: 'POST', json: {} })))
    assert.ok(answers.every((r) => r.status === 200 || r.status === 409), answers.map((r) => r.status).join())
    const reports = await Promise.all(answers.filter((r) => r.status === 200).map((r) => r.json() as Promise<ReconcileReport>))
    assert.ok(reports.length >= 1)
    assert.equal(reports.reduce((n, r) => n + r.created, 0), 2, 'two items created in all')
    const prefix = `${reports.flatMap((r) => r.actions)[0].key.split(':')[0]}:`
    assert.equal((await localItems()).filter((i) => i.key.startsWith(prefix)).length, 2, 'two records in the store')
    assert.equal((await items('&repo=repo-race')).length, 2)
  })

  test('every change writes an audit entry naming the actor and the item; the reconcile itself is audited', async () => {
    await scan('repo-audit', { 'a.js': EVAL_ONCE })
    const report = await reconcile()
    const created = report.actions[0]
    const audit = await (await server.as('admin', '/api/audit?action=work-items.create&limit=1000')).json()
    const entry = audit.items.find((e: { target: string }) => e.target === `local:${created.id}`)
    assert.ok(entry, JSON.stringify(audit.items.slice(0, 3)))
    assert.deepEqual([entry.actor, entry.role, entry.auth_method, entry.outcome], ['user-security-lead', 'security-lead', 'jwt', 'success'])
    const run = await (await server.as('admin', '/api/audit?action=reconcile&limit=1')).json()
    assert.equal(run.items[0].request_id, entry.request_id, 'the item entries belong to the reconcile request')
    await scan('repo-audit', { 'a.js': CLEAN_JS })
    await reconcile()
    assert.ok((await (await server.as('admin', '/api/audit?action=work-items.close&limit=1000')).json()).items.some((e: { target: string }) => e.target === `local:${created.id}`))
    assert.equal((await (await server.as('admin', '/api/audit/verify')).json()).valid, true)
  })

  test('roles: devops reads for all but agents; reconcile and test-connection need devops:write', async () => {
    for (const role of ['admin', 'security-lead', 'developer', 'viewer'] as const) {
      assert.equal((await server.as(role, '/api/work-items')).status, 200, role)
      assert.equal((await server.as(role, '/api/devops/status')).status, 200, role)
    }
    assert.deepEqual(await (await server.as('agent', '/api/work-items')).json(), { detail: 'Permission denied: devops required' })
    for (const role of ['developer', 'viewer', 'agent'] as const) {
      for (const route of ['/api/reconcile', '/api/devops/test-connection']) {
        const res = await server.as(role, route, { method: 'POST', json: {} })
        assert.equal(res.status, 403, `${role} ${route}`)
        assert.deepEqual(await res.json(), { detail: 'Permission denied: devops:write required' })
      }
    }
    assert.equal((await server.request('/api/work-items')).status, 401)
  })

  test('GET /api/work-items pages and filters; status shows the provider and the last run; test-connection checks the store', async () => {
    const page = await (await server.as('viewer', '/api/work-items?limit=2')).json()
    assert.equal(page.items.length, 2)
    assert.ok(page.total > 2)
    const rest = await (await server.as('viewer', `/api/work-items?limit=1000&cursor=${page.next_cursor}`)).json()
    assert.equal(rest.items.length, page.total - 2)
    assert.equal((await server.as('viewer', '/api/work-items?state=done')).status, 422)
    assert.equal((await server.as('viewer', '/api/work-items?cursor=zzz')).status, 422)
    assert.ok((await items(`&rule_id=${RULE_PY}`)).every((w) => w.rule_id === RULE_PY))

    const last = await reconcile()
    const status = await (await server.as('viewer', '/api/devops/status')).json()
    assert.equal(status.provider, 'local')
    assert.equal(status.licensed, true)
    assert.deepEqual(
      { id: status.last_reconcile.id, status: status.last_reconcile.status, unchanged: status.last_reconcile.unchanged, actor: status.last_reconcile.actor },
      { id: last.run_id, status: 'completed', unchanged: last.unchanged, actor: 'user-security-lead' },
    )
    const check = await (await server.as('admin', '/api/devops/test-connection', { method: 'POST' })).json()
    assert.deepEqual(check, { ok: true, provider: 'local', project: "work items kept in this service's store", checks: [{ name: 'store', ok: true, detail: "work items are kept in this service's store" }] })
  })

  test('group_by file and finding make one item per file and per finding; the old items close', async () => {
    await scan('repo-group', { 'a.js': EVAL_TWICE, 'c.js': EVAL_ONCE })
    assert.equal((await reconcile()).created, 1)
    assert.equal((await server.as('admin', '/api/config', { method: 'POST', json: { devops: { group_by: 'file' } } })).status, 200)
    try {
      const byFile = await reconcile()
      assert.deepEqual(counts(byFile), { created: 2, updated: 0, closed: 1, reopened: 0, unchanged: 0, failed: 0 })
      assert.deepEqual(byFile.actions.filter((a) => a.action === 'create').map((a) => a.title).sort(), ['[guard] Computed text evaluated as code by eval, Function or vm in repo-group › a.js', '[guard] Computed text evaluated as code by eval, Function or vm in repo-group › c.js'])
      assert.equal((await server.as('admin', '/api/config', { method: 'POST', json: { devops: { group_by: 'finding' } } })).status, 200)
      const byFinding = await reconcile()
      assert.equal(byFinding.created, 3)
      assert.equal(byFinding.closed, 2)
      assert.ok(byFinding.actions.some((a) => a.title.endsWith('a.js:3')))
      assert.equal((await reconcile()).unchanged, 6, 'stable: three open, three closed')
    } finally {
      await server.as('admin', '/api/config', { method: 'POST', json: { devops: { group_by: 'rule' } } })
    }
  })
})

describe('work items: the license and a configuration without a scan', () => {
  const vendor = generateKeyPairSync('ed25519')
  const publicPem = vendor.publicKey.export({ format: 'pem', type: 'spki' }).toString()

  test('community: the local provider works; GitHub answers 403 naming the license; status says unlicensed', async () => {
    const local = await startServer({ env: { GUARD_LICENSE_KEY: undefined, GUARD_API_KEY: undefined } })
    try {
      const none = await local.request('/api/reconcile', { method: 'POST', json: {} })
      assert.equal(none.status, 404)
      assert.deepEqual(await none.json(), { detail: 'No scan is stored yet: run a scan first' })
      await local.request('/scan', { method: 'POST', json: { files: { 'a.js': EVAL_ONCE } } })
      assert.equal((await (await local.request('/api/reconcile', { method: 'POST', json: {} })).json()).created, 1)
    } finally {
      await local.close()
    }
    const github = await startServer({ config: { devops: { provider: 'github', github: { repository: 'acme/app' } } }, env: { GUARD_LICENSE_KEY: undefined, GUARD_API_KEY: undefined, GUARD_GITHUB_TOKEN: 'ghp_never_used_0123456789' } })
    try {
      await github.request('/scan', { method: 'POST', json: { files: { 'a.js': EVAL_ONCE } } })
      const detail = { detail: 'Work items in GitHub require a Team or Enterprise license (license feature devops); the local provider works on every tier' }
      for (const route of ['/api/reconcile', '/api/devops/test-connection']) {
        const res = await github.request(route, { method: 'POST', json: {} })
        assert.equal(res.status, 403, route)
        assert.deepEqual(await res.json(), detail)
      }
      const status = await (await github.request('/api/devops/status')).json()
      assert.deepEqual([status.provider, status.licensed, status.project], ['github', false, 'acme/app on https://api.github.com'])
    } finally {
      await github.close()
    }
  })

  test('team: GitHub without its token or repository is a clear 400 and one failed configuration line', async () => {
    const key = issueLicense(vendor.privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(), { org: 'Acme', tier: 'team', expires_at: new Date(Date.now() + 86_400_000).toISOString() })
    const server = await startServer({ config: { devops: { provider: 'github' } }, env: { GUARD_LICENSE_PUBLIC_KEY: publicPem, GUARD_LICENSE_KEY: key, GUARD_API_KEY: undefined, GUARD_GITHUB_TOKEN: undefined } })
    try {
      await server.request('/scan', { method: 'POST', json: { files: { 'a.js': EVAL_ONCE } } })
      const res = await server.request('/api/reconcile', { method: 'POST', json: {} })
      assert.equal(res.status, 400)
      assert.match((await res.json()).detail, /devops\.github\.repository is not set/)
      await server.request('/api/config', { method: 'POST', json: { devops: { github: { repository: 'acme/app' } } } })
      const check = await (await server.request('/api/devops/test-connection', { method: 'POST' })).json()
      assert.equal(check.ok, false)
      assert.deepEqual(check.checks.map((c: { name: string; ok: boolean }) => [c.name, c.ok]), [['configuration', false]])
      assert.match(check.checks[0].detail, /GUARD_GITHUB_TOKEN is not set/)
      const bad = await server.request('/api/config', { method: 'POST', json: { devops: { labels: ['has space'], public_url: 'ftp://x', color: 1 } } })
      assert.equal(bad.status, 422)
      const paths = (await bad.json()).errors.map((e: { path: string }) => e.path)
      for (const p of ['devops.labels[0]', 'devops.public_url', 'devops.color']) assert.ok(paths.some((x: string) => x.includes(p)), `${p} in ${paths}`)
    } finally {
      await server.close()
    }
  })
})

describe('guard reconcile', () => {
  let work: string
  before(() => {
    work = tempDir('guard-reconcile-')
    writeTree(work, { 'app/a.js': EVAL_TWICE, 'app/b.py': SHELL })
  })
  after(() => fs.rmSync(work, { recursive: true, force: true }))
  const guard = (args: string[]) => runGuard(args, { cwd: path.join(work, 'app'), env: { GUARD_DATA_DIR: path.join(work, 'data') } })

  test('without a stored scan: exit 2 and a clear message', async () => {
    const r = await guard(['reconcile'])
    assert.equal(r.code, 2)
    assert.match(r.stderr, /No scan is stored yet: run a scan first/)
  })

  test('after guard scan: --dry-run plans, a run creates, a rerun changes nothing (exit 0); counts printed', async () => {
    const scanned = await guard(['scan', '.', '--format', 'json'])
    assert.equal(scanned.code, 0, scanned.stderr)
    const rules = new Set(JSON.parse(scanned.stdout).findings.map((f: { rule_id: string }) => f.rule_id))
    assert.ok(rules.size >= 2, [...rules].join())
    const dry = await guard(['reconcile', '--dry-run', '--json'])
    assert.equal(dry.code, 0, dry.stderr)
    const planned = JSON.parse(dry.stdout).actions
    assert.deepEqual(planned.map((a: { rule_id: string }) => a.rule_id).sort(), [...rules].sort())
    assert.ok(planned.every((a: { status: string }) => a.status === 'planned'))
    const run = await guard(['reconcile'])
    assert.equal(run.code, 0, run.stderr)
    assert.match(run.stdout, /^local \(work items kept in this service's store\), scan [0-9a-f-]+ of \.$/m)
    assert.match(run.stdout, /^ {2}create {2}W-[0-9a-f]{10} done {5}\[guard\] /m)
    assert.match(run.stdout, new RegExp(`^${rules.size} created, 0 updated, 0 closed, 0 reopened, 0 unchanged, 0 failed$`, 'm'))
    const again = await guard(['reconcile'])
    assert.equal(again.code, 0)
    assert.match(again.stdout, new RegExp(`^0 created, 0 updated, 0 closed, 0 reopened, ${rules.size} unchanged, 0 failed$`, 'm'))
    const usage = await guard(['reconcile', '--force'])
    assert.equal(usage.code, 2)
    assert.match(usage.stderr, /usage: guard reconcile \[--dry-run\] \[--scan-id ID\] \[--json\]/)
  })
})
