import type { Page } from '@playwright/test'
import { expect, loginAs, logOut, test } from './fixtures'

/**
 * The dashboards: the client's cards show the counts of the lists they open (filtered), and staff see
 * today's work with the cards their codes allow. Other specs change the demo data meanwhile, so each
 * comparison is read again until the dashboard and the list agree.
 */

const card = (page: Page, title: string) => page.getByRole('region', { name: title }).or(page.getByLabel(title, { exact: true })).first()
const figureOf = async (page: Page, title: string) => Number(((await card(page, title).getByTestId('figure').textContent()) ?? '').replace(/[^\d.]/g, ''))
const bodyRows = (page: Page) => page.getByRole('table').first().locator('tbody tr')
/** The list shows exactly `count` rows ('No results.' for none). */
async function expectRows(page: Page, count: number) {
  if (count === 0) await expect(page.getByRole('table').first().getByText('No results.')).toBeVisible({ timeout: 5_000 })
  else await expect(bodyRows(page)).toHaveCount(count, { timeout: 5_000 })
}

test.describe('dashboards', () => {
  test.slow()

  test('the client dashboard shows the counts that match the lists its cards open', async ({ page }) => {
    await loginAs(page, 'client')
    await expect(page.getByRole('region', { name: 'What needs your attention' })).toBeVisible()

    await expect(async () => {
      await page.goto('/client/dashboard')
      const unread = await figureOf(page, 'Unread documents')
      await card(page, 'Unread documents').getByRole('link', { name: 'View unread documents' }).click()
      await expect(page).toHaveURL(/isRead=unread/)
      await expectRows(page, unread)
    }).toPass({ timeout: 60_000 })

    await expect(async () => {
      await page.goto('/client/dashboard')
      const requests = await figureOf(page, 'Mail requests in progress')
      await card(page, 'Mail requests in progress').getByRole('link', { name: 'View requests in progress' }).click()
      await expect(page).toHaveURL(/status=open/)
      await expectRows(page, requests)
    }).toPass({ timeout: 60_000 })

    await expect(async () => {
      await page.goto('/client/dashboard')
      const overdueLink = card(page, 'Invoices to pay').getByRole('link', { name: /overdue$/ })
      const overdue = Number(((await overdueLink.textContent()) ?? '').replace(/\D/g, ''))
      await overdueLink.click()
      await expect(page).toHaveURL(/status=overdue/)
      await expectRows(page, overdue)
      if (overdue > 0) await expect(bodyRows(page).filter({ hasText: 'OVERDUE' })).toHaveCount(overdue)
    }).toPass({ timeout: 60_000 })

    await page.goto('/client/dashboard')
    await expect(page.getByRole('heading', { name: 'Recent activity' })).toBeVisible()
  })

  test('staff see today’s work by their codes: admin every card, the clerk only the document cards', async ({ page }) => {
    await loginAs(page, 'admin')
    const today = page.getByRole('region', { name: "Today's work" })
    for (const title of ['Documents uploaded today', 'Mail requests waiting', 'Unanswered support messages', 'Overdue invoices', 'Requested documents about to be shredded']) {
      await expect(today.getByLabel(title, { exact: true })).toBeVisible()
    }
    await today.getByRole('link', { name: 'View overdue invoices' }).click()
    await expect(page).toHaveURL(/\/provider\/invoices\?.*status=overdue/)

    await logOut(page)
    await loginAs(page, 'clerk')
    await expect(today.getByLabel('Documents uploaded today', { exact: true })).toBeVisible()
    await expect(today.getByLabel('Overdue invoices', { exact: true })).toHaveCount(0)
    await expect(today.getByLabel('Unanswered support messages', { exact: true })).toHaveCount(0)
  })
})
