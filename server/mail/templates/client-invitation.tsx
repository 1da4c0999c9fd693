import { A, Action, MailLayout, P } from './layout'
import { defineTemplate, textSignature } from './template'

/** A company registered by staff without a password: the receipt and a 7-day link to choose one. */
export interface ClientInvitationData {
  firstName: string
  /** The staff member who registered it, or "The provider". */
  inviter: string
  companyName: string
  invoiceNumber: string
  /** Dollars. */
  total: number
  url: string
  signInUrl: string
}

const money = (dollars: number) => `$${dollars.toFixed(2)}`

export const clientInvitation = defineTemplate<ClientInvitationData>({
  subject: () => 'Your client portal account: choose your password',
  html: (d, brand) => (
    <MailLayout brand={brand} preview={`${d.companyName} is registered. Choose your password within 7 days.`} heading="Choose your password">
      <P>Hello {d.firstName},</P>
      <P>
        {d.inviter} registered {d.companyName} with us. Invoice {d.invoiceNumber} for {money(d.total)} is paid.
      </P>
      <P>To choose your password for the client portal, open this link within 7 days:</P>
      <Action href={d.url}>Choose your password</Action>
      <P>
        The link works once. After 7 days, use “Forgot password” on the <A href={d.signInUrl}>sign-in page</A> with this e-mail address and we will send you a
        new one.
      </P>
    </MailLayout>
  ),
  text: (d, brand) =>
    [
      `Hello ${d.firstName},`,
      '',
      `${d.inviter} registered ${d.companyName} with us. Invoice ${d.invoiceNumber} for ${money(d.total)} is paid.`,
      '',
      'To choose your password for the client portal, open this link within 7 days:',
      '',
      d.url,
      '',
      `The link works once. After 7 days, use "Forgot password" on the sign-in page (${d.signInUrl}) with this e-mail address and we will send you a new one.`,
      textSignature(brand),
    ].join('\n'),
})
