import { Action, MailLayout, P } from './layout'
import { defineTemplate, textSignature } from './template'

/**
 * A person added to a company's team: a new login gets a 7-day link to choose a password; a person who
 * already signs in is told the company is now in their company switcher.
 */
export interface TeamInvitationData {
  name: string
  /** Who added them: a person's name, or "The provider". */
  inviter: string
  companyName: string
  /** The role's label: Owner, Member, Billing. */
  role: string
  url: string
  /** True when the person has no login yet (the link chooses a password). */
  newLogin: boolean
}

const added = (d: TeamInvitationData) => `${d.inviter} added you to ${d.companyName} in the client portal, as ${d.role.toLowerCase()}.`
const next = (d: TeamInvitationData) =>
  d.newLogin
    ? 'To choose your password and sign in, open this link within 7 days:'
    : 'Sign in as you do now and pick the company from the switcher at the top of the page:'

export const teamInvitation = defineTemplate<TeamInvitationData>({
  subject: (d) => `You have been added to ${d.companyName}`,
  html: (d, brand) => (
    <MailLayout brand={brand} preview={added(d)} heading={`You have been added to ${d.companyName}`}>
      <P>Hello {d.name},</P>
      <P>{added(d)}</P>
      <P>{next(d)}</P>
      <Action href={d.url}>{d.newLogin ? 'Choose your password' : 'Sign in'}</Action>
      {d.newLogin && <P>The link works once. If it has expired, ask whoever added you to add you again.</P>}
    </MailLayout>
  ),
  text: (d, brand) =>
    [
      `Hello ${d.name},`,
      '',
      added(d),
      '',
      next(d),
      '',
      d.url,
      ...(d.newLogin ? ['', 'The link works once. If it has expired, ask whoever added you to add you again.'] : []),
      textSignature(brand),
    ].join('\n'),
})
