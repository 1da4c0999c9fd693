import { formatDocumentDate } from '../../src/lib/dates'
import { addDays, estimatedAnswerDate, providerToday } from '../../server/deadlines/rules'
import { expectAccessible, expect, loginAs, logOut, test } from './fixtures'
import { pdf } from './pdf'

/**
 * Deadlines in the PWA: the client's next deadlines with a countdown (marking the annual report
 * filed, the date of formation, the calendar address served as iCalendar until revoked), staff's
 * deadlines at risk, and a service of process from the mailroom's upload (with its date served) to the
 * client's acknowledgment. The clock is the real one: the year is read from it.
 */

/** This year on the provider's clock. */
const thisYear = () => Number(new Intl.DateTimeFormat('en-US', { timeZone: 'America/New_York', year: 'numeric' }).format(new Date()))

test.describe('deadlines', () => {
  test.slow()

  test('the client sees the annual report with its fee, marks it filed, sets the formation date and gets a calendar address', async ({ page }) => {
    const year = thisYear()
    await loginAs(page, 'client2')
    // An earlier spec may have filed this year's report (ordering the Annual Report Filing add-on does):
    // the test starts from a report not filed.
    const session = await page.evaluate(() => JSON.parse(sessionStorage.getItem('session') ?? '{}') as { token: string; user: { clientId: number } })
    const unfiled = await page.request.delete(`/api/client/${session.user.clientId}/annual-reports/${year}/filed`, {
      headers: { authorization: `Bearer ${session.token}` },
    })
    expect([204, 404]).toContain(unfiled.status())
    await page.reload()
    const deadlines = page.getByRole('list', { name: 'Next deadlines' })
    const report = deadlines.getByTestId('deadline').filter({ hasText: `${year} Florida annual report` })
    await expect(report).toBeVisible()
    await expect(report).toContainText('State fee $150; $400 late fee after 01-May-')
    await expectAccessible(page)

    await report.getByRole('button', { name: `Mark ${year} report filed` }).click()
    await report.getByRole('button', { name: 'Save' }).click()
    await expect(deadlines.getByTestId('deadline').filter({ hasText: `${year + 1} Florida annual report` })).toContainText('Upcoming')
    await expect(report).toContainText('Done')

    await page.getByRole('button', { name: 'Set it' }).click()
    await page.getByLabel('Date of formation or registration').fill('2015-03-01')
    await page.getByRole('button', { name: 'Save' }).click()
    await expect(page.getByText('Date of formation: 01-Mar-2015')).toBeVisible()

    await page.getByRole('button', { name: 'Get a calendar address' }).click()
    const address = page.getByRole('textbox', { name: 'Calendar address' })
    await expect(address).toHaveValue(/\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/)
    const path = new URL(await address.inputValue()).pathname
    const feed = await page.request.get(path)
    expect(feed.status()).toBe(200)
    expect(feed.headers()['content-type']).toMatch(/^text\/calendar/)
    const text = await feed.text()
    expect(text).toContain('BEGIN:VCALENDAR')
    expect(text).toContain(`${year + 1} Florida annual report`)

    await page.getByRole('button', { name: 'Stop sharing the calendar' }).click()
    await expect(address).toBeHidden()
    await expect.poll(async () => (await page.request.get(path)).status()).toBe(404)
  })

  test("staff see every client's deadlines at risk and open a client's deadlines from there", async ({ page }) => {
    await loginAs(page, 'admin')
    await expect(page.getByText('Deadlines at risk')).toBeVisible()
    await expect(page.getByText(/across clients: late, due within 14 days, or service of process not acknowledged/)).toBeVisible()
    await expectAccessible(page)
    const first = page
      .getByRole('table')
      .filter({ has: page.getByRole('columnheader', { name: 'Why' }) })
      .getByRole('link')
      .first()
    const company = (await first.textContent()) ?? ''
    await first.click()
    await expect(page.getByRole('heading', { level: 1, name: company })).toBeVisible()
    await expect(page.getByRole('list', { name: 'Next deadlines' })).toBeVisible()
    await expect(page.getByText(/Date of formation:/)).toBeVisible()
  })

  test('staff upload a service of process with its date served and see the estimated answer date; the client acknowledges it and it leaves the list at risk', async ({
    page,
  }, testInfo) => {
    // Three sign-ins, an upload and a file opened.
    test.setTimeout(240_000)
    const company = 'Gulf Coast Ventures Inc'
    // Each attempt its own papers: received a day earlier on a retry, so its deadline is told apart.
    const received = addDays(providerToday(new Date()), -testInfo.retry)
    const served = addDays(received, -2)
    const due = estimatedAnswerDate(served, 2)!
    const title = `Answer to the service of process received ${formatDocumentDate(received)}`
    const file = `summons-${Date.now()}-${testInfo.retry}.pdf`

    await loginAs(page, 'clerk')
    await page.goto('/provider/documents/add')
    await page.getByRole('combobox', { name: 'Client' }).fill('Gulf Coast')
    await page.getByRole('option', { name: new RegExp(company) }).click()
    await page.getByRole('combobox', { name: 'Document Type' }).selectOption({ label: 'Service of Process' })
    await page
      .getByRole('radiogroup', { name: /Jurisdiction/ })
      .getByText('State')
      .click()
    await page.getByLabel('Date Received').fill(received)
    await page.getByLabel('Date Served').fill(served)
    await page.getByLabel('Choose files').setInputFiles([{ name: file, mimeType: 'application/pdf', buffer: pdf('Summons and complaint') }])
    await page.getByRole('button', { name: 'Upload', exact: true }).click()
    await expect(page.getByRole('region', { name: 'Uploads from this device' }).getByText('Sent', { exact: true })).toHaveCount(1, { timeout: 20_000 })

    // Staff see the estimated answer date on the documents list and in the document, labelled an estimate.
    await page.goto(`/provider/documents?q=${encodeURIComponent(file)}`)
    const table = page.getByRole('region', { name: 'Documents', exact: true })
    // (A search across every client's documents while the server reads the new one's words: it may take a while.)
    await expect(table.locator('tbody tr:not([data-skeleton])')).toHaveCount(1, { timeout: 30_000 })
    await expect(table.getByTestId('answer-due')).toHaveText(`Answer due ${formatDocumentDate(due)} (estimate: confirm with an attorney)`)
    await table.getByRole('button', { name: /^View / }).click()
    const viewer = page.getByRole('dialog')
    // (The viewer opens once the file is in.)
    await expect(viewer.getByText(`Answer due ${formatDocumentDate(due)} (estimate)`)).toBeVisible({ timeout: 20_000 })
    await expect(viewer).toContainText(`Estimated from the date served (${formatDocumentDate(served)})`)
    await expect(viewer).toContainText('Not yet acknowledged by the client.')
    await page.keyboard.press('Escape')
    await expect(viewer).toHaveCount(0)

    // Staff's list at risk has it, not acknowledged.
    await page.goto('/provider/dashboard')
    const atRisk = page
      .getByRole('table')
      .filter({ has: page.getByRole('columnheader', { name: 'Why' }) })
      .getByRole('row')
      .filter({ hasText: company })
      .filter({ hasText: title })
    await expect(atRisk).toHaveCount(1, { timeout: 20_000 })
    await expect(atRisk).toContainText('Not acknowledged')
    await expect(atRisk).toContainText(formatDocumentDate(due))
    await logOut(page)

    // The client sees it among the next deadlines with its countdown, and acknowledges it.
    await loginAs(page, 'client2')
    const deadline = page.getByRole('list', { name: 'Next deadlines' }).getByTestId('deadline').filter({ hasText: title })
    await expect(deadline).toBeVisible({ timeout: 20_000 })
    await expect(deadline).toContainText('(estimate: confirm with your attorney)')
    await expect(deadline).toContainText(`Due ${formatDocumentDate(due)}`)
    await expect(deadline).toContainText(/In \d+ days/)
    await expectAccessible(page, 'the dashboard with a service of process to acknowledge')
    await deadline.getByRole('button', { name: 'Acknowledge: we have it in hand' }).click()
    await expect(deadline.getByTestId('acknowledged')).toContainText('Acknowledged', { timeout: 15_000 })
    await expect(deadline.getByRole('button', { name: 'Acknowledge: we have it in hand' })).toHaveCount(0)
    // Read again from the server, it stays acknowledged.
    await page.reload()
    await expect(deadline.getByTestId('acknowledged')).toContainText('the reminders have stopped', { timeout: 20_000 })
    await logOut(page)

    // Staff's list at risk no longer has it.
    await loginAs(page, 'clerk')
    await expect(page.getByText(/across clients: late, due within 14 days/)).toBeVisible({ timeout: 20_000 })
    await expect(atRisk).toHaveCount(0)
  })
})
