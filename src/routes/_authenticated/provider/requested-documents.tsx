import { createFileRoute } from '@tanstack/react-router'
import { requirePermission } from '~/features/auth'
import { requestListRouteLoader } from '~/features/document-requests/loaders'
import { RequestedDocumentsPage } from '~/features/document-requests/requests-list-page'
import { nextRequestListSearch, requestListRouteOptions, requestStateFromSearch } from '~/features/document-requests/routing'
import { PERM } from '~/lib/permissions'

/** Every client's mail requests (agents with DCV, as the server asks); state in the URL. */
export const Route = createFileRoute('/_authenticated/provider/requested-documents')({
  beforeLoad: requirePermission(PERM.DCV),
  ...requestListRouteOptions,
  loader: requestListRouteLoader,
  component: ProviderRequestedDocumentsPage,
})

function ProviderRequestedDocumentsPage() {
  const search = Route.useSearch()
  const navigate = Route.useNavigate()
  return (
    <RequestedDocumentsPage
      state={requestStateFromSearch(search)}
      onStateChange={(patch) => void navigate({ search: (previous) => nextRequestListSearch(previous, patch), replace: true })}
    />
  )
}
