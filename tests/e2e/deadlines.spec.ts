import { expectAccessible, expect, loginAs, test } from './fixtures'

/**
 * Deadlines in the PWA: the client's next deadlines with a countdown (marking the annual report
 * filed, the date of formation, the calendar address served as iCalendar until revoked), and staff's
 * deadlines at risk. The clock is the real one: the year is read from it.
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
})
