import { mkdirSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import * as schema from './schema'
import { TableWrites } from './table-writes'

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>
/** A transaction handle; accepted wherever a Db is. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

export interface Database {
  db: Db
  /** 'pglite' (embedded) or 'postgres'. */
  kind: 'pglite' | 'postgres'
  /**
   * Calls `onNotify` with the payload of every NOTIFY on `channel`, and without one whenever the
   * listening connection is (re)established, since notifications sent while it was down are lost.
   */
  listen(channel: string, onNotify: (payload?: string) => void): Promise<void>
  /** The tables this handle's statements wrote to (server/db/table-writes.ts). */
  writes: TableWrites
  close(): Promise<void>
}

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations')

/**
 * Opens the database: PostgreSQL when a URL is given, else embedded PGlite under dataDir
 * (in memory when dataDir is 'memory://'). Runs the committed migrations before returning.
 */
export async function openDatabase(options: { databaseUrl?: string; dataDir: string; poolSize?: number }): Promise<Database> {
  if (options.databaseUrl) {
    const { default: postgres } = await import('postgres')
    const { drizzle } = await import('drizzle-orm/postgres-js')
    const { migrate } = await import('drizzle-orm/postgres-js/migrator')
    // Several servers may start at once: one migrates, the others wait on the lock.
    const migrator = postgres(options.databaseUrl, { max: 1, onnotice: () => {} })
    try {
      await migrator`select pg_advisory_lock(727274)`
      await migrate(drizzle(migrator), { migrationsFolder })
    } finally {
      await migrator.end({ timeout: 5 })
    }
    const sql = postgres(options.databaseUrl, { max: options.poolSize ?? 20, backoff: reconnectDelaySeconds, onnotice: () => {} })
    // postgres.js reads the database's array types with a query on each new connection, and leaves a
    // failure of that query unhandled: a connection ended while it runs (a restart, a fail-over, an
    // operator ending connections) would stop the whole process. The types are the same for every
    // connection of the pool: they are read once, on the first, and later connections reuse them.
    await sql`select 1`
    sql.options.fetch_types = false
    const writes = new TableWrites()
    const db = drizzle(preparedByDefault(sql), { schema, logger: { logQuery: (query) => writes.note(query) } })
    return {
      db: db as unknown as Db,
      kind: 'postgres',
      writes,
      listen: async (channel, onNotify) =>
        void (await sql.listen(
          channel,
          (payload) => onNotify(payload),
          () => onNotify(),
        )),
      close: () => sql.end({ timeout: 5 }),
    }
  }
  const { PGlite } = await import('@electric-sql/pglite')
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm')
  const { unaccent } = await import('@electric-sql/pglite/contrib/unaccent')
  const { drizzle } = await import('drizzle-orm/pglite')
  const { migrate } = await import('drizzle-orm/pglite/migrator')
  let dataPath = options.dataDir
  if (dataPath !== 'memory://') {
    dataPath = path.resolve(options.dataDir, 'db')
    mkdirSync(dataPath, { recursive: true })
  }
  const client = new PGlite(dataPath, { extensions: { pg_trgm, unaccent } })
  const writes = new TableWrites()
  const db = drizzle(client, { schema, logger: { logQuery: (query) => writes.note(query) } })
  await migrate(db, { migrationsFolder })
  return {
    db: db as unknown as Db,
    kind: 'pglite',
    writes,
    listen: async (channel, onNotify) => void (await client.listen(channel, (payload) => onNotify(payload))),
    close: () => client.close(),
  }
}

/**
 * How long a connection of the pool waits before it connects again, after `failures` connections of the
 * pool ended with an error since the last one that opened. postgres.js counts them for the whole pool
 * and waits up to 20 s by default, so one moment when the database ends all connections (a fail-over, an
 * operator) would hold every request for seconds after the database is back. Here the wait doubles from
 * 20 ms and stays under a second: a database that is away is asked again about once a second per
 * connection, which costs it nothing.
 */
const reconnectDelaySeconds = (failures: number) => Math.min(2 ** failures / 100, 1)

/**
 * Drizzle sends every query through `unsafe` with `prepare: false` (unless built with `.prepare()`), which
 * postgres.js runs unnamed, so PostgreSQL parses and plans each statement again on every call (planning
 * costs several times the execution of a list page). Named, per-connection prepared statements cache the
 * plan; postgres.js caches them by query text, and its connections are replaced every 30 to 60 minutes,
 * which bounds how many a connection collects.
 */
function preparedByDefault<T extends { unsafe: (...args: never[]) => unknown }>(sql: T): T {
  return new Proxy(sql, {
    get(target, key, receiver) {
      if (key !== 'unsafe') return Reflect.get(target, key, receiver)
      return (query: string, params?: unknown[], queryOptions?: Record<string, unknown>) =>
        (target.unsafe as (q: string, p?: unknown[], o?: Record<string, unknown>) => unknown)(query, params, { ...queryOptions, prepare: true })
    },
  })
}
