import { createFileRoute } from '@tanstack/react-router'
import { ownInvoiceListLoader } from '~/features/invoices/route-data'
import { invoiceListRouteOptions } from '~/features/invoices/route-options'
import { InvoicesRoute } from '~/features/invoices/route-pages'

/** The signed-in client's invoices; paging, sorting and filters live in the URL. */
export const Route = createFileRoute('/_authenticated/client/invoices/')({
  ...invoiceListRouteOptions,
  loader: ownInvoiceListLoader,
  component: InvoicesRoute,
})
