import { INVOICE_STATUS, INVOICE_STATUS_LABELS, PAYABLE_INVOICE_STATUSES, type Invoice } from '@contract/invoices'
import type { Tone } from '~/ui/badge'

/** The refusal when a row that cannot be paid is selected (shown 10 s). */
export const UNPAID_ONLY_MESSAGE = 'You can only pay unpaid invoices'

/** Shown for a code the status map does not know. */
export const UNKNOWN_STATUS_LABEL = 'Unknown'

/** Code to label, as GET /api/client/invoices/status answers it. */
export type InvoiceStatusLabels = Readonly<Record<string, string>>

/** Until the map has loaded (or offline before it ever did), the labels the contract fixes. */
export const FALLBACK_STATUS_LABELS: InvoiceStatusLabels = INVOICE_STATUS_LABELS

/** The label people read: the map's label, 'NEW' shown as 'UNPAID', an unknown code as 'Unknown'. */
export function invoiceStatusLabel(code: number, labels: InvoiceStatusLabels): string {
  const label = labels[String(code)]?.trim()
  if (!label) return UNKNOWN_STATUS_LABEL
  return label.toUpperCase() === 'NEW' ? 'UNPAID' : label
}

/** 1 PAID success, 2 UNPAID warning, 3 OVERDUE danger; anything else neutral. */
export function invoiceStatusTone(code: number): Tone {
  switch (code) {
    case INVOICE_STATUS.PAID:
      return 'success'
    case INVOICE_STATUS.NEW:
      return 'warning'
    case INVOICE_STATUS.OVERDUE:
      return 'danger'
    default:
      return 'neutral'
  }
}

/** Only NEW and OVERDUE invoices can be charged (the server refuses any other code). */
export function isPayable(invoice: Pick<Invoice, 'status'>): boolean {
  return PAYABLE_INVOICE_STATUSES.includes(invoice.status)
}
