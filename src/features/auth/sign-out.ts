import type { QueryClient } from '@tanstack/react-query'
import { apiFetch } from '~/lib/api-client'
import { removePersistedQueries } from '~/lib/query-client'
import { purgeServiceWorkerCaches } from '~/lib/service-worker'
import { clearSession, getSession } from '~/lib/session'

/** How long log out waits for the server before wiping this device anyway. */
const SERVER_LOGOUT_TIMEOUT_MS = 3000

/**
 * Log Out (SPEC.md section 2; DECISIONS.md "Sessions"): the server revokes the access token and the
 * refresh chain; this device loses the session (tab and device copies), the in-memory and saved query
 * data, and the service worker's runtime caches; then /login loads afresh, so no user state survives
 * in memory either. Offline, the device is wiped all the same.
 */
export async function signOut(queryClient: QueryClient): Promise<void> {
  if (getSession() && navigator.onLine) {
    const abort = new AbortController()
    const timer = setTimeout(() => abort.abort(), SERVER_LOGOUT_TIMEOUT_MS)
    try {
      await apiFetch('/auth/logout', { method: 'POST', signal: abort.signal, endSessionOn401: false })
    } catch {
      // Best effort: the token expires soon anyway, and this device forgets it now.
    } finally {
      clearTimeout(timer)
    }
  }
  clearSession()
  queryClient.clear()
  // LATER (push): unsubscribe this device's push subscription here as well.
  await Promise.all([removePersistedQueries(), purgeServiceWorkerCaches()])
  window.location.replace('/login')
}
