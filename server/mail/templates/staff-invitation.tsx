import { Action, MailLayout, P } from './layout'
import { defineTemplate, textSignature } from './template'

/** A new staff user: a 7-day single-use link to choose a password. */
export interface StaffInvitationData {
  name: string
  /** Who added them: a staff member's name, or "The provider". */
  inviter: string
  url: string
}

export const staffInvitation = defineTemplate<StaffInvitationData>({
  subject: () => 'You are invited to the client portal',
  html: (d, brand) => (
    <MailLayout
      brand={brand}
      preview={`${d.inviter} added you as a staff user. Choose your password within 7 days.`}
      heading="You are invited to the client portal"
    >
      <P>Hello {d.name},</P>
      <P>{d.inviter} added you as a staff user of the client portal. To choose your password and sign in, open this link within 7 days:</P>
      <Action href={d.url}>Choose your password</Action>
      <P>The link works once. If it has expired, ask whoever invited you to send a new invitation.</P>
    </MailLayout>
  ),
  text: (d, brand) =>
    [
      `Hello ${d.name},`,
      '',
      `${d.inviter} added you as a staff user of the client portal. To choose your password and sign in, open this link within 7 days:`,
      '',
      d.url,
      '',
      'The link works once. If it has expired, ask whoever invited you to send a new invitation.',
      textSignature(brand),
    ].join('\n'),
})
