import type { APIRequestContext, Page } from '@playwright/test'
import { DEMO, DEMO_PASSWORD, expect, loginAs, test } from './fixtures'

/**
 * A reload shows what was saved on the device at once, then what the server has now: the documents
 * list and the bell are fetched again on load instead of trusting saved data that is seconds old.
 */

/** The mailroom uploads a one-page PDF for Sunshine Holdings LLC; the server notifies the client. */
async function uploadForClient(request: APIRequestContext): Promise<void> {
  const login = await request.post('/api/auth/login', { data: { email: DEMO.clerk.email, password: DEMO_PASSWORD, remember: false } })
  expect(login.status()).toBe(200)
  const headers = { authorization: `Bearer ${(await login.json()).token}` }
  const clients = await (await request.get('/api/client?q=Sunshine', { headers })).json()
  const types: { id: number; name: string }[] = await (await request.get('/api/document-types', { headers })).json()
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(new Date())
  const res = await request.post(`/api/document/client/${clients.data[0].id}`, {
    headers,
    multipart: {
      documentTypeId: String(types.find((t) => t.name === 'Tax Notice')!.id),
      jurisdiction: '1',
      dateReceived: today,
      file: { name: 'reload-check.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n') },
    },
  })
  expect(res.status()).toBe(201)
}

/** The query cache as saved in IndexedDB (JSON text), or '' before the first save. */
function savedCache(page: Page): Promise<string> {
  return page.evaluate(
    () =>
      new Promise<string>((resolve) => {
        const open = indexedDB.open('keyval-store')
        open.onerror = () => resolve('')
        open.onupgradeneeded = () => open.result.createObjectStore('keyval')
        open.onsuccess = () => {
          const db = open.result
          if (!db.objectStoreNames.contains('keyval')) return resolve('')
          const request = db.transaction('keyval', 'readonly').objectStore('keyval').get('portal-query-cache')
          request.onsuccess = () => resolve(typeof request.result === 'string' ? request.result : '')
          request.onerror = () => resolve('')
        }
      }),
  )
}

const total = async (page: Page) => Number((await page.getByText(/^Showing \d+–\d+ of \d+$/).textContent())?.match(/of (\d+)$/)?.[1] ?? NaN)
const unread = async (page: Page) =>
  Number(
    (
      await page
        .getByRole('banner')
        .getByRole('button', { name: /^Notifications/ })
        .getAttribute('aria-label')
    )?.match(/(\d+) unread/)?.[1] ?? 0,
  )

test('a reload right after an upload shows the new document and the new unread count, not the saved ones', async ({ page, request }) => {
  test.setTimeout(60_000)
  await loginAs(page, 'client')
  await page.goto('/client/documents')
  await expect(page.getByText(/^Showing \d+–\d+ of \d+$/)).toBeVisible()
  await expect(page.getByRole('banner').getByRole('button', { name: /^Notifications/ })).toBeVisible()
  const documentsBefore = await total(page)
  // The bell has answered (its label carries the count once loaded) and both are saved on the device.
  await expect.poll(() => savedCache(page)).toContain(`"total":${documentsBefore}`)
  await expect.poll(() => savedCache(page)).toContain('unreadCount')
  const unreadBefore = await unread(page)

  await uploadForClient(request)
  const bellFetched = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/system-notifications', { timeout: 5_000 })
  await page.reload()
  // The saved list shows first; the server's answer replaces it well before any staleTime runs out.
  await bellFetched
  await expect.poll(() => total(page), { timeout: 5_000 }).toBeGreaterThan(documentsBefore)
  await expect.poll(() => unread(page), { timeout: 5_000 }).toBeGreaterThan(unreadBefore)
})
