/// <reference lib="webworker" />
import { cleanupOutdatedCaches, createHandlerBoundToURL, matchPrecache, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching'
import { NavigationRoute, registerRoute } from 'workbox-routing'
import './push'
import { registerOutboxSync } from './outbox-sync'
import { DOCUMENT_VIEW_PREFIX, parseDocumentViewPath } from '@contract/document-view'
import { routePreloads, withPreloads, type RoutePreloads, type RoutePreloadTable } from '@contract/route-preloads'

/**
 * The portal's service worker (vite-plugin-pwa, injectManifest). It precaches the app shell so the
 * installed PWA opens with no network, answers every page navigation with index.html naming the page's
 * scripts (the router draws the page), and leaves /api to the network. Later parts add to the marked
 * places below.
 */
declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (string | PrecacheEntry)[] }

// ---------- the app shell ----------

precacheAndRoute(self.__WB_MANIFEST)
cleanupOutdatedCaches()

// Deep links (/client/invoices/12) load the shell; the API and files served by the server do not.
// The shell names the page's scripts (modulepreload), as the server's does: without them the browser
// would find the app's start and the route's chunks one level of imports after another (eight levels on
// a list page), each a trip through this worker, and an installed PWA's start would wait for all of them.
const shell = createHandlerBoundToURL('index.html')
let preloads: Promise<RoutePreloads> | undefined
const pagePreloads = () =>
  (preloads ??= matchPrecache('route-preloads.json')
    .then((res) => (res ? (res.json() as Promise<RoutePreloadTable>) : { routes: [], start: [], entry: [] }))
    .then(routePreloads)
    .catch(() => () => []))

registerRoute(
  new NavigationRoute(
    async (options) => {
      // Read first: the precache's handler puts its own request (index.html) in `options`.
      const { pathname } = new URL(options.request.url)
      const [response, preloadsFor] = await Promise.all([shell(options), pagePreloads()])
      const files = preloadsFor(pathname)
      if (!response.ok || !files.length) return response
      const headers = new Headers(response.headers)
      headers.delete('content-length')
      return new Response(withPreloads(await response.text(), files), { status: response.status, statusText: response.statusText, headers })
    },
    { denylist: [/^\/api(\/|$)/, /\/[^/?]+\.[^/?]+$/, new RegExp(`^${DOCUMENT_VIEW_PREFIX}`)] },
  ),
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
// The one route here shows a saved file to the viewer under an address ending in its name
// (/document-files/<user>/<document>/<name>), so the browser's PDF viewer titles and saves it by name.
registerRoute(({ url }) => url.origin === self.location.origin && url.pathname.startsWith(DOCUMENT_VIEW_PREFIX), serveSavedDocumentFile)

async function serveSavedDocumentFile({ url }: { url: URL }): Promise<Response> {
  const target = parseDocumentViewPath(url.pathname)
  const saved = target ? await (await caches.open(`documents-user-${target.userId}`)).match(`/api/document/${target.documentId}`) : undefined
  const type = saved?.headers.get('content-type') ?? ''
  // Only what the server stores as a document (PDF or image) is ever shown from here.
  if (!saved || !/^(application\/pdf|image\/(png|jpeg|tiff))(;|$)/i.test(type)) return new Response('Not saved on this device', { status: 404 })
  const headers = new Headers({ 'Content-Type': type, 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff', 'X-Frame-Options': 'SAMEORIGIN' })
  // Shown in the page, never downloaded by the frame: the saved copy may come from a download.
  const disposition = saved.headers.get('content-disposition')
  if (disposition) headers.set('Content-Disposition', disposition.replace(/^\s*attachment/i, 'inline'))
  return new Response(saved.body, { status: 200, headers })
}

// ---------- push and notificationclick ----------
// Web push: showing notifications, the app badge, and opening the portal on a click: sw/push.ts,
// imported above.

// ---------- outbox replay ----------
// Changes saved on the device while offline (uploads, mail requests, mark-read) are replayed on the
// 'sync' event (sw/outbox-sync.ts); the page replays too, under the same lock.
registerOutboxSync()
