import type { Db } from '../db/client'
import { mailOutbox } from '../db/schema'
import type { Logger } from '../logger'
import type { Mailer } from './mailer'

/** Without SMTP_URL: messages go to the database outbox and the server log, so a developer can follow a link. */
export function outboxMailer(db: Db, logger: Logger): Mailer {
  return {
    async send(message) {
      await db.insert(mailOutbox).values(message)
      logger.info('mail written to outbox', { to: message.to, subject: message.subject, text: message.text })
    },
  }
}
