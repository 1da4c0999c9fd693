import { DEMO, DEMO_PASSWORD, expect, loginAs, test } from './fixtures'

/** The documents list opens sorted by Date Received, newest first, even when scans arrive out of order. */

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']
/** '21-Nov-2026' as a sortable number. */
const dayNumber = (text: string) => {
  const [day, month, year] = text.trim().split('-')
  return Number(year) * 10_000 + (MONTHS.indexOf(month) + 1) * 100 + Number(day)
}

test('a scan of older mail uploaded last does not come first: the list defaults to Date Received, newest first', async ({ page, request }) => {
  test.setTimeout(60_000)
  const login = await request.post('/api/auth/login', { data: { email: DEMO.clerk.email, password: DEMO_PASSWORD, remember: false } })
  const headers = { authorization: `Bearer ${(await login.json()).token}` }
  const clients = await (await request.get('/api/client?q=Gulf%20Coast', { headers })).json()
  const types: { id: number; name: string }[] = await (await request.get('/api/document-types', { headers })).json()
  const weeksAgo = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(new Date(Date.now() - 15 * 86_400_000))
  const res = await request.post(`/api/document/client/${clients.data[0].id}`, {
    headers,
    multipart: {
      documentTypeId: String(types.find((t) => t.name === 'General Mail')!.id),
      jurisdiction: '3',
      dateReceived: weeksAgo,
      file: { name: 'late-scan.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n') },
    },
  })
  expect(res.status()).toBe(201)

  await loginAs(page, 'client2')
  await page.goto('/client/documents')
  const table = page.getByRole('table', { name: 'Documents' })
  await expect(table.getByRole('columnheader', { name: /Date Received/ })).toHaveAttribute('aria-sort', 'descending')
  const firstCells = table.locator('tbody tr td[data-select] + td') // the cell after the row's tick box
  await expect(firstCells.first()).toHaveText(/^\d{2}-[A-Z][a-z]{2}-\d{4}$/)
  const dates = (await firstCells.allTextContents()).map(dayNumber)
  expect(dates.length).toBeGreaterThan(2)
  expect(dates).toEqual([...dates].sort((a, b) => b - a))

  // One click on the header: oldest first.
  await table.getByRole('button', { name: /Date Received/ }).click()
  await expect(page).toHaveURL(/sort=dateReceived/)
  await expect(page).toHaveURL(/order=asc/)
  await expect(table.getByRole('columnheader', { name: /Date Received/ })).toHaveAttribute('aria-sort', 'ascending')
})
