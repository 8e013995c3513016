// `npm run bench:dashboard`: the findings page with 100,000 stored findings. Two scans of one repository (the second
// keeps 95% of the first's findings, so `status` compares real sets) are written through the store; the server is
// started, Chromium opens /ui#/findings, and the time to first render (cold: the scan read from the database; warm:
// read before) and to apply a filter are printed, with the API's own times beside them.
import { chromium, type Page } from 'playwright-core'
import { startServer } from '../test/helpers/server.ts'
import { SEVERITIES, type Finding, type ScanResult, type Severity } from '../kernel/base/schemas.ts'

const FINDINGS = Number(process.env.BENCH_DASHBOARD_FINDINGS ?? 100_000)
const KEY = 'bench-dashboard-key-0123456789'
const RUNS = 5

function syntheticFindings(n: number, rules: { id: string; severity: Severity; cwe: string[]; owasp: string[] }[], salt: string): Finding[] {
  return Array.from({ length: n }, (_, i) => {
    const rule = rules[i % rules.length]
    const line = (i % 400) + 1
    return {
      id: `${salt}${i.toString(16).padStart(10, '0')}`,
      rule_id: rule.id,
      severity: rule.severity,
      message: `${rule.id.split('.')[1]} reached from request data in handler ${i % 977}`,
      file: `services/svc${i % 40}/src/module${i % 2500}.ts`,
      line,
      column: 5,
      end_line: line,
      end_column: 42,
      snippet: `    const value${i % 97} = handle(request.query.field${i % 13})`,
      cwe: rule.cwe,
      owasp: rule.owasp,
      standards: [{ pack: 'owasp-top-10', control: rule.owasp[0] ?? 'A00' }],
      confidence: 'high',
      remediation: 'Validate the input against an allow-list.',
      suppressed: i % 50 === 0,
      suppression: i % 50 === 0 ? { source: 'inline', reason: 'reviewed', by: null, expires: null } : null,
    }
  })
}

function result(findings: Finding[], scanId: string): ScanResult {
  const by_severity = Object.fromEntries(SEVERITIES.map((s) => [s, findings.filter((f) => !f.suppressed && f.severity === s).length])) as Record<Severity, number>
  const suppressed = findings.filter((f) => f.suppressed).length
  return { findings, total: findings.length - suppressed, by_severity, scan_id: scanId, files_scanned: 2500, files_skipped: [], rules_evaluated: 60, duration_ms: 60_000, suppressed }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]
const ms = (n: number) => `${Math.round(n)} ms`

/** Time from now until the findings table shows `expected` total and nothing is loading. */
async function rendered(page: Page, expected?: number): Promise<void> {
  await page.waitForFunction(
    (total) => {
      const table = document.querySelector('table.findings')
      return !!table && !document.querySelector('[aria-busy="true"]') && (total === null || table.getAttribute('data-total') === String(total))
    },
    expected ?? null,
    { timeout: 60_000, polling: 'raf' },
  )
}

const server = await startServer({ env: { GUARD_API_KEY: KEY } })
try {
  const store = await server.kernel.store()
  const rules = server.kernel.builtinRules.filter((r) => r.owasp.length && !r.secret_group).slice(0, 60)
  const previous = syntheticFindings(FINDINGS, rules, 'p')
  const latest = previous.map((f, i) => (i % 20 === 0 ? { ...f, id: `n${f.id.slice(1)}` } : f))
  let t = performance.now()
  await store.saveScan({ id: 'bench-previous', target: 'bench/repo', started_at: new Date(Date.now() - 86_400_000).toISOString(), result: result(previous, 'bench-previous'), rules: [], gate: null })
  await store.saveScan({ id: 'bench-latest', target: 'bench/repo', started_at: new Date().toISOString(), result: result(latest, 'bench-latest'), rules: [], gate: null })
  console.log(`stored 2 scans of ${FINDINGS.toLocaleString('en')} findings in ${ms(performance.now() - t)}`)

  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update'],
  })
  const firstRender: number[] = []
  const filterTimes: number[] = []
  const searchTimes: number[] = []
  for (let run = 0; run < RUNS; run++) {
    const context = await browser.newContext({ viewport: { width: 1366, height: 900 } })
    await context.addInitScript((key) => sessionStorage.setItem('guard.credential', JSON.stringify({ kind: 'key', value: key })), KEY)
    const page = await context.newPage()
    t = performance.now()
    await page.goto(`${server.url}/ui/#/findings`)
    await rendered(page, FINDINGS)
    firstRender.push(performance.now() - t)
    const high = latest.filter((f) => f.severity === 'high').length
    t = performance.now()
    await page.locator('#f-severity').selectOption('high')
    await rendered(page, high)
    filterTimes.push(performance.now() - t)
    t = performance.now()
    await page.locator('#f-q').fill('svc17/')
    await rendered(page, latest.filter((f) => f.severity === 'high' && f.file.includes('svc17/')).length)
    searchTimes.push(performance.now() - t)
    await context.close()
  }
  await browser.close()
  console.log(`page /ui#/findings, first render, cold (the server reads both scans from SQLite): ${ms(firstRender[0])}`)
  console.log(`page /ui#/findings, first render, warm (sign-in known, ${FINDINGS.toLocaleString('en')} findings): median ${ms(median(firstRender.slice(1)))} (runs: ${firstRender.slice(1).map(ms).join(', ')})`)
  console.log(`page: apply a filter (severity=high): median ${ms(median(filterTimes))} (runs: ${filterTimes.map(ms).join(', ')})`)
  console.log(`page: type a search (300 ms debounce included): median ${ms(median(searchTimes))}`)
  const api = async (query: string) => {
    const start = performance.now()
    const res = await server.request(`/api/findings?${query}`, { headers: { 'x-api-key': KEY } })
    const body = (await res.json()) as { total: number }
    return { ms: performance.now() - start, total: body.total }
  }
  for (const query of ['limit=50', 'limit=50&severity=high', 'limit=50&q=svc17%2F', 'limit=50&sort=-file', 'limit=50&status=new', 'limit=50&rule_id=' + rules[3].id]) {
    const times: number[] = []
    let total = 0
    for (let i = 0; i < RUNS; i++) ({ ms: times[i], total } = await api(query))
    console.log(`API GET /api/findings?${query}, warm: median ${ms(median(times))} (${total.toLocaleString('en')} match)`)
  }

} finally {
  await server.close()
}
