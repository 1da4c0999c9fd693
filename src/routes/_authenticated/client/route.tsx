import { createFileRoute, Outlet } from '@tanstack/react-router'
import { requireClient } from '~/features/auth'

/** The client area: client users only. */
export const Route = createFileRoute('/_authenticated/client')({
  beforeLoad: requireClient,
  component: Outlet,
})
