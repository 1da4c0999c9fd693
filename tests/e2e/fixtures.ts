import AxeBuilder from '@axe-core/playwright'
import { test as base, expect, type Page } from '@playwright/test'

/** The demo accounts (seeded on the fresh database the server starts with). */
export const DEMO_PASSWORD = 'Demo-pass-2026!'
export const DEMO = {
  admin: { email: 'admin@demo.test', home: '/provider/dashboard', name: 'Alex', role: 'Super Admin' },
  clerk: { email: 'clerk@demo.test', home: '/provider/dashboard', name: 'Casey', role: 'Mailroom clerk' },
  manager: { email: 'manager@demo.test', home: '/provider/dashboard', name: 'Morgan', role: 'Office manager' },
  client: { email: 'client@demo.test', home: '/client/dashboard', name: null, role: null },
  client2: { email: 'client2@demo.test', home: '/client/dashboard', name: null, role: null },
} as const
export type DemoAccount = keyof typeof DEMO

/** Signs in through the login form and waits for the landing page. */
export async function loginAs(page: Page, who: DemoAccount, options: { remember?: boolean; redirect?: string } = {}) {
  const account = DEMO[who]
  await page.goto(options.redirect ? `/login?redirect=${encodeURIComponent(options.redirect)}` : '/login')
  await page.getByLabel('E-mail').fill(account.email)
  await page.locator('input[name="password"]').fill(DEMO_PASSWORD)
  if (options.remember) await page.getByText('Keep me signed in on this device').click()
  await page.getByRole('button', { name: 'Sign in' }).click()
  // Password hashing makes sign-in the slowest call of the portal; give it time on a busy machine.
  await expect(page).toHaveURL(new RegExp(`${(options.redirect ?? account.home).replace(/[?]/g, '\\?')}$`), { timeout: 20_000 })
}

/**
 * Logs out through the account menu and waits for /login to have loaded afresh: log out ends by
 * reloading /login, so a navigation started before that reload would be cut off by it.
 */
export async function logOut(page: Page) {
  await page.evaluate(() => Object.assign(window, { beforeLogOut: true }))
  await page.getByRole('button', { name: /Account menu/ }).click()
  await page.getByRole('menuitem', { name: 'Log Out' }).click()
  // While the page is being replaced, evaluating in it fails: still the old page as far as this wait is concerned.
  await expect.poll(() => page.evaluate(() => 'beforeLogOut' in window).catch(() => true)).toBe(false)
  await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible()
}

/**
 * Waits until the app has replaced the page's frame: the inert first paint the server sends with a
 * signed-in or public page (server/http/page-frames.ts), which looks like the page and holds its
 * headings, but is not the app's.
 */
export async function expectAppRendered(page: Page) {
  await expect(page.locator('#root > [inert], [data-frame-page]')).toHaveCount(0)
}

/** Fails on any serious or critical axe violation of the page as it is now, once nothing on it is fading or moving. */
export async function expectAccessible(page: Page, label = page.url()) {
  // Colours are checked at rest: not halfway through a transition (a button's hover, an opening menu).
  await page.waitForFunction(() =>
    document.getAnimations().every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity),
  )
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice']).analyze()
  const blocking = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
  const report = blocking.map((v) => `${v.impact} ${v.id}: ${v.help}\n${v.nodes.map((n) => `    ${n.target.join(' ')}`).join('\n')}`).join('\n')
  expect(blocking, `axe violations on ${label}:\n${report}`).toEqual([])
}

/** What the page keeps of a session and of saved query data. */
export async function storedState(page: Page) {
  return page.evaluate(async () => {
    const keys = await new Promise<string[]>((resolve) => {
      const open = indexedDB.open('keyval-store')
      open.onerror = () => resolve([])
      open.onupgradeneeded = () => open.result.createObjectStore('keyval')
      open.onsuccess = () => {
        const db = open.result
        if (!db.objectStoreNames.contains('keyval')) return resolve([])
        const request = db.transaction('keyval', 'readonly').objectStore('keyval').getAllKeys()
        request.onsuccess = () => resolve(request.result.map(String))
        request.onerror = () => resolve([])
      }
    })
    return {
      sessionStorage: sessionStorage.getItem('session'),
      localStorage: localStorage.getItem('session'),
      persistedKeys: keys,
    }
  })
}

/** Every test fails on an uncaught error in the page. */
export const test = base.extend<{ pageErrors: Error[] }>({
  pageErrors: [
    async ({ page }, use) => {
      const errors: Error[] = []
      page.on('pageerror', (error) => errors.push(error))
      await use(errors)
      expect(errors.map((e) => e.message)).toEqual([])
    },
    { auto: true },
  ],
})

export { expect }
