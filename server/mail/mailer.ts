/** A file sent with a message: a small file the portal makes (a receipt's invoice PDF), kept with it for its retries. */
export interface MailAttachment {
  filename: string
  contentType: string
  content: Uint8Array
}

export interface MailMessage {
  to: string
  subject: string
  /** The text part (every message has one; mail programs without HTML show only it). */
  text: string
  /**
   * The HTML part, rendered from the branded templates (server/mail/templates): with it the message is
   * multipart/alternative, the text part first.
   */
  html?: string
  /** Headers of the message's own besides From, To and Subject: List-Unsubscribe on notification mail. */
  headers?: Record<string, string>
  /** Files sent with it (the message becomes multipart/mixed). */
  attachments?: MailAttachment[]
  /** Not worth sending after this (e.g. the expiry of a password reset link): a retry gives up instead. */
  expiresAt?: Date
}

/** What one run of the retry job did. */
export interface DeliveryResult {
  sent: number
  retrying: number
  failed: number
}

/** Sends e-mail: SMTP when SMTP_URL is set, else the database outbox and the server log. */
export interface Mailer {
  send(message: MailMessage): Promise<void>
  /**
   * Retries messages whose earlier attempt failed and whose next attempt is due (SMTP only; the
   * outbox-only mailer has nothing to retry). Run every minute by the 'mail-retry' job.
   */
  deliverDue?(now?: Date, limit?: number): Promise<DeliveryResult>
}
