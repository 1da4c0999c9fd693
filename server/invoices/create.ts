import { sql } from 'drizzle-orm'
import { INVOICE_STATUS } from '../../contract/invoices'
import type { Db, Tx } from '../db/client'
import { invoiceLines, invoices, paymentInvoices, payments } from '../db/schema'
import type { ChargeResult } from '../payments/gateway'

export interface NewInvoiceLine {
  description: string
  quantity?: number
  unitAmountCents: number
  serviceId?: number | null
  servicePackageId?: number | null
}

export interface NewInvoice {
  clientId: number
  invoiceDate: Date
  dueDate: Date
  lines: NewInvoiceLine[]
  discountCents?: number
  couponId?: number | null
  /** Defaults to NEW (unpaid). */
  status?: number
  paidDate?: Date | null
}

/**
 * The displayed number, the one format of every invoice (the demo seed's too): the year of the invoice
 * date and the id, at least six digits, e.g. "INV-2026-000123". The running part is the id, so the
 * lists sort "Invoice #" by id, which is numeric whatever the width.
 */
export const invoiceNumberFor = (id: number, invoiceDate: Date) => `INV-${invoiceDate.getUTCFullYear()}-${String(id).padStart(6, '0')}`

/** Takes the next invoice id from the sequence, so the number (which holds it) goes into the same insert. */
export async function nextInvoiceId(db: Db | Tx): Promise<number> {
  const result = await db.execute<{ id: number | string }>(sql`select nextval(pg_get_serial_sequence('invoices', 'id')) as id`)
  const rows = (Array.isArray(result) ? result : (result as { rows: { id: number | string }[] }).rows) as { id: number | string }[]
  return Number(rows[0].id)
}

/**
 * Creates an invoice and its lines. Amounts are integer cents: each line is quantity × unit amount,
 * the total is the lines' sum less the discount (never below zero). The number derives from the id,
 * which is taken from the sequence first so both are written in one insert.
 */
export async function createInvoice(db: Db | Tx, input: NewInvoice) {
  for (const line of input.lines) {
    if (!Number.isSafeInteger(line.unitAmountCents) || !Number.isSafeInteger(line.quantity ?? 1) || (line.quantity ?? 1) < 1) {
      throw new Error(`Invoice line "${line.description}" needs integer cents and a positive quantity`)
    }
  }
  const lines = input.lines.map((line) => {
    const quantity = line.quantity ?? 1
    return { ...line, quantity, amountCents: quantity * line.unitAmountCents }
  })
  const subtotal = lines.reduce((sum, line) => sum + line.amountCents, 0)
  const discountCents = Math.min(Math.max(0, input.discountCents ?? 0), subtotal)
  const id = await nextInvoiceId(db)
  const [invoice] = await db
    .insert(invoices)
    .values({
      id,
      invoiceNumber: invoiceNumberFor(id, input.invoiceDate),
      clientId: input.clientId,
      invoiceDate: input.invoiceDate,
      dueDate: input.dueDate,
      paidDate: input.paidDate ?? null,
      totalCents: subtotal - discountCents,
      discountCents,
      couponId: input.couponId ?? null,
      status: input.status ?? INVOICE_STATUS.NEW,
    })
    .returning()
  if (lines.length) {
    await db.insert(invoiceLines).values(
      lines.map((line) => ({
        invoiceId: id,
        description: line.description,
        quantity: line.quantity,
        unitAmountCents: line.unitAmountCents,
        amountCents: line.amountCents,
        serviceId: line.serviceId ?? null,
        servicePackageId: line.servicePackageId ?? null,
      })),
    )
  }
  return invoice
}

/** Records a charge that paid one whole invoice: the payment row and its link to the invoice. */
export async function recordInvoiceCharge(
  tx: Tx,
  input: {
    clientId: number
    invoiceId: number
    amountCents: number
    gateway: string
    charge: Pick<Extract<ChargeResult, { ok: true }>, 'reference' | 'cardBrand' | 'cardLast4'>
    idempotencyKey: string
    at: Date
  },
) {
  const [payment] = await tx
    .insert(payments)
    .values({
      clientId: input.clientId,
      amountCents: input.amountCents,
      gateway: input.gateway,
      gatewayReference: input.charge.reference,
      idempotencyKey: input.idempotencyKey,
      cardBrand: input.charge.cardBrand ?? null,
      cardLast4: input.charge.cardLast4 ?? null,
      createdAt: input.at,
    })
    .returning({ id: payments.id })
  await tx.insert(paymentInvoices).values({ paymentId: payment.id, invoiceId: input.invoiceId, amountCents: input.amountCents })
  return payment
}
