import { Action, MailLayout, P } from './layout'
import { defineTemplate, textSignature } from './template'

/** A "forgot password" request: a single-use link to choose a new password. */
export interface PasswordResetData {
  /** How the mail greets the user: their first name, else their e-mail address. */
  name: string
  url: string
  minutes: number
}

export const passwordReset = defineTemplate<PasswordResetData>({
  subject: () => 'Reset your password',
  html: (d, brand) => (
    <MailLayout brand={brand} preview={`Choose a new password within ${d.minutes} minutes.`} heading="Reset your password">
      <P>Hello {d.name},</P>
      <P>We received a request to reset the password of your client portal account. To choose a new password, open this link within {d.minutes} minutes:</P>
      <Action href={d.url}>Choose a new password</Action>
      <P>The link works once. If you did not ask for this, ignore this e-mail: your password stays as it is.</P>
    </MailLayout>
  ),
  text: (d, brand) =>
    [
      `Hello ${d.name},`,
      '',
      `We received a request to reset the password of your client portal account. To choose a new password, open this link within ${d.minutes} minutes:`,
      '',
      d.url,
      '',
      'The link works once. If you did not ask for this, ignore this e-mail: your password stays as it is.',
      textSignature(brand),
    ].join('\n'),
})
