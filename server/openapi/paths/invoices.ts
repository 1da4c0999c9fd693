import { InvoiceDetailSchema, InvoicePageSchema, InvoiceStatusMapSchema, MultipleInvoicesSchema, PayInvoicesResultSchema } from '../../../contract/invoices'
import { describeRoutes } from '../describe'

/** Invoices: lists, detail and PDF, the pay dialog’s read, and paying by card. */
export const invoiceDocs = describeRoutes('Invoices', {
  'GET /api/client/invoices/status': { summary: 'Invoice statuses and their labels', answers: { 200: InvoiceStatusMapSchema } },
  'GET /api/client/invoices/{clientId}': { summary: 'A client’s invoices, paged, filtered and sorted', answers: { 200: InvoicePageSchema } },
  'GET /api/invoices': { summary: 'Every client’s invoices (the provider’s list)', answers: { 200: InvoicePageSchema } },
  'GET /api/invoices/{id}': {
    summary: 'One invoice with its lines, payments and issuer',
    answers: { 200: InvoiceDetailSchema },
    errors: { 403: 'Staff without ICV' },
  },
  'GET /api/invoices/{id}/pdf': {
    summary: 'An invoice as a PDF',
    answers: { 200: { media: 'application/pdf', description: 'The invoice', headers: { 'Content-Disposition': 'attachment, with the invoice’s file name' } } },
    errors: { 403: 'Staff without ICV' },
  },
  'POST /api/client/invoices/getMultipleInvoices': {
    summary: 'The pay dialog’s read: the chosen invoices and what paying them costs',
    bodyExample: { invoiceIds: ['12', '15'] },
    answers: { 200: MultipleInvoicesSchema },
    errors: { 403: 'Staff without ICP', 404: 'An invoice is missing or not the caller’s' },
  },
  'POST /api/client/invoices/pay': {
    summary: 'Pays invoices by card (the client itself): a one-time token (with saveCard to keep the card on file) or a saved card (paymentMethodId)',
    headers: { 'Idempotency-Key': 'A new key per card token: a retry with the same key answers the first payment again, with no second charge' },
    bodyExample: { invoiceIds: ['12', '15'], token: 'tok_…', saveCard: true },
    answers: { 200: PayInvoicesResultSchema },
    errors: {
      402: 'The card was declined',
      404: 'An invoice is missing or not the caller’s, or paymentMethodId is not one of the caller’s saved cards',
      409: 'An invoice is paid already, or this payment is already being processed',
    },
  },
})
