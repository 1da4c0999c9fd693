import type { Job } from './scheduler'

/**
 * Every minute: retries outgoing mail whose earlier attempt failed and whose next attempt is due
 * (1 min, 5 min, 30 min, 2 h; then the message is marked failed). Only with SMTP; the outbox-only mailer
 * has nothing to retry. Two servers never send the same message: rows are claimed with
 * FOR UPDATE SKIP LOCKED (server/mail/outbox.ts).
 */
export const mailRetryJob: Job = {
  name: 'mail-retry',
  everyMs: 60_000,
  quiet: true,
  async run({ mailer }, now) {
    if (!mailer.deliverDue) return { sent: 0, retrying: 0, failed: 0 }
    return mailer.deliverDue(now)
  },
}
