import { systemClock, type Clock } from '../context'
import type { Db } from '../db/client'
import type { Env } from '../env'
import type { Logger } from '../logger'
import type { Mailer } from './mailer'
import { outboxMailer } from './outbox'
import { smtpMailer } from './smtp'

/** SMTP when SMTP_URL is set (with retries); otherwise the database outbox and the server log (DECISIONS.md). */
export function createMailer(env: Env, db: Db, logger: Logger, clock: Clock = systemClock): Mailer {
  if (env.SMTP_URL) return smtpMailer({ url: env.SMTP_URL, from: env.MAIL_FROM, db, logger, clock })
  return outboxMailer(db, logger)
}
