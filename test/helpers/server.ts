// A real guard server on loopback, in a temporary working directory with its own .guard.yaml and data.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import YAML from 'yaml'
import type { FastifyInstance } from 'fastify'
import { buildServer } from '../../kernel/server.ts'
import type { Kernel } from '../../kernel/kernel.ts'
import { freshPostgresDatabase } from './postgres.ts'

export type StoreKind = 'sqlite' | 'postgres'
/** The stores the store-dependent suites run against. */
export const STORES: StoreKind[] = ['sqlite', 'postgres']

export interface TestServer {
  url: string
  dir: string
  app: FastifyInstance
  kernel: Kernel
  store: StoreKind
  /** GUARD_DATABASE_URL of a PostgreSQL server (a fresh database); undefined for SQLite (`dir`/.guard/data/guard.db). */
  databaseUrl?: string
  /** fetch relative to the server, JSON body when `json` is given. */
  request(pathname: string, init?: RequestInit & { json?: unknown }): Promise<Response>
  close(): Promise<void>
}

export function tempDir(prefix = 'guard-test-'): string {
  return fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), prefix)))
}

/** Writes `files` (relative path → content) under `dir`. */
export function writeTree(dir: string, files: Record<string, string>): void {
  for (const [rel, content] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true })
    fs.writeFileSync(path.join(dir, rel), content)
  }
}

/** `store: 'postgres'` gives the server a fresh database on the test process's shared PostgreSQL. */
export async function startServer(opts: { config?: object; env?: Record<string, string | undefined>; files?: Record<string, string>; store?: StoreKind } = {}): Promise<TestServer> {
  // GUARD_TEST_STORE=postgres runs a whole suite on PostgreSQL (npm test does so for the HTTP suites).
  const store = opts.store ?? (process.env.GUARD_TEST_STORE as StoreKind | undefined) ?? 'sqlite'
  const databaseUrl = store === 'postgres' ? await freshPostgresDatabase() : undefined
  const dir = tempDir()
  if (opts.config) fs.writeFileSync(path.join(dir, '.guard.yaml'), YAML.stringify(opts.config))
  if (opts.files) writeTree(dir, opts.files)
  const saved = new Map<string, string | undefined>()
  for (const [k, v] of Object.entries({ ...opts.env, ...(store === 'postgres' ? { GUARD_DATABASE_URL: databaseUrl } : {}) })) {
    saved.set(k, process.env[k])
    if (v === undefined) delete process.env[k]
    else process.env[k] = v
  }
  const restoreEnv = () => {
    for (const [k, v] of saved) {
      if (v === undefined) delete process.env[k]
      else process.env[k] = v
    }
  }
  let built: Awaited<ReturnType<typeof buildServer>>
  try {
    built = await buildServer({ cwd: dir, threads: 1, logLevel: 'silent' })
    await built.app.listen({ port: 0, host: '127.0.0.1' })
  } catch (e) {
    restoreEnv()
    fs.rmSync(dir, { recursive: true, force: true })
    throw e
  }
  const { app, kernel } = built
  const address = app.server.address()
  const url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`
  return {
    url,
    dir,
    app,
    kernel,
    store,
    databaseUrl,
    request(pathname, init = {}) {
      const { json, ...rest } = init
      const headers = new Headers(rest.headers)
      if (json !== undefined) headers.set('content-type', 'application/json')
      return fetch(url + pathname, { ...rest, headers, body: json !== undefined ? JSON.stringify(json) : rest.body })
    },
    async close() {
      await app.close()
      restoreEnv()
      fs.rmSync(dir, { recursive: true, force: true })
    },
  }
}
