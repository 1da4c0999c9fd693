import { createFileRoute } from '@tanstack/react-router'
import { DocumentsPage } from '~/features/documents'
import { DocumentListSearchSchema, listStateFromSearch, nextDocumentListSearch } from '~/features/documents/routing'
import { ActionRequiredBanner } from '~/features/notifications/action-required-banner'

/** The signed-in client's documents; paging, sorting and filters live in the URL. */
export const Route = createFileRoute('/_authenticated/client/documents')({
  validateSearch: DocumentListSearchSchema,
  loaderDeps: ({ search }) => search,
  loader: async ({ context, deps }) => {
    const { loadDocumentList } = await import('~/features/documents/loaders')
    loadDocumentList(context.queryClient, { kind: 'client', clientId: context.session.user.clientId! }, deps)
  },
  component: ClientDocumentsPage,
})

function ClientDocumentsPage() {
  const search = Route.useSearch()
  const navigate = Route.useNavigate()
  const { session } = Route.useRouteContext()
  return (
    <>
      <ActionRequiredBanner clientId={session.user.clientId!} onDocumentsList />
      <DocumentsPage
        scope={{ kind: 'client', clientId: session.user.clientId! }}
        state={listStateFromSearch(search)}
        onStateChange={(patch) => void navigate({ search: (previous) => nextDocumentListSearch(previous, patch), replace: true })}
      />
    </>
  )
}
