import { expect, expectAccessible, expectAppRendered, loginAs, test } from './fixtures'

const publicPages = ['/login', '/forgot-password', '/reset-password', '/reset/expired-token', '/signup/company-details', '/no/such/page']

const clientPages = [
  '/client/dashboard',
  '/client/documents',
  '/client/invoices',
  '/client/invoices/1',
  '/client/addons',
  '/client/requested-documents',
  '/client/document-request',
  '/client/document-progress/1',
  '/client/support',
  '/client/profile/1',
  '/notifications',
  '/account-settings/change-password',
  '/provider/dashboard', // access denied
]

const providerPages = [
  '/provider/dashboard',
  '/provider/clients',
  '/provider/clients/1?tab=invoices',
  '/provider/documents',
  '/provider/documents/add',
  '/provider/invoices',
  '/provider/invoices/1',
  '/provider/requested-documents',
  '/provider/document-progress/1',
  '/provider/add-client/personal-information',
  '/provider/add-client/company-information',
  '/provider/add-client/choose-address',
  '/provider/add-client/order-summary',
  '/provider/users',
  '/provider/users/add',
  '/provider/users/edit/1',
  '/provider/users/view/1',
  '/provider/roles',
  '/provider/roles/add',
  '/provider/roles/edit/1',
  '/provider/shipping-options',
  '/no/such/page',
]

/** Waits for the app's page (its one h1, not the frame's) rather than a fixed time. */
async function open(page: import('@playwright/test').Page, path: string) {
  await page.goto(path)
  await expectAppRendered(page)
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
}

test.describe('accessibility (axe: no serious or critical violation)', () => {
  // These checks need no service worker; without one, a newer build cannot reload the page under them.
  test.use({ serviceWorkers: 'block' })
  // Each test walks many pages, with an axe run on each.
  test.describe.configure({ timeout: 180_000 })

  test('public pages', async ({ page }) => {
    for (const path of publicPages) {
      await open(page, path)
      await expectAccessible(page, path)
    }
    // The login form showing its errors.
    await open(page, '/login')
    await page.getByRole('button', { name: 'Sign in' }).click()
    await expect(page.getByText('This field is mandatory').first()).toBeVisible()
    await expectAccessible(page, '/login with errors')
  })

  test('client pages, the open user menu and the collapsed sidebar', async ({ page }) => {
    await loginAs(page, 'client')
    for (const path of clientPages) {
      await open(page, path)
      await expectAccessible(page, path)
    }
    await open(page, '/client/dashboard')
    await page.getByRole('button', { name: /Account menu/ }).click()
    await expect(page.getByRole('menu')).toBeVisible()
    await expectAccessible(page, 'user menu open')
    await page.keyboard.press('Escape')
    await page.keyboard.press('Control+b')
    await expect(page.getByRole('button', { name: 'Expand sidebar' })).toBeVisible()
    await expectAccessible(page, 'collapsed sidebar')
    await page.keyboard.press('Control+b')
  })

  test('provider pages', async ({ page }) => {
    await loginAs(page, 'admin')
    for (const path of providerPages) {
      await open(page, path)
      await expectAccessible(page, path)
    }
  })

  test('the phone layout with the drawer open', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 })
    await loginAs(page, 'clerk')
    await expectAccessible(page, 'phone dashboard')
    await page.getByRole('button', { name: 'Open menu' }).click()
    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeVisible()
    await expectAccessible(page, 'drawer open')
  })

  test('lists on a phone, where their rows stack (412 px, the width Lighthouse measures)', async ({ page }) => {
    await page.setViewportSize({ width: 412, height: 823 })
    await loginAs(page, 'client')
    for (const path of ['/client/invoices', '/client/documents', '/client/requested-documents']) {
      await open(page, path)
      // The rows, not the loading placeholders.
      await expect(page.locator('table[aria-busy]')).toHaveCount(0)
      await expect(page.locator('tbody tr').first()).toBeVisible()
      await expectAccessible(page, `${path} at 412 px`)
    }
  })

  test('the skip link moves focus to the main content', async ({ page }) => {
    await loginAs(page, 'client')
    await open(page, '/client/dashboard')
    await page.keyboard.press('Tab')
    const skip = page.getByRole('link', { name: 'Skip to main content' })
    await expect(skip).toBeFocused()
    await page.keyboard.press('Enter')
    await expect(page.locator('#main-content')).toBeFocused()
  })
})
