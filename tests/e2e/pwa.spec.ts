import { chromium } from '@playwright/test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { chromiumArgs } from '../../playwright.config'
import { expect, loginAs, test } from './fixtures'

/**
 * Waits until a service worker controls the page (the first install claims it at once). A page the
 * worker reloads meanwhile (a newer build taking over) is waited for again.
 */
async function waitForServiceWorker(page: import('@playwright/test').Page) {
  for (let attempt = 0; ; attempt++) {
    try {
      await page.evaluate(async () => {
        await navigator.serviceWorker.ready
        if (navigator.serviceWorker.controller) return
        await new Promise<void>((resolve) => navigator.serviceWorker.addEventListener('controllerchange', () => resolve(), { once: true }))
      })
      return
    } catch (error) {
      if (attempt >= 2 || !String(error).includes('Execution context was destroyed')) throw error
      await page.waitForLoadState('load')
    }
  }
}

test.describe('installable PWA', () => {
  test('the manifest is installable, with its icons, screenshots and description', async ({ baseURL }) => {
    // Installability is not reported in incognito contexts: use a persistent profile.
    const profile = mkdtempSync(path.join(tmpdir(), 'portal-install-'))
    const context = await chromium.launchPersistentContext(profile, { executablePath: process.env.CHROME_PATH, args: chromiumArgs })
    try {
      const page = await context.newPage()
      await page.goto(`${baseURL}/login`)
      await waitForServiceWorker(page)
      const cdp = await context.newCDPSession(page)
      await expect
        .poll(async () => ((await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: unknown[] }).installabilityErrors, {
          timeout: 15_000,
        })
        .toEqual([])

      const href = await page.locator('link[rel="manifest"]').getAttribute('href')
      const manifest = await (await page.request.get(new URL(href!, baseURL).toString())).json()
      expect(manifest.name).toBeTruthy()
      expect(manifest.short_name).toBeTruthy()
      expect(manifest.short_name.length).toBeLessThanOrEqual(12)
      expect(manifest.description.length).toBeGreaterThan(20)
      expect(manifest.theme_color).toMatch(/^#[0-9a-f]{6}$/i)
      expect(manifest.display).toBe('standalone')
      expect(manifest.start_url).toBe('/')

      type Image = { src: string; sizes: string; purpose?: string; form_factor?: string; type: string }
      const icons: Image[] = manifest.icons
      expect(icons.find((i) => i.sizes === '192x192' && (i.purpose ?? 'any').includes('any'))).toBeTruthy()
      expect(icons.find((i) => i.sizes === '512x512' && (i.purpose ?? 'any').includes('any'))).toBeTruthy()
      expect(icons.find((i) => i.sizes === '512x512' && i.purpose?.includes('maskable'))).toBeTruthy()
      const screenshots: Image[] = manifest.screenshots
      expect(screenshots.find((s) => s.form_factor === 'narrow')).toBeTruthy()
      expect(screenshots.find((s) => s.form_factor === 'wide')).toBeTruthy()

      // Each image exists and has the size the manifest claims (PNG header: width and height at 16..24).
      for (const image of [...icons, ...screenshots]) {
        const res = await page.request.get(new URL(image.src, baseURL).toString())
        expect(res.status(), image.src).toBe(200)
        const png = await res.body()
        expect(`${png.readUInt32BE(16)}x${png.readUInt32BE(20)}`, image.src).toBe(image.sizes)
      }
    } finally {
      await context.close()
      rmSync(profile, { recursive: true, force: true })
    }
  })

  test('after one visit the shell opens with no network', async ({ page, context }) => {
    await page.goto('/login')
    await waitForServiceWorker(page)
    await context.setOffline(true)
    await page.reload()
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible()
    await expect(page.getByText('You are offline.')).toBeVisible()
    // A deep link is answered by the shell too.
    await page.goto('/forgot-password')
    await expect(page.getByRole('heading', { level: 1, name: 'Forgot your password?' })).toBeVisible()
  })

  test("the shell it serves names the page's scripts, as the server's does", async ({ page, context, request }) => {
    await page.goto('/login')
    await waitForServiceWorker(page)
    const preloads = (html: string) =>
      (html.match(/<link rel="modulepreload" crossorigin(="")? href="[^"]+">/g) ?? []).map((link) => /href="([^"]+)"/.exec(link)![1]).sort()
    // The server's shell for a visitor without a session (no page frame): its links are in the head.
    const fromServer = preloads(await (await request.get('/client/invoices', { headers: { accept: 'text/html' } })).text())
    expect(fromServer.length).toBeGreaterThan(5)
    // Offline, so that the worker answers alone; a page of its own, so that the app's redirect to the
    // sign-in page does not matter: the head is read as it came.
    await context.setOffline(true)
    const offline = await context.newPage()
    await offline.goto('/client/invoices', { waitUntil: 'commit' })
    expect(await offline.evaluate(() => performance.getEntriesByType('navigation')[0]?.toJSON().workerStart)).toBeGreaterThan(0)
    expect(preloads(await offline.evaluate(() => document.head.innerHTML))).toEqual(fromServer)
  })

  test('a remembered session opens its dashboard offline', async ({ page, context }) => {
    await loginAs(page, 'client', { remember: true })
    await waitForServiceWorker(page)
    // Visit a few pages so their code is cached, then lose the network.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Invoices' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Invoices' })).toBeVisible()
    await context.setOffline(true)
    const reopened = await context.newPage()
    await reopened.goto('/')
    await expect(reopened).toHaveURL(/\/client\/dashboard$/)
    await expect(reopened.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible()
    await expect(reopened.getByText('You are offline.')).toBeVisible()
    // The footer's contacts come from the saved query data.
    await expect(reopened.getByRole('contentinfo').getByRole('link', { name: /@/ })).toBeVisible()
  })

  test("the service worker empties its runtime caches on 'LOGOUT' and keeps the shell", async ({ page }) => {
    await page.goto('/login')
    await waitForServiceWorker(page)
    const names = await page.evaluate(async () => {
      await (await caches.open('documents-user-4')).put('/api/document/1', new Response('scan'))
      const reply = new MessageChannel()
      const done = new Promise((resolve) => (reply.port1.onmessage = (event) => resolve(event.data)))
      navigator.serviceWorker.controller!.postMessage({ type: 'LOGOUT' }, [reply.port2])
      const answer = await done
      return { answer, caches: await caches.keys() }
    })
    expect(names.answer).toEqual({ type: 'LOGOUT_DONE' })
    expect(names.caches).not.toContain('documents-user-4')
    expect(names.caches.some((name) => name.startsWith('workbox-precache'))).toBe(true)
  })
})
