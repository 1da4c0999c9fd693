import { randomBytes } from 'node:crypto'
import { and, eq, gt, inArray, lt } from 'drizzle-orm'
import { idempotencyRecords } from '../db/schema'
import { cardBrand, cardDigits, checkExpiry, luhnValid, sandboxOutcome, type CardBrand, type SandboxOutcome } from './cards'
import { chargeOnce, forgetCharge, type ChargeLedgerDeps } from './charge-ledger'
import type { ChargeRequest, ChargeResult, HostedFieldsConfig, PaymentGateway, ReversalRequest, ReversalResult } from './gateway'

/**
 * The sandbox card gateway: the default processor, served by the portal itself.
 *
 * Tokenisation happens in two steps, so that no page script ever holds a card number:
 * 1. Each hosted-field frame (card number, CVV) posts its own value to POST /api/payments/sandbox/tokens
 *    and gets a part token; only the part token id goes to the page.
 * 2. The page's fields.js exchanges both part ids plus expiry and billing details for one payment token
 *    (POST /api/payments/sandbox/payment-tokens), which the portal's server charges.
 * Every token is single-use and expires after SANDBOX_TOKEN_TTL_MS. Tokens live in idempotency_records
 * (scopes 'sandbox-part' and 'sandbox-token'), so they work across restarts and across servers; only
 * brand and last four digits are stored, never the number or the CVV. See docs/payments.md.
 */
export const SANDBOX_TOKEN_TTL_MS = 10 * 60_000
export const SANDBOX_BASE_PATH = '/api/payments/sandbox'

/** Expired tokens are deleted once they are this old (they are refused from SANDBOX_TOKEN_TTL_MS on). */
const TOKEN_RETENTION_MS = 24 * 60 * 60_000
const CLEANUP_EVERY_MS = 10 * 60_000

interface CardPart {
  field: 'number' | 'cvv'
  brand?: CardBrand
  last4?: string
  outcome?: SandboxOutcome
}

interface PaymentTokenData {
  brand: CardBrand
  last4: string
  outcome: SandboxOutcome
  expMonth: number
  expYear: number
  name?: string
  postalCode?: string
}

export type CardField = 'number' | 'cvv' | 'expiry'
export type TokenOutcome = { ok: true; id: string } | { ok: false; field: CardField; message: string }

export interface PaymentTokenRequest {
  numberToken: string
  cvvToken: string
  exp_month: number
  exp_year: number
  name?: string
  postal_code?: string
  address1?: string
}

const newId = (prefix: string) => `${prefix}_${randomBytes(18).toString('base64url')}`

export interface SandboxDeps extends ChargeLedgerDeps {
  /** The portal's public URL; its origin is where the frames come from. */
  publicUrl: string
}

export class SandboxGateway implements PaymentGateway {
  readonly name = 'sandbox' as const
  private lastCleanup = 0

  constructor(private readonly deps: SandboxDeps) {}

  hostedFields(): HostedFieldsConfig {
    return { provider: 'sandbox', scriptUrl: `${SANDBOX_BASE_PATH}/fields.js`, frameOrigin: new URL(this.deps.publicUrl).origin }
  }

  /** Step 1: a frame's own value (card number or CVV) becomes a part token. */
  async createCardPart(field: 'number' | 'cvv', value: string): Promise<TokenOutcome> {
    let part: CardPart
    if (field === 'number') {
      const digits = cardDigits(value)
      if (!digits) return { ok: false, field, message: 'Card number is required' }
      if (!luhnValid(digits)) return { ok: false, field, message: 'Card number is not valid' }
      part = { field, brand: cardBrand(digits), last4: digits.slice(-4), outcome: sandboxOutcome(digits) }
    } else {
      const cvv = value.trim()
      if (!cvv) return { ok: false, field, message: 'CVV is required' }
      if (!/^\d{3,4}$/.test(cvv)) return { ok: false, field, message: 'CVV is not valid' }
      part = { field } // the CVV itself is checked and forgotten
    }
    await this.cleanup()
    const id = newId('sbx_part')
    await this.deps.db.insert(idempotencyRecords).values({
      key: `sandbox-part:${id}`,
      scope: 'sandbox-part',
      requestHash: field,
      state: 'unused',
      responseBody: part,
      createdAt: this.deps.clock.now(),
    })
    return { ok: true, id }
  }

  /** Step 2: both part tokens plus expiry and billing details become one single-use payment token. */
  async createPaymentToken(request: PaymentTokenRequest): Promise<TokenOutcome> {
    const expiry = checkExpiry(request.exp_month, request.exp_year, this.deps.clock.now())
    if (!expiry.ok) return { ok: false, field: 'expiry', message: expiry.message }
    const number = (await this.consume('sandbox-part', request.numberToken)) as CardPart | null
    if (!number || number.field !== 'number') return { ok: false, field: 'number', message: 'Please enter your card number again' }
    const cvv = (await this.consume('sandbox-part', request.cvvToken)) as CardPart | null
    if (!cvv || cvv.field !== 'cvv') return { ok: false, field: 'cvv', message: 'Please enter your CVV again' }
    const data: PaymentTokenData = {
      brand: number.brand ?? 'unknown',
      last4: number.last4 ?? '',
      outcome: number.outcome ?? 'card_declined',
      expMonth: request.exp_month,
      expYear: expiry.year,
      ...(request.name ? { name: request.name } : {}),
      ...(request.postal_code ? { postalCode: request.postal_code } : {}),
    }
    const id = newId('sbx_tok')
    await this.deps.db.insert(idempotencyRecords).values({
      key: `sandbox-token:${id}`,
      scope: 'sandbox-token',
      requestHash: 'card',
      state: 'unused',
      responseBody: data,
      createdAt: this.deps.clock.now(),
    })
    return { ok: true, id }
  }

  charge(request: ChargeRequest): Promise<ChargeResult> {
    return chargeOnce(this.deps, 'sandbox-charge', request, async () => {
      if (!Number.isSafeInteger(request.amountCents) || request.amountCents <= 0) {
        return { ok: false, code: 'processor_error', message: 'The amount to charge is not valid' }
      }
      const token = (await this.consume('sandbox-token', request.token)) as PaymentTokenData | null
      if (!token) {
        return { ok: false, code: 'invalid_token', message: 'Your card details have expired or were already used. Please enter them again.' }
      }
      this.deps.logger.info('sandbox charge', {
        amountCents: request.amountCents,
        brand: token.brand,
        last4: token.last4,
        outcome: token.outcome,
      })
      if (token.outcome === 'card_declined') return { ok: false, code: 'card_declined', message: 'Your card was declined' }
      if (token.outcome === 'insufficient_funds') {
        return { ok: false, code: 'insufficient_funds', message: 'Your card has insufficient funds' }
      }
      return { ok: true, reference: newId('sbx_ch'), cardBrand: token.brand, cardLast4: token.last4 }
    })
  }

  /**
   * Voids a charge of this gateway: the charge is looked up in the ledger by its key and reference, the
   * void is kept under 'sandbox-void:<reference>' (what a processor's dashboard would show), and the
   * ledger forgets the charge.
   */
  async reverse(request: ReversalRequest): Promise<ReversalResult> {
    const [charged] = await this.deps.db
      .select()
      .from(idempotencyRecords)
      .where(and(eq(idempotencyRecords.key, `sandbox-charge:${request.idempotencyKey}`), eq(idempotencyRecords.state, 'done')))
    const result = charged?.responseBody as ChargeResult | undefined
    if (!result?.ok || result.reference !== request.reference) return { ok: false, message: 'No such charge to void' }
    await this.deps.db
      .insert(idempotencyRecords)
      .values({
        key: `sandbox-void:${request.reference}`,
        scope: 'sandbox-void',
        requestHash: `amount:${request.amountCents}`,
        state: 'done',
        responseBody: { reference: request.reference, amountCents: request.amountCents },
        createdAt: this.deps.clock.now(),
      })
      .onConflictDoNothing()
    await forgetCharge(this.deps, 'sandbox-charge', request.idempotencyKey)
    this.deps.logger.info('sandbox charge voided', { reference: request.reference, amountCents: request.amountCents })
    return { ok: true, kind: 'void' }
  }

  /** Marks a fresh, unused token used and returns its data; null when unknown, used or expired. */
  private async consume(scope: 'sandbox-part' | 'sandbox-token', id: string): Promise<unknown> {
    const prefix = scope === 'sandbox-part' ? 'sbx_part_' : 'sbx_tok_'
    if (!id.startsWith(prefix) || id.length > 100) return null
    const freshSince = new Date(this.deps.clock.now().getTime() - SANDBOX_TOKEN_TTL_MS)
    const [row] = await this.deps.db
      .update(idempotencyRecords)
      .set({ state: 'used' })
      .where(
        and(
          eq(idempotencyRecords.key, `${scope}:${id}`),
          eq(idempotencyRecords.state, 'unused'),
          gt(idempotencyRecords.createdAt, freshSince),
        ),
      )
      .returning({ data: idempotencyRecords.responseBody })
    return row?.data ?? null
  }

  private async cleanup(): Promise<void> {
    const now = this.deps.clock.now().getTime()
    if (now - this.lastCleanup < CLEANUP_EVERY_MS) return
    this.lastCleanup = now
    await this.deps.db
      .delete(idempotencyRecords)
      .where(
        and(
          inArray(idempotencyRecords.scope, ['sandbox-part', 'sandbox-token']),
          lt(idempotencyRecords.createdAt, new Date(now - TOKEN_RETENTION_MS)),
        ),
      )
  }
}

export const isSandboxGateway = (gateway: PaymentGateway): gateway is SandboxGateway => gateway instanceof SandboxGateway
