import { createFileRoute } from '@tanstack/react-router'
import { RequestedDocumentsPage } from '~/features/document-requests'
import { RequestListSearchSchema, requestStateFromSearch, searchFromRequestState } from '~/features/document-requests/routing'

/** The signed-in client's mail requests; paging, sorting and filters live in the URL. */
export const Route = createFileRoute('/_authenticated/client/requested-documents')({
  validateSearch: RequestListSearchSchema,
  loaderDeps: ({ search }) => search,
  loader: async ({ context, deps }) => {
    const { loadRequestList } = await import('~/features/document-requests/loaders')
    loadRequestList(context.queryClient, deps)
  },
  component: ClientRequestedDocumentsPage,
})

function ClientRequestedDocumentsPage() {
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
