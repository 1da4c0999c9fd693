import { createFileRoute } from '@tanstack/react-router'
import { ClientSupportPage, loadClientSupport } from '~/features/support'

/** Client › Support: contacts, the message form and the client's conversations. */
export const Route = createFileRoute('/_authenticated/client/support/')({
  loader: ({ context }) => loadClientSupport(context.queryClient),
  component: ClientSupportRoute,
})

function ClientSupportRoute() {
  const { session } = Route.useRouteContext()
  return <ClientSupportPage clientId={session.user.clientId!} />
}
