/** The mark of a log out the server has not heard of yet (see signed-out.ts), read by the API client. */
export const SIGNED_OUT_KEY = 'portal-signed-out'

export function signedOutStorage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage
  } catch {
    return null
  }
}

/** The server has not yet ended the refresh cookie of a log out on this device. */
export function signOutPending(): boolean {
  return signedOutStorage()?.getItem(SIGNED_OUT_KEY) != null
}
