import { chromium, type BrowserContext, type Page } from '@playwright/test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { chromiumArgs } from '../../playwright.config'
import { expect, loginAs, test } from './fixtures'

/**
 * Alerts (web push) in the browser. There is no push service on these machines, so the page's
 * PushManager is replaced by one that hands out a subscription as a push service would (its endpoint
 * is on a host the test server allows and nothing listens on); the server stores it for real. A push is
 * then delivered to the real service worker through CDP ServiceWorker.deliverPushMessage.
 */

const PUSH_ENDPOINT = 'https://127.0.0.1:9/push/e2e-device'

/** A stand-in for the browser's push service registration (state kept in localStorage). */
function fakePushService(endpoint: string) {
  const KEY = 'e2e-push-subscription'
  const make = () => ({
    endpoint,
    expirationTime: null,
    options: { userVisibleOnly: true },
    getKey: () => null,
    toJSON: () => ({ endpoint, expirationTime: null, keys: { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) } }),
    unsubscribe: async () => {
      localStorage.removeItem(KEY)
      return true
    },
  })
  PushManager.prototype.subscribe = async function () {
    localStorage.setItem(KEY, '1')
    return make() as unknown as PushSubscription
  }
  PushManager.prototype.getSubscription = async function () {
    return (localStorage.getItem(KEY) ? make() : null) as unknown as PushSubscription | null
  }
}

async function waitForServiceWorker(page: Page) {
  await expect
    .poll(() =>
      page
        .evaluate(async () => {
          await navigator.serviceWorker.ready
          return Boolean(navigator.serviceWorker.controller)
        })
        .catch(() => false),
    )
    .toBe(true)
}

function bell(page: Page) {
  return page.getByRole('banner').getByRole('button', { name: /^Notifications/ })
}

/** Notification list requests the page makes from now on. */
function countNotificationRequests(page: Page) {
  const seen: string[] = []
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/system-notifications') seen.push(request.url())
  })
  return seen
}

test.describe('alerts with push on', () => {
  let context: BrowserContext
  let profile: string

  test.beforeEach(async ({ baseURL }) => {
    profile = mkdtempSync(path.join(tmpdir(), 'portal-push-profile-'))
    context = await chromium.launchPersistentContext(profile, { executablePath: process.env.CHROME_PATH, args: chromiumArgs, baseURL })
    await context.grantPermissions(['notifications'], { origin: baseURL })
    await context.addInitScript(fakePushService, PUSH_ENDPOINT)
  })
  test.afterEach(async () => {
    await context.close()
    rmSync(profile, { recursive: true, force: true })
  })

  test('turning alerts on subscribes; a push shows a notification, refreshes the bell, and a click opens its page', async ({ baseURL }) => {
    test.setTimeout(90_000)
    const page = context.pages()[0] ?? (await context.newPage())
    await loginAs(page, 'client')
    await waitForServiceWorker(page)

    await bell(page).click()
    const saved = page.waitForResponse((r) => r.url().endsWith('/api/push/subscriptions') && r.request().method() === 'POST')
    await page.getByRole('menuitem', { name: 'Turn on alerts' }).click()
    expect((await saved).status()).toBe(201)
    expect((await saved).request().postDataJSON()).toMatchObject({ endpoint: PUSH_ENDPOINT })
    await bell(page).click()
    await expect(page.getByRole('menuitem', { name: 'Turn on alerts' })).toHaveCount(0)
    await page.keyboard.press('Escape')

    // The registration of the portal's worker, as CDP reports it.
    const cdp = await context.newCDPSession(page)
    const registered = new Promise<string>((resolve) => {
      cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
        const mine = registrations.find((r: { scopeURL: string; isDeleted: boolean }) => r.scopeURL.startsWith(baseURL!) && !r.isDeleted)
        if (mine) resolve(mine.registrationId)
      })
    })
    await cdp.send('ServiceWorker.enable')
    const registrationId = await registered

    const refetched = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/system-notifications')
    const payload = { title: 'Invoice', body: 'Invoice INV-2026-0099 is overdue', url: '/client/invoices', tag: 'notification-e2e', unreadCount: 3 }
    const shown = () =>
      page.evaluate(async () =>
        (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({
          title: n.title,
          body: n.body,
          tag: n.tag,
          url: (n.data as { url: string }).url,
        })),
      )
    // CDP can drop a push sent while it is still attaching to the worker; a push service would deliver
    // it again, and so does this test. A worker that never shows the notification still fails here.
    await expect(async () => {
      await cdp.send('ServiceWorker.deliverPushMessage', { origin: new URL(baseURL!).origin, registrationId, data: JSON.stringify(payload) })
      await expect.poll(shown, { timeout: 5_000 }).toEqual([{ title: payload.title, body: payload.body, tag: payload.tag, url: '/client/invoices' }])
    }).toPass({ timeout: 30_000 })
    // The open page refetched its notifications at once.
    await refetched

    // A click on the notification focuses this window and opens the notification's page.
    const worker = context.serviceWorkers().find((w) => w.url().startsWith(baseURL!))!
    await worker.evaluate(async () => {
      // Worker globals, typed loosely: this file is compiled with the page's types.
      const scope = self as unknown as { registration: ServiceWorkerRegistration; dispatchEvent(event: Event): boolean }
      const Click = (self as unknown as { NotificationEvent: new (type: string, init: { notification: Notification }) => Event }).NotificationEvent
      const [notification] = await scope.registration.getNotifications()
      scope.dispatchEvent(new Click('notificationclick', { notification }))
    })
    await expect(page).toHaveURL(/\/client\/invoices$/)
    await expect.poll(shown).toEqual([])
  })

  test('with alerts on, a visible page makes no notification requests for 120 s', async () => {
    test.setTimeout(90_000)
    const page = context.pages()[0] ?? (await context.newPage())
    await page.clock.install()
    await loginAs(page, 'client')
    await waitForServiceWorker(page)
    await bell(page).click()
    const saved = page.waitForResponse((r) => r.url().endsWith('/api/push/subscriptions') && r.request().method() === 'POST')
    await page.getByRole('menuitem', { name: 'Turn on alerts' }).click()
    await saved
    await page.keyboard.press('Escape')
    await expect(bell(page)).toBeVisible()

    const requests = countNotificationRequests(page)
    await page.clock.runFor(120_000)
    expect(await page.evaluate(() => document.visibilityState)).toBe('visible')
    expect(requests).toEqual([])
  })
})

/** The browser's permission prompt, answered "Block" (headless Chromium shows none). */
function blockOnAsk() {
  let permission: NotificationPermission = 'default'
  Object.defineProperty(Notification, 'permission', { get: () => permission, configurable: true })
  Notification.requestPermission = async () => (permission = 'denied')
}

test.describe('alerts refused', () => {
  test('polling every 50 s stands in for push, and the bell says how to unblock alerts', async ({ page }) => {
    test.setTimeout(60_000)
    await page.addInitScript(blockOnAsk)
    await page.clock.install()
    await loginAs(page, 'client')
    await bell(page).click()
    await page.getByRole('menuitem', { name: 'Turn on alerts' }).click()
    await expect(page.getByText(/Alerts are blocked for this site/).first()).toBeVisible()
    await bell(page).click()
    await expect(page.getByRole('menuitem', { name: /Alerts are blocked for this site/ })).toBeVisible()
    await page.keyboard.press('Escape')
    await page.waitForLoadState('networkidle')

    // 110 s of a visible page, in 10 s steps (each poll answered before time moves on), holds two polls.
    const requests = countNotificationRequests(page)
    const open = new Set<string>()
    page.on('request', (r) => new URL(r.url()).pathname === '/api/system-notifications' && open.add(r.url()))
    page.on('requestfinished', (r) => open.delete(r.url()))
    for (let step = 0; step < 11; step++) {
      await page.clock.runFor(10_000)
      await expect.poll(() => open.size).toBe(0)
    }
    expect(requests).toHaveLength(2)
  })
})
