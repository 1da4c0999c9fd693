import { createFileRoute } from '@tanstack/react-router'
import { requirePermission } from '~/features/auth'
import { ConversationPage } from '~/features/support'
import { loadConversation } from '~/features/support/loaders'
import { conversationIdFromParam } from '~/features/support/routing'
import { PERM } from '~/lib/permissions'

/** Provider › Support › one conversation: read (SPV), reply and open/close (SPR). */
export const Route = createFileRoute('/_authenticated/provider/support/$id')({
  beforeLoad: requirePermission(PERM.SPV),
  loader: ({ context, params }) => loadConversation(context.queryClient, params.id),
  component: ProviderConversationRoute,
})

function ProviderConversationRoute() {
  const { id } = Route.useParams()
  return <ConversationPage id={conversationIdFromParam(id)} side="provider" />
}
