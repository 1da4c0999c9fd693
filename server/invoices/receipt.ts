import { and, eq } from 'drizzle-orm'
import { centsToDollars } from '../../contract/common'
import type { AppDeps } from '../context'
import { clients, invoices, paymentInvoices, payments, users } from '../db/schema'
import { composeMail } from '../mail/compose'
import type { MailAttachment } from '../mail/mailer'
import type { Intent } from '../payments/intents'
import { formatInvoiceDate } from './format'
import { invoicePdfFileName, renderInvoicePdf } from './pdf'
import { loadInvoiceSheet } from './queries'

const BRANDS: Record<string, string> = { visa: 'Visa', mastercard: 'Mastercard', amex: 'American Express', discover: 'Discover' }

/** "Visa ending in 4242", or '' when the processor did not say. */
export const cardLabel = (brand: string | null, last4: string | null) =>
  last4 ? `${(brand && (BRANDS[brand.toLowerCase()] ?? brand)) || 'Card'} ending in ${last4}` : ''

/** Invoices' PDFs as they stand now (with the payment just recorded on them), to send with a receipt. */
export async function invoicePdfAttachments(deps: Pick<AppDeps, 'db' | 'env' | 'clock'>, invoiceIds: number[]): Promise<MailAttachment[]> {
  const attachments: MailAttachment[] = []
  for (const id of invoiceIds) {
    const sheet = await loadInvoiceSheet(deps.db, id, deps.env)
    if (!sheet) continue
    attachments.push({
      filename: invoicePdfFileName(sheet.invoice.invoiceNumber),
      contentType: 'application/pdf',
      content: renderInvoicePdf(sheet, deps.clock.now()),
    })
  }
  return attachments
}

/**
 * E-mails the receipt of a recorded card payment (HTML and text, server/mail/templates/payment-receipt):
 * to the user who paid, or to every active user of the client when nobody did (auto-pay, a payment the
 * reconciliation finished without its user), with each paid invoice's PDF attached and a link to its
 * page in the portal. Run after the payment is committed
 * (Recorder.afterRecorded): a failure to send is logged and never undoes the payment.
 */
export async function sendPaymentReceipt(deps: AppDeps, intent: Intent): Promise<void> {
  if (intent.clientId == null) return
  // The payment recorded for the intent's charge (one key, one payment).
  const [payment] = await deps.db
    .select({ payment: payments, companyName: clients.companyName })
    .from(payments)
    .innerJoin(clients, eq(clients.id, payments.clientId))
    .where(eq(payments.idempotencyKey, intent.chargeKey))
  if (!payment) return
  const paymentId = payment.payment.id
  const lines = await deps.db
    .select({ id: invoices.id, number: invoices.invoiceNumber, amountCents: paymentInvoices.amountCents })
    .from(paymentInvoices)
    .innerJoin(invoices, eq(invoices.id, paymentInvoices.invoiceId))
    .where(eq(paymentInvoices.paymentId, paymentId))
    .orderBy(invoices.id)
  const recipients = await deps.db
    .select({ email: users.email })
    .from(users)
    .where(
      intent.userId != null && intent.order.via !== 'autopay'
        ? and(eq(users.id, intent.userId), eq(users.active, true))
        : and(eq(users.clientId, intent.clientId), eq(users.active, true)),
    )
  const portal = deps.env.PUBLIC_URL.replace(/\/$/, '')
  const attachments = await invoicePdfAttachments(
    deps,
    lines.map((line) => line.id),
  )
  for (const { email } of recipients) {
    await deps.mailer.send(
      await composeMail(
        deps.env,
        'receipt',
        {
          companyName: payment.companyName,
          amount: centsToDollars(payment.payment.amountCents),
          card: cardLabel(payment.payment.cardBrand, payment.payment.cardLast4),
          reference: payment.payment.gatewayReference,
          paidOn: formatInvoiceDate(payment.payment.createdAt),
          via: intent.order.via === 'autopay' ? 'autopay' : 'card',
          invoices: lines.map((line) => ({ number: line.number, amount: centsToDollars(line.amountCents), url: `${portal}/client/invoices/${line.id}` })),
          url: `${portal}/client/invoices`,
        },
        { to: email, attachments },
      ),
    )
  }
}
