// `npm run bench:reconcile`: POST /api/reconcile of a scan with 1,000 findings against the fake GitHub of the tests
// (test/helpers/fake-github.ts, on loopback), through a real server and its SQLite store: time and requests made to
// GitHub for the first run (creates), a rerun (nothing to do), 10% of the findings fixed, and all fixed (closes);
// with group_by rule (few items) and group_by finding (1,000 items). The pause GitHub asks between writes
// (GUARD_GITHUB_WRITE_INTERVAL_MS, 1 s by default) is set to 0 here: with it, add a second per write.
import fs from 'node:fs'
import path from 'node:path'
import { generateKeyPairSync } from 'node:crypto'
import { issueLicense } from '../kernel/access/license.ts'
import { startServer, type TestServer } from '../test/helpers/server.ts'
import { FakeGitHub } from '../test/helpers/fake-github.ts'
import type { ReconcileReport } from '../plugins/devops/schemas.ts'

const FILES = 100
const LINES = 10
/** One finding a line, four rules. */
const PATTERNS = [(i: number) => `eval(input${i})`, (i: number) => `document.body.innerHTML = location.hash + ${i}`, (i: number) => `crypto.createHash('md5').update(v${i})`, (i: number) => `el.outerHTML = req${i}`]

function writeRepo(root: string, fixedFiles: number): void {
  fs.rmSync(root, { recursive: true, force: true })
  fs.mkdirSync(root, { recursive: true })
  for (let f = 0; f < FILES; f++) {
    const lines = f < fixedFiles ? ['module.exports = 1'] : Array.from({ length: LINES }, (_, i) => PATTERNS[(f + i) % PATTERNS.length](i))
    fs.writeFileSync(path.join(root, `m${f}.js`), `const crypto = require('crypto')\n${lines.join('\n')}\n`)
  }
}

async function post<T>(server: TestServer, pathname: string, json: object): Promise<T> {
  const res = await server.request(pathname, { method: 'POST', json })
  if (!res.ok) throw new Error(`${pathname}: ${res.status} ${await res.text()}`)
  return res.json() as Promise<T>
}

async function main(): Promise<void> {
  const vendor = generateKeyPairSync('ed25519')
  const gh = await FakeGitHub.start()
  gh.addUser('bench-token-0123456789', { login: 'guard-bot' })
  gh.addRepo('acme/app')
  const server = await startServer({
    config: { devops: { provider: 'github', github: { repository: 'acme/app', api_url: gh.url } } },
    env: {
      GUARD_LICENSE_PUBLIC_KEY: vendor.publicKey.export({ format: 'pem', type: 'spki' }).toString(),
      GUARD_LICENSE_KEY: issueLicense(vendor.privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(), { org: 'Bench', tier: 'team', expires_at: new Date(Date.now() + 86_400_000).toISOString() }),
      GUARD_GITHUB_TOKEN: 'bench-token-0123456789', GUARD_GITHUB_WRITE_INTERVAL_MS: '0', GUARD_API_KEY: undefined,
    },
  })
  const rows: string[] = []
  try {
    for (const groupBy of ['rule', 'finding'] as const) {
      await post(server, '/api/config', { devops: { group_by: groupBy } })
      const repo = `repo-${groupBy}`
      for (const [phase, fixed] of [['first run', 0], ['rerun', 0], ['10% fixed', FILES / 10], ['all fixed', FILES]] as const) {
        writeRepo(path.join(server.dir, repo), fixed)
        const scan = await post<{ total: number }>(server, '/scan', { repo_path: repo })
        const before = gh.requests.length
        const started = process.hrtime.bigint()
        const r = await post<ReconcileReport>(server, '/api/reconcile', {})
        const ms = Number(process.hrtime.bigint() - started) / 1e6
        const made = gh.requests.slice(before)
        const by = (m: string) => made.filter((x) => x.method === m).length
        rows.push(
          `${`group_by ${groupBy}`.padEnd(17)}${phase.padEnd(11)}${String(scan.total).padStart(6)} findings  ${String(r.created).padStart(4)} created ${String(r.updated).padStart(4)} updated ${String(r.closed).padStart(4)} closed ${String(r.unchanged).padStart(5)} unchanged  ` +
            `${ms.toFixed(0).padStart(6)} ms  ${String(made.length).padStart(5)} requests (GET ${by('GET')}, POST ${by('POST')}, PATCH ${by('PATCH')})`,
        )
        process.stdout.write(`${rows.at(-1)}\n`)
        if (r.failed) throw new Error(`${r.failed} actions failed: ${JSON.stringify(r.actions.find((a) => a.status !== 'done'))}`)
      }
    }
  } finally {
    await server.close()
    await gh.close()
  }
}

await main()
