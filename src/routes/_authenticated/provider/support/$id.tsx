import { createFileRoute, notFound } from '@tanstack/react-router'
import { requirePermission } from '~/features/auth'
import { ConversationPage, loadConversation } from '~/features/support'
import { PERM } from '~/lib/permissions'

/** Provider › Support › one conversation: read (SPV), reply and open/close (SPR). */
export const Route = createFileRoute('/_authenticated/provider/support/$id')({
  beforeLoad: requirePermission(PERM.SPV),
  loader: ({ context, params }) => {
    const id = Number(params.id)
    if (!Number.isSafeInteger(id) || id <= 0) throw notFound()
    return loadConversation(context.queryClient, id)
  },
  component: ProviderConversationRoute,
})

function ProviderConversationRoute() {
  const { id } = Route.useParams()
  return <ConversationPage id={Number(id)} side="provider" />
}
