import { useSyncExternalStore } from 'react'

/**
 * Web push on this device: whether alerts can be turned on, turning them on after a user gesture
 * (never on page load), and the subscription's endpoint for log out. The service worker's push code is
 * in sw/push.ts; this module also listens to its messages (a push arrived, the subscription changed).
 *
 * States: 'unsupported' (no Push API), 'needs-home-screen' (iPhone/iPad Safari: web push only works
 * for a portal added to the home screen), 'not-asked', 'on', 'blocked' (the user refused; only the
 * browser's site settings can undo it), and 'checking' until the first look.
 */
export type PushState = 'checking' | 'unsupported' | 'needs-home-screen' | 'not-asked' | 'on' | 'blocked'

const supported = () => typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window

/** iPhone or iPad (iPadOS says it is a Mac, but has touch). */
export function isAppleMobile(): boolean {
  if (typeof navigator === 'undefined') return false
  return /iPhone|iPad|iPod/.test(navigator.userAgent) || (navigator.userAgent.includes('Macintosh') && navigator.maxTouchPoints > 1)
}

const isHomeScreenApp = () =>
  typeof window !== 'undefined' &&
  (window.matchMedia?.('(display-mode: standalone)').matches || (navigator as Navigator & { standalone?: boolean }).standalone === true)

let state: PushState = 'checking'
const listeners = new Set<() => void>()
function setState(next: PushState) {
  if (next === state) return
  state = next
  for (const listener of listeners) listener()
}

async function registration(): Promise<ServiceWorkerRegistration | null> {
  if (!supported()) return null
  // Resolves once a worker is active; in development (no worker) it never does, so do not wait forever.
  return Promise.race([navigator.serviceWorker.ready, new Promise<null>((resolve) => setTimeout(() => resolve(null), 5000))])
}

/** Looks again at the permission and the subscription (after load, focus, or a change). */
export async function refreshPushState(): Promise<PushState> {
  if (!supported()) {
    setState(isAppleMobile() && !isHomeScreenApp() ? 'needs-home-screen' : 'unsupported')
    return state
  }
  if (Notification.permission === 'denied') {
    setState('blocked')
    return state
  }
  const subscription = await (await registration())?.pushManager.getSubscription()
  setState(Notification.permission === 'granted' && subscription ? 'on' : 'not-asked')
  return state
}

/** Subscribing (and turning off) loads on demand: most pages only need the state. */
const subscribing = () => import('./push-subscribe')

/**
 * "Turn on alerts": asks the browser's permission (call it from a click), subscribes this device and
 * stores the subscription for the signed-in user. Answers the new state; throws when the browser or
 * the server fails.
 */
export async function turnOnPush(): Promise<PushState> {
  if (!supported()) return refreshPushState()
  // Asked before anything loads, while the click still counts as the user's.
  const permission = Notification.permission === 'default' ? await Notification.requestPermission() : Notification.permission
  if (permission !== 'granted') return refreshPushState()
  const reg = await registration()
  if (!reg) throw new Error('Alerts need the installed portal app; reload the page and try again.')
  await (await subscribing()).sendSubscription(reg)
  setState('on')
  return state
}

/** Turns alerts off on this device: the browser's subscription and the server's copy. */
export async function turnOffPush(): Promise<void> {
  const subscription = await (await registration())?.pushManager.getSubscription()
  if (subscription) await (await subscribing()).dropSubscription(subscription)
  await refreshPushState()
}

/** Sends this device's subscription again (it was renewed, or to refresh the server's copy). */
async function resubscribe(): Promise<void> {
  const reg = await registration()
  if (reg) await (await subscribing()).sendSubscription(reg)
}

/** This device's push endpoint, if it has one (log out names it so the server removes it). */
export async function currentPushEndpoint(): Promise<string | null> {
  if (!supported() || !navigator.serviceWorker.controller) return null
  const reg = await navigator.serviceWorker.getRegistration()
  return (await reg?.pushManager.getSubscription())?.endpoint ?? null
}

/** Log out: this device stops receiving the signed-out user's alerts. */
export async function dropPushSubscription(): Promise<void> {
  if (!supported()) return
  const reg = await navigator.serviceWorker.getRegistration()
  await (await reg?.pushManager.getSubscription())?.unsubscribe().catch(() => false)
  setState('not-asked')
}

let started = false
/**
 * Starts watching: the first look, a look on each return to the page, and the worker's messages.
 * `onPush` runs when a push arrived while a page is open (refetch the notifications).
 */
export function watchPush(onPush: () => void): () => void {
  if (!supported()) {
    void refreshPushState()
    return () => {}
  }
  const onMessage = (event: MessageEvent) => {
    const type = (event.data as { type?: string } | null)?.type
    if (type === 'PUSH_RECEIVED') onPush()
    // The worker could not navigate this window itself (it did not control it yet).
    if (type === 'NAVIGATE' && typeof (event.data as { path?: unknown }).path === 'string') window.location.assign((event.data as { path: string }).path)
    // The browser renewed the subscription: send the new one (no prompt: permission is already given).
    if (type === 'PUSH_SUBSCRIPTION_CHANGED' && Notification.permission === 'granted') void resubscribe().then(refreshPushState, refreshPushState)
  }
  const onVisible = () => {
    if (document.visibilityState === 'visible') void refreshPushState()
  }
  navigator.serviceWorker.addEventListener('message', onMessage)
  document.addEventListener('visibilitychange', onVisible)
  if (!started) {
    started = true
    // A device that was on stays on: the server copy is refreshed once per page load.
    void refreshPushState().then((now) => (now === 'on' ? resubscribe().catch(() => undefined) : undefined))
  }
  return () => {
    navigator.serviceWorker.removeEventListener('message', onMessage)
    document.removeEventListener('visibilitychange', onVisible)
  }
}

const subscribeState = (listener: () => void) => {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** The current PushState, re-rendering on change. */
export function usePushState(): PushState {
  return useSyncExternalStore(
    subscribeState,
    () => state,
    () => 'checking' as const,
  )
}
