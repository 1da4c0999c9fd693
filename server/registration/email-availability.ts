import { and, count, eq, gt } from 'drizzle-orm'
import { EMAIL_CHECK_LIMITS } from '../../contract/signup'
import type { Db } from '../db/client'
import { loginAttempts, roles, users } from '../db/schema'

/**
 * The kind of account (of any state: active, locked or disabled) with this lower-cased e-mail: a client
 * login, a staff login, or undefined when there is none.
 */
export async function loginKindOf(db: Db, email: string): Promise<'client' | 'staff' | undefined> {
  const [found] = await db
    .select({ agentId: users.agentId, roleType: roles.roleType })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(eq(users.email, email))
    .limit(1)
  if (!found) return undefined
  return found.agentId === null && found.roleType === 'client' ? 'client' : 'staff'
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
