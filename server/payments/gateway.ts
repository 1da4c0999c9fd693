/**
 * One interface for card processors: the sandbox gateway (default) and AffiniPay (when its keys are set).
 * The browser never sees a card number: hosted fields turn it into a one-time token, which the server
 * charges here.
 */
export interface ChargeRequest {
  /** One-time token from the hosted fields. */
  token: string
  amountCents: number
  /**
   * The same key charges at most once, however often (or however concurrently) it is sent: a repeat of
   * a successful charge answers the first result without charging again. A failed charge is not kept,
   * so the same key may be tried again, for example with another card.
   */
  idempotencyKey: string
  description: string
}

export type ChargeFailureCode = 'card_declined' | 'insufficient_funds' | 'invalid_token' | 'processor_error'

export type ChargeResult =
  | { ok: true; reference: string; cardBrand?: string; cardLast4?: string }
  /** `message` is readable by the card holder (the UI shows it as is). */
  | { ok: false; code: ChargeFailureCode; message: string }

/** Undoing a successful charge whose order could not be saved. */
export interface ReversalRequest {
  /** The processor's reference of the charge (ChargeResult.reference). */
  reference: string
  /** The idempotencyKey the charge was made with: a repeat of it charges afresh after a reversal. */
  idempotencyKey: string
  amountCents: number
}

export type ReversalResult =
  /** 'void': the charge was cancelled before settling (nothing reaches the statement); 'refund': paid back. */
  | { ok: true; kind: 'void' | 'refund' }
  | { ok: false; message: string }

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
  charge(request: ChargeRequest): Promise<ChargeResult>
  /** Voids the charge, or refunds it in full when it can no longer be voided. */
  reverse(request: ReversalRequest): Promise<ReversalResult>
}
