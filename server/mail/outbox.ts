import { and, asc, eq, inArray, isNull, lte, sql } from 'drizzle-orm'
import type { Clock } from '../context'
import { claimRows } from '../db/claim'
import type { Db } from '../db/client'
import { mailOutbox } from '../db/schema'
import type { Logger } from '../logger'
import type { DeliveryResult, Mailer, MailMessage } from './mailer'

/**
 * Without SMTP_URL: messages go to the database outbox and the server log. With `logText` (development)
 * the log carries the text too, so a developer can follow a reset or invitation link; in production it
 * never does, as a link in a log would let anyone who reads the log set the account's password.
 */
export function outboxMailer(db: Db, logger: Logger, options: { logText: boolean } = { logText: false }): Mailer {
  return {
    async send(message) {
      await db.insert(mailOutbox).values({ ...storedParts(message), expiresAt: message.expiresAt ?? null })
      logger.info('mail written to outbox', { to: message.to, subject: message.subject, ...(options.logText ? { text: message.text } : {}) })
    },
  }
}

/** What a transport is handed: the text part always; the HTML part and the message's own headers when it has them. */
export interface OutgoingMail {
  from: string
  to: string
  subject: string
  text: string
  html?: string
  headers?: Record<string, string>
  attachments?: { filename: string; contentType: string; content: Buffer }[]
}

/**
 * What actually hands a message to the mail server (nodemailer's SMTP transport in production, which
 * makes a message with text and HTML multipart/alternative, the text part first).
 */
export interface MailTransport {
  sendMail(message: OutgoingMail): Promise<unknown>
}

/** The columns that hold a message as it is sent: everything a retry after a restart needs. */
function storedParts(message: MailMessage) {
  return {
    to: message.to,
    subject: message.subject,
    text: message.text,
    html: message.html ?? null,
    headers: message.headers && Object.keys(message.headers).length ? message.headers : null,
    attachments: message.attachments?.length
      ? message.attachments.map(({ filename, contentType, content }) => ({ filename, contentType, base64: Buffer.from(content).toString('base64') }))
      : null,
  }
}

/** The message a stored row sends: the same parts as the first attempt. */
function outgoingMail(from: string, row: Pick<Claimed, 'to' | 'subject' | 'text' | 'html' | 'headers' | 'attachments'>): OutgoingMail {
  return {
    from,
    to: row.to,
    subject: row.subject,
    text: row.text,
    ...(row.html !== null ? { html: row.html } : {}),
    ...(row.headers !== null ? { headers: row.headers } : {}),
    ...(row.attachments !== null
      ? { attachments: row.attachments.map(({ filename, contentType, base64 }) => ({ filename, contentType, content: Buffer.from(base64, 'base64') })) }
      : {}),
  }
}

/**
 * Waits after the 1st, 2nd, 3rd and 4th failed attempt; the 5th failure gives up and marks the message
 * failed. docs/decisions/2026-11-22-retention-and-mail-retry.md.
 */
export const MAIL_RETRY_DELAYS_MS = [60_000, 5 * 60_000, 30 * 60_000, 2 * 60 * 60_000] as const
export const MAIL_MAX_ATTEMPTS = MAIL_RETRY_DELAYS_MS.length + 1
/**
 * How long one attempt holds its message. A server that stops mid-send leaves the message due again
 * after this; longer than the transport's own timeouts (see smtp.ts), so a slow send is never taken over.
 */
export const MAIL_CLAIM_MS = 10 * 60_000

export interface DeliveringOutboxOptions {
  db: Db
  clock: Clock
  logger: Logger
  transport: MailTransport
  from: string
}

type Claimed = {
  id: number
  to: string
  subject: string
  text: string
  html: string | null
  headers: Record<string, string> | null
  attachments: { filename: string; contentType: string; base64: string }[] | null
  attempts: number
  expiresAt: Date | null
}

const claimedColumns = {
  id: mailOutbox.id,
  to: mailOutbox.to,
  subject: mailOutbox.subject,
  text: mailOutbox.text,
  html: mailOutbox.html,
  headers: mailOutbox.headers,
  attachments: mailOutbox.attachments,
  attempts: mailOutbox.attempts,
  expiresAt: mailOutbox.expiresAt,
}

/**
 * With SMTP: every message is recorded in mail_outbox and sent at once; a failure is retried on the
 * schedule of MAIL_RETRY_DELAYS_MS by deliverDue (the 'mail-retry' job, every minute), then given up.
 *
 * A message with expiresAt (a reset link) is given up rather than sent once it has expired.
 *
 * Each attempt first claims its row by moving next_attempt_at MAIL_CLAIM_MS ahead and counting the
 * attempt, in one UPDATE over rows picked FOR UPDATE SKIP LOCKED: two servers retrying at the same time
 * never pick the same message, so none is sent twice. (A server that stops after the mail server
 * accepted a message but before recording it leaves it due again after the claim: SMTP cannot be made
 * exactly-once; this is the only case where a message may arrive twice.)
 * A failed send never throws: the request that caused it (a password reset, a support message) answers the same.
 */
export function deliveringOutbox(options: DeliveringOutboxOptions): Required<Mailer> {
  const { db, clock, logger, transport, from } = options

  /** Sends one claimed message and records the outcome; the row is only touched while this claim holds it. */
  async function attempt(row: Claimed): Promise<keyof DeliveryResult> {
    const mine = and(eq(mailOutbox.id, row.id), eq(mailOutbox.attempts, row.attempts), isNull(mailOutbox.sentAt))
    if (row.expiresAt && row.expiresAt.getTime() <= clock.now().getTime()) {
      await db.update(mailOutbox).set({ failedAt: clock.now(), nextAttemptAt: null }).where(mine)
      logger.error('mail not sent: it expired before a retry succeeded', { id: row.id, to: row.to, subject: row.subject, attempts: row.attempts - 1 })
      return 'failed'
    }
    try {
      await transport.sendMail(outgoingMail(from, row))
    } catch (error) {
      const reason = (error instanceof Error ? error.message : String(error)).slice(0, 1000)
      const now = clock.now()
      const retryAt = row.attempts < MAIL_MAX_ATTEMPTS ? new Date(now.getTime() + MAIL_RETRY_DELAYS_MS[row.attempts - 1]) : undefined
      if (!retryAt || (row.expiresAt && retryAt.getTime() >= row.expiresAt.getTime())) {
        await db.update(mailOutbox).set({ error: reason, failedAt: now, nextAttemptAt: null }).where(mine)
        logger.error(retryAt ? 'mail not sent: it expires before the next retry' : 'mail not sent: gave up after the last retry', {
          id: row.id,
          to: row.to,
          subject: row.subject,
          attempts: row.attempts,
          error: reason,
        })
        return 'failed'
      }
      await db.update(mailOutbox).set({ error: reason, nextAttemptAt: retryAt }).where(mine)
      logger.warn('mail not sent; will retry', {
        id: row.id,
        to: row.to,
        subject: row.subject,
        attempt: row.attempts,
        retryAt: retryAt.toISOString(),
        error: reason,
      })
      return 'retrying'
    }
    await db.update(mailOutbox).set({ sentAt: clock.now(), nextAttemptAt: null, error: null }).where(mine)
    return 'sent'
  }

  return {
    async send(message) {
      // Recorded (and claimed by this first attempt) before anything is sent: a database failure here
      // fails the caller, as it would without SMTP; a mail server failure never does.
      const now = clock.now()
      const [row] = await db
        .insert(mailOutbox)
        .values({
          ...storedParts(message),
          expiresAt: message.expiresAt ?? null,
          createdAt: now,
          attempts: 1,
          nextAttemptAt: new Date(now.getTime() + MAIL_CLAIM_MS),
        })
        .returning(claimedColumns)
      await attempt(row).catch((error: unknown) =>
        logger.error('mail outcome not recorded', { id: row.id, error: error instanceof Error ? error.message : String(error) }),
      )
    },

    /** Retries every message whose next attempt is due, up to `limit` of them. */
    async deliverDue(now = clock.now(), limit = 50) {
      const result: DeliveryResult = { sent: 0, retrying: 0, failed: 0 }
      const dueNow = and(isNull(mailOutbox.sentAt), isNull(mailOutbox.failedAt), lte(mailOutbox.nextAttemptAt, now))
      const claimed = await claimRows(
        db,
        (tx) =>
          tx
            .select({ id: mailOutbox.id })
            .from(mailOutbox)
            .where(dueNow)
            .orderBy(asc(mailOutbox.nextAttemptAt), asc(mailOutbox.id))
            .limit(limit)
            .for('update', { skipLocked: true })
            .then((rows) => rows.map((row) => row.id)),
        (tx, ids) =>
          tx
            .update(mailOutbox)
            .set({ attempts: sql`${mailOutbox.attempts} + 1`, nextAttemptAt: new Date(now.getTime() + MAIL_CLAIM_MS) })
            .where(inArray(mailOutbox.id, ids))
            .returning(claimedColumns),
      )
      for (const row of claimed.sort((a, b) => a.id - b.id)) result[await attempt(row)]++
      return result
    },
  }
}
