import { createFileRoute, Outlet } from '@tanstack/react-router'
import { PublicLayout } from '~/app/public-layout'
import { loadMessages } from '~/lib/i18n'

/** The public pages' frame (no session needed): sign in, password reset and sign-up. */
export const Route = createFileRoute('/_public')({
  beforeLoad: () => loadMessages('auth'),
  component: PublicFrame,
})

function PublicFrame() {
  return (
    <PublicLayout>
      <Outlet />
    </PublicLayout>
  )
}
