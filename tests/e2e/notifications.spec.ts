import type { APIRequestContext, Page } from '@playwright/test'
import { DEMO, DEMO_PASSWORD, expect, expectAccessible, loginAs, test } from './fixtures'

/**
 * Notifications end to end on the real server: the top bar's bell (latest 5, unread count, 'View
 * More'), opening one (read at once, then its page), what staff see, the full list, and marking read
 * while offline (queued, sent once when the connection returns).
 *
 * Each test makes its own unread notification: the mailroom uploads a Bank Statement for Gulf Coast
 * Ventures Inc through the API (no other test uploads that type for that client).
 */

const TYPE = 'Bank Statement'
const MESSAGE = `New document received: ${TYPE}`

async function tokenOf(request: APIRequestContext, email: string): Promise<string> {
  const res = await request.post('/api/auth/login', { data: { email, password: DEMO_PASSWORD, remember: false } })
  expect(res.status()).toBe(200)
  return (await res.json()).token
}

/** The mailroom uploads a one-page PDF for Gulf Coast Ventures Inc; the server notifies the client. */
async function newDocumentForClient2(request: APIRequestContext): Promise<{ clientId: number; documentId: number }> {
  const token = await tokenOf(request, DEMO.clerk.email)
  const headers = { authorization: `Bearer ${token}` }
  const clients = await (await request.get('/api/client?q=Gulf%20Coast', { headers })).json()
  const clientId: number = clients.data[0].id
  const types: { id: number; name: string }[] = await (await request.get('/api/document-types', { headers })).json()
  const type = types.find((t) => t.name === TYPE)!
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(new Date())
  const res = await request.post(`/api/document/client/${clientId}`, {
    headers,
    multipart: {
      documentTypeId: String(type.id),
      jurisdiction: '3',
      dateReceived: today,
      file: { name: 'statement.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n') },
    },
  })
  expect(res.status()).toBe(201)
  return { clientId, documentId: (await res.json()).documents[0].id }
}

/** How many Bank Statement notifications of Gulf Coast Ventures Inc are unread, as the server says. */
async function unreadOnServer(request: APIRequestContext): Promise<number> {
  const token = await tokenOf(request, DEMO.client2.email)
  const page = await (await request.get('/api/system-notifications?unread=true&limit=100', { headers: { authorization: `Bearer ${token}` } })).json()
  return page.data.filter((n: { message: string }) => n.message === MESSAGE).length
}

/** Marks every notification of Gulf Coast Ventures Inc read, so a test starts from none unread. */
async function readAllOfClient2(request: APIRequestContext): Promise<void> {
  const token = await tokenOf(request, DEMO.client2.email)
  const res = await request.patch('/api/system-notifications/mark-all-read', { headers: { authorization: `Bearer ${token}` } })
  expect(res.status()).toBe(200)
}

function bell(page: Page) {
  return page.getByRole('banner').getByRole('button', { name: /^Notifications/ })
}

/** The bell's unread entries about a Bank Statement. */
function unreadEntry(page: Page) {
  return page.getByRole('group', { name: 'Latest notifications' }).getByRole('menuitem', { name: new RegExp(`^Unread: ${MESSAGE}`) })
}

test.describe.serial('notifications', () => {
  test("the bell shows the client's latest 5 with a 'View More' link, and opening one marks it read and opens the documents list narrowed to its document", async ({
    page,
    request,
  }) => {
    test.setTimeout(60_000)
    const { documentId } = await newDocumentForClient2(request)
    const unreadBefore = await unreadOnServer(request)
    await loginAs(page, 'client2')
    await expect(bell(page)).toHaveAccessibleName(/^Notifications, \d+ unread$/)

    await bell(page).click()
    const latest = page.getByRole('group', { name: 'Latest notifications' })
    const entries = latest.getByRole('menuitem')
    await expect(entries.first()).toBeVisible()
    expect(await entries.count()).toBeLessThanOrEqual(5)
    await expect(page.getByRole('menuitem', { name: 'View More' })).toHaveAttribute('href', '/notifications')
    await expectAccessible(page, 'notification bell open')

    // The document just uploaded, unread.
    const fresh = unreadEntry(page).first()
    await expect(fresh).toBeVisible()
    const patch = page.waitForRequest((r) => r.method() === 'PATCH' && /\/api\/system-notifications\/\d+\/mark-read$/.test(new URL(r.url()).pathname))
    await fresh.click()
    await patch
    await expect(page).toHaveURL(new RegExp(`/client/documents\\?document=${documentId}$`))
    await expect(page.getByRole('heading', { level: 1, name: 'Documents List' })).toBeVisible()
    await expect(page.getByText(`Showing one document: ${TYPE}.`)).toBeVisible()

    expect(await unreadOnServer(request)).toBe(unreadBefore - 1)
    await bell(page).click()
    await expect(
      page
        .getByRole('group', { name: 'Latest notifications' })
        .getByRole('menuitem', { name: new RegExp(`^${MESSAGE}`) })
        .first(),
    ).toBeVisible()
  })

  test("staff's bell shows what is for staff; a client's notice opened from the full list is read for that staff member only", async ({ page, request }) => {
    const { clientId } = await newDocumentForClient2(request)
    const clientUnread = await unreadOnServer(request)
    await loginAs(page, 'admin')
    await bell(page).click()
    const latest = page.getByRole('group', { name: 'Latest notifications' })
    await expect(latest.getByRole('menuitem').first()).toBeVisible()
    // Client notices stay out of the staff bell.
    await expect(latest.getByRole('menuitem', { name: new RegExp(MESSAGE) })).toHaveCount(0)
    await page.keyboard.press('Escape')

    await page.goto('/notifications')
    const list = page.getByRole('region', { name: 'Notification list' })
    const notice = list.getByRole('button', { name: new RegExp(`^Unread: ${MESSAGE}.*Gulf Coast Ventures Inc`) }).first()
    await expect(notice).toBeVisible()
    const marked = page.waitForRequest((r) => r.method() === 'PATCH' && r.url().includes('/mark-read'))
    await notice.click()
    await marked
    await expect(page).toHaveURL(new RegExp(`/provider/documents\\?clientId=${clientId}$`))
    await expect(page.getByText('Showing the documents of Gulf Coast Ventures Inc only.')).toBeVisible()
    // The client's unread mark is the client's own.
    expect(await unreadOnServer(request)).toBe(clientUnread)
  })

  test('View More opens the full list, which filters unread and marks all read', async ({ page, request }) => {
    await newDocumentForClient2(request)
    await loginAs(page, 'client2')
    await bell(page).click()
    await page.getByRole('menuitem', { name: 'View More' }).click()
    await expect(page).toHaveURL(/\/notifications$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Notifications' })).toBeVisible()
    const list = page.getByRole('region', { name: 'Notification list' })
    await expect(list.getByRole('button', { name: new RegExp(`^Unread: ${MESSAGE}`) }).first()).toBeVisible()

    await page.getByRole('group', { name: 'Show' }).getByRole('button', { name: 'Unread' }).click()
    await expect(page).toHaveURL(/show=unread/)
    await expect(list.getByRole('button').first()).toBeVisible()
    for (const entry of await list.getByRole('button').all()) await expect(entry).toHaveAccessibleName(/^Unread: /)

    await page.getByRole('button', { name: 'Mark all as read' }).click()
    await expect(list.getByText('No unread notifications')).toBeVisible()
    await expect(bell(page)).toHaveAccessibleName('Notifications')
  })
})

test.describe('notifications offline', () => {
  // With a service worker running, Chromium lifted the emulated offline state in the middle of this
  // test; the pages' code is loaded online first instead.
  test.use({ serviceWorkers: 'block' })

  test('marking read while offline is queued and sent once, with an Idempotency-Key, when back online', async ({ page, context, request }) => {
    test.setTimeout(60_000)
    // Exactly one unread notice about a Bank Statement, whatever earlier tests (or tries) left.
    await readAllOfClient2(request)
    await newDocumentForClient2(request)
    await loginAs(page, 'client2')
    // Online first, so the code of the documents page and of the bell's menu is loaded before the
    // connection goes (no service worker here to have saved it).
    await page.getByRole('link', { name: 'Documents List' }).first().click()
    await expect(page.getByRole('heading', { level: 1, name: 'Documents List' })).toBeVisible()
    await page.getByRole('link', { name: 'Dashboard' }).first().click()
    await expect(bell(page)).toHaveAccessibleName(/unread/)
    await bell(page).click()
    await expect(unreadEntry(page)).toHaveCount(1)
    await page.keyboard.press('Escape')
    await expect(page.getByRole('group', { name: 'Latest notifications' })).toHaveCount(0)

    // Calls the server answered (an attempt the network drops as it comes back is retried with the same key).
    const patches: (string | undefined)[] = []
    page.on('requestfinished', (r) => {
      if (r.method() === 'PATCH' && /\/api\/system-notifications\/\d+\/mark-read$/.test(new URL(r.url()).pathname)) patches.push(r.headers()['idempotency-key'])
    })

    await context.setOffline(true)
    await bell(page).click()
    await unreadEntry(page).click()
    await expect(page).toHaveURL(/\/client\/documents\?document=\d+$/)
    // Read at once on this device; nothing sent yet.
    await bell(page).click()
    await expect(page.getByRole('menuitem', { name: new RegExp(`^${MESSAGE}`) }).first()).toBeVisible()
    await expect(unreadEntry(page)).toHaveCount(0)
    await page.keyboard.press('Escape')
    expect(patches).toHaveLength(0)
    const waiting = page.getByRole('button', { name: /not sent yet/ })
    await expect(waiting).toHaveAccessibleName(/^1 change not sent yet/)

    await context.setOffline(false)
    await expect.poll(() => patches.length, { timeout: 15_000 }).toBe(1)
    expect(patches[0]).toMatch(/^mark-read-/)
    // Recorded as sent on this device (not only answered) before the page goes.
    await expect(waiting).toHaveCount(0)
    // The server has it: still read after a fresh load, and sent only once.
    await page.reload()
    await bell(page).click()
    await expect(page.getByRole('menuitem', { name: new RegExp(`^${MESSAGE}`) }).first()).toBeVisible()
    await expect(unreadEntry(page)).toHaveCount(0)
    expect(patches).toHaveLength(1)
  })
})
