// A real PostgreSQL for tests: a throwaway cluster in a temp dir, listening on 127.0.0.1 only, trust auth.
import { spawn, execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { freePort } from './process.ts'

export interface TestPostgres {
  /** `postgres://postgres@127.0.0.1:<port>/guard` */
  url: string
  /** A URL for another database of the same cluster (created by `createDatabase`). */
  urlOf(database: string): string
  createDatabase(name: string): Promise<string>
  stop(): Promise<void>
}

const INSTALL_HINT = 'PostgreSQL is needed by this test and was not found: install it (Debian: apt-get install postgresql, as .ci/system-deps does), or put its bin directory (initdb, postgres) on PATH'

/** The directory holding initdb and postgres: PATH first, then Debian's /usr/lib/postgresql/<version>/bin (newest). */
function postgresBin(): string {
  for (const dir of (process.env.PATH ?? '').split(path.delimiter)) {
    if (dir && fs.existsSync(path.join(dir, 'initdb')) && fs.existsSync(path.join(dir, 'postgres'))) return dir
  }
  const root = '/usr/lib/postgresql'
  const versions = fs.existsSync(root) ? fs.readdirSync(root).filter((v) => /^\d+$/.test(v)).sort((a, b) => Number(b) - Number(a)) : []
  for (const v of versions) if (fs.existsSync(path.join(root, v, 'bin', 'postgres'))) return path.join(root, v, 'bin')
  throw new Error(INSTALL_HINT)
}

/** PostgreSQL refuses to run as root: then it runs as the `postgres` system user. */
function runAs(): { uid: number; gid: number } | undefined {
  if (process.getuid?.() !== 0) return undefined
  try {
    return { uid: Number(execFileSync('id', ['-u', 'postgres']).toString()), gid: Number(execFileSync('id', ['-g', 'postgres']).toString()) }
  } catch {
    throw new Error('running as root and there is no `postgres` user to run PostgreSQL as (the postgresql package creates it)')
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

/** Sleeps without the event loop (in an exit handler). */
function sleepSync(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms)
}

export async function startPostgres(): Promise<TestPostgres> {
  const bin = postgresBin()
  const user = runAs()
  const dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'guard-pg-')))
  const data = path.join(dir, 'data')
  const log = path.join(dir, 'postgres.log')
  if (user) fs.chownSync(dir, user.uid, user.gid)
  const removeDir = () => fs.rmSync(dir, { recursive: true, force: true })
  try {
    execFileSync(path.join(bin, 'initdb'), ['-D', data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C', '--no-sync'], { ...user, stdio: 'pipe' })
  } catch (e) {
    removeDir()
    throw new Error(`initdb failed: ${(e as { stderr?: Buffer }).stderr?.toString() || (e as Error).message}`)
  }
  const port = await freePort()
  // Output to a file, not a pipe, and unref'd: a test process that is done exits without stopping it by hand.
  const out = fs.openSync(log, 'a')
  if (user) fs.fchownSync(out, user.uid, user.gid)
  const child = spawn(path.join(bin, 'postgres'), [
    '-D', data, '-k', dir, '-h', '127.0.0.1', '-p', String(port),
    // A throwaway cluster: no durability needed, and a fast start.
    '-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off', '-c', 'max_connections=200',
  ], { ...user, stdio: ['ignore', out, out] })
  fs.closeSync(out)
  child.unref()
  let exited = false
  child.once('exit', () => (exited = true))
  const pidFile = path.join(data, 'postmaster.pid')

  // Fast shutdown; waits (without the event loop) until postgres removed its pid file, then removes the cluster.
  const stopNow = () => {
    if (!exited) {
      try {
        process.kill(child.pid!, 'SIGINT')
      } catch {
        // already gone
      }
      for (let i = 0; i < 100 && fs.existsSync(pidFile); i++) sleepSync(50)
    }
    removeDir()
  }
  process.once('exit', stopNow)

  const base = `postgres://postgres@127.0.0.1:${port}`
  const urlOf = (database: string) => `${base}/${database}`
  const admin = async <T>(work: (c: pg.Client) => Promise<T>): Promise<T> => {
    const client = new pg.Client({ connectionString: urlOf('postgres') })
    await client.connect()
    try {
      return await work(client)
    } finally {
      await client.end()
    }
  }

  const deadline = Date.now() + 20_000
  for (;;) {
    try {
      await admin((c) => c.query('SELECT 1'))
      break
    } catch (e) {
      if (exited || Date.now() > deadline) {
        const output = fs.existsSync(log) ? fs.readFileSync(log, 'utf8') : ''
        process.removeListener('exit', stopNow)
        stopNow()
        throw new Error(`PostgreSQL did not start (${(e as Error).message}):\n${output}`)
      }
      await sleep(50)
    }
  }

  const createDatabase = async (name: string) => {
    await admin((c) => c.query(`CREATE DATABASE "${name}"`))
    return urlOf(name)
  }
  const url = await createDatabase('guard')
  return {
    url,
    urlOf,
    createDatabase,
    async stop() {
      process.removeListener('exit', stopNow)
      if (!exited) {
        const gone = new Promise((r) => child.once('exit', r))
        child.ref()
        child.kill('SIGINT')
        await gone
      }
      removeDir()
    },
  }
}

let shared: Promise<TestPostgres> | undefined
let databases = 0

/** A fresh database on one PostgreSQL shared by the whole test process (started on first use, stopped at exit). */
export async function freshPostgresDatabase(): Promise<string> {
  shared ??= startPostgres()
  return (await shared).createDatabase(`guard_${++databases}`)
}
