import { randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import ical from 'ical-generator'
import { DateTime } from 'luxon'
import type { Deadline } from '../../contract/deadlines'
import { sha256 } from '../auth/tokens'
import type { Db } from '../db/client'
import { calendarFeeds } from '../db/schema'
import { addDays } from './rules'

/**
 * A client's calendar feed: a secret address (/api/calendar/{token}.ics) that a calendar app reads
 * without signing in. Only the token's hash is stored; a new address replaces the old one, and
 * deleting it revokes it (the address then answers 404).
 */

export const feedPath = (token: string) => `/api/calendar/${token}.ics`

/** Makes a new secret address for the client, replacing any earlier one; answers the token. */
export async function createFeed(db: Db, clientId: number, userId: number, now: Date): Promise<string> {
  const token = randomBytes(32).toString('base64url')
  await db
    .insert(calendarFeeds)
    .values({ clientId, tokenHash: sha256(token), createdBy: userId, createdAt: now })
    .onConflictDoUpdate({ target: calendarFeeds.clientId, set: { tokenHash: sha256(token), createdBy: userId, createdAt: now } })
  return token
}

/** Revokes the client's address; false when it had none. */
export async function revokeFeed(db: Db, clientId: number): Promise<boolean> {
  const deleted = await db.delete(calendarFeeds).where(eq(calendarFeeds.clientId, clientId)).returning({ clientId: calendarFeeds.clientId })
  return deleted.length > 0
}

/** The client whose feed `token` opens, if any. */
export async function clientOfFeed(db: Db, token: string): Promise<number | undefined> {
  const [row] = await db
    .select({ clientId: calendarFeeds.clientId })
    .from(calendarFeeds)
    .where(eq(calendarFeeds.tokenHash, sha256(token)))
  return row?.clientId
}

const money = (dollars: number) => `$${dollars.toFixed(2)}`

/** The deadlines as an iCalendar (RFC 5545) text: one all-day event each, with the fee and the portal link. */
export function deadlinesCalendar(input: { companyName: string; deadlines: Deadline[]; portalUrl: string; host: string; now: Date }): string {
  const calendar = ical({
    name: `${input.companyName}: deadlines`,
    description: 'Florida annual report and service-of-process deadlines from the client portal',
    prodId: { company: 'Client portal', product: 'Deadlines', language: 'EN' },
    ttl: 6 * 3600,
  })
  for (const deadline of input.deadlines) {
    const link =
      deadline.documentId !== undefined ? `${input.portalUrl}/client/documents?document=${deadline.documentId}` : `${input.portalUrl}/client/dashboard`
    const lines = [deadline.title]
    if (deadline.fee !== undefined) lines.push(`State fee: ${money(deadline.fee)}`)
    if (deadline.lateFee) lines.push(`Late fee after the due date: ${money(deadline.lateFee)}`)
    if (deadline.filedOn) lines.push(`Filed on ${deadline.filedOn}`)
    if (deadline.estimate) lines.push('Estimated answer date: confirm it with your attorney.')
    lines.push(`Open the portal: ${link}`)
    const key = deadline.documentId !== undefined ? `document-${deadline.documentId}` : `${deadline.kind}-${deadline.year}`
    calendar.createEvent({
      id: `${key}@${input.host}`,
      // Calendar days as such (luxon, in UTC), so no time zone moves them.
      start: DateTime.fromISO(deadline.dueDate, { zone: 'utc' }),
      end: DateTime.fromISO(addDays(deadline.dueDate, 1), { zone: 'utc' }),
      allDay: true,
      summary: deadline.status === 'done' ? `Done: ${deadline.title}` : deadline.title,
      description: lines.join('\n'),
      url: link,
      stamp: input.now,
    })
  }
  return calendar.toString()
}
