import { randomBytes } from 'node:crypto'
import { and, eq, isNull } from 'drizzle-orm'
import type { Db, Tx } from '../db/client'
import { passwordResetTokens } from '../db/schema'
import { sha256 } from './tokens'

/**
 * Single-use links to choose a password: "forgot password" e-mails and staff invitations share them
 * (same page, /reset/{token}, same 60-minute life). Only the SHA-256 of a token is stored.
 */
export const PASSWORD_LINK_TTL_MS = 60 * 60_000

export interface PasswordLink {
  url: string
  expiresAt: Date
}

/**
 * Ends every outstanding reset and invitation link of a user: a new password (changed or reset) or a
 * deactivation must not leave a link in a mailbox that sets another one.
 */
export async function voidPasswordLinks(db: Db | Tx, userId: number, now: Date): Promise<void> {
  await db
    .update(passwordResetTokens)
    .set({ usedAt: now })
    .where(and(eq(passwordResetTokens.userId, userId), isNull(passwordResetTokens.usedAt)))
}

/** Stores a new link for the user and returns it; with `replaceOthers`, earlier unused links stop working. */
export async function issuePasswordLink(
  db: Db | Tx,
  values: { userId: number; now: Date; publicUrl: string; replaceOthers?: boolean },
): Promise<PasswordLink> {
  const { userId, now } = values
  if (values.replaceOthers) await voidPasswordLinks(db, userId, now)
  const token = randomBytes(32).toString('base64url')
  const expiresAt = new Date(now.getTime() + PASSWORD_LINK_TTL_MS)
  await db.insert(passwordResetTokens).values({ userId, tokenHash: sha256(token), createdAt: now, expiresAt })
  return { url: `${values.publicUrl.replace(/\/+$/, '')}/reset/${token}`, expiresAt }
}
