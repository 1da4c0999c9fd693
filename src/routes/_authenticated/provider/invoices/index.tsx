import { createFileRoute } from '@tanstack/react-router'
import { requirePermission } from '~/features/auth'
import { allInvoiceListLoader } from '~/features/invoices/route-data'
import { invoiceListRouteOptions } from '~/features/invoices/route-options'
import { InvoicesRoute } from '~/features/invoices/route-pages'
import { PERM } from '~/lib/permissions'

/** Every client's invoices, for provider staff with ICV; paging, sorting and filters live in the URL. */
export const Route = createFileRoute('/_authenticated/provider/invoices/')({
  beforeLoad: requirePermission(PERM.ICV),
  ...invoiceListRouteOptions,
  loader: allInvoiceListLoader,
  component: InvoicesRoute,
})
