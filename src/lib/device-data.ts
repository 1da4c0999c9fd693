import { deleteOutbox } from './outbox/store'
import { removePersistedQueries } from './query-client'
import { purgeServiceWorkerCaches } from './service-worker'
import { getSession } from './session'

/**
 * What a signed-in user leaves on this device (the saved query data, the outbox with its files, the
 * cached document files) and when it is wiped, so that nothing of one user survives for the next on
 * a shared device:
 * - at log out (features/auth/sign-out.ts);
 * - when a session ended without "Keep me signed in" (the browser was closed): the next start finds
 *   no session and wipes, unless another tab of this device is still signed in (a kept session that
 *   expired leaves its unsent changes for the same user's next sign-in; another user's wipes them);
 * - at the sign-in of another user than the one whose data is here.
 */

/** The user whose data this device holds (set at sign-in, removed with the data). */
const OWNER_KEY = 'portal-data-owner'
/** Set while the owner chose "Keep me signed in": their data outlives a closed browser. */
const KEPT_KEY = 'portal-data-kept'
/** Held (shared) by every tab with a session, so a tab without one knows it is not alone. */
const SIGNED_IN_LOCK = 'portal-signed-in'

function storage(): Storage | null {
  try {
    return window.localStorage
  } catch {
    return null
  }
}

/** Removes every trace of the signed-in user's data from this device (the shell stays). */
export async function wipeUserData(): Promise<void> {
  await Promise.all([removePersistedQueries().catch(() => undefined), deleteOutbox(), purgeServiceWorkerCaches()])
  storage()?.removeItem(OWNER_KEY)
  storage()?.removeItem(KEPT_KEY)
}

function markOwner(userId: number, remember: boolean): void {
  storage()?.setItem(OWNER_KEY, String(userId))
  if (remember) storage()?.setItem(KEPT_KEY, '1')
  else storage()?.removeItem(KEPT_KEY)
}

/** Before a sign-in takes the device: another user's data goes first. */
export async function claimDevice(userId: number, remember: boolean): Promise<void> {
  const owner = storage()?.getItem(OWNER_KEY)
  if (owner != null && owner !== String(userId)) await wipeUserData()
  markOwner(userId, remember)
}

let holding = false

/** Holds the signed-in lock for as long as this tab lives with a session. */
function holdSignedInLock(): void {
  if (holding || !navigator.locks) return
  holding = true
  void navigator.locks.request(SIGNED_IN_LOCK, { mode: 'shared' }, () => new Promise<void>(() => undefined))
}

/**
 * On start: a tab with a session marks itself signed in; a tab without one, alone on the device,
 * wipes what an ended session left behind. Resolves once that is done.
 */
export async function settleDeviceData(): Promise<void> {
  const session = getSession()
  if (session) {
    holdSignedInLock()
    markOwner(session.user.id, session.remember)
    return
  }
  if (storage()?.getItem(OWNER_KEY) == null || storage()?.getItem(KEPT_KEY) != null) return
  const locks = navigator.locks
  if (!locks) {
    await wipeUserData()
    return
  }
  await locks.request(SIGNED_IN_LOCK, { mode: 'exclusive', ifAvailable: true }, async (lock) => {
    // Another tab still has a session: its data is in use.
    if (lock) await wipeUserData()
  })
}

/** Marks this tab signed in once a session begins. */
export function onSignedIn(): void {
  holdSignedInLock()
}
