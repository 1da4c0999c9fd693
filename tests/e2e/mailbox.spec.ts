import { expect, expectAccessible, loginAs, test } from './fixtures'

/**
 * Staff with PCE give a client its mailbox from the client profile: the next free number is suggested,
 * and replacing a number the client already has asks first.
 */
test('staff assign the suggested mailbox to a client without one, then replace it after confirming', async ({ page }) => {
  test.setTimeout(60_000)
  await loginAs(page, 'admin')
  await page.goto('/provider/clients?q=Gulf%20Coast')
  await page.getByRole('table', { name: 'Clients' }).getByRole('link', { name: 'Gulf Coast Ventures Inc', exact: true }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Gulf Coast Ventures Inc' })).toBeVisible()
  const mailbox = page.locator('dt', { hasText: /^Mailbox$/ }).locator('xpath=following-sibling::dd[1]')
  await expect(mailbox).toContainText('None')

  await mailbox.getByRole('button', { name: 'Assign mailbox' }).click()
  const dialog = page.getByRole('dialog', { name: 'Assign mailbox' })
  const field = dialog.getByRole('textbox', { name: 'Mailbox Number' })
  // The demo's highest number is MB-1042: the next free one is suggested.
  await expect(field).toHaveValue(/^MB-\d{4,6}$/)
  const suggested = await field.inputValue()
  expect(Number(suggested.slice(3))).toBeGreaterThan(1042)
  await expectAccessible(page, 'assign mailbox dialog')

  // The documented format only; a number another client holds is refused beside the field.
  await field.fill('x')
  await dialog.getByRole('button', { name: 'Assign mailbox' }).click()
  await expect(dialog.getByText('Mailbox number must be MB- followed by 4 to 6 digits, e.g. MB-1042')).toBeVisible()
  await field.fill('mb-1042')
  await dialog.getByRole('button', { name: 'Assign mailbox' }).click()
  await expect(dialog.getByText('Mailbox MB-1042 belongs to another client. Choose another number.')).toBeVisible()

  await field.fill(suggested)
  await dialog.getByRole('button', { name: 'Assign mailbox' }).click()
  await expect(dialog).toBeHidden()
  await expect(mailbox).toContainText(suggested)

  // Replacing asks first.
  await mailbox.getByRole('button', { name: 'Change mailbox' }).click()
  const change = page.getByRole('dialog', { name: 'Change mailbox' })
  const replacement = `MB-${Number(suggested.slice(3)) + 500}`
  await change.getByRole('textbox', { name: 'Mailbox Number' }).fill(replacement)
  await change.getByRole('button', { name: 'Change mailbox' }).click()
  await expect(change.getByRole('alert')).toContainText(`Replace mailbox ${suggested}?`)
  await expect(mailbox).toContainText(suggested)
  await change.getByRole('button', { name: 'Replace mailbox' }).click()
  await expect(change).toBeHidden()
  await expect(mailbox).toContainText(replacement)
  await page.reload()
  await expect(mailbox).toContainText(replacement)
})
