import type { APIRequestContext, Page } from '@playwright/test'
import { DEMO, DEMO_PASSWORD, expect, expectAppRendered, loginAs, test } from './fixtures'

/**
 * One login in two companies: the demo client's owner adds client2's login to Sunshine Holdings LLC as
 * a member; client2 switches company from the top bar, sees that company's documents and no Invoices,
 * and switches back. Each company's saved lists stay its own, online and offline: a document received
 * on a day of its own marks each company's list.
 */

const SUNSHINE = 'Sunshine Holdings LLC'
const GULF = 'Gulf Coast Ventures Inc'
/** The day received of each company's marker document (the earliest days the portal takes: no other spec uses them). */
const DAY = { sunshine: '2001-01-15', gulf: '2000-01-15' } as const
const PAGE_LOAD = 20_000

async function signIn(request: APIRequestContext, email: string): Promise<{ token: string; clientId: number | null }> {
  const res = await request.post('/api/auth/login', { data: { email, password: DEMO_PASSWORD, remember: false } })
  expect(res.status()).toBe(200)
  const body = await res.json()
  return { token: body.token, clientId: body.user.clientId ?? null }
}

function pdf(text: string): Buffer {
  return Buffer.from(`%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n% ${text}\ntrailer << /Root 1 0 R >>\n%%EOF\n`, 'latin1')
}

/** Makes sure the company has a document received on `day` (one is enough; a repeat adds none). */
async function markerDocument(request: APIRequestContext, clerkToken: string, clientId: number, day: string) {
  const auth = { authorization: `Bearer ${clerkToken}` }
  const existing = await request.get('/api/documents', {
    headers: auth,
    params: { clientId: String(clientId), receivedFrom: day, receivedTo: day, pageSize: '5' },
  })
  if (existing.ok() && ((await existing.json()).data?.length ?? 0) > 0) return
  const types: { id: number }[] = await (await request.get('/api/document-types', { headers: auth })).json()
  const res = await request.post(`/api/document/client/${clientId}`, {
    headers: auth,
    multipart: {
      documentTypeId: String(types[0].id),
      jurisdiction: '3',
      dateReceived: day,
      file: { name: `marker-${day}.pdf`, mimeType: 'application/pdf', buffer: pdf(day) },
    },
  })
  expect(res.status()).toBeLessThan(300)
}

/** The documents list, oldest first: the marker documents come first. */
async function openOldestDocuments(page: Page) {
  await page.goto('/client/documents?sort=dateReceived&order=asc')
  await expectAppRendered(page)
  await expect(page.getByRole('heading', { level: 1, name: 'Documents List' })).toBeVisible({ timeout: PAGE_LOAD })
}

/** The saved query cache of the current company, as IndexedDB holds it. */
function savedCache(page: Page): Promise<string> {
  return page.evaluate(
    () =>
      new Promise<string>((resolve) => {
        const open = indexedDB.open('keyval-store')
        open.onerror = () => resolve('')
        open.onsuccess = () => {
          if (!open.result.objectStoreNames.contains('keyval')) return resolve('')
          const request = open.result.transaction('keyval', 'readonly').objectStore('keyval').get('portal-query-cache')
          request.onsuccess = () => resolve(String(request.result ?? ''))
          request.onerror = () => resolve('')
        }
      }),
  )
}

/** Every key of the device's saved data (the saved caches of each company among them). */
function savedKeys(page: Page): Promise<string[]> {
  return page.evaluate(
    () =>
      new Promise<string[]>((resolve) => {
        const open = indexedDB.open('keyval-store')
        open.onerror = () => resolve([])
        open.onsuccess = () => {
          if (!open.result.objectStoreNames.contains('keyval')) return resolve([])
          const request = open.result.transaction('keyval', 'readonly').objectStore('keyval').getAllKeys()
          request.onsuccess = () => resolve(request.result.map(String))
          request.onerror = () => resolve([])
        }
      }),
  )
}

const rows = (page: Page) => page.getByRole('main').getByRole('row')

async function switchTo(page: Page, from: string, to: string) {
  await page.getByRole('button', { name: new RegExp(`Company: ${from}`) }).click()
  const menu = page.getByRole('menu', { name: 'Switch company' })
  await expect(menu.getByRole('menuitemradio', { name: new RegExp(from) })).toHaveAttribute('aria-checked', 'true')
  await menu.getByRole('menuitemradio', { name: new RegExp(to) }).click()
  await expect(page).toHaveURL(/\/client\/dashboard$/, { timeout: PAGE_LOAD })
  await expect(page.getByRole('button', { name: new RegExp(`Company: ${to}`) })).toBeVisible()
}

test.describe('one login, two companies', () => {
  test.beforeEach(async ({ request }) => {
    const owner = await signIn(request, DEMO.client.email)
    const other = await signIn(request, DEMO.client2.email)
    const clerk = await signIn(request, DEMO.clerk.email)
    await markerDocument(request, clerk.token, owner.clientId!, DAY.sunshine)
    await markerDocument(request, clerk.token, other.clientId!, DAY.gulf)
    // The owner adds client2's login as a member (already in the team on a repeat).
    const added = await request.post(`/api/client/${owner.clientId}/team`, {
      headers: { authorization: `Bearer ${owner.token}` },
      data: { email: DEMO.client2.email, firstName: 'Riley', lastName: 'Morgan', role: 'member' },
    })
    expect([201, 409]).toContain(added.status())
  })

  test('client2 switches company from the top bar; each company shows its own documents and menu, online and offline', async ({ page, context, request }) => {
    test.setTimeout(180_000)
    await loginAs(page, 'client2', { remember: true })
    await expect(page.getByRole('button', { name: new RegExp(`Company: ${GULF}`) })).toBeVisible({ timeout: PAGE_LOAD })
    const nav = page.getByRole('navigation', { name: 'Main' })
    await expect(nav.getByRole('link', { name: 'Invoices' })).toBeVisible()
    // The service worker controls the page once installed, so an offline start finds the shell.
    await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller)).catch(() => false), { timeout: 30_000 }).toBe(true)

    await openOldestDocuments(page)
    await expect(rows(page).filter({ hasText: '2000' }).first()).toBeVisible({ timeout: PAGE_LOAD })
    await expect(rows(page).filter({ hasText: '2001' })).toHaveCount(0)
    await expect.poll(() => savedCache(page), { timeout: 15_000 }).toContain(DAY.gulf)

    // Into Sunshine Holdings, as a member: its documents, no Invoices or Add-Ons.
    await switchTo(page, GULF, SUNSHINE)
    await expect(nav.getByRole('link', { name: 'Documents List' })).toBeVisible()
    await expect(nav.getByRole('link', { name: 'Invoices' })).toHaveCount(0)
    await expect(nav.getByRole('link', { name: 'Add-Ons' })).toHaveCount(0)
    await openOldestDocuments(page)
    await expect(rows(page).filter({ hasText: '2001' }).first()).toBeVisible({ timeout: PAGE_LOAD })
    await expect(rows(page).filter({ hasText: '2000' })).toHaveCount(0)
    await expect.poll(() => savedCache(page), { timeout: 15_000 }).toContain(DAY.sunshine)
    expect(await savedCache(page)).not.toContain(DAY.gulf)
    // Reached by its address, a page of another role says so plainly.
    await page.goto('/client/invoices')
    await expect(page.getByRole('heading', { level: 1, name: 'Your role in this company does not include this' })).toBeVisible({ timeout: PAGE_LOAD })

    // Offline, a fresh start shows Sunshine's saved list, never Gulf Coast's.
    await context.setOffline(true)
    try {
      const offline = await context.newPage()
      await openOldestDocuments(offline)
      await expect(rows(offline).filter({ hasText: '2001' }).first()).toBeVisible({ timeout: PAGE_LOAD })
      await expect(rows(offline).filter({ hasText: '2000' })).toHaveCount(0)
      await offline.close()
    } finally {
      await context.setOffline(false)
    }

    // Back to Gulf Coast: its saved list again (shown from the device, then from the server), and its menu.
    await page.goto('/client/dashboard')
    await expectAppRendered(page)
    await switchTo(page, SUNSHINE, GULF)
    await expect(nav.getByRole('link', { name: 'Invoices' })).toBeVisible()
    await openOldestDocuments(page)
    await expect(rows(page).filter({ hasText: '2000' }).first()).toBeVisible({ timeout: PAGE_LOAD })
    await expect(rows(page).filter({ hasText: '2001' })).toHaveCount(0)
    await expect.poll(() => savedCache(page), { timeout: 15_000 }).toContain(DAY.gulf)
    expect(await savedCache(page)).not.toContain(DAY.sunshine)

    await context.setOffline(true)
    try {
      const offline = await context.newPage()
      await openOldestDocuments(offline)
      await expect(rows(offline).filter({ hasText: '2000' }).first()).toBeVisible({ timeout: PAGE_LOAD })
      await expect(rows(offline).filter({ hasText: '2001' })).toHaveCount(0)
      await offline.close()
    } finally {
      await context.setOffline(false)
    }

    // Sunshine's list waits on the device for the next switch back, until the owner removes client2:
    // the next start forgets it, and the switcher offers no other company.
    const owner = await signIn(request, DEMO.client.email)
    const sunshineCache = new RegExp(`^portal-query-cache:.*:client:${owner.clientId}$`)
    await expect.poll(async () => (await savedKeys(page)).filter((key) => sunshineCache.test(key)), { timeout: 15_000 }).toHaveLength(1)
    const auth = { authorization: `Bearer ${owner.token}` }
    const team: { data: { userId: number; email: string }[] } = await (await request.get(`/api/client/${owner.clientId}/team`, { headers: auth })).json()
    const member = team.data.find((person) => person.email === DEMO.client2.email)!
    expect((await request.delete(`/api/client/${owner.clientId}/team/${member.userId}`, { headers: auth })).status()).toBeLessThan(300)
    await page.reload()
    await expectAppRendered(page)
    await expect.poll(async () => (await savedKeys(page)).filter((key) => sunshineCache.test(key)), { timeout: 15_000 }).toEqual([])
    await expect(page.getByRole('button', { name: new RegExp(`Company: ${GULF}`) })).toHaveCount(0)
    await expect(page.getByRole('banner').getByText(GULF)).toBeVisible()
  })

  test("a notification's address opens its page in the notice's company, switching first", async ({ page, request }) => {
    test.setTimeout(90_000)
    const owner = await signIn(request, DEMO.client.email)
    await loginAs(page, 'client2')
    await expect(page.getByRole('button', { name: new RegExp(`Company: ${GULF}`) })).toBeVisible({ timeout: PAGE_LOAD })

    // What a push about Sunshine's new mail opens.
    await page.goto(`/client/documents?company=${owner.clientId}`)
    await expect(page).toHaveURL(/\/client\/documents$/, { timeout: PAGE_LOAD })
    await expect(page.getByRole('button', { name: new RegExp(`Company: ${SUNSHINE}`) })).toBeVisible({ timeout: PAGE_LOAD })
    const session = await page.evaluate(
      () => JSON.parse(sessionStorage.getItem('session') ?? localStorage.getItem('session') ?? '{}') as { user: { clientId: number } },
    )
    expect(session.user.clientId).toBe(owner.clientId)

    // A company the person is not in: the page opens in the current one and says why.
    await page.goto('/client/documents?company=999999')
    await expect(page).toHaveURL(/\/client\/documents$/, { timeout: PAGE_LOAD })
    await expect(page.getByRole('button', { name: new RegExp(`Company: ${SUNSHINE}`) })).toBeVisible()
    await expect(page.getByText('You do not belong to this company')).toBeVisible()
  })
})
