import { createFileRoute } from '@tanstack/react-router'
import { AgentDashboard } from '~/features/dashboard/agent-dashboard'

export const Route = createFileRoute('/_authenticated/provider/dashboard')({
  component: AgentDashboard,
})
