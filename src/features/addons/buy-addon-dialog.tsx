import type { Service } from '@contract/catalogue'
import type { Client } from '@contract/clients'
import { useState } from 'react'
import { css } from 'styled-system/css'
import { toBillingDetails, useCardSubmit, type CardFailure } from '~/features/payments'
import { CardPaymentDialog } from '~/features/payments/card-payment-dialog'
import { useSavedCardChoice } from '~/features/payments/saved-card-choice'
import { formatMoney } from '~/lib/money'
import { ApiError, errorMessage, NetworkError, OfflineError } from '~/lib/api-client'
import { notify } from '~/ui/toaster'
import { newPurchaseKey, useBuyAddon } from './api'

export const ADDON_PURCHASED = 'Add-on purchased successfully'
export const ADDON_DIALOG_DESCRIPTION = 'Enter your card details to buy this add-on'
const CONNECTION_NEEDED = 'Buying an add-on needs an internet connection. Connect and try again; nothing has been charged.'
const NOT_CHARGED = 'Your card was not charged'

const summary = css({ display: 'flex', justifyContent: 'space-between', alignItems: 'baseline', gap: '4', fontSize: 'sm', m: '0' })
const amount = css({ fontSize: 'lg', fontWeight: 'semibold', fontVariantNumeric: 'tabular-nums' })

/** What to say beside the card fields when the purchase did not go through. */
function describeFailure(error: unknown): CardFailure {
  if (error instanceof OfflineError) return { title: NOT_CHARGED, text: CONNECTION_NEEDED }
  if (error instanceof NetworkError) {
    return {
      title: 'The purchase could not be confirmed',
      text: 'The connection to the server was lost. Reload the page to see whether the add-on is active before trying again.',
    }
  }
  if (error instanceof ApiError) {
    // A declined card answers 402 'Payment failed' with the processor's reason in details.
    const text = error.details && error.details !== error.detail ? error.details : error.detail
    return { title: error.status === 402 || error.status === 502 ? NOT_CHARGED : error.detail, text }
  }
  return { title: NOT_CHARGED, text: errorMessage(error, 'Please try again.') }
}

export type BuyAddonDialogProps = { client: Client; service: Service; packageId: number; onClose: () => void }

/**
 * Buying one add-on: the package and its price, the processor's hosted card fields and the expiry (as
 * in Pay Invoices), a one-time token billed to the client's address, then one charge. Success closes
 * the dialog and says so; a refusal keeps it open with the processor's words and changes nothing.
 */
export default function BuyAddonDialog({ client, service, packageId, onClose }: BuyAddonDialogProps) {
  const servicePackage = service.servicesPackages.find((p) => p.id === packageId) ?? service.servicesPackages[0]
  const payment = useCardSubmit({ connectionNeeded: CONNECTION_NEEDED, notChargedTitle: NOT_CHARGED })
  const { submitting } = payment
  const buy = useBuyAddon(client.id)
  const [failure, setFailure] = useState<CardFailure | null>(null)
  const cardChoice = useSavedCardChoice(client.id)

  async function submit() {
    if (submitting) return
    setFailure(null)
    const { paymentMethodId, saveCard } = cardChoice
    if (paymentMethodId !== undefined) {
      // A saved card: no card fields, no token.
      await payment.run(async () => {
        try {
          await buy.mutateAsync({ service, servicePackage, paymentMethodId, idempotencyKey: newPurchaseKey() })
          notify.payment(ADDON_PURCHASED, true)
          onClose()
        } catch (error) {
          setFailure(describeFailure(error))
        }
      })
      return
    }
    await payment.payWithCard(
      toBillingDetails({ ...client, zipCode: client.zipcode }),
      async (token) => {
        try {
          await buy.mutateAsync({ service, servicePackage, token, saveCard, idempotencyKey: newPurchaseKey() })
          notify.payment(ADDON_PURCHASED, true)
          onClose()
          return null
        } catch (error) {
          return describeFailure(error)
        }
      },
      setFailure,
    )
  }

  return (
    <CardPaymentDialog
      title={`Buy ${service.name}`}
      description={ADDON_DIALOG_DESCRIPTION}
      payment={payment}
      payer={client}
      failure={failure}
      payLabel={`Pay ${formatMoney(servicePackage.amount)}`}
      {...cardChoice.dialogProps}
      onSubmit={() => void submit()}
      onClose={onClose}
    >
      <p className={summary}>
        <span>
          {service.name}: {servicePackage.name}
        </span>
        <span className={amount}>{formatMoney(servicePackage.amount)}</span>
      </p>
    </CardPaymentDialog>
  )
}
