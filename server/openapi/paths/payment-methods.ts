import { AutopaySchema, PaymentMethodListSchema } from '../../../contract/payments'
import { describeRoutes } from '../describe'

/** Saved cards, auto-pay and account statements of a client. */
export const paymentMethodDocs = describeRoutes('Saved cards and auto-pay', {
  'GET /api/client/{id}/payment-methods': {
    summary: 'A client’s saved cards: brand, last four digits and expiry, never the number',
    answers: { 200: PaymentMethodListSchema },
    errors: { 403: 'Staff without ICV', 404: 'Another client' },
  },
  'DELETE /api/client/{id}/payment-methods/{methodId}': {
    summary: 'Removes a saved card (the card processor forgets it first: 502 when it does not answer; auto-pay with it is switched off)',
    answers: { 204: { empty: 'Removed' } },
    errors: { 403: 'Staff (only the client removes its cards)', 404: 'No such card of this client' },
  },
  'GET /api/client/{id}/autopay': {
    summary: 'Whether open invoices are charged on their due date, and with which saved card',
    answers: { 200: AutopaySchema },
    errors: { 403: 'Staff without ICV', 404: 'Another client' },
  },
  'PUT /api/client/{id}/autopay': {
    summary: 'Switches auto-pay on with a saved card, or off',
    bodyExample: { enabled: true, paymentMethodId: 3 },
    answers: { 200: AutopaySchema },
    errors: { 403: 'Staff (only the client switches auto-pay)', 404: 'Another client, or a card that is not this client’s' },
  },
  'GET /api/client/{id}/statement': {
    summary: 'An account statement as a PDF: opening balance, invoices, payments, closing balance and aging (from and to: YYYY-MM-DD, both included)',
    answers: {
      200: { media: 'application/pdf', description: 'The statement', headers: { 'Content-Disposition': 'attachment, statement-<from>-to-<to>.pdf' } },
    },
    errors: { 403: 'Staff without ICV', 404: 'Another client' },
  },
})
