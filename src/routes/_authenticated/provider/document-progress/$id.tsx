import { createFileRoute } from '@tanstack/react-router'
import { requirePermission } from '~/features/auth'
import { documentProgressRouteLoader } from '~/features/document-requests/loaders'
import { DocumentProgressRoute } from '~/features/document-requests/progress-route'
import { PERM } from '~/lib/permissions'

/** Document Progress: the timeline of one mail request. */
export const Route = createFileRoute('/_authenticated/provider/document-progress/$id')({
  beforeLoad: requirePermission(PERM.DCV),
  loader: documentProgressRouteLoader,
  component: DocumentProgressRoute,
})
