import type { Tx } from '../db/client'
import { deadlineReminders } from '../db/schema'

/**
 * Claims one reminder (a client, what it is about, its stage) in the transaction that sends it; false
 * when it was claimed already. The unique index on deadline_reminders makes a second run, a second
 * server or another job that sends the same alert find it taken.
 */
export async function claimReminder(tx: Tx, clientId: number, subject: string, stage: string, now: Date): Promise<boolean> {
  const rows = await tx
    .insert(deadlineReminders)
    .values({ clientId, subject, stage, sentAt: now })
    .onConflictDoNothing()
    .returning({ id: deadlineReminders.id })
  return rows.length > 0
}

/** The subject of a service of process's reminders. */
export const serviceSubject = (documentId: number) => `document:${documentId}`

/**
 * The one repeat of a service of process's alert after upload: the next morning's, or the escalation
 * of one still unopened 24 hours after upload, whichever comes first.
 */
export const REPEAT_AFTER_UPLOAD = 'next-morning'
