export interface MailMessage {
  to: string
  subject: string
  text: string
}

/** Sends e-mail: SMTP when SMTP_URL is set, else the database outbox and the server log. */
export interface Mailer {
  send(message: MailMessage): Promise<void>
}
