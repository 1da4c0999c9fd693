import type { APIRequestContext } from '@playwright/test'
import { DEMO, DEMO_PASSWORD, expect, expectAccessible, expectAppRendered, loginAs, logOut, test } from './fixtures'
import { pdf } from './pdf'

/**
 * Shipments end to end, on the second demo company (Gulf Coast; other specs count Sunshine's
 * invoices): staff add a priced shipping option on the Shipping options page (a carrier and speed
 * already offered is refused in the dialog); the client mails two documents to a saved address with
 * it: one shipment, one invoice for the option's price, shown on the progress page with a link to that
 * invoice; staff move the shipment to Mailed once, and both documents are Mailed with a tracking
 * number linked to the carrier's page. The option is then turned off in its Edit dialog.
 */

const RUN = `e2e-${Date.now().toString(36)}`
const SPEED = `Next Day Air ${RUN}`
const OPTION = `UPS ${SPEED}`
const LABEL = `Warehouse ${RUN}`
const TRACKING = '1Z999AA10123456784'
/** A page's first load, its scripts included, on a busy machine. */
const PAGE_LOAD = 20_000

async function signIn(request: APIRequestContext, email: string): Promise<{ token: string; clientId: number | null }> {
  const res = await request.post('/api/auth/login', { data: { email, password: DEMO_PASSWORD, remember: false } })
  expect(res.status()).toBe(200)
  const body = await res.json()
  return { token: body.token, clientId: body.user.clientId ?? null }
}

interface RequestRow {
  id: number
  status: number
  shipmentId: number | null
  carrier: string | null
  trackingNumber: string | null
  shipping: { carrier: string | null; speed: string | null; price: number; invoiceId: number | null } | null
  documents: { requestId: number }[]
  events: { status: number }[]
}

test('a priced shipping option: two documents mailed together are one shipment on one invoice, moved to Mailed once', async ({ page, request }) => {
  test.setTimeout(240_000)
  const clerk = await signIn(request, DEMO.clerk.email)
  const client = await signIn(request, DEMO.client2.email)
  const clientId = client.clientId!
  const asClerk = { authorization: `Bearer ${clerk.token}` }
  const asClient = { authorization: `Bearer ${client.token}` }

  // Two fresh documents of Gulf Coast (requestable for 60 days) and a saved address to mail them to.
  const types: { id: number }[] = await (await request.get('/api/document-types', { headers: asClerk })).json()
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(new Date())
  const uploaded: number[] = []
  for (const index of [1, 2]) {
    const res = await request.post(`/api/document/client/${clientId}`, {
      headers: asClerk,
      multipart: {
        documentTypeId: String(types[0].id),
        jurisdiction: '3',
        dateReceived: today,
        file: { name: `${RUN}-${index}.pdf`, mimeType: 'application/pdf', buffer: pdf(`shipment ${index}`) },
      },
    })
    expect(res.status()).toBe(201)
    uploaded.push((await res.json()).documents[0].id)
  }
  const countries: { id: number }[] = await (await request.get('/api/country')).json()
  const saved = await request.post(`/api/client/${clientId}/addresses`, {
    headers: asClient,
    data: {
      label: LABEL,
      recipientName: 'Attn: Receiving',
      address: '400 Harbor Rd',
      city: 'Mobile',
      stateProvince: 'AL',
      zipcode: '36602',
      countryId: countries[0].id,
    },
  })
  expect(saved.status()).toBe(201)
  const requestOf = async (id: number): Promise<RequestRow> => (await request.get(`/api/document-request/${id}`, { headers: asClient })).json()

  // 1. Staff add the option on the Shipping options page (in the menu for SHE).
  await loginAs(page, 'admin')
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Shipping options' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Shipping options' })).toBeVisible({ timeout: PAGE_LOAD })
  await expectAppRendered(page)
  const options = page.getByRole('region', { name: 'Shipping options', exact: true })
  await expect(options.getByRole('row').filter({ hasText: 'First-Class Mail' })).toContainText('$5.00')
  await page.getByRole('button', { name: 'Add option' }).click()
  const add = page.getByRole('dialog', { name: 'Add shipping option' })
  await add.getByRole('textbox', { name: 'Carrier' }).fill('UPS')
  // A carrier and speed already offered: the server's refusal shows in the dialog, which stays open.
  await add.getByRole('textbox', { name: 'Speed' }).fill('Ground (1–5 days)')
  await add.getByRole('textbox', { name: 'Price' }).fill('23.45')
  await add.getByRole('textbox', { name: 'Sort order' }).fill('9000')
  await add.getByRole('button', { name: 'Add option' }).click()
  await expect(add.getByText(/This carrier already has an option of that speed\. UPS already has “Ground \(1–5 days\)”/)).toBeVisible()
  await expectAccessible(page, 'shipping option dialog with a refusal')
  await add.getByRole('textbox', { name: 'Speed' }).fill(SPEED)
  await add.getByRole('button', { name: 'Add option' }).click()
  await expect(add).toBeHidden()
  const added = options.getByRole('row').filter({ hasText: SPEED })
  await expect(added).toContainText('$23.45')
  await expect(added).toContainText('Offered')
  await logOut(page)

  // 2. The client mails both documents to the saved address with that option.
  await loginAs(page, 'client2')
  await page.goto(`/client/document-request?documentId=${uploaded[0]}&documentId=${uploaded[1]}`)
  await expect(page.getByRole('heading', { level: 1, name: 'Request a Document' })).toBeVisible({ timeout: PAGE_LOAD })
  await expectAppRendered(page)
  await expect(page.getByRole('region', { name: 'Documents to mail' }).getByRole('checkbox', { checked: true })).toHaveCount(2)
  const shipping = page.getByRole('radiogroup', { name: 'Carrier and speed' })
  // The first active option starts chosen; the new one is last (sort order 9000).
  await expect(shipping.getByRole('radio').first()).toBeChecked()
  await expect(shipping.getByRole('radio').last()).toHaveAccessibleName(`${OPTION} — $23.45`)
  await shipping.getByText(`${OPTION} — $23.45`).click()
  await expect(shipping.getByRole('radio', { name: `${OPTION} — $23.45` })).toBeChecked()
  await expect(page.getByText('One shipment: $23.45, added to an invoice')).toBeVisible()
  await page.getByRole('combobox', { name: 'Send to' }).selectOption({ label: LABEL })
  await expect(page.getByRole('textbox', { name: 'City' })).toHaveValue('Mobile')
  await page.getByRole('button', { name: 'Request by mail' }).click()
  await expect(page).toHaveURL(/\/client\/requested-documents$/, { timeout: PAGE_LOAD })
  await expect(page.getByText('Your request to mail 2 documents has been sent; the shipping charge of $23.45 will be on an invoice')).toBeVisible()

  // One shipment, one invoice for the option's price.
  const ids: number[] = []
  for (const documentId of uploaded) {
    const list = await (await request.get(`/api/client/document-requests?documentId=${documentId}`, { headers: asClient })).json()
    expect(list.data).toHaveLength(1)
    ids.push(list.data[0].id)
  }
  const [first, second] = await Promise.all(ids.map(requestOf))
  expect(first.shipmentId).not.toBeNull()
  expect(second.shipmentId).toBe(first.shipmentId)
  expect(first.shipping).toMatchObject({ carrier: 'UPS', speed: SPEED, price: 23.45 })
  const invoiceId = first.shipping!.invoiceId!
  expect(invoiceId).toEqual(expect.any(Number))
  expect(second.shipping!.invoiceId).toBe(invoiceId)
  expect(first).toMatchObject({ recipientName: 'Attn: Receiving', address: '400 Harbor Rd', city: 'Mobile' })

  // The list shows the shipment and its carrier, speed and price on both rows.
  const rows = page.getByRole('region', { name: 'Requested documents', exact: true }).getByRole('row').filter({ hasText: SPEED })
  await expect(rows).toHaveCount(2)
  for (const row of await rows.all()) {
    await expect(row).toContainText('One shipment of 2 documents')
    await expect(row).toContainText(`${SPEED}, $23.45`)
  }

  // The progress page: the shipment's documents, the carrier and speed, the price and its invoice.
  await page.goto(`/client/document-progress/${first.id}`)
  const details = page.getByRole('region', { name: `Request #${first.id}` })
  await expect(details).toBeVisible({ timeout: PAGE_LOAD })
  await expect(details.getByRole('list', { name: 'Documents in this shipment' }).getByRole('listitem')).toHaveCount(2)
  await expect(details).toContainText(OPTION)
  await expect(details).toContainText('$23.45')
  await expectAccessible(page, 'progress page of a shipment')
  await details.getByRole('link', { name: 'View invoice of the $23.45 shipping charge' }).click()
  await expect(page).toHaveURL(new RegExp(`/client/invoices/${invoiceId}$`), { timeout: PAGE_LOAD })
  await expect(page.getByText(`Mailing 2 originals in one envelope: ${OPTION}`)).toBeVisible({ timeout: PAGE_LOAD })
  await expect(page.getByRole('definition').filter({ hasText: '$23.45' }).first()).toBeVisible()
  await logOut(page)

  // 3. Staff move the shipment: each dialog says it moves both documents; Mailed starts with UPS.
  await loginAs(page, 'admin')
  await page.goto(`/provider/document-progress/${first.id}`)
  await expect(page.getByRole('heading', { level: 1, name: 'Document Progress' })).toBeVisible({ timeout: PAGE_LOAD })
  await expectAppRendered(page)
  await page.getByRole('button', { name: 'Mark as Processing' }).click()
  const processing = page.getByRole('dialog', { name: 'Mark as Processing' })
  await expect(processing).toContainText('This marks as Processing all 2 documents of the shipment')
  await processing.getByRole('button', { name: 'Mark as Processing' }).click()
  await expect(page.getByText('The 2 documents of the shipment are marked as Processing; the client has been notified')).toBeVisible()
  await page.getByRole('button', { name: 'Mark as Mailed' }).click()
  const mailed = page.getByRole('dialog', { name: 'Mark as Mailed' })
  await expect(mailed).toContainText('This marks as Mailed all 2 documents of the shipment')
  await expect(mailed.getByLabel('Carrier')).toHaveValue('UPS')
  await mailed.getByRole('textbox', { name: 'Tracking Number' }).fill(TRACKING)
  await mailed.getByRole('button', { name: 'Mark as Mailed' }).click()
  await expect(mailed).toBeHidden()
  await expect(page.getByText('The 2 documents of the shipment are marked as Mailed; the client has been notified')).toBeVisible()

  // Both are Mailed, each with one Mailed event: the shipment moved once.
  for (const id of ids) {
    const moved = await requestOf(id)
    expect(moved).toMatchObject({ status: 3, carrier: 'UPS', trackingNumber: TRACKING })
    expect(moved.events.filter((event) => event.status === 3)).toHaveLength(1)
  }
  // The other document's page: Mailed, its tracking number a link to UPS's tracking page.
  await page.getByRole('list', { name: 'Documents in this shipment' }).getByRole('link').click()
  await expect(page).toHaveURL(new RegExp(`/provider/document-progress/${second.id}$`))
  const otherDetails = page.getByRole('region', { name: `Request #${second.id}` })
  await expect(otherDetails.getByText('Mailed', { exact: true })).toBeVisible({ timeout: PAGE_LOAD })
  await expect(otherDetails.getByRole('link', { name: new RegExp(`Track ${TRACKING} on the UPS website`) })).toHaveAttribute(
    'href',
    `https://www.ups.com/track?tracknum=${TRACKING}`,
  )

  // 4. The option is turned off in its Edit dialog: no longer offered to clients.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Shipping options' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Shipping options' })).toBeVisible()
  await options.getByRole('button', { name: `Edit ${OPTION}` }).click()
  const edit = page.getByRole('dialog', { name: 'Edit shipping option' })
  await expect(edit.getByRole('textbox', { name: 'Price' })).toHaveValue('23.45')
  await edit.getByText('Offered to clients', { exact: true }).click()
  await expect(edit.getByRole('checkbox', { name: /Offered to clients/ })).not.toBeChecked()
  await edit.getByRole('button', { name: 'Save option' }).click()
  await expect(edit).toBeHidden()
  await expect(options.getByRole('row').filter({ hasText: SPEED })).toContainText('Off')
  const offered: { speed: string }[] = await (await request.get('/api/shipping-options', { headers: asClient })).json()
  expect(offered.map((option) => option.speed)).not.toContain(SPEED)
})
