import { Action, Facts, MailLayout, P } from './layout'
import { defineTemplate, textSignature } from './template'

/** A company registered and paid for online: the receipt, and where to sign in. */
export interface RegistrationReceiptData {
  firstName: string
  companyName: string
  invoiceNumber: string
  /** Dollars. */
  total: number
  signInUrl: string
}

const money = (dollars: number) => `$${dollars.toFixed(2)}`

export const registrationReceipt = defineTemplate<RegistrationReceiptData>({
  subject: () => 'Your client portal account is ready',
  html: (d, brand) => (
    <MailLayout brand={brand} preview={`${d.companyName} is registered. Invoice ${d.invoiceNumber} is paid.`} heading="Your client portal account is ready">
      <P>Hello {d.firstName},</P>
      <P>
        {d.companyName} is now registered with us. Invoice {d.invoiceNumber} for {money(d.total)} is paid; its PDF is attached.
      </P>
      <Facts
        items={[
          ['Company', d.companyName],
          ['Invoice', d.invoiceNumber],
          ['Paid', money(d.total)],
        ]}
      />
      <P>Sign in with this e-mail address to see your invoices, documents and services.</P>
      <Action href={d.signInUrl}>Sign in</Action>
    </MailLayout>
  ),
  text: (d, brand) =>
    [
      `Hello ${d.firstName},`,
      '',
      `${d.companyName} is now registered with us. Invoice ${d.invoiceNumber} for ${money(d.total)} is paid; its PDF is attached.`,
      '',
      `Sign in with this e-mail address at ${d.signInUrl} to see your invoices, documents and services.`,
      textSignature(brand),
    ].join('\n'),
})
