import { systemClock, type Clock } from '../context'
import type { Db } from '../db/client'
import type { Env } from '../env'
import type { Logger } from '../logger'
import type { Mailer } from './mailer'
import { withFileCopies } from './file-copies'
import { outboxMailer } from './outbox'
import { smtpMailer } from './smtp'

/** SMTP when SMTP_URL is set (with retries); otherwise the database outbox and the server log. */
export function createMailer(env: Env, db: Db, logger: Logger, clock: Clock = systemClock): Mailer {
  if (env.SMTP_URL) return smtpMailer({ url: env.SMTP_URL, from: env.MAIL_FROM, db, logger, clock })
  const outbox = outboxMailer(db, logger, { logText: env.NODE_ENV !== 'production' })
  return env.MAIL_FILE_DIR ? withFileCopies(outbox, env.MAIL_FILE_DIR) : outbox
}
