import { createFileRoute, Outlet, useRouter } from '@tanstack/react-router'
import { useEffect } from 'react'
import { requireSession, safeRedirectTarget } from '~/features/auth'
import { AppLayout } from '~/app/app-layout'
import { cacheRestored } from '~/lib/query-client'
import { useSession } from '~/lib/session'

/**
 * The authenticated layout: no session, no entry (to /login, coming back after).
 * Pages wait for the saved query cache, so an offline start shows saved data.
 */
export const Route = createFileRoute('/_authenticated')({
  beforeLoad: async ({ location }) => {
    const session = requireSession(location)
    await cacheRestored
    return { session }
  },
  component: AuthenticatedLayout,
})

function AuthenticatedLayout() {
  const session = useSession()
  // The session can end while the page is open (a network error, log out in another tab).
  if (!session) return <SessionEnded />
  return (
    <AppLayout>
      <Outlet />
    </AppLayout>
  )
}

/** Goes to /login once, remembering the page (rendering nothing of the signed-out user meanwhile). */
function SessionEnded() {
  const router = useRouter()
  useEffect(() => {
    const redirect = safeRedirectTarget(router.state.location.href)
    void router.navigate({ to: '/login', search: { redirect }, replace: true })
  }, [router])
  return null
}
