import { expect, loginAs, test } from './fixtures'

const denied = 'You do not have access to this page'

test.describe('route guards', () => {
  // These checks need no service worker; without one, a newer build cannot reload the page under them.
  test.use({ serviceWorkers: 'block' })
  test('a client opening a provider page is turned away inside the layout', async ({ page }) => {
    await loginAs(page, 'client')
    await page.goto('/provider/dashboard')
    await expect(page.getByRole('heading', { level: 1, name: denied })).toBeVisible()
    // Still the client's own frame and menu, with a way home.
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Documents List' })).toBeVisible()
    await page.getByRole('link', { name: 'Go to your dashboard' }).click()
    await expect(page).toHaveURL(/\/client\/dashboard$/)
  })

  test('an agent opening a client page is turned away', async ({ page }) => {
    await loginAs(page, 'admin')
    await page.goto('/client/invoices')
    await expect(page.getByRole('heading', { level: 1, name: denied })).toBeVisible()
    await page.goto('/client/dashboard')
    await expect(page.getByRole('heading', { level: 1, name: denied })).toBeVisible()
  })

  test('the clerk sees neither Users nor Roles and cannot open /provider/users or /provider/roles', async ({ page }) => {
    await loginAs(page, 'clerk')
    const nav = page.getByRole('navigation', { name: 'Main' })
    await expect(nav.getByRole('link', { name: 'Clients' })).toBeVisible()
    await expect(nav.getByRole('link', { name: 'Upload Documents' })).toBeVisible()
    await expect(nav.getByRole('link', { name: 'Users' })).toHaveCount(0)
    await expect(nav.getByRole('link', { name: 'Roles' })).toHaveCount(0)
    for (const path of ['/provider/users', '/provider/users/add', '/provider/roles', '/provider/roles/edit/1', '/provider/invoices']) {
      await page.goto(path)
      await expect(page.getByRole('heading', { level: 1, name: denied }), path).toBeVisible()
    }
    // DCV is the clerk's one code.
    await page.goto('/provider/documents')
    await expect(page.getByRole('heading', { level: 1, name: 'Documents' })).toBeVisible()
  })

  test('without SHE there is no Shipping options: the office manager sees no menu item and is turned away from the page', async ({ page }) => {
    await loginAs(page, 'manager')
    const nav = page.getByRole('navigation', { name: 'Main' })
    await expect(nav.getByRole('link', { name: 'Roles' })).toBeVisible()
    await expect(nav.getByRole('link', { name: 'Shipping options' })).toHaveCount(0)
    await page.goto('/provider/shipping-options')
    await expect(page.getByRole('heading', { level: 1, name: denied })).toBeVisible()
  })

  test('the office manager sees Users and Roles and opens them; role editing stays closed without RCE', async ({ page }) => {
    await loginAs(page, 'manager')
    const nav = page.getByRole('navigation', { name: 'Main' })
    await nav.getByRole('link', { name: 'Users' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Users' })).toBeVisible()
    await nav.getByRole('link', { name: 'Roles' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Roles' })).toBeVisible()
    await page.goto('/provider/roles/add')
    await expect(page.getByRole('heading', { level: 1, name: denied })).toBeVisible()
  })

  test('super admin passes every permission check', async ({ page }) => {
    await loginAs(page, 'admin')
    for (const [path, heading] of [
      ['/provider/users/add', 'Add User'],
      ['/provider/roles/edit/1', 'Edit Role'],
      ['/provider/invoices', 'Invoices'],
      ['/provider/shipping-options', 'Shipping options'],
    ]) {
      await page.goto(path)
      await expect(page.getByRole('heading', { level: 1, name: heading }), path).toBeVisible()
    }
  })

  test('an unknown address shows "Page not found" inside the layout when signed in, a plain page otherwise', async ({ page }) => {
    await page.goto('/no/such/page')
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible()
    await expect(page.getByRole('navigation', { name: 'Main' })).toHaveCount(0)
    await expect(page.getByRole('link', { name: 'Go to sign in' })).toBeVisible()
    // Signed out, there is no dashboard to go back to.
    await expect(page.getByText(/dashboard/)).toHaveCount(0)

    await loginAs(page, 'client')
    await page.goto('/no/such/page')
    await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible()
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible()
    await page.goto('/provider/no-such-page')
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Page not found|You do not have access to this page/)
  })

  test('a client that does not exist is "Client not found", not a failure', async ({ page }) => {
    await loginAs(page, 'admin')
    await page.goto('/provider/clients/999999')
    await expect(page.getByRole('heading', { level: 1, name: 'Client not found' })).toBeVisible()
    await expect(page.getByText('Something went wrong')).toHaveCount(0)
    await expect(page.getByRole('link', { name: 'Go to your dashboard' })).toBeVisible()
  })

  test('a client profile that fails to load shows the error page and the error toast with the message', async ({ page }) => {
    await loginAs(page, 'admin')
    await page.route(/\/api\/client\/\d+$/, (route) =>
      route.request().method() === 'GET'
        ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"detail":"The client could not be read","details":""}' })
        : route.fallback(),
    )
    await page.goto('/provider/clients/1')
    await expect(page.getByRole('heading', { level: 1, name: 'Something went wrong' })).toBeVisible({ timeout: 15_000 })
    const toast = page.locator('[data-sonner-toast][data-type="error"]').filter({ hasText: 'The client could not be read' })
    await expect(toast).toBeVisible()

    // The toast never covers the top bar, so the user menu stays reachable, on wide screens and phones.
    const menu = page.getByRole('button', { name: /Account menu/ })
    for (const size of [
      { width: 1280, height: 800 },
      { width: 390, height: 844 },
    ]) {
      await page.setViewportSize(size)
      await expect(menu).toBeVisible()
      await expect
        .poll(async () => {
          const [toastBox, menuBox] = [await toast.boundingBox(), await menu.boundingBox()]
          return Boolean(toastBox && menuBox && toastBox.y >= menuBox.y + menuBox.height)
        })
        .toBe(true)
      await menu.click()
      await expect(page.getByRole('menuitem', { name: 'Log Out' })).toBeVisible()
      await page.keyboard.press('Escape')
    }
  })

  test('the index sends each user home, and the legacy and wizard entry points redirect', async ({ page }) => {
    await page.goto('/signUp')
    await expect(page).toHaveURL(/\/signup\/company-details$/)
    await page.goto('/signup')
    await expect(page).toHaveURL(/\/signup\/company-details$/)
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible()

    await loginAs(page, 'manager')
    await page.goto('/')
    await expect(page).toHaveURL(/\/provider\/dashboard$/)
    await page.goto('/provider/add-client')
    await expect(page).toHaveURL(/\/provider\/add-client\/personal-information$/)
  })
})
