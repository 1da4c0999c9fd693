import { and, eq } from 'drizzle-orm'
import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ClientSchema, type UpdateClientInput } from '../../contract/clients'
import { auditEvents, businessEntityTypes, clients, countries } from '../../server/db/schema'
import { createTestServer, type TestServer } from './harness'

/** PUT /api/client/{id}: the profile edit. */
let server: TestServer
let us: number
let canada: number
let llc: number
let corp: number
const people = {} as Record<'owner' | 'other' | 'editor' | 'viewer' | 'admin', { id: number; token: string }>
let ownerClientId: number
let otherClientId: number

const put = (id: number | string, body: unknown, token?: string) => server.request('PUT', `/api/client/${id}`, { token, body })
const load = async (id: number) => (await server.db.select().from(clients).where(eq(clients.id, id)))[0]

function profile(overrides: Partial<UpdateClientInput> = {}): UpdateClientInput {
  return {
    companyName: 'Sunrise Bakery LLC',
    businessType: llc,
    notifyAttorney: true,
    attorneyEmail: 'counsel@law.example',
    changeAgent: false,
    useAgentAddress: true,
    firstName: 'Maria',
    lastName: 'Lopez',
    phone: '+1 (305) 555-0147',
    country: us,
    address: '200 Ocean Dr',
    city: 'Miami Beach',
    stateProvince: 'FL',
    zipcode: '33139',
    leadGeneratedBy: null,
    ...overrides,
  }
}

beforeAll(async () => {
  server = await createTestServer()
  const all = await server.db.select().from(countries)
  us = all.find((c) => c.iso2 === 'US')!.id
  canada = all.find((c) => c.iso2 === 'CA')!.id
  const types = await server.db.select().from(businessEntityTypes).orderBy(businessEntityTypes.id)
  llc = types.find((t) => /Limited Liability/.test(t.name))!.id
  corp = types.find((t) => t.id !== llc)!.id
  const owner = await server.factories.client({ leadGeneratedBy: 'Trade show', countryId: us, businessType: llc })
  const other = await server.factories.client({ companyName: 'Other Co' })
  ownerClientId = owner.client.id
  otherClientId = other.client.id
  const editor = (await server.factories.agent(['PCE'])).user
  const viewer = (await server.factories.agent(['DCV', 'ICV'])).user
  const admin = (await server.factories.agent([], { roleId: 1 })).user
  for (const [key, user] of Object.entries({ owner: owner.user, other: other.user, editor, viewer, admin })) {
    people[key as keyof typeof people] = { id: user.id, token: await server.tokenFor(user.id) }
  }
})
afterAll(() => server.close())

describe('PUT /api/client/{id}', () => {
  it('lets a client edit its own profile and answers the updated client', async () => {
    const res = await put(ownerClientId, profile(), people.owner.token)
    expect(res.status).toBe(200)
    expect(v.is(ClientSchema, res.json)).toBe(true)
    expect(res.json).toMatchObject({
      id: ownerClientId,
      companyName: 'Sunrise Bakery LLC',
      firstName: 'Maria',
      lastName: 'Lopez',
      phone: '+1 (305) 555-0147',
      country: us,
      countryName: 'United States',
      businessType: llc,
      address: '200 Ocean Dr',
      city: 'Miami Beach',
      stateProvince: 'FL',
      zipcode: '33139',
      notifyAttorney: true,
      attorneyEmail: 'counsel@law.example',
      useAgentAddress: true,
      changeAgent: false,
    })
    // The same as a fresh read.
    const read = await server.request('GET', `/api/client/${ownerClientId}`, { token: people.owner.token })
    expect(read.json).toEqual(res.json)
    const [event] = await server.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'client.update'), eq(auditEvents.entityId, String(ownerClientId))))
    expect(event.actorUserId).toBe(people.owner.id)
    expect((event.details as { changed: string[] }).changed).toEqual(expect.arrayContaining(['companyName', 'firstName', 'address', 'attorneyEmail']))
    expect(JSON.stringify(event.details)).not.toContain('Ocean Dr')
  })

  it('trims text and clears the attorney e-mail when Notify Attorney is No', async () => {
    const res = await put(ownerClientId, profile({ notifyAttorney: false, attorneyEmail: 'counsel@law.example', city: '  Miami  ' }), people.owner.token)
    expect(res.status).toBe(200)
    expect(res.json).toMatchObject({ notifyAttorney: false, attorneyEmail: null, city: 'Miami' })
  })

  it('keeps the provider-side lead source when a client sends one; an agent with PCE changes it', async () => {
    expect((await put(ownerClientId, profile({ leadGeneratedBy: 'Myself' }), people.owner.token)).status).toBe(200)
    expect((await load(ownerClientId)).leadGeneratedBy).toBe('Trade show')
    const res = await put(
      ownerClientId,
      profile({ leadGeneratedBy: 'Referral', companyName: 'Sunrise Bakery Holdings LLC', country: canada, businessType: corp }),
      people.editor.token,
    )
    expect(res.status).toBe(200)
    expect(res.json).toMatchObject({ leadGeneratedBy: 'Referral', companyName: 'Sunrise Bakery Holdings LLC', country: canada, businessType: corp })
    expect(await load(ownerClientId)).toMatchObject({ leadGeneratedBy: 'Referral', countryId: canada, businessType: corp })
  })

  it('lets a super admin edit any client', async () => {
    const res = await put(otherClientId, profile({ companyName: 'Other Co Renamed' }), people.admin.token)
    expect(res.status).toBe(200)
    expect((await load(otherClientId)).companyName).toBe('Other Co Renamed')
  })

  it("answers another client's id with 404 and changes nothing", async () => {
    const before = await load(otherClientId)
    const res = await put(otherClientId, profile({ companyName: 'Hijacked' }), people.owner.token)
    expect(res.status).toBe(404)
    expect(res.json.detail).toBe('Client not found')
    expect(await load(otherClientId)).toEqual(before)
  })

  it('refuses an agent without PCE (403), an unknown client (404) and a caller without a session (401)', async () => {
    const before = await load(ownerClientId)
    const denied = await put(ownerClientId, profile({ companyName: 'Nope' }), people.viewer.token)
    expect(denied.status).toBe(403)
    expect(denied.json.detail).toBeTruthy()
    expect((await put(999_999, profile(), people.editor.token)).status).toBe(404)
    expect((await put('abc', profile(), people.editor.token)).status).toBe(404)
    expect((await put(ownerClientId, profile())).status).toBe(401)
    expect(await load(ownerClientId)).toEqual(before)
  })

  it.each([
    ['a first name over 50 characters', { firstName: 'x'.repeat(51) }, 'firstName', 'First Name cannot exceed 50 characters'],
    ['a last name over 50 characters', { lastName: 'x'.repeat(51) }, 'lastName', 'Last Name cannot exceed 50 characters'],
    ['a postal code over 10 characters', { zipcode: '12345-67890' }, 'zipcode', 'Postal/Zip Code cannot exceed 10 characters'],
    ['an address over 255 characters', { address: 'x'.repeat(256) }, 'address', 'Address cannot exceed 255 characters'],
    ['an empty company name', { companyName: '   ' }, 'companyName', 'This field is mandatory'],
    ['an empty city', { city: '' }, 'city', 'This field is mandatory'],
    ['a missing phone', { phone: undefined }, 'phone', 'This field is mandatory'],
    ['a phone that is not one', { phone: 'call me' }, 'phone', 'Enter a valid phone number'],
    ['Notify Attorney without an e-mail', { notifyAttorney: true, attorneyEmail: '' }, 'attorneyEmail', 'Enter the attorney e-mail to notify'],
    ['a country sent as text', { country: 'US' as unknown as number }, 'country', 'This field is mandatory'],
  ])('answers 422 naming the field for %s', async (_name, overrides, path, message) => {
    const before = await load(ownerClientId)
    const res = await put(ownerClientId, profile(overrides as Partial<UpdateClientInput>), people.owner.token)
    expect(res.status).toBe(422)
    expect(res.json.issues).toContainEqual({ path, message: `${path}: ${message}` })
    expect(res.json.details).toContain(message)
    expect(await load(ownerClientId)).toEqual(before)
  })

  it('answers 422 for a country or entity type that does not exist', async () => {
    const country = await put(ownerClientId, profile({ country: 99_999 }), people.owner.token)
    expect(country.status).toBe(422)
    expect(country.json).toMatchObject({ detail: 'Choose a country', issues: [{ path: 'country' }] })
    const type = await put(ownerClientId, profile({ businessType: 99_999 }), people.owner.token)
    expect(type.status).toBe(422)
    expect(type.json).toMatchObject({ detail: 'Choose a business entity type', issues: [{ path: 'businessType' }] })
  })

  it('answers malformed JSON with 400', async () => {
    const res = await server.request('PUT', `/api/client/${ownerClientId}`, {
      token: people.owner.token,
      body: '{"companyName":',
      headers: { 'content-type': 'application/json' },
    })
    expect(res.status).toBe(400)
    expect(res.json.detail).toBeTruthy()
    const text = await server.request('PUT', `/api/client/${ownerClientId}`, {
      token: people.owner.token,
      body: '"Sunrise Bakery LLC"',
      headers: { 'content-type': 'application/json' },
    })
    expect(text.status).toBe(422)
    expect(text.json.details).toBe('Send the profile as a JSON object')
  })
})
