/// <reference lib="webworker" />
import { PushPayloadSchema, type PushPayload } from '@contract/push'
import * as v from 'valibot'

/**
 * Web push in the service worker: shows each pushed notification (icon, badge, tag), sets the app
 * badge to the unread count where the Badging API exists, tells open portal pages to refetch their
 * notifications, and on a click focuses an open portal window (navigating it) or opens one at the
 * notification's page. A changed subscription is reported to the pages, which send it to the server.
 */
declare const self: ServiceWorkerGlobalScope

/** Messages to the pages (src/lib/push.ts listens). */
export const PUSH_RECEIVED = 'PUSH_RECEIVED'
export const PUSH_SUBSCRIPTION_CHANGED = 'PUSH_SUBSCRIPTION_CHANGED'

const ICON = '/icons/icon-192.png'
const BADGE = '/icons/icon-maskable-512.png'

/** Only same-origin paths are opened: a payload cannot send the user elsewhere. */
function safePath(url: string): string {
  try {
    const target = new URL(url, self.location.origin)
    return target.origin === self.location.origin ? target.pathname + target.search : '/'
  } catch {
    return '/'
  }
}

function readPayload(event: PushEvent): PushPayload | null {
  try {
    const parsed = v.safeParse(PushPayloadSchema, event.data?.json())
    return parsed.success ? parsed.output : null
  } catch {
    return null
  }
}

async function tellPages(message: { type: string; [key: string]: unknown }): Promise<void> {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true })
  for (const client of windows) client.postMessage(message)
}

async function setBadge(count: number): Promise<void> {
  const nav = self.navigator as WorkerNavigator & { setAppBadge?: (n?: number) => Promise<void>; clearAppBadge?: () => Promise<void> }
  try {
    if (count > 0) await nav.setAppBadge?.(count)
    else await nav.clearAppBadge?.()
  } catch {
    // The Badging API is optional.
  }
}

self.addEventListener('push', (event) => {
  const payload = readPayload(event)
  // A push must show something (browsers penalise silent pushes); an unreadable one shows a plain note.
  const shown = payload ?? { title: 'Registered Agent Portal', body: 'You have a new notification.', url: '/notifications', tag: 'portal', unreadCount: 0 }
  event.waitUntil(
    Promise.all([
      self.registration.showNotification(shown.title, {
        body: shown.body,
        icon: ICON,
        badge: BADGE,
        tag: shown.tag,
        data: { url: safePath(shown.url) },
        requireInteraction: payload?.urgent === true,
      }),
      payload ? setBadge(payload.unreadCount) : Promise.resolve(),
      tellPages({ type: PUSH_RECEIVED }),
    ]),
  )
})

self.addEventListener('notificationclick', (event) => {
  event.notification.close()
  const path = safePath((event.notification.data as { url?: string } | null)?.url ?? '/')
  const opening = (async () => {
    const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true })
    const portal = windows.find((client) => new URL(client.url).origin === self.location.origin) as WindowClient | undefined
    if (portal) {
      const focused = await portal.focus().catch(() => portal)
      await focused.navigate(new URL(path, self.location.origin).href).catch(() => focused.postMessage({ type: 'NAVIGATE', path }))
      return
    }
    await self.clients.openWindow(path)
  })()
  try {
    event.waitUntil(opening)
  } catch {
    // An event dispatched by a script (not the browser) cannot be extended; the window opens all the same.
  }
})

// The browser renewed or dropped the subscription: the pages send the new one to the server.
self.addEventListener('pushsubscriptionchange', (event) => {
  ;(event as ExtendableEvent).waitUntil(tellPages({ type: PUSH_SUBSCRIPTION_CHANGED }))
})
