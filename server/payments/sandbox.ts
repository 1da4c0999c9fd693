import { randomBytes } from 'node:crypto'
import { and, count, desc, eq, gt, inArray, lt, ne } from 'drizzle-orm'
import { centsToDollars } from '../../contract/common'
import type { SandboxLedger } from '../../contract/payments'
import type { Clock } from '../context'
import type { Db, Tx } from '../db/client'
import { idempotencyRecords, sandboxCharges, sandboxStoredCards } from '../db/schema'
import type { Logger } from '../logger'
import { cardBrand, cardDigits, checkExpiry, luhnValid, sandboxOutcome, type CardBrand, type SandboxOutcome } from './cards'
import type { ChargeRequest, ChargeResult, GatewayCharge, HostedFieldsConfig, PaymentGateway, ReversalRequest, ReversalResult, StoredCard } from './gateway'

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
 * brand and last four digits are stored, never the number or the CVV.
 *
 * Its books (sandbox_charges) are kept as a card processor keeps them, one row per idempotency key, and
 * every change to them is one transaction: a charge is made whole or not at all, a repeat of its key
 * answers the first result, and a key closed by closeKey can no longer charge. Staff read the books at
 * GET /api/payments/sandbox/ledger. See docs/payments.md.
 *
 * Cards on file (sandbox_stored_cards): a successful charge with `saveCard` keeps the token's card, in
 * the charge's own transaction, under a stored-card token (sbx_card_...) tied to the charge's key, so
 * closeKey and a repeat of the key answer the same card. A stored card charges as the test card it was
 * made of (its `outcome`), and is refused once deleted or past its expiry month.
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

export interface SandboxDeps {
  db: Db
  clock: Clock
  logger: Logger
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
      if (!digits) return { ok: false, field, message: 'This field is mandatory' }
      if (!luhnValid(digits)) return { ok: false, field, message: 'Card number is not valid' }
      part = { field, brand: cardBrand(digits), last4: digits.slice(-4), outcome: sandboxOutcome(digits) }
    } else {
      const cvv = value.trim()
      if (!cvv) return { ok: false, field, message: 'This field is mandatory' }
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
    const number = (await this.consume(this.deps.db, 'sandbox-part', request.numberToken)) as CardPart | null
    if (!number || number.field !== 'number') return { ok: false, field: 'number', message: 'Please enter your card number again' }
    const cvv = (await this.consume(this.deps.db, 'sandbox-part', request.cvvToken)) as CardPart | null
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

  async charge(request: ChargeRequest): Promise<ChargeResult> {
    if (!Number.isSafeInteger(request.amountCents) || request.amountCents <= 0) {
      return { ok: false, code: 'processor_error', message: 'The amount to charge is not valid' }
    }
    const now = this.deps.clock.now()
    return this.deps.db.transaction(async (tx) => {
      // The key's row is written first: a concurrent repeat waits for this transaction and then reads it.
      const [row] = await tx
        .insert(sandboxCharges)
        .values({
          idempotencyKey: request.idempotencyKey,
          amountCents: request.amountCents,
          status: 'processing',
          description: request.description.slice(0, 300),
          createdAt: now,
          updatedAt: now,
        })
        .onConflictDoNothing()
        .returning({ id: sandboxCharges.id })
      if (!row) return repeatedCharge(tx, request)

      const stored = request.storedCard ? await this.storedCard(tx, request.storedCard) : null
      if (request.storedCard && stored && 'expired' in stored) {
        await tx
          .update(sandboxCharges)
          .set({ reference: newId('sbx_ch'), status: 'declined', declineCode: 'card_declined', cardBrand: stored.brand, cardLast4: stored.last4 })
          .where(eq(sandboxCharges.id, row.id))
        return { ok: false, code: 'card_declined', message: 'Your saved card has expired' } as const
      }
      const token = request.storedCard
        ? (stored as PaymentTokenData | null)
        : request.token
          ? ((await this.consume(tx, 'sandbox-token', request.token)) as PaymentTokenData | null)
          : null
      const outcome = token?.outcome ?? 'invalid_token'
      const reference = newId('sbx_ch')
      await tx
        .update(sandboxCharges)
        .set({
          reference,
          status: outcome === 'approve' ? 'succeeded' : 'declined',
          declineCode: outcome === 'approve' ? null : outcome,
          cardBrand: token?.brand ?? null,
          cardLast4: token?.last4 || null,
        })
        .where(eq(sandboxCharges.id, row.id))
      this.deps.logger.info('sandbox charge', { amountCents: request.amountCents, reference, brand: token?.brand, last4: token?.last4, outcome })
      if (!token) return request.storedCard ? DECLINES.unknown_card : DECLINES.invalid_token
      if (outcome !== 'approve') return DECLINES[outcome]
      let storedCard: StoredCard | undefined
      if (request.saveCard && !request.storedCard) {
        const [card] = await tx
          .insert(sandboxStoredCards)
          .values({
            token: newId('sbx_card'),
            brand: token.brand,
            last4: token.last4,
            expMonth: token.expMonth,
            expYear: token.expYear,
            outcome: token.outcome,
            chargeKey: request.idempotencyKey,
            createdAt: now,
          })
          .returning()
        storedCard = toStoredCard(card)
      }
      return { ok: true, reference, cardBrand: token.brand, cardLast4: token.last4, ...(storedCard ? { storedCard } : {}) }
    })
  }

  /** Forgets a card on file (its token charges nothing from then on). */
  async deleteStoredCard(token: string): Promise<void> {
    await this.deps.db.update(sandboxStoredCards).set({ deletedAt: this.deps.clock.now() }).where(eq(sandboxStoredCards.token, token))
  }

  /** A card on file as a charge uses it: null when unknown or deleted, `expired` past its expiry month. */
  private async storedCard(tx: Tx, token: string): Promise<PaymentTokenData | { expired: true; brand: string; last4: string } | null> {
    const [card] = await tx.select().from(sandboxStoredCards).where(eq(sandboxStoredCards.token, token))
    if (!card || card.deletedAt) return null
    if (!checkExpiry(card.expMonth, card.expYear, this.deps.clock.now()).ok) return { expired: true, brand: card.brand, last4: card.last4 }
    return { brand: card.brand as CardBrand, last4: card.last4, outcome: card.outcome as SandboxOutcome, expMonth: card.expMonth, expYear: card.expYear }
  }

  async closeKey(idempotencyKey: string): Promise<GatewayCharge | null> {
    const now = this.deps.clock.now()
    const [closed] = await this.deps.db
      .insert(sandboxCharges)
      .values({ idempotencyKey, amountCents: 0, status: 'canceled', createdAt: now, updatedAt: now })
      .onConflictDoNothing()
      .returning({ id: sandboxCharges.id })
    if (closed) return null
    const [row] = await this.deps.db.select().from(sandboxCharges).where(eq(sandboxCharges.idempotencyKey, idempotencyKey))
    const charge = row ? toGatewayCharge(row) : null
    const card = charge?.status === 'succeeded' ? await savedBy(this.deps.db, idempotencyKey) : undefined
    return charge && card ? { ...charge, storedCard: card } : charge
  }

  /** Voids a charge of these books; voiding it again answers the same. */
  async reverse(request: ReversalRequest): Promise<ReversalResult> {
    const [row] = await this.deps.db
      .update(sandboxCharges)
      .set({ status: 'voided', updatedAt: this.deps.clock.now() })
      .where(
        and(
          eq(sandboxCharges.reference, request.reference),
          eq(sandboxCharges.idempotencyKey, request.idempotencyKey),
          inArray(sandboxCharges.status, ['succeeded', 'voided']),
        ),
      )
      .returning({ amountCents: sandboxCharges.amountCents })
    if (!row) return { ok: false, message: 'No such charge to void' }
    this.deps.logger.info('sandbox charge voided', { reference: request.reference, amountCents: row.amountCents })
    return { ok: true, kind: 'void' }
  }

  /** The books, newest first: every charge tried (keys closed without one are not charges). */
  async ledger(page: number, pageSize: number): Promise<SandboxLedger> {
    const charges = ne(sandboxCharges.status, 'canceled')
    const [rows, [{ total }]] = await Promise.all([
      this.deps.db
        .select()
        .from(sandboxCharges)
        .where(charges)
        .orderBy(desc(sandboxCharges.id))
        .limit(pageSize)
        .offset((page - 1) * pageSize),
      this.deps.db.select({ total: count() }).from(sandboxCharges).where(charges),
    ])
    return {
      data: rows.map((row) => ({
        id: row.id,
        amount: centsToDollars(row.amountCents),
        status: row.status as SandboxLedger['data'][number]['status'],
        reference: row.reference ?? '',
        idempotencyKey: row.idempotencyKey,
        createdAt: row.createdAt.toISOString(),
      })),
      total,
    }
  }

  /** Marks a fresh, unused token used and returns its data; null when unknown, used or expired. */
  private async consume(db: Db | Tx, scope: 'sandbox-part' | 'sandbox-token', id: string): Promise<unknown> {
    const prefix = scope === 'sandbox-part' ? 'sbx_part_' : 'sbx_tok_'
    if (!id.startsWith(prefix) || id.length > 100) return null
    const freshSince = new Date(this.deps.clock.now().getTime() - SANDBOX_TOKEN_TTL_MS)
    const [row] = await db
      .update(idempotencyRecords)
      .set({ state: 'used' })
      .where(and(eq(idempotencyRecords.key, `${scope}:${id}`), eq(idempotencyRecords.state, 'unused'), gt(idempotencyRecords.createdAt, freshSince)))
      .returning({ data: idempotencyRecords.responseBody })
    return row?.data ?? null
  }

  private async cleanup(): Promise<void> {
    const now = this.deps.clock.now().getTime()
    if (now - this.lastCleanup < CLEANUP_EVERY_MS) return
    this.lastCleanup = now
    await this.deps.db
      .delete(idempotencyRecords)
      .where(and(inArray(idempotencyRecords.scope, ['sandbox-part', 'sandbox-token']), lt(idempotencyRecords.createdAt, new Date(now - TOKEN_RETENTION_MS))))
  }
}

export const isSandboxGateway = (gateway: PaymentGateway): gateway is SandboxGateway => gateway instanceof SandboxGateway

const DECLINES = {
  card_declined: { ok: false, code: 'card_declined', message: 'Your card was declined' },
  insufficient_funds: { ok: false, code: 'insufficient_funds', message: 'Your card has insufficient funds' },
  invalid_token: { ok: false, code: 'invalid_token', message: 'Your card details have expired or were already used. Please enter them again.' },
  unknown_card: { ok: false, code: 'invalid_token', message: 'This saved card is no longer available. Please enter your card details.' },
} as const satisfies Record<string, ChargeResult>

type SandboxChargeRow = typeof sandboxCharges.$inferSelect

function toGatewayCharge(row: SandboxChargeRow): GatewayCharge | null {
  if (row.status === 'canceled' || !row.reference) return null
  return {
    reference: row.reference,
    amountCents: row.amountCents,
    status: row.status as GatewayCharge['status'],
    ...(row.cardBrand ? { cardBrand: row.cardBrand } : {}),
    ...(row.cardLast4 ? { cardLast4: row.cardLast4 } : {}),
  }
}

/** The answer to a key already in the books: the first result, never a second charge. */
async function repeatedCharge(tx: Tx, request: ChargeRequest): Promise<ChargeResult> {
  const [row] = await tx.select().from(sandboxCharges).where(eq(sandboxCharges.idempotencyKey, request.idempotencyKey))
  if (!row || row.status === 'canceled')
    return { ok: false, code: 'canceled', message: 'This payment was stopped before your card was charged. Please try again.' }
  if (row.amountCents !== request.amountCents) return { ok: false, code: 'processor_error', message: 'This payment was already made for a different amount' }
  if (row.status === 'succeeded') {
    const storedCard = await savedBy(tx, request.idempotencyKey)
    return {
      ok: true,
      reference: row.reference!,
      ...(row.cardBrand ? { cardBrand: row.cardBrand } : {}),
      ...(row.cardLast4 ? { cardLast4: row.cardLast4 } : {}),
      ...(storedCard ? { storedCard } : {}),
    }
  }
  if (row.status === 'declined') return DECLINES[(row.declineCode ?? 'card_declined') as keyof typeof DECLINES] ?? DECLINES.card_declined
  return { ok: false, code: 'processor_error', message: 'This charge was reversed. Please try again.' }
}

const toStoredCard = (card: typeof sandboxStoredCards.$inferSelect): StoredCard => ({
  token: card.token,
  brand: card.brand,
  last4: card.last4,
  expMonth: card.expMonth,
  expYear: card.expYear,
})

/** The card a charge kept on file, if it did (and it was not deleted since). */
async function savedBy(db: Db | Tx, chargeKey: string): Promise<StoredCard | undefined> {
  const [card] = await db.select().from(sandboxStoredCards).where(eq(sandboxStoredCards.chargeKey, chargeKey))
  return card && !card.deletedAt ? toStoredCard(card) : undefined
}
