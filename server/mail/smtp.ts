import nodemailer from 'nodemailer'
import type { Clock } from '../context'
import type { Db } from '../db/client'
import type { Logger } from '../logger'
import type { Mailer } from './mailer'
import { deliveringOutbox } from './outbox'

/**
 * With SMTP_URL: each message is recorded in the outbox, then sent; a failure is retried with backoff
 * and finally marked failed (server/mail/outbox.ts). A failed send is logged and never fails the request
 * that caused it (a reset request answers the same either way; a support message is stored regardless).
 *
 * The transport's timeouts keep one attempt well inside MAIL_CLAIM_MS (10 minutes), so a slow mail server is never
 * mistaken for a stopped one and its message never sent twice.
 */
export function smtpMailer(options: { url: string; from: string; db: Db; logger: Logger; clock: Clock }): Required<Mailer> {
  const transport = nodemailer.createTransport({
    url: options.url,
    connectionTimeout: 30_000,
    greetingTimeout: 30_000,
    socketTimeout: 60_000,
    dnsTimeout: 30_000,
  })
  return deliveringOutbox({ db: options.db, clock: options.clock, logger: options.logger, transport, from: options.from })
}
