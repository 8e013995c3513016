// Crash durability (issue 4): a real `guard serve` is SIGKILLed during a burst of scans; restarted on the same
// data, it returns every scan it acknowledged, holds an audit entry for each, and its audit chain verifies.
import { test, describe } from 'node:test'
import assert from 'node:assert/strict'
import fs from 'node:fs'
import path from 'node:path'
import { spawn, type ChildProcess } from 'node:child_process'
import { once } from 'node:events'
import { tempDir } from './helpers/server.ts'
import { GUARD, freePort, waitForHealth } from './helpers/process.ts'
import { startPostgres } from './helpers/postgres.ts'
import type { AuditEntry, Finding } from '../kernel/base/schemas.ts'

const REQUESTS = 200
const IN_FLIGHT = 12
/** The kill comes once this many scans are acknowledged, with up to IN_FLIGHT others still open. */
const KILL_AFTER = 60
const REQUEST_TIMEOUT_MS = 30_000

/** Variables a developer's shell may set that would change which store, auth or limits the child uses. */
const CLEARED = ['GUARD_DATABASE_URL', 'GUARD_DATA_DIR', 'GUARD_API_KEY', 'GUARD_JWT_SECRET', 'GUARD_RATE_LIMIT_PER_MIN', 'GUARD_HOST']

interface Served {
  url: string
  child: ChildProcess
  exited: Promise<unknown>
}

interface Ack {
  scan_id: string
  request_id: string
  findings: Finding[]
}

/** Starts `guard serve` on a free loopback port in `dir`; the caller stops it. */
async function serve(dir: string, env: Record<string, string>): Promise<Served> {
  const port = await freePort()
  const childEnv: NodeJS.ProcessEnv = { ...process.env, GUARD_LOG_LEVEL: 'warn', ...env }
  for (const name of CLEARED) if (!(name in env)) delete childEnv[name]
  const child = spawn(process.execPath, [GUARD, 'serve', '--port', String(port), '--host', '127.0.0.1'], { cwd: dir, env: childEnv, stdio: ['ignore', 'ignore', 'pipe'] })
  let stderr = ''
  child.stderr?.on('data', (chunk: Buffer) => void (stderr = (stderr + chunk.toString()).slice(-4000)))
  const exited = once(child, 'exit')
  const url = `http://127.0.0.1:${port}`
  try {
    await Promise.race([waitForHealth(url, 30_000), exited.then(() => Promise.reject(new Error(`guard serve exited before it was up:\n${stderr}`)))])
  } catch (e) {
    child.kill('SIGKILL')
    throw e
  }
  return { url, child, exited }
}

async function stop(server: Served, signal: NodeJS.Signals): Promise<void> {
  if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill(signal)
  await server.exited
}

/** A small file with findings, different for every request. */
const scanBody = (i: number) => JSON.stringify({ files: { [`req-${i}/app.py`]: `# request ${i}\nx = eval(input())\n`, [`req-${i}/web.js`]: `module.exports = (req) => eval(req.body.c${i})\n` } })

/**
 * Sends up to REQUESTS scans, IN_FLIGHT at a time, and SIGKILLs the server once KILL_AFTER are acknowledged.
 * Returns the acknowledged scans (a 200 whose body arrived whole) and how many requests were sent.
 */
async function burstAndKill(server: Served): Promise<{ acks: Ack[]; sent: number }> {
  const acks: Ack[] = []
  let sent = 0
  let killed = false
  const sender = async () => {
    while (!killed && sent < REQUESTS) {
      const i = sent++
      try {
        const res = await fetch(`${server.url}/scan`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: scanBody(i), signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) })
        const body = (await res.json()) as { scan_id?: string; findings?: Finding[] }
        if (res.status !== 200 || typeof body.scan_id !== 'string') continue
        acks.push({ scan_id: body.scan_id, request_id: res.headers.get('x-request-id') ?? '', findings: body.findings ?? [] })
      } catch {
        continue // the server went away mid-request: not acknowledged
      }
      if (acks.length >= KILL_AFTER && !killed) {
        killed = true
        server.child.kill('SIGKILL')
      }
    }
  }
  await Promise.all(Array.from({ length: IN_FLIGHT }, sender))
  if (!killed) server.child.kill('SIGKILL')
  await server.exited
  return { acks, sent }
}

/** Every audit entry, paging newest first through next_cursor (bounded by the total first reported). */
async function allAuditEntries(url: string): Promise<AuditEntry[]> {
  const entries: AuditEntry[] = []
  let cursor: string | null = null
  for (let page = 0; page < 100; page++) {
    const res: Response = await fetch(`${url}/api/audit?limit=1000${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`)
    assert.equal(res.status, 200, await res.clone().text())
    const body = (await res.json()) as { items: AuditEntry[]; next_cursor: string | null }
    entries.push(...body.items)
    cursor = body.next_cursor
    if (!cursor) return entries
  }
  throw new Error('the audit log did not end within 100 pages')
}

async function verifyAudit(url: string): Promise<{ valid: boolean; entries: number; first_bad_id: number | null }> {
  const res = await fetch(`${url}/api/audit/verify`)
  assert.equal(res.status, 200)
  return (await res.json()) as { valid: boolean; entries: number; first_bad_id: number | null }
}

/** Returns what happened, for the test's diagnostics. */
async function crashAndRecover(env: Record<string, string>): Promise<string> {
  const dir = tempDir('guard-durability-')
  fs.writeFileSync(path.join(dir, '.guard.yaml'), 'auth:\n  enabled: false\n')
  const started: Served[] = []
  const start = async () => {
    const server = await serve(dir, env)
    started.push(server)
    return server
  }
  try {
    const { acks, sent } = await burstAndKill(await start())
    assert.ok(acks.length >= KILL_AFTER, `at least ${KILL_AFTER} scans acknowledged before the kill (got ${acks.length})`)
    assert.ok(acks.length < sent, `the kill interrupted requests in flight (${acks.length} of ${sent} acknowledged)`)
    assert.ok(acks.every((a) => a.findings.length > 0), 'every scan found something to store')

    const { url } = await start()
    for (const ack of acks) {
      const res = await fetch(`${url}/api/scans/${ack.scan_id}`)
      assert.equal(res.status, 200, `acknowledged scan ${ack.scan_id} is stored`)
      const stored = (await res.json()) as { result: { findings: Finding[] } }
      assert.deepEqual(stored.result.findings, ack.findings, `scan ${ack.scan_id} keeps its findings`)
    }

    const verification = await verifyAudit(url)
    assert.deepEqual({ valid: verification.valid, first_bad_id: verification.first_bad_id }, { valid: true, first_bad_id: null })
    const entries = await allAuditEntries(url)
    assert.equal(entries.length, verification.entries)
    const byRequest = new Map(entries.map((e) => [e.request_id, e]))
    for (const ack of acks) {
      const entry = byRequest.get(ack.request_id)
      assert.ok(entry, `an audit entry for acknowledged request ${ack.request_id}`)
      assert.deepEqual({ action: entry.action, status: entry.status }, { action: 'scan', status: 200 })
    }

    // The chain goes on from the recovered head.
    const after = await fetch(`${url}/scan`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: scanBody(REQUESTS) })
    assert.equal(after.status, 200)
    assert.deepEqual(await verifyAudit(url), { valid: true, entries: verification.entries + 1, first_bad_id: null })
    return `${sent} scans sent, ${acks.length} acknowledged; ${verification.entries} audit entries recovered`
  } finally {
    for (const server of started) await stop(server, 'SIGTERM')
    fs.rmSync(dir, { recursive: true, force: true })
  }
}

describe('a server killed during a burst of writes', { timeout: 300_000 }, () => {
  test('SQLite: every acknowledged scan and audit entry survives, and the chain verifies', { timeout: 120_000 }, async (t) => {
    t.diagnostic(await crashAndRecover({}))
  })

  test('PostgreSQL: every acknowledged scan and audit entry survives, and the chain verifies', { timeout: 150_000 }, async (t) => {
    // Only guard is killed: PostgreSQL keeps running (the helper's cluster runs without fsync, which no process kill can tell).
    const postgres = await startPostgres()
    try {
      t.diagnostic(await crashAndRecover({ GUARD_DATABASE_URL: postgres.url }))
    } finally {
      await postgres.stop()
    }
  })
})
