import { randomUUID } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { RegistrationResultSchema, type RegistrationInput } from '../../contract/clients'
import type { Service } from '../../contract/catalogue'
import { EmailAvailabilitySchema } from '../../contract/signup'
import { auditEvents, businessEntityTypes, clientMemberships, clients, countries, payments, sandboxCharges, users } from '../../server/db/schema'
import { createTestServer, login, type TestServer } from './harness'
import { sandboxCardToken, TEST_CARDS } from './sandbox-card'

/**
 * Adding a company to a login that exists: a signed-in client registers another company for
 * themselves; staff registering an e-mail that already signs in to a company add the new one to it.
 */
const PASSWORD = 'Add-company-pass-2026!'
let server: TestServer
let addressService: Service
let ids: { us: number; llc: number }
let seq = 0

beforeAll(async () => {
  server = await createTestServer({ seed: true })
  addressService = (await server.request('GET', '/api/services?kind=address')).json[0]
  const [us] = await server.db.select().from(countries).where(eq(countries.iso2, 'US'))
  const [llc] = await server.db.select().from(businessEntityTypes).where(eq(businessEntityTypes.name, 'Florida Limited Liability Company'))
  ids = { us: us.id, llc: llc.id }
})
afterAll(() => server.close())

/** The wizard's body for a new company; `account` is the new login (left out when signed in as a client). */
async function order(companyName: string, account?: RegistrationInput['userInformation']): Promise<RegistrationInput> {
  const pkg = addressService.servicesPackages[0]
  return {
    clientInformation: {
      companyName,
      businessType: ids.llc,
      attorneyEmail: '',
      notifyAttorney: false,
      changeAgent: false,
      useAgentAddress: false,
      firstName: 'Nora',
      lastName: 'Quintero',
      phone: '+1 305 555 0177',
      countryId: ids.us,
      address: '40 Brickell Ave',
      city: 'Miami',
      stateProvince: 'FL',
      zipcode: '33131',
      agentId: null,
      affiliated_id: null,
      leadGeneratedBy: null,
    },
    ...(account ? { userInformation: account } : {}),
    serviceSubscriptions: [
      { active: true, serviceId: addressService.id, servicePackageId: pkg.id, serviceName: addressService.name, servicePackageAmount: pkg.amount },
    ],
    affinipayPaymentDetails: { token: await sandboxCardToken(server, TEST_CARDS.success) },
    couponId: 0,
  }
}

const register = (body: unknown, init: { key?: string; token?: string } = {}) =>
  server.request('POST', '/api/client', { body, token: init.token, headers: { 'idempotency-key': init.key ?? randomUUID() } })
const companiesOf = async (token: string) => (await server.request('GET', '/api/auth/companies', { token })).json.data
const switchTo = (clientId: number, token: string) => server.request('POST', '/api/auth/switch-company', { token, body: { clientId } })

/** A client login of its own company, signed in. */
async function person(role: 'owner' | 'member' | 'billing' = 'owner') {
  const n = ++seq
  const first = await server.factories.client({ companyName: `Harbor Lights ${n} LLC` }, PASSWORD)
  let userId = first.user.id
  let email = first.user.email
  if (role !== 'owner') {
    // Someone else's company, where this person has the given role only.
    const other = await server.factories.client({ companyName: `Bayfront Works ${n} Inc` }, PASSWORD)
    await server.db.delete(clientMemberships).where(eq(clientMemberships.userId, other.user.id))
    await server.db.insert(clientMemberships).values({ userId: other.user.id, clientId: other.client.id, role })
    await server.db.insert(clientMemberships).values({ userId: first.user.id, clientId: other.client.id, role: 'owner' })
    userId = other.user.id
    email = other.user.email
  }
  const session = await login(server, email, PASSWORD)
  const [user] = await server.db.select().from(users).where(eq(users.id, userId))
  return { userId, email, token: session.token, clientId: session.user.clientId!, passwordHash: user.passwordHash }
}

const chargesOf = async (clientId: number) => server.db.select().from(payments).where(eq(payments.clientId, clientId))
/** The card processor's own books for one registration: what was really charged. */
const sandboxChargesFor = async (description: string) =>
  (await server.db.select().from(sandboxCharges).where(eq(sandboxCharges.description, description))).filter((charge) => charge.status === 'succeeded')

describe('a signed-in client adds a company to their own login', () => {
  it('registers a second company without an account part: both listed as owner, switching works, one charge, no new user', async () => {
    const me = await person()
    const usersBefore = (await server.db.select({ id: users.id }).from(users)).length
    const res = await register(await order('Second Harbor Co LLC'), { token: me.token })
    expect(res.status).toBe(201)
    expect(v.is(RegistrationResultSchema, res.json)).toBe(true)
    expect(res.json).toMatchObject({ userId: me.userId, newLogin: false })
    const newId = res.json.clientId as number

    expect((await server.db.select({ id: users.id }).from(users)).length).toBe(usersBefore)
    expect(await companiesOf(me.token)).toEqual([
      { clientId: me.clientId, companyName: expect.any(String), role: 'owner' },
      { clientId: newId, companyName: 'Second Harbor Co LLC', role: 'owner' },
    ])
    // The first company stays the one a sign-in opens.
    const [user] = await server.db.select().from(users).where(eq(users.id, me.userId))
    expect(user.clientId).toBe(me.clientId)
    expect(user.passwordHash).toBe(me.passwordHash)

    const switched = await switchTo(newId, me.token)
    expect(switched.status).toBe(200)
    expect(switched.json.user.clientId).toBe(newId)
    expect((await server.request('GET', `/api/client/${newId}`, { token: switched.json.token })).status).toBe(200)

    const paid = await chargesOf(newId)
    expect(paid).toHaveLength(1)
    expect(await sandboxChargesFor('Registration of Second Harbor Co LLC')).toHaveLength(1)

    // The receipt goes to the person's own address; the membership is audited as a team change.
    expect(server.sent.findLast((mail) => mail.to === me.email)?.text).toContain('Second Harbor Co LLC')
    const audit = await server.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'team.add'), eq(auditEvents.entityId, String(newId))))
    expect(audit).toHaveLength(1)
    expect(audit[0].actorUserId).toBe(me.userId)
    expect(audit[0].details).toMatchObject({ userId: me.userId, role: 'owner', newLogin: false })
  })

  it('a replay with the same Idempotency-Key answers the same company and charges once', async () => {
    const me = await person()
    const body = await order('Replayed Harbor LLC')
    const key = randomUUID()
    const first = await register(body, { token: me.token, key })
    expect(first.status).toBe(201)
    const again = await register(body, { token: me.token, key })
    expect(again.status).toBe(201)
    expect(again.headers.get('idempotent-replayed')).toBe('true')
    expect(again.json).toEqual(first.json)
    expect(await chargesOf(first.json.clientId)).toHaveLength(1)
    expect(await server.db.select().from(clients).where(eq(clients.companyName, 'Replayed Harbor LLC'))).toHaveLength(1)
    expect(await sandboxChargesFor('Registration of Replayed Harbor LLC')).toHaveLength(1)
    expect((await companiesOf(me.token)).filter((c: { companyName: string }) => c.companyName === 'Replayed Harbor LLC')).toHaveLength(1)
  })

  it('a member or billing person becomes the owner of the new company only', async () => {
    for (const role of ['member', 'billing'] as const) {
      const me = await person(role)
      const res = await register(await order(`Own Venture ${role} LLC`), { token: me.token })
      expect(res.status).toBe(201)
      expect(await companiesOf(me.token)).toEqual([
        { clientId: me.clientId, companyName: expect.any(String), role },
        { clientId: res.json.clientId, companyName: `Own Venture ${role} LLC`, role: 'owner' },
      ])
    }
  })

  it('refuses an account part when signed in, and a missing one without a session, before anything is charged', async () => {
    const me = await person()
    const withAccount = await register(await order('Refused Harbor LLC', { email: `someone.${randomUUID().slice(0, 6)}@example.test`, password: PASSWORD }), {
      token: me.token,
    })
    expect(withAccount.status).toBe(422)
    expect(withAccount.json.issues[0].path).toBe('userInformation')
    const anonymous = await register(await order('Refused Harbor LLC'))
    expect(anonymous.status).toBe(422)
    expect(anonymous.json.issues[0].path).toBe('userInformation')
    expect(await sandboxChargesFor('Registration of Refused Harbor LLC')).toHaveLength(0)
  })
})

describe('staff register a company with an e-mail that already has a login', () => {
  it('a client login gets the company added (owner) and a notice, its password unchanged, no invitation', async () => {
    const them = await person()
    const { user: staff } = await server.factories.agent(['PCE'])
    const staffToken = await server.tokenFor(staff.id)
    const check = await server.request('POST', '/api/signup/email-available', { token: staffToken, body: { email: them.email } })
    expect(v.parse(EmailAvailabilitySchema, check.json)).toEqual({ available: false, login: 'client' })

    const res = await register(await order('Linked By Staff LLC', { email: them.email }), { token: staffToken })
    expect(res.status).toBe(201)
    expect(res.json).toMatchObject({ userId: them.userId, newLogin: false })
    expect(await companiesOf(them.token)).toEqual([
      { clientId: them.clientId, companyName: expect.any(String), role: 'owner' },
      { clientId: res.json.clientId, companyName: 'Linked By Staff LLC', role: 'owner' },
    ])
    const [user] = await server.db.select().from(users).where(eq(users.id, them.userId))
    expect(user.passwordHash).toBe(them.passwordHash)
    expect(user.invitedAt).toBeNull()
    expect((await login(server, them.email, PASSWORD)).user.clientId).toBe(them.clientId)

    const notice = server.sent.findLast((mail) => mail.to === them.email)
    expect(notice?.subject).toBe('You have been added to Linked By Staff LLC')
    expect(notice?.text).toContain(`${staff.firstName} ${staff.lastName}`)
    expect(notice?.text).not.toContain('choose your password')
    const audit = await server.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'team.add'), eq(auditEvents.entityId, String(res.json.clientId))))
    expect(audit.map((event) => event.actorUserId)).toEqual([staff.id])
    expect(await chargesOf(res.json.clientId)).toHaveLength(1)
  })

  it('a staff login’s e-mail stays refused (409), and nothing is charged', async () => {
    const { user: other } = await server.factories.agent([])
    const { user: staff } = await server.factories.agent(['PCE'])
    const staffToken = await server.tokenFor(staff.id)
    const check = await server.request('POST', '/api/signup/email-available', { token: staffToken, body: { email: other.email } })
    expect(check.json).toEqual({ available: false, login: 'staff' })
    const res = await register(await order('Staff Mail LLC', { email: other.email }), { token: staffToken })
    expect(res.status).toBe(409)
    expect(res.json.detail).toBe('This e-mail belongs to a provider staff login')
    expect(await sandboxChargesFor('Registration of Staff Mail LLC')).toHaveLength(0)
    expect(await server.db.select().from(clients).where(eq(clients.companyName, 'Staff Mail LLC'))).toHaveLength(0)
  })
})

describe('a public sign-up with an e-mail that has a login', () => {
  it('is still refused (409): nobody attaches a company to someone else’s login, and the check says only "not available"', async () => {
    const them = await person()
    const check = await server.request('POST', '/api/signup/email-available', { body: { email: them.email } })
    expect(check.json).toEqual({ available: false })
    const res = await register(await order('Takeover Attempt LLC', { email: them.email, password: 'Someone-elses-pass-2026' }))
    expect(res.status).toBe(409)
    expect(res.json.detail).toBe('An account with this e-mail already exists')
    expect((await companiesOf(them.token)).map((c: { clientId: number }) => c.clientId)).toEqual([them.clientId])
    expect(await sandboxChargesFor('Registration of Takeover Attempt LLC')).toHaveLength(0)
  })
})
