import { createFileRoute } from '@tanstack/react-router'
import { DocumentProgressPage } from '~/features/document-requests/progress-page'
import { documentProgressRouteLoader } from '~/features/document-requests/loaders'

/** Document Progress: the timeline of one mail request. */
export const Route = createFileRoute('/_authenticated/client/document-progress/$id')({
  loader: documentProgressRouteLoader,
  component: ClientDocumentProgressPage,
})

/** The `$id` was checked by the loader. */
function ClientDocumentProgressPage() {
  const { id } = Route.useParams()
  return <DocumentProgressPage key={id} requestId={Number(id)} />
}
