import { createFileRoute } from '@tanstack/react-router'
import { requirePermission } from '~/features/auth'
import { DocumentsPage } from '~/features/documents'
import { DocumentListSearchSchema, listStateFromSearch, nextDocumentListSearch } from '~/features/documents/routing'
import { PERM } from '~/lib/permissions'

/** Every client's documents (agents with DCV); ?clientId= narrows to one client. */
export const Route = createFileRoute('/_authenticated/provider/documents/')({
  beforeLoad: requirePermission(PERM.DCV),
  validateSearch: DocumentListSearchSchema,
  loaderDeps: ({ search }) => search,
  loader: async ({ context, deps }) => {
    const { loadDocumentList } = await import('~/features/documents/loaders')
    loadDocumentList(context.queryClient, { kind: 'all' }, deps)
  },
  component: ProviderDocumentsPage,
})

function ProviderDocumentsPage() {
  const search = Route.useSearch()
  const navigate = Route.useNavigate()
  return (
    <DocumentsPage
      scope={{ kind: 'all' }}
      state={listStateFromSearch(search)}
      onStateChange={(patch) => void navigate({ search: (previous) => nextDocumentListSearch(previous, patch), replace: true })}
    />
  )
}
