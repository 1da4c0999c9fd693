import { gzipSync } from 'node:zlib'
import type { Page } from '@playwright/test'
import { expect, loginAs, test } from './fixtures'

/** Budgets of the issue: the first route (/login) and any signed-in route, in gzipped JavaScript. */
const LOGIN_BUDGET = 150 * 1024
const SIGNED_IN_BUDGET = 220 * 1024

/**
 * Records the gzipped size of every script the page requests before the app's page is on screen (its
 * h1, outside the HTML's inert frame): what it takes to show the route. Pieces loaded afterwards on
 * purpose (start-up chores and the service worker's registration once the page is shown, the toaster on
 * the first interaction) are not part of showing it, however soon they follow.
 */
async function recordScripts(page: Page) {
  await page.addInitScript(() => {
    new MutationObserver((_, observer) => {
      const heading = document.querySelector('#root h1')
      if (!heading || heading.closest('[inert]')) return
      Object.assign(window, { pageShownAt: performance.timeOrigin + performance.now() })
      observer.disconnect()
    }).observe(document, { childList: true, subtree: true })
  })
  const pending: Promise<void>[] = []
  const scripts = new Map<string, { size: number; startTime: number }>()
  const onRequest = (request: import('@playwright/test').Request) => {
    if (request.resourceType() !== 'script') return
    pending.push(
      request.response().then(async (response) => {
        if (response)
          scripts.set(new URL(request.url()).pathname, { size: gzipSync(await response.body(), { level: 9 }).length, startTime: request.timing().startTime })
      }),
    )
  }
  page.on('request', onRequest)
  return {
    /** The scripts counted, once `stop` has run. */
    sizes: new Map<string, number>(),
    async stop() {
      const shownAt = await page.evaluate(() => (window as unknown as { pageShownAt?: number }).pageShownAt)
      if (typeof shownAt !== 'number') throw new Error("the app's page was never shown")
      page.off('request', onRequest)
      await Promise.all(pending)
      for (const [path, { size, startTime }] of scripts) if (startTime <= shownAt) this.sizes.set(path, size)
      return [...this.sizes.values()].reduce((a, b) => a + b, 0)
    },
  }
}

test.describe('bundle budgets', () => {
  test.use({ serviceWorkers: 'block' })

  test('/login loads at most 150 KB of gzipped JavaScript', async ({ page }, info) => {
    const scripts = await recordScripts(page)
    await page.goto('/login')
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible()
    const total = await scripts.stop()
    info.annotations.push({ type: 'login-js-gzip', description: `${(total / 1024).toFixed(1)} KB` })
    console.log(`/login: ${(total / 1024).toFixed(1)} KB gzipped JS in ${scripts.sizes.size} files`)
    expect(total).toBeLessThanOrEqual(LOGIN_BUDGET)
  })

  // The dashboard, and a list page with the table and row selection (among the heaviest signed-in pages).
  for (const { path, heading } of [
    { path: '/client/dashboard', heading: 'Dashboard' },
    { path: '/client/documents', heading: 'Documents List' },
  ]) {
    test(`${path} loads at most 220 KB of gzipped JavaScript`, async ({ page }, info) => {
      await loginAs(page, 'client')
      // A fresh page load of a signed-in route: everything it needs, from nothing.
      const fresh = await page.context().newPage()
      const scripts = await recordScripts(fresh)
      const session = await page.evaluate(() => sessionStorage.getItem('session'))
      await fresh.addInitScript((value) => sessionStorage.setItem('session', value!), session)
      await fresh.goto(path)
      await expect(fresh.getByRole('heading', { level: 1, name: heading })).toBeVisible()
      const total = await scripts.stop()
      info.annotations.push({ type: 'signed-in-js-gzip', description: `${path} ${(total / 1024).toFixed(1)} KB` })
      console.log(`${path}: ${(total / 1024).toFixed(1)} KB gzipped JS in ${scripts.sizes.size} files`)
      expect(total).toBeLessThanOrEqual(SIGNED_IN_BUDGET)
    })
  }
})
