import { eq } from 'drizzle-orm'
import nodemailer from 'nodemailer'
import type { Db } from '../db/client'
import { mailOutbox } from '../db/schema'
import type { Logger } from '../logger'
import type { Mailer } from './mailer'

/**
 * With SMTP_URL: each message is recorded in the outbox, then sent; the row gets sent_at or the error.
 * A failed send is logged and never fails the request that caused it (a reset request answers the same
 * either way; a support message is stored regardless).
 */
export function smtpMailer(options: { url: string; from: string; db: Db; logger: Logger }): Mailer {
  const transport = nodemailer.createTransport(options.url)
  return {
    async send(message) {
      const [row] = await options.db.insert(mailOutbox).values(message).returning({ id: mailOutbox.id })
      try {
        await transport.sendMail({ from: options.from, to: message.to, subject: message.subject, text: message.text })
        await options.db.update(mailOutbox).set({ sentAt: new Date() }).where(eq(mailOutbox.id, row.id))
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error)
        await options.db.update(mailOutbox).set({ error: reason.slice(0, 1000) }).where(eq(mailOutbox.id, row.id))
        options.logger.error('mail not sent', { to: message.to, subject: message.subject, error: reason })
      }
    },
  }
}
