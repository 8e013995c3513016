// `npm run bench:store`: each store (SQLite; PostgreSQL, a throwaway cluster from the test helper) writes N scans
// of 10,000 synthetic findings through the Store interface and reads them back: scans/s, findings/s, database size,
// and sequential audit appends/s (one per request in the server). Stores are opened as the server opens them.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { randomUUID } from 'node:crypto'
import pg from 'pg'
import { Kernel } from '../kernel/kernel.ts'
import { fingerprintFinding } from '../kernel/scan/fingerprint.ts'
import { ruleMeta } from '../kernel/scan/pipeline.ts'
import { SEVERITIES, type Finding, type Severity } from '../kernel/base/schemas.ts'
import type { RuleDef } from '../kernel/catalog/rule.ts'
import type { Store, StoredScan } from '../kernel/store/store.ts'
import { startPostgres } from '../test/helpers/postgres.ts'

const SCANS = Number(process.env.BENCH_STORE_SCANS ?? 20)
const FINDINGS_PER_SCAN = 10_000
const AUDIT_APPENDS = 1000

interface Target {
  name: string
  /** GUARD_DATABASE_URL for the kernel; the data dir is a fresh temporary folder. */
  url: string
  /** Bytes the database holds now. */
  size(dataDir: string): Promise<number>
  stop(): Promise<void>
}

/** A small deterministic generator (mulberry32), so every run writes the same data. */
function random(seed: number): () => number {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

const SNIPPETS = [
  (v: string) => `const result = eval(${v}.body.expression)`,
  (v: string) => `cursor.execute("SELECT * FROM users WHERE name = '" + ${v} + "'")`,
  (v: string) => `subprocess.call(${v}, shell=True)`,
  (v: string) => `el.innerHTML = ${v}.query.html`,
  (v: string) => `const token = "AKIA${v.toUpperCase().padEnd(16, 'X').slice(0, 16)}"`,
  (v: string) => `pickle.loads(${v}.read())`,
  (v: string) => `crypto.createHash('md5').update(${v})`,
  (v: string) => `res.redirect(${v}.query.next)`,
]

/** A scan result shaped like the pipeline's: real rule metadata, distinct ids, files across a synthetic tree. */
function syntheticScan(rules: RuleDef[], index: number): StoredScan {
  const next = random(index + 1)
  const pick = <T>(xs: readonly T[]) => xs[Math.floor(next() * xs.length)]
  const scanId = randomUUID()
  const firing = new Map<string, RuleDef>()
  const occurrences = new Map<string, number>()
  const findings: Finding[] = []
  for (let i = 0; i < FINDINGS_PER_SCAN; i++) {
    const rule = pick(rules)
    firing.set(rule.id, rule)
    const file = `services/svc-${Math.floor(next() * 40)}/src/${pick(['api', 'db', 'auth', 'util', 'jobs'])}/module_${Math.floor(next() * 250)}.${pick(['py', 'js', 'ts', 'java', 'go'])}`
    const snippet = pick(SNIPPETS)(`input${i % 97}`)
    const key = `${rule.id}\0${file}\0${snippet}`
    const occurrence = (occurrences.get(key) ?? 0) + 1
    occurrences.set(key, occurrence)
    const line = 1 + Math.floor(next() * 2000)
    const suppressed = next() < 0.05
    findings.push({
      id: fingerprintFinding(rule.id, file, snippet, occurrence),
      rule_id: rule.id,
      severity: rule.severity,
      message: rule.message.replace(/\$[A-Z_]+/g, `input${i % 97}`),
      file,
      line,
      column: 1 + Math.floor(next() * 40),
      end_line: line,
      end_column: 41 + Math.floor(next() * 40),
      snippet,
      cwe: rule.cwe,
      owasp: rule.owasp,
      standards: next() < 0.5 ? [{ pack: 'owasp-top10', control: rule.owasp[0] ?? 'A03:2021' }] : [],
      confidence: rule.confidence,
      remediation: rule.remediation,
      suppressed,
      suppression: suppressed ? { source: 'config', reason: 'accepted risk in legacy code', by: 'security-lead', expires: null } : null,
    })
  }
  const by_severity = Object.fromEntries(SEVERITIES.map((s) => [s, 0])) as Record<Severity, number>
  for (const f of findings) if (!f.suppressed) by_severity[f.severity]++
  const suppressed = findings.filter((f) => f.suppressed).length
  return {
    id: scanId,
    target: `repo-${index % 7}`,
    started_at: new Date(Date.UTC(2025, 0, 1) + index * 60_000).toISOString(),
    result: { findings, total: findings.length - suppressed, by_severity, scan_id: scanId, files_scanned: 5000, files_skipped: [], rules_evaluated: rules.length, duration_ms: 12_345, suppressed },
    rules: [...firing.values()].map(ruleMeta),
    gate: null,
    suppressions: [],
  }
}

function sqliteTarget(): Target {
  return {
    name: 'sqlite',
    url: 'sqlite:',
    async size(dataDir) {
      return fs.readdirSync(dataDir).reduce((sum, f) => sum + fs.statSync(path.join(dataDir, f)).size, 0)
    },
    async stop() {},
  }
}

/** A throwaway PostgreSQL cluster, started here and stopped at the end. */
async function postgresTarget(): Promise<Target> {
  const postgres = await startPostgres()
  return {
    name: 'postgres',
    url: postgres.url,
    async size() {
      const client = new pg.Client({ connectionString: postgres.url })
      await client.connect()
      try {
        const { rows } = await client.query<{ bytes: string }>('SELECT pg_database_size(current_database()) AS bytes')
        return Number(rows[0].bytes)
      } finally {
        await client.end()
      }
    },
    stop: () => postgres.stop(),
  }
}

interface Row {
  store: string
  scans: number
  write_s: number
  read_s: number
  db_mb: number
  audit_per_s: number
}

async function run(target: Target): Promise<Row> {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'guard-store-bench-'))
  const dataDir = path.join(work, 'data')
  const saved = { url: process.env.GUARD_DATABASE_URL, dir: process.env.GUARD_DATA_DIR }
  process.env.GUARD_DATABASE_URL = target.url
  process.env.GUARD_DATA_DIR = dataDir
  const kernel = await Kernel.boot({ cwd: work, threads: 0 })
  try {
    const store: Store = await kernel.store()
    const baseline = await target.size(dataDir)
    const ids: string[] = []
    let write = 0
    for (let i = 0; i < SCANS; i++) {
      const scan = syntheticScan(kernel.builtinRules, i) // generated outside the timing
      const t = performance.now()
      await store.saveScan(scan)
      write += performance.now() - t
      ids.push(scan.id)
    }
    let read = 0
    for (const id of ids) {
      const t = performance.now()
      const scan = await store.getScan(id)
      read += performance.now() - t
      if (scan?.result.findings.length !== FINDINGS_PER_SCAN) throw new Error(`${target.name}: scan ${id} came back with ${scan?.result.findings.length} findings`)
    }
    const t = performance.now()
    for (let i = 0; i < AUDIT_APPENDS; i++) {
      await store.appendAudit({ at: new Date().toISOString(), actor: 'bench', role: 'admin', auth_method: 'api-key', action: 'scan', target: 'inline', outcome: 'success', status: 200, request_id: randomUUID() })
    }
    const audit = performance.now() - t
    await kernel.close() // SQLite checkpoints and drops its WAL on close: the size is then the database's own
    const size = (await target.size(dataDir)) - baseline
    return { store: target.name, scans: SCANS, write_s: write / 1000, read_s: read / 1000, db_mb: size / 1e6, audit_per_s: AUDIT_APPENDS / (audit / 1000) }
  } finally {
    await kernel.close()
    if (saved.url === undefined) delete process.env.GUARD_DATABASE_URL
    else process.env.GUARD_DATABASE_URL = saved.url
    if (saved.dir === undefined) delete process.env.GUARD_DATA_DIR
    else process.env.GUARD_DATA_DIR = saved.dir
    fs.rmSync(work, { recursive: true, force: true })
  }
}

const rows: Row[] = [await run(sqliteTarget())]
const postgres = await postgresTarget()
try {
  rows.push(await run(postgres))
} finally {
  await postgres.stop()
}
console.log(`${SCANS} scans of ${FINDINGS_PER_SCAN.toLocaleString('en')} synthetic findings each, written then read one at a time through the Store interface; then ${AUDIT_APPENDS} audit appends in sequence`)
console.log('postgres is the test helper\'s throwaway cluster: fsync=off, synchronous_commit=off (no disk flushes)')
console.log('store      scans  write scans/s  read scans/s  write findings/s  read findings/s   db MB  audit appends/s')
for (const r of rows) {
  const findings = r.scans * FINDINGS_PER_SCAN
  console.log(
    `${r.store.padEnd(9)} ${String(r.scans).padStart(6)} ${(r.scans / r.write_s).toFixed(1).padStart(14)} ${(r.scans / r.read_s).toFixed(1).padStart(13)} ${(findings / r.write_s).toFixed(0).padStart(17)} ${(findings / r.read_s).toFixed(0).padStart(16)} ${r.db_mb.toFixed(1).padStart(7)} ${r.audit_per_s.toFixed(0).padStart(16)}`,
  )
}
