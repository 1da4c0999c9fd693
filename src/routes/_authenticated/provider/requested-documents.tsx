import { createFileRoute } from '@tanstack/react-router'
import { requirePermission } from '~/features/auth'
import { requestListRouteLoader } from '~/features/document-requests/loaders'
import { requestListRouteOptions } from '~/features/document-requests/route-options'
import { RequestedDocumentsRoute } from '~/features/document-requests/route-pages'
import { PERM } from '~/lib/permissions'

/** Every client's mail requests (agents with DCV, as the server asks); state in the URL. */
export const Route = createFileRoute('/_authenticated/provider/requested-documents')({
  beforeLoad: requirePermission(PERM.DCV),
  ...requestListRouteOptions,
  loader: requestListRouteLoader,
  component: RequestedDocumentsRoute,
})
