import { createFileRoute } from '@tanstack/react-router'
import { requirePermission } from '~/features/auth'
import { DocumentProgressPage } from '~/features/document-requests/progress-page'
import { documentProgressRouteLoader } from '~/features/document-requests/loaders'
import { PERM } from '~/lib/permissions'

/** Document Progress: the timeline of one mail request. */
export const Route = createFileRoute('/_authenticated/provider/document-progress/$id')({
  beforeLoad: requirePermission(PERM.DCV),
  loader: documentProgressRouteLoader,
  component: ProviderDocumentProgressPage,
})

/** The `$id` was checked by the loader. */
function ProviderDocumentProgressPage() {
  const { id } = Route.useParams()
  return <DocumentProgressPage key={id} requestId={Number(id)} />
}
