import { and, count, eq, gt } from 'drizzle-orm'
import { EMAIL_CHECK_LIMITS } from '../../contract/signup'
import type { Db } from '../db/client'
import { loginAttempts, users } from '../db/schema'

/** Is there an account (of any state: active, locked or disabled) with this lower-cased e-mail? */
export async function emailRegistered(db: Db, email: string): Promise<boolean> {
  const [found] = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1)
  return Boolean(found)
}

/**
 * Counts one availability check of an address and says whether it was over the limit (the check is then
 * not made). Every check counts, free or taken, so the call cannot be used to list accounts quickly.
 */
export async function claimEmailCheck(db: Db, now: Date, address: string): Promise<{ allowed: true } | { allowed: false; retryAfterSeconds: number }> {
  const key = `email-check:${address}`
  const since = new Date(now.getTime() - EMAIL_CHECK_LIMITS.windowMs)
  const [{ recent }] = await db
    .select({ recent: count() })
    .from(loginAttempts)
    .where(and(eq(loginAttempts.key, key), gt(loginAttempts.attemptedAt, since)))
  if (recent >= EMAIL_CHECK_LIMITS.perAddress) return { allowed: false, retryAfterSeconds: Math.ceil(EMAIL_CHECK_LIMITS.windowMs / 1000) }
  await db.insert(loginAttempts).values({ key, attemptedAt: now })
  return { allowed: true }
}
