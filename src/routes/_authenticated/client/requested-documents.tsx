import { createFileRoute } from '@tanstack/react-router'
import { requestListRouteLoader } from '~/features/document-requests/loaders'
import { requestListRouteOptions } from '~/features/document-requests/route-options'
import { RequestedDocumentsRoute } from '~/features/document-requests/route-pages'

/** The signed-in client's mail requests; paging, sorting and filters live in the URL. */
export const Route = createFileRoute('/_authenticated/client/requested-documents')({
  ...requestListRouteOptions,
  loader: requestListRouteLoader,
  component: RequestedDocumentsRoute,
})
