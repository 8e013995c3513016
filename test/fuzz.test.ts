// The HTTP fuzzer of bench/fuzz.ts, smaller: every route of a real server (no auth, then GUARD_API_KEY) gets
// malformed requests from a fixed seed; no answer may be a 5xx, time out, drop the connection, or be an error
// that is not JSON `{detail: string}`.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { failureCount, formatFailures, runFuzz } from '../bench/fuzz.ts'

test('fuzzing every route: no 5xx, no timeouts, every error answer is JSON with a detail', { timeout: 600_000 }, async () => {
  const report = await runFuzz({ requests: 1500, seed: 20240601, concurrency: 8, timeoutMs: 30_000 })
  const t = report.totals
  assert.ok(t.requests >= 1400, `only ${t.requests} requests were sent`)
  assert.equal(
    failureCount(report),
    0,
    `${t.requests} requests: ${t.s5xx} 5xx, ${t.timeouts} timeouts, ${t.connErrors} connection errors, ${t.badBodies} malformed error bodies\n\n${formatFailures(report)}`,
  )
  assert.equal(report.clientRefused.length, 0, `the fuzzer generated requests Node refused to send:\n${formatFailures(report)}`)
})
