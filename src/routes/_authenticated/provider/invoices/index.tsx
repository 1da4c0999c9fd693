import { createFileRoute } from '@tanstack/react-router'
import { requirePermission } from '~/features/auth'
import { InvoicesPage } from '~/features/invoices/invoices-view'
import { allInvoiceListLoader } from '~/features/invoices/loaders'
import { invoiceListRouteOptions, listStateFromSearch, nextInvoiceListSearch } from '~/features/invoices/routing'
import { PERM } from '~/lib/permissions'

/** Every client's invoices, for provider staff with ICV; paging, sorting and filters live in the URL. */
export const Route = createFileRoute('/_authenticated/provider/invoices/')({
  beforeLoad: requirePermission(PERM.ICV),
  ...invoiceListRouteOptions,
  loader: allInvoiceListLoader,
  component: ProviderInvoicesPage,
})

function ProviderInvoicesPage() {
  const search = Route.useSearch()
  const navigate = Route.useNavigate()
  return (
    <InvoicesPage
      state={listStateFromSearch(search)}
      onStateChange={(patch) => void navigate({ search: (previous) => nextInvoiceListSearch(previous, patch), replace: true })}
    />
  )
}
