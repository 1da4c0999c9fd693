import { randomUUID } from 'node:crypto'
import { and, inArray } from 'drizzle-orm'
import { centsToDollars, type ErrorBody } from '../../contract/common'
import { INVOICE_STATUS, PAYABLE_INVOICE_STATUSES, type PayInvoicesResult } from '../../contract/invoices'
import { sha256 } from '../auth/tokens'
import type { AppDeps, Caller } from '../context'
import type { Db } from '../db/client'
import { isConcurrencyFailure } from '../db/pg-error'
import { invoices, paymentInvoices, payments } from '../db/schema'
import { conflict, errorBody, HttpError, notFound, unprocessable } from '../http/errors'
import type { ChargeResult, PaymentGateway } from '../payments/gateway'
import { recordAudit } from '../audit'
import { notifyClient } from '../notifications'
import { claimLocks, completeIdempotent, releaseIdempotent, releaseLocks, startIdempotent, type IdempotencyClaim } from '../idempotency'

/**
 * Paying invoices by card, charging once however many requests race for the same invoices.
 *
 * 1. With an Idempotency-Key, the key is reserved first: a retry of a finished request gets the first
 *    answer again; one still running gets 409.
 * 2. Claim: in one short transaction the invoice rows are locked (FOR UPDATE), checked (the caller's,
 *    payable) and claimed, one claim row per invoice in idempotency_records under the key
 *    `invoice-claim:<invoiceId>`. The primary key makes a second claim of any of the invoices fail, so
 *    of two tabs paying overlapping invoices only one goes on; the other gets 409.
 * 3. Charge: the transaction is committed before the card processor is called, so no database lock is
 *    held across the network call.
 * 4. Settle (one payment row, its payment_invoices, invoices PAID) and drop the claims in one
 *    transaction; on a decline, only drop the claims.
 * A claim left by a server that died mid-payment expires after CLAIM_STALE_MS.
 */
export const CLAIM_STALE_MS = 15 * 60_000
const PAY_SCOPE = 'invoice-pay'
const CLAIM_SCOPE = 'invoice-claim'

export type PayOutcome = { status: 200; body: PayInvoicesResult } | { status: 402; body: ErrorBody }

export interface PayRequest {
  /** In the order the request named them. */
  invoiceIds: number[]
  token: string
  idempotencyKey?: string
}

type PayDeps = Pick<AppDeps, 'db' | 'clock' | 'logger' | 'gateway'>

/** Pays the caller's invoices with one charge, or charges nothing. */
export async function payInvoices(deps: PayDeps, caller: Caller, request: PayRequest, requestId?: string): Promise<PayOutcome> {
  if (caller.clientId == null) throw notFound('Invoice')

  const sortedIds = [...request.invoiceIds].sort((a, b) => a - b)
  const requestHash = sha256(JSON.stringify({ invoiceIds: sortedIds, token: sha256(request.token) }))

  let claim: IdempotencyClaim | undefined
  if (request.idempotencyKey) {
    const started = await startIdempotent(deps.db, {
      scope: PAY_SCOPE,
      key: request.idempotencyKey,
      userId: caller.userId,
      requestHash,
      now: deps.clock.now(),
      abandonedAfterMs: CLAIM_STALE_MS,
      mismatchDetails: 'This Idempotency-Key was already used for a different payment. Send a new key for a new payment.',
      running: () => conflict('This payment is already in progress', 'This payment is already being processed. Please wait a moment and refresh.'),
    })
    if (started.kind === 'replay') return { status: started.status, body: started.body } as PayOutcome
    claim = started.claim
  }

  let stored = false
  try {
    const outcome = await attemptPayment(deps, deps.gateway, caller, caller.clientId, request, sortedIds, claim, requestId)
    stored = Boolean(claim)
    return outcome
  } finally {
    // Refusals and failures before or around the charge are not remembered: a retry runs again.
    if (claim && !stored) {
      await releaseIdempotent(deps.db, claim).catch((error) => deps.logger.error('could not release an idempotency key', { key: claim.key, error: String(error) }))
    }
  }
}

interface ClaimedInvoice {
  id: number
  invoiceNumber: string
  totalCents: number
}

async function attemptPayment(
  deps: PayDeps,
  gateway: PaymentGateway,
  caller: Caller,
  clientId: number,
  request: PayRequest,
  sortedIds: number[],
  claim: IdempotencyClaim | undefined,
  requestId: string | undefined,
): Promise<PayOutcome> {
  const { db, logger } = deps
  const attemptKey = `invpay_${randomUUID()}`
  const claimed = await claimInvoices(db, clientId, sortedIds, attemptKey, deps.clock.now())
  const claimedIds = claimed.map((invoice) => invoice.id)
  const release = () =>
    releaseLocks(db, { scope: CLAIM_SCOPE, ids: claimedIds, owner: attemptKey })
      .catch((error) => logger.error('could not release invoice claims', { attemptKey, error: String(error) }))

  const amountCents = claimed.reduce((sum, invoice) => sum + invoice.totalCents, 0)
  if (amountCents <= 0 || amountCents > 2_147_483_647) {
    await release()
    throw unprocessable('These invoices cannot be paid by card', amountCents <= 0 ? 'There is nothing to pay on these invoices.' : 'The amount is too large for one card payment.')
  }

  const numbers = request.invoiceIds.map((id) => claimed.find((invoice) => invoice.id === id)!.invoiceNumber)
  const charge = {
    token: request.token,
    amountCents,
    idempotencyKey: attemptKey,
    description: `${numbers.length === 1 ? 'Invoice' : 'Invoices'} ${numbers.join(', ')}`,
  }
  logger.info('charging invoices', { requestId, attemptKey, clientId, invoiceIds: sortedIds, amountCents })
  let result: ChargeResult
  try {
    result = await gateway.charge(charge)
  } catch (first) {
    // Same key: the processor charges at most once, so asking again is safe.
    logger.warn('card processor call failed, retrying', { requestId, attemptKey, error: String(first) })
    try {
      result = await gateway.charge(charge)
    } catch (second) {
      logger.error('card processor unreachable; charge outcome unknown', { requestId, attemptKey, amountCents, error: String(second) })
      await release()
      throw new HttpError(502, 'Payment failed', 'The card processor could not be reached. Please try again in a few minutes.')
    }
  }

  if (!result.ok) {
    await release()
    logger.info('card declined', { requestId, attemptKey, code: result.code })
    const outcome: PayOutcome = { status: 402, body: errorBody('Payment failed', result.message || 'The card was declined') }
    if (claim) await completeIdempotent(db, claim, outcome.status, outcome.body)
    return outcome
  }

  return settle(deps, gateway, caller, clientId, request, claimed, attemptKey, amountCents, result, claim, requestId)
}

/** Locks, checks and claims the invoices; commits before anyone is charged. */
async function claimInvoices(db: Db, clientId: number, sortedIds: number[], attemptKey: string, now: Date): Promise<ClaimedInvoice[]> {
  try {
    return await db.transaction(async (tx) => {
      const rows = await tx
        .select({ id: invoices.id, clientId: invoices.clientId, invoiceNumber: invoices.invoiceNumber, status: invoices.status, totalCents: invoices.totalCents })
        .from(invoices)
        .where(inArray(invoices.id, sortedIds))
        .orderBy(invoices.id)
        .for('update')
      // Another client's invoice reads exactly like a missing one; so every invoice is the caller's
      // client's, and invoices of mixed clients never reach the charge.
      const missing = sortedIds.find((id) => !rows.some((row) => row.id === id && row.clientId === clientId))
      if (missing !== undefined) throw new HttpError(404, 'Invoice not found', `Invoice ${missing} was not found`)
      const paid = rows.find((row) => row.status === INVOICE_STATUS.PAID)
      if (paid) throw conflict(`Invoice ${paid.invoiceNumber} is already paid`)
      const unpayable = rows.find((row) => !PAYABLE_INVOICE_STATUSES.includes(row.status))
      if (unpayable) throw unprocessable(`Invoice ${unpayable.invoiceNumber} cannot be paid`, 'You can only pay unpaid invoices')

      if (!(await claimLocks(tx, { scope: CLAIM_SCOPE, ids: sortedIds, owner: attemptKey, now, staleAfterMs: CLAIM_STALE_MS }))) throw beingPaid()
      return rows.map(({ id, invoiceNumber, totalCents }) => ({ id, invoiceNumber, totalCents }))
    })
  } catch (error) {
    if (error instanceof HttpError) throw error
    // Two overlapping claims that deadlock or fail to serialize: the other request is paying.
    if (isConcurrencyFailure(error)) throw beingPaid()
    throw error
  }
}

const beingPaid = () => conflict('These invoices are already being paid', 'Another payment for these invoices is in progress. Please wait a moment and refresh.')

/** Records the charge. Money has been taken: this must not be lost, so it is retried before giving up. */
async function settle(
  deps: PayDeps,
  gateway: PaymentGateway,
  caller: Caller,
  clientId: number,
  request: PayRequest,
  claimed: ClaimedInvoice[],
  attemptKey: string,
  amountCents: number,
  result: Extract<ChargeResult, { ok: true }>,
  claim: IdempotencyClaim | undefined,
  requestId: string | undefined,
): Promise<PayOutcome> {
  const { db, logger } = deps
  const ids = claimed.map((invoice) => invoice.id)
  for (let attempt = 1; ; attempt++) {
    const paidAt = deps.clock.now()
    try {
      return await db.transaction(async (tx) => {
        const [payment] = await tx
          .insert(payments)
          .values({
            clientId,
            amountCents,
            gateway: gateway.name,
            gatewayReference: result.reference,
            idempotencyKey: attemptKey,
            cardBrand: result.cardBrand ?? null,
            cardLast4: result.cardLast4 ?? null,
            createdAt: paidAt,
          })
          .returning({ id: payments.id })
        await tx.insert(paymentInvoices).values(claimed.map((invoice) => ({ paymentId: payment.id, invoiceId: invoice.id, amountCents: invoice.totalCents })))
        const updated = await tx
          .update(invoices)
          .set({ status: INVOICE_STATUS.PAID, paidDate: paidAt })
          .where(and(inArray(invoices.id, ids), inArray(invoices.status, [...PAYABLE_INVOICE_STATUSES])))
          .returning({ id: invoices.id })
        if (updated.length !== ids.length) {
          // The claims exclude this; if it ever happens the money is still recorded, and flagged.
          logger.error('paid invoices changed status during payment', { requestId, attemptKey, ids, updated: updated.map((u) => u.id) })
        }
        await releaseLocks(tx, { scope: CLAIM_SCOPE, ids, owner: attemptKey })
        await recordAudit(tx, {
          at: paidAt,
          actorUserId: caller.userId,
          action: 'invoice.pay',
          entity: 'payment',
          entityId: String(payment.id),
          details: { invoiceIds: ids, amountCents, reference: result.reference, gateway: gateway.name },
          requestId: requestId ?? null,
        })
        // The receipt in the bell (and pushed and e-mailed per the client's invoice preferences).
        await notifyClient(tx, clientId, `Payment received: $${centsToDollars(amountCents).toFixed(2)} for ${ids.length === 1 ? '1 invoice' : `${ids.length} invoices`}`, { kind: 'invoice' }, paidAt)
        const outcome: PayOutcome = {
          status: 200,
          body: { paymentId: payment.id, amount: centsToDollars(amountCents), invoiceIds: request.invoiceIds.map(String), reference: result.reference },
        }
        if (claim) await completeIdempotent(tx, claim, outcome.status, outcome.body)
        logger.info('invoices paid', { requestId, paymentId: payment.id, attemptKey, amountCents, reference: result.reference })
        return outcome
      })
    } catch (error) {
      if (attempt >= 3) {
        // The claims stay, so nobody is charged again for these invoices while this is reconciled.
        logger.error('charge succeeded but could not be recorded', { requestId, attemptKey, reference: result.reference, amountCents, ids, error: String(error) })
        throw error
      }
      await new Promise((resolve) => setTimeout(resolve, 50 * attempt))
    }
  }
}
