import { createFileRoute } from '@tanstack/react-router'
import { ClientSupportPage } from '~/features/support'
import { loadClientSupport } from '~/features/support/loaders'

/** Client › Support: contacts, the message form and the client's conversations. */
export const Route = createFileRoute('/_authenticated/client/support/')({
  loader: ({ context }) => loadClientSupport(context.queryClient),
  component: ClientSupportRoute,
})

function ClientSupportRoute() {
  const { session } = Route.useRouteContext()
  return <ClientSupportPage clientId={session.user.clientId!} />
}
