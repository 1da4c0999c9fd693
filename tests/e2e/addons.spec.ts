import type { Page } from '@playwright/test'
import { expect, loginAs, test } from './fixtures'

/**
 * Add-ons end to end: the client buys an add-on through the same hosted card fields as Pay Invoices.
 * Gulf Coast Ventures (client2@demo.test) buys, so the invoice counts of Sunshine Holdings that the
 * invoices spec relies on stay as seeded.
 */

async function fillCard(page: Page, number: string) {
  const dialog = page.getByRole('dialog', { name: /^Buy / })
  await dialog.frameLocator('iframe[title="Card number"]').locator('input').pressSequentially(number)
  await dialog.frameLocator('iframe[title="Security code (CVV)"]').locator('input').pressSequentially('123')
  await dialog.getByLabel('Expiration date').pressSequentially(`12${String((new Date().getFullYear() + 3) % 100).padStart(2, '0')}`)
  return dialog
}

test.describe('add-ons', () => {
  test.slow()

  test('a declined card keeps the dialog open with the gateway message; the test card buys the add-on, shown active and invoiced as paid', async ({ page }) => {
    await loginAs(page, 'client2')
    await page.getByRole('link', { name: 'Add-Ons' }).first().click()
    await expect(page).toHaveURL(/\/client\/addons$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Add-Ons' })).toBeVisible()

    const addons = page.getByRole('list', { name: 'Add-ons' }).getByRole('listitem')
    await expect(addons).toHaveCount(3)
    // The seeded add-on of Gulf Coast Ventures is active; the others can be bought.
    await expect(addons.filter({ hasText: 'Active' })).toHaveCount(1)
    const offer = addons.filter({ has: page.getByRole('button', { name: /^Buy / }) }).first()
    const name = (await offer.getByRole('heading').textContent())!.trim()

    await offer.getByRole('button', { name: `Buy ${name}` }).click()
    let dialog = await fillCard(page, '4000000000000002')
    await dialog.getByRole('button', { name: /^Pay \$/ }).click()
    await expect(dialog.getByText('Your card was declined')).toBeVisible()
    await expect(dialog).toBeVisible()
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    await expect(dialog).toBeHidden()
    await expect(addons.filter({ hasText: name }).getByText('Active')).toHaveCount(0)

    await offer.getByRole('button', { name: `Buy ${name}` }).click()
    dialog = await fillCard(page, '4242424242424242')
    const answer = page.waitForResponse((res) => res.url().endsWith('/api/client/services/packages/subscribe') && res.request().method() === 'POST')
    await dialog.getByRole('button', { name: /^Pay \$/ }).click()
    const response = await answer
    expect(response.status()).toBe(201)
    const { invoiceNumber } = (await response.json()) as { invoiceNumber: string }
    await expect(page.getByText('Add-on purchased successfully').first()).toBeVisible()
    await expect(dialog).toBeHidden()
    await expect(addons.filter({ hasText: name }).getByText('Active', { exact: true })).toBeVisible()
    await expect(addons.filter({ hasText: 'Active' })).toHaveCount(2)

    await page.getByRole('link', { name: 'Invoices' }).first().click()
    const row = page.getByRole('row').filter({ hasText: invoiceNumber })
    await expect(row).toHaveCount(1)
    await expect(row.getByText('PAID', { exact: true })).toBeVisible()
  })

  test('an add-on billed on an unpaid invoice awaits payment with a link to it, not a second purchase; paying the invoice switches it on', async ({ page }) => {
    await loginAs(page, 'client2')
    await page.getByRole('link', { name: 'Add-Ons' }).first().click()
    const alerts = page.getByRole('list', { name: 'Add-ons' }).getByRole('listitem', { name: 'Compliance Alerts' })
    await expect(alerts.getByText('Awaiting payment')).toBeVisible()
    await expect(alerts.getByRole('button', { name: /^Buy / })).toHaveCount(0)
    await alerts.getByRole('link', { name: /^Pay invoice INV-/ }).click()
    await expect(page).toHaveURL(/\/client\/invoices\/\d+$/)

    await page.getByRole('button', { name: /^Pay \$/ }).click()
    const dialog = page.getByRole('dialog', { name: 'Pay Invoices' })
    await dialog.frameLocator('iframe[title="Card number"]').locator('input').pressSequentially('4242424242424242')
    await dialog.frameLocator('iframe[title="Security code (CVV)"]').locator('input').pressSequentially('123')
    await dialog.getByLabel('Expiration date').pressSequentially(`12${String((new Date().getFullYear() + 3) % 100).padStart(2, '0')}`)
    const answer = page.waitForResponse((res) => res.url().endsWith('/api/client/invoices/pay') && res.request().method() === 'POST')
    await dialog.getByRole('button', { name: /^Pay \$/ }).click()
    expect((await answer).status()).toBe(200)
    await expect(dialog).toBeHidden()

    await page.getByRole('link', { name: 'Add-Ons' }).first().click()
    await expect(alerts.getByText('Active', { exact: true })).toBeVisible()
    await expect(alerts.getByText('Awaiting payment')).toHaveCount(0)
  })
})
