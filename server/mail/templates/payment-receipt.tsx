import { Action, Facts, MailLayout, P } from './layout'
import { defineTemplate, textSignature } from './template'

/** The receipt of a card payment: what was paid, with which card; the invoices' PDFs are attached, and linked. */
export interface PaymentReceiptData {
  companyName: string
  /** Dollars. */
  amount: number
  /** e.g. "Visa ending in 4242"; empty when the processor did not say. */
  card: string
  /** The processor's reference of the charge. */
  reference: string
  /** The day paid, as people read it ("Dec 3, 2026"). */
  paidOn: string
  /** 'autopay' when the auto-pay job charged the saved card. */
  via: 'card' | 'autopay'
  invoices: { number: string; amount: number; url: string }[]
  /** The client's invoices page. */
  url: string
}

const money = (dollars: number) => `$${dollars.toFixed(2)}`

export const paymentReceipt = defineTemplate<PaymentReceiptData>({
  subject: (d) => `Receipt: ${money(d.amount)} paid${d.invoices.length === 1 ? ` for invoice ${d.invoices[0].number}` : ''}`,
  html: (d, brand) => (
    <MailLayout brand={brand} preview={`${money(d.amount)} received from ${d.companyName}. Thank you.`} heading="Payment received">
      <P>
        Thank you. We received {money(d.amount)} from {d.companyName}
        {d.via === 'autopay' ? ' by auto-pay' : ''}.
      </P>
      <Facts
        items={[
          ['Paid', money(d.amount)],
          ['Date', d.paidOn],
          ...(d.card ? [['Card', d.card] as [string, string]] : []),
          ['Reference', d.reference],
          ...d.invoices.map((invoice): [string, string] => [`Invoice ${invoice.number}`, money(invoice.amount)]),
        ]}
      />
      {d.invoices.map((invoice) => (
        <P key={invoice.number}>
          <a href={invoice.url}>Invoice {invoice.number}</a> (its PDF is attached)
        </P>
      ))}
      <Action href={d.url}>See your invoices</Action>
    </MailLayout>
  ),
  text: (d, brand) =>
    [
      `Thank you. We received ${money(d.amount)} from ${d.companyName}${d.via === 'autopay' ? ' by auto-pay' : ''}.`,
      '',
      `Paid: ${money(d.amount)}`,
      `Date: ${d.paidOn}`,
      ...(d.card ? [`Card: ${d.card}`] : []),
      `Reference: ${d.reference}`,
      ...d.invoices.map((invoice) => `Invoice ${invoice.number}: ${money(invoice.amount)} (PDF attached; in the portal: ${invoice.url})`),
      '',
      `See your invoices: ${d.url}`,
      textSignature(brand),
    ].join('\n'),
})
