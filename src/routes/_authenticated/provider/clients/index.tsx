import { createFileRoute } from '@tanstack/react-router'
import { ClientsPage } from '~/features/clients/clients-page'
import { ClientListSearchSchema, listStateFromSearch, searchFromListState } from '~/features/clients/routing'
import { loadClientList } from '~/features/clients/loaders'

/** Provider › Clients: paging, sorting and search live in the URL. */
export const Route = createFileRoute('/_authenticated/provider/clients/')({
  validateSearch: ClientListSearchSchema,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => loadClientList(context.queryClient, listStateFromSearch(deps)),
  component: ProviderClientsPage,
})

function ProviderClientsPage() {
  const search = Route.useSearch()
  const navigate = Route.useNavigate()
  const state = listStateFromSearch(search)
  return (
    <ClientsPage
      state={state}
      onStateChange={(patch) => void navigate({ search: (previous) => searchFromListState({ ...listStateFromSearch(previous), ...patch }), replace: true })}
    />
  )
}
