import { createFileRoute, Outlet, useRouter } from '@tanstack/react-router'
import { useEffect } from 'react'
import { requireSecondFactorSetUp, requireSession, safeRedirectTarget, useSecondFactorSetupGate } from '~/features/auth'
import { AppLayout } from '~/app/app-layout'
import { useSession, type Session } from '~/lib/session'

/**
 * The authenticated layout: no session, no entry (to /login, coming back after). Staff who must set up
 * a second factor first are sent to Account Settings → Security (the server refuses them the staff
 * calls meanwhile), at each navigation and when the session learns it while a page is open.
 * The frame renders without waiting for the saved query cache: each page's loader waits for it only
 * where it reads the cache (lib/query-client `cacheRestored`), and queries rendered before it is back
 * start once it is (the persist provider holds them), so an offline start still shows saved data.
 */
export const Route = createFileRoute('/_authenticated')({
  beforeLoad: ({ location }) => {
    const session = requireSession(location)
    requireSecondFactorSetUp(session, location)
    return { session }
  },
  component: AuthenticatedLayout,
})

function AuthenticatedLayout() {
  const session = useSession()
  // The session can end while the page is open (a network error, log out in another tab).
  if (!session) return <SessionEnded />
  return <SignedIn session={session} />
}

function SignedIn({ session }: { session: Session }) {
  useSecondFactorSetupGate(session)
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
