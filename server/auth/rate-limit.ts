import { getConnInfo } from '@hono/node-server/conninfo'
import { and, asc, eq, gt, inArray, lt, or } from 'drizzle-orm'
import type { Context } from 'hono'
import type { AppEnv } from '../context'
import type { Db } from '../db/client'
import { loginAttempts } from '../db/schema'

/**
 * Failed sign-ins are counted in the database (login_attempts), so every server instance sees the same
 * count. Limits: 5 failures per account and 20 per address within 15 minutes.
 */
export const SIGN_IN_LIMITS = {
  windowMs: 15 * 60_000,
  perAccount: 5,
  perAddress: 20,
}

/**
 * Header carrying the caller's address when the app is called in-process (tests use app.request, which
 * has no connection). It is read only when there is no connection, so it cannot be forged over HTTP.
 */
export const IN_PROCESS_ADDRESS_HEADER = 'x-in-process-client-address'

/**
 * The caller's address: the connection's peer; behind a proxy (TRUST_PROXY=true) the last hop of
 * X-Forwarded-For, which is the one our own proxy appended.
 */
export function clientAddress(c: Context<AppEnv>): string {
  if (c.var.deps.env.TRUST_PROXY) {
    const forwarded = c.req.header('x-forwarded-for')
    const last = forwarded?.split(',').map((s) => s.trim()).filter(Boolean).pop()
    if (last) return last.slice(0, 64)
  }
  const bindings = c.env as { incoming?: unknown; server?: { incoming?: unknown } } | undefined
  if (bindings?.incoming || bindings?.server?.incoming) {
    const address = getConnInfo(c).remote.address
    if (address) return address
  }
  return c.req.header(IN_PROCESS_ADDRESS_HEADER)?.slice(0, 64) || 'unknown'
}

const accountKey = (email: string) => `account:${email.toLowerCase()}`
const addressKey = (address: string) => `ip:${address}`

/** A claim on one sign-in attempt, counted as a failure unless `succeeded()` is called. */
export interface SignInAttempt {
  blocked?: undefined
  /** The password was right: forget this attempt and the account's earlier failures. */
  succeeded(): Promise<void>
}

/** Over the limit: answer 429 with this detail and a Retry-After header. */
export interface SignInBlocked {
  blocked: { detail: string; retryAfterSeconds: number }
}

/**
 * Records the attempt first and then counts, so parallel guesses cannot all slip past the check before
 * any of them is recorded. Over the limit, the attempt is withdrawn and the caller is told to wait.
 */
export async function beginSignInAttempt(db: Db, now: Date, email: string, address: string): Promise<SignInAttempt | SignInBlocked> {
  const keys = { account: accountKey(email), address: addressKey(address) }
  const since = new Date(now.getTime() - SIGN_IN_LIMITS.windowMs)
  const inserted = await db
    .insert(loginAttempts)
    .values([
      { key: keys.account, attemptedAt: now },
      { key: keys.address, attemptedAt: now },
    ])
    .returning({ id: loginAttempts.id })
  const ids = inserted.map((r) => r.id)

  const recent = await db
    .select({ id: loginAttempts.id, key: loginAttempts.key, attemptedAt: loginAttempts.attemptedAt })
    .from(loginAttempts)
    .where(and(inArray(loginAttempts.key, [keys.account, keys.address]), gt(loginAttempts.attemptedAt, since)))
    .orderBy(asc(loginAttempts.attemptedAt), asc(loginAttempts.id))
  const earlier = (key: string) => recent.filter((r) => r.key === key && !ids.includes(r.id))
  const blocks = [
    { rows: earlier(keys.account), limit: SIGN_IN_LIMITS.perAccount },
    { rows: earlier(keys.address), limit: SIGN_IN_LIMITS.perAddress },
  ].filter((b) => b.rows.length >= b.limit)

  if (blocks.length) {
    await db.delete(loginAttempts).where(inArray(loginAttempts.id, ids))
    // Wait until enough of the oldest failures leave the window for one more attempt.
    const waitMs = Math.max(
      ...blocks.map((b) => b.rows[b.rows.length - b.limit].attemptedAt.getTime() + SIGN_IN_LIMITS.windowMs - now.getTime()),
    )
    const seconds = Math.max(1, Math.ceil(waitMs / 1000))
    const minutes = Math.ceil(seconds / 60)
    return {
      blocked: {
        detail: `Too many failed sign-in attempts. Try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`,
        retryAfterSeconds: seconds,
      },
    }
  }

  return {
    async succeeded() {
      await db
        .delete(loginAttempts)
        .where(or(eq(loginAttempts.key, keys.account), inArray(loginAttempts.id, ids)))
      // Opportunistic clean-up of rows that no longer count anywhere.
      if (Math.random() < 0.05) await purgeLoginAttempts(db, now)
    },
  }
}

export async function purgeLoginAttempts(db: Db, now: Date): Promise<void> {
  await db.delete(loginAttempts).where(lt(loginAttempts.attemptedAt, new Date(now.getTime() - SIGN_IN_LIMITS.windowMs)))
}
