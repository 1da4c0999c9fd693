import { and, asc, eq, inArray, lt } from 'drizzle-orm'
import type { Db } from '../db/client'
import type { Env } from '../env'
import { clients, invoices, paymentInvoices, payments } from '../db/schema'
import { notFound } from '../http/errors'
import { endOfPortalDay, formatInvoiceDate, formatUsd, startOfPortalDay } from './format'
import { PdfDocument, type PdfPage } from './pdf-writer'
import { providerName } from './queries'
import { cardLabel } from './receipt'

/**
 * A client's account statement for a period (GET /api/client/{id}/statement?from&to): the opening
 * balance, every invoice (a charge, on its invoice date) and payment (a credit, on its day) of the
 * period with the running balance, the closing balance, and the aging of what is open at the period's
 * end by days past due (current, 1-30, 31-60, 61-90, 90+). Days are the portal's (America/New_York).
 *
 * A payment is a card payment (payments, through payment_invoices), or an invoice marked paid with no
 * card payment (entered by staff or from before the portal), credited on its paid date.
 */
export interface StatementEntry {
  at: Date
  kind: 'invoice' | 'payment'
  description: string
  /** Positive: an invoice; negative: a payment. */
  amountCents: number
}

export const AGING_BUCKETS = ['Current', '1-30 days', '31-60 days', '61-90 days', '90+ days'] as const

export interface Statement {
  companyName: string
  issuer: string
  from: string
  to: string
  openingCents: number
  entries: StatementEntry[]
  closingCents: number
  /** Cents open at the period's end, by AGING_BUCKETS. */
  aging: number[]
}

const DAY_MS = 86_400_000

export async function buildStatement(db: Db, clientId: number, from: string, to: string): Promise<Statement> {
  const [client] = await db.select({ companyName: clients.companyName }).from(clients).where(eq(clients.id, clientId))
  if (!client) throw notFound('Client')
  const start = startOfPortalDay(from)
  const end = endOfPortalDay(to)

  const invoiceRows = await db
    .select({
      id: invoices.id,
      number: invoices.invoiceNumber,
      invoiceDate: invoices.invoiceDate,
      dueDate: invoices.dueDate,
      paidDate: invoices.paidDate,
      totalCents: invoices.totalCents,
    })
    .from(invoices)
    .where(and(eq(invoices.clientId, clientId), lt(invoices.invoiceDate, end)))
    .orderBy(asc(invoices.invoiceDate), asc(invoices.id))
  const links = invoiceRows.length
    ? await db
        .select({
          paymentId: payments.id,
          at: payments.createdAt,
          cardBrand: payments.cardBrand,
          cardLast4: payments.cardLast4,
          invoiceId: paymentInvoices.invoiceId,
          amountCents: paymentInvoices.amountCents,
        })
        .from(paymentInvoices)
        .innerJoin(payments, eq(payments.id, paymentInvoices.paymentId))
        .where(
          and(
            eq(payments.clientId, clientId),
            inArray(
              paymentInvoices.invoiceId,
              invoiceRows.map((row) => row.id),
            ),
          ),
        )
    : []
  const numberOf = new Map(invoiceRows.map((row) => [row.id, row.number]))

  const all: StatementEntry[] = invoiceRows.map((row) => ({
    at: row.invoiceDate,
    kind: 'invoice',
    description: `Invoice ${row.number}`,
    amountCents: row.totalCents,
  }))
  const byPayment = new Map<number, { at: Date; card: string; cents: number; numbers: string[] }>()
  for (const link of links) {
    const entry = byPayment.get(link.paymentId) ?? { at: link.at, card: cardLabel(link.cardBrand, link.cardLast4), cents: 0, numbers: [] }
    entry.cents += link.amountCents
    entry.numbers.push(numberOf.get(link.invoiceId) ?? String(link.invoiceId))
    byPayment.set(link.paymentId, entry)
  }
  for (const payment of byPayment.values()) {
    all.push({
      at: payment.at,
      kind: 'payment',
      description: `Payment${payment.card ? ` (${payment.card})` : ''}: ${payment.numbers.join(', ')}`,
      amountCents: -payment.cents,
    })
  }
  const cardPaid = new Set(links.map((link) => link.invoiceId))
  for (const row of invoiceRows) {
    if (row.paidDate && !cardPaid.has(row.id)) {
      all.push({ at: row.paidDate, kind: 'payment', description: `Payment: invoice ${row.number} marked paid`, amountCents: -row.totalCents })
    }
  }
  all.sort((a, b) => a.at.getTime() - b.at.getTime() || (a.kind === b.kind ? 0 : a.kind === 'invoice' ? -1 : 1))

  const openingCents = all.filter((e) => e.at < start).reduce((sum, e) => sum + e.amountCents, 0)
  const entries = all.filter((e) => e.at >= start && e.at < end)
  const closingCents = openingCents + entries.reduce((sum, e) => sum + e.amountCents, 0)

  // Aging at the period's end: what each invoice still owes then, by days past its due date.
  const paidBy = new Map<number, { cents: number }>()
  for (const link of links) {
    if (link.at >= end) continue
    const paid = paidBy.get(link.invoiceId) ?? { cents: 0 }
    paid.cents += link.amountCents
    paidBy.set(link.invoiceId, paid)
  }
  const aging = AGING_BUCKETS.map(() => 0)
  for (const row of invoiceRows) {
    const markedPaid = row.paidDate && row.paidDate < end && !cardPaid.has(row.id)
    const owed = markedPaid ? 0 : row.totalCents - (paidBy.get(row.id)?.cents ?? 0)
    if (owed <= 0) continue
    const daysPast = Math.floor((end.getTime() - 1 - row.dueDate.getTime()) / DAY_MS)
    const bucket = daysPast < 1 ? 0 : daysPast <= 30 ? 1 : daysPast <= 60 ? 2 : daysPast <= 90 ? 3 : 4
    aging[bucket] += owed
  }
  return { companyName: client.companyName, issuer: await providerName(db, clientId), from, to, openingCents, entries, closingCents, aging }
}

export const statementFileName = (from: string, to: string) => `statement-${from}-to-${to}.pdf`

const MARGIN = 50
const RIGHT = PdfDocument.WIDTH - MARGIN
const BOTTOM = 70
const COL_CHARGE = 400
const COL_PAYMENT = 480

/** The statement as a PDF (server/invoices/pdf-writer.ts), on as many pages as needed. */
export function renderStatementPdf(
  statement: Statement,
  env: Pick<Env, 'COMPANY_LOCATION' | 'SUPPORT_PHONE' | 'SUPPORT_EMAIL'>,
  generatedAt: Date,
): Uint8Array {
  const pdf = new PdfDocument({ title: `Statement ${statement.from} to ${statement.to}`, creationDate: generatedAt })
  let page: PdfPage = pdf.addPage()
  let y = PdfDocument.HEIGHT - MARGIN
  const day = (iso: string) => formatInvoiceDate(startOfPortalDay(iso))

  const tableHeader = () => {
    page.rect(MARGIN, y - 18, RIGHT - MARGIN, 20, 0.92)
    page.text('Date', MARGIN + 6, y - 12, { font: 'bold', size: 9 })
    page.text('Description', MARGIN + 110, y - 12, { font: 'bold', size: 9 })
    page.text('Charges', COL_CHARGE, y - 12, { font: 'bold', size: 9, align: 'right' })
    page.text('Payments', COL_PAYMENT, y - 12, { font: 'bold', size: 9, align: 'right' })
    page.text('Balance', RIGHT - 6, y - 12, { font: 'bold', size: 9, align: 'right' })
    y -= 26
  }
  const room = (height: number, repeatHeader = false) => {
    if (y - height >= BOTTOM) return
    page = pdf.addPage()
    y = PdfDocument.HEIGHT - MARGIN
    page.text(`Statement of ${statement.companyName} (continued)`, MARGIN, y - 12, { font: 'bold', size: 11 })
    y -= 32
    if (repeatHeader) tableHeader()
  }

  page.text('STATEMENT', MARGIN, y - 22, { font: 'bold', size: 24 })
  page.text(`${day(statement.from)} to ${day(statement.to)}`, MARGIN, y - 40, { size: 11, gray: 0.3 })
  let issuerY = y - 10
  for (const [i, part] of [statement.issuer, env.COMPANY_LOCATION, env.SUPPORT_PHONE, env.SUPPORT_EMAIL].filter(Boolean).entries()) {
    page.text(part, RIGHT, issuerY, { font: i === 0 ? 'bold' : 'regular', size: i === 0 ? 10 : 9, align: 'right', gray: i === 0 ? 0 : 0.3 })
    issuerY -= 12
  }
  y = Math.min(y - 60, issuerY - 10)
  page.line(MARGIN, y, RIGHT, y, { gray: 0.75 })
  y -= 22
  page.text('ACCOUNT', MARGIN, y, { font: 'bold', size: 9, gray: 0.35 })
  page.text(statement.companyName, MARGIN, y - 16, { font: 'bold', size: 11 })
  page.text('Opening balance', 330, y, { size: 10 })
  page.text(formatUsd(statement.openingCents), RIGHT, y, { font: 'bold', size: 10, align: 'right' })
  page.text('Closing balance', 330, y - 16, { size: 10 })
  page.text(formatUsd(statement.closingCents), RIGHT, y - 16, { font: 'bold', size: 10, align: 'right' })
  y -= 44

  tableHeader()
  let balance = statement.openingCents
  page.text(day(statement.from), MARGIN + 6, y, { size: 9 })
  page.text('Opening balance', MARGIN + 110, y, { size: 9 })
  page.text(formatUsd(balance), RIGHT - 6, y, { size: 9, align: 'right' })
  y -= 16
  for (const entry of statement.entries) {
    room(16, true)
    balance += entry.amountCents
    page.text(formatInvoiceDate(entry.at), MARGIN + 6, y, { size: 9 })
    page.text(entry.description.length > 52 ? `${entry.description.slice(0, 51)}...` : entry.description, MARGIN + 110, y, { size: 9 })
    if (entry.amountCents >= 0) page.text(formatUsd(entry.amountCents), COL_CHARGE, y, { size: 9, align: 'right' })
    else page.text(formatUsd(-entry.amountCents), COL_PAYMENT, y, { size: 9, align: 'right' })
    page.text(formatUsd(balance), RIGHT - 6, y, { size: 9, align: 'right' })
    y -= 16
  }
  if (!statement.entries.length) {
    page.text('No invoices or payments in this period', MARGIN + 110, y, { size: 9, gray: 0.4 })
    y -= 16
  }
  room(24)
  page.line(MARGIN, y + 10, RIGHT, y + 10, { gray: 0.75 })
  page.text('Closing balance', MARGIN + 110, y - 4, { font: 'bold', size: 10 })
  page.text(formatUsd(statement.closingCents), RIGHT - 6, y - 4, { font: 'bold', size: 10, align: 'right' })
  y -= 36

  room(60)
  page.text('AGING (OPEN AT THE PERIOD END, BY DAYS PAST DUE)', MARGIN, y, { font: 'bold', size: 9, gray: 0.35 })
  y -= 18
  const width = (RIGHT - MARGIN) / AGING_BUCKETS.length
  for (const [i, label] of AGING_BUCKETS.entries()) {
    const x = MARGIN + width * (i + 1) - 6
    page.text(label, x, y, { size: 9, align: 'right', gray: 0.3 })
    page.text(formatUsd(statement.aging[i]), x, y - 14, { font: 'bold', size: 10, align: 'right' })
  }
  return pdf.toBytes()
}
