import { and, eq, inArray, isNotNull, isNull, lt, ne, or, type SQL } from 'drizzle-orm'
import { claimRows } from '../db/claim'
import type { Db } from '../db/client'
import { idempotencyRecords, jobRuns, mailOutbox, pushOutbox } from '../db/schema'
import type { Job } from './scheduler'

const DAY = 24 * 60 * 60_000

/**
 * How long records are kept (docs/decisions/2026-11-22-retention-and-mail-retry.md):
 * - a finished request's stored answer (upload, mail request): 7 days, the window in which a retry or an
 *   offline replay with the same Idempotency-Key gets the first answer;
 * - anything unfinished (a pending request, a sandbox card token): 1 day. The code already treats these
 *   as abandoned after at most 15 minutes (takeover rules), and sandbox tokens expire after 10, so a day
 *   leaves every takeover rule working. A payment's holds are never swept: they end with their payment
 *   (server/payments/intents.ts), which may wait longer than a day for an unreachable processor;
 * - payment intents are not records of this sweep: they are the books of what was charged, kept;
 * - job runs and finished outgoing mail: 30 days (for looking back at what ran and what was sent).
 */
export const RETENTION_MS = {
  requestAnswer: 7 * DAY,
  unfinished: DAY,
  jobRuns: 30 * DAY,
  mail: 30 * DAY,
} as const

/** Holds of a payment in progress (server/payments/intents.ts). */
const PAYMENT_HOLD_SCOPE = 'payment-hold'

const BATCH = 1000

/**
 * Deletes idempotency records past their retention, in batches. Rows another transaction holds (a
 * request completing, another server sweeping) are skipped, so two servers can sweep at once.
 */
export async function sweepIdempotencyRecords(db: Db, now: Date, batchSize = BATCH): Promise<number> {
  const before = (ms: number) => new Date(now.getTime() - ms)
  const expired = or(
    and(eq(idempotencyRecords.state, 'done'), lt(idempotencyRecords.createdAt, before(RETENTION_MS.requestAnswer))),
    and(
      ne(idempotencyRecords.state, 'done'),
      ne(idempotencyRecords.scope, PAYMENT_HOLD_SCOPE),
      lt(idempotencyRecords.createdAt, before(RETENTION_MS.unfinished)),
    ),
  )!
  let deleted = 0
  for (;;) {
    // A record being taken over (pay.ts renews created_at) is locked by its taker and passed over here.
    const rows = await claimRows(
      db,
      (tx) =>
        tx
          .select({ key: idempotencyRecords.key })
          .from(idempotencyRecords)
          .where(expired)
          .limit(batchSize)
          .for('update', { skipLocked: true })
          .then((batch) => batch.map((row) => row.key)),
      (tx, keys) => tx.delete(idempotencyRecords).where(inArray(idempotencyRecords.key, keys)).returning({ key: idempotencyRecords.key }),
    )
    deleted += rows.length
    if (rows.length < batchSize) return deleted
  }
}

async function deleteInBatches(db: Db, table: typeof jobRuns | typeof mailOutbox | typeof pushOutbox, where: SQL, batchSize = BATCH): Promise<number> {
  let deleted = 0
  for (;;) {
    const rows = await claimRows(
      db,
      (tx) =>
        tx
          .select({ id: table.id })
          .from(table)
          .where(where)
          .limit(batchSize)
          .for('update', { skipLocked: true })
          .then((batch) => batch.map((row) => row.id)),
      (tx, ids) => tx.delete(table).where(inArray(table.id, ids)).returning({ id: table.id }),
    )
    deleted += rows.length
    if (rows.length < batchSize) return deleted
  }
}

/** Job runs older than 30 days (far older than any job's period, so no current claim is touched). */
export const sweepJobRuns = (db: Db, now: Date) => deleteInBatches(db, jobRuns, lt(jobRuns.startedAt, new Date(now.getTime() - RETENTION_MS.jobRuns)))

/** Outgoing mail older than 30 days that is finished: sent, given up, or outbox-only (never to be sent). */
export const sweepMailOutbox = (db: Db, now: Date) =>
  deleteInBatches(
    db,
    mailOutbox,
    and(
      lt(mailOutbox.createdAt, new Date(now.getTime() - RETENTION_MS.mail)),
      or(isNotNull(mailOutbox.sentAt), isNotNull(mailOutbox.failedAt), isNull(mailOutbox.nextAttemptAt)),
    )!,
  )

/** Push messages sent or given up more than 30 days ago (the mail retention). */
export const sweepPushOutbox = (db: Db, now: Date) =>
  deleteInBatches(
    db,
    pushOutbox,
    and(lt(pushOutbox.createdAt, new Date(now.getTime() - RETENTION_MS.mail)), or(isNotNull(pushOutbox.sentAt), isNotNull(pushOutbox.failedAt)))!,
  )

/**
 * Daily: drops idempotency records, job runs, outgoing mail and push messages past their retention. Safe to run twice
 * or on two servers at once (each delete re-checks its condition and skips rows locked by the other).
 */
export const sweepRecordsJob: Job = {
  name: 'sweep-records',
  everyMs: DAY,
  async run({ db }, now) {
    const idempotencyRecordsDeleted = await sweepIdempotencyRecords(db, now)
    const jobRunsDeleted = await sweepJobRuns(db, now)
    const mailDeleted = await sweepMailOutbox(db, now)
    const pushDeleted = await sweepPushOutbox(db, now)
    return { idempotencyRecords: idempotencyRecordsDeleted, jobRuns: jobRunsDeleted, mail: mailDeleted, push: pushDeleted }
  },
}
