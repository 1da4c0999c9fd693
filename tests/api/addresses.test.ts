import { and, eq, sql } from 'drizzle-orm'
import * as v from 'valibot'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { AddressListSchema, AddressSchema, MAX_SAVED_ADDRESSES, type AddressInput } from '../../contract/addresses'
import { CreatedDocumentRequestsSchema } from '../../contract/document-requests'
import { auditEvents, clientAddresses, countries, documentRequests, documentTypes } from '../../server/db/schema'
import { createTestServer, type TestServer } from './harness'

/** The address book: GET/POST /api/client/{id}/addresses, PUT/DELETE /api/client/{id}/addresses/{addressId}, and saving with a mail request. */
const NOW = new Date('2026-12-02T15:00:00Z')
let server: TestServer
let us: number
let canada: number
let correspondence: number
const people = {} as Record<'a' | 'b' | 'editor' | 'viewer' | 'admin' | 'clerk', { id: number; token: string }>
let clientA: number
let clientB: number

const path = (clientId: number | string, addressId?: number | string) => `/api/client/${clientId}/addresses${addressId === undefined ? '' : `/${addressId}`}`
const list = (clientId: number, token?: string) => server.request('GET', path(clientId), { token })
const create = (clientId: number, body: unknown, token?: string) => server.request('POST', path(clientId), { token, body })
const replace = (clientId: number, addressId: number, body: unknown, token?: string) => server.request('PUT', path(clientId, addressId), { token, body })
const remove = (clientId: number, addressId: number, token?: string) => server.request('DELETE', path(clientId, addressId), { token })

function address(overrides: Partial<AddressInput> = {}): AddressInput {
  return {
    label: 'Office',
    recipientName: 'Maria Lopez',
    address: '200 S Biscayne Blvd',
    city: 'Miami',
    stateProvince: 'FL',
    zipcode: '33131',
    countryId: us,
    ...overrides,
  }
}

const stored = (clientId: number) => server.db.select().from(clientAddresses).where(eq(clientAddresses.clientId, clientId))
const audits = (clientId: number, action: string) =>
  server.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.action, action), eq(auditEvents.entityId, String(clientId))))
const clearBook = (clientId: number) => server.db.delete(clientAddresses).where(eq(clientAddresses.clientId, clientId))

/** Uploads a PDF for a client (received today). */
async function uploadDocument(clientId: number): Promise<number> {
  const form = new FormData()
  form.append('documentTypeId', String(correspondence))
  form.append('jurisdiction', '2')
  form.append('dateReceived', NOW.toISOString().slice(0, 10))
  form.append('file', new Blob([new TextEncoder().encode('%PDF-1.7\naddress book test')]), 'notice.pdf')
  const res = await server.request('POST', `/api/document/client/${clientId}`, { token: people.clerk.token, body: form })
  expect(res.status).toBe(201)
  return res.json.documents[0].id
}

beforeAll(async () => {
  server = await createTestServer({ now: NOW })
  const all = await server.db.select().from(countries)
  us = all.find((c) => c.iso2 === 'US')!.id
  canada = all.find((c) => c.iso2 === 'CA')!.id
  correspondence = (await server.db.select().from(documentTypes).where(eq(documentTypes.name, 'Government Correspondence')))[0].id
  const a = await server.factories.client({
    companyName: 'Sunshine Holdings LLC',
    address: '1 Main St',
    city: 'Miami',
    stateProvince: 'FL',
    zipcode: '33130',
    countryId: us,
  })
  const b = await server.factories.client({ companyName: 'Gulf Coast Ventures Inc' })
  clientA = a.client.id
  clientB = b.client.id
  const users = {
    a: a.user,
    b: b.user,
    editor: (await server.factories.agent(['PCE'])).user,
    viewer: (await server.factories.agent(['DCV'])).user,
    admin: (await server.factories.agent([], { roleId: 1 })).user,
    clerk: (await server.factories.agent(['DCV'])).user,
  }
  for (const [key, user] of Object.entries(users)) people[key as keyof typeof people] = { id: user.id, token: await server.tokenFor(user.id) }
})
afterAll(() => server.close())
beforeEach(async () => {
  server.clock.set(NOW)
  await clearBook(clientA)
  await clearBook(clientB)
})

describe('the address book', () => {
  it('lets a client save, list, edit and delete its addresses, each change audited', async () => {
    const created = await create(clientA, address({ label: 'Office' }), people.a.token)
    expect(created.status).toBe(201)
    expect(v.is(AddressSchema, created.json)).toBe(true)
    expect(created.json).toMatchObject({ clientId: clientA, label: 'Office', city: 'Miami', countryId: us, countryName: 'United States' })
    const home = await create(clientA, address({ label: 'home', address: '9 Ocean Dr', city: 'Key West', zipcode: '33040' }), people.a.token)
    expect(home.status).toBe(201)

    const read = await list(clientA, people.a.token)
    expect(read.status).toBe(200)
    expect(v.is(AddressListSchema, read.json)).toBe(true)
    // By label, whatever its case.
    expect(read.json.map((row: { label: string }) => row.label)).toEqual(['home', 'Office'])

    server.clock.advance(60_000)
    const edited = await replace(
      clientA,
      created.json.id,
      address({ label: 'Head office', city: 'Toronto', stateProvince: 'ON', zipcode: 'M5H 2N2', countryId: canada }),
      people.a.token,
    )
    expect(edited.status).toBe(200)
    expect(edited.json).toMatchObject({ id: created.json.id, label: 'Head office', city: 'Toronto', countryName: 'Canada' })
    expect(edited.json.updatedAt).not.toBe(created.json.updatedAt)
    expect((await stored(clientA)).find((row) => row.id === created.json.id)).toMatchObject({ label: 'Head office', city: 'Toronto', countryId: canada })

    const gone = await remove(clientA, home.json.id, people.a.token)
    expect(gone.status).toBe(204)
    expect((await stored(clientA)).map((row) => row.id)).toEqual([created.json.id])
    expect((await remove(clientA, home.json.id, people.a.token)).status).toBe(404)

    const [createdAudit] = (await audits(clientA, 'client.address.create')).filter(
      (row) => (row.details as { addressId: number }).addressId === created.json.id,
    )
    expect(createdAudit).toMatchObject({ actorUserId: people.a.id, entity: 'client', details: { addressId: created.json.id, label: 'Office' } })
    const [updateAudit] = await audits(clientA, 'client.address.update')
    expect(updateAudit.actorUserId).toBe(people.a.id)
    expect((updateAudit.details as { changed: string[] }).changed).toEqual(expect.arrayContaining(['label', 'city', 'stateProvince', 'zipcode', 'countryId']))
    // The address itself stays in the address book, not in the audit trail.
    expect(JSON.stringify(updateAudit.details)).not.toContain('Toronto')
    const [deleteAudit] = await audits(clientA, 'client.address.delete')
    expect(deleteAudit).toMatchObject({ actorUserId: people.a.id, details: { addressId: home.json.id, label: 'home' } })
  })

  it('saving an address unchanged writes no audit row', async () => {
    const created = await create(clientA, address(), people.a.token)
    const before = (await audits(clientA, 'client.address.update')).length
    const same = await replace(clientA, created.json.id, address(), people.a.token)
    expect(same.status).toBe(200)
    expect((await audits(clientA, 'client.address.update')).length).toBe(before)
  })

  it('refuses a label already used by the client, whatever its case (409), and keeps labels per client', async () => {
    const office = await create(clientA, address({ label: 'Office' }), people.a.token)
    const again = await create(clientA, address({ label: '  OFFICE ' }), people.a.token)
    expect(again.status).toBe(409)
    expect(again.json.details).toBe('An address named “OFFICE” is already saved. Choose another label.')
    expect(await stored(clientA)).toHaveLength(1)

    // Renaming another address to it is refused too; keeping an address's own label (in another case) is fine.
    const home = await create(clientA, address({ label: 'Home' }), people.a.token)
    expect((await replace(clientA, home.json.id, address({ label: 'office' }), people.a.token)).status).toBe(409)
    const recased = await replace(clientA, office.json.id, address({ label: 'office' }), people.a.token)
    expect(recased.status).toBe(200)
    expect(recased.json.label).toBe('office')

    // Another client may use the same label.
    expect((await create(clientB, address({ label: 'Office' }), people.b.token)).status).toBe(201)
  })

  it(`keeps at most ${MAX_SAVED_ADDRESSES} addresses per client (422 above)`, async () => {
    await server.db.insert(clientAddresses).values(
      Array.from({ length: MAX_SAVED_ADDRESSES }, (_, i) => ({
        clientId: clientA,
        label: `Branch ${i + 1}`,
        recipientName: 'Maria Lopez',
        address: `${i + 1} Main St`,
        city: 'Miami',
        stateProvince: 'FL',
        zipcode: '33130',
        countryId: us,
      })),
    )
    const res = await create(clientA, address({ label: 'One too many' }), people.a.token)
    expect(res.status).toBe(422)
    expect(res.json.detail).toBe('The address book is full')
    expect(res.json.details).toContain(`At most ${MAX_SAVED_ADDRESSES} addresses`)
    expect(await stored(clientA)).toHaveLength(MAX_SAVED_ADDRESSES)
    // Editing one is still possible.
    const [first] = await stored(clientA)
    expect((await replace(clientA, first.id, address({ label: 'Renamed' }), people.a.token)).status).toBe(200)
  })

  it.each([
    ['a missing label', { label: undefined }, 'label', 'This field is mandatory'],
    ['a blank label', { label: '   ' }, 'label', 'This field is mandatory'],
    ['a label over 50 characters', { label: 'x'.repeat(51) }, 'label', 'Label cannot exceed 50 characters'],
    ['a recipient name over 100 characters', { recipientName: 'x'.repeat(101) }, 'recipientName', 'Recipient name cannot exceed 100 characters'],
    ['an address over 255 characters', { address: 'x'.repeat(256) }, 'address', 'Address cannot exceed 255 characters'],
    ['an empty city', { city: '' }, 'city', 'This field is mandatory'],
    ['a missing state', { stateProvince: undefined }, 'stateProvince', 'This field is mandatory'],
    ['a postal code over 10 characters', { zipcode: '12345-67890' }, 'zipcode', 'Postal/Zip Code cannot exceed 10 characters'],
    ['a line break in the address', { address: '1 Main St\nApt 2' }, 'address', 'Address must not contain control characters or line breaks'],
    ['a missing country', { countryId: undefined }, 'countryId', 'This field is mandatory'],
    ['a country sent as text', { countryId: 'US' as unknown as number }, 'countryId', 'This field is mandatory'],
  ])('answers 422 naming the field for %s', async (_name, overrides, field, message) => {
    const res = await create(clientA, address(overrides as Partial<AddressInput>), people.a.token)
    expect(res.status).toBe(422)
    expect(res.json.issues).toContainEqual({ path: field, message: `${field}: ${message}` })
    expect(await stored(clientA)).toHaveLength(0)
    const saved = await create(clientA, address(), people.a.token)
    const edit = await replace(clientA, saved.json.id, address(overrides as Partial<AddressInput>), people.a.token)
    expect(edit.status).toBe(422)
    expect((await stored(clientA))[0]).toMatchObject({ label: 'Office', city: 'Miami' })
  })

  it('answers a body that is not an address with 422, and malformed JSON with 400', async () => {
    const text = await server.request('POST', path(clientA), { token: people.a.token, body: '"Office"', headers: { 'content-type': 'application/json' } })
    expect(text.status).toBe(422)
    expect(text.json.details).toBe('Send the address as a JSON object')
    const broken = await server.request('POST', path(clientA), { token: people.a.token, body: '{"label":', headers: { 'content-type': 'application/json' } })
    expect(broken.status).toBe(400)
    expect(await stored(clientA)).toHaveLength(0)
  })

  it('answers 422 for a country that does not exist', async () => {
    const res = await create(clientA, address({ countryId: 99_999 }), people.a.token)
    expect(res.status).toBe(422)
    expect(res.json).toMatchObject({ detail: 'Choose a country', issues: [{ path: 'countryId' }] })
    expect(await stored(clientA)).toHaveLength(0)
  })
})

describe('who may use an address book', () => {
  it("answers another client's address book with 404, reading or changing it", async () => {
    const ofB = await create(clientB, address({ label: 'Warehouse' }), people.b.token)
    expect(ofB.status).toBe(201)
    expect((await list(clientB, people.a.token)).status).toBe(404)
    expect((await create(clientB, address({ label: 'Mine now' }), people.a.token)).status).toBe(404)
    expect((await replace(clientB, ofB.json.id, address({ label: 'Hijacked' }), people.a.token)).status).toBe(404)
    expect((await remove(clientB, ofB.json.id, people.a.token)).status).toBe(404)
    // Nor through its own path: B's address under A's client id is no address of A's.
    expect((await replace(clientA, ofB.json.id, address({ label: 'Hijacked' }), people.a.token)).status).toBe(404)
    expect((await remove(clientA, ofB.json.id, people.a.token)).status).toBe(404)
    expect(await stored(clientB)).toEqual([expect.objectContaining({ id: ofB.json.id, label: 'Warehouse' })])
  })

  it('lets staff read any address book; changes need PCE (403 without)', async () => {
    const saved = await create(clientA, address(), people.a.token)
    const read = await list(clientA, people.viewer.token)
    expect(read.status).toBe(200)
    expect(read.json).toHaveLength(1)
    expect((await create(clientA, address({ label: 'Staff try' }), people.viewer.token)).status).toBe(403)
    expect((await replace(clientA, saved.json.id, address({ label: 'Staff try' }), people.viewer.token)).status).toBe(403)
    expect((await remove(clientA, saved.json.id, people.viewer.token)).status).toBe(403)
    expect(await stored(clientA)).toEqual([expect.objectContaining({ label: 'Office' })])
  })

  it('lets staff with PCE and a super admin change it, audited under their name', async () => {
    const byEditor = await create(clientA, address({ label: 'Attorney' }), people.editor.token)
    expect(byEditor.status).toBe(201)
    const edited = await replace(clientA, byEditor.json.id, address({ label: 'Our attorney' }), people.admin.token)
    expect(edited.status).toBe(200)
    expect((await remove(clientA, byEditor.json.id, people.editor.token)).status).toBe(204)
    const rows = [
      ...(await audits(clientA, 'client.address.create')),
      ...(await audits(clientA, 'client.address.update')),
      ...(await audits(clientA, 'client.address.delete')),
    ].filter((row) => (row.details as { addressId: number }).addressId === byEditor.json.id)
    expect(rows.map((row) => [row.action, row.actorUserId])).toEqual([
      ['client.address.create', people.editor.id],
      ['client.address.update', people.admin.id],
      ['client.address.delete', people.editor.id],
    ])
  })

  it('answers 404 for an unknown client or address, and 401 without a session', async () => {
    expect((await list(999_999, people.editor.token)).status).toBe(404)
    expect((await create(999_999, address(), people.editor.token)).status).toBe(404)
    expect((await replace(clientA, 999_999, address(), people.a.token)).status).toBe(404)
    expect((await server.request('GET', path('abc'), { token: people.editor.token })).status).toBe(404)
    expect((await list(clientA)).status).toBe(401)
    expect((await create(clientA, address())).status).toBe(401)
  })
})

describe('saving the address of a mail request', () => {
  const mailing = { recipientName: 'Attn: Legal', address: '9 Ocean Dr', city: 'Key West', stateProvince: 'FL', zipcode: '33040' }
  const requestMail = (body: Record<string, unknown>, headers?: Record<string, string>) =>
    server.request('POST', '/api/client/document-request', { token: people.a.token, body, headers })
  const requestCount = async () => (await server.db.select({ n: sql<number>`count(*)::int` }).from(documentRequests))[0].n

  it('saves the address with the request, in one submit', async () => {
    const documentId = await uploadDocument(clientA)
    const res = await requestMail({ documentIds: [documentId], ...mailing, countryId: us, saveAddressAs: 'Beach house' })
    expect(res.status).toBe(201)
    expect(v.is(CreatedDocumentRequestsSchema, res.json)).toBe(true)
    expect(res.json.documentRequests[0]).toMatchObject({ documentId, ...mailing })
    expect(res.json.savedAddress).toMatchObject({ clientId: clientA, label: 'Beach house', ...mailing, countryId: us })
    expect(await stored(clientA)).toEqual([expect.objectContaining({ label: 'Beach house', city: 'Key West' })])
    const rows = (await audits(clientA, 'client.address.create')).filter((row) => (row.details as { addressId: number }).addressId === res.json.savedAddress.id)
    expect(rows).toEqual([expect.objectContaining({ actorUserId: people.a.id })])
  })

  it('saves the profile address it defaults to, and nothing without saveAddressAs', async () => {
    const plain = await requestMail({ documentIds: [await uploadDocument(clientA)] })
    expect(plain.status).toBe(201)
    expect(plain.json.savedAddress).toBeUndefined()
    expect(await stored(clientA)).toHaveLength(0)
    const res = await requestMail({ documentIds: [await uploadDocument(clientA)], saveAddressAs: 'Main office' })
    expect(res.status).toBe(201)
    expect(res.json.savedAddress).toMatchObject({ label: 'Main office', address: '1 Main St', city: 'Miami', zipcode: '33130', countryId: us })
  })

  it('leaves no address saved when the request fails', async () => {
    const auditsBefore = (await audits(clientA, 'client.address.create')).length
    const documentId = await uploadDocument(clientA)
    expect((await requestMail({ documentIds: [documentId], ...mailing, countryId: us })).status).toBe(201)
    const before = await requestCount()
    // The document already has an open request: the request is refused, and so is the address.
    const refused = await requestMail({ documentIds: [documentId], ...mailing, countryId: us, saveAddressAs: 'Beach house' })
    expect(refused.status).toBe(409)
    // Another client's document: 404, nothing saved.
    const ofB = await uploadDocument(clientB)
    expect((await requestMail({ documentIds: [ofB], ...mailing, countryId: us, saveAddressAs: 'Beach house' })).status).toBe(404)
    expect(await requestCount()).toBe(before)
    expect(await stored(clientA)).toHaveLength(0)
    expect(await audits(clientA, 'client.address.create')).toHaveLength(auditsBefore)
  })

  it('makes no request when the address cannot be saved (a label in use, a bad label)', async () => {
    await create(clientA, address({ label: 'Beach house' }), people.a.token)
    const documentId = await uploadDocument(clientA)
    const before = await requestCount()
    const taken = await requestMail({ documentIds: [documentId], ...mailing, countryId: us, saveAddressAs: 'BEACH HOUSE' })
    expect(taken.status).toBe(409)
    expect(taken.json.details).toBe('An address named “BEACH HOUSE” is already saved. Choose another label.')
    const blank = await requestMail({ documentIds: [documentId], ...mailing, countryId: us, saveAddressAs: ' ' })
    expect(blank.status).toBe(422)
    expect(blank.json.issues).toContainEqual({ path: 'saveAddressAs', message: 'saveAddressAs: This field is mandatory' })
    expect(await requestCount()).toBe(before)
    expect(await stored(clientA)).toHaveLength(1)
    // The document can still be requested.
    expect((await requestMail({ documentIds: [documentId], ...mailing, countryId: us, saveAddressAs: 'Beach house 2' })).status).toBe(201)
  })

  it('saves once when the request is replayed with the same Idempotency-Key', async () => {
    const documentId = await uploadDocument(clientA)
    const headers = { 'Idempotency-Key': 'mail-7d1c2b3a-4e5f-4a6b-9c8d-0e1f2a3b4c5d' }
    const body = { documentIds: [documentId], ...mailing, countryId: us, saveAddressAs: 'Beach house' }
    const first = await requestMail(body, headers)
    const replay = await requestMail(body, headers)
    expect(first.status).toBe(201)
    expect(replay.status).toBe(201)
    expect(replay.json).toEqual(first.json)
    expect(await stored(clientA)).toHaveLength(1)
  })
})
