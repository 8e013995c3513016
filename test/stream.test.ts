// The streamed scan (CONTRACT §8) on a real loopback server read incrementally over HTTP, in Chromium, and as the CLI's
// `--progress json`: event order and ids, the same findings as POST /scan, the gate, throttled progress, errors before
// the stream, a client that leaves mid-scan, and the replay of recent scans' events.
import { test, describe, before, after } from 'node:test'
import assert from 'node:assert/strict'
import fs from 'node:fs'
import http from 'node:http'
import { randomUUID } from 'node:crypto'
import { startRoleServer, JWT_SECRET, type RoleServer } from './helpers/roles.ts'
import { tempDir, writeTree } from './helpers/server.ts'
import { runGuard } from './helpers/process.ts'
import { CHROMIUM, launchChromium } from './helpers/browser.ts'
import { signToken } from '../kernel/access/tokens.ts'
import type { AuditEntry, Finding, GateResult, ScanResult } from '../kernel/base/schemas.ts'
import type { Role } from '../kernel/access/permissions.ts'

const VULNERABLE = {
  'app/views.py': 'import os\n\ndef run(request):\n    code = request.args.get("code")\n    return eval(code)\n',
  'web/handler.js': 'function handle(req) {\n  return eval(req.query.expr)\n}\n',
  'config/settings.py': 'AWS_ACCESS_KEY_ID = "AKIAZ7Q3VXNPL2MWK4RT"\n',
}
const AWS_KEY = 'AKIAZ7Q3VXNPL2MWK4RT'

/**
 * `files` JavaScript files of `flows` request-to-response flows each: enough analysis (taint, one finding a flow) for
 * a scan to take a while. The nonce keeps the files new to the result cache, so every test scans them cold.
 */
function busyRepo(files: number, flows: number): Record<string, string> {
  const nonce = randomUUID()
  const out: Record<string, string> = {}
  for (let i = 0; i < files; i++) {
    const fns = Array.from({ length: flows }, (_, k) =>
      `export function handler${i}_${k}(req, res) {\n  const v${k} = req.query.p${k} + '${nonce}'\n  if (v${k}.length > ${k}) return res.send(String(v${k}).trim())\n  return items.filter((x) => x.id === v${k}).map((x) => x.name)\n}\n`,
    )
    out[`src/m${i % 8}/f${i}.js`] = fns.join('\n')
  }
  return out
}

const tokenFor = (role: Role, extra: { sub?: string; repo_access?: string[] } = {}) => `Bearer ${signToken(JWT_SECRET, { sub: extra.sub ?? `user-${role}`, role, ...(extra.repo_access ? { repo_access: extra.repo_access } : {}) }, 1)}`

interface Received {
  id: number
  event: string
  data: any // each event has its own shape; the tests check it
  /** ms since the request was sent */
  at: number
}

/** An SSE reader over node:http: events as they arrive, comment lines counted, the body of a non-stream answer kept. */
interface Stream {
  status: number
  headers: http.IncomingHttpHeaders
  events: Received[]
  comments: string[]
  /** The body when the answer is not an event stream (an error). */
  text: () => string
  /** Resolves with the first event (already received or to come) that `pred` accepts. */
  waitFor(pred: (e: Received) => boolean, ms?: number): Promise<Received>
  /** Resolves when the answer has ended (or the connection closed). */
  ended: Promise<void>
  /** Goes away mid-stream, as a client closing its tab. */
  close(): void
}

function openStream(base: string, pathname: string, opts: { method?: string; body?: unknown; headers?: Record<string, string> } = {}): Promise<Stream> {
  const started = Date.now()
  return new Promise((resolve, reject) => {
    const body = opts.body === undefined ? undefined : JSON.stringify(opts.body)
    const req = http.request(base + pathname, {
      method: opts.method ?? (body ? 'POST' : 'GET'),
      headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...opts.headers },
    })
    req.on('error', reject)
    req.on('response', (res) => {
      const events: Received[] = []
      const comments: string[] = []
      const waiting = new Set<() => void>()
      let raw = ''
      let buffer = ''
      res.setEncoding('utf8')
      res.on('data', (chunk: string) => {
        raw += chunk
        buffer += chunk
        let end: number
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end)
          buffer = buffer.slice(end + 2)
          const fields: Record<string, string> = {}
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) comments.push(line)
            else {
              const colon = line.indexOf(': ')
              fields[line.slice(0, colon)] = line.slice(colon + 2)
            }
          }
          if (fields.event) events.push({ id: Number(fields.id), event: fields.event, data: JSON.parse(fields.data), at: Date.now() - started })
        }
        for (const w of waiting) w()
      })
      const ended = new Promise<void>((done) => {
        res.once('end', done)
        res.once('close', done)
      })
      void ended.then(() => {
        for (const w of waiting) w()
      })
      let finished = false
      void ended.then(() => (finished = true))
      resolve({
        status: res.statusCode ?? 0,
        headers: res.headers,
        events,
        comments,
        text: () => raw,
        ended,
        close: () => req.destroy(),
        waitFor(pred, ms = 20_000) {
          return new Promise((found, fail) => {
            const timer = setTimeout(() => fail(new Error(`no such event within ${ms} ms; got ${events.map((e) => e.event).join(', ')}`)), ms)
            const check = () => {
              const hit = events.find(pred)
              if (hit || finished) {
                waiting.delete(check)
                clearTimeout(timer)
                if (hit) found(hit)
                else fail(new Error(`the stream ended without it; got ${events.map((e) => e.event).join(', ')}`))
              }
            }
            waiting.add(check)
            check()
          })
        },
      })
    })
    req.end(body)
  })
}

describe('streamed scan: POST /api/run-scan-stream and GET /api/scans/{scan_id}/events', () => {
  let server: RoleServer
  const admin = () => ({ authorization: tokenFor('admin') })
  const stream = (body: unknown, headers: Record<string, string> = admin()) => openStream(server.url, '/api/run-scan-stream', { body, headers })
  async function json<T>(pathname: string, init: RequestInit & { json?: unknown } = {}): Promise<T> {
    const res = await server.as('admin', pathname, init)
    const body = await res.json()
    assert.equal(res.status, 200, `${pathname}: ${JSON.stringify(body)}`)
    return body as T
  }
  /** The audit entries of the stream route, newest first. */
  const streamAudit = async () => (await json<{ items: AuditEntry[] }>('/api/audit?action=run-scan-stream&limit=50')).items

  before(async () => {
    server = await startRoleServer()
    writeTree(`${server.dir}/repo`, { ...VULNERABLE, ...busyRepo(24, 12) })
  })
  after(() => server?.close())

  let streamed: { scanId: string; events: Received[] }

  test('events come in order with ids 1, 2, 3…: started, throttled progress, the findings of POST /scan, completed with the gate', async () => {
    // Keep-alive comments every 0.2 s instead of 15, to see them in a short scan.
    process.env.GUARD_STREAM_KEEPALIVE_S = '0.2'
    let s: Stream
    try {
      s = await stream({ repo_path: 'repo' })
      await s.ended
    } finally {
      delete process.env.GUARD_STREAM_KEEPALIVE_S
    }
    assert.equal(s.status, 200, s.text())
    assert.match(String(s.headers['content-type']), /^text\/event-stream/)
    assert.ok(s.headers['x-request-id'])
    const { events } = s
    assert.deepEqual(events.map((e) => e.id), events.map((_, i) => i + 1), 'ids count from 1')
    const names = events.map((e) => e.event)
    assert.equal(names[0], 'started')
    assert.equal(names.at(-1), 'completed')
    assert.match(names.join(' '), /^started( progress)+( finding)+ completed$/, 'started → progress → finding → completed')
    assert.ok(s.comments.includes(': keep-alive'), `keep-alive comments between events: ${s.comments.length}`)

    const started = events[0].data
    assert.deepEqual(Object.keys(started), ['scan_id', 'files_total', 'rules_total'])
    assert.equal(started.files_total, 27)
    assert.ok(started.rules_total > 0)

    // Progress: at most about ten a second (the last one may follow its predecessor at once: the end of the analysis).
    const progress = events.filter((e) => e.event === 'progress')
    assert.deepEqual(Object.keys(progress[0].data), ['files_done', 'files_total', 'findings'])
    assert.deepEqual(progress.at(-1)!.data, { files_done: 27, files_total: 27, findings: progress.at(-1)!.data.findings }, 'the last progress event is the whole analysis')
    // Gaps as this client saw them: a busy machine may deliver two a little closer than the server sent them.
    const gaps = progress.slice(1, -1).map((p, i) => p.at - progress[i].at)
    assert.ok(gaps.every((g) => g >= 40), `gaps between progress events: ${gaps.join(', ')} ms`)
    if (gaps.length) assert.ok(gaps.sort((a, b) => a - b)[Math.floor(gaps.length / 2)] >= 90, `gaps between progress events: ${gaps.join(', ')} ms`)
    const span = progress.at(-1)!.at - progress[0].at
    assert.ok(progress.length <= span / 100 + 3, `${progress.length} progress events in ${span} ms`)
    assert.ok(progress.length >= 2, `progress is told while the scan runs (${span} ms)`)

    // The findings are POST /scan's, masked as everywhere; `completed` is its answer plus the gate of POST /gate.
    const findings = events.filter((e) => e.event === 'finding').map((e) => e.data.finding as Finding)
    const completed = events.at(-1)!.data as ScanResult & { gate: GateResult }
    const scan = await json<ScanResult>('/scan', { method: 'POST', json: { repo_path: 'repo' } })
    assert.deepEqual(findings, scan.findings)
    assert.deepEqual(completed.findings, scan.findings)
    assert.ok(findings.length > 200)
    assert.ok(findings.some((f) => f.snippet.includes('AKIA****')) && !s.text().includes(AWS_KEY), 'the secret is masked')
    assert.deepEqual(Object.keys(completed).filter((k) => k !== 'files_cached'), [...Object.keys(scan).filter((k) => k !== 'files_cached'), 'gate'])
    assert.equal(completed.scan_id, started.scan_id)
    assert.deepEqual([completed.total, completed.by_severity, completed.files_scanned], [scan.total, scan.by_severity, scan.files_scanned])
    const gate = await json<GateResult>('/gate', { method: 'POST', json: { repo_path: 'repo' } })
    assert.deepEqual({ ...completed.gate, scan_id: gate.scan_id }, gate)
    assert.equal(completed.gate.passed, false)
    // The scan is stored with its gate, as one POST /gate stores.
    const stored = await json<{ items: { id: string; passed: boolean | null }[] }>('/api/scans?limit=10')
    assert.equal(stored.items.find((i) => i.id === started.scan_id)?.passed, false)
    const audit = (await streamAudit()).find((e) => e.target === 'repo')
    assert.deepEqual([audit?.actor, audit?.outcome, audit?.status], ['user-admin', 'success', 200])
    streamed = { scanId: started.scan_id, events }
  })

  test('a replay sends the same events, only those after Last-Event-ID when given; an unknown scan is a 404', async () => {
    const { scanId, events } = streamed
    const strip = (es: Received[]) => es.map(({ id, event, data }) => ({ id, event, data }))
    const all = await openStream(server.url, `/api/scans/${scanId}/events`, { headers: { authorization: tokenFor('viewer') } })
    await all.ended
    assert.equal(all.status, 200)
    assert.deepEqual(strip(all.events), strip(events))
    const later = await openStream(server.url, `/api/scans/${scanId}/events`, { headers: { authorization: tokenFor('viewer'), 'last-event-id': '3' } })
    await later.ended
    assert.deepEqual(strip(later.events), strip(events.filter((e) => e.id > 3)))

    const unknown = await server.as('viewer', `/api/scans/${randomUUID()}/events`)
    assert.equal(unknown.status, 404)
    assert.match(unknown.headers.get('content-type') ?? '', /json/)
    assert.match(((await unknown.json()) as { detail: string }).detail, /^No events kept for scan /)
    const bad = await server.as('viewer', `/api/scans/${scanId}/events`, { headers: { 'last-event-id': 'yesterday' } })
    assert.equal(bad.status, 422)
    await bad.arrayBuffer()
  })

  test('a replay of a scan still running follows it to its end', async () => {
    writeTree(`${server.dir}/follow`, busyRepo(24, 20))
    const live = await stream({ repo_path: 'follow' })
    const { data } = await live.waitFor((e) => e.event === 'started')
    const follower = await openStream(server.url, `/api/scans/${data.scan_id}/events`, { headers: { authorization: tokenFor('viewer') } })
    const first = await follower.waitFor(() => true)
    assert.ok(!live.events.some((e) => e.event === 'completed'), 'the follower came while the scan ran')
    assert.equal(first.event, 'started')
    await Promise.all([live.ended, follower.ended])
    assert.equal(live.events.at(-1)?.event, 'completed')
    assert.deepEqual(follower.events.map((e) => [e.id, e.event]), live.events.map((e) => [e.id, e.event]))
  })

  test('credentials, permissions, the body, the target and the rate limit are refused before the stream, as JSON', async () => {
    const refused = async (headers: Record<string, string>, body: unknown, status: number, detail: RegExp) => {
      const s = await stream(body, headers)
      await s.ended
      assert.equal(s.status, status, s.text())
      assert.match(String(s.headers['content-type']), /^application\/json/)
      assert.deepEqual(s.events, [])
      const answer = JSON.parse(s.text()) as { detail: string; errors?: { path: string }[] }
      assert.match(answer.detail, detail)
      return { answer, headers: s.headers }
    }
    const none = await refused({}, { files: VULNERABLE }, 401, /^Invalid or expired token$/)
    assert.ok(none.headers['www-authenticate'])
    await refused({ authorization: 'Bearer not.a.token' }, { files: VULNERABLE }, 401, /^Invalid or expired token$/)
    await refused({ authorization: tokenFor('viewer') }, { files: VULNERABLE }, 403, /^Permission denied: scan required$/)
    await refused({ authorization: tokenFor('agent', { repo_access: ['team-a/*'] }) }, { repo_path: 'repo' }, 403, /^Permission denied: repo_access does not include "repo"$/)
    await refused(admin(), { repo_path: '../..' }, 403, /outside the allowed scan roots/)
    const invalid = await refused(admin(), { files: VULNERABLE, bogus: true }, 422, /^Request validation failed$/)
    assert.equal(invalid.answer.errors?.[0].path, 'body.bogus')
    const climbing = await refused(admin(), { files: { '../x.js': 'eval(a)\n' } }, 422, /./)
    assert.equal(climbing.answer.errors?.[0].path, 'files.../x.js')
    const audit = await streamAudit()
    assert.ok(audit.some((e) => e.outcome === 'denied' && e.status === 403 && e.actor === 'user-viewer'), 'denials are audited')

    // An agent inside its repo_access streams.
    writeTree(`${server.dir}/team-a/svc`, VULNERABLE)
    const agent = await stream({ repo_path: 'team-a/svc' }, { authorization: tokenFor('agent', { repo_access: ['team-a/*'] }) })
    await agent.ended
    assert.equal(agent.events.at(-1)?.event, 'completed')

    process.env.GUARD_RATE_LIMIT_PER_MIN = '2'
    try {
      const limited = { authorization: tokenFor('developer', { sub: `rate-${randomUUID()}` }) }
      for (let i = 0; i < 2; i++) await refused(limited, { bogus: i }, 422, /^Request validation failed$/)
      const over = await refused(limited, { files: VULNERABLE }, 429, /^Rate limit exceeded/)
      assert.ok(over.headers['retry-after'])
    } finally {
      delete process.env.GUARD_RATE_LIMIT_PER_MIN
    }
  })

  test('a client that disconnects mid-scan cancels it: the threads stop, the audit log says cancelled, the server goes on', async () => {
    // About 5 s of analysis for the one thread; the client leaves while the thread is in the middle of a batch.
    writeTree(`${server.dir}/big`, busyRepo(150, 40))
    const s = await stream({ repo_path: 'big' })
    const { data } = await s.waitFor((e) => e.event === 'started')
    await new Promise((r) => setTimeout(r, 300))
    s.close()
    const left = Date.now()

    // Audited when the stream ended, as cancelled.
    let entry: AuditEntry | undefined
    for (let i = 0; i < 100 && !entry; i++) {
      entry = (await streamAudit()).find((e) => e.target === 'big')
      if (!entry) await new Promise((r) => setTimeout(r, 50))
    }
    assert.deepEqual([entry?.outcome, entry?.status, entry?.actor], ['cancelled', 499, 'user-admin'])

    // The scan ends at once (its replay says how), and is never stored.
    let replay: Stream | undefined
    for (let i = 0; i < 100; i++) {
      replay = await openStream(server.url, `/api/scans/${data.scan_id}/events`, { headers: admin() })
      // A replay of a scan still running follows it: wait for its end, then look.
      await replay.ended
      if (replay.events.at(-1)?.event === 'error') break
    }
    assert.deepEqual(replay?.events.at(-1)?.data, { detail: 'Scan cancelled: the client disconnected' })
    assert.ok(!replay?.events.some((e) => e.event === 'finding' || e.event === 'completed'))
    const stopped = Date.now() - left
    assert.ok(stopped < 2000, `the scan stopped ${stopped} ms after its client left`)
    assert.equal((await server.as('admin', `/api/scans/${data.scan_id}`)).status, 404)

    // The pool runs no more of its batches: the next scan is answered at once, and then the process is idle.
    const next = Date.now()
    const small = await json<ScanResult>('/scan', { method: 'POST', json: { files: { 'x.js': `eval(req.query.a) // ${randomUUID()}\n` } } })
    assert.equal(small.total, 1)
    const nextMs = Date.now() - next
    assert.ok(nextMs < 3000, `the next scan took ${nextMs} ms`)
    // A thread still analysing would keep one core busy in every window; a collection or a thread starting, in one.
    const windows: number[] = []
    for (let i = 0; i < 4; i++) {
      const from = process.cpuUsage()
      await new Promise((r) => setTimeout(r, 200))
      const used = process.cpuUsage(from)
      windows.push(Math.round((used.user + used.system) / 1000))
    }
    assert.ok(Math.min(...windows) < 100, `CPU ms used in each 200 ms after the cancelled scan: ${windows.join(', ')}`)
    assert.equal((await server.request('/health')).status, 200)
  })

  test('in Chromium, fetch reads the stream incrementally: started, findings, completed', { skip: !fs.existsSync(CHROMIUM) && `no browser at ${CHROMIUM}` }, async () => {
    writeTree(`${server.dir}/browser`, { ...VULNERABLE, ...busyRepo(16, 12) })
    const browser = await launchChromium()
    try {
      const page = await browser.newPage()
      // Same origin as the API: the page is the server's own /health.
      await page.goto(`${server.url}/health`)
      const seen = await page.evaluate(async (authorization) => {
        const res = await fetch('/api/run-scan-stream', { method: 'POST', headers: { 'content-type': 'application/json', authorization }, body: JSON.stringify({ repo_path: 'browser' }) })
        const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader()
        const events: { id: number; event: string; read: number; data: unknown }[] = []
        let buffer = ''
        let reads = 0
        for (;;) {
          const { value, done } = await reader.read()
          if (done) break
          reads++
          buffer += value
          let end: number
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const fields = Object.fromEntries(buffer.slice(0, end).split('\n').filter((l) => !l.startsWith(':')).map((l) => [l.slice(0, l.indexOf(': ')), l.slice(l.indexOf(': ') + 2)]))
            buffer = buffer.slice(end + 2)
            if (fields.event) events.push({ id: Number(fields.id), event: fields.event, read: reads, data: JSON.parse(fields.data) })
          }
        }
        return { status: res.status, type: res.headers.get('content-type'), reads, events }
      }, tokenFor('developer'))
      assert.equal(seen.status, 200)
      assert.match(seen.type ?? '', /^text\/event-stream/)
      const names = seen.events.map((e) => e.event)
      assert.equal(names[0], 'started')
      assert.ok(names.filter((n) => n === 'finding').length > 3, names.join(' '))
      assert.equal(names.at(-1), 'completed')
      assert.deepEqual(seen.events.map((e) => e.id), seen.events.map((_, i) => i + 1))
      const completed = seen.events.at(-1)!
      assert.ok(seen.events[0].read < completed.read, `started arrived in read ${seen.events[0].read}, completed in read ${completed.read} of ${seen.reads}`)
      assert.equal((completed.data as ScanResult).findings.length, names.filter((n) => n === 'finding').length)
    } finally {
      await browser.close()
    }
  })
})

describe('guard scan --progress json', () => {
  test('prints the events as JSON lines on stdout, the result last; a report needs --output', async () => {
    const dir = tempDir()
    try {
      writeTree(dir, VULNERABLE)
      const { code, stdout, stderr } = await runGuard(['scan', dir, '--progress', 'json'], { cwd: dir })
      assert.equal(code, 0, stderr)
      const lines = stdout.trimEnd().split('\n').map((l) => JSON.parse(l) as { id: number; event: string; data: Record<string, unknown> })
      assert.deepEqual(lines.map((l) => l.id), lines.map((_, i) => i + 1))
      assert.deepEqual(Object.keys(lines[0]), ['id', 'event', 'data'])
      const names = lines.map((l) => l.event)
      assert.match(names.join(' '), /^started( progress)+( finding)+ completed$/)
      const completed = lines.at(-1)!.data as unknown as ScanResult & { gate: GateResult }
      assert.deepEqual(lines.filter((l) => l.event === 'finding').map((l) => l.data.finding), completed.findings)
      assert.equal(completed.files_scanned, 3)
      assert.equal(completed.gate.passed, false)
      assert.ok(!stdout.includes(AWS_KEY))

      const report = await runGuard(['scan', dir, '--progress', 'json', '--format', 'sarif'], { cwd: dir })
      assert.equal(report.code, 2)
      assert.match(report.stderr, /--progress json .*--output FILE/)
    } finally {
      fs.rmSync(dir, { recursive: true, force: true })
    }
  })
})
