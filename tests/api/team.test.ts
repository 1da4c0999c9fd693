import { and, eq } from 'drizzle-orm'
import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CompaniesResponseSchema, TeamListSchema, TeamMemberSchema } from '../../contract/team'
import { auditEvents, clientMemberships, documentTypes } from '../../server/db/schema'
import { createTestServer, login, type TestServer } from './harness'

/** Companies and teams: one login in several companies, switching, and what each role of a team reaches. */
const NOW = new Date('2026-12-03T15:00:00Z')
const PASSWORD = 'Team-pass-2026!'
let server: TestServer
let companyA: number
let companyB: number
let ownerA: { id: number; email: string; token: string }
let ownerB: { id: number; email: string }
let staff: { editor: string; viewer: string; admin: string }
let documentOfA: number

const team = (clientId: number, token: string) => server.request('GET', `/api/client/${clientId}/team`, { token })
const add = (clientId: number, body: unknown, token: string) => server.request('POST', `/api/client/${clientId}/team`, { token, body })
const patch = (clientId: number, userId: number, body: unknown, token: string) =>
  server.request('PATCH', `/api/client/${clientId}/team/${userId}`, { token, body })
const remove = (clientId: number, userId: number, token: string) => server.request('DELETE', `/api/client/${clientId}/team/${userId}`, { token })
const switchTo = (clientId: number, token: string) => server.request('POST', '/api/auth/switch-company', { token, body: { clientId } })
const person = (email: string, role: string) => ({ email, firstName: 'Grace', lastName: 'Hopper', role })
const claimsOf = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()) as { clientId: number | null; companyName: string | null }

async function uploadFor(clientId: number): Promise<number> {
  const [type] = await server.db.select().from(documentTypes).where(eq(documentTypes.name, 'Government Correspondence'))
  const form = new FormData()
  form.append('documentTypeId', String(type.id))
  form.append('jurisdiction', '2')
  form.append('dateReceived', NOW.toISOString().slice(0, 10))
  form.append('file', new Blob([new TextEncoder().encode('%PDF-1.7\nteam test')]), 'letter.pdf')
  const res = await server.request('POST', `/api/document/client/${clientId}`, { token: staff.admin, body: form })
  expect(res.status).toBe(201)
  return res.json.documents[0].id
}

beforeAll(async () => {
  server = await createTestServer({ now: NOW })
  const a = await server.factories.client({ companyName: 'Sunshine Holdings LLC' }, PASSWORD)
  const b = await server.factories.client({ companyName: 'Gulf Coast Ventures Inc' }, PASSWORD)
  companyA = a.client.id
  companyB = b.client.id
  ownerA = { id: a.user.id, email: a.user.email, token: (await login(server, a.user.email, PASSWORD)).token }
  ownerB = { id: b.user.id, email: b.user.email }
  staff = {
    editor: await server.tokenFor((await server.factories.agent(['PCE'])).user.id),
    viewer: await server.tokenFor((await server.factories.agent(['DCV'])).user.id),
    admin: await server.tokenFor((await server.factories.agent([], { roleId: 1 })).user.id),
  }
  documentOfA = await uploadFor(companyA)
})
afterAll(() => server.close())

describe('one login in several companies', () => {
  it('an owner adds a person with another company’s login as a member: they list both, switch, read documents, are refused paying, and once removed are refused at once', async () => {
    const added = await add(companyA, person(ownerB.email, 'member'), ownerA.token)
    expect(added.status).toBe(201)
    expect(v.is(TeamMemberSchema, added.json)).toBe(true)
    // The same login, not a new one: their own name stays, and they are told.
    expect(added.json).toMatchObject({ userId: ownerB.id, role: 'member', status: 'active' })
    const notice = server.sent.findLast((mail) => mail.to === ownerB.email)
    expect(notice?.subject).toBe('You have been added to Sunshine Holdings LLC')
    expect(notice?.text).toContain('/login')

    const signedIn = await login(server, ownerB.email, PASSWORD)
    expect(signedIn.user.clientId).toBe(companyB)
    const companies = await server.request('GET', '/api/auth/companies', { token: signedIn.token })
    expect(companies.status).toBe(200)
    expect(v.is(CompaniesResponseSchema, companies.json)).toBe(true)
    expect(companies.json.data).toEqual([
      { clientId: companyB, companyName: 'Gulf Coast Ventures Inc', role: 'owner' },
      { clientId: companyA, companyName: 'Sunshine Holdings LLC', role: 'member' },
    ])

    const switched = await switchTo(companyA, signedIn.token)
    expect(switched.status).toBe(200)
    expect(switched.json.user).toMatchObject({ id: ownerB.id, clientId: companyA, companyName: 'Sunshine Holdings LLC' })
    expect(claimsOf(switched.json.token)).toMatchObject({ clientId: companyA, companyName: 'Sunshine Holdings LLC' })
    const inA = switched.json.token as string

    const documents = await server.request('GET', `/api/client/documents/${companyA}`, { token: inA })
    expect(documents.status).toBe(200)
    expect(documents.json.data.map((d: { id: number }) => d.id)).toContain(documentOfA)
    // A member does not pay and does not see the invoices.
    const pay = await server.request('POST', '/api/client/invoices/pay', { token: inA, body: { invoiceIds: [1], token: 'tok_visa' } })
    expect(pay.status).toBe(403)
    expect(pay.json.detail).toBe('Your role in this company does not include its invoices and payments')
    expect((await server.request('GET', `/api/client/invoices/${companyA}`, { token: inA })).status).toBe(403)
    // Nor manages the team or the profile.
    expect((await add(companyA, person('someone@example.test', 'member'), inA)).status).toBe(403)
    expect((await server.request('PUT', `/api/client/${companyA}`, { token: inA, body: { phone: '+13055550199' } })).status).toBe(403)
    // The session's company is the one switched to: the other company's lists are not reached with this token.
    expect((await server.request('GET', `/api/client/documents/${companyB}`, { token: inA })).status).toBe(404)

    // A renewal stays in the company switched to.
    const renewed = await server.request('POST', '/api/auth/refresh', { headers: { cookie: signedIn.cookie } })
    expect(renewed.status).toBe(200)
    expect(renewed.json.user.clientId).toBe(companyA)

    expect((await remove(companyA, ownerB.id, ownerA.token)).status).toBe(204)
    const refused = await server.request('GET', `/api/client/documents/${companyA}`, { token: renewed.json.token })
    expect(refused.status).toBe(401)
    expect(refused.json.detail).toBe('Your access to this company has ended')
    // Their own company is untouched.
    const home = await switchTo(companyA, (await login(server, ownerB.email, PASSWORD)).token)
    expect(home.status).toBe(403)
    const audit = await server.db
      .select({ action: auditEvents.action })
      .from(auditEvents)
      .where(and(eq(auditEvents.entity, 'client'), eq(auditEvents.entityId, String(companyA))))
    expect(audit.map((row) => row.action)).toEqual(expect.arrayContaining(['team.add', 'team.remove']))
  })

  it('a new person added for billing is invited, chooses a password, reaches the invoices and is refused the documents', async () => {
    const email = 'books@sunshine.example'
    const added = await add(companyA, person(email, 'billing'), staff.editor)
    expect(added.status).toBe(201)
    expect(added.json).toMatchObject({ email, role: 'billing', status: 'invited' })
    const invitation = server.sent.findLast((mail) => mail.to === email)
    const token = /\/reset\/([A-Za-z0-9_-]+)/.exec(invitation?.text ?? '')?.[1]
    expect(token).toBeDefined()
    expect((await server.request('POST', '/api/auth/reset-password', { body: { token, password: 'Billing-pass-2026!' } })).status).toBe(200)

    const signedIn = await login(server, email, 'Billing-pass-2026!')
    expect(signedIn.user.clientId).toBe(companyA)
    expect((await server.request('GET', `/api/client/invoices/${companyA}`, { token: signedIn.token })).status).toBe(200)
    const documents = await server.request('GET', `/api/client/documents/${companyA}`, { token: signedIn.token })
    expect(documents.status).toBe(403)
    expect(documents.json.detail).toBe('Your role in this company does not include its documents and mail')
    expect((await server.request('GET', `/api/document/${documentOfA}`, { token: signedIn.token })).status).toBe(403)
    // The dashboard shows them the money, not the mail: the owner sees the unread letter, they do not.
    const ownersView = await server.request('GET', '/api/dashboard/client', { token: ownerA.token })
    expect(ownersView.json.unreadDocuments.count).toBeGreaterThan(0)
    const billingView = await server.request('GET', '/api/dashboard/client', { token: signedIn.token })
    expect(billingView.status).toBe(200)
    expect(billingView.json.unreadDocuments).toEqual({ count: 0, mostUrgent: null })
    expect(billingView.json.recentActivity.filter((item: { documentId: number | null }) => item.documentId !== null)).toEqual([])
    expect((await server.request('GET', `/api/client/${companyA}`, { token: signedIn.token })).json.documents).toEqual([])
  })

  it('keeps an owner in every company', async () => {
    const solo = await server.factories.client({ companyName: 'Solo Owner LLC' })
    const token = await server.tokenFor(solo.user.id)
    const demote = await patch(solo.client.id, solo.user.id, { role: 'member' }, token)
    expect(demote.status).toBe(409)
    expect(demote.json.detail).toBe('A company needs at least one owner: make someone else an owner first')
    expect((await remove(solo.client.id, solo.user.id, staff.editor)).status).toBe(409)
    const rows = await server.db.select().from(clientMemberships).where(eq(clientMemberships.clientId, solo.client.id))
    expect(rows).toEqual([expect.objectContaining({ userId: solo.user.id, role: 'owner' })])
  })

  it('refuses what the caller may not do', async () => {
    const other = await server.factories.client({ companyName: 'Elsewhere LLC' })
    const otherToken = await server.tokenFor(other.user.id)
    // Another company's owner never learns the team exists; staff read it, change it only with PCE.
    expect((await team(companyA, otherToken)).status).toBe(404)
    const read = await team(companyA, staff.viewer)
    expect(read.status).toBe(200)
    expect(v.is(TeamListSchema, read.json)).toBe(true)
    expect(read.json.data[0]).toMatchObject({ userId: ownerA.id, role: 'owner' })
    expect((await add(companyA, person('x@example.test', 'member'), staff.viewer)).status).toBe(403)
    // Switching into a company one does not belong to, or as staff.
    expect((await switchTo(companyA, otherToken)).status).toBe(403)
    expect((await switchTo(companyA, staff.admin)).status).toBe(403)
    expect((await server.request('GET', '/api/auth/companies', { token: staff.admin })).json).toEqual({ data: [] })
    // A staff login cannot join a client's team; nobody is added twice; bad input is named.
    const staffEmail = await server.factories.agent([])
    expect((await add(companyA, person(staffEmail.user.email, 'member'), ownerA.token)).status).toBe(409)
    expect((await add(companyA, person(ownerA.email, 'member'), ownerA.token)).status).toBe(409)
    const bad = await add(companyA, { ...person('y@example.test', 'admin') }, ownerA.token)
    expect(bad.status).toBe(422)
    expect(bad.json.issues).toEqual([expect.objectContaining({ path: 'role', message: 'role: Choose one of owner, member, billing' })])
    expect((await patch(companyA, 999_999, { role: 'member' }, ownerA.token)).status).toBe(404)
  })

  it('a person removed from their first company keeps the others; removed from the last, their login ends', async () => {
    const first = await server.factories.client({ companyName: 'First Co LLC' })
    const second = await server.factories.client({ companyName: 'Second Co LLC' })
    const firstOwner = await server.tokenFor(first.user.id)
    const secondOwner = await server.tokenFor(second.user.id)
    const added = await add(first.client.id, person('both@example.test', 'owner'), firstOwner)
    expect(added.status).toBe(201)
    const both = added.json.userId as number
    expect((await add(second.client.id, person('both@example.test', 'member'), secondOwner)).status).toBe(201)
    expect((await remove(first.client.id, both, firstOwner)).status).toBe(204)
    const token = await server.tokenFor(both)
    expect(claimsOf(token).clientId).toBe(second.client.id)
    expect((await server.request('GET', '/api/auth/companies', { token })).json.data).toEqual([
      { clientId: second.client.id, companyName: 'Second Co LLC', role: 'member' },
    ])
    expect((await remove(second.client.id, both, secondOwner)).status).toBe(204)
    expect((await server.request('GET', '/api/auth/companies', { token })).status).toBe(401)
  })
})
