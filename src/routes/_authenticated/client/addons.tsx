import { createFileRoute } from '@tanstack/react-router'
import { AddonsPage } from '~/features/addons'
import { loadAddons } from '~/features/addons/loaders'

/** Client › Add-Ons: the add-on catalogue, what the client has, and buying one by card. */
export const Route = createFileRoute('/_authenticated/client/addons')({
  loader: ({ context }) => loadAddons(context.queryClient, context.session.user.clientId!),
  component: ClientAddonsPage,
})

function ClientAddonsPage() {
  const { session } = Route.useRouteContext()
  return <AddonsPage clientId={session.user.clientId!} />
}
