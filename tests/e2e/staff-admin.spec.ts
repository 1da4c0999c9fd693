import type { Page } from '@playwright/test'
import { expect, loginAs, test } from './fixtures'
import { mailTo } from './mail'

const denied = 'You do not have access to this page'
const nav = (page: Page) => page.getByRole('navigation', { name: 'Main' })

test.describe('staff administration', () => {
  test.use({ serviceWorkers: 'block' })
  test.describe.configure({ timeout: 120_000 })

  test('a role and a user are added, the invitation sets a password, and changes reach the signed-in user at once', async ({ page: admin, browser }) => {
    const email = `auditor-${Date.now()}@demo.test`
    const password = 'Auditor-pass-2026!'

    // The admin adds the role "Auditor" with DCV only.
    await loginAs(admin, 'admin')
    await nav(admin).getByRole('link', { name: 'Roles' }).click()
    await admin.getByRole('link', { name: 'Add role' }).click()
    await expect(admin.getByRole('heading', { level: 1, name: 'Add Role' })).toBeVisible()
    await admin.getByRole('textbox', { name: 'Name', exact: true }).fill('Auditor')
    await admin.getByText('DCV · View documents').click()
    await expect(admin.getByRole('checkbox', { name: /^DCV · View documents/ })).toBeChecked()
    await admin.getByRole('button', { name: 'Add role' }).click()
    await expect(admin).toHaveURL(/\/provider\/roles$/)
    const auditorRow = admin.getByRole('row', { name: /Auditor/ })
    await expect(auditorRow).toContainText('DCV')

    // ... and a user holding it, who is invited by e-mail.
    await nav(admin).getByRole('link', { name: 'Users' }).click()
    await admin.getByRole('link', { name: 'Add user' }).click()
    await admin.getByRole('textbox', { name: 'First name' }).fill('Ada')
    await admin.getByRole('textbox', { name: 'Last name' }).fill('Auditor')
    await admin.getByRole('textbox', { name: 'E-mail' }).fill(email)
    await admin.getByRole('combobox', { name: 'Role' }).selectOption({ label: 'Auditor' })
    await admin.getByRole('button', { name: 'Add user and send invitation' }).click()
    await expect(admin.getByRole('heading', { level: 1, name: 'Ada Auditor' })).toBeVisible()
    await expect(admin.getByText('Invited', { exact: true })).toBeVisible()

    // The invitation link sets the password; the auditor signs in on their own browser.
    const mail = await mailTo(email)
    const link = /https?:\/\/\S+\/reset\/[A-Za-z0-9_-]+/.exec(mail.text)?.[0]
    expect(link).toBeTruthy()
    const auditorContext = await browser.newContext({ serviceWorkers: 'block' })
    const auditor = await auditorContext.newPage()
    await auditor.goto(new URL(link!).pathname)
    await auditor.locator('input[name="password"]').fill(password)
    await auditor.locator('input[name="confirmPassword"]').fill(password)
    await auditor.getByRole('button', { name: 'Set new password' }).click()
    await expect(auditor.getByRole('heading', { name: 'Password changed' })).toBeVisible()
    await auditor.goto('/login')
    await auditor.getByRole('textbox', { name: 'E-mail' }).fill(email)
    await auditor.locator('input[name="password"]').fill(password)
    await auditor.getByRole('button', { name: 'Sign in' }).click()
    await expect(auditor).toHaveURL(/\/provider\/dashboard$/, { timeout: 20_000 })

    // Documents, but neither Users nor Roles.
    await expect(auditor.getByRole('link', { name: /All Documents/ })).toBeVisible()
    await expect(nav(auditor).getByRole('link', { name: 'Users' })).toHaveCount(0)
    await expect(nav(auditor).getByRole('link', { name: 'Roles' })).toHaveCount(0)

    // The admin adds UCV to "Auditor"; the auditor sees Users once the window has focus again.
    await nav(admin).getByRole('link', { name: 'Roles' }).click()
    await admin.getByRole('link', { name: 'Auditor' }).click()
    await expect(admin.getByRole('heading', { level: 1, name: 'Edit Role' })).toBeVisible()
    await admin.getByText('UCV · View users').click()
    await expect(admin.getByRole('checkbox', { name: /^UCV · View users/ })).toBeChecked()
    await admin.getByRole('button', { name: 'Save role' }).click()
    await expect(admin).toHaveURL(/\/provider\/roles$/)
    await expect(auditorRow).toContainText('UCV')

    await auditor.bringToFront()
    await auditor.evaluate(() => window.dispatchEvent(new Event('focus')))
    await expect(nav(auditor).getByRole('link', { name: 'Users' })).toBeVisible()
    await expect(nav(auditor).getByRole('link', { name: 'Roles' })).toHaveCount(0)

    // The admin deactivates the auditor; the auditor's next navigation lands on the sign-in page.
    await nav(admin).getByRole('link', { name: 'Users' }).click()
    await admin.getByRole('link', { name: 'Ada Auditor' }).click()
    await admin.getByRole('button', { name: 'Deactivate' }).click()
    await admin.getByRole('alertdialog').getByRole('button', { name: 'Deactivate' }).click()
    await expect(admin.getByText('Deactivated', { exact: true }).first()).toBeVisible()

    await nav(auditor).getByRole('link', { name: 'Clients' }).click()
    await expect(auditor).toHaveURL(/\/login/)
    await auditorContext.close()
  })

  test('the office manager (no RCC) sees no "Add role" and is refused at provider/roles/add', async ({ page }) => {
    await loginAs(page, 'manager')
    await nav(page).getByRole('link', { name: 'Roles' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Roles' })).toBeVisible()
    await expect(page.getByRole('row', { name: /Mailroom clerk/ })).toBeVisible()
    await expect(page.getByRole('link', { name: 'Add role' })).toHaveCount(0)
    await page.goto('/provider/roles/add')
    await expect(page.getByRole('heading', { level: 1, name: denied })).toBeVisible()
  })
})
