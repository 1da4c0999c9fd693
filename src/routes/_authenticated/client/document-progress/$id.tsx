import { createFileRoute } from '@tanstack/react-router'
import { documentProgressRouteLoader } from '~/features/document-requests/loaders'
import { DocumentProgressRoute } from '~/features/document-requests/progress-route'

/** Document Progress: the timeline of one mail request. */
export const Route = createFileRoute('/_authenticated/client/document-progress/$id')({
  loader: documentProgressRouteLoader,
  component: DocumentProgressRoute,
})
