import { createHmac, timingSafeEqual } from 'node:crypto'
import { and, eq, inArray, sql } from 'drizzle-orm'
import { ALWAYS_ON_KINDS, IN_APP_KINDS, NOTIFICATION_KINDS, type NotificationKind, type NotificationPreference } from '../../contract/preferences'
import type { Db, Tx } from '../db/client'
import { notificationPreferences } from '../db/schema'

/** Push and e-mail are on for every kind until the user turns one off. */
const DEFAULT_CHOICE = { push: true, email: true }

export const isNotificationKind = (kind: string): kind is NotificationKind => (NOTIFICATION_KINDS as readonly string[]).includes(kind)

/** A user's preferences, every kind listed (defaults filled in, always-on kinds shown as on). */
export async function preferencesOf(db: Db, userId: number): Promise<NotificationPreference[]> {
  const rows = await db.select().from(notificationPreferences).where(eq(notificationPreferences.userId, userId))
  const stored = new Map(rows.map((row) => [row.kind, row]))
  return NOTIFICATION_KINDS.map((kind) => {
    const editable = !ALWAYS_ON_KINDS.includes(kind)
    const row = stored.get(kind)
    return {
      kind,
      push: !editable || (row?.push ?? DEFAULT_CHOICE.push),
      email: !editable || (row?.email ?? DEFAULT_CHOICE.email),
      ...(IN_APP_KINDS.includes(kind) ? { inApp: row?.inApp ?? true } : {}),
      editable,
    }
  })
}

/** Stores the given kinds' choices; always-on kinds are ignored. */
export async function savePreferences(
  db: Db,
  userId: number,
  choices: { kind: NotificationKind; push: boolean; email: boolean; inApp?: boolean }[],
  now: Date,
): Promise<void> {
  const editable = choices.filter((choice) => !ALWAYS_ON_KINDS.includes(choice.kind))
  // The in-app choice is stored only for the kinds that have one, and only when given.
  const withInApp = editable.filter((choice) => choice.inApp !== undefined && IN_APP_KINDS.includes(choice.kind))
  const without = editable.filter((choice) => !withInApp.includes(choice))
  if (without.length)
    await db
      .insert(notificationPreferences)
      .values(without.map((choice) => ({ userId, kind: choice.kind, push: choice.push, email: choice.email, updatedAt: now })))
      .onConflictDoUpdate({
        target: [notificationPreferences.userId, notificationPreferences.kind],
        set: { push: sql`excluded.push`, email: sql`excluded.email`, updatedAt: now },
      })
  if (withInApp.length)
    await db
      .insert(notificationPreferences)
      .values(withInApp.map((choice) => ({ userId, kind: choice.kind, push: choice.push, email: choice.email, inApp: choice.inApp!, updatedAt: now })))
      .onConflictDoUpdate({
        target: [notificationPreferences.userId, notificationPreferences.kind],
        set: { push: sql`excluded.push`, email: sql`excluded.email`, inApp: sql`excluded.in_app`, updatedAt: now },
      })
}

/** Turns e-mail off for one kind (the unsubscribe link), keeping the push choice. */
export async function stopEmails(db: Db, userId: number, kind: NotificationKind, now: Date): Promise<void> {
  await db
    .insert(notificationPreferences)
    .values({ userId, kind, push: DEFAULT_CHOICE.push, email: false, updatedAt: now })
    .onConflictDoUpdate({ target: [notificationPreferences.userId, notificationPreferences.kind], set: { email: false, updatedAt: now } })
}

/**
 * The choices of several users for one kind, as their preferences show them (preferencesOf): defaults
 * for users without a row, on for the channels they cannot switch (always-on kinds; the in-portal
 * channel of kinds without that switch).
 */
export async function choicesFor(
  db: Db | Tx,
  userIds: number[],
  kind: NotificationKind,
): Promise<Map<number, { push: boolean; email: boolean; inApp: boolean }>> {
  const choices = new Map(userIds.map((id) => [id, { ...DEFAULT_CHOICE, inApp: true }]))
  if (userIds.length === 0) return choices
  const rows = await db
    .select()
    .from(notificationPreferences)
    .where(and(inArray(notificationPreferences.userId, userIds), eq(notificationPreferences.kind, kind)))
  if (ALWAYS_ON_KINDS.includes(kind)) return choices
  const inAppSwitch = IN_APP_KINDS.includes(kind)
  for (const row of rows) choices.set(row.userId, { push: row.push, email: row.email, inApp: !inAppSwitch || row.inApp })
  return choices
}

// ---------- one-click unsubscribe links ----------
// A link names the user, the kind and when it expires, signed with the server's token key (HMAC-SHA256),
// so it works without signing in and cannot be forged for another user or made to last longer.

/**
 * How long an e-mail's unsubscribe link works: twice the 30 days for which a sender must honour an
 * opt-out, so a message read weeks late still stops its e-mails; after that, Account Settings →
 * Notifications does it.
 */
export const UNSUBSCRIBE_LINK_TTL_DAYS = 60

const signature = (key: Uint8Array, payload: string) => createHmac('sha256', key).update(`unsubscribe:${payload}`).digest('base64url')

export function unsubscribeToken(key: Uint8Array, userId: number, kind: NotificationKind, now: Date): string {
  const expiresAt = Math.floor(now.getTime() / 1000) + UNSUBSCRIBE_LINK_TTL_DAYS * 86_400
  const payload = `${userId}.${kind}.${expiresAt}`
  return `${payload}.${signature(key, payload)}`
}

export type UnsubscribeLink = { status: 'valid'; userId: number; kind: NotificationKind } | { status: 'expired' | 'invalid' }

/**
 * What a link's token says: valid, expired (ours, but too old) or invalid (altered, made up, or of the
 * older form that carried no expiry).
 */
export function readUnsubscribeToken(key: Uint8Array, token: string, now: Date): UnsubscribeLink {
  const match = /^([1-9]\d{0,9})\.([a-z-]{1,40})\.([1-9]\d{0,11})\.([A-Za-z0-9_-]{43})$/.exec(token)
  if (!match || !isNotificationKind(match[2])) return { status: 'invalid' }
  const expected = Buffer.from(signature(key, `${match[1]}.${match[2]}.${match[3]}`))
  const given = Buffer.from(match[4])
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return { status: 'invalid' }
  if (Number(match[3]) * 1000 <= now.getTime()) return { status: 'expired' }
  return { status: 'valid', userId: Number(match[1]), kind: match[2] }
}
