import { and, eq, inArray } from 'drizzle-orm'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import type { SubscribeResult, SubscribeServices } from '../../contract/clients'
import { centsToDollars, dollarsToCents } from '../../contract/common'
import { INVOICE_STATUS } from '../../contract/invoices'
import { sha256 } from '../auth/tokens'
import type { AppDeps, Caller } from '../context'
import type { Db, Tx } from '../db/client'
import { clients, clientServices, servicePackages, services } from '../db/schema'
import { markFiledByAddon } from '../deadlines/queries'
import { hashRequest } from '../idempotency'
import { conflict, HttpError, notFound } from '../http/errors'
import { createInvoice, recordInvoiceCharge } from '../invoices/create'
import { recordAudit } from '../audit'
import { sendPaymentReceipt } from '../invoices/receipt'
import { chargeIntent, openIntent, type Recorder } from '../payments/intents'
import { chargeSourceOf, saveChargedCard } from '../payments/methods'

/**
 * A client orders more services and pays for them by card (POST /api/client/services/packages/subscribe),
 * through a payment intent (server/payments/intents.ts).
 *
 * 1. A retry with the Idempotency-Key of an earlier order gets its answer, or finishes it when it was cut
 *    off; another body with the key gets 422.
 * 2. Everything that can refuse the order is checked before the card is charged: services and packages
 *    active and matching, each service once, priced as shown, not already subscribed, at most one address
 *    service.
 * 3. The intent holds the client's services, so two tabs ordering at once cannot both charge: the second
 *    gets 409.
 * 4. The card is charged with the intent's key.
 * 5. One transaction writes the subscriptions, the PAID invoice, the payment and the audit event, and the
 *    intent's answer. Should it be refused after the charge (subscribed meanwhile on an invoice paid in
 *    another tab), the charge is voided and the attempt recorded for operators.
 */
const PURPOSE = 'subscription'

export interface SubscribeOutcome {
  status: ContentfulStatusCode
  body: SubscribeResult | unknown
  replayed: boolean
}

interface OrderLine {
  serviceId: number
  servicePackageId: number
  description: string
  amountCents: number
}

interface SubscriptionOrder {
  lines: OrderLine[]
  ip: string | null
  /** The wish to keep the card on file (server/payments/methods.ts saveChargedCard). */
  saveCard?: boolean
  paymentMethodId?: number | null
}

const refuse = (detail: string, details: string, path: string) => new HttpError(422, detail, details, [{ path, message: `${path}: ${details}` }])

export async function subscribeServices(
  deps: AppDeps,
  caller: Caller,
  input: SubscribeServices,
  context: { idempotencyKey?: string; requestId?: string; ip?: string | null },
): Promise<SubscribeOutcome> {
  const clientId = caller.clientId
  if (clientId == null) throw notFound('Client')
  const requested = input.serviceSubscriptions.map((s) => [s.serviceId, s.servicePackageId, s.servicePackageAmount ?? null])
  const { source, fingerprint } = await chargeSourceOf(deps, clientId, { token: input.affinipayPaymentDetails?.token, paymentMethodId: input.paymentMethodId })
  const saveCard = input.saveCard && typeof source === 'string'

  const opened = await openIntent(deps, {
    purpose: PURPOSE,
    idempotencyKey: context.idempotencyKey,
    userId: caller.userId,
    clientId,
    requestHash: saveCard ? hashRequest(clientId, requested, sha256(fingerprint), saveCard) : hashRequest(clientId, requested, sha256(fingerprint)),
    holds: [`client-services:${clientId}`],
    prepare: async (tx) => {
      const lines = await prepareOrder(tx, clientId, input)
      const order: SubscriptionOrder = { lines, ip: context.ip ?? null, saveCard, paymentMethodId: input.paymentMethodId ?? null }
      return {
        amountCents: lines.reduce((sum, line) => sum + line.amountCents, 0),
        description: lines.map((line) => line.description).join(', '),
        order: { ...order },
      }
    },
    busy: () => conflict('An order is already being processed', 'Another order for your account is being processed. Please wait a moment and refresh.'),
    mismatch: 'This Idempotency-Key was already used for a different request',
  })
  if (opened.kind === 'replay') return { ...opened.answer, replayed: true }
  const answer = await chargeIntent(deps, opened.intent, source, subscriptionRecorder, context.requestId)
  return { ...answer, replayed: false }
}

/** Every check that can refuse the order, before any money moves. Prices come from the catalogue only. */
async function prepareOrder(db: Db | Tx, clientId: number, input: SubscribeServices): Promise<OrderLine[]> {
  const ordered = input.serviceSubscriptions
  if (new Set(ordered.map((s) => s.serviceId)).size !== ordered.length) {
    throw refuse('Each service can be ordered once', 'Each service can be ordered only once', 'serviceSubscriptions')
  }
  const serviceRows = await db
    .select()
    .from(services)
    .where(
      inArray(
        services.id,
        ordered.map((s) => s.serviceId),
      ),
    )
  const packageRows = await db
    .select()
    .from(servicePackages)
    .where(
      inArray(
        servicePackages.id,
        ordered.map((s) => s.servicePackageId),
      ),
    )
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
      throw refuse(
        'Service not available',
        `${service?.name ?? 'A chosen service'} is not available. Please review your order.`,
        `serviceSubscriptions.${index}`,
      )
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

export const subscriptionRecorder: Recorder = {
  async record(tx, _deps, intent, charge, now) {
    const order = intent.order as unknown as SubscriptionOrder
    const clientId = intent.clientId!
    const [client] = await tx.select({ id: clients.id }).from(clients).where(eq(clients.id, clientId)).for('update')
    if (!client) throw notFound('Client')
    // Subscribed meanwhile (an invoice billing the same add-on was paid): refused, and the charge reversed.
    const current = await tx
      .select({ serviceId: clientServices.serviceId })
      .from(clientServices)
      .where(
        and(
          eq(clientServices.clientId, clientId),
          eq(clientServices.active, true),
          inArray(
            clientServices.serviceId,
            order.lines.map((line) => line.serviceId),
          ),
        ),
      )
    if (current.length) throw conflict('Already subscribed', 'You already subscribe to one of these services')
    const created = await tx
      .insert(clientServices)
      .values(order.lines.map((line) => ({ clientId, serviceId: line.serviceId, servicePackageId: line.servicePackageId, createdAt: now })))
      .returning({ id: clientServices.id, serviceId: clientServices.serviceId, servicePackageId: clientServices.servicePackageId })
    // The Annual Report Filing add-on hands this year's report to the provider: marked filed, reminders stop.
    await markFiledByAddon(
      tx,
      clientId,
      order.lines.map((line) => line.serviceId),
      intent.userId,
      now,
    )
    const invoice = await createInvoice(tx, {
      clientId,
      invoiceDate: now,
      dueDate: now,
      paidDate: now,
      status: INVOICE_STATUS.PAID,
      lines: order.lines.map((line) => ({
        description: line.description,
        unitAmountCents: line.amountCents,
        serviceId: line.serviceId,
        servicePackageId: line.servicePackageId,
      })),
    })
    if (invoice.totalCents !== intent.amountCents) throw new Error(`Invoice total ${invoice.totalCents} differs from the charge ${intent.amountCents}`)
    if (charge) {
      await saveChargedCard(tx, intent, charge, now)
      await recordInvoiceCharge(tx, {
        clientId,
        invoiceId: invoice.id,
        amountCents: intent.amountCents,
        gateway: intent.gateway,
        charge,
        idempotencyKey: intent.chargeKey,
        at: now,
      })
    }
    await recordAudit(tx, {
      at: now,
      actorUserId: intent.userId,
      action: 'client.subscribe',
      entity: 'client',
      entityId: String(clientId),
      details: {
        invoiceId: invoice.id,
        amountCents: intent.amountCents,
        services: order.lines.map((line) => line.serviceId),
        reference: charge?.reference ?? null,
      },
      ip: order.ip,
    })
    const body: SubscribeResult = {
      invoiceId: invoice.id,
      invoiceNumber: invoice.invoiceNumber,
      total: centsToDollars(intent.amountCents),
      clientServices: created.map((row) => ({ id: row.id, serviceId: row.serviceId, servicePackageId: row.servicePackageId! })),
    }
    return { status: 201, body }
  },
  afterRecorded: (deps, intent) => sendPaymentReceipt(deps, intent),
  refusedAfterCharge: (error, reversed, reference) => ({
    status: error.status,
    body: {
      ...error.body(),
      details: reversed
        ? `${error.details}. Your order was not saved, and the payment was cancelled: your card has not been charged.`
        : `${error.details}. Your payment was received but your order could not be saved. Please contact support quoting reference ${reference}; the payment will be returned.`,
    },
  }),
}
