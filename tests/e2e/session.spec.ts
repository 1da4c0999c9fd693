import { expect, loginAs, storedState, test } from './fixtures'

test.describe('session', () => {
  // These checks need no service worker; without one, a newer build cannot reload the page under them.
  test.use({ serviceWorkers: 'block' })
  test('log out returns to /login and leaves no session and no persisted query data', async ({ page }) => {
    await loginAs(page, 'client', { remember: true })
    // The query cache is saved to IndexedDB while signed in.
    await expect.poll(async () => (await storedState(page)).persistedKeys).toContain('portal-query-cache')
    expect((await storedState(page)).localStorage).not.toBeNull()

    // A mark on the signed-in page's window: log out must load /login afresh, so no code of the
    // signed-in page is left to write the cache back.
    await page.evaluate(() => Object.assign(window, { signedInPage: true }))
    await page.getByRole('button', { name: /Account menu/ }).click()
    await page.getByRole('menuitem', { name: 'Log Out' }).click()
    await expect(page).toHaveURL(/\/login$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible()

    expect(await page.evaluate(() => 'signedInPage' in window)).toBe(false)
    const state = await storedState(page)
    expect(state.sessionStorage).toBeNull()
    expect(state.localStorage).toBeNull()
    expect(state.persistedKeys).not.toContain('portal-query-cache')

    // The refresh cookie was revoked too: the dashboard asks to sign in.
    await page.goto('/client/dashboard')
    await expect(page).toHaveURL(/\/login\?redirect=/)
    const refresh = await page.request.post('/api/auth/refresh')
    expect(refresh.status()).toBe(401)
  })

  test('a 401 removes the session and reloads to /login', async ({ page, context }) => {
    await loginAs(page, 'client')
    // A token the server does not accept, and no refresh cookie to renew it.
    await context.clearCookies()
    await page.evaluate(() => {
      const session = JSON.parse(sessionStorage.getItem('session')!)
      session.token = 'eyJhbGciOiJIUzI1NiJ9.eyJpZCI6MSwiZXhwIjo0MTAyNDQ0ODAwfQ.invalid'
      sessionStorage.setItem('session', JSON.stringify(session))
    })
    await page.reload()
    await expect(page).toHaveURL(/\/login/)
    await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible()
    // The refused call's reload may still be under way when /login first shows: read again until a page holds still.
    await expect
      .poll(() =>
        storedState(page).then(
          (state) => state.sessionStorage,
          () => 'the page is reloading',
        ),
      )
      .toBeNull()
  })

  test('a network error shows the toast and removes the session', async ({ page }) => {
    await loginAs(page, 'manager')
    await page.goto('/account-settings/change-password')
    await page.route('**/api/auth/change-password', (route) => route.abort('connectionreset'))
    await page.locator('input[name="currentPassword"]').fill('Demo-pass-2026!')
    await page.locator('input[name="newPassword"]').fill('another long passphrase')
    await page.locator('input[name="confirmPassword"]').fill('another long passphrase')
    await page.getByRole('button', { name: 'Change password' }).click()
    await expect(page.getByText('Network error, Try reloading the page')).toBeVisible()
    await expect(page).toHaveURL(/\/login/)
    expect((await storedState(page)).sessionStorage).toBeNull()
  })

  test.describe(() => {
    // A service worker installing as the connection goes made Chromium lift the emulated offline
    // state now and then (no offline event, no banner); what is checked here needs no worker.
    test.use({ serviceWorkers: 'block' })

    test('offline, a change is refused plainly and the session stays', async ({ page, context }) => {
      await loginAs(page, 'manager')
      await page.goto('/account-settings/change-password')
      await expect(page.locator('input[name="currentPassword"]')).toBeVisible()
      await context.setOffline(true)
      const banner = page.getByText(/^You are offline\. You can still see/)
      await expect(banner).toBeVisible()
      await page.locator('input[name="currentPassword"]').fill('Demo-pass-2026!')
      await page.locator('input[name="newPassword"]').fill('another long passphrase')
      await page.locator('input[name="confirmPassword"]').fill('another long passphrase')
      await page.getByRole('button', { name: 'Change password' }).click()
      await expect(page.getByRole('alert')).toContainText('You are offline')
      expect((await storedState(page)).sessionStorage).not.toBeNull()
      await context.setOffline(false)
      await expect(banner).toBeHidden()
    })
  })

  test('the change-password page checks the current password with the server', async ({ page }) => {
    await loginAs(page, 'client2')
    await page.goto('/account-settings/change-password')
    await page.locator('input[name="currentPassword"]').fill('wrong current password')
    await page.locator('input[name="newPassword"]').fill('a brand new passphrase')
    await page.locator('input[name="confirmPassword"]').fill('a different passphrase')
    await page.getByRole('button', { name: 'Change password' }).click()
    await expect(page.getByText('The passwords do not match')).toBeVisible()
    await page.locator('input[name="confirmPassword"]').fill('a brand new passphrase')
    await page.getByRole('button', { name: 'Change password' }).click()
    await expect(page.getByText('The current password is incorrect')).toBeVisible()
    await expect(page.locator('input[name="currentPassword"]')).toHaveAttribute('aria-invalid', 'true')
    // Still signed in.
    await expect(page).toHaveURL(/\/account-settings\/change-password$/)
  })

  test('forgot password answers the same whether or not the account exists', async ({ page }) => {
    await page.goto('/login')
    await page.getByRole('link', { name: 'Forgot your password?' }).click()
    await expect(page).toHaveURL(/\/forgot-password$/)
    // The address changes before the page's chunk has loaded: the sign-in form (with its own E-mail
    // field) is still on screen until the heading changes.
    await expect(page.getByRole('heading', { name: 'Forgot your password?' })).toBeVisible()
    await page.getByLabel('E-mail').fill('nobody@example.test')
    await page.getByRole('button', { name: 'Send reset link' }).click()
    await expect(page.getByRole('status').filter({ hasText: 'Check your e-mail' })).toContainText('If an account exists')
  })

  test('an unusable reset link says so and offers a new one', async ({ page }) => {
    await page.goto('/reset/not-a-real-token')
    await expect(page.getByRole('heading', { level: 1, name: 'This link no longer works' })).toBeVisible()
    await expect(page.getByRole('alert')).toContainText('invalid or has expired')
    await expect(page.getByRole('button', { name: 'Send reset link' })).toBeVisible()
  })
})
