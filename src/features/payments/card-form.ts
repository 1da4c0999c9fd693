import type { PaymentTokenDetails } from '@contract/payments'
import { useState } from 'react'
import type { HostedFieldsInstance, HostedFieldState, HostedFieldsState } from './hosted-fields'

export type CardFormStatus = 'idle' | 'loading' | 'ready' | 'failed'

export interface CardFormSnapshot {
  status: CardFormStatus
  /** Shown under the card number (the processor's cardError). */
  cardError: string
  /** Shown under the CVV (the processor's cvvError). */
  cvvError: string
  /** Anything else: the form could not load, or the processor refused the expiry or billing details. */
  error: string
}

export const HOSTED_FIELDS_NOT_READY = 'Hosted fields not ready'

const IDLE: CardFormSnapshot = { status: 'idle', cardError: '', cvvError: '', error: '' }

interface ProcessorMessage {
  code?: string
  field?: string
  message?: string
}

const isCardField = (name?: string) => name === 'credit_card_number' || name === 'number'

/** The processor's own wording for an empty or incomplete field, when its state carries no text yet. */
function fieldProblem(field: HostedFieldState | undefined, name: string): string {
  if (!field) return ''
  if (field.isEmpty) return `${name} is required`
  if (field.isValid === false) return `${name} is not valid`
  return ''
}

/**
 * One card form: <CardFields form={card} /> renders the hosted fields into it, and the page asks it for
 * a one-time token when submitting. State for React through subscribe/getSnapshot.
 */
export class CardForm {
  private instance: HostedFieldsInstance | null = null
  private snapshot: CardFormSnapshot = IDLE
  /** A submit was tried: from then on an empty or incomplete field says so, left or not. */
  private submitted = false
  private readonly listeners = new Set<() => void>()

  subscribe = (listener: () => void) => {
    this.listeners.add(listener)
    return () => void this.listeners.delete(listener)
  }

  getSnapshot = () => this.snapshot

  private set(next: Partial<CardFormSnapshot>) {
    this.snapshot = { ...this.snapshot, ...next }
    for (const listener of this.listeners) listener()
  }

  /** Called by CardFields while it loads and mounts the processor's fields. */
  loading() {
    this.instance = null
    this.submitted = false
    this.set({ ...IDLE, status: 'loading' })
  }

  attach(instance: HostedFieldsInstance) {
    this.instance = instance
    this.update(instance.getState())
  }

  detach(instance: HostedFieldsInstance | null) {
    if (instance && this.instance !== instance) return
    this.instance = null
    this.set(IDLE)
  }

  failed(message: string) {
    this.instance = null
    this.set({ status: 'failed', error: message })
  }

  /** The processor's state callback: readiness and the error text of each field. */
  update(state: HostedFieldsState) {
    const card = state.fields.find((f) => isCardField(f.type))
    const cvv = state.fields.find((f) => f.type === 'cvv')
    this.set({ status: state.isReady ? 'ready' : 'loading', ...this.fieldErrors(card, cvv) })
  }

  private fieldErrors(card: HostedFieldState | undefined, cvv: HostedFieldState | undefined): Pick<CardFormSnapshot, 'cardError' | 'cvvError'> {
    return {
      cardError: card?.error || (this.submitted ? fieldProblem(card, 'Card number') : ''),
      cvvError: cvv?.error || (this.submitted ? fieldProblem(cvv, 'CVV') : ''),
    }
  }

  /**
   * A submit that stops before the token (the expiry is wrong) still shows what is wrong with the card
   * number and CVV, all together: a field the person never left says nothing by itself yet. Answers
   * whether both fields look complete.
   */
  showFieldErrors(): boolean {
    const state = this.instance?.getState()
    if (!state?.isReady) return false
    this.submitted = true
    const errors = this.fieldErrors(
      state.fields.find((f) => isCardField(f.type)),
      state.fields.find((f) => f.type === 'cvv'),
    )
    this.set(errors)
    return !errors.cardError && !errors.cvvError
  }

  /**
   * Asks the hosted fields for a one-time token (exp_month, exp_year, postal_code, name,
   * address1). Answers null when there is none to send: the fields are not ready (logged) or the processor refused the details (its reasons are shown beside the fields).
   */
  async getPaymentToken(details: PaymentTokenDetails): Promise<string | null> {
    const instance = this.instance
    if (!instance || !instance.getState().isReady) {
      console.error(HOSTED_FIELDS_NOT_READY)
      return null
    }
    try {
      const token = await instance.getPaymentToken(details)
      if (!token?.id) throw new Error('The card processor returned no token')
      this.set({ error: '' })
      return token.id
    } catch (error) {
      const messages: ProcessorMessage[] = Array.isArray((error as { messages?: unknown })?.messages)
        ? (error as { messages: ProcessorMessage[] }).messages
        : [{ message: error instanceof Error ? error.message : undefined }]
      const card = messages.find((m) => isCardField(m.field))
      const cvv = messages.find((m) => m.field === 'cvv')
      const other = messages.find((m) => m !== card && m !== cvv)
      this.set({
        cardError: card?.message ?? this.snapshot.cardError,
        cvvError: cvv?.message ?? this.snapshot.cvvError,
        error: other ? (other.message ?? 'Your card details could not be processed') : '',
      })
      return null
    }
  }
}

/** A card form that lives as long as the component using it. */
export function useCardForm(): CardForm {
  const [form] = useState(() => new CardForm())
  return form
}
