import { createFileRoute } from '@tanstack/react-router'
import { loadClientDashboard } from '~/features/dashboard/api'
import { ClientDashboard } from '~/features/dashboard/client-dashboard'
import { ActionRequiredBanner } from '~/features/notifications/action-required-banner'

export const Route = createFileRoute('/_authenticated/client/dashboard')({
  loader: ({ context }) => loadClientDashboard(context.queryClient),
  // Its largest text is the most urgent mail item, which comes with the data.
  staticData: { noFrame: true },
  component: ClientDashboardPage,
})

/** The client dashboard, with "Action required" above it while a service of process is unopened. */
function ClientDashboardPage() {
  const { session } = Route.useRouteContext()
  return (
    <>
      <ActionRequiredBanner clientId={session.user.clientId!} />
      <ClientDashboard />
    </>
  )
}
