import { createFileRoute } from '@tanstack/react-router'
import { ConversationPage } from '~/features/support'
import { loadConversation } from '~/features/support/loaders'
import { conversationIdFromParam } from '~/features/support/routing'

/** Client › Support › one conversation with its replies. */
export const Route = createFileRoute('/_authenticated/client/support/$id')({
  loader: ({ context, params }) => loadConversation(context.queryClient, params.id),
  component: ClientConversationRoute,
})

function ClientConversationRoute() {
  const { id } = Route.useParams()
  return <ConversationPage id={conversationIdFromParam(id)} side="client" />
}
