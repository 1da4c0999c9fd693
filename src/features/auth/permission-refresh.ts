import { onForbidden } from '~/lib/api-client'
import { isBrowserOffline } from '~/lib/online-status'
import { getSession } from '~/lib/session'
import { refreshPermissions } from './api'

/** Focus can come in bursts (alt-tab back and forth): at most one re-read per this many ms from focus. */
const FOCUS_GAP_MS = 2_000

/**
 * Keeps the signed-in user's permission codes current without signing out: they are re-read when the
 * window gets focus or the tab becomes visible, and after any call answered 403 (the server already
 * knows the new codes; the menu and the guards catch up). One re-read runs at a time.
 */
export function keepPermissionsFresh(): () => void {
  let running = false
  let lastAt = 0
  const refresh = (minGapMs: number) => {
    if (running || !getSession() || isBrowserOffline()) return
    if (Date.now() - lastAt < minGapMs) return
    running = true
    lastAt = Date.now()
    void refreshPermissions()
      .catch(() => undefined)
      .finally(() => {
        running = false
      })
  }
  const onFocus = () => refresh(FOCUS_GAP_MS)
  const onVisible = () => {
    if (document.visibilityState === 'visible') refresh(FOCUS_GAP_MS)
  }
  window.addEventListener('focus', onFocus)
  document.addEventListener('visibilitychange', onVisible)
  const stopForbidden = onForbidden(() => refresh(0))
  return () => {
    window.removeEventListener('focus', onFocus)
    document.removeEventListener('visibilitychange', onVisible)
    stopForbidden()
  }
}
