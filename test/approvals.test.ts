// Approval requests for failed gates (CONTRACT §9, Enterprise) on a real loopback server and store (GUARD_TEST_STORE
// picks SQLite or PostgreSQL): the lifecycle over HTTP, coverage of later gates, the audit trail, the license, the CLI.
import { test, describe, before, after } from 'node:test'
import assert from 'node:assert/strict'
import fs from 'node:fs'
import path from 'node:path'
import { generateKeyPairSync } from 'node:crypto'
import { startRoleServer, JWT_SECRET, type RoleServer } from './helpers/roles.ts'
import { runGuard } from './helpers/process.ts'
import { signToken } from '../kernel/access/tokens.ts'
import { issueLicense, type Tier } from '../kernel/access/license.ts'
import type { Role } from '../kernel/access/permissions.ts'
import type { AuditEntry, Finding, GateResult } from '../kernel/base/schemas.ts'
import type { ApprovalRequest, StoredApproval } from '../plugins/approvals/schemas.ts'
import { covers, decide, statusAt } from '../plugins/approvals/lifecycle.ts'

const vendor = generateKeyPairSync('ed25519')
const licenseKey = (tier: Tier) =>
  issueLicense(vendor.privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(), { org: 'Acme', tier, expires_at: new Date(Date.now() + 30 * 86_400_000).toISOString() })
const licensed = (tier: Tier | undefined) => ({ GUARD_LICENSE_PUBLIC_KEY: vendor.publicKey.export({ format: 'pem', type: 'spki' }).toString(), GUARD_LICENSE_KEY: tier && licenseKey(tier) })
const LICENSE_DENIED = { detail: 'Approvals require an Enterprise license' }

/** A critical js.eval-injection finding. */
const evalFile = (name: string) => `function ${name}(req) {\n  return eval(req.query.code)\n}\n`

type Person = readonly [sub: string, role: Role]
const dana: Person = ['dana', 'developer']
const vic: Person = ['vic', 'viewer']
const bot: Person = ['ci-bot', 'agent']
const lee: Person = ['lee', 'security-lead']
const ada: Person = ['ada', 'admin']
const abe: Person = ['abe', 'admin']
const tokenOf = ([sub, role]: Person) => signToken(JWT_SECRET, { sub, role, ...(role === 'agent' && { repo_access: ['governed'] }) }, 1)

interface Answer<T = Record<string, unknown>> {
  status: number
  body: T
}

function client(server: () => RoleServer) {
  async function call<T = Record<string, unknown>>(who: Person, method: string, pathname: string, json?: unknown): Promise<Answer<T>> {
    const res = await server().request(pathname, { method, headers: { authorization: `Bearer ${tokenOf(who)}` }, ...(json !== undefined && { json }) })
    return { status: res.status, body: (await res.json()) as T }
  }
  return {
    call,
    /** A gate of `repo` ('' for none: inline files in `extra`). */
    async gate(who: Person, repo: string, extra: object = {}): Promise<GateResult> {
      const { status, body } = await call<GateResult>(who, 'POST', '/gate', { ...(repo && { repo_path: repo }), ...extra })
      assert.equal(status, 200, JSON.stringify(body))
      return body
    },
    async approval(id: string): Promise<ApprovalRequest> {
      const { status, body } = await call<ApprovalRequest>(vic, 'GET', `/api/approvals/${id}`)
      assert.equal(status, 200, JSON.stringify(body))
      return body
    },
    decide: (who: Person, id: string, decision: string, comment?: string) => call<ApprovalRequest & { detail?: string }>(who, 'PATCH', `/api/approvals/${id}`, { decision, ...(comment !== undefined && { comment }) }),
    governance: async (update: object) => assert.equal((await call(ada, 'POST', '/api/governance', update)).status, 200),
  }
}

describe('approval requests (Enterprise)', () => {
  let server: RoleServer
  const { call, gate, approval, decide: decideAs, governance } = client(() => server)
  /** Requests the tests made, by what they are for. */
  const ids: Record<string, string> = {}

  before(async () => {
    server = await startRoleServer({
      env: { ...licensed('enterprise'), GUARD_URL: undefined, GUARD_TOKEN: undefined },
      files: { 'repo/a.js': evalFile('a'), 'other/a.js': evalFile('a'), 'governed/a.js': evalFile('g'), 'expiring/a.js': evalFile('e'), 'cli/a.js': evalFile('c') },
    })
  })
  after(() => server.close())

  test('a failing gate with require_approval creates a pending request naming its blocking fingerprints', async () => {
    const plain = await gate(dana, 'repo')
    assert.equal(plain.passed, false)
    assert.equal(plain.approval, null)
    assert.equal((await call(vic, 'GET', '/api/approvals')).body.total, 0, 'a gate that did not ask creates no request')

    const asked = await gate(dana, 'repo', { require_approval: true })
    assert.equal(asked.passed, false)
    assert.equal(asked.approval?.status, 'pending')
    const id = (ids.first = asked.approval!.id)
    assert.ok(asked.reasons.some((r) => r.includes(id)), asked.reasons.join('; '))

    const request = await approval(id)
    const findings = (await call<{ items: Finding[] }>(vic, 'GET', `/api/findings?scan_id=${asked.scan_id}`)).body.items
    const blocking = findings.filter((f) => !f.suppressed && asked.fail_on.includes(f.severity)).map((f) => f.id)
    assert.equal(blocking.length, 1)
    assert.deepEqual(request.blocking_fingerprints, blocking)
    assert.deepEqual(
      { status: request.status, requested_by: request.requested_by, repo: request.repo, scan_id: request.scan_id, required_approvals: request.required_approvals, decisions: request.decisions, decided_at: request.decided_at },
      { status: 'pending', requested_by: 'dana', repo: 'repo', scan_id: asked.scan_id, required_approvals: 1, decisions: [], decided_at: null },
    )
    assert.deepEqual(request.gate, { total_findings: asked.total_findings, critical: 1, high: 0, medium: asked.medium, low: asked.low, info: asked.info, suppressed: 0, blocking: 1, fail_on: ['critical', 'high'] })
    assert.equal(Date.parse(request.expires_at) - Date.parse(request.created_at), 72 * 3_600_000, 'governance default expiry_hours: 72')
    assert.equal(asked.approval!.expires_at, request.expires_at)
  })

  test('the same gate failing again reuses its pending request; another requester gets their own', async () => {
    const again = await gate(dana, 'repo', { require_approval: true })
    assert.equal(again.approval?.id, ids.first)
    assert.ok(again.reasons.some((r) => r.includes(`${ids.first} is still pending`)), again.reasons.join('; '))
    const byAda = await gate(ada, 'repo', { require_approval: true })
    ids.ada = byAda.approval!.id
    assert.notEqual(ids.ada, ids.first)
    assert.equal((await approval(ids.ada)).requested_by, 'ada')
    assert.equal((await call(vic, 'GET', '/api/approvals')).body.total, 2)
  })

  test('nobody decides their own request, not even an admin; viewers, developers and agents may not decide; nor a role outside approver_roles', async () => {
    const own = await decideAs(ada, ids.ada, 'approve')
    assert.equal(own.status, 403)
    assert.match(String(own.body.detail), /nobody may decide their own approval request/)
    for (const who of [dana, vic, bot]) {
      const res = await decideAs(who, ids.first, 'approve')
      assert.equal(res.status, 403, who[1])
      assert.deepEqual(res.body, { detail: 'Permission denied: approvals:decide required' })
    }
    await governance({ approvals: { approver_roles: ['admin'] } })
    const lead = await decideAs(lee, ids.first, 'approve')
    assert.equal(lead.status, 403)
    assert.match(String(lead.body.detail), /approver roles \(admin\)/)
    await governance({ approvals: { approver_roles: ['admin', 'security-lead'] } })
    const untouched = await approval(ids.first)
    assert.equal(untouched.status, 'pending')
    assert.deepEqual(untouched.decisions, [])
  })

  test('an approval lets the next gate of the repo through and names it; deciding it again is 409', async () => {
    const res = await decideAs(lee, ids.first, 'approve', 'accepted risk until the rewrite')
    assert.equal(res.status, 200, JSON.stringify(res.body))
    assert.equal(res.body.status, 'approved')
    assert.ok(res.body.decided_at)
    assert.deepEqual(res.body.decisions.map(({ at: _, ...d }) => d), [{ by: 'lee', role: 'security-lead', decision: 'approve', comment: 'accepted risk until the rewrite' }])
    const twice = await decideAs(abe, ids.first, 'approve')
    assert.equal(twice.status, 409)
    assert.match(String(twice.body.detail), /already approved/)
    const status = await call(vic, 'GET', `/api/approvals/${ids.first}/status`)
    assert.deepEqual(status, { status: 200, body: { id: ids.first, status: 'approved', decided_at: res.body.decided_at, expires_at: res.body.expires_at } })

    const next = await gate(dana, 'repo')
    assert.equal(next.passed, true)
    assert.deepEqual(next.approval, { id: ids.first, status: 'approved', expires_at: res.body.expires_at })
    assert.match(next.reasons[0], new RegExp(`Passed by approval ${ids.first}.*approved by lee`))
    // The decision is the one stored with the scan.
    const stored = await call<{ gate: GateResult }>(vic, 'GET', `/api/scans/${next.scan_id}`)
    assert.equal(stored.body.gate.passed, true)
    assert.equal(stored.body.gate.approval?.id, ids.first)

    // The streamed scan's gate is the same kernel gate.
    const stream = await server.request('/api/run-scan-stream', { method: 'POST', headers: { authorization: `Bearer ${tokenOf(dana)}` }, json: { repo_path: 'repo' } })
    const completed = (await stream.text()).split('\n\n').find((frame) => frame.includes('event: completed'))
    const streamed = JSON.parse(/^data: (.*)$/m.exec(completed ?? '')?.[1] ?? 'null') as { gate: GateResult }
    assert.equal(streamed.gate.passed, true)
    assert.equal(streamed.gate.approval?.id, ids.first)

    // Another repository with the very same file (and so the same fingerprint) is not covered.
    const other = await gate(dana, 'other')
    assert.equal(other.passed, false)
    assert.equal(other.approval, null)
  })

  test('a new blocking finding is never covered', async () => {
    fs.writeFileSync(path.join(server.dir, 'repo', 'b.js'), evalFile('b'))
    const failed = await gate(dana, 'repo')
    assert.equal(failed.passed, false)
    assert.equal(failed.blocking, 2)
    assert.equal(failed.approval, null)
    const asked = await gate(dana, 'repo', { require_approval: true })
    ids.second = asked.approval!.id
    assert.notEqual(ids.second, ids.first)
    const request = await approval(ids.second)
    assert.equal(request.blocking_fingerprints.length, 2)
    assert.ok((await approval(ids.first)).blocking_fingerprints.every((f) => request.blocking_fingerprints.includes(f)))
  })

  test('one rejection rejects; a decided request answers 409', async () => {
    const rejected = await decideAs(lee, ids.second, 'reject', 'fix it instead')
    assert.equal(rejected.status, 200)
    assert.equal(rejected.body.status, 'rejected')
    assert.ok(rejected.body.decided_at)
    const late = await decideAs(ada, ids.second, 'approve')
    assert.equal(late.status, 409)
    assert.match(String(late.body.detail), /already rejected/)
    assert.equal((await gate(dana, 'repo')).passed, false)
  })

  test('required_approvals: 2 needs two different approvers; the same approver twice counts once', async () => {
    await governance({ approvals: { required_approvals: 2 } })
    const asked = await gate(dana, 'repo', { require_approval: true })
    ids.double = asked.approval!.id
    assert.ok(![ids.first, ids.second].includes(ids.double), 'a rejected request is not reused')
    assert.equal((await approval(ids.double)).required_approvals, 2)

    const one = await decideAs(lee, ids.double, 'approve')
    assert.equal(one.status, 200)
    assert.equal(one.body.status, 'pending')
    assert.equal(one.body.decided_at, null)
    const same = await decideAs(lee, ids.double, 'approve')
    assert.equal(same.status, 409)
    assert.match(String(same.body.detail), /lee has already decided/)
    assert.equal((await approval(ids.double)).decisions.length, 1)
    assert.equal((await gate(dana, 'repo')).passed, false, 'one approval of two lets nothing through')

    const two = await decideAs(abe, ids.double, 'approve')
    assert.equal(two.body.status, 'approved')
    assert.deepEqual(two.body.decisions.map((d) => d.by), ['lee', 'abe'])
    const passed = await gate(dana, 'repo')
    assert.equal(passed.passed, true)
    assert.equal(passed.approval?.id, ids.double)

    // Two approvers deciding at the same moment: both count, neither write is lost.
    ids.together = (await gate(dana, 'other', { require_approval: true })).approval!.id
    const both = await Promise.all([decideAs(lee, ids.together, 'approve'), decideAs(abe, ids.together, 'approve')])
    assert.deepEqual(both.map((r) => r.status), [200, 200])
    const together = await approval(ids.together)
    assert.equal(together.status, 'approved')
    assert.deepEqual(together.decisions.map((d) => d.by).sort(), ['abe', 'lee'])
    await governance({ approvals: { required_approvals: 1 } })
  })

  test('governance approvals.required asks on every failed gate, without the flag; a passing gate asks nothing', async () => {
    await governance({ approvals: { required: true } })
    try {
      const failed = await gate(bot, 'governed')
      assert.equal(failed.passed, false)
      assert.equal(failed.approval?.status, 'pending')
      ids.governed = failed.approval!.id
      const request = await approval(ids.governed)
      assert.equal(request.requested_by, 'ci-bot')
      assert.equal(request.repo, 'governed')
      const before = (await call(vic, 'GET', '/api/approvals')).body.total
      assert.equal((await gate(dana, 'repo')).passed, true)
      assert.equal((await call(vic, 'GET', '/api/approvals')).body.total, before)
    } finally {
      await governance({ approvals: { required: false } })
    }
  })

  test('inline files are the repository `inline`: an approval covers the same files sent again, not a new finding among them', async () => {
    const files = { 'src/h.js': evalFile('h') }
    const asked = await gate(dana, '', { files, require_approval: true })
    ids.inline = asked.approval!.id
    assert.equal((await approval(ids.inline)).repo, 'inline')
    assert.equal((await decideAs(lee, ids.inline, 'approve')).status, 200)
    const again = await gate(dana, '', { files })
    assert.equal(again.passed, true)
    assert.equal(again.approval?.id, ids.inline)
    const more = await gate(dana, '', { files: { ...files, 'src/i.js': evalFile('i') } })
    assert.equal(more.passed, false)
    assert.equal(more.approval, null)
  })

  test('a pending request past expires_at reads as expired and answers 409; a new gate asks again', async () => {
    await governance({ approvals: { expiry_hours: 0.0003 } }) // 1.08 s
    try {
      const asked = await gate(dana, 'expiring', { require_approval: true })
      ids.expired = asked.approval!.id
      const expires = Date.parse(asked.approval!.expires_at!)
      assert.equal(expires - Date.parse((await approval(ids.expired)).created_at), 1080)
      await new Promise((r) => setTimeout(r, Math.max(0, expires - Date.now()) + 50))
      assert.deepEqual((await call(vic, 'GET', `/api/approvals/${ids.expired}/status`)).body, { id: ids.expired, status: 'expired', decided_at: null, expires_at: asked.approval!.expires_at! })
      const late = await decideAs(lee, ids.expired, 'approve')
      assert.equal(late.status, 409)
      assert.match(String(late.body.detail), /expired at/)
      const expired = (await call<{ items: ApprovalRequest[] }>(vic, 'GET', '/api/approvals?status=expired')).body.items.map((a) => a.id)
      assert.deepEqual(expired, [ids.expired])
    } finally {
      await governance({ approvals: { expiry_hours: 72 } })
    }
    const again = await gate(dana, 'expiring', { require_approval: true })
    assert.notEqual(again.approval?.id, ids.expired)
    ids.expiredAgain = again.approval!.id
    assert.equal((await approval(ids.expiredAgain)).status, 'pending')
  })

  test('the list filters and pages newest first; unknown ids are 404; bad bodies, filters and cursors are 422', async () => {
    const all = (await call<{ items: ApprovalRequest[]; total: number }>(vic, 'GET', '/api/approvals')).body
    assert.equal(all.total, Object.keys(ids).length)
    assert.deepEqual(new Set(all.items.map((a) => a.id)), new Set(Object.values(ids)))
    assert.ok(all.items.every((a, i) => i === 0 || all.items[i - 1].created_at >= a.created_at))
    const paged: string[] = []
    let cursor: string | null = null
    do {
      const page: { items: ApprovalRequest[]; total: number; next_cursor: string | null } = (await call<{ items: ApprovalRequest[]; total: number; next_cursor: string | null }>(bot, 'GET', `/api/approvals?limit=2${cursor ? `&cursor=${cursor}` : ''}`)).body
      assert.equal(page.total, all.total)
      paged.push(...page.items.map((a) => a.id))
      cursor = page.next_cursor
    } while (cursor)
    assert.deepEqual(paged, all.items.map((a) => a.id))

    const byRepo = (await call<{ items: ApprovalRequest[] }>(vic, 'GET', '/api/approvals?repo=repo&status=approved')).body.items.map((a) => a.id)
    assert.deepEqual(new Set(byRepo), new Set([ids.first, ids.double]))
    const first = await approval(ids.first)
    assert.deepEqual((await call<{ items: ApprovalRequest[] }>(vic, 'GET', `/api/approvals?scan_id=${first.scan_id}`)).body.items.map((a) => a.id), [ids.first])

    for (const [method, pathname] of [['GET', '/api/approvals/no-such-id'], ['GET', '/api/approvals/no-such-id/status'], ['PATCH', '/api/approvals/no-such-id']] as const) {
      const res = await call(lee, method, pathname, method === 'PATCH' ? { decision: 'approve' } : undefined)
      assert.deepEqual(res, { status: 404, body: { detail: 'Approval request not found: no-such-id' } }, pathname)
    }
    for (const body of [{ decision: 'maybe' }, {}, { decision: 'approve', by: 'someone-else' }, { decision: 'approve', comment: 'x'.repeat(4001) }, { decision: 'approve', comment: 7 }]) {
      const res = await call<{ detail: string; errors: unknown[] }>(lee, 'PATCH', `/api/approvals/${ids.expiredAgain}`, body)
      assert.equal(res.status, 422, JSON.stringify(body))
      assert.ok(res.body.errors.length > 0)
    }
    const malformed = await server.request(`/api/approvals/${ids.expiredAgain}`, { method: 'PATCH', headers: { authorization: `Bearer ${tokenOf(lee)}`, 'content-type': 'application/json' }, body: '{"decision":' })
    assert.equal(malformed.status, 400)
    assert.equal((await approval(ids.expiredAgain)).status, 'pending', 'no bad body changed the request')
    for (const query of ['status=done', 'limit=0', 'cursor=not-a-cursor', `cursor=${Buffer.from('[1,2]').toString('base64url')}`]) assert.equal((await call(vic, 'GET', `/api/approvals?${query}`)).status, 422, query)
  })

  test('every step is in the audit log: requests, decisions (refusals too), and the gates they let through', async () => {
    const audit = async (action: string) => (await call<{ items: AuditEntry[] }>(ada, 'GET', `/api/audit?action=${action}&limit=1000`)).body.items
    const requested = await audit('approvals.request')
    assert.deepEqual(new Set(requested.map((e) => e.target)), new Set(Object.values(ids)))
    assert.ok(requested.every((e) => e.outcome === 'success' && e.status === 201))
    const first = requested.find((e) => e.target === ids.first)!
    assert.deepEqual([first.actor, first.role, first.auth_method], ['dana', 'developer', 'jwt'])
    // The entry names the HTTP request of the gate that asked.
    const gates = await audit('gate')
    assert.ok(gates.some((g) => g.request_id === first.request_id && g.target === 'repo'))

    const decided = (await audit('approvals.decide')).filter((e) => e.target === ids.first)
    const outcomes = decided.map((e) => `${e.actor}:${e.status}`).reverse()
    assert.deepEqual(outcomes, ['dana:403', 'vic:403', 'ci-bot:403', 'lee:403', 'lee:200', 'abe:409'])
    assert.equal((await audit('approvals.decide')).find((e) => e.target === ids.ada && e.actor === 'ada')?.outcome, 'denied')

    const used = await audit('approvals.use')
    assert.ok(used.filter((e) => e.target === ids.first).length >= 2, 'POST /gate and the streamed scan')
    assert.ok(used.some((e) => e.target === ids.double))
    assert.deepEqual((await call(ada, 'GET', '/api/audit/verify')).body.valid, true)
  })

  test('guard approvals list, show, approve and reject talk to the server', async () => {
    const asked = await gate(dana, 'cli', { require_approval: true })
    const id = asked.approval!.id
    const env = { GUARD_TOKEN: tokenOf(lee) }
    const list = await runGuard(['approvals', 'list', '--server', server.url, '--status', 'pending', '--repo', 'cli'], { env })
    assert.equal(list.code, 0, list.stderr)
    assert.match(list.stdout, /^ID\s+STATUS\s+REPO/)
    assert.match(list.stdout, new RegExp(`${id}\\s+pending\\s+cli\\s+1\\s+0/1\\s+dana`))
    assert.match(list.stdout, /\n1 of 1 approval request\(s\)\n$/)

    const show = await runGuard(['approvals', 'show', id, '--json'], { env: { ...env, GUARD_URL: server.url } })
    assert.equal(show.code, 0, show.stderr)
    assert.deepEqual(JSON.parse(show.stdout), await approval(id))

    const approve = await runGuard(['approvals', 'approve', id, '--comment', 'ok from the terminal', '--server', server.url], { env })
    assert.equal(approve.code, 0, approve.stderr)
    assert.match(approve.stdout, new RegExp(`approval ${id}: approved`))
    assert.match(approve.stdout, /approved by lee \(security-lead\) at .*: ok from the terminal/)
    assert.equal((await gate(dana, 'cli')).approval?.id, id)

    const again = await runGuard(['approvals', 'reject', id, '--server', server.url], { env })
    assert.equal(again.code, 2)
    assert.match(again.stderr, /409: Approval request .* is already approved/)
    const own = await runGuard(['approvals', 'approve', ids.ada, '--server', server.url], { env: { GUARD_TOKEN: tokenOf(ada) } })
    assert.equal(own.code, 2)
    assert.match(own.stderr, /403: .*nobody may decide their own/)
    const nowhere = await runGuard(['approvals', 'list'], { env: {} })
    assert.equal(nowhere.code, 2)
    assert.match(nowhere.stderr, /no server: pass --server URL or set GUARD_URL/)
    const usage = await runGuard(['approvals', 'approve'], { env })
    assert.equal(usage.code, 2)
    assert.match(usage.stderr, /approvals list/)
  })

  test('a license that lapses while the server runs: every endpoint answers 403 and gates neither ask nor pass by approval', async () => {
    const saved = process.env.GUARD_LICENSE_KEY
    process.env.GUARD_LICENSE_KEY = licenseKey('team')
    try {
      for (const [method, pathname] of [['GET', '/api/approvals'], ['GET', `/api/approvals/${ids.first}`], ['GET', `/api/approvals/${ids.first}/status`], ['PATCH', `/api/approvals/${ids.expiredAgain}`]] as const)
        assert.deepEqual(await call(ada, method, pathname, method === 'PATCH' ? { decision: 'approve' } : undefined), { status: 403, body: LICENSE_DENIED }, pathname)
      const failed = await gate(dana, 'cli', { require_approval: true })
      assert.equal(failed.passed, false, 'an approval covers nothing without the license')
      assert.equal(failed.approval, null)
    } finally {
      process.env.GUARD_LICENSE_KEY = saved
    }
    assert.equal((await approval(ids.expiredAgain)).status, 'pending')
  })
})

describe('approvals without an Enterprise license', () => {
  for (const tier of [undefined, 'team'] as const) {
    test(`${tier ?? 'community (no key)'}: every approval endpoint answers 403 with the contract's message; a gate asks nothing`, async () => {
      const server = await startRoleServer({ env: licensed(tier), files: { 'repo/a.js': evalFile('a') } })
      try {
        const { call, gate } = client(() => server)
        const endpoints = [['GET', '/api/approvals', undefined], ['GET', '/api/approvals?status=bogus', undefined], ['GET', '/api/approvals/some-id', undefined], ['GET', '/api/approvals/some-id/status', undefined], ['PATCH', '/api/approvals/some-id', { decision: 'approve' }], ['PATCH', '/api/approvals/some-id', { decision: 'maybe' }]] as const
        for (const [method, pathname, json] of endpoints) assert.deepEqual(await call(ada, method, pathname, json), { status: 403, body: LICENSE_DENIED }, `${method} ${pathname}`)
        // Authentication still comes first.
        assert.equal((await server.request('/api/approvals')).status, 401)
        const failed = await gate(dana, 'repo', { require_approval: true })
        assert.equal(failed.passed, false)
        assert.equal(failed.approval, null)
      } finally {
        await server.close()
      }
    })
  }
})

describe('the lifecycle rules, on a clock the test holds', () => {
  const base: StoredApproval = {
    id: 'r1', status: 'pending', requested_by: 'dana', created_at: '2030-01-01T00:00:00.000Z', expires_at: '2030-01-01T01:00:00.000Z', decided_at: null,
    scan_id: 's1', repo: 'repo', gate: { total_findings: 1, critical: 1, high: 0, medium: 0, low: 0, info: 0, suppressed: 0, blocking: 1, fail_on: ['critical', 'high'] },
    blocking_fingerprints: ['f1', 'f2'], required_approvals: 1, decisions: [],
  }
  const at = (iso: string) => Date.parse(iso)
  const lead = { sub: 'lee', role: 'security-lead', auth: 'jwt' } as const

  test('pending turns expired at expires_at, not before; a decided request keeps its status', () => {
    assert.equal(statusAt(base, at('2030-01-01T00:59:59.999Z')), 'pending')
    assert.equal(statusAt(base, at('2030-01-01T01:00:00.000Z')), 'expired')
    assert.equal(statusAt({ ...base, status: 'rejected' }, at('2031-01-01T00:00:00Z')), 'rejected')
  })

  test('an approval covers a subset of its fingerprints in its repo until it expires', () => {
    const approved = decide(base, lead, ['security-lead'], { decision: 'approve' }, at('2030-01-01T00:30:00Z'))
    const before = at('2030-01-01T00:59:00Z')
    assert.equal(covers(approved, 'repo', ['f1'], before), true)
    assert.equal(covers(approved, 'repo', ['f1', 'f2'], before), true)
    assert.equal(covers(approved, 'repo', ['f1', 'f3'], before), false)
    assert.equal(covers(approved, 'other', ['f1'], before), false)
    assert.equal(covers(approved, 'repo', ['f1'], at('2030-01-01T01:00:00Z')), false)
    assert.equal(covers(base, 'repo', ['f1'], before), false, 'pending covers nothing')
  })

  test('deciding an expired request is a conflict even before anyone read it as expired', () => {
    assert.throws(() => decide(base, lead, ['security-lead'], { decision: 'approve' }, at('2030-01-01T02:00:00Z')), { status: 409, message: /expired at 2030-01-01T01:00:00.000Z/ })
  })
})
