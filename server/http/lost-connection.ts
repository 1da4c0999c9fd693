import { sql } from 'drizzle-orm'
import type { Hono, MiddlewareHandler } from 'hono'
import type { AppDeps, AppEnv } from '../context'
import type { Db } from '../db/client'
import { isConnectionFailure } from '../db/pg-error'
import { errorBody } from './errors'

/** The answer to a request whose database connection was lost (a write, or a read whose second try failed too). */
export const LOST_CONNECTION_ANSWER = {
  status: 503,
  retryAfterSeconds: 2,
  body: errorBody('The database is briefly unavailable', 'The connection to the database was lost. Please try again in a few seconds.'),
} as const

/** Reads already answered a second time: they are not tried a third. */
const secondTries = new WeakSet<Request>()

/**
 * A read (GET, HEAD) whose database connection was lost is answered once more, from the start, on a
 * working connection: reading twice changes nothing, and nothing of the first try had been sent (its
 * handler failed before it answered). Writes are not tried again: they answer 503 with Retry-After,
 * and the caller (the outbox, an Idempotency-Key) decides.
 */
export function readsRetriedOnLostConnection(app: Hono<AppEnv>, deps: Pick<AppDeps, 'db' | 'logger'>): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next()
    const method = c.req.method
    if ((method !== 'GET' && method !== 'HEAD') || !isConnectionFailure(c.error) || secondTries.has(c.req.raw)) return
    if (!(await databaseAnswers(deps.db))) return
    deps.logger.warn('database connection lost; the read is answered again', { requestId: c.get('requestId'), path: c.req.path })
    const headers = new Headers(c.req.raw.headers)
    headers.set('x-request-id', c.get('requestId'))
    const again = new Request(c.req.raw.url, { method, headers })
    secondTries.add(again)
    const res = await app.fetch(again, c.env)
    // The second answer replaces the first whole (headers included), rather than being merged into it.
    c.res = undefined
    c.res = res
  }
}

/** A probe that lands on another lost connection retires it; a few are enough to reach a working one. */
const PROBES = 3

/**
 * The connections lost together with the failed one can look usable to the driver until it has seen
 * their sockets close, and a connection opened in place of a lost one may still report the old failure
 * once. Each probe that fails retires one of them, so the second try starts on a connection that
 * answers. False when the database does not answer at all.
 */
async function databaseAnswers(db: Db): Promise<boolean> {
  for (let probe = 0; probe < PROBES; probe++) {
    // postgres.js reports a reset connection before it takes it out of the pool, which happens once the
    // socket has closed (in the close phase of the event loop's current turn); a statement sent in
    // between would be written to the dead connection and never settle. The next turn comes after it.
    await new Promise((resolve) => setTimeout(resolve, 0))
    try {
      await db.execute(sql`select 1`)
      return true
    } catch (error) {
      if (!isConnectionFailure(error)) return false
    }
  }
  return false
}
