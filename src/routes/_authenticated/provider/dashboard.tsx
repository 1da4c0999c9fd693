import { createFileRoute } from '@tanstack/react-router'
import { AgentDashboard } from '~/features/dashboard/agent-dashboard'
import { OverdueServiceCard } from '~/features/notifications/overdue-service-card'

export const Route = createFileRoute('/_authenticated/provider/dashboard')({
  component: ProviderDashboardPage,
})

/** The staff dashboard, with unopened service of process flagged above it. */
function ProviderDashboardPage() {
  return (
    <>
      <OverdueServiceCard />
      <AgentDashboard />
    </>
  )
}
