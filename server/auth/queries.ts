import { and, count, eq, gt, isNull } from 'drizzle-orm'
import type { Db, Tx } from '../db/client'
import { passwordResetTokens, users } from '../db/schema'
import { voidPasswordLinks } from './password-links'
import { revokeUserSessions } from './session'
import { sha256 } from './tokens'

/** Sign-in data the auth routes change: password links and passwords. */

/** How many password links an account was sent since a moment. */
export async function countPasswordLinksSince(db: Db | Tx, userId: number, since: Date): Promise<number> {
  const [{ recent }] = await db
    .select({ recent: count() })
    .from(passwordResetTokens)
    .where(and(eq(passwordResetTokens.userId, userId), gt(passwordResetTokens.createdAt, since)))
  return recent
}

/** A password link that is unused and unexpired, by its token. */
export async function findUsablePasswordLink(db: Db, token: string, now: Date): Promise<{ id: number; userId: number } | undefined> {
  const [row] = await db
    .select({ id: passwordResetTokens.id, userId: passwordResetTokens.userId })
    .from(passwordResetTokens)
    .where(and(eq(passwordResetTokens.tokenHash, sha256(token)), isNull(passwordResetTokens.usedAt), gt(passwordResetTokens.expiresAt, now)))
  return row
}

/**
 * Sets a password through a link, once: claims the link (of two concurrent uses only one succeeds),
 * stores the password, voids every other outstanding link of the account and ends all its sessions.
 * False when the link was used meanwhile.
 */
export async function setPasswordWithLink(db: Db, link: { id: number; userId: number }, passwordHash: string, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const claimed = await tx
      .update(passwordResetTokens)
      .set({ usedAt: now })
      .where(and(eq(passwordResetTokens.id, link.id), isNull(passwordResetTokens.usedAt)))
      .returning({ id: passwordResetTokens.id })
    if (!claimed.length) return false
    await tx.update(users).set({ passwordHash, passwordChangedAt: now, updatedAt: now, invitedAt: null }).where(eq(users.id, link.userId))
    await voidPasswordLinks(tx, link.userId, now)
    await revokeUserSessions(tx, link.userId, now)
    return true
  })
}

/**
 * Stores a user's new password, and in the same step ends every session of the account (on every device,
 * this one included) and every reset or invitation link sent before it.
 */
export async function setPassword(db: Db, userId: number, passwordHash: string, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, passwordChangedAt: now, updatedAt: now }).where(eq(users.id, userId))
    await voidPasswordLinks(tx, userId, now)
    await revokeUserSessions(tx, userId, now)
  })
}
