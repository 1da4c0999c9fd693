/**
 * One interface for card processors: the sandbox gateway (default) and AffiniPay (when its keys are set).
 * The browser never sees a card number: hosted fields turn it into a one-time token, which the server
 * charges here.
 *
 * The contract every gateway keeps, so that the portal can survive a crash at any instant of a payment
 * (server/payments/intents.ts):
 * - `charge` is idempotent by `idempotencyKey`: a repeat of the key answers the first charge's result
 *   instead of charging again, however often or concurrently it is sent.
 * - `closeKey` looks a key up and makes sure no charge is made with it from then on.
 * - `reverse` voids a charge (or refunds it once it can no longer be voided).
 * - Cards on file: a charge of a one-time token with `saveCard` also keeps the card at the processor and
 *   answers its stored-card token (`Charged.storedCard`); the same card is found again with the charge by
 *   `closeKey`, so a payment finished by the reconciliation saves it too. A charge with `storedCard`
 *   instead of `token` charges the card on file without card fields. `deleteStoredCard` forgets one.
 */
export interface ChargeRequest {
  /** One-time token from the hosted fields (absent when `storedCard` is given). */
  token?: string
  /** A stored-card token (StoredCard.token) to charge instead of a one-time token. */
  storedCard?: string
  /** Keep the card of `token` on file when the charge succeeds (ignored with `storedCard`). */
  saveCard?: boolean
  amountCents: number
  idempotencyKey: string
  description: string
}

/** A card kept on file at the processor: its token and what may be shown of it. */
export interface StoredCard {
  token: string
  brand: string
  last4: string
  expMonth: number
  expYear: number
}

/** 'canceled': the key was closed before any charge was made with it (closeKey), so nothing was charged. */
export type ChargeFailureCode = 'card_declined' | 'insufficient_funds' | 'invalid_token' | 'processor_error' | 'canceled'

export interface Charged {
  ok: true
  reference: string
  cardBrand?: string
  cardLast4?: string
  /** The card kept on file by this charge (a charge with `saveCard`). */
  storedCard?: StoredCard
}

export type ChargeResult =
  | Charged
  /** `message` is readable by the card holder (the UI shows it as is). */
  | { ok: false; code: ChargeFailureCode; message: string }

/** A charge as the gateway's books show it. */
export interface GatewayCharge {
  reference: string
  amountCents: number
  status: 'succeeded' | 'declined' | 'voided' | 'refunded'
  cardBrand?: string
  cardLast4?: string
  /** The card this charge kept on file, if it was asked to. */
  storedCard?: StoredCard
}

/** Undoing a successful charge whose order could not be saved. */
export interface ReversalRequest {
  /** The processor's reference of the charge (Charged.reference). */
  reference: string
  idempotencyKey: string
  amountCents: number
}

export type ReversalResult =
  /** 'void': the charge was cancelled before settling (nothing reaches the statement); 'refund': paid back. */
  { ok: true; kind: 'void' | 'refund' } | { ok: false; message: string }

/** What the browser needs to show the hosted fields. */
export interface HostedFieldsConfig {
  provider: 'sandbox' | 'affinipay'
  /** Script that creates the hosted fields (the sandbox's own, or AffiniPay's). */
  scriptUrl: string
  /** AffiniPay's public key; absent for the sandbox. */
  publicKey?: string
  /** Origin of the frames, for the Content-Security-Policy and postMessage checks. */
  frameOrigin: string
}

export interface PaymentGateway {
  readonly name: 'sandbox' | 'affinipay'
  hostedFields(): HostedFieldsConfig
  /** Throws when the processor could not be reached (the outcome is then unknown). */
  charge(request: ChargeRequest): Promise<ChargeResult>
  /**
   * The charge made with this key, if any (a declined one included); from this call on, a charge with the
   * key is refused with code 'canceled'. Throws when the processor could not be reached.
   */
  closeKey(idempotencyKey: string): Promise<GatewayCharge | null>
  /** Voids the charge, or refunds it in full when it can no longer be voided. */
  reverse(request: ReversalRequest): Promise<ReversalResult>
  /** Forgets a card on file; forgetting an unknown or forgotten one is no error. Throws when unreachable. */
  deleteStoredCard(token: string): Promise<void>
}
