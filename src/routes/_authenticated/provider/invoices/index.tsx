import { createFileRoute } from '@tanstack/react-router'
import { requirePermission } from '~/features/auth'
import { InvoicesPage } from '~/features/invoices'
// The search schema comes from its own module: route options sit in the app's first script, and the
// routing entry also brings the loaders (and through them the API module).
import { InvoiceListSearchSchema } from '~/features/invoices/list-params'
import { listStateFromSearch, loadInvoiceList, nextInvoiceListSearch } from '~/features/invoices/routing'
import { PERM } from '~/lib/permissions'

/** Every client's invoices, for provider staff with ICV; paging, sorting and filters live in the URL. */
export const Route = createFileRoute('/_authenticated/provider/invoices/')({
  beforeLoad: requirePermission(PERM.ICV),
  validateSearch: InvoiceListSearchSchema,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => loadInvoiceList(context.queryClient, { kind: 'all' }, deps),
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
