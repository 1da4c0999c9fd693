import { createFileRoute, notFound } from '@tanstack/react-router'
import { requirePermission } from '~/features/auth'
import { DocumentProgressPage } from '~/features/document-requests/progress'
import { PERM } from '~/lib/permissions'

/** Document Progress: the timeline of one mail request. */
export const Route = createFileRoute('/_authenticated/provider/document-progress/$id')({
  beforeLoad: requirePermission(PERM.DCV),
  loader: async ({ context, params }) => {
    if (!/^[1-9]\d{0,9}$/.test(params.id)) throw notFound()
    const { loadRequest } = await import('~/features/document-requests/loaders')
    loadRequest(context.queryClient, Number(params.id))
  },
  component: DocumentProgressRoute,
})

function DocumentProgressRoute() {
  const { id } = Route.useParams()
  return <DocumentProgressPage key={id} requestId={Number(id)} />
}
