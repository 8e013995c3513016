// What the work-item tracker suites (devops-github, devops-jira, devops-azure) share: the files they scan (the local
// provider's suite, devops, scans them too), a Team license, a server whose devops.provider is the tracker, the calls every test makes, and guard serve as a process
// for the tests that look for a token in everything it says.
import assert from 'node:assert/strict'
import { spawn } from 'node:child_process'
import { createHash, generateKeyPairSync } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import YAML from 'yaml'
import { startServer, tempDir, writeTree, type TestServer } from './server.ts'
import { freePort, GUARD, waitForHealth } from './process.ts'
import { issueLicense } from '../../kernel/access/license.ts'
import type { ConnectionReport, ReconcileReport } from '../../plugins/devops/schemas.ts'

export const EVAL_TWICE = 'module.exports = (a, b) => {\n  eval(a)\n  return eval(b)\n}\n'
export const EVAL_ONCE = 'module.exports = (a) => eval(a)\n'
export const SHELL = 'import os\n\ndef run(cmd):\n    os.system(cmd)\n'
export const THREE_RULES = 'import pickle, hashlib, yaml\npickle.loads(data)\nhashlib.md5(x)\nyaml.load(s)\n'
export const CLEAN_JS = 'module.exports = (a) => a + 1\n'
export const RULE_JS = 'js.eval-dynamic'

const vendor = generateKeyPairSync('ed25519')
/** A Team license (devops) signed by a test vendor key, valid for a day. */
export const LICENSE_ENV = {
  GUARD_LICENSE_PUBLIC_KEY: vendor.publicKey.export({ format: 'pem', type: 'spki' }).toString(),
  GUARD_LICENSE_KEY: issueLicense(vendor.privateKey.export({ format: 'pem', type: 'pkcs8' }).toString(), { org: 'Acme', tier: 'team', expires_at: new Date(Date.now() + 86_400_000).toISOString() }),
}

/** The prefix of a repository's marker keys, as the engine computes it. */
export const prefixOf = (repo: string) => `${createHash('sha256').update(repo).digest('hex').slice(0, 12)}:`
export const counts = (r: ReconcileReport) => ({ created: r.created, updated: r.updated, closed: r.closed, reopened: r.reopened, unchanged: r.unchanged, failed: r.failed })

/**
 * A server on loopback whose `devops.provider` is `provider`, its section `settings` (and `devops` beside them);
 * `trackerEnv` holds the tracker's token and write-interval variables. Rate-limit waits are bounded at 5 s.
 */
export function trackerServer(provider: string, settings: object, trackerEnv: Record<string, string>, devops: object = {}): Promise<TestServer> {
  return startServer({ config: { devops: { provider, ...devops, [provider]: settings } }, env: { ...LICENSE_ENV, ...trackerEnv, GUARD_DEVOPS_MAX_WAIT_S: '5', GUARD_API_KEY: undefined } })
}

/** The calls every tracker test makes on the server `get` returns now. */
export function devopsCalls(get: () => TestServer) {
  return {
    /** Writes `files` as repository `repo` under the scan root (replacing what was there) and scans it; its scan id. */
    async scan(repo: string, files: Record<string, string>): Promise<string> {
      const server = get()
      fs.rmSync(path.join(server.dir, repo), { recursive: true, force: true })
      writeTree(path.join(server.dir, repo), files)
      const res = await server.request('/scan', { method: 'POST', json: { repo_path: repo } })
      assert.equal(res.status, 200)
      return (await res.json()).scan_id
    },
    async reconcile(body: object = {}): Promise<ReconcileReport> {
      const res = await get().request('/api/reconcile', { method: 'POST', json: body })
      assert.equal(res.status, 200, await res.clone().text())
      return res.json()
    },
    async check(): Promise<ConnectionReport> {
      return (await get().request('/api/devops/test-connection', { method: 'POST' })).json()
    },
  }
}

/** `guard serve` as a process, logging at debug level; every answer kept whole (status, headers, body) for a search. */
export interface ServedGuard {
  /** Its working directory: .guard.yaml, the repository `repo`, and its data under .guard/data. */
  dir: string
  answers: string[]
  /** Everything it wrote to stdout and stderr so far. */
  log(): string
  call(pathname: string, init?: RequestInit): Promise<void>
  /** Every file of its store, as bytes. */
  storedFiles(): { name: string; content: Buffer }[]
  stop(): Promise<void>
}

/** Serves `devops` (config) with `repo` files in a fresh directory, with `trackerEnv` and a Team license. */
export async function serveGuard(devops: object, repo: Record<string, string>, trackerEnv: Record<string, string>): Promise<ServedGuard> {
  const dir = tempDir('guard-devops-token-')
  writeTree(dir, { '.guard.yaml': YAML.stringify({ devops }), ...Object.fromEntries(Object.entries(repo).map(([file, text]) => [`repo/${file}`, text])) })
  const port = await freePort()
  const child = spawn(process.execPath, [GUARD, 'serve', '--port', String(port), '--host', '127.0.0.1'], {
    cwd: dir,
    env: { ...process.env, ...LICENSE_ENV, ...trackerEnv, GUARD_DEVOPS_MAX_WAIT_S: '1', GUARD_LOG_LEVEL: 'debug', GUARD_API_KEY: '', GUARD_DATABASE_URL: 'sqlite:' },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let log = ''
  child.stdout.on('data', (c: Buffer) => (log += c))
  child.stderr.on('data', (c: Buffer) => (log += c))
  const url = `http://127.0.0.1:${port}`
  const answers: string[] = []
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM')
      await new Promise((r) => child.once('exit', r))
    }
    fs.rmSync(dir, { recursive: true, force: true })
  }
  try {
    await waitForHealth(url)
  } catch (e) {
    await stop()
    throw e
  }
  return {
    dir,
    answers,
    log: () => log,
    async call(pathname, init = {}) {
      const res = await fetch(url + pathname, { ...init, headers: { 'content-type': 'application/json' } })
      answers.push(`${res.status} ${JSON.stringify([...res.headers])} ${await res.text()}`)
    },
    storedFiles: () =>
      fs.readdirSync(path.join(dir, '.guard', 'data'), { recursive: true, withFileTypes: true })
        .filter((f) => f.isFile())
        .map((f) => ({ name: f.name, content: fs.readFileSync(path.join(f.parentPath, f.name)) })),
    stop,
  }
}

/** None of `secrets` in any of `texts` (the first leak quoted with its surroundings), nor in any stored file of `served`. */
export function assertNoSecret(secrets: string[], texts: string[], served?: ServedGuard): void {
  for (const secret of secrets) {
    for (const text of texts) assert.ok(!text.includes(secret), `leaked: ${text.slice(Math.max(0, text.indexOf(secret) - 200), text.indexOf(secret) + 50)}`)
    for (const file of served?.storedFiles() ?? []) assert.ok(!file.content.includes(secret), `not in the store either: ${file.name}`)
  }
}
