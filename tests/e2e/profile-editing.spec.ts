import { expect, loginAs, test } from './fixtures'

/** Profile editing: the client edits its own profile; staff need PCE. */

test.describe('profile editing', () => {
  test.slow()

  test('client@demo.test is told a 51-character first name is too long, then saves a change that stays after a reload', async ({ page }) => {
    await loginAs(page, 'client')
    await page.getByRole('button', { name: /Account menu/ }).click()
    await page.getByRole('menuitem', { name: 'Profile' }).click()
    await expect(page).toHaveURL(/\/client\/profile\/\d+$/)

    await page.getByRole('button', { name: 'Edit personal info' }).click()
    const dialog = page.getByRole('dialog', { name: 'Edit personal info' })
    await dialog.getByLabel('First Name').fill('J'.repeat(51))
    await dialog.getByRole('button', { name: 'Save' }).click()
    await expect(dialog.getByText('First Name cannot exceed 50 characters')).toBeVisible()

    // Cancel drops the typed value and its error.
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    await expect(dialog).toBeHidden()
    await page.getByRole('button', { name: 'Edit personal info' }).click()
    await expect(dialog.getByLabel('First Name')).toHaveValue('Jordan')
    await expect(dialog.getByText('First Name cannot exceed 50 characters')).toHaveCount(0)

    await dialog.getByLabel('Postal/Zip Code').fill('12345678901')
    await dialog.getByLabel('City').fill('')
    await dialog.getByRole('button', { name: 'Save' }).click()
    await expect(dialog.getByText('Postal/Zip Code cannot exceed 10 characters')).toBeVisible()
    await expect(dialog.getByText('This field is mandatory')).toBeVisible()

    await dialog.getByLabel('Postal/Zip Code').fill('33131')
    await dialog.getByLabel('City').fill('Miami')
    await dialog.getByLabel('Address').fill('1450 Brickell Ave, Suite 1250')
    await dialog.getByRole('button', { name: 'Save' }).click()
    await expect(page.getByText('Profile updated successfully').first()).toBeVisible()
    await expect(dialog).toBeHidden()
    await expect(page.getByText('1450 Brickell Ave, Suite 1250')).toBeVisible()

    await page.reload()
    await expect(page.getByText('1450 Brickell Ave, Suite 1250')).toBeVisible()
  })

  test('the company dialog asks for the attorney e-mail only on Notify Attorney Yes', async ({ page }) => {
    await loginAs(page, 'client')
    await page.goto('/client/dashboard')
    const clientId = await page.evaluate(() => JSON.parse(sessionStorage.getItem('session') ?? '{}').user?.clientId as number)
    await page.goto(`/client/profile/${clientId}`)
    await page.getByRole('button', { name: 'Edit company info' }).click()
    const dialog = page.getByRole('dialog', { name: 'Edit company info' })
    const notify = dialog.getByRole('radiogroup', { name: 'Notify Attorney' })
    await notify.getByText('No', { exact: true }).click()
    await expect(dialog.getByLabel('Attorney E-mail')).toHaveCount(0)
    await notify.getByText('Yes', { exact: true }).click()
    await expect(dialog.getByLabel('Attorney E-mail')).toHaveValue('')
    await dialog.getByRole('button', { name: 'Save' }).click()
    await expect(dialog.getByText('This field is mandatory')).toBeVisible()
    await dialog.getByLabel('Attorney E-mail').fill('counsel@averylaw.example')
    await dialog.getByRole('button', { name: 'Save' }).click()
    await expect(page.getByText('Company info updated successfully').first()).toBeVisible()
    await expect(dialog).toBeHidden()
    await expect(page.getByText('counsel@averylaw.example')).toBeVisible()
  })

  test('clerk@demo.test (no PCE) sees no edit button on a client; admin@demo.test does', async ({ page, browser }) => {
    await loginAs(page, 'clerk')
    await page.goto('/provider/clients')
    const href = await page.getByRole('link', { name: 'Sunshine Holdings LLC', exact: true }).getAttribute('href')
    await page.getByRole('link', { name: 'Sunshine Holdings LLC', exact: true }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Sunshine Holdings LLC' })).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Contact and address' })).toBeVisible()
    await expect(page.getByRole('button', { name: /^Edit / })).toHaveCount(0)

    const admin = await browser.newPage()
    await loginAs(admin, 'admin')
    await admin.goto(href!)
    await expect(admin.getByRole('button', { name: 'Edit personal info' })).toBeVisible()
    await expect(admin.getByRole('button', { name: 'Edit company info' })).toBeVisible()
    await admin.close()
  })
})
