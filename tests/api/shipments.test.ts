import { and, eq, sql } from 'drizzle-orm'
import * as v from 'valibot'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { CreatedDocumentRequestsSchema, DocumentRequestDetailSchema } from '../../contract/document-requests'
import { ShippingOptionListSchema, ShippingOptionSchema, trackingUrl } from '../../contract/shipping'
import { documentRequestEvents, documentRequests, documentTypes, invoiceLines, invoices, notifications, shipments } from '../../server/db/schema'
import { createTestServer, type TestServer } from './harness'
import { sandboxCardToken } from './sandbox-card'

/** Shipping options and their prices, and documents requested together as one shipment (one envelope, one invoice). */
const NOW = new Date('2026-12-03T15:00:00Z')
let server: TestServer
let clerk: { id: number } // DCV: moves requests along
let manager: { id: number } // SHE: manages shipping options
let clientA: { id: number }
let userA: { id: number }
let userB: { id: number }
let correspondence: number
let taxNotice: number

const token = (user: { id: number }) => server.tokenFor(user.id)

async function uploadDocument(clientId: number, typeId = correspondence): Promise<number> {
  const form = new FormData()
  form.append('documentTypeId', String(typeId))
  form.append('jurisdiction', '3')
  form.append('dateReceived', NOW.toISOString().slice(0, 10))
  form.append('file', new Blob([new TextEncoder().encode('%PDF-1.7\nshipment test')]), 'notice.pdf')
  const res = await server.request('POST', `/api/document/client/${clientId}`, { token: await token(clerk), body: form })
  expect(res.status).toBe(201)
  return res.json.documents[0].id
}

async function options(user: { id: number }) {
  const res = await server.request('GET', '/api/shipping-options', { token: await token(user) })
  expect(res.status).toBe(200)
  expect(v.is(ShippingOptionListSchema, res.json)).toBe(true)
  return res.json as v.InferOutput<typeof ShippingOptionListSchema>
}

const optionNamed = async (carrier: string, speedStart: string) =>
  (await options(manager)).find((o) => o.carrier === carrier && o.speed.startsWith(speedStart))!

const requestMail = async (user: { id: number }, body: Record<string, unknown>) =>
  server.request('POST', '/api/client/document-request', { token: await token(user), body })

const setStatus = async (user: { id: number }, id: number, body: Record<string, unknown>) =>
  server.request('PATCH', `/api/document-request/${id}/status`, { token: await token(user), body })

const putOption = async (user: { id: number }, id: number, body: Record<string, unknown>) =>
  server.request('PUT', `/api/shipping-options/${id}`, { token: await token(user), body })

async function savedAddress(clientId: number, user: { id: number }, label: string): Promise<number> {
  const res = await server.request('POST', `/api/client/${clientId}/addresses`, {
    token: await token(user),
    body: { label, recipientName: 'Maria Lopez', address: '9 Ocean Dr', city: 'Key West', stateProvince: 'FL', zipcode: '33040', countryId: 1 },
  })
  expect(res.status).toBe(201)
  return res.json.id
}

const count = async (table: typeof documentRequests | typeof invoices | typeof shipments) =>
  (await server.db.select({ n: sql<number>`count(*)::int` }).from(table))[0].n

beforeAll(async () => {
  server = await createTestServer({ now: NOW })
  const types = await server.db.select().from(documentTypes)
  correspondence = types.find((t) => t.name === 'Government Correspondence')!.id
  taxNotice = types.find((t) => t.name === 'Tax Notice')!.id
  clerk = (await server.factories.agent(['DCV'])).user
  manager = (await server.factories.agent(['SHE'])).user
  const a = await server.factories.client({
    companyName: 'Sunshine Holdings LLC',
    address: '200 S Biscayne Blvd',
    city: 'Miami',
    stateProvince: 'FL',
    zipcode: '33131',
    countryId: 1,
  })
  clientA = a.client
  userA = a.user
  userB = (await server.factories.client({ companyName: 'Gulf Coast Ventures Inc', address: '1 Bay St', city: 'Tampa', stateProvince: 'FL', zipcode: '33602' }))
    .user
})
afterAll(() => server.close())
beforeEach(() => server.clock.set(NOW))

describe('GET/POST/PUT /api/shipping-options', () => {
  it('offers every database the four seeded options, in order, with their prices', async () => {
    const list = await options(userA)
    expect(list.map((o) => [o.carrier, o.price])).toEqual([
      ['USPS', 5],
      ['USPS', 12],
      ['UPS', 15],
      ['FedEx', 45],
    ])
    expect(list.map((o) => o.speed)).toEqual(['First-Class Mail (3–5 days)', 'Priority Mail (1–3 days)', 'Ground (1–5 days)', 'Standard Overnight'])
  })

  it('lets staff with SHE add and change options; clients and other staff are refused; inactive ones are for managers only', async () => {
    const body = { carrier: 'DHL', speed: 'Express Worldwide', price: 60.5, sortOrder: 50 }
    expect((await server.request('POST', '/api/shipping-options', { token: await token(userA), body })).status).toBe(403)
    expect((await server.request('POST', '/api/shipping-options', { token: await token(clerk), body })).status).toBe(403)
    expect((await server.request('POST', '/api/shipping-options', { body })).status).toBe(401)
    const bad = await server.request('POST', '/api/shipping-options', { token: await token(manager), body: { ...body, price: -1 } })
    expect(bad.status).toBe(422)
    expect(JSON.stringify(bad.json)).toContain('Price cannot be negative')
    const created = await server.request('POST', '/api/shipping-options', { token: await token(manager), body })
    expect(created.status).toBe(201)
    expect(v.is(ShippingOptionSchema, created.json)).toBe(true)
    expect(created.json).toMatchObject({ carrier: 'DHL', speed: 'Express Worldwide', price: 60.5, active: true, sortOrder: 50 })
    const again = await server.request('POST', '/api/shipping-options', {
      token: await token(manager),
      body: { ...body, carrier: 'dhl', speed: 'express worldwide' },
    })
    expect(again.status).toBe(409)
    expect(again.json.detail).toBe('This carrier already has an option of that speed')

    expect((await putOption(clerk, created.json.id, { active: false })).status).toBe(403)
    expect((await putOption(manager, 999_999, { active: false })).status).toBe(404)
    const off = await putOption(manager, created.json.id, { active: false })
    expect(off.status).toBe(200)
    expect(off.json).toMatchObject({ active: false, price: 60.5 })
    expect((await options(userA)).some((o) => o.id === created.json.id)).toBe(false)
    expect((await options(clerk)).some((o) => o.id === created.json.id)).toBe(false)
    expect((await options(manager)).find((o) => o.id === created.json.id)).toMatchObject({ active: false })
  })
})

describe('a mail request of several documents: one shipment', () => {
  it('is one shipment with one invoice line of the chosen option’s price, paid like any invoice; staff move it once and every document follows', async () => {
    const first = await uploadDocument(clientA.id, correspondence)
    const second = await uploadDocument(clientA.id, taxNotice)
    const addressId = await savedAddress(clientA.id, userA, 'Key West office')
    const ground = await optionNamed('UPS', 'Ground')

    const res = await requestMail(userA, { documentIds: [first, second], addressId, shippingOptionId: ground.id })
    expect(res.status).toBe(201)
    expect(v.is(CreatedDocumentRequestsSchema, res.json)).toBe(true)
    const [r1, r2] = res.json.documentRequests
    expect(r1.shipmentId).toEqual(expect.any(Number))
    expect(r2.shipmentId).toBe(r1.shipmentId)
    for (const r of [r1, r2]) {
      expect(r).toMatchObject({
        city: 'Key West',
        zipcode: '33040',
        shipping: { shippingOptionId: ground.id, carrier: 'UPS', speed: 'Ground (1–5 days)', price: 15, invoiceId: expect.any(Number) },
      })
      expect(r.documents.map((d: { id: number; requestId: number }) => [d.id, d.requestId])).toEqual([
        [first, r1.id],
        [second, r2.id],
      ])
    }
    const invoiceId = r1.shipping.invoiceId
    expect(r2.shipping.invoiceId).toBe(invoiceId)
    const lines = await server.db.select().from(invoiceLines).where(eq(invoiceLines.invoiceId, invoiceId))
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatchObject({ quantity: 1, unitAmountCents: 1500, amountCents: 1500 })
    expect(lines[0].description).toBe('Mailing 2 originals in one envelope: UPS Ground (1–5 days)')
    const invoice = await server.request('GET', `/api/invoices/${invoiceId}`, { token: await token(userA) })
    expect(invoice.status).toBe(200)
    expect(invoice.json).toMatchObject({ amountDue: 15, lines: [{ amount: 15 }] })
    // Billed, not taken at once: due two weeks after the request, so the overdue job leaves it alone now.
    const [stored] = await server.db.select().from(invoices).where(eq(invoices.id, invoiceId))
    expect(stored.dueDate.toISOString()).toBe('2026-12-17T15:00:00.000Z')
    // One notice for staff, for the one envelope.
    const notices = await server.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.documentRequestId, r1.id), sql`${notifications.message} like '%requested%'`))
    expect(notices.map((n) => n.message)).toEqual(['Sunshine Holdings LLC requested Government Correspondence and Tax Notice by mail'])

    // Paid like any other invoice.
    const cardToken = await sandboxCardToken(server)
    const paid = await server.request('POST', '/api/client/invoices/pay', {
      token: await token(userA),
      body: { invoiceIds: [String(invoiceId)], token: cardToken },
    })
    expect(paid.status).toBe(200)
    expect(paid.json.amount).toBe(15)

    // Staff move the shipment once: both requests follow, each with its event.
    const processing = await setStatus(clerk, r1.id, { status: 2 })
    expect(processing.status).toBe(200)
    const noTracking = await setStatus(clerk, r2.id, { status: 3 })
    expect(noTracking.status).toBe(422)
    // The carrier chosen is the one it leaves with unless staff say otherwise.
    const mailed = await setStatus(clerk, r2.id, { status: 3, trackingNumber: '1Z999AA10123456784' })
    expect(mailed.status).toBe(200)
    expect(v.is(DocumentRequestDetailSchema, mailed.json)).toBe(true)
    expect(mailed.json).toMatchObject({ status: 3, carrier: 'UPS', trackingUrl: 'https://www.ups.com/track?tracknum=1Z999AA10123456784' })
    const rows = await server.db.select().from(documentRequests).where(eq(documentRequests.shipmentId, r1.shipmentId))
    expect(rows.map((r) => [r.status, r.trackingNumber])).toEqual([
      [3, '1Z999AA10123456784'],
      [3, '1Z999AA10123456784'],
    ])
    for (const r of [r1, r2]) {
      const events = await server.db.select().from(documentRequestEvents).where(eq(documentRequestEvents.documentRequestId, r.id))
      expect(events.map((e) => e.status)).toEqual([1, 2, 3])
    }
    const told = await server.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.clientId, clientA.id), sql`${notifications.message} like 'Your request to mail%Mailed%'`))
    expect(told.map((n) => n.message)).toEqual([
      'Your request to mail Government Correspondence and Tax Notice is now Mailed (UPS, tracking number 1Z999AA10123456784)',
    ])

    // The client's detail of either request links the tracking page.
    const detail = await server.request('GET', `/api/document-request/${r1.id}`, { token: await token(userA) })
    expect(detail.status).toBe(200)
    expect(detail.json).toMatchObject({ statusName: 'Mailed', trackingUrl: 'https://www.ups.com/track?tracknum=1Z999AA10123456784', shipping: { price: 15 } })

    // Another client never reads or moves it.
    expect((await server.request('GET', `/api/document-request/${r1.id}`, { token: await token(userB) })).status).toBe(404)
    expect((await setStatus(userB, r2.id, { status: 5 })).status).toBe(404)
    const listB = await server.request('GET', '/api/client/document-requests?pageSize=100', { token: await token(userB) })
    expect(listB.json.data).toEqual([])
    expect((await server.request('GET', `/api/invoices/${invoiceId}`, { token: await token(userB) })).status).toBe(404)
    // Nor does a client act on another client's saved address or document with a shipping option.
    const docB = await uploadDocument((await server.factories.client()).client.id)
    expect((await requestMail(userB, { documentIds: [docB], shippingOptionId: ground.id })).status).toBe(404)
  })

  it('a client cancelling a shipment cancels every document of it', async () => {
    const first = await uploadDocument(clientA.id)
    const second = await uploadDocument(clientA.id)
    const [r1, r2] = (await requestMail(userA, { documentIds: [first, second] })).json.documentRequests
    expect((await setStatus(userA, r2.id, { status: 5 })).status).toBe(200)
    const rows = await server.db.select().from(documentRequests).where(eq(documentRequests.shipmentId, r1.shipmentId))
    expect(rows.map((r) => r.status)).toEqual([5, 5])
    // Both documents are free again.
    expect((await requestMail(userA, { documentIds: [first, second] })).status).toBe(201)
  })

  it('left out, the option is the first active one, and its price is charged', async () => {
    const doc = await uploadDocument(clientA.id)
    const res = await requestMail(userA, { documentIds: [doc] })
    expect(res.status).toBe(201)
    expect(res.json.documentRequests[0].shipping).toMatchObject({ carrier: 'USPS', speed: 'First-Class Mail (3–5 days)', price: 5 })
    const [line] = await server.db.select().from(invoiceLines).where(eq(invoiceLines.invoiceId, res.json.documentRequests[0].shipping.invoiceId))
    expect(line).toMatchObject({ unitAmountCents: 500, description: 'Mailing an original: USPS First-Class Mail (3–5 days)' })
  })

  it('refuses an inactive or unknown option with a readable 422, and makes nothing', async () => {
    const doc = await uploadDocument(clientA.id)
    const priority = await optionNamed('USPS', 'Priority')
    expect((await putOption(manager, priority.id, { active: false })).status).toBe(200)
    const before = [await count(documentRequests), await count(invoices), await count(shipments)]
    for (const shippingOptionId of [priority.id, 999_999]) {
      const res = await requestMail(userA, { documentIds: [doc], shippingOptionId })
      expect(res.status).toBe(422)
      expect(res.json.detail).toBe('This shipping option is not available')
      expect(res.json.issues[0].path).toBe('shippingOptionId')
    }
    expect((await requestMail(userA, { documentIds: [doc], shippingOptionId: 'fast' })).status).toBe(422)
    expect([await count(documentRequests), await count(invoices), await count(shipments)]).toEqual(before)
    expect((await putOption(manager, priority.id, { active: true })).status).toBe(200)
    expect((await requestMail(userA, { documentIds: [doc], shippingOptionId: priority.id })).status).toBe(201)
  })

  it('keeps a request’s price when the option’s price changes later; a free option makes no invoice', async () => {
    const doc = await uploadDocument(clientA.id)
    const overnight = await optionNamed('FedEx', 'Standard')
    const made = (await requestMail(userA, { documentIds: [doc], shippingOptionId: overnight.id })).json.documentRequests[0]
    expect(made.shipping.price).toBe(45)
    const changed = await putOption(manager, overnight.id, { price: 99.99 })
    expect(changed.json.price).toBe(99.99)
    const detail = await server.request('GET', `/api/document-request/${made.id}`, { token: await token(userA) })
    expect(detail.json.shipping).toMatchObject({ price: 45, carrier: 'FedEx' })
    const [invoice] = await server.db.select().from(invoices).where(eq(invoices.id, made.shipping.invoiceId))
    expect(invoice.totalCents).toBe(4500)
    await putOption(manager, overnight.id, { price: 45 })

    const free = await server.request('POST', '/api/shipping-options', {
      token: await token(manager),
      body: { carrier: 'Courier', speed: 'Hand delivery', price: 0 },
    })
    expect(free.status).toBe(201)
    const doc2 = await uploadDocument(clientA.id)
    const none = (await requestMail(userA, { documentIds: [doc2], shippingOptionId: free.json.id })).json.documentRequests[0]
    expect(none.shipping).toMatchObject({ price: 0, invoiceId: null, carrier: 'Courier' })
  })
})

describe('trackingUrl', () => {
  it('links USPS, UPS and FedEx tracking pages, and nothing for another carrier', () => {
    expect(trackingUrl('USPS', '9400 1000')).toBe('https://tools.usps.com/go/TrackConfirmAction?tLabels=9400%201000')
    expect(trackingUrl('ups ground', '1Z9')).toBe('https://www.ups.com/track?tracknum=1Z9')
    expect(trackingUrl('FedEx', '7712')).toBe('https://www.fedex.com/fedextrack/?trknbr=7712')
    expect(trackingUrl('Local courier', '42')).toBeNull()
    expect(trackingUrl('UPS', null)).toBeNull()
  })
})
