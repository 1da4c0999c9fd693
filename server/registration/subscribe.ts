import { randomUUID } from 'node:crypto'
import { and, eq, inArray } from 'drizzle-orm'
import type { SubscribeResult, SubscribeServices } from '../../contract/clients'
import { centsToDollars, dollarsToCents, type ErrorBody } from '../../contract/common'
import { INVOICE_STATUS } from '../../contract/invoices'
import { sha256 } from '../auth/tokens'
import type { AppDeps, Caller } from '../context'
import type { Db } from '../db/client'
import { clients, clientServices, servicePackages, services } from '../db/schema'
import { claimLocks, completeIdempotent, hashRequest, releaseIdempotent, releaseLocks, startIdempotent, type IdempotencyClaim } from '../idempotency'
import { conflict, errorBody, HttpError, notFound } from '../http/errors'
import { createInvoice, recordInvoiceCharge } from '../invoices/create'
import { recordAudit } from '../audit'
import { reverseCharge } from '../payments/reversal'

/**
 * A client orders more services and pays for them by card (POST /api/client/services/packages/subscribe).
 *
 * 1. With an Idempotency-Key, the key is reserved first (scope 'service-subscribe'): a retry of a
 *    finished order gets the first answer; one still running gets 409; another body with the key, 422.
 * 2. The client is claimed (`client-subscribe:<clientId>` in idempotency_records) for the length of the
 *    order, so two tabs ordering at once cannot both charge; the second gets 409. A claim left by a
 *    server that stopped expires after CLAIM_STALE_MS.
 * 3. Everything that can refuse the order is checked before the card is charged: services and packages
 *    active and matching, each service once, priced as shown, not already subscribed, at most one address
 *    service.
 * 4. The card is charged with a key derived from the Idempotency-Key, so a retry after a lost answer is
 *    answered by the charge ledger instead of charging again.
 * 5. One transaction writes the subscriptions, the PAID invoice, the payment and the audit event, and
 *    stores the answer for replays. Should it fail after the charge, the charge is voided or refunded
 *    through the gateway and the attempt recorded for operators (payments/reversal.ts).
 */
const SCOPE = 'service-subscribe'
const CLAIM_SCOPE = 'client-subscribe'
export const CLAIM_STALE_MS = 15 * 60_000

export type SubscribeOutcome = { status: 201; body: SubscribeResult; replayed: boolean } | { status: 402; body: ErrorBody; replayed: false }

interface OrderLine {
  serviceId: number
  servicePackageId: number
  description: string
  amountCents: number
}

const refuse = (detail: string, details: string, path: string) => new HttpError(422, detail, details, [{ path, message: `${path}: ${details}` }])

export async function subscribeServices(
  deps: AppDeps,
  caller: Caller,
  input: SubscribeServices,
  context: { idempotencyKey?: string; requestId?: string; ip?: string | null },
): Promise<SubscribeOutcome> {
  const { db, logger } = deps
  const clientId = caller.clientId
  if (clientId == null) throw notFound('Client')

  let claim: IdempotencyClaim | undefined
  if (context.idempotencyKey) {
    const lines = input.serviceSubscriptions.map((s) => [s.serviceId, s.servicePackageId, s.servicePackageAmount ?? null])
    const started = await startIdempotent(db, {
      key: context.idempotencyKey,
      scope: SCOPE,
      userId: caller.userId,
      requestHash: hashRequest(clientId, lines, sha256(input.affinipayPaymentDetails.token)),
      now: deps.clock.now(),
    })
    if (started.kind === 'replay') return { status: started.status as 201, body: started.body as SubscribeResult, replayed: true }
    claim = started.claim
  }

  let stored = false
  try {
    const attemptKey = `subscribe_${randomUUID()}`
    await claimClient(db, clientId, attemptKey, deps.clock.now())
    try {
      const lines = await prepareOrder(db, clientId, input)
      const totalCents = lines.reduce((sum, line) => sum + line.amountCents, 0)
      const chargeKey = context.idempotencyKey ? `${SCOPE}:${caller.userId}:${context.idempotencyKey}` : attemptKey
      let charge: { reference: string; cardBrand?: string; cardLast4?: string } | undefined
      if (totalCents > 0) {
        let result
        try {
          result = await deps.gateway.charge({
            token: input.affinipayPaymentDetails.token,
            amountCents: totalCents,
            idempotencyKey: chargeKey,
            description: lines.map((line) => line.description).join(', '),
          })
        } catch (error) {
          logger.error('card processor unreachable; subscription not charged', { requestId: context.requestId, chargeKey, error: String(error) })
          throw new HttpError(502, 'Payment failed', 'The card processor could not be reached. Please try again in a few minutes.')
        }
        if (!result.ok) {
          logger.info('subscription card declined', { requestId: context.requestId, code: result.code })
          if (result.code === 'processor_error') throw new HttpError(502, 'Payment failed', result.message)
          return { status: 402, body: errorBody('Payment failed', result.message || 'The card was declined'), replayed: false }
        }
        charge = result
      }
      try {
        const body = await writeOrder(deps, caller, clientId, lines, totalCents, { chargeKey, charge, claim, requestId: context.requestId, ip: context.ip })
        stored = Boolean(claim)
        return { status: 201, body, replayed: false }
      } catch (error) {
        if (!charge) throw error
        const { reversed } = await reverseCharge(
          deps,
          { reference: charge.reference, idempotencyKey: chargeKey, amountCents: totalCents },
          { order: 'subscription', requestId: context.requestId, ip: context.ip, actorUserId: caller.userId, customer: { clientId, email: caller.email }, error },
        )
        if (reversed) {
          throw new HttpError(
            500,
            'Your order could not be saved',
            'Your order could not be saved, and the payment was cancelled: your card has not been charged. Please try again in a few minutes.',
          )
        }
        throw new HttpError(
          500,
          'Your order could not be saved',
          `Your payment was received but your order could not be saved. Please contact support quoting reference ${charge.reference}; the payment will be returned.`,
        )
      }
    } finally {
      await releaseLocks(db, { scope: CLAIM_SCOPE, ids: [clientId], owner: attemptKey }).catch((error) => logger.error('could not release a subscription claim', { clientId, error: String(error) }))
    }
  } finally {
    // Refusals and failures are not remembered: a retry with the same key runs again.
    if (claim && !stored) await releaseIdempotent(db, claim).catch(() => {})
  }
}

async function claimClient(db: Db, clientId: number, attemptKey: string, now: Date): Promise<void> {
  // A claim left by a server that stopped mid-order is taken over after CLAIM_STALE_MS.
  if (await claimLocks(db, { scope: CLAIM_SCOPE, ids: [clientId], owner: attemptKey, now, staleAfterMs: CLAIM_STALE_MS })) return
  throw conflict('An order is already being processed', 'Another order for your account is being processed. Please wait a moment and refresh.')
}

/** Every check that can refuse the order, before any money moves. Prices come from the catalogue only. */
async function prepareOrder(db: Db, clientId: number, input: SubscribeServices): Promise<OrderLine[]> {
  const ordered = input.serviceSubscriptions
  if (new Set(ordered.map((s) => s.serviceId)).size !== ordered.length) {
    throw refuse('Each service can be ordered once', 'Each service can be ordered only once', 'serviceSubscriptions')
  }
  const serviceRows = await db.select().from(services).where(inArray(services.id, ordered.map((s) => s.serviceId)))
  const packageRows = await db.select().from(servicePackages).where(inArray(servicePackages.id, ordered.map((s) => s.servicePackageId)))
  const current = await db
    .select({ serviceId: clientServices.serviceId, kind: services.kind, name: services.name })
    .from(clientServices)
    .innerJoin(services, eq(services.id, clientServices.serviceId))
    .where(and(eq(clientServices.clientId, clientId), eq(clientServices.active, true)))

  const lines: OrderLine[] = []
  let addressServices = current.filter((s) => s.kind === 'address').length
  for (const [index, item] of ordered.entries()) {
    const service = serviceRows.find((s) => s.id === item.serviceId)
    const pkg = packageRows.find((p) => p.id === item.servicePackageId)
    if (!service?.active || !pkg?.active || pkg.serviceId !== service.id) {
      throw refuse('Service not available', `${service?.name ?? 'A chosen service'} is not available. Please review your order.`, `serviceSubscriptions.${index}`)
    }
    if (current.some((s) => s.serviceId === service.id)) {
      throw new HttpError(409, 'Already subscribed', `You already subscribe to ${service.name}.`, [
        { path: `serviceSubscriptions.${index}`, message: `serviceSubscriptions.${index}: You already subscribe to ${service.name}` },
      ])
    }
    if (item.servicePackageAmount != null && dollarsToCents(item.servicePackageAmount) !== pkg.amountCents) {
      throw new HttpError(
        409,
        'Prices have changed',
        `The price of ${service.name} (${pkg.name}) is now $${centsToDollars(pkg.amountCents).toFixed(2)}. Please review your order.`,
      )
    }
    if (service.kind === 'address' && ++addressServices > 1) {
      throw refuse('Only one address service', 'You can have only one address service', `serviceSubscriptions.${index}`)
    }
    lines.push({ serviceId: service.id, servicePackageId: pkg.id, description: `${service.name}: ${pkg.name}`, amountCents: pkg.amountCents })
  }
  return lines
}

async function writeOrder(
  deps: AppDeps,
  caller: Caller,
  clientId: number,
  lines: OrderLine[],
  totalCents: number,
  order: {
    chargeKey: string
    charge?: { reference: string; cardBrand?: string; cardLast4?: string }
    claim?: IdempotencyClaim
    requestId?: string
    ip?: string | null
  },
): Promise<SubscribeResult> {
  const now = deps.clock.now()
  return deps.db.transaction(async (tx) => {
    const [client] = await tx.select({ id: clients.id }).from(clients).where(eq(clients.id, clientId)).for('update')
    if (!client) throw notFound('Client')
    const created = await tx
      .insert(clientServices)
      .values(lines.map((line) => ({ clientId, serviceId: line.serviceId, servicePackageId: line.servicePackageId, createdAt: now })))
      .returning({ id: clientServices.id, serviceId: clientServices.serviceId, servicePackageId: clientServices.servicePackageId })
    const invoice = await createInvoice(tx, {
      clientId,
      invoiceDate: now,
      dueDate: now,
      paidDate: now,
      status: INVOICE_STATUS.PAID,
      lines: lines.map((line) => ({ description: line.description, unitAmountCents: line.amountCents, serviceId: line.serviceId, servicePackageId: line.servicePackageId })),
    })
    if (invoice.totalCents !== totalCents) throw new Error(`Invoice total ${invoice.totalCents} differs from the charge ${totalCents}`)
    if (order.charge) {
      await recordInvoiceCharge(tx, {
        clientId,
        invoiceId: invoice.id,
        amountCents: totalCents,
        gateway: deps.gateway.name,
        charge: order.charge,
        idempotencyKey: order.chargeKey,
        at: now,
      })
    }
    await recordAudit(tx, {
      at: now,
      actorUserId: caller.userId,
      action: 'client.subscribe',
      entity: 'client',
      entityId: String(clientId),
      details: { invoiceId: invoice.id, amountCents: totalCents, services: lines.map((line) => line.serviceId), reference: order.charge?.reference ?? null },
      ip: order.ip ?? null,
      requestId: order.requestId ?? null,
    })
    const body: SubscribeResult = {
      invoiceId: invoice.id,
      invoiceNumber: invoice.invoiceNumber,
      total: centsToDollars(totalCents),
      clientServices: created.map((row) => ({ id: row.id, serviceId: row.serviceId, servicePackageId: row.servicePackageId! })),
    }
    if (order.claim) await completeIdempotent(tx, order.claim, 201, body)
    return body
  })
}
