import { createFileRoute } from '@tanstack/react-router'
import { requirePermission } from '~/features/auth'
import { RequestedDocumentsPage } from '~/features/document-requests'
import { RequestListSearchSchema, requestStateFromSearch, searchFromRequestState } from '~/features/document-requests/routing'
import { PERM } from '~/lib/permissions'

/** Every client's mail requests (agents with DCV, as the server asks); state in the URL. */
export const Route = createFileRoute('/_authenticated/provider/requested-documents')({
  beforeLoad: requirePermission(PERM.DCV),
  validateSearch: RequestListSearchSchema,
  loaderDeps: ({ search }) => search,
  loader: async ({ context, deps }) => {
    const { loadRequestList } = await import('~/features/document-requests/loaders')
    loadRequestList(context.queryClient, deps)
  },
  component: ProviderRequestedDocumentsPage,
})

function ProviderRequestedDocumentsPage() {
  const search = Route.useSearch()
  const navigate = Route.useNavigate()
  return (
    <RequestedDocumentsPage
      state={requestStateFromSearch(search)}
      onStateChange={(patch) =>
        void navigate({ search: (previous) => searchFromRequestState({ ...requestStateFromSearch(previous), ...patch }), replace: true })
      }
    />
  )
}
