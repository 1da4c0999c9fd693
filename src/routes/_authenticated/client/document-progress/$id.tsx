import { createFileRoute, notFound } from '@tanstack/react-router'
import { DocumentProgressPage } from '~/features/document-requests/progress'

/** Document Progress: the timeline of one mail request. */
export const Route = createFileRoute('/_authenticated/client/document-progress/$id')({
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
