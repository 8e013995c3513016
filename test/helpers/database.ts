// Direct SQL on a test server's store, behind its back (tamper tests): the SQLite file or the PostgreSQL database.
import path from 'node:path'
import Database from 'better-sqlite3'
import pg from 'pg'
import type { TestServer } from './server.ts'

export interface Sql {
  /** Runs one statement with `?` placeholders; the rows it returns (none for a write). */
  query<T = Record<string, unknown>>(sql: string, ...args: unknown[]): Promise<T[]>
  close(): Promise<void>
}

export async function openDatabase(server: Pick<TestServer, 'dir' | 'databaseUrl'>): Promise<Sql> {
  if (server.databaseUrl) {
    const client = new pg.Client({ connectionString: server.databaseUrl })
    await client.connect()
    return {
      async query<T>(sql: string, ...args: unknown[]) {
        let n = 0
        return (await client.query(sql.replace(/\?/g, () => `$${++n}`), args)).rows as T[]
      },
      close: () => client.end(),
    }
  }
  const db = new Database(path.join(server.dir, '.guard', 'data', 'guard.db'))
  return {
    async query<T>(sql: string, ...args: unknown[]) {
      const statement = db.prepare(sql)
      if (statement.reader) return statement.all(...args) as T[]
      statement.run(...args)
      return []
    },
    async close() {
      db.close()
    },
  }
}
