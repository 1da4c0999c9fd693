import { and, desc, eq, ne } from 'drizzle-orm'
import type { Autopay, PaymentMethod } from '../../contract/payments'
import { recordAudit } from '../audit'
import type { AppDeps } from '../context'
import type { Db, Tx } from '../db/client'
import { clientAutopay, paymentMethods } from '../db/schema'
import { HttpError } from '../http/errors'
import type { Charged } from './gateway'
import type { ChargeSource, Intent } from './intents'

/**
 * Saved cards (payment_methods): the gateway's card-on-file token of a client's card, with brand, last
 * four digits and expiry to show. Never the number. A card is found only together with its client, so a
 * card saved by one company is never charged for another: another client's card reads as missing (404).
 * See docs/payments.md.
 */
export type PaymentMethodRow = typeof paymentMethods.$inferSelect

export const toPaymentMethod = (row: PaymentMethodRow): PaymentMethod => ({
  id: row.id,
  brand: row.brand,
  last4: row.last4,
  expMonth: row.expMonth,
  expYear: row.expYear,
  isDefault: row.isDefault,
})

/** The client's saved cards, the default first, then the newest. */
export async function listPaymentMethods(db: Db | Tx, clientId: number): Promise<PaymentMethodRow[]> {
  return db.select().from(paymentMethods).where(eq(paymentMethods.clientId, clientId)).orderBy(desc(paymentMethods.isDefault), desc(paymentMethods.id))
}

const methodNotFound = (id: number) => new HttpError(404, 'Payment method not found', `Saved card ${id} was not found`)

/** The client's saved card with this id, or 404 (another client's card included). */
export async function findPaymentMethod(db: Db | Tx, clientId: number, methodId: number): Promise<PaymentMethodRow> {
  const [row] = await db
    .select()
    .from(paymentMethods)
    .where(and(eq(paymentMethods.id, methodId), eq(paymentMethods.clientId, clientId)))
  if (!row) throw methodNotFound(methodId)
  return row
}

/**
 * What a payment charges, from its request: a saved card of the paying client (checked to be the
 * client's and of the gateway in use), or the one-time token.
 */
export async function chargeSourceOf(
  deps: Pick<AppDeps, 'db' | 'gateway'>,
  clientId: number,
  request: { token?: string; paymentMethodId?: number },
): Promise<{ source: ChargeSource; fingerprint: string }> {
  // fingerprint: what the request's hash is made of (the token itself, as before saved cards; or the card's id).
  if (request.paymentMethodId === undefined) {
    if (!request.token) throw new HttpError(422, 'A card is required', 'Enter your card details or choose a saved card.')
    return { source: request.token, fingerprint: request.token }
  }
  const method = await findPaymentMethod(deps.db, clientId, request.paymentMethodId)
  if (method.gateway !== deps.gateway.name) {
    throw new HttpError(422, 'Saved card not usable', 'This saved card belongs to another card processor. Please enter your card details.')
  }
  return { source: { storedCard: method.gatewayToken }, fingerprint: `method:${method.id}` }
}

/**
 * Keeps the card of a recorded charge on file when the payment asked to (`order.saveCard`), in the
 * transaction that records the payment: the request's or the reconciliation's. Saving the same card
 * again changes nothing. The first card of a client is its default.
 */
export async function saveChargedCard(tx: Tx, intent: Intent, charge: Charged | null, now: Date): Promise<PaymentMethodRow | null> {
  if (intent.order.saveCard !== true || !charge?.storedCard || intent.clientId == null) return null
  const card = charge.storedCard
  const [existing] = await tx.select({ id: paymentMethods.id }).from(paymentMethods).where(eq(paymentMethods.clientId, intent.clientId)).limit(1)
  const [row] = await tx
    .insert(paymentMethods)
    .values({
      clientId: intent.clientId,
      gateway: intent.gateway,
      gatewayToken: card.token,
      brand: card.brand,
      last4: card.last4,
      expMonth: card.expMonth,
      expYear: card.expYear,
      isDefault: !existing,
      createdAt: now,
    })
    .onConflictDoNothing()
    .returning()
  return row ?? null
}

/**
 * Removes a saved card: the gateway forgets it first (a card the portal no longer lists is never left
 * chargeable), then the row goes. Auto-pay with this card is switched off; another card becomes the
 * default when this one was.
 */
export async function deletePaymentMethod(deps: AppDeps, clientId: number, methodId: number, actorUserId: number | null): Promise<void> {
  const method = await findPaymentMethod(deps.db, clientId, methodId)
  if (method.gateway === deps.gateway.name) {
    try {
      await deps.gateway.deleteStoredCard(method.gatewayToken)
    } catch (error) {
      deps.logger.error('card processor did not forget a saved card', { methodId, error: error instanceof Error ? error.message : String(error) })
      throw new HttpError(502, 'Card not removed', 'The card processor did not answer. Please try again in a moment.')
    }
  }
  await deps.db.transaction(async (tx) => {
    await tx
      .update(clientAutopay)
      .set({ enabled: false, paymentMethodId: null, updatedAt: deps.clock.now() })
      .where(and(eq(clientAutopay.clientId, clientId), eq(clientAutopay.paymentMethodId, methodId)))
    await tx.delete(paymentMethods).where(and(eq(paymentMethods.id, methodId), eq(paymentMethods.clientId, clientId)))
    if (method.isDefault) {
      const [next] = await tx
        .select({ id: paymentMethods.id })
        .from(paymentMethods)
        .where(and(eq(paymentMethods.clientId, clientId), ne(paymentMethods.id, methodId)))
        .orderBy(desc(paymentMethods.id))
        .limit(1)
      if (next) await tx.update(paymentMethods).set({ isDefault: true }).where(eq(paymentMethods.id, next.id))
    }
    await recordAudit(tx, {
      at: deps.clock.now(),
      actorUserId,
      action: 'payment-method.delete',
      entity: 'payment_method',
      entityId: String(methodId),
      details: { clientId, brand: method.brand, last4: method.last4 },
    })
  })
}

/** The client's auto-pay setting, with its card. */
export async function autopayOf(db: Db | Tx, clientId: number): Promise<Autopay> {
  const [row] = await db
    .select({ enabled: clientAutopay.enabled, method: paymentMethods })
    .from(clientAutopay)
    .leftJoin(paymentMethods, eq(paymentMethods.id, clientAutopay.paymentMethodId))
    .where(eq(clientAutopay.clientId, clientId))
  if (!row) return { enabled: false, paymentMethodId: null, paymentMethod: null }
  return { enabled: row.enabled && row.method != null, paymentMethodId: row.method?.id ?? null, paymentMethod: row.method ? toPaymentMethod(row.method) : null }
}

/** Switches auto-pay on (with one of the client's saved cards) or off. */
export async function setAutopay(
  deps: AppDeps,
  clientId: number,
  body: { enabled: boolean; paymentMethodId?: number | null },
  actorUserId: number | null,
): Promise<Autopay> {
  const now = deps.clock.now()
  const method = body.paymentMethodId != null ? await findPaymentMethod(deps.db, clientId, body.paymentMethodId) : null
  await deps.db.transaction(async (tx) => {
    const values = { enabled: body.enabled, paymentMethodId: method?.id ?? null, updatedAt: now }
    await tx
      .insert(clientAutopay)
      .values({ clientId, ...values })
      .onConflictDoUpdate({ target: clientAutopay.clientId, set: body.enabled || method ? values : { enabled: false, updatedAt: now } })
    await recordAudit(tx, {
      at: now,
      actorUserId,
      action: body.enabled ? 'autopay.enable' : 'autopay.disable',
      entity: 'client',
      entityId: String(clientId),
      details: { paymentMethodId: method?.id ?? null },
    })
  })
  return autopayOf(deps.db, clientId)
}
