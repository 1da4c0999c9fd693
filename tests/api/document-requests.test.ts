import { and, eq, isNull, sql } from 'drizzle-orm'
import * as v from 'valibot'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import {
  CreatedDocumentRequestsSchema,
  DocumentRequestDetailSchema,
  DocumentRequestPageSchema,
  RequestStatusListSchema,
} from '../../contract/document-requests'
import { documentRequestEvents, documentRequests, documents, documentTypes, notifications } from '../../server/db/schema'
import { createTestServer, type TestServer } from './harness'

const NOW = new Date('2026-11-21T15:00:00Z')
const DAY = 86_400_000
let server: TestServer
let clerk: { id: number } // DCV
let outsider: { id: number } // no document permissions
let clientA: { id: number; companyName: string }
let userA: { id: number }
let userB: { id: number }
let clientB: { id: number }
let correspondence: number

const token = (user: { id: number }) => server.tokenFor(user.id)

/** Uploads a PDF for a client as it was `daysAgo` days before NOW. */
async function uploadDocument(clientId: number, daysAgo = 0): Promise<number> {
  server.clock.set(new Date(NOW.getTime() - daysAgo * DAY))
  const form = new FormData()
  form.append('documentTypeId', String(correspondence))
  form.append('jurisdiction', '2')
  form.append('dateReceived', new Date(NOW.getTime() - daysAgo * DAY).toISOString().slice(0, 10))
  const pdf = new TextEncoder().encode('%PDF-1.7\nrequest test')
  form.append('file', new Blob([pdf]), 'notice.pdf')
  const res = await server.request('POST', `/api/document/client/${clientId}`, { token: await token(clerk), body: form })
  server.clock.set(NOW)
  expect(res.status).toBe(201)
  return res.json.documents[0].id
}

async function requestMail(user: { id: number }, documentIds: number[], extra: Record<string, unknown> = {}, headers?: Record<string, string>) {
  return server.request('POST', '/api/client/document-request', { token: await token(user), body: { documentIds, ...extra }, headers })
}

const setStatus = async (user: { id: number }, id: number, body: Record<string, unknown>) =>
  server.request('PATCH', `/api/document-request/${id}/status`, { token: await token(user), body })

const requestCount = async () => (await server.db.select({ n: sql<number>`count(*)::int` }).from(documentRequests))[0].n

beforeAll(async () => {
  server = await createTestServer({ now: NOW })
  correspondence = (await server.db.select().from(documentTypes).where(eq(documentTypes.name, 'Government Correspondence')))[0].id
  clerk = (await server.factories.agent(['DCV'])).user
  outsider = (await server.factories.agent(['UCV'])).user
  const a = await server.factories.client({
    companyName: 'Sunshine Holdings LLC',
    firstName: 'Maria',
    lastName: 'Lopez',
    address: '200 S Biscayne Blvd',
    city: 'Miami',
    stateProvince: 'FL',
    zipcode: '33131',
    countryId: 1,
  })
  clientA = a.client
  userA = a.user
  const b = await server.factories.client({ companyName: 'Gulf Coast Ventures Inc', address: '1 Bay St', city: 'Tampa', stateProvince: 'FL', zipcode: '33602' })
  clientB = b.client
  userB = b.user
})
afterAll(() => server.close())
beforeEach(() => server.clock.set(NOW))

describe('GET /api/client/resources/status', () => {
  it('lists the five request statuses', async () => {
    const res = await server.request('GET', '/api/client/resources/status', { token: await token(userA) })
    expect(res.status).toBe(200)
    expect(v.is(RequestStatusListSchema, res.json)).toBe(true)
    expect(res.json).toEqual([
      { id: 1, name: 'Requested' },
      { id: 2, name: 'Processing' },
      { id: 3, name: 'Mailed' },
      { id: 4, name: 'Delivered' },
      { id: 5, name: 'Cancelled' },
    ])
  })
})

describe('POST /api/client/document-request', () => {
  it('creates a request to the client’s own address by default, with an event and a notification to agents', async () => {
    const documentId = await uploadDocument(clientA.id, 10)
    const res = await requestMail(userA, [documentId])
    expect(res.status).toBe(201)
    expect(v.is(CreatedDocumentRequestsSchema, res.json)).toBe(true)
    const [created] = res.json.documentRequests
    expect(created).toMatchObject({
      status: 1,
      statusName: 'Requested',
      documentId,
      clientId: clientA.id,
      client: { id: clientA.id, companyName: 'Sunshine Holdings LLC' },
      recipientName: 'Maria Lopez',
      address: '200 S Biscayne Blvd',
      city: 'Miami',
      stateProvince: 'FL',
      zipcode: '33131',
      countryId: 1,
      countryName: 'United States',
      allowedStatuses: [5],
    })
    const events = await server.db.select().from(documentRequestEvents).where(eq(documentRequestEvents.documentRequestId, created.id))
    expect(events.map((e) => e.status)).toEqual([1])
    const [note] = await server.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.documentRequestId, created.id), isNull(notifications.clientId)))
    expect(note.message).toBe('Sunshine Holdings LLC requested Government Correspondence by mail')

    const list = await server.request('GET', `/api/client/documents/${clientA.id}`, { token: await token(userA) })
    const doc = list.json.data.find((d: { id: number }) => d.id === documentId)
    expect(doc).toMatchObject({ canRequest: false, openRequestId: created.id })
  })

  it('takes a different mailing address', async () => {
    const documentId = await uploadDocument(clientA.id, 1)
    const res = await requestMail(userA, [documentId], {
      recipientName: 'Attn: Legal',
      address: '9 Ocean Dr',
      city: 'Key West',
      stateProvince: 'FL',
      zipcode: '33040',
      countryId: 1,
    })
    expect(res.status).toBe(201)
    expect(res.json.documentRequests[0]).toMatchObject({ recipientName: 'Attn: Legal', address: '9 Ocean Dr', city: 'Key West', zipcode: '33040' })
  })

  it('refuses a second open request for the same document (409), creating nothing of the batch', async () => {
    const open = await uploadDocument(clientA.id, 2)
    const fresh = await uploadDocument(clientA.id, 2)
    expect((await requestMail(userA, [open])).status).toBe(201)
    const before = await requestCount()
    const res = await requestMail(userA, [fresh, open])
    expect(res.status).toBe(409)
    expect(res.json.detail).toBe('This document already has an open mail request')
    expect(await requestCount()).toBe(before)
  })

  it('refuses a document past its 60 days or shredded (422)', async () => {
    const old = await uploadDocument(clientA.id, 60)
    const res = await requestMail(userA, [old])
    expect(res.status).toBe(422)
    expect(res.json.detail).toBe('The 60-day window to request this document by mail has closed')
    const justInside = await uploadDocument(clientA.id, 59)
    expect((await requestMail(userA, [justInside])).status).toBe(201)

    const shredded = await uploadDocument(clientA.id, 1)
    await server.db.update(documents).set({ status: 'shredded', storageKey: null, shreddedAt: NOW }).where(eq(documents.id, shredded))
    expect((await requestMail(userA, [shredded])).status).toBe(422)
  })

  it('answers 404 for another client’s document and refuses agents', async () => {
    const docOfB = await uploadDocument(clientB.id)
    const res = await requestMail(userA, [docOfB])
    expect(res.status).toBe(404)
    expect((await requestMail(clerk, [docOfB])).status).toBe(403)
    expect((await requestMail(userA, [])).status).toBe(422)
    expect(
      (
        await requestMail(
          userA,
          Array.from({ length: 21 }, (_, i) => i + 1),
        )
      ).status,
    ).toBe(422)
  })

  it('asks for the missing parts of an incomplete address', async () => {
    const { client, user } = await server.factories.client({ companyName: 'No Address Co' })
    const documentId = await uploadDocument(client.id)
    const res = await requestMail(user, [documentId])
    expect(res.status).toBe(422)
    expect(res.json.details).toBe('Enter the address, city, state, postal/zip code of the mailing address')
    expect((await requestMail(user, [documentId], { address: '1 A St', city: 'Ocala', stateProvince: 'FL', zipcode: '123456789012' })).status).toBe(422)
    expect((await requestMail(user, [documentId], { address: '1 A St', city: 'Ocala', stateProvince: 'FL', zipcode: '34470', countryId: 9999 })).status).toBe(
      422,
    )
    expect((await requestMail(user, [documentId], { address: '1 A St', city: 'Ocala', stateProvince: 'FL', zipcode: '34470' })).status).toBe(201)
  })

  it('creates once when replayed with the same Idempotency-Key', async () => {
    const documentId = await uploadDocument(clientA.id, 3)
    const headers = { 'Idempotency-Key': 'mail-2b8e2f7c-5d0e-4a9b-8c1d-3e4f5a6b7c8d' }
    const first = await requestMail(userA, [documentId], {}, headers)
    const replay = await requestMail(userA, [documentId], {}, headers)
    expect(first.status).toBe(201)
    expect(replay.status).toBe(201)
    expect(replay.headers.get('idempotent-replayed')).toBe('true')
    expect(replay.json).toEqual(first.json)
    expect(await server.db.select().from(documentRequests).where(eq(documentRequests.documentId, documentId))).toHaveLength(1)
  })

  it('lets only one of two simultaneous requests for a document through', async () => {
    const documentId = await uploadDocument(clientA.id, 4)
    const results = await Promise.all([requestMail(userA, [documentId]), requestMail(userA, [documentId])])
    expect(results.map((r) => r.status).sort()).toEqual([201, 409])
  })
})

describe('request life cycle', () => {
  it('moves Requested → Processing → Mailed → Delivered, notifying the client each time', async () => {
    const documentId = await uploadDocument(clientA.id, 5)
    const id = (await requestMail(userA, [documentId])).json.documentRequests[0].id

    const processing = await setStatus(clerk, id, { status: 2, note: 'Pulled from the mailroom' })
    expect(processing.status).toBe(200)
    expect(processing.json).toMatchObject({ status: 2, statusName: 'Processing', allowedStatuses: [3, 5] })

    const noTracking = await setStatus(clerk, id, { status: 3, carrier: 'USPS' })
    expect(noTracking.status).toBe(422)
    expect(noTracking.json.detail).toBe('Carrier and tracking number are required')

    server.clock.advance(DAY)
    const mailed = await setStatus(clerk, id, { status: 3, carrier: 'USPS', trackingNumber: '9400100000000000000000' })
    expect(mailed.status).toBe(200)
    expect(mailed.json).toMatchObject({ status: 3, carrier: 'USPS', trackingNumber: '9400100000000000000000' })

    expect((await setStatus(clerk, id, { status: 2 })).status).toBe(409)
    server.clock.advance(DAY)
    expect((await setStatus(clerk, id, { status: 4 })).status).toBe(200)

    const detail = await server.request('GET', `/api/document-request/${id}`, { token: await token(userA) })
    expect(detail.status).toBe(200)
    expect(v.is(DocumentRequestDetailSchema, detail.json)).toBe(true)
    expect(detail.json.events.map((e: { statusName: string; by: string }) => [e.statusName, e.by])).toEqual([
      ['Requested', 'client'],
      ['Processing', 'agent'],
      ['Mailed', 'agent'],
      ['Delivered', 'agent'],
    ])
    expect(detail.json.events[2]).toMatchObject({ carrier: 'USPS', trackingNumber: '9400100000000000000000' })
    expect(detail.json.allowedStatuses).toEqual([])
    expect(detail.json.document).toMatchObject({ id: documentId, documentTypeNavigation: { name: 'Government Correspondence' } })

    const messages = (
      await server.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.documentRequestId, id), eq(notifications.clientId, clientA.id)))
    ).map((n) => n.message)
    expect(messages.sort()).toEqual([
      'Your request to mail Government Correspondence is now Delivered',
      'Your request to mail Government Correspondence is now Mailed (USPS, tracking number 9400100000000000000000)',
      'Your request to mail Government Correspondence is now Processing',
    ])
    // Delivered: the original is with the client; the document cannot be requested again.
    const list = await server.request('GET', `/api/client/documents/${clientA.id}?pageSize=100`, { token: await token(userA) })
    expect(list.json.data.find((d: { id: number }) => d.id === documentId)).toMatchObject({
      canRequest: false,
      openRequestId: null,
      originalMailed: {
        requestId: id,
        statusName: 'Delivered',
        carrier: 'USPS',
        trackingNumber: '9400100000000000000000',
        mailedAt: new Date(NOW.getTime() + DAY).toISOString(),
      },
    })
  })

  it('refuses to request again an original that was mailed or delivered (409); a cancelled request frees the document', async () => {
    const mailedDoc = await uploadDocument(clientA.id, 8)
    const other = await uploadDocument(clientA.id, 8)
    const id = (await requestMail(userA, [mailedDoc])).json.documentRequests[0].id
    expect((await setStatus(clerk, id, { status: 2 })).status).toBe(200)
    expect((await setStatus(clerk, id, { status: 3, carrier: 'UPS', trackingNumber: '1Z999AA10123456784' })).status).toBe(200)

    const before = await requestCount()
    const again = await requestMail(userA, [mailedDoc])
    expect(again.status).toBe(409)
    expect(again.json.detail).toBe('The original of this document was already mailed')
    expect(again.json.details).toContain('1Z999AA10123456784')
    // In a batch, nothing is created.
    expect((await requestMail(userA, [other, mailedDoc])).status).toBe(409)
    expect(await requestCount()).toBe(before)

    const list = await server.request('GET', `/api/client/documents/${clientA.id}?pageSize=100`, { token: await token(userA) })
    const row = list.json.data.find((d: { id: number }) => d.id === mailedDoc)
    expect(row).toMatchObject({
      canRequest: false,
      openRequestId: null,
      originalMailed: { requestId: id, statusName: 'Mailed', carrier: 'UPS', trackingNumber: '1Z999AA10123456784' },
    })

    expect((await setStatus(clerk, id, { status: 4 })).status).toBe(200)
    expect((await requestMail(userA, [mailedDoc])).status).toBe(409)

    // Cancelled before mailing: the document may be requested again.
    const cancelledId = (await requestMail(userA, [other])).json.documentRequests[0].id
    expect((await setStatus(userA, cancelledId, { status: 5 })).status).toBe(200)
    const freed = await server.request('GET', `/api/client/documents/${clientA.id}?pageSize=100`, { token: await token(userA) })
    expect(freed.json.data.find((d: { id: number }) => d.id === other)).toMatchObject({ canRequest: true, openRequestId: null, originalMailed: null })
    expect((await requestMail(userA, [other])).status).toBe(201)
  })

  it('keeps one request per original in the database even past the checks', async () => {
    const documentId = await uploadDocument(clientA.id, 9)
    const id = (await requestMail(userA, [documentId])).json.documentRequests[0].id
    await server.db.update(documentRequests).set({ status: 3 }).where(eq(documentRequests.id, id))
    await expect(
      server.db
        .insert(documentRequests)
        .values({ documentId, clientId: clientA.id, status: 1, recipientName: 'x', address: 'x', city: 'x', stateProvince: 'x', zipcode: 'x' }),
    ).rejects.toThrow()
  })

  it('lets a client cancel its own request only while Requested, telling the agents', async () => {
    const first = await uploadDocument(clientA.id, 6)
    const second = await uploadDocument(clientA.id, 6)
    // Requested one by one: two shipments, each moved on its own (documents requested together move together: shipments.test.ts).
    const r1 = (await requestMail(userA, [first])).json.documentRequests[0].id
    const r2 = (await requestMail(userA, [second])).json.documentRequests[0].id

    expect((await setStatus(userA, r1, { status: 2 })).status).toBe(403)
    const cancelled = await setStatus(userA, r1, { status: 5 })
    expect(cancelled.status).toBe(200)
    expect(cancelled.json.statusName).toBe('Cancelled')
    const [note] = await server.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.documentRequestId, r1), isNull(notifications.clientId), sql`${notifications.message} like '%cancelled%'`))
    expect(note.message).toBe('Sunshine Holdings LLC cancelled the request to mail Government Correspondence')

    expect((await setStatus(clerk, r2, { status: 2 })).status).toBe(200)
    const late = await setStatus(userA, r2, { status: 5 })
    expect(late.status).toBe(409)
    expect(late.json.detail).toBe('This request can no longer be cancelled')
    // Another client cannot touch it; an agent without DCV neither.
    expect((await setStatus(userB, r2, { status: 5 })).status).toBe(404)
    expect((await setStatus(outsider, r2, { status: 3, carrier: 'UPS', trackingNumber: '1Z' })).status).toBe(403)
    expect((await setStatus(clerk, r2, { status: 9 })).status).toBe(422)
  })

  it('answers asking for the current status again without a new event', async () => {
    const documentId = await uploadDocument(clientA.id, 7)
    const id = (await requestMail(userA, [documentId])).json.documentRequests[0].id
    expect((await setStatus(clerk, id, { status: 2 })).status).toBe(200)
    expect((await setStatus(clerk, id, { status: 2 })).status).toBe(200)
    const events = await server.db.select().from(documentRequestEvents).where(eq(documentRequestEvents.documentRequestId, id))
    expect(events).toHaveLength(2)
  })
})

describe('GET /api/client/document-requests and /api/document-request/{id}', () => {
  it('shows clients their own requests and agents with DCV everyone’s', async () => {
    const docOfB = await uploadDocument(clientB.id, 1)
    const requestOfB = (await requestMail(userB, [docOfB])).json.documentRequests[0]

    const own = await server.request('GET', '/api/client/document-requests?pageSize=100', { token: await token(userB) })
    expect(own.status).toBe(200)
    expect(own.json.data.map((r: { id: number }) => r.id)).toEqual([requestOfB.id])
    expect(own.json.total).toBe(1)

    const all = await server.request('GET', '/api/client/document-requests?pageSize=100', { token: await token(clerk) })
    expect(v.is(DocumentRequestPageSchema, all.json)).toBe(true)
    expect(all.json.total).toBe(await requestCount())
    const clientIds = all.json.data.map((r: { clientId: number }) => r.clientId)
    expect(clientIds).toContain(clientA.id)
    expect(clientIds).toContain(clientB.id)

    const requested = await server.request('GET', '/api/client/document-requests?status=1&pageSize=100', { token: await token(clerk) })
    expect(requested.json.data.every((r: { status: number }) => r.status === 1)).toBe(true)
    const ofB = await server.request('GET', `/api/client/document-requests?clientId=${clientB.id}`, { token: await token(clerk) })
    expect(ofB.json.total).toBe(1)
    const search = await server.request('GET', '/api/client/document-requests?q=gulf%20coast', { token: await token(clerk) })
    expect(search.json.data.map((r: { id: number }) => r.id)).toEqual([requestOfB.id])

    expect((await server.request('GET', '/api/client/document-requests', { token: await token(outsider) })).status).toBe(403)
    expect((await server.request('GET', `/api/document-request/${requestOfB.id}`, { token: await token(userA) })).status).toBe(404)
    expect((await server.request('GET', `/api/document-request/${requestOfB.id}`, { token: await token(clerk) })).status).toBe(200)
    expect((await server.request('GET', '/api/document-request/999999', { token: await token(clerk) })).status).toBe(404)
  })
})
