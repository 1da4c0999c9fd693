import { randomBytes } from 'node:crypto'
import { and, eq, isNull } from 'drizzle-orm'
import type { Db, Tx } from '../db/client'
import { passwordResetTokens } from '../db/schema'
import { sha256 } from './tokens'

/**
 * Single-use links to choose a password: "forgot password" e-mails and invitations share them (same page,
 * /reset/{token}). A reset link lives 60 minutes; an invitation 7 days, since the person invited did not
 * ask for it and may read it days later (resent from the user's page once expired). Only the SHA-256 of
 * a token is stored.
 */
export const PASSWORD_LINK_TTL_MS = 60 * 60_000
export const INVITATION_LINK_TTL_MS = 7 * 24 * 60 * 60_000

/**
 * The password hash of an invited account (a staff user added, a client registered by staff): nothing
 * verifies against it (it is no argon2 hash), so the account cannot sign in until a link sets a password.
 */
export const NO_PASSWORD = '!invited'

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

/**
 * Stores a new link for the user and returns it (a reset link unless `invitation`); with `replaceOthers`,
 * earlier unused links stop working.
 */
export async function issuePasswordLink(
  db: Db | Tx,
  values: { userId: number; now: Date; publicUrl: string; replaceOthers?: boolean; invitation?: boolean },
): Promise<PasswordLink> {
  const { userId, now } = values
  if (values.replaceOthers) await voidPasswordLinks(db, userId, now)
  const token = randomBytes(32).toString('base64url')
  const expiresAt = new Date(now.getTime() + (values.invitation ? INVITATION_LINK_TTL_MS : PASSWORD_LINK_TTL_MS))
  await db.insert(passwordResetTokens).values({ userId, tokenHash: sha256(token), createdAt: now, expiresAt })
  return { url: `${values.publicUrl.replace(/\/+$/, '')}/reset/${token}`, expiresAt }
}
