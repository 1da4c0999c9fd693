/**
 * The stored session's key and its access token, readable without the session module (which parses the
 * whole record with the contract's schemas): the entry script reads the token to start a framed page's
 * first call before the app's scripts have arrived (app/early-call.ts).
 */
export const SESSION_KEY = 'session'

/** The access token's expiry (ms since the epoch), read from its `exp` claim; null when unreadable. */
export function tokenExpiresAt(token: string): number | null {
  const payload = token.split('.')[1]
  if (!payload) return null
  try {
    const json = atob(
      payload
        .replace(/-/g, '+')
        .replace(/_/g, '/')
        .padEnd(Math.ceil(payload.length / 4) * 4, '='),
    )
    const exp = (JSON.parse(json) as { exp?: unknown }).exp
    return typeof exp === 'number' ? exp * 1000 : null
  } catch {
    return null
  }
}

/**
 * The access token of the stored session as the session module will find it (this tab's record, else the
 * device's remembered one), when it stays valid for at least `validForMs`; the record itself is checked
 * there, not here.
 */
export function storedAccessToken(validForMs: number, now = Date.now()): string | null {
  try {
    const tab = window.sessionStorage.getItem(SESSION_KEY)
    const record = JSON.parse(tab ?? window.localStorage.getItem(SESSION_KEY) ?? 'null') as { token?: unknown; remember?: unknown } | null
    if (!record || typeof record.token !== 'string' || (!tab && record.remember !== true)) return null
    const expiresAt = tokenExpiresAt(record.token)
    return expiresAt !== null && expiresAt - now >= validForMs ? record.token : null
  } catch {
    // Storage blocked by the browser's privacy settings, or a record that is not JSON.
    return null
  }
}
