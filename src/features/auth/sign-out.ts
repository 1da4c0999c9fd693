import type { QueryClient } from '@tanstack/react-query'
import { apiFetch } from '~/lib/api-client'
import { isBrowserOffline } from '~/lib/online-status'
import { clearSession, getSession } from '~/lib/session'
import { markSignedOut } from '~/lib/signed-out'

/** How long log out waits for the server before wiping this device anyway. */
const SERVER_LOGOUT_TIMEOUT_MS = 3000

/**
 * Log Out: the server revokes the access token and the refresh chain; this device loses the session
 * (tab and device copies), the in-memory and saved query data, the outbox, the cached document files
 * and its push subscription; then /login loads afresh, so no user state survives in memory either.
 * Offline (or when the server does not answer) the device is wiped all the same and the log out is
 * remembered: the refresh cookie is refused here and ended on the server at the next contact
 * (lib/signed-out.ts).
 */
export async function signOut(queryClient: QueryClient): Promise<void> {
  let told = false
  // Loaded here: the sign-in page, which can sign out a stale session, has no other use for it.
  const { currentPushEndpoint, dropPushSubscription } = await import('~/lib/push')
  if (getSession() && !isBrowserOffline()) {
    const abort = new AbortController()
    const timer = setTimeout(() => abort.abort(), SERVER_LOGOUT_TIMEOUT_MS)
    try {
      // The server also forgets this device's push subscription, so the signed-out user's alerts stop.
      const pushEndpoint = await currentPushEndpoint().catch(() => null)
      await apiFetch('/auth/logout', { method: 'POST', body: pushEndpoint ? { pushEndpoint } : undefined, signal: abort.signal, endSessionOn401: false })
      told = true
    } catch {
      // Remembered below: the server is told at the next contact.
    } finally {
      clearTimeout(timer)
    }
  }
  if (!told) markSignedOut()
  clearSession()
  queryClient.clear()
  const { wipeUserData } = await import('~/lib/device-data')
  await Promise.all([wipeUserData(), dropPushSubscription().catch(() => undefined)])
  window.location.replace('/login')
}
