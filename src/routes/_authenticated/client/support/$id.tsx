import { createFileRoute, notFound } from '@tanstack/react-router'
import { ConversationPage, loadConversation } from '~/features/support'

/** Client › Support › one conversation with its replies. */
export const Route = createFileRoute('/_authenticated/client/support/$id')({
  loader: ({ context, params }) => {
    const id = Number(params.id)
    if (!Number.isSafeInteger(id) || id <= 0) throw notFound()
    return loadConversation(context.queryClient, id)
  },
  component: ClientConversationRoute,
})

function ClientConversationRoute() {
  const { id } = Route.useParams()
  return <ConversationPage id={Number(id)} side="client" />
}
