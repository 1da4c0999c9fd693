import { and, eq, inArray, isNotNull } from 'drizzle-orm'
import { centsToDollars } from '../../contract/common'
import { INVOICE_STATUS, PAYABLE_INVOICE_STATUSES, type PayInvoicesResult } from '../../contract/invoices'
import { recordAudit } from '../audit'
import { sha256 } from '../auth/tokens'
import type { AppDeps, Caller } from '../context'
import type { Tx } from '../db/client'
import { clientServices, invoiceLines, invoices, paymentInvoices, payments, services } from '../db/schema'
import { conflict, HttpError, notFound, unprocessable } from '../http/errors'
import { notifyClient } from '../notifications'
import { chargeIntent, openIntent, type Answer, type Recorder } from '../payments/intents'
import { chargeSourceOf, saveChargedCard } from '../payments/methods'
import { sendPaymentReceipt } from './receipt'

/**
 * Paying invoices by card (POST /api/client/invoices/pay), one charge for all the invoices named, through
 * a payment intent (server/payments/intents.ts): the invoices are locked and checked (the caller's,
 * payable) and held by the intent in one transaction before the card is charged, so of two tabs paying
 * overlapping invoices only one goes on and the other gets 409; a retry with the same Idempotency-Key
 * finishes the first attempt instead of charging again. Recording marks the invoices PAID and switches on
 * every service the invoices bill (an add-on bought on an invoice is active once it is paid).
 */
export interface PayRequest {
  /** In the order the request named them. */
  invoiceIds: number[]
  /** A one-time token, or `paymentMethodId`: one of the paying client's saved cards. */
  token?: string
  paymentMethodId?: number
  /** Keep the token's card on file once the charge succeeds. */
  saveCard?: boolean
  idempotencyKey?: string
}

interface InvoicesOrder {
  /** Sorted. */
  invoiceIds: number[]
  /** As the request named them, for the answer. */
  requested: number[]
  totals: Record<string, number>
  /** The wish to keep the card on file (server/payments/methods.ts saveChargedCard). */
  saveCard: boolean
  /** The saved card charged, if one was. */
  paymentMethodId: number | null
  /** 'autopay' when the auto-pay job paid. */
  via?: 'autopay'
}

/** Pays the caller's invoices with one charge, or charges nothing. */
export async function payInvoices(deps: AppDeps, caller: Caller, request: PayRequest, requestId?: string): Promise<Answer> {
  const clientId = caller.clientId
  if (clientId == null) throw notFound('Invoice')
  return payClientInvoices(deps, { clientId, userId: caller.userId }, request, requestId)
}

/**
 * Pays invoices of one client with one charge, or charges nothing: for a signed-in client, or for the
 * auto-pay job (userId null, `via: 'autopay'`, a saved card).
 */
export async function payClientInvoices(
  deps: AppDeps,
  payer: { clientId: number; userId: number | null; via?: 'autopay' },
  request: PayRequest,
  requestId?: string,
): Promise<Answer> {
  const { clientId } = payer
  const sortedIds = [...new Set(request.invoiceIds)].sort((a, b) => a - b)
  const { source, fingerprint } = await chargeSourceOf(deps, clientId, request)
  const saveCard = Boolean(request.saveCard) && typeof source === 'string'

  const opened = await openIntent(deps, {
    purpose: 'invoices',
    idempotencyKey: request.idempotencyKey,
    userId: payer.userId,
    clientId,
    requestHash: sha256(JSON.stringify({ invoiceIds: sortedIds, token: sha256(fingerprint), ...(saveCard ? { saveCard } : {}) })),
    holds: sortedIds.map((id) => `invoice:${id}`),
    prepare: async (tx) => {
      const rows = await lockPayable(tx, clientId, sortedIds)
      const amountCents = rows.reduce((sum, row) => sum + row.totalCents, 0)
      if (amountCents <= 0 || amountCents > 2_147_483_647) {
        throw unprocessable(
          'These invoices cannot be paid by card',
          amountCents <= 0 ? 'There is nothing to pay on these invoices.' : 'The amount is too large for one card payment.',
        )
      }
      const numbers = request.invoiceIds.map((id) => rows.find((row) => row.id === id)!.invoiceNumber)
      const order: InvoicesOrder = {
        invoiceIds: sortedIds,
        requested: request.invoiceIds,
        totals: Object.fromEntries(rows.map((row) => [row.id, row.totalCents])),
        saveCard,
        paymentMethodId: request.paymentMethodId ?? null,
        ...(payer.via ? { via: payer.via } : {}),
      }
      return { amountCents, description: `${numbers.length === 1 ? 'Invoice' : 'Invoices'} ${numbers.join(', ')}`, order: { ...order } }
    },
    busy: () => conflict('These invoices are already being paid', 'Another payment for these invoices is in progress. Please wait a moment and refresh.'),
    mismatch: 'This Idempotency-Key was already used for a different payment. Send a new key for a new payment.',
  })
  if (opened.kind === 'replay') return opened.answer
  return chargeIntent(deps, opened.intent, source, invoicesRecorder, requestId)
}

/** Locks the invoices and checks that every one is the client's and payable. */
async function lockPayable(tx: Tx, clientId: number, sortedIds: number[]) {
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
  return rows
}

export const invoicesRecorder: Recorder = {
  async record(tx, deps, intent, charge, now) {
    if (!charge) throw new Error('An invoice payment is never free')
    const order = intent.order as unknown as InvoicesOrder
    const clientId = intent.clientId!
    const [payment] = await tx
      .insert(payments)
      .values({
        clientId,
        amountCents: intent.amountCents,
        gateway: intent.gateway,
        gatewayReference: charge.reference,
        idempotencyKey: intent.chargeKey,
        cardBrand: charge.cardBrand ?? null,
        cardLast4: charge.cardLast4 ?? null,
        createdAt: now,
      })
      .returning({ id: payments.id })
    await saveChargedCard(tx, intent, charge, now)
    await tx.insert(paymentInvoices).values(order.invoiceIds.map((id) => ({ paymentId: payment.id, invoiceId: id, amountCents: order.totals[id] })))
    const updated = await tx
      .update(invoices)
      .set({ status: INVOICE_STATUS.PAID, paidDate: now })
      .where(and(inArray(invoices.id, order.invoiceIds), inArray(invoices.status, [...PAYABLE_INVOICE_STATUSES])))
      .returning({ id: invoices.id })
    if (updated.length !== order.invoiceIds.length) {
      // The holds exclude this; if it ever happens the money is still recorded, and flagged.
      deps.logger.error('paid invoices changed status during payment', { intentId: intent.id, ids: order.invoiceIds, updated: updated.map((u) => u.id) })
    }
    await switchOnBilledServices(tx, clientId, order.invoiceIds, now)
    await recordAudit(tx, {
      at: now,
      actorUserId: intent.userId,
      action: 'invoice.pay',
      entity: 'payment',
      entityId: String(payment.id),
      details: {
        invoiceIds: order.invoiceIds,
        amountCents: intent.amountCents,
        reference: charge.reference,
        gateway: intent.gateway,
        ...(order.paymentMethodId ? { paymentMethodId: order.paymentMethodId } : {}),
        ...(order.via ? { via: order.via } : {}),
      },
    })
    // The receipt in the bell (and pushed and e-mailed per the client's invoice preferences).
    const count = order.invoiceIds.length
    await notifyClient(
      tx,
      clientId,
      `Payment received: $${centsToDollars(intent.amountCents).toFixed(2)} for ${count === 1 ? '1 invoice' : `${count} invoices`}`,
      { kind: 'invoice' },
      now,
    )
    const body: PayInvoicesResult = {
      paymentId: payment.id,
      amount: centsToDollars(intent.amountCents),
      invoiceIds: order.requested.map(String),
      reference: charge.reference,
    }
    return { status: 200, body }
  },
  afterRecorded: (deps, intent) => sendPaymentReceipt(deps, intent),
  // Paying invoices refuses nothing after the charge: the invoices were held.
  refusedAfterCharge: (error) => ({ status: error.status, body: error.body() }),
}

/**
 * The services the paid invoices bill are the client's from now on: an inactive subscription is switched
 * on (with the package billed), a missing one is added.
 */
async function switchOnBilledServices(tx: Tx, clientId: number, invoiceIds: number[], now: Date): Promise<void> {
  const billed = await tx
    .selectDistinct({ serviceId: invoiceLines.serviceId, servicePackageId: invoiceLines.servicePackageId })
    .from(invoiceLines)
    .innerJoin(services, eq(services.id, invoiceLines.serviceId))
    .where(and(inArray(invoiceLines.invoiceId, invoiceIds), isNotNull(invoiceLines.serviceId)))
  if (!billed.length) return
  const held = await tx
    .select({ id: clientServices.id, serviceId: clientServices.serviceId, active: clientServices.active })
    .from(clientServices)
    .where(
      and(
        eq(clientServices.clientId, clientId),
        inArray(
          clientServices.serviceId,
          billed.map((line) => line.serviceId!),
        ),
      ),
    )
  for (const line of billed) {
    const current = held.filter((row) => row.serviceId === line.serviceId)
    if (current.some((row) => row.active)) continue
    if (current.length) {
      await tx.update(clientServices).set({ active: true, servicePackageId: line.servicePackageId }).where(eq(clientServices.id, current[0].id))
    } else {
      await tx.insert(clientServices).values({ clientId, serviceId: line.serviceId!, servicePackageId: line.servicePackageId, createdAt: now })
    }
  }
}
