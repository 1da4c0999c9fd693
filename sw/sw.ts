/// <reference lib="webworker" />
import { cleanupOutdatedCaches, createHandlerBoundToURL, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching'
import { NavigationRoute, registerRoute } from 'workbox-routing'
import './push'
import { registerOutboxSync } from './outbox-sync'

/**
 * The portal's service worker (vite-plugin-pwa, injectManifest). It precaches the app shell so the
 * installed PWA opens with no network, answers every page navigation with index.html (the router
 * draws the page), and leaves /api to the network. Later parts add to the marked places below.
 */
declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (string | PrecacheEntry)[] }

// ---------- the app shell ----------

precacheAndRoute(self.__WB_MANIFEST)
cleanupOutdatedCaches()

// Deep links (/client/invoices/12) load the shell; the API and files served by the server do not.
registerRoute(
  new NavigationRoute(createHandlerBoundToURL('index.html'), {
    denylist: [/^\/api(\/|$)/, /\/[^/?]+\.[^/?]+$/],
  }),
)

// ---------- lifecycle and messages ----------

/** Caches other than the shell's precache: the ones holding a signed-in user's data. */
const isRuntimeCache = (name: string) => !name.startsWith('workbox-precache')

async function purgeRuntimeCaches(): Promise<void> {
  const names = await caches.keys()
  await Promise.all(names.filter(isRuntimeCache).map((name) => caches.delete(name)))
  // The outbox (IndexedDB) is deleted by the page at log out (src/lib/device-data.ts).
}

type Message = 'SKIP_WAITING' | 'LOGOUT' | { type?: string }
const messageType = (data: Message | null | undefined) => (typeof data === 'string' ? data : data?.type)

self.addEventListener('message', (event) => {
  const type = messageType(event.data as Message)
  if (type === 'SKIP_WAITING') {
    // The user accepted "A new version is available": take over, the page reloads.
    void self.skipWaiting()
    return
  }
  if (type === 'LOGOUT') {
    // Log out: nothing of the signed-out user may stay in the worker's caches.
    const reply = event.ports[0]
    event.waitUntil(
      purgeRuntimeCaches().then(
        () => reply?.postMessage({ type: 'LOGOUT_DONE' }),
        () => reply?.postMessage({ type: 'LOGOUT_DONE' }),
      ),
    )
  }
})

// The first install controls the open page at once, so the shell works offline after one visit.
self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim())
})

// ---------- document file cache ----------
// Document files a user has opened are kept in that user's runtime cache 'documents-user-<id>',
// written and read by the page itself (src/features/documents/file-cache.ts): offline, the API client
// sends nothing, so a route here would never be asked. purgeRuntimeCaches() removes it on log out.

// ---------- push and notificationclick ----------
// Web push: showing notifications, the app badge, and opening the portal on a click: sw/push.ts,
// imported above.

// ---------- outbox replay ----------
// Changes saved on the device while offline (uploads, mail requests, mark-read) are replayed on the
// 'sync' event (sw/outbox-sync.ts); the page replays too, under the same lock.
registerOutboxSync()
