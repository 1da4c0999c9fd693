import { createFileRoute } from '@tanstack/react-router'
import { InvoicesPage } from '~/features/invoices'
// The search schema comes from its own module: route options sit in the app's first script, and the
// routing entry also brings the loaders (and through them the API module).
import { InvoiceListSearchSchema } from '~/features/invoices/list-params'
import { listStateFromSearch, loadInvoiceList, nextInvoiceListSearch, resolveInvoiceScope } from '~/features/invoices/routing'

/** The signed-in client's invoices; paging, sorting and filters live in the URL. */
export const Route = createFileRoute('/_authenticated/client/invoices/')({
  validateSearch: InvoiceListSearchSchema,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => loadInvoiceList(context.queryClient, resolveInvoiceScope(undefined, undefined, context.session.user.clientId), deps),
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
