// What the queue-mode suites (queue, queue-git) and bench/queue.bench.ts share: real code to scan, `guard worker`
// processes, the scans queue as server and workers name it, and requests as admin by API key.
import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import path from 'node:path'
import { Queue } from 'bullmq'
import { Redis } from 'ioredis'
import { GUARD } from './process.ts'
import type { TestServer } from './server.ts'

/** The JavaScript of installed packages under `dir/<package>` (folders a walk skips renamed); the number of files. */
export function copyPackages(dir: string, packages: string[]): number {
  let n = 0
  for (const pkg of packages) {
    const from = path.join(import.meta.dirname, '..', '..', 'node_modules', pkg)
    if (!fs.existsSync(from)) continue
    for (const rel of fs.readdirSync(from, { recursive: true }) as string[]) {
      if (!/\.(c|m)?js$/.test(rel) || /\.min\.js$/.test(rel)) continue
      const to = path.join(dir, pkg, rel.split(path.sep).map((s) => (['dist', 'build', 'node_modules', 'test', 'vendor'].includes(s) ? `_${s}` : s)).join('/'))
      fs.mkdirSync(path.dirname(to), { recursive: true })
      fs.copyFileSync(path.join(from, rel), to)
      n++
    }
  }
  return n
}

export interface WorkerProcess {
  child: ChildProcess
  /** Its id as it announces it (`host:pid:n`), the one /health lists. */
  id: string
  /** Everything it wrote to stdout and stderr so far. */
  output: () => string
  exited: Promise<number | null>
}

/** Starts `guard worker` and resolves once it takes scans (its first heartbeat is in). */
export async function startWorker(cwd: string, env: Record<string, string>, concurrency = 1): Promise<WorkerProcess> {
  const child = spawn(process.execPath, [GUARD, 'worker', '--concurrency', String(concurrency)], { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] })
  let output = ''
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  child.stdout!.on('data', (chunk: Buffer) => void (output += chunk.toString()))
  const id = await new Promise<string>((resolve, reject) => {
    child.stderr!.on('data', (chunk: Buffer) => {
      output += chunk.toString()
      const m = /guard worker (\S+): taking scans/.exec(output)
      if (m) resolve(m[1])
    })
    void exited.then((code) => reject(new Error(`worker exited (${code}) before taking scans:\n${output}`)))
  })
  return { child, id, output: () => output, exited }
}

/** Stops the workers still running and waits until every one has exited. */
export async function stopWorkers(workers: WorkerProcess[]): Promise<void> {
  for (const w of workers) if (w.child.exitCode === null) w.child.kill('SIGTERM')
  await Promise.all(workers.map((w) => w.exited))
}

/** The queue the server and its workers share, on a connection of its own (disconnect it after `queue.close()`). */
export function scansQueue(redisUrl: string): { queue: Queue; connection: Redis } {
  const connection = new Redis(redisUrl, { maxRetriesPerRequest: null })
  const queue = new Queue('scans', { connection, prefix: 'guard' })
  queue.on('error', () => undefined)
  return { queue, connection }
}

/** Requests as admin by `apiKey`: a JSON body makes it a POST; other `headers` replace the key. */
export function callerWithKey(apiKey: string) {
  return (to: TestServer, pathname: string, json?: unknown, headers: Record<string, string> = { 'x-api-key': apiKey }) =>
    to.request(pathname, { method: json === undefined ? 'GET' : 'POST', headers, ...(json !== undefined ? { json } : {}) })
}
