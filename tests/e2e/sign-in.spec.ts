import { DEMO, DEMO_PASSWORD, expect, loginAs, logOut, storedState, test, type DemoAccount } from './fixtures'

const roles: DemoAccount[] = ['admin', 'clerk', 'manager', 'client', 'client2']

test.describe('signing in', () => {
  // These checks need no service worker; without one, a newer build cannot reload the page under them.
  test.use({ serviceWorkers: 'block' })
  for (const who of roles) {
    test(`${who} signs in and lands on their dashboard`, async ({ page }) => {
      await loginAs(page, who)
      await expect(page).toHaveURL(new RegExp(`${DEMO[who].home}$`))
      await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible()
      const session = JSON.parse((await storedState(page)).sessionStorage ?? 'null')
      expect(session.user.email).toBe(DEMO[who].email)
      expect(Array.isArray(session.permissions)).toBe(true)
    })
  }

  test('the user menu shows the display name and the role', async ({ page }) => {
    await loginAs(page, 'manager')
    const trigger = page.getByRole('button', { name: /Account menu/ })
    await expect(trigger).toContainText('Morgan')
    await expect(trigger).toContainText('Office manager')
    await trigger.click()
    await expect(page.getByRole('menuitem', { name: 'Account Settings' })).toBeVisible()
    await expect(page.getByRole('menuitem', { name: 'Log Out' })).toBeVisible()
    // Profile is for clients only.
    await expect(page.getByRole('menuitem', { name: 'Profile' })).toHaveCount(0)
  })

  test('a client sees first and last name, and Profile goes to profile/{clientId}', async ({ page }) => {
    await loginAs(page, 'client')
    const session = JSON.parse((await storedState(page)).sessionStorage ?? 'null')
    const trigger = page.getByRole('button', { name: /Account menu/ })
    await expect(trigger).toContainText(`${session.user.firstName} ${session.user.lastName}`)
    await trigger.click()
    await page.getByRole('menuitem', { name: 'Profile' }).click()
    await expect(page).toHaveURL(new RegExp(`/client/profile/${session.user.clientId}$`))
  })

  test('a wrong password is refused with a readable message and no session', async ({ page }) => {
    await page.goto('/login')
    await page.getByLabel('E-mail').fill(DEMO.client2.email)
    await page.locator('input[name="password"]').fill('not-the-password')
    await page.getByRole('button', { name: 'Sign in' }).click()
    await expect(page.getByRole('alert')).toContainText('Incorrect e-mail or password', { timeout: 20_000 })
    await expect(page).toHaveURL(/\/login$/)
    expect((await storedState(page)).sessionStorage).toBeNull()
  })

  test('empty fields are flagged as mandatory', async ({ page }) => {
    await page.goto('/login')
    await page.getByRole('button', { name: 'Sign in' }).click()
    await expect(page.getByText('This field is mandatory').first()).toBeVisible()
    await expect(page.getByLabel('E-mail')).toHaveAttribute('aria-invalid', 'true')
  })

  test('a signed-out visit to a page goes to /login and comes back after signing in', async ({ page }) => {
    await page.goto('/client/invoices')
    await expect(page).toHaveURL(/\/login\?redirect=%2Fclient%2Finvoices$/)
    await page.getByLabel('E-mail').fill(DEMO.client.email)
    await page.locator('input[name="password"]').fill(DEMO_PASSWORD)
    await page.getByRole('button', { name: 'Sign in' }).click()
    await expect(page).toHaveURL(/\/client\/invoices$/, { timeout: 20_000 })
    await expect(page.getByRole('heading', { level: 1, name: 'Invoices' })).toBeVisible()
  })

  test('without "keep me signed in" a new tab asks to sign in; with it the session comes back', async ({ context, page }) => {
    await loginAs(page, 'client')
    expect((await storedState(page)).localStorage).toBeNull()
    const other = await context.newPage()
    await other.goto('/client/dashboard')
    await expect(other).toHaveURL(/\/login/)
    await other.close()

    await logOut(page)
    await expect(page).toHaveURL(/\/login$/)

    await loginAs(page, 'client', { remember: true })
    expect((await storedState(page)).localStorage).not.toBeNull()
    const again = await context.newPage()
    await again.goto('/')
    await expect(again).toHaveURL(/\/client\/dashboard$/)
  })
})
