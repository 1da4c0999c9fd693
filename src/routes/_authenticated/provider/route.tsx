import { createFileRoute, Outlet } from '@tanstack/react-router'
import { requireAgent } from '~/features/auth'

/** The provider area: agents only. */
export const Route = createFileRoute('/_authenticated/provider')({
  beforeLoad: requireAgent,
  component: Outlet,
})
