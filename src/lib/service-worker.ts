/// <reference types="vite-plugin-pwa/vanillajs" />

/**
 * Service worker messaging: registration with an update prompt, and the purge on log out.
 * Registration is loaded after the first paint so workbox-window stays out of the entry chunk.
 */

import { isBrowserOffline } from './online-status'

export interface ServiceWorkerCallbacks {
  /** A new version is waiting; call `update()` to switch to it (the page reloads). */
  onNeedRefresh: (update: () => Promise<void>) => void
  onOfflineReady?: () => void
}

/** An open app looks for a new version this often, and when it comes back to the front. */
export const UPDATE_CHECK_MS = 60 * 60 * 1000
const FOCUS_CHECK_GAP_MS = 60 * 1000

export async function registerServiceWorker(callbacks: ServiceWorkerCallbacks): Promise<void> {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return
  const { registerSW } = await import('virtual:pwa-register')
  const update = registerSW({
    immediate: true,
    onNeedRefresh: () => callbacks.onNeedRefresh(() => update(true)),
    onOfflineReady: callbacks.onOfflineReady,
    onRegisteredSW: (_url, registration) => {
      if (registration) checkForUpdates(registration)
    },
  })
}

/**
 * An installed app may stay open for days: it asks for a new version hourly and when it comes back to
 * the front (at most once a minute), online only. A new version shows the usual update prompt.
 */
function checkForUpdates(registration: ServiceWorkerRegistration): void {
  let lastCheck = Date.now()
  const check = () => {
    if (isBrowserOffline() || registration.installing) return
    lastCheck = Date.now()
    void registration.update().catch(() => undefined)
  }
  setInterval(check, UPDATE_CHECK_MS)
  const onFront = () => {
    if (document.visibilityState === 'visible' && Date.now() - lastCheck > FOCUS_CHECK_GAP_MS) check()
  }
  window.addEventListener('focus', onFront)
  document.addEventListener('visibilitychange', onFront)
}

/**
 * Asks the service worker to drop every runtime cache (document files and other user data) and waits
 * for it to confirm, at most `timeoutMs`. The page also deletes them itself, in case no worker runs.
 */
export async function purgeServiceWorkerCaches(timeoutMs = 1500): Promise<void> {
  const controller = typeof navigator !== 'undefined' ? navigator.serviceWorker?.controller : null
  const viaWorker = controller
    ? new Promise<void>((resolve) => {
        const channel = new MessageChannel()
        channel.port1.onmessage = () => resolve()
        controller.postMessage({ type: 'LOGOUT' }, [channel.port2])
        setTimeout(resolve, timeoutMs)
      })
    : Promise.resolve()
  const direct =
    typeof caches !== 'undefined'
      ? caches
          .keys()
          .then((names) => Promise.all(names.filter((name) => !name.startsWith('workbox-precache')).map((name) => caches.delete(name))))
          .catch(() => undefined)
      : Promise.resolve()
  await Promise.all([viaWorker, direct])
}
