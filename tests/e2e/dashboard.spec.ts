import type { Page } from '@playwright/test'
import { DEMO, DEMO_PASSWORD, expect, loginAs, logOut, storedState, test } from './fixtures'

/**
 * The dashboards: the client's cards show the counts of the lists they open (filtered), and staff see
 * today's work with the cards their codes allow. Other specs change the demo data meanwhile, so each
 * comparison is read again until the dashboard and the list agree.
 */

const card = (page: Page, title: string) =>
  page
    .getByRole('region', { name: title })
    .or(page.getByLabel(title, { exact: true }))
    .first()
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

  test('Pay on the client dashboard opens the payment of every invoice due, there and then', async ({ page }) => {
    // Gulf Coast Ventures: the invoice specs pay Sunshine Holdings' invoices meanwhile.
    await loginAs(page, 'client2')
    const invoices = card(page, 'Invoices to pay')
    const count = async (name: RegExp) => Number(((await invoices.getByRole('link', { name }).textContent()) ?? '').replace(/\D/g, ''))
    await expect(invoices.getByRole('button', { name: 'Pay' })).toBeVisible()
    const due = (await count(/unpaid$/)) + (await count(/overdue$/))
    expect(due).toBeGreaterThan(0)

    await invoices.getByRole('button', { name: 'Pay' }).click()
    const dialog = page.getByRole('dialog', { name: 'Pay Invoices' })
    await expect(dialog).toContainText('Enter your card details to pay the selected invoices')
    // Every invoice due, and the header row.
    await expect(dialog.getByRole('region', { name: 'Invoices to pay' }).getByRole('row')).toHaveCount(due + 1)
    await expect(page).toHaveURL(/\/client\/dashboard$/)
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    await expect(dialog).toBeHidden()
    await expect(page).toHaveURL(/\/client\/dashboard$/)
  })

  test("the client dashboard greets a returning client and shows its service: registered agent's address, mailbox, status", async ({ page }) => {
    await loginAs(page, 'client')
    // The demo client has signed in before.
    await expect(page.getByText('Welcome back, Jordan · Sunshine Holdings LLC')).toBeVisible()
    const config = await (await page.request.get('/api/config')).json()
    const service = page.locator('section').filter({ has: page.getByRole('heading', { level: 2, name: 'Your service' }) })
    await expect(service).toContainText('Registered Agent + Mail Forwarding')
    await expect(service).toContainText('Active')
    await expect(service).toContainText(config.companyLocation)
    await expect(service).toContainText('MB-1042')
  })

  test('each row of recent activity opens what it is about', async ({ page }) => {
    await loginAs(page, 'client')
    const recent = page.locator('section').filter({ has: page.getByRole('heading', { level: 2, name: 'Recent activity' }) })
    const documentLink = recent.getByRole('link', { name: /^New document received: / }).first()
    const documentName = ((await documentLink.textContent()) ?? '').replace('New document received: ', '')
    await documentLink.click()
    await expect(page).toHaveURL(/\/client\/documents\?document=\d+$/)
    await expect(page.getByText(`Showing one document: ${documentName}.`)).toBeVisible()
    await expectRows(page, 1)
    await expect(bodyRows(page).first()).toContainText(documentName)
    await page.getByRole('button', { name: 'Show all documents' }).click()
    await expect(page).toHaveURL(/\/client\/documents$/)
    await expect.poll(() => bodyRows(page).count()).toBeGreaterThan(1)

    // Other specs add documents meanwhile, which can push the demo's mail request out of the five rows
    // shown: staff move one of the client's open requests on, which puts its notice at the top.
    const session = await page.request.post('/api/auth/login', { data: { email: DEMO.admin.email, password: DEMO_PASSWORD, remember: false } })
    const asStaff = { authorization: `Bearer ${(await session.json()).token}` }
    const clientId = JSON.parse((await storedState(page)).sessionStorage ?? 'null').user.clientId
    const open = await (await page.request.get(`/api/client/document-requests?open=true&clientId=${clientId}`, { headers: asStaff })).json()
    const movable = (open.data as { id: number; allowedStatuses: number[] }[]).find((row) => row.allowedStatuses.length > 0)
    expect(movable, 'an open mail request of the client that staff can move on').toBeDefined()
    const status = [2, 3, 4, 5].find((next) => movable!.allowedStatuses.includes(next))
    const mailed = status === 3 ? { carrier: 'USPS', trackingNumber: '9400100000000000000000' } : {}
    expect((await page.request.patch(`/api/document-request/${movable!.id}/status`, { headers: asStaff, data: { status, ...mailed } })).status()).toBe(200)

    await page.goto('/client/dashboard')
    await recent
      .getByRole('link', { name: /^Your request to mail / })
      .first()
      .click()
    await expect(page).toHaveURL(/\/client\/document-progress\/\d+$/)
  })

  test('staff see today’s work by their codes: admin every card, the clerk only the document cards', async ({ page }) => {
    await loginAs(page, 'admin')
    const today = page.getByRole('region', { name: "Today's work" })
    for (const title of [
      'Documents uploaded today',
      'Mail requests waiting',
      'Unanswered support messages',
      'Overdue invoices',
      'Requested documents about to be shredded',
    ]) {
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
