import { createFileRoute } from '@tanstack/react-router'
import { InvoicesPage } from '~/features/invoices/invoices-view'
import { ownInvoiceListLoader } from '~/features/invoices/loaders'
import { invoiceListRouteOptions, listStateFromSearch, nextInvoiceListSearch } from '~/features/invoices/routing'

/** The signed-in client's invoices; paging, sorting and filters live in the URL. */
export const Route = createFileRoute('/_authenticated/client/invoices/')({
  ...invoiceListRouteOptions,
  loader: ownInvoiceListLoader,
  component: ClientInvoicesPage,
})

function ClientInvoicesPage() {
  const search = Route.useSearch()
  const navigate = Route.useNavigate()
  return (
    <InvoicesPage
      state={listStateFromSearch(search)}
      onStateChange={(patch) => void navigate({ search: (previous) => nextInvoiceListSearch(previous, patch), replace: true })}
    />
  )
}
