import { formatInvoiceDate, formatUsd, invoiceStatusText } from './format'
import { PdfDocument, type PdfPage, wrapText } from './pdf-writer'
import type { InvoiceSheet } from './queries'

const MARGIN = 50
const RIGHT = PdfDocument.WIDTH - MARGIN
const BOTTOM = 70
// Columns of the line-item table: description | qty | unit price | amount (right edges for numbers).
const COL_QTY = 360
const COL_UNIT = 460
const COL_AMOUNT = RIGHT
const DESCRIPTION_WIDTH = COL_QTY - 40 - MARGIN

/** The file name of an invoice's PDF, safe in a Content-Disposition header. */
export const invoicePdfFileName = (invoiceNumber: string) => `invoice-${invoiceNumber.replace(/[^A-Za-z0-9._-]/g, '_')}.pdf`

/** The printable invoice: issuer, bill-to, line items, totals and payments, on as many pages as needed. */
export function renderInvoicePdf(sheet: InvoiceSheet, generatedAt: Date): Uint8Array {
  const { invoice } = sheet
  const pdf = new PdfDocument({ title: `Invoice ${invoice.invoiceNumber}`, creationDate: generatedAt })
  let page: PdfPage = pdf.addPage()
  let y = PdfDocument.HEIGHT - MARGIN

  /** Moves down by `height`, starting a new page (with the table header again if asked) when it would not fit. */
  const room = (height: number, repeatTableHeader = false) => {
    if (y - height >= BOTTOM) return
    page = pdf.addPage()
    y = PdfDocument.HEIGHT - MARGIN
    page.text(`Invoice ${invoice.invoiceNumber} (continued)`, MARGIN, y - 12, { font: 'bold', size: 11 })
    y -= 32
    if (repeatTableHeader) tableHeader()
  }

  const tableHeader = () => {
    page.rect(MARGIN, y - 18, RIGHT - MARGIN, 20, 0.92)
    page.text('Description', MARGIN + 6, y - 12, { font: 'bold', size: 9 })
    page.text('Qty', COL_QTY, y - 12, { font: 'bold', size: 9, align: 'right' })
    page.text('Unit price', COL_UNIT, y - 12, { font: 'bold', size: 9, align: 'right' })
    page.text('Amount', COL_AMOUNT - 6, y - 12, { font: 'bold', size: 9, align: 'right' })
    y -= 26
  }

  // Heading and issuer.
  page.text('INVOICE', MARGIN, y - 22, { font: 'bold', size: 24 })
  page.text(invoice.invoiceNumber, MARGIN, y - 40, { size: 12, gray: 0.3 })
  let issuerY = y - 10
  for (const line of sheet.issuer.name ? wrapText(sheet.issuer.name, 'bold', 10, 220) : []) {
    page.text(line, RIGHT, issuerY, { font: 'bold', size: 10, align: 'right' })
    issuerY -= 13
  }
  for (const part of [sheet.issuer.location, sheet.issuer.phone, sheet.issuer.email]) {
    for (const line of wrapText(part, 'regular', 9, 220)) {
      page.text(line, RIGHT, issuerY, { size: 9, align: 'right', gray: 0.3 })
      issuerY -= 12
    }
  }
  y = Math.min(y - 60, issuerY - 10)
  page.line(MARGIN, y, RIGHT, y, { gray: 0.75 })
  y -= 22

  // Bill to (left) and invoice facts (right).
  const { client } = invoice
  const billTo = [
    client.companyName,
    `${client.firstName} ${client.lastName}`.trim(),
    client.address,
    [client.city, [client.stateProvince, client.zipcode].filter(Boolean).join(' ')].filter(Boolean).join(', '),
    client.country ?? '',
  ].filter(Boolean)
  page.text('BILL TO', MARGIN, y, { font: 'bold', size: 9, gray: 0.35 })
  let leftY = y - 16
  for (const [i, text] of billTo.entries()) {
    for (const line of wrapText(text, i === 0 ? 'bold' : 'regular', 10, 260)) {
      page.text(line, MARGIN, leftY, { font: i === 0 ? 'bold' : 'regular', size: 10 })
      leftY -= 14
    }
  }
  const facts: [string, string][] = [
    ['Invoice #', invoice.invoiceNumber],
    ['Invoice date', formatInvoiceDate(invoice.invoiceDate)],
    ['Due date', invoice.paidDate ? 'N/A' : formatInvoiceDate(invoice.dueDate)],
    ['Paid date', invoice.paidDate ? formatInvoiceDate(invoice.paidDate) : '-'],
    ['Status', invoiceStatusText(invoice.status)],
  ]
  let rightY = y
  for (const [label, value] of facts) {
    page.text(label, 390, rightY, { size: 9, gray: 0.35 })
    page.text(value, RIGHT, rightY, { font: 'bold', size: 10, align: 'right' })
    rightY -= 15
  }
  y = Math.min(leftY, rightY) - 16

  // Line items.
  tableHeader()
  for (const line of sheet.lines) {
    const wrapped = wrapText(line.description, 'regular', 10, DESCRIPTION_WIDTH)
    room(wrapped.length * 13 + 8, true)
    page.text(String(line.quantity), COL_QTY, y, { align: 'right' })
    page.text(formatUsd(line.unitAmountCents), COL_UNIT, y, { align: 'right' })
    page.text(formatUsd(line.amountCents), COL_AMOUNT - 6, y, { align: 'right' })
    for (const text of wrapped) {
      page.text(text, MARGIN + 6, y)
      y -= 13
    }
    y -= 4
    page.line(MARGIN, y + 11, RIGHT, y + 11, { gray: 0.85, width: 0.4 })
  }
  if (!sheet.lines.length) {
    page.text('No line items', MARGIN + 6, y, { gray: 0.4 })
    y -= 17
  }

  // Totals.
  const paidCents = sheet.payments.reduce((sum, p) => sum + p.amountCents, 0)
  const totals: [string, string, boolean][] = [
    ['Subtotal', formatUsd(sheet.subtotalCents), false],
    [sheet.couponCode ? `Discount (${sheet.couponCode})` : 'Discount', formatUsd(-sheet.discountCents), false],
    ['Total', formatUsd(invoice.totalCents), true],
    ['Paid', formatUsd(paidCents), false],
    ['Amount due', formatUsd(sheet.amountDueCents), true],
  ]
  room(totals.length * 16 + 10)
  y -= 6
  for (const [label, value, strong] of totals) {
    page.text(label, COL_UNIT - 60, y, { font: strong ? 'bold' : 'regular', size: strong ? 11 : 10 })
    page.text(value, COL_AMOUNT - 6, y, { font: strong ? 'bold' : 'regular', size: strong ? 11 : 10, align: 'right' })
    y -= 16
  }

  // Payments.
  if (sheet.payments.length) {
    room(40)
    y -= 14
    page.text('PAYMENTS', MARGIN, y, { font: 'bold', size: 9, gray: 0.35 })
    y -= 16
    for (const payment of sheet.payments) {
      room(16)
      const card = payment.cardLast4 ? `${payment.cardBrand ?? 'Card'} ending ${payment.cardLast4}` : (payment.cardBrand ?? 'Card')
      page.text(formatInvoiceDate(payment.paidAt), MARGIN, y, { size: 9 })
      page.text(card, MARGIN + 120, y, { size: 9 })
      page.text(`Ref. ${payment.reference}`, MARGIN + 260, y, { size: 9, gray: 0.3 })
      page.text(formatUsd(payment.amountCents), COL_AMOUNT - 6, y, { size: 9, align: 'right' })
      y -= 14
    }
  }

  for (const [i, each] of pdf.pages.entries()) {
    each.text(`Page ${i + 1} of ${pdf.pages.length}`, RIGHT, 36, { size: 8, align: 'right', gray: 0.45 })
    each.text('Amounts in US dollars. Dates in Eastern Time.', MARGIN, 36, { size: 8, gray: 0.45 })
  }
  return pdf.toBytes()
}
