import { and, isNotNull, lt, or } from 'drizzle-orm'
import { purgeLoginAttempts } from '../auth/rate-limit'
import { accessRevocations, passwordResetTokens, refreshSessions } from '../db/schema'
import { autopayJob } from './autopay'
import { deadlineRemindersJob } from './deadlines'
import { sweepRecordsJob } from './housekeeping'
import { mailRetryJob } from './mail-retry'
import { markOverdueJob } from './overdue'
import type { Job } from './scheduler'
import { escalateServiceJob } from './service-of-process'
import { shredJob } from './shred'
import { sweepUploadsJob } from '../uploads/sweep'

const HOUR = 3_600_000
const DAY = 24 * HOUR

/** Drops sign-in records that no longer matter: old failures, expired revocations, sessions and links. */
const authHousekeeping: Job = {
  name: 'auth-housekeeping',
  everyMs: HOUR,
  async run({ db }, now) {
    await purgeLoginAttempts(db, now)
    const revocations = await db.delete(accessRevocations).where(lt(accessRevocations.expiresAt, now)).returning({ id: accessRevocations.tokenHash })
    // Kept a day past their end, so a reused token is still recognised as reuse rather than as unknown.
    const dayAgo = new Date(now.getTime() - DAY)
    const sessions = await db
      .delete(refreshSessions)
      .where(or(lt(refreshSessions.expiresAt, dayAgo), and(isNotNull(refreshSessions.revokedAt), lt(refreshSessions.revokedAt, dayAgo))))
      .returning({ id: refreshSessions.id })
    const links = await db.delete(passwordResetTokens).where(lt(passwordResetTokens.expiresAt, dayAgo)).returning({ id: passwordResetTokens.id })
    return { revocations: revocations.length, refreshSessions: sessions.length, resetLinks: links.length }
  },
}

/**
 * Every scheduled job of the server. Add a job by appending it here; the scheduler runs each once per
 * period across all servers (server/jobs/scheduler.ts).
 */
export const jobs: Job[] = [
  authHousekeeping,
  markOverdueJob,
  shredJob,
  sweepRecordsJob,
  mailRetryJob,
  escalateServiceJob,
  deadlineRemindersJob,
  sweepUploadsJob,
  autopayJob,
]
