import type { PaymentTokenDetails } from '@contract/payments'
import { CardExpirySchema, parseCardExpiry } from '@contract/signup'
import { useRef, useState, type RefObject } from 'react'
import { css } from 'styled-system/css'
import * as v from 'valibot'
import { useOnlineStatus } from '~/lib/online-status'
import { Alert } from '~/ui/alert'
import { Field } from '~/ui/field'
import { CardFields } from './card-fields'
import { useCardForm, type CardForm } from './card-form'
import { ExpiryInput } from './expiry-input'

/** What a page says beside the card fields when a payment did not go through. */
export type CardFailure = { title: string; text: string }

/** The billing details the processor takes with the token, cut to its limits. */
export type BillingDetails = Pick<PaymentTokenDetails, 'postal_code' | 'name' | 'address1'>

export const CARD_FORM_NOT_READY_TEXT = 'Wait for the card fields to load, then try again. Nothing was charged.'

export function toBillingDetails(payer: { zipCode: string; firstName: string; lastName: string; address: string }): BillingDetails {
  return {
    postal_code: payer.zipCode.slice(0, 10),
    name: `${payer.firstName} ${payer.lastName}`.trim().slice(0, 120),
    address1: payer.address.slice(0, 255),
  }
}

export type CardSubmitOptions = {
  /** Said while offline, above the card fields and after a refused submit: payments never queue. */
  connectionNeeded: string
  /** The title of a failure before any charge: 'Your card was not charged', 'Nothing was charged'. */
  notChargedTitle: string
}

export type TokenResult = { token: string } | { token: null; failure: CardFailure | null }

export interface CardSubmit {
  card: CardForm
  online: boolean
  /** A payment is on its way (buttons show it, dialogs do not close). */
  submitting: boolean
  /** The failure for a submit while offline (also what an OfflineError means). */
  connectionFailure: CardFailure
  expiry: { ref: RefObject<HTMLInputElement | null>; value: string; error: string; onValueChange: (value: string) => void }
  /**
   * Checks the expiry; when wrong, shows why and focuses it, with what is wrong with the card number and
   * CVV beside it. Answers MM/YY, or null.
   */
  checkExpiry: () => string | null
  /**
   * Runs one submission at a time (a second click before the re-render is ignored), with `submitting`
   * set meanwhile.
   */
  run: (task: () => Promise<void>) => Promise<void>
  /**
   * A one-time token for the card, the checked expiry and the billing details. Without one, the failure
   * to show: offline, or the fields not ready; null when the processor refused the card (its reasons
   * show under the fields).
   */
  requestToken: (expiry: string, billing: BillingDetails) => Promise<TokenResult>
  /**
   * A dialog's whole card payment (Pay Invoices, an add-on): the expiry checked, the offline rule, one
   * submission at a time, a token billed to `billing`, then `charge(token)`. `onFailure` gets what to
   * show beside the fields: the token's failure, or what `charge` answers when the server refused.
   */
  payWithCard: (billing: BillingDetails, charge: (token: string) => Promise<CardFailure | null>, onFailure: (failure: CardFailure) => void) => Promise<void>
}

/**
 * The card part of a payment form (sign-up order summary, Pay Invoices dialog): hosted fields, the
 * expiry, the offline rule, and the token. The page keeps what it does with the token and how it
 * words the server's refusals.
 */
export function useCardSubmit({ connectionNeeded, notChargedTitle }: CardSubmitOptions): CardSubmit {
  const card = useCardForm()
  const { online } = useOnlineStatus()
  const expiryRef = useRef<HTMLInputElement>(null)
  const [expiry, setExpiry] = useState('')
  const [expiryError, setExpiryError] = useState('')
  const [submitting, setSubmitting] = useState(false)
  const busy = useRef(false)
  const connectionFailure = { title: notChargedTitle, text: connectionNeeded }

  const cardSubmit: CardSubmit = {
    card,
    online,
    submitting,
    connectionFailure,
    expiry: {
      ref: expiryRef,
      value: expiry,
      error: expiryError,
      onValueChange: (value) => {
        setExpiry(value)
        if (expiryError) setExpiryError('')
      },
    },
    checkExpiry() {
      const parsed = v.safeParse(CardExpirySchema, expiry)
      if (!parsed.success) {
        // The token is not asked for, so the card number and CVV say what is wrong with them now, beside the expiry's message.
        card.showFieldErrors()
        setExpiryError(parsed.issues[0].message)
        expiryRef.current?.focus()
        return null
      }
      setExpiryError('')
      return parsed.output
    },
    async run(task) {
      if (busy.current) return
      busy.current = true
      setSubmitting(true)
      try {
        await task()
      } finally {
        busy.current = false
        setSubmitting(false)
      }
    },
    async requestToken(checkedExpiry, billing) {
      if (!online) return { token: null, failure: connectionFailure }
      const parts = parseCardExpiry(checkedExpiry)
      if (!parts) return { token: null, failure: null }
      // Null: the fields are not ready (logged) or the processor refused the card (shown by the fields).
      const token = await card.getPaymentToken({ ...parts, ...billing })
      if (token) return { token }
      const notReady = card.getSnapshot().status !== 'ready'
      return { token: null, failure: notReady ? { title: 'The card form is not ready', text: CARD_FORM_NOT_READY_TEXT } : null }
    },
    async payWithCard(billing, charge, onFailure) {
      const checkedExpiry = cardSubmit.checkExpiry()
      if (!checkedExpiry) return
      if (!online) return onFailure(connectionFailure)
      await cardSubmit.run(async () => {
        const result = await cardSubmit.requestToken(checkedExpiry, billing)
        const failure = result.token === null ? result.failure : await charge(result.token)
        if (failure) onFailure(failure)
      })
    },
  }
  return cardSubmit
}

const expiryField = css({ maxW: { sm: '40' } })

/** The offline note, the hosted card number and CVV, and the expiry, as both payment forms show them. */
export function CardPaymentFields({ payment }: { payment: CardSubmit }) {
  return (
    <>
      {!payment.online && <Alert status="warning">{payment.connectionFailure.text}</Alert>}
      <CardFields form={payment.card} />
      <Field label="Expiration date" error={payment.expiry.error} required className={expiryField}>
        <ExpiryInput ref={payment.expiry.ref} name="cardExpiry" value={payment.expiry.value} onValueChange={payment.expiry.onValueChange} />
      </Field>
    </>
  )
}
