import { readFile } from 'node:fs/promises'
import type { APIRequestContext, Locator, Page } from '@playwright/test'
import { DEMO, DEMO_PASSWORD, expect, expectAccessible, loginAs, test } from './fixtures'

/**
 * Invoices end to end, on the demo data (each demo client has one PAID, one NEW and one OVERDUE
 * invoice): the list by role, the refusal of a paid invoice, paying by card through the sandbox
 * gateway's hosted fields (declined, then paid), and the invoice page with its PDF.
 *
 * The tests of this file run in order on one server: the decline comes before client@demo.test pays.
 * Other specs add invoices of their own to the same database (a mail request's shipping charge), so
 * counts are taken before and compared after, and the paid invoices are followed by their numbers.
 */

const CARDS = { success: '4242 4242 4242 4242', declined: '4000 0000 0000 0002' }
const DATE = /^\d{1,2}(st|nd|rd|th) (January|February|March|April|May|June|July|August|September|October|November|December), \d{4}$/

/** Today on the New York clock, as the invoice tables write dates. */
function todayInNewYork(): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', { timeZone: 'America/New_York', year: 'numeric', month: 'long', day: 'numeric' })
      .formatToParts(new Date())
      .map((part) => [part.type, part.value]),
  )
  const day = Number(parts.day)
  const suffix = day % 100 >= 11 && day % 100 <= 13 ? 'th' : (({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[day % 10] ?? 'th')
  return `${day}${suffix} ${parts.month}, ${parts.year}`
}

function table(page: Page) {
  return page.getByRole('region', { name: 'Invoices', exact: true })
}

function bodyRows(page: Page): Locator {
  return table(page).locator('tbody tr')
}

/** The body rows of the invoice table with this status label. */
function rowsWithStatus(page: Page, label: 'PAID' | 'UNPAID' | 'OVERDUE'): Locator {
  return bodyRows(page).filter({ has: page.getByRole('cell').getByText(label, { exact: true }) })
}

/** How many rows of each status the loaded table shows. */
async function statusCounts(page: Page): Promise<Record<'PAID' | 'UNPAID' | 'OVERDUE', number>> {
  await expect(bodyRows(page).first()).toBeVisible()
  return {
    PAID: await rowsWithStatus(page, 'PAID').count(),
    UNPAID: await rowsWithStatus(page, 'UNPAID').count(),
    OVERDUE: await rowsWithStatus(page, 'OVERDUE').count(),
  }
}

/** A row's cell under the column named `column` (the selection column, when there is one, comes first). */
async function cell(page: Page, row: Locator, column: string): Promise<Locator> {
  const headers = (await table(page).getByRole('columnheader').allTextContents()).map((text) => text.trim())
  const index = headers.findIndex((text) => text.startsWith(column))
  expect(index, `column ${column} in ${headers.join(' | ')}`).toBeGreaterThanOrEqual(0)
  return row.getByRole('cell').nth(index)
}

/** Ticks a row's checkbox as a pointer user does. */
async function toggleRow(row: Locator) {
  await row.getByRole('checkbox').click()
}

async function openClientInvoices(page: Page, who: 'client' | 'client2' = 'client') {
  await loginAs(page, who)
  await page.getByRole('link', { name: 'Invoices' }).first().click()
  await expect(page).toHaveURL(/\/client\/invoices$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Invoices' })).toBeVisible()
  await expect(rowsWithStatus(page, 'PAID').first()).toBeVisible()
}

async function selectUnpaidInvoices(page: Page) {
  for (const label of ['UNPAID', 'OVERDUE'] as const) {
    const row = rowsWithStatus(page, label).first()
    await toggleRow(row)
    await expect(row.getByRole('checkbox')).toBeChecked()
  }
}

async function fillCard(page: Page, number: string) {
  const dialog = page.getByRole('dialog', { name: 'Pay Invoices' })
  await dialog.frameLocator('iframe[title="Card number"]').locator('input').pressSequentially(number)
  await dialog.frameLocator('iframe[title="Security code (CVV)"]').locator('input').pressSequentially('123')
  await dialog.getByLabel('Expiration date').pressSequentially(`12${String((new Date().getFullYear() + 3) % 100).padStart(2, '0')}`)
  return dialog
}

/** The session of a demo user, through the real sign-in call (outside the browser's cookies). */
async function signInByApi(request: APIRequestContext, who: keyof typeof DEMO) {
  const res = await request.post('/api/auth/login', { data: { email: DEMO[who].email, password: DEMO_PASSWORD, remember: false } })
  expect(res.status()).toBe(200)
  return (await res.json()) as { token: string; user: { clientId: number | null } }
}

test.describe('invoices', () => {
  // Sign-ins, card frames and axe scans on a shared two-core machine: give each test room.
  test.slow()

  test('a client sees the invoices table with dates, statuses and Action links, and can refresh it', async ({ page }) => {
    await openClientInvoices(page)
    const headers = table(page).getByRole('columnheader')
    for (const name of ['Invoice #', 'Company', 'Invoice Date', 'Due Date', 'Paid Date', 'Total', 'Status', 'Action']) {
      await expect(headers.filter({ hasText: name }).first()).toBeVisible()
    }

    const paid = rowsWithStatus(page, 'PAID').first()
    await expect(await cell(page, paid, 'Invoice Date')).toHaveText(DATE)
    await expect(await cell(page, paid, 'Due Date')).toHaveText('N/A')
    await expect(await cell(page, paid, 'Paid Date')).toHaveText(DATE)
    const unpaid = rowsWithStatus(page, 'UNPAID').first()
    await expect(await cell(page, unpaid, 'Due Date')).toHaveText(DATE)
    await expect(await cell(page, unpaid, 'Paid Date')).toContainText('Not paid')
    await expect(rowsWithStatus(page, 'OVERDUE')).toHaveCount(1)
    await expect(await cell(page, unpaid, 'Company')).toHaveText('Sunshine Holdings LLC')
    await expect(await cell(page, unpaid, 'Total')).toHaveText(/^\$\d[\d,]*\.\d{2}$/)
    await expect(await cell(page, unpaid, 'Invoice #')).toHaveText(/^INV-\d{4}-\d+$/)

    const link = unpaid.getByRole('link', { name: /^View/ })
    await expect(link).toHaveAttribute('href', /\/client\/invoices\/\d+$/)

    const refreshed = page.waitForResponse((res) => /\/api\/client\/invoices\/\d+\?/.test(res.url()) && res.status() === 200)
    await page.getByRole('button', { name: 'Refresh' }).click()
    await refreshed
    await expectAccessible(page, '/client/invoices')
  })

  test('filters, sorting and paging go to the server and live in the address', async ({ page }) => {
    await openClientInvoices(page)
    await table(page).getByRole('searchbox', { name: 'Filter by Status' }).fill('overdue')
    await expect(bodyRows(page)).toHaveCount(1)
    await expect(rowsWithStatus(page, 'OVERDUE')).toHaveCount(1)
    await expect(page).toHaveURL(/status=overdue/)

    await page.reload()
    await expect(table(page).getByRole('searchbox', { name: 'Filter by Status' })).toHaveValue('overdue')
    await expect(rowsWithStatus(page, 'PAID')).toHaveCount(0)

    await table(page).getByRole('searchbox', { name: 'Filter by Status' }).fill('')
    await table(page).getByRole('searchbox', { name: 'Filter by Invoice Date' }).fill('next week')
    await expect(table(page).getByText('No results.', { exact: false })).toBeVisible()

    await table(page).getByRole('searchbox', { name: 'Filter by Invoice Date' }).fill('')
    await table(page).getByRole('columnheader', { name: /Total/ }).getByRole('button').click()
    await expect(page).toHaveURL(/sort=total&order=asc|order=asc.*sort=total|sort=total.*order=asc/)
    await expect(table(page).getByRole('columnheader', { name: /Total/ })).toHaveAttribute('aria-sort', 'ascending')
    await expect(rowsWithStatus(page, 'PAID')).toHaveCount(1)

    // Invoice numbers have one format (the demo data's too), and sort by number numerically.
    await table(page)
      .getByRole('columnheader', { name: /Invoice #/ })
      .getByRole('button')
      .click()
    await expect(table(page).getByRole('columnheader', { name: /Invoice #/ })).toHaveAttribute('aria-sort', 'ascending')
    const numbers = async () => {
      const texts: string[] = []
      for (const row of await bodyRows(page).all()) texts.push(((await (await cell(page, row, 'Invoice #')).textContent()) ?? '').trim())
      return texts
    }
    const ascending = (shown: string[]) => {
      const running = shown.map((number) => Number(number.split('-')[2]))
      return running.every((value, index) => index === 0 || running[index - 1] < value)
    }
    await expect.poll(async () => ascending(await numbers())).toBe(true)
    const shown = await numbers()
    expect(shown.length).toBeGreaterThanOrEqual(3)
    for (const number of shown) expect(number).toMatch(/^INV-\d{4}-\d{6,}$/)
  })

  test("selecting a paid invoice is refused with 'You can only pay unpaid invoices'", async ({ page }) => {
    await openClientInvoices(page)
    const row = rowsWithStatus(page, 'PAID').first()
    const checkbox = row.getByRole('checkbox')
    await expect(checkbox).toHaveAccessibleDescription('You can only pay unpaid invoices')
    await toggleRow(row)
    await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'You can only pay unpaid invoices' })).toBeVisible()
    await expect(checkbox).not.toBeChecked()
    await expect(page.getByRole('button', { name: 'Pay Now' })).toHaveCount(0)
  })

  test('a declined card keeps the dialog open with Payment failed', async ({ page }) => {
    await openClientInvoices(page)
    const before = await statusCounts(page)
    // The card script loads only when the dialog opens.
    const cardScripts: string[] = []
    page.on('request', (request) => {
      if (request.url().includes('/payments/sandbox/fields.js')) cardScripts.push(request.url())
    })
    await selectUnpaidInvoices(page)
    const bar = page.getByRole('region', { name: 'Selected invoices' })
    await expect(bar).toContainText('2 invoices selected')
    expect(cardScripts).toEqual([])
    await bar.getByRole('button', { name: 'Pay Now' }).click()

    const dialog = page.getByRole('dialog', { name: 'Pay Invoices' })
    await expect(dialog).toContainText('Enter your card details to pay the selected invoices')
    await expect(dialog.getByRole('region', { name: 'Invoices to pay' }).getByRole('row')).toHaveCount(3)
    await fillCard(page, CARDS.declined)
    await dialog.getByRole('button', { name: /^Pay \$/ }).click()

    await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Payment failed' })).toBeVisible()
    await expect(dialog).toBeVisible()
    await expect(dialog.getByRole('alert').filter({ hasText: 'Your card was declined' })).toBeVisible()
    expect(cardScripts.length).toBe(1)
    await expectAccessible(page, 'pay dialog after a decline')

    await dialog.getByRole('button', { name: 'Cancel' }).click()
    await expect(dialog).toBeHidden()
    await expect(rowsWithStatus(page, 'UNPAID')).toHaveCount(before.UNPAID)
    await expect(rowsWithStatus(page, 'OVERDUE')).toHaveCount(before.OVERDUE)
  })

  test('offline, the invoices seen before show from saved data, and paying says a connection is needed', async ({ page, context }) => {
    await loginAs(page, 'client', { remember: true })
    // The service worker controls the page once installed (the page may reload meanwhile).
    await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller)).catch(() => false), { timeout: 30_000 }).toBe(true)
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Invoices' }).click()
    await expect(rowsWithStatus(page, 'UNPAID').first()).toBeVisible()
    const online = await statusCounts(page)
    // The query cache is written to IndexedDB shortly after the list arrives.
    await expect
      .poll(() =>
        page.evaluate(
          () =>
            new Promise<string>((resolve) => {
              const open = indexedDB.open('keyval-store')
              open.onerror = () => resolve('')
              open.onsuccess = () => {
                const request = open.result.transaction('keyval', 'readonly').objectStore('keyval').get('portal-query-cache')
                request.onsuccess = () => resolve(String(request.result ?? ''))
                request.onerror = () => resolve('')
              }
            }),
        ),
      )
      .toContain('Sunshine Holdings LLC')

    await context.setOffline(true)
    const offline = await context.newPage()
    await offline.goto('/client/invoices')
    await expect(offline.getByRole('heading', { level: 1, name: 'Invoices' })).toBeVisible()
    await expect(offline.getByText(/^Offline, saved at /)).toBeVisible()
    await expect(rowsWithStatus(offline, 'PAID')).toHaveCount(online.PAID)
    await expect(rowsWithStatus(offline, 'UNPAID')).toHaveCount(online.UNPAID)

    const row = rowsWithStatus(offline, 'UNPAID').first()
    await toggleRow(row)
    await offline.getByRole('button', { name: 'Pay Now' }).click()
    const dialog = offline.getByRole('dialog', { name: 'Pay Invoices' })
    await expect(dialog.getByText('Paying needs an internet connection.', { exact: false })).toBeVisible()
    await expect(dialog.getByRole('button', { name: /^Pay/ })).toBeDisabled()
    await context.setOffline(false)
  })

  test('client@demo.test pays two unpaid invoices with the test card and sees them PAID with a paid date', async ({ page }) => {
    await openClientInvoices(page)
    const before = await statusCounts(page)
    const numbers: string[] = []
    for (const label of ['UNPAID', 'OVERDUE'] as const) {
      numbers.push((await (await cell(page, rowsWithStatus(page, label).first(), 'Invoice #')).textContent())!.trim())
    }
    await selectUnpaidInvoices(page)
    await page.getByRole('button', { name: 'Pay Now' }).click()
    const dialog = await fillCard(page, CARDS.success)
    const paid = page.waitForResponse((res) => res.url().endsWith('/api/client/invoices/pay'))
    await dialog.getByRole('button', { name: /^Pay \$/ }).click()
    expect((await paid).status()).toBe(200)

    await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Payment successful' })).toBeVisible()
    await expect(dialog).toBeHidden()
    await expect(page.getByRole('region', { name: 'Selected invoices' })).toHaveCount(0)
    await expect(rowsWithStatus(page, 'PAID')).toHaveCount(before.PAID + 2)
    await expect(rowsWithStatus(page, 'UNPAID')).toHaveCount(before.UNPAID - 1)
    await expect(rowsWithStatus(page, 'OVERDUE')).toHaveCount(before.OVERDUE - 1)
    const today = todayInNewYork()
    for (const number of numbers) {
      const row = bodyRows(page).filter({ has: page.getByRole('cell', { name: number, exact: true }) })
      await expect(await cell(page, row, 'Status')).toHaveText('PAID')
      await expect(await cell(page, row, 'Paid Date')).toHaveText(today)
    }
  })

  test('the invoice page shows the lines and payments, prints, and downloads a PDF', async ({ page }) => {
    await openClientInvoices(page)
    const row = rowsWithStatus(page, 'PAID').first()
    const number = (await (await cell(page, row, 'Invoice #')).textContent())!.trim()
    await row.getByRole('link', { name: /^View/ }).click()

    await expect(page.getByRole('heading', { level: 1, name: `Invoice ${number}` })).toBeVisible()
    const items = page.getByRole('table', { name: `Line items of invoice ${number}` })
    await expect(items.getByRole('row')).not.toHaveCount(1)
    await expect(items.getByRole('row').nth(1)).toContainText('$')
    await expect(page.getByRole('table', { name: `Payments of invoice ${number}` })).toContainText('ending in 4242')
    await expect(page.getByRole('region', { name: 'Bill to' })).toContainText('Sunshine Holdings LLC')
    // The FROM block names the provider above its address and contacts.
    await expect(page.getByRole('region', { name: 'From' })).toContainText('Sunshine State Registered Agents')
    await expectAccessible(page, 'invoice page')

    const download = page.waitForEvent('download')
    await page.getByRole('button', { name: 'Download PDF' }).click()
    const file = await download
    expect(file.suggestedFilename()).toBe(`invoice-${number}.pdf`)
    const bytes = await readFile((await file.path())!)
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-')

    // Print: the browser's dialog, with the portal's frame left out of the printout.
    await page.evaluate(() => {
      ;(window as unknown as { printed: number }).printed = 0
      window.print = () => void ((window as unknown as { printed: number }).printed += 1)
    })
    await page.getByRole('button', { name: 'Print' }).click()
    expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1)
    await page.emulateMedia({ media: 'print' })
    await expect(page.getByRole('heading', { level: 1, name: `Invoice ${number}` })).toBeVisible()
    await expect(page.getByRole('button', { name: 'Download PDF' })).toBeHidden()
    await expect(page.getByRole('navigation').first()).toBeHidden()
    await page.emulateMedia({ media: 'screen' })
  })

  test("another client's invoice reads as not found", async ({ page, request }) => {
    const other = await signInByApi(request, 'client2')
    const list = await request.get(`/api/client/invoices/${other.user.clientId}`, { headers: { authorization: `Bearer ${other.token}` } })
    const otherInvoice = (await list.json()).data[0].id as number
    await loginAs(page, 'client')
    await page.goto(`/client/invoices/${otherInvoice}`)
    await expect(page.getByRole('heading', { level: 1, name: 'Invoice not found' })).toBeVisible()
  })

  test('staff get no row checkboxes and no Pay Now bar, even with ICP: they have nothing to do with a selection', async ({ page }) => {
    for (const who of ['admin', 'manager'] as const) {
      await loginAs(page, who)
      await page.goto('/provider/invoices')
      await expect(page.getByRole('heading', { level: 1, name: 'Invoices' })).toBeVisible()
      // Where rows can be selected every row has its box (a paid one's refuses with a message), so rows
      // of any status show there is none; other tests may have paid the demo's unpaid invoices by now.
      await expect(table(page).locator('tbody tr:not([data-skeleton])').first()).toBeVisible()
      await expect(table(page).getByRole('checkbox')).toHaveCount(0)
      await expect(page.getByText(/ selected · \$/)).toHaveCount(0)
      await expect(page.getByRole('button', { name: 'Pay Now' })).toHaveCount(0)
      await expect(page.getByRole('region', { name: 'Selected invoices' })).toHaveCount(0)
      await page.getByRole('button', { name: /Account menu/ }).click()
      await page.getByRole('menuitem', { name: 'Log Out' }).click()
      await expect(page).toHaveURL(/\/login$/)
    }
  })

  test('manager@demo.test (ICV) sees Action links to the provider invoice page', async ({ page }) => {
    await loginAs(page, 'manager')
    await page.goto('/provider/invoices')
    const row = rowsWithStatus(page, 'PAID').first()
    const link = row.getByRole('link', { name: /^View/ })
    await expect(link).toHaveAttribute('href', /\/provider\/invoices\/\d+$/)
    const number = (await (await cell(page, row, 'Invoice #')).textContent())!.trim()
    await link.click()
    await expect(page).toHaveURL(/\/provider\/invoices\/\d+$/)
    await expect(page.getByRole('heading', { level: 1, name: `Invoice ${number}` })).toBeVisible()
    await expect(page.getByRole('button', { name: /^Pay / })).toHaveCount(0)
    await expectAccessible(page, '/provider/invoices/{id}')
  })

  test("clerk@demo.test (no ICV) sees a client's invoices without Action links, and no provider invoice list", async ({ page, request }) => {
    const client = await signInByApi(request, 'client')
    await loginAs(page, 'clerk')
    await page.goto(`/provider/clients/${client.user.clientId}?tab=invoices`)
    await expect(rowsWithStatus(page, 'PAID').first()).toBeVisible()
    await expect(table(page).getByRole('columnheader', { name: 'Action' })).toHaveCount(0)
    await expect(table(page).getByRole('link')).toHaveCount(0)
    await expect(table(page).getByRole('checkbox')).toHaveCount(0)

    await page.goto('/provider/invoices')
    await expect(page.getByRole('heading', { level: 1, name: 'You do not have access to this page' })).toBeVisible()
  })
})
