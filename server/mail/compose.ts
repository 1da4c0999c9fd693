import { mailBrand, type BrandEnv } from './brand'
import type { MailAttachment, MailMessage } from './mailer'
import type { TemplateData, TemplateName } from './templates'

/**
 * A message ready for the mailer, from one of the branded templates (server/mail/templates): its HTML
 * and text parts from the same data, in the shared layout signed with the provider's name, address and
 * support contacts; List-Unsubscribe when it is mail a user can switch off.
 *
 * The templates and react-email are loaded with the first message, not when the server starts.
 */
export async function composeMail<N extends TemplateName>(
  env: BrandEnv,
  name: N,
  data: TemplateData<N>,
  envelope: { to: string; expiresAt?: Date; attachments?: MailAttachment[] },
): Promise<MailMessage> {
  const { renderMail } = await import('./render')
  const mail = await renderMail(name, data, mailBrand(env))
  return {
    to: envelope.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    ...(mail.headers ? { headers: mail.headers } : {}),
    ...(envelope.attachments?.length ? { attachments: envelope.attachments } : {}),
    ...(envelope.expiresAt ? { expiresAt: envelope.expiresAt } : {}),
  }
}
