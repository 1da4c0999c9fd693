import { chromium, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { chromiumArgs } from '../../playwright.config'
import { DEMO, DEMO_PASSWORD, expect, loginAs, test } from './fixtures'

/**
 * The offline suite: browsers with a profile on disk (persistent contexts), so a reload and a browser
 * restart are real. Changes made offline (20 scans on a tablet, 3 mail requests, 2 mark-reads) survive
 * both and reach the server exactly once when the connection returns; a scan whose last answer was lost
 * is found complete, not copied; a refusal is shown, not dropped. A shared device keeps nothing of a user who logged
 * out (even offline) or whose session ended; a page never opened says so at once offline; photos of a
 * multi-page letter become one PDF.
 */

const RUN = `offline-${Date.now().toString(36)}`
const TABLET = { width: 1024, height: 768 }

/** A small one-page PDF whose text names it (the server recognises files by their first bytes). */
function pdf(text: string): Buffer {
  return Buffer.from(`%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n% ${text}\ntrailer << /Root 1 0 R >>\n%%EOF\n`, 'latin1')
}

/** A JPEG's markers (start, a baseline frame of the given size, end): enough to become a PDF page. */
function jpeg(width: number, height: number): Buffer {
  return Buffer.from([
    0xff,
    0xd8,
    0xff,
    0xc0,
    0x00,
    0x11,
    0x08,
    height >> 8,
    height & 0xff,
    width >> 8,
    width & 0xff,
    0x03,
    1,
    0x22,
    0,
    2,
    0x11,
    1,
    3,
    0x11,
    1,
    0xff,
    0xd9,
  ])
}

async function tokenOf(request: APIRequestContext, email: string): Promise<string> {
  const res = await request.post('/api/auth/login', { data: { email, password: DEMO_PASSWORD, remember: false } })
  expect(res.status()).toBe(200)
  return (await res.json()).token
}

async function clientIdOf(request: APIRequestContext, token: string, company: string): Promise<number> {
  const clients = await (await request.get(`/api/client?q=${encodeURIComponent(company)}`, { headers: { authorization: `Bearer ${token}` } })).json()
  return clients.data[0].id
}

/** A browser with its profile on disk; `restart` closes it and opens the same profile again. */
class Device {
  context!: BrowserContext
  readonly dir = mkdtempSync(path.join(tmpdir(), 'portal-offline-'))
  constructor(private readonly baseURL: string) {}

  async open(options: { offline?: boolean } = {}): Promise<Page> {
    this.context = await chromium.launchPersistentContext(this.dir, {
      executablePath: process.env.CHROME_PATH,
      args: chromiumArgs,
      baseURL: this.baseURL,
      viewport: TABLET,
      offline: options.offline ?? false,
    })
    this.context.on('weberror', (error) => {
      throw error.error()
    })
    return this.context.pages()[0] ?? this.context.newPage()
  }

  async restart(options: { offline?: boolean } = {}): Promise<Page> {
    await this.context.close()
    return this.open(options)
  }

  async close(): Promise<void> {
    await this.context?.close().catch(() => undefined)
    rmSync(this.dir, { recursive: true, force: true })
  }
}

async function waitForServiceWorker(page: Page) {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready
    if (navigator.serviceWorker.controller) return
    await new Promise<void>((resolve) => navigator.serviceWorker.addEventListener('controllerchange', () => resolve(), { once: true }))
  })
}

/** Everything of a user the device could still hold: IndexedDB records, Cache Storage, the HTTP cache. */
async function leftovers(page: Page, fileUrl: string) {
  return page.evaluate(async (url) => {
    const databases = await indexedDB.databases()
    const records: string[] = []
    for (const { name } of databases) {
      if (!name) continue
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open(name)
        open.onsuccess = () => resolve(open.result)
        open.onerror = () => reject(open.error)
      })
      for (const store of Array.from(db.objectStoreNames)) {
        const keys = await new Promise<IDBValidKey[]>((resolve) => {
          const request = db.transaction(store, 'readonly').objectStore(store).getAllKeys()
          request.onsuccess = () => resolve(request.result)
          request.onerror = () => resolve([])
        })
        records.push(...keys.map((key) => `${name}/${store}/${String(key)}`))
      }
      db.close()
    }
    const cacheNames = (await caches.keys()).filter((cacheName) => !cacheName.startsWith('workbox-precache'))
    let httpCache: string
    try {
      const res = await fetch(url, { cache: 'only-if-cached', mode: 'same-origin' })
      httpCache = res.ok ? 'cached' : 'none'
    } catch {
      httpCache = 'none'
    }
    return { records, cacheNames, httpCache, session: localStorage.getItem('session') ?? sessionStorage.getItem('session') }
  }, fileUrl)
}

test.describe('offline that never loses work', () => {
  test.describe.configure({ mode: 'serial' })

  test('20 scans queued offline on a tablet survive a reload and a restart and reach the server once each; a refusal is shown, not dropped', async ({
    baseURL,
    request,
  }) => {
    test.setTimeout(180_000)
    const device = new Device(baseURL!)
    try {
      let page = await device.open()
      await loginAs(page, 'clerk', { remember: true })
      await waitForServiceWorker(page)
      await page.goto('/provider/documents/add')
      await expect(page.getByRole('heading', { level: 1, name: 'Upload Documents' })).toBeVisible()
      await page.getByRole('combobox', { name: 'Client' }).fill('Gulf')
      await page.getByRole('option', { name: /Gulf Coast Ventures Inc/ }).click()
      await page.getByRole('combobox', { name: 'Document Type' }).selectOption({ label: 'General Mail' })
      await page
        .getByRole('radiogroup', { name: /Jurisdiction/ })
        .getByText('Private')
        .click()

      await device.context.setOffline(true)
      const scans = Array.from({ length: 20 }, (_, index) => ({
        name: `${RUN}-scan-${String(index + 1).padStart(2, '0')}.pdf`,
        mimeType: 'application/pdf',
        buffer: pdf(`${RUN} ${index}`),
      }))
      // Named like a PDF, but not one: the server refuses it (415).
      const refused = { name: `${RUN}-not-a-pdf.pdf`, mimeType: 'application/pdf', buffer: Buffer.from('just some text, not a scan') }
      await page.getByLabel('Choose files').setInputFiles([...scans.slice(0, 10), refused, ...scans.slice(10)])
      await page.getByRole('button', { name: 'Upload 21 documents' }).click()
      await expect(page.getByText('21 documents for Gulf Coast Ventures Inc saved on this device', { exact: true })).toBeVisible()
      const outbox = () => page.getByRole('region', { name: 'Uploads from this device' })
      await expect(outbox().getByText('Waiting to send', { exact: true })).toHaveCount(21)
      await expect(page.getByRole('button', { name: /21 changes not sent yet/ })).toBeVisible()

      await page.reload()
      await expect(outbox().getByText('Waiting to send', { exact: true })).toHaveCount(21)

      page = await device.restart({ offline: true })
      await page.goto('/provider/documents/add')
      // All 21 are still on the device. (The browser may wake the service worker's Background Sync as it
      // starts, before the test's offline emulation reaches the worker: some may already be on their way.)
      await expect(outbox().getByRole('listitem')).toHaveCount(21)

      await device.context.setOffline(false)
      await expect(outbox().getByText('Sent', { exact: true })).toHaveCount(20, { timeout: 60_000 })
      const refusedRow = outbox().getByRole('listitem', { name: new RegExp(`${RUN}-not-a-pdf`) })
      await expect(refusedRow.getByText('Not sent', { exact: true })).toBeVisible()
      await expect(refusedRow.getByRole('alert')).toContainText(/not a PDF, JPEG, PNG or TIFF/i)
      // A 4xx is not retried as is: Remove only.
      await expect(refusedRow.getByRole('button', { name: /^Retry/ })).toHaveCount(0)
      await expect(refusedRow.getByRole('button', { name: /^Remove/ })).toBeVisible()

      // Exactly 20 documents on the server, each once.
      const admin = await tokenOf(request, DEMO.admin.email)
      const clientId = await clientIdOf(request, admin, 'Gulf Coast')
      const list = await (
        await request.get(`/api/documents?clientId=${clientId}&q=${RUN}-scan&pageSize=100`, { headers: { authorization: `Bearer ${admin}` } })
      ).json()
      expect(list.total).toBe(20)
      expect(new Set(list.data.map((document: { id: number }) => document.id)).size).toBe(20)
    } finally {
      await device.close()
    }
  })

  test('a scan whose last answer is lost on the way back is completed once, not stored twice', async ({ page, context, request }) => {
    await loginAs(page, 'clerk')
    await page.goto('/provider/documents/add')
    await page.getByRole('combobox', { name: 'Client' }).fill('Gulf')
    await page.getByRole('option', { name: /Gulf Coast Ventures Inc/ }).click()
    await page.getByRole('combobox', { name: 'Document Type' }).selectOption({ label: 'General Mail' })
    await page
      .getByRole('radiogroup', { name: /Jurisdiction/ })
      .getByText('Private')
      .click()
    const name = `${RUN}-lost-answer.pdf`
    await page.getByLabel('Choose files').setInputFiles({ name, mimeType: 'application/pdf', buffer: pdf('lost answer') })
    // The server receives the whole file and makes the document; the last answer never reaches the tablet.
    const requests: string[] = []
    let lost = false
    await context.route('**/api/uploads/*', async (route) => {
      requests.push(route.request().method())
      if (route.request().method() !== 'PATCH' || lost) return route.continue()
      lost = true
      await route.fetch()
      await route.abort('connectionreset')
    })
    await page.getByRole('button', { name: 'Upload', exact: true }).click()
    await expect(page.getByRole('region', { name: 'Uploads from this device' }).getByText('Sent', { exact: true })).toHaveCount(1, { timeout: 20_000 })
    // The tablet asks where the upload stands, hears it is complete, and sends nothing again.
    expect(requests).toEqual(['PATCH', 'HEAD'])
    const admin = await tokenOf(request, DEMO.admin.email)
    const list = await (await request.get(`/api/documents?q=${RUN}-lost-answer&pageSize=10`, { headers: { authorization: `Bearer ${admin}` } })).json()
    expect(list.total).toBe(1)
  })

  test('3 mail requests and 2 mark-reads made offline survive a reload and a restart and are sent once each', async ({ baseURL, request }) => {
    test.setTimeout(150_000)
    // Three new documents for Gulf Coast Ventures Inc: requestable, and each one unread notification.
    const clerk = await tokenOf(request, DEMO.clerk.email)
    const clientId = await clientIdOf(request, clerk, 'Gulf Coast')
    const types: { id: number; name: string }[] = await (await request.get('/api/document-types', { headers: { authorization: `Bearer ${clerk}` } })).json()
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(new Date())
    for (const index of [1, 2, 3]) {
      const res = await request.post(`/api/document/client/${clientId}`, {
        headers: { authorization: `Bearer ${clerk}` },
        multipart: {
          documentTypeId: String(types[0].id),
          jurisdiction: '3',
          dateReceived: today,
          file: { name: `${RUN}-mail-${index}.pdf`, mimeType: 'application/pdf', buffer: pdf(`mail ${index}`) },
        },
      })
      expect(res.status()).toBe(201)
    }
    const client = await tokenOf(request, DEMO.client2.email)
    const requestsBefore = (await (await request.get('/api/client/document-requests?pageSize=100', { headers: { authorization: `Bearer ${client}` } })).json())
      .total as number
    const unreadBefore = (
      await (await request.get('/api/system-notifications?unread=true&limit=100', { headers: { authorization: `Bearer ${client}` } })).json()
    ).unreadCount as number

    const device = new Device(baseURL!)
    try {
      let page = await device.open()
      await loginAs(page, 'client2', { remember: true })
      await waitForServiceWorker(page)
      // Online first, so the pages' code and data are on the device.
      await page.goto('/client/document-request')
      const documents = page.getByRole('region', { name: 'Documents to mail' })
      await expect(documents.getByRole('checkbox').nth(2)).toBeVisible()
      await expect(page.getByRole('textbox', { name: 'City' })).not.toHaveValue('')
      await page.goto('/client/requested-documents')
      await expect(page.getByRole('heading', { level: 1, name: 'Requested Documents' })).toBeVisible()
      await page.goto('/client/documents')
      await expect(page.getByRole('heading', { level: 1, name: 'Documents List' })).toBeVisible()

      await device.context.setOffline(true)
      for (const index of [0, 1, 2]) {
        await page.goto('/client/document-request')
        await documents.locator('[data-part="control"]').nth(index).click()
        await page.getByRole('button', { name: 'Request by mail' }).click()
        await expect(page).toHaveURL(/\/client\/requested-documents$/)
      }
      const saved = () => page.getByRole('region', { name: 'Requests saved on this device' })
      await expect(saved().getByText('Waiting to send', { exact: true })).toHaveCount(3)
      const bell = page.getByRole('button', { name: /^Notifications/ })
      for (let read = 0; read < 2; read++) {
        await bell.click()
        await page
          .getByRole('menuitem', { name: /Unread:/ })
          .first()
          .click()
        await expect(page).toHaveURL(/\/client\/documents\?document=\d+$/)
      }
      await expect(page.getByRole('button', { name: /5 changes not sent yet/ })).toBeVisible()

      await page.reload()
      await expect(page.getByRole('button', { name: /5 changes not sent yet/ })).toBeVisible()
      page = await device.restart({ offline: true })
      await page.goto('/client/requested-documents')
      // All three are still on the device (the worker's Background Sync may start on them as the browser starts).
      await expect(saved().getByRole('listitem')).toHaveCount(3)

      await device.context.setOffline(false)
      await expect(saved().getByText('Sent', { exact: true })).toHaveCount(3, { timeout: 30_000 })
      await expect(page.getByRole('button', { name: /changes not sent yet/ })).toHaveCount(0)
      const requestsAfter = (await (await request.get('/api/client/document-requests?pageSize=100', { headers: { authorization: `Bearer ${client}` } })).json())
        .total as number
      expect(requestsAfter - requestsBefore).toBe(3)
      const unreadAfter = (
        await (await request.get('/api/system-notifications?unread=true&limit=100', { headers: { authorization: `Bearer ${client}` } })).json()
      ).unreadCount as number
      expect(unreadBefore - unreadAfter).toBe(2)
    } finally {
      await device.close()
    }
  })

  test('log out offline: back online the old refresh cookie gets 401, and nothing of the user is left on the device', async ({ baseURL, request }) => {
    test.setTimeout(90_000)
    const device = new Device(baseURL!)
    try {
      const page = await device.open()
      await loginAs(page, 'client', { remember: true })
      await waitForServiceWorker(page)
      // Open a document, so its file is kept for offline reading.
      await page.goto('/client/documents')
      const fileRequest = page.waitForResponse((res) => /\/api\/document\/\d+/.test(new URL(res.url()).pathname) && res.status() === 200)
      await page.getByRole('button', { name: /^View/ }).first().click()
      const fileUrl = new URL((await fileRequest).url()).pathname
      await expect.poll(async () => (await leftovers(page, fileUrl)).cacheNames.length).toBeGreaterThan(0)
      // Closed with its button: once the PDF has loaded, the keyboard belongs to the viewer's frame.
      const viewer = page.getByRole('dialog')
      await viewer.getByRole('button', { name: 'Close' }).first().click()
      await expect(viewer).toBeHidden()
      const cookie = (await device.context.cookies()).find((candidate) => candidate.name === 'portal_refresh')!
      expect(cookie).toBeTruthy()

      await device.context.setOffline(true)
      await page.getByRole('button', { name: /Account menu/ }).click()
      await page.getByRole('menuitem', { name: 'Log Out' }).click()
      await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible()
      await device.context.setOffline(false)
      // The app tells the server at its first contact.
      await expect.poll(() => page.evaluate(() => localStorage.getItem('portal-signed-out')), { timeout: 15_000 }).toBeNull()
      const refresh = await request.post('/api/auth/refresh', { headers: { cookie: `portal_refresh=${cookie.value}` } })
      expect(refresh.status()).toBe(401)

      const left = await leftovers(page, fileUrl)
      expect(left).toEqual({ records: [], cacheNames: [], httpCache: 'none', session: null })
    } finally {
      await device.close()
    }
  })

  test('a session ended without "Keep me signed in" leaves nothing of the user for the next start', async ({ baseURL }) => {
    test.setTimeout(90_000)
    const device = new Device(baseURL!)
    try {
      let page = await device.open()
      await loginAs(page, 'client')
      await waitForServiceWorker(page)
      await page.goto('/client/documents')
      const fileRequest = page.waitForResponse((res) => /\/api\/document\/\d+/.test(new URL(res.url()).pathname) && res.status() === 200)
      await page.getByRole('button', { name: /^View/ }).first().click()
      const fileUrl = new URL((await fileRequest).url()).pathname
      await expect.poll(async () => (await leftovers(page, fileUrl)).cacheNames.length).toBeGreaterThan(0)
      // Closing the browser ends a session not kept on the device.
      page = await device.restart()
      await page.goto('/')
      await expect(page.getByRole('heading', { level: 1, name: 'Sign in' })).toBeVisible()
      await expect.poll(async () => leftovers(page, fileUrl), { timeout: 10_000 }).toEqual({ records: [], cacheNames: [], httpCache: 'none', session: null })
    } finally {
      await device.close()
    }
  })

  test('signed-in pages never opened on this device say "not saved on this device yet" within 2 s offline', async ({ page, context }) => {
    await loginAs(page, 'client', { remember: true })
    await waitForServiceWorker(page)
    const clientId = await page.evaluate(() => JSON.parse(sessionStorage.getItem('session')!).user.clientId as number)
    await context.setOffline(true)
    for (const route of [
      `/client/profile/${clientId}`,
      '/client/document-progress/1',
      '/client/document-request',
      '/client/invoices/1',
      '/client/requested-documents',
      '/client/invoices',
      '/notifications',
    ]) {
      await page.goto(route)
      await expect(page.getByText(/Not saved on this device yet/).first(), route).toBeVisible({ timeout: 2_000 })
    }
  })

  test('three photos of one letter become one three-page PDF document', async ({ page, request }) => {
    await loginAs(page, 'clerk')
    await page.goto('/provider/documents/add')
    await page.getByRole('combobox', { name: 'Client' }).fill('Sunshine')
    await page.getByRole('option', { name: /Sunshine Holdings LLC/ }).click()
    await page.getByRole('combobox', { name: 'Document Type' }).selectOption({ label: 'General Mail' })
    await page
      .getByRole('radiogroup', { name: /Jurisdiction/ })
      .getByText('Private')
      .click()
    await page
      .getByLabel('Choose files')
      .setInputFiles([1, 2, 3].map((index) => ({ name: `${RUN}-page-${index}.jpg`, mimeType: 'image/jpeg', buffer: jpeg(800 + index, 1000) })))
    await page.getByRole('radiogroup', { name: 'Photos' }).getByText('One document:').click()
    const pages = page.getByRole('list', { name: 'Files and pages to upload' })
    await expect(pages.getByText(/^Page \d:/)).toHaveCount(3)
    // Reorder: the third photo becomes page 1.
    await pages.getByRole('button', { name: 'Move page 3 earlier' }).click()
    await pages.getByRole('button', { name: 'Move page 2 earlier' }).click()
    await expect(pages.getByText(/^Page 1:/)).toHaveText(`Page 1: ${RUN}-page-3.jpg`)
    await page.getByRole('button', { name: 'Upload', exact: true }).click()
    const outbox = page.getByRole('region', { name: 'Uploads from this device' })
    await expect(outbox.getByText('Sent', { exact: true })).toHaveCount(1)

    const result = await page.evaluate(async () => {
      const db = await new Promise<IDBDatabase>((resolve) => {
        const open = indexedDB.open('portal-outbox')
        open.onsuccess = () => resolve(open.result)
      })
      const entries = await new Promise<{ result: { documentId: number } }[]>((resolve) => {
        const all = db.transaction('entries', 'readonly').objectStore('entries').getAll()
        all.onsuccess = () => resolve(all.result)
      })
      db.close()
      return entries.map((entry) => entry.result.documentId)
    })
    expect(result).toHaveLength(1)
    const admin = await tokenOf(request, DEMO.admin.email)
    const file = await request.get(`/api/document/${result[0]}`, { headers: { authorization: `Bearer ${admin}` } })
    expect(file.headers()['content-type']).toBe('application/pdf')
    expect(file.headers()['cache-control']).toBe('no-store')
    const body = (await file.body()).toString('latin1')
    expect(body).toContain('/Count 3')
    expect(body.match(/\/Type \/Page\b/g)).toHaveLength(3)
    // Page order: the reordered photo (width 803) is the first image.
    expect([...body.matchAll(/\/Subtype \/Image \/Width (\d+)/g)].map((match) => Number(match[1]))).toEqual([803, 801, 802])
  })
})
