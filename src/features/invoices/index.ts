/**
 * Invoices: the list (client, provider, and the client profile's tab), the invoice page with print and
 * PDF, and paying by card. See docs/api-invoices.md for the calls.
 *
 *   <InvoicesPanel clientId={client.id} />   // a client's invoices inside another page
 *
 * The invoice page comes from ./detail, the routes' search params from ./routing (light, no components)
 * and their loaders from ./loaders, so each route loads only what it shows; features that read or
 * refresh invoices take the query keys and options from ./api, without the list's components.
 */
export { InvoicesPanel, InvoicesPage, type InvoicesPanelProps, type InvoicesPageProps } from './invoices-view'
export {
  invoiceKeys,
  invoiceListQueryOptions,
  invoiceQueryOptions,
  invoiceStatusesQueryOptions,
  selectedInvoicesQueryOptions,
  usePayInvoices,
  type InvoiceScope,
} from './api'
export type { InvoiceListState } from './list-params'
export { invoiceStatusLabel, invoiceStatusTone, UNPAID_ONLY_MESSAGE } from './status'
