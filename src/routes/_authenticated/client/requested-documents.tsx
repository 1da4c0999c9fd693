import { createFileRoute } from '@tanstack/react-router'
import { requestListRouteLoader } from '~/features/document-requests/loaders'
import { RequestedDocumentsPage } from '~/features/document-requests/requests-list-page'
import { nextRequestListSearch, requestListRouteOptions, requestStateFromSearch } from '~/features/document-requests/routing'

/** The signed-in client's mail requests; paging, sorting and filters live in the URL. */
export const Route = createFileRoute('/_authenticated/client/requested-documents')({
  ...requestListRouteOptions,
  loader: requestListRouteLoader,
  component: ClientRequestedDocumentsPage,
})

function ClientRequestedDocumentsPage() {
  const search = Route.useSearch()
  const navigate = Route.useNavigate()
  return (
    <RequestedDocumentsPage
      state={requestStateFromSearch(search)}
      onStateChange={(patch) => void navigate({ search: (previous) => nextRequestListSearch(previous, patch), replace: true })}
    />
  )
}
