import type { APIRequestContext } from '@playwright/test'
import { DEMO, DEMO_PASSWORD, expect, expectAppRendered, loginAs, test } from './fixtures'
import { pdf } from './pdf'

/**
 * The address book and mail handling end to end: the client saves an address while requesting a
 * document by mail (one submit), requests another document picking that saved address, finds it in the
 * address book on its profile, and switches its mail handling to envelope first, kept after a reload.
 */

const RUN = `e2e-${Date.now().toString(36)}`
const LABEL = `Beach house ${RUN}`
/** A page's first load, its scripts included, on a busy machine. */
const PAGE_LOAD = 20_000

async function signIn(request: APIRequestContext, email: string): Promise<{ token: string; clientId: number | null }> {
  const res = await request.post('/api/auth/login', { data: { email, password: DEMO_PASSWORD, remember: false } })
  expect(res.status()).toBe(200)
  const body = await res.json()
  return { token: body.token, clientId: body.user.clientId ?? null }
}

test('a client saves an address with a mail request, mails another document to it, and switches to envelope first', async ({ page, request }) => {
  test.setTimeout(180_000)
  const clerk = await signIn(request, DEMO.clerk.email)
  const client = await signIn(request, DEMO.client.email)
  const clientId = client.clientId!
  const types: { id: number }[] = await (await request.get('/api/document-types', { headers: { authorization: `Bearer ${clerk.token}` } })).json()
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(new Date())
  const uploaded: number[] = []
  for (const index of [1, 2]) {
    const res = await request.post(`/api/document/client/${clientId}`, {
      headers: { authorization: `Bearer ${clerk.token}` },
      multipart: {
        documentTypeId: String(types[0].id),
        jurisdiction: '3',
        dateReceived: today,
        file: { name: `${RUN}-${index}.pdf`, mimeType: 'application/pdf', buffer: pdf(`address book ${index}`) },
      },
    })
    expect(res.status()).toBe(201)
    uploaded.push((await res.json()).documents[0].id)
  }
  const asClient = { authorization: `Bearer ${client.token}` }
  const requestOf = async (url: string) => (await request.get(`/api/document-request/${url.split('/').pop()}`, { headers: asClient })).json()

  // 1. A new address, saved with the request.
  await loginAs(page, 'client')
  await page.goto(`/client/document-request?documentId=${uploaded[0]}`)
  await expect(page.getByRole('heading', { level: 1, name: 'Request a Document' })).toBeVisible({ timeout: PAGE_LOAD })
  await expectAppRendered(page)
  await expect(page.getByRole('region', { name: 'Documents to mail' }).getByRole('checkbox', { checked: true })).toHaveCount(1)
  await page.getByRole('textbox', { name: 'Recipient Name' }).fill('Attn: Legal')
  await page.getByRole('textbox', { name: 'Address', exact: true }).fill('9 Ocean Dr')
  await page.getByRole('textbox', { name: 'City' }).fill('Key West')
  await page.getByRole('textbox', { name: 'State' }).fill('FL')
  await page.getByRole('textbox', { name: 'Postal/Zip Code' }).fill('33040')
  await page.getByText('Save this address', { exact: true }).click()
  await expect(page.getByRole('checkbox', { name: /Save this address/ })).toBeChecked()
  await page.getByRole('textbox', { name: 'Label' }).fill(LABEL)
  await page.getByRole('button', { name: 'Request by mail' }).click()
  await expect(page).toHaveURL(/\/client\/document-progress\/\d+$/, { timeout: PAGE_LOAD })
  expect(await requestOf(page.url())).toMatchObject({
    documentId: uploaded[0],
    recipientName: 'Attn: Legal',
    address: '9 Ocean Dr',
    city: 'Key West',
    zipcode: '33040',
  })
  const book = await (await request.get(`/api/client/${clientId}/addresses`, { headers: asClient })).json()
  expect(book.filter((address: { label: string }) => address.label === LABEL)).toHaveLength(1)

  // 2. The next request picks the saved address.
  await page.goto(`/client/document-request?documentId=${uploaded[1]}`)
  await expect(page.getByRole('heading', { level: 1, name: 'Request a Document' })).toBeVisible({ timeout: PAGE_LOAD })
  await expectAppRendered(page)
  // The form starts from the profile address; the saved one is a choice away.
  await expect(page.getByRole('textbox', { name: 'Address', exact: true })).not.toHaveValue('9 Ocean Dr')
  await page.getByRole('combobox', { name: 'Send to' }).selectOption({ label: LABEL })
  await expect(page.getByRole('textbox', { name: 'Address', exact: true })).toHaveValue('9 Ocean Dr')
  await expect(page.getByRole('textbox', { name: 'City' })).toHaveValue('Key West')
  await expect(page.getByRole('textbox', { name: 'Recipient Name' })).toHaveValue('Attn: Legal')
  // A saved address left as it is is not offered for saving again.
  await expect(page.getByText('Save this address', { exact: true })).toHaveCount(0)
  await page.getByRole('button', { name: 'Request by mail' }).click()
  await expect(page).toHaveURL(/\/client\/document-progress\/\d+$/, { timeout: PAGE_LOAD })
  expect(await requestOf(page.url())).toMatchObject({
    documentId: uploaded[1],
    recipientName: 'Attn: Legal',
    address: '9 Ocean Dr',
    city: 'Key West',
    zipcode: '33040',
  })

  // 3. The profile: the address book lists it; mail handling switches to envelope first and stays so.
  await page.goto(`/client/profile/${clientId}`)
  await expectAppRendered(page)
  await expect(page.getByRole('list', { name: 'Saved addresses' }).getByText(LABEL)).toBeVisible({ timeout: PAGE_LOAD })
  const modes = page.getByRole('radiogroup', { name: 'How mail is handled' })
  await expect(modes.getByRole('radio', { name: /Open and scan everything/ })).toBeChecked()
  await expect(page.getByText('Service of process and mail from the State are always opened and scanned')).toBeVisible()
  await modes.getByText('Envelope first', { exact: true }).click()
  await expect(page.getByText('Mail handling saved: Envelope first')).toBeVisible()
  await page.reload()
  await expectAppRendered(page)
  await expect(page.getByRole('radiogroup', { name: 'How mail is handled' }).getByRole('radio', { name: /Envelope first/ })).toBeChecked({ timeout: PAGE_LOAD })
  expect(await (await request.get(`/api/client/${clientId}/mail-handling`, { headers: asClient })).json()).toEqual({ mode: 'envelope-first' })

  // Back to the default, so the demo client's other tests see the mail handling they expect.
  expect((await request.put(`/api/client/${clientId}/mail-handling`, { headers: asClient, data: { mode: 'scan-all' } })).status()).toBe(200)
})
