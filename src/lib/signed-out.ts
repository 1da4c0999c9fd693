import { appConfig } from './config'
import { isBrowserOffline, onBrowserOnline } from './online-status'
import { SIGNED_OUT_KEY, signedOutStorage as storage } from './signed-out-flag'

/**
 * A log out the server has not heard of yet. Logging out offline wipes the device at once, but the
 * httpOnly refresh cookie can only be ended by the server: until it has been told, this device
 * refuses to renew a session with that cookie, and tells the server at its first contact (on start,
 * when the connection returns, and before the next sign-in).
 */
export { signOutPending } from './signed-out-flag'

/** Log out happened here; the server still has to end the refresh cookie. */
export function markSignedOut(): void {
  storage()?.setItem(SIGNED_OUT_KEY, String(Date.now()))
}

let settling: Promise<boolean> | null = null

/**
 * Tells the server about a pending log out (POST /api/auth/logout with the cookie). Resolves true
 * when nothing is pending any more.
 */
export function settleSignOut(): Promise<boolean> {
  if (storage()?.getItem(SIGNED_OUT_KEY) == null) return Promise.resolve(true)
  settling ??= (async () => {
    try {
      const res = await fetch(`${appConfig.apiBase}/auth/logout`, { method: 'POST', credentials: 'same-origin', headers: { accept: 'application/json' } })
      if (res.ok) storage()?.removeItem(SIGNED_OUT_KEY)
      return res.ok
    } catch {
      return false
    }
  })().finally(() => {
    settling = null
  })
  return settling
}

/** Settles a pending log out now and whenever the connection returns. */
export function settleSignOutWhenOnline(): void {
  if (typeof window === 'undefined') return
  if (!isBrowserOffline()) void settleSignOut()
  onBrowserOnline(() => void settleSignOut())
}

/** A new sign-in replaced the cookie: the old log out no longer holds this device back. */
export function forgetSignOut(): void {
  storage()?.removeItem(SIGNED_OUT_KEY)
}
