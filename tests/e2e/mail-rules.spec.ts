import type { APIRequestContext } from '@playwright/test'
import { DEMO, DEMO_PASSWORD, expect, expectAppRendered, loginAs, test } from './fixtures'
import { pdf } from './pdf'

/**
 * A client's mail rules end to end, on the demo's second client company (the first one's invoices are
 * counted by other specs): the client adds a forward rule on its profile, the mailroom uploads a scan of
 * that type, and the client finds the mail request the rule made among its requested documents.
 */

const RUN = `e2e-${Date.now().toString(36)}`
const RECIPIENT = `Rules ${RUN}`
const LABEL = `Forwarding ${RUN}`
const TYPE = 'Bank Statement'
/** A page's first load, its scripts included, on a busy machine. */
const PAGE_LOAD = 20_000

async function signIn(request: APIRequestContext, email: string): Promise<{ token: string; clientId: number | null }> {
  const res = await request.post('/api/auth/login', { data: { email, password: DEMO_PASSWORD, remember: false } })
  expect(res.status()).toBe(200)
  const body = await res.json()
  return { token: body.token, clientId: body.user.clientId ?? null }
}

test('a client adds a forward rule, and a scan of that type uploaded by staff becomes a mail request', async ({ page, request }) => {
  test.setTimeout(180_000)
  const clerk = await signIn(request, DEMO.clerk.email)
  const client = await signIn(request, DEMO.client2.email)
  const clientId = client.clientId!
  const asClient = { authorization: `Bearer ${client.token}` }
  const countries: { id: number; iso2: string }[] = await (await request.get('/api/country', { headers: asClient })).json()
  const saved = await request.post(`/api/client/${clientId}/addresses`, {
    headers: asClient,
    data: {
      label: LABEL,
      recipientName: RECIPIENT,
      address: '500 Harbor Dr',
      city: 'Tampa',
      stateProvince: 'FL',
      zipcode: '33602',
      countryId: countries.find((c) => c.iso2 === 'US')!.id,
    },
  })
  expect(saved.status()).toBe(201)
  const addressId: number = (await saved.json()).id
  const types: { id: number; name: string }[] = await (await request.get('/api/document-types', { headers: asClient })).json()
  const typeId = types.find((t) => t.name === TYPE)!.id
  // A rule left by an earlier run of this spec would keep the type out of the form.
  for (const rule of (await (await request.get(`/api/client/${clientId}/mail-rules`, { headers: asClient })).json()) as {
    id: number
    documentTypeId: number
  }[]) {
    if (rule.documentTypeId === typeId) await request.delete(`/api/client/${clientId}/mail-rules/${rule.id}`, { headers: asClient })
  }

  try {
    // 1. The rule, added on the profile.
    await loginAs(page, 'client2')
    await page.goto(`/client/profile/${clientId}`)
    await expectAppRendered(page)
    await page.getByRole('button', { name: 'Add rule' }).click({ timeout: PAGE_LOAD })
    const dialog = page.getByRole('dialog', { name: 'Add rule' })
    await dialog.getByRole('combobox', { name: 'Document type' }).selectOption({ label: TYPE })
    await expect(dialog.getByRole('combobox', { name: 'What happens' })).toHaveValue('forward')
    await dialog.getByRole('combobox', { name: 'Send to' }).selectOption({ label: LABEL })
    await dialog.getByRole('button', { name: 'Add rule' }).click()
    await expect(dialog).toBeHidden()
    await expect(page.getByRole('list', { name: 'Mail rules' }).getByText(`Forward ${TYPE} to ${LABEL}`)).toBeVisible()

    // 2. The mailroom uploads a scan of that type for the client.
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(new Date())
    const uploaded = await request.post(`/api/document/client/${clientId}`, {
      headers: { authorization: `Bearer ${clerk.token}` },
      multipart: {
        documentTypeId: String(typeId),
        jurisdiction: '3',
        dateReceived: today,
        file: { name: `${RUN}.pdf`, mimeType: 'application/pdf', buffer: pdf(`mail rule ${RUN}`) },
      },
    })
    expect(uploaded.status()).toBe(201)
    expect((await uploaded.json()).documents[0].openRequestId).not.toBeNull()

    // 3. The client sees the mail request the rule made.
    await page.goto('/client/requested-documents')
    await expectAppRendered(page)
    const row = page.locator('tbody tr').filter({ hasText: RECIPIENT })
    await expect(row).toHaveCount(1, { timeout: PAGE_LOAD })
    await expect(row).toContainText(TYPE)
    await expect(row).toContainText('Requested')
  } finally {
    // The rule and the address go, so the demo client is as it was (the request stays, as any request).
    for (const rule of (await (await request.get(`/api/client/${clientId}/mail-rules`, { headers: asClient })).json()) as {
      id: number
      addressId: number | null
    }[]) {
      if (rule.addressId === addressId) await request.delete(`/api/client/${clientId}/mail-rules/${rule.id}`, { headers: asClient })
    }
    await request.delete(`/api/client/${clientId}/addresses/${addressId}`, { headers: asClient })
  }
})
