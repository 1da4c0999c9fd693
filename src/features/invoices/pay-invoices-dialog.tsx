import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { css } from 'styled-system/css'
import { ApiError, errorMessage, NetworkError, OfflineError } from '~/lib/api-client'
import { formatInvoiceDate } from '~/lib/dates'
import { toBillingDetails, useCardSubmit, type CardFailure } from '~/features/payments'
import { CardPaymentDialog } from '~/features/payments/card-payment-dialog'
import { useSavedCardChoice } from '~/features/payments/saved-card-choice'
import { useRequiredSession } from '~/lib/session'
import { Alert } from '~/ui/alert'
import { StatusBadge } from '~/ui/badge'
import { LoadError } from '~/ui/list-page'
import { Spinner } from '~/ui/spinner'
import { notify } from '~/ui/toaster'
import { invoiceStatusesQueryOptions, newIdempotencyKey, selectedInvoicesQueryOptions, usePayInvoices } from './api'
import { formatMoney } from '~/lib/money'
import { invoiceStatusLabel, invoiceStatusTone, isPayable, FALLBACK_STATUS_LABELS, UNPAID_ONLY_MESSAGE } from './status'

/** The dialog's description. */
export const PAY_DIALOG_DESCRIPTION = 'Enter your card details to pay the selected invoices'
/** The payment toasts (10 s). */
export const PAYMENT_SUCCESSFUL = 'Payment successful'
export const PAYMENT_FAILED = 'Payment failed'
/** Payments never wait in a queue for the network: offline, the dialog says so. */
export const CONNECTION_NEEDED = 'Paying needs an internet connection. Connect and try again; nothing has been charged.'
const NOT_CHARGED = 'Your card was not charged'

const summaryTable = css({
  width: '100%',
  borderCollapse: 'collapse',
  fontSize: 'sm',
  '& th, & td': { py: '2', px: '2', textAlign: 'start', borderBottomWidth: '1px', borderColor: 'border.default' },
  '& th': { fontWeight: 'semibold', color: 'fg.muted', fontSize: 'xs', textTransform: 'uppercase', letterSpacing: 'wide' },
  '& [data-align=end]': { textAlign: 'end', fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' },
})
const totalRow = css({ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', pt: '3', fontWeight: 'semibold' })
const totalAmount = css({ fontSize: 'lg', fontVariantNumeric: 'tabular-nums' })

/** What to say beside the card fields after a failed payment (the toast already says 'Payment failed'). */
function describeFailure(error: unknown): CardFailure {
  if (error instanceof OfflineError) return { title: NOT_CHARGED, text: CONNECTION_NEEDED }
  if (error instanceof NetworkError) {
    return {
      title: 'The payment could not be confirmed',
      text: 'The connection to the server was lost. Refresh the list to see whether the invoices are paid before trying again.',
    }
  }
  if (error instanceof ApiError) {
    // 402 and 502 answer detail 'Payment failed' with the processor's reason in details.
    const parts = [error.detail, error.details].filter((text, index, all) => text && all.indexOf(text) === index && text !== PAYMENT_FAILED)
    return {
      title: NOT_CHARGED,
      text: parts.length ? parts.map((part) => part.replace(/\.$/, '')).join('. ') + '.' : 'Please check the card details and try again.',
    }
  }
  return { title: NOT_CHARGED, text: errorMessage(error, 'Please try again.') }
}

export type PayInvoicesDialogProps = {
  /** The selected invoices' ids, as strings. */
  invoiceIds: string[]
  onClose: () => void
  /** The charge went through: the caller clears its selection (the lists are read again already). */
  onPaid: () => void
}

/**
 * The Pay Invoices dialog: the selected invoices read again from the server, card number and
 * CVV in the processor's hosted fields, the expiry typed as MM/YY, a one-time token with the first
 * invoice's client as billing details, then POST /api/client/invoices/pay. Success closes it; a failure
 * keeps it open with the reason beside the card fields.
 */
export default function PayInvoicesDialog({ invoiceIds, onClose, onPaid }: PayInvoicesDialogProps) {
  const selection = useQuery(selectedInvoicesQueryOptions(invoiceIds))
  const labels = useQuery(invoiceStatusesQueryOptions()).data ?? FALLBACK_STATUS_LABELS
  const payment = useCardSubmit({ connectionNeeded: CONNECTION_NEEDED, notChargedTitle: NOT_CHARGED })
  const { submitting } = payment
  const pay = usePayInvoices()
  const [failure, setFailure] = useState<CardFailure | null>(null)
  // Saved cards: the default one is preselected; "A new card" shows the card fields.
  const cardChoice = useSavedCardChoice(useRequiredSession().user.clientId)

  const invoices = selection.data?.data ?? []
  const client = invoices[0]?.client
  const notPayable = invoices.filter((invoice) => !isPayable(invoice))
  const amount = selection.data?.totalAmount ?? 0
  const ready = selection.isSuccess && client !== undefined && notPayable.length === 0 && amount > 0

  async function submit() {
    if (submitting || !ready || !client) return
    setFailure(null)
    const { paymentMethodId, saveCard } = cardChoice
    if (paymentMethodId !== undefined) {
      // A saved card: no card fields, no token; the server charges the card on file.
      await payment.run(async () => {
        try {
          await pay.mutateAsync({ invoiceIds, paymentMethodId, idempotencyKey: newIdempotencyKey() })
          notify.payment(PAYMENT_SUCCESSFUL, true)
          onPaid()
        } catch (error) {
          notify.payment(PAYMENT_FAILED, false)
          setFailure(describeFailure(error))
        }
      })
      return
    }
    // The billing details are the first invoice's client's.
    await payment.payWithCard(
      toBillingDetails({ ...client, zipCode: client.zipcode }),
      async (token) => {
        try {
          await pay.mutateAsync({ invoiceIds, token, saveCard, idempotencyKey: newIdempotencyKey() })
          notify.payment(PAYMENT_SUCCESSFUL, true)
          onPaid()
          return null
        } catch (error) {
          notify.payment(PAYMENT_FAILED, false)
          return describeFailure(error)
        }
      },
      setFailure,
    )
  }

  return (
    <CardPaymentDialog
      title="Pay Invoices"
      description={PAY_DIALOG_DESCRIPTION}
      payment={payment}
      payer={client}
      failure={failure}
      payLabel={ready ? `Pay ${formatMoney(amount)}` : 'Pay'}
      payDisabled={!ready}
      {...cardChoice.dialogProps}
      onSubmit={() => void submit()}
      onClose={onClose}
    >
      {selection.isPending && <Spinner label="Loading the selected invoices" />}
      {selection.isError && (
        <LoadError title="The selected invoices could not be loaded" onRetry={() => void selection.refetch()}>
          {errorMessage(selection.error)}
        </LoadError>
      )}
      {invoices.length > 0 && (
        <section aria-label="Invoices to pay">
          <table className={summaryTable}>
            <thead>
              <tr>
                <th scope="col">Invoice #</th>
                <th scope="col">Due Date</th>
                <th scope="col">Status</th>
                <th scope="col" data-align="end">
                  Total
                </th>
              </tr>
            </thead>
            <tbody>
              {invoices.map((invoice) => (
                <tr key={invoice.id}>
                  <td>{invoice.invoiceId}</td>
                  <td>{invoice.paidDate ? 'N/A' : formatInvoiceDate(invoice.dueDate)}</td>
                  <td>
                    <StatusBadge tone={invoiceStatusTone(invoice.status)}>{invoiceStatusLabel(invoice.status, labels)}</StatusBadge>
                  </td>
                  <td data-align="end">{formatMoney(invoice.total)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <p className={totalRow}>
            <span>Amount to pay</span>
            <span className={totalAmount}>{formatMoney(amount)}</span>
          </p>
        </section>
      )}
      {notPayable.length > 0 && (
        <Alert status="warning" title={UNPAID_ONLY_MESSAGE}>
          {notPayable.map((invoice) => invoice.invoiceId).join(', ')} {notPayable.length === 1 ? 'is' : 'are'} no longer unpaid. Close this window and select
          again.
        </Alert>
      )}
    </CardPaymentDialog>
  )
}
