import { randomUUID } from 'node:crypto'
import { asc, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RegistrationInput } from '../../contract/clients'
import type { Service } from '../../contract/catalogue'
import {
  agents,
  auditEvents,
  businessEntityTypes,
  clientServices,
  clients,
  countries,
  idempotencyRecords,
  sandboxCharges,
  invoiceLines,
  invoices,
  paymentIntents,
  paymentInvoices,
  payments,
  users,
} from '../../server/db/schema'
import { ADDRESS_LIMITS, IN_PROCESS_ADDRESS_HEADER } from '../../server/auth/rate-limit'
import { createTestServer, DEMO_ACCOUNTS, login, type TestServer } from './harness'
import { sandboxCardToken, TEST_CARDS } from './sandbox-card'

let server: TestServer
let addressServices: Service[]
let addons: Service[]
let ids: { us: number; llc: number }

beforeAll(async () => {
  server = await createTestServer({ seed: true })
  addressServices = (await server.request('GET', '/api/services?kind=address')).json
  addons = (await server.request('GET', '/api/services?kind=addon')).json
  const [us] = await server.db.select().from(countries).where(eq(countries.iso2, 'US'))
  const [llc] = await server.db.select().from(businessEntityTypes).where(eq(businessEntityTypes.name, 'Florida Limited Liability Company'))
  ids = { us: us.id, llc: llc.id }
})
afterAll(() => server.close())

let seq = 0
const subscription = (service: Service, packageIndex = 0) => {
  const pkg = service.servicesPackages[packageIndex]
  return {
    active: true,
    serviceId: service.id,
    servicePackageId: pkg.id,
    serviceName: service.name,
    servicePackageName: pkg.name,
    serviceDescription: service.description,
    servicePackageDescription: pkg.description,
    servicePackageAmount: pkg.amount,
  }
}

/** A sign-up's body: a public sign-up always names its new login. */
type SignupBody = RegistrationInput & { userInformation: NonNullable<RegistrationInput['userInformation']> }

/** A complete sign-up as the wizard sends it, with a fresh card token. */
async function signup(overrides: { card?: string; email?: string; token?: string } = {}): Promise<SignupBody> {
  const n = ++seq
  return {
    clientInformation: {
      companyName: `Keys Kayak Tours ${n} LLC`,
      businessType: ids.llc,
      attorneyEmail: '',
      notifyAttorney: false,
      changeAgent: true,
      useAgentAddress: false,
      firstName: 'Marta',
      lastName: 'Reyes',
      phone: '+1 305 555 0142',
      countryId: ids.us,
      address: '12 Ocean Dr',
      city: 'Miami Beach',
      stateProvince: 'FL',
      zipcode: '33139',
      agentId: null,
      affiliated_id: null,
      leadGeneratedBy: 'Web search',
    },
    userInformation: { email: overrides.email ?? `marta.reyes.${n}@example.test`, password: 'Kayak-trips-to-Key-West' },
    serviceSubscriptions: [subscription(addressServices[0])],
    affinipayPaymentDetails: { token: overrides.token ?? (await sandboxCardToken(server, overrides.card ?? TEST_CARDS.success)) },
    couponId: 0,
  }
}

const register = (body: unknown, init: { key?: string | null; token?: string } = {}) =>
  server.request('POST', '/api/client', {
    body,
    token: init.token,
    headers: init.key === null ? {} : { 'idempotency-key': init.key ?? randomUUID() },
  })

/** Row counts of every table of the database. */
async function countAllTables(): Promise<Record<string, number>> {
  const result = await server.db.execute<{ table_name: string }>(
    // The payment books (the portal's intents, the sandbox gateway's charges) record every attempt by design.
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' and table_name not in ('payment_intents', 'sandbox_charges') order by table_name`,
  )
  const rows = (Array.isArray(result) ? result : (result as unknown as { rows: { table_name: string }[] }).rows) as { table_name: string }[]
  const counts: Record<string, number> = {}
  for (const { table_name } of rows) {
    const r = await server.db.execute<{ n: number }>(sql.raw(`select count(*)::int as n from "${table_name}"`))
    const list = (Array.isArray(r) ? r : (r as unknown as { rows: { n: number }[] }).rows) as { n: number }[]
    counts[table_name] = Number(list[0].n)
  }
  return counts
}

const tokenState = async (token: string) =>
  (
    await server.db
      .select()
      .from(idempotencyRecords)
      .where(eq(idempotencyRecords.key, `sandbox-token:${token}`))
  )[0]?.state

const clientsNamed = (name: string) => server.db.select().from(clients).where(eq(clients.companyName, name))

describe('POST /api/client: success', () => {
  it('creates client, user, subscriptions and the paid first invoice with its charge; the client signs in and sees it', async () => {
    const body = await signup({ email: 'Marta.Reyes@Example.TEST' })
    const res = await register(body)
    expect(res.status).toBe(201)
    const pkg = addressServices[0].servicesPackages[0]
    expect(res.json).toEqual({
      id: res.json.clientId,
      clientId: expect.any(Number),
      userId: expect.any(Number),
      invoiceId: expect.any(Number),
      invoiceNumber: expect.stringMatching(/^INV-\d{4}-\d+$/),
      total: pkg.amount,
      newLogin: true,
    })
    const { clientId, userId, invoiceId } = res.json

    const [client] = await server.db.select().from(clients).where(eq(clients.id, clientId))
    expect(client).toMatchObject({
      companyName: body.clientInformation.companyName,
      firstName: 'Marta',
      businessType: ids.llc,
      countryId: ids.us,
      changeAgent: true,
      // The provider's agent record, as for the demo clients and those staff add.
      agentId: (await server.db.select().from(agents).orderBy(asc(agents.id)).limit(1))[0].id,
      attorneyEmail: null,
    })
    const [user] = await server.db.select().from(users).where(eq(users.id, userId))
    expect(user).toMatchObject({ email: 'marta.reyes@example.test', clientId, roleId: 2 })
    expect(user.passwordHash).toMatch(/^\$argon2id\$/)
    const subscriptions = await server.db.select().from(clientServices).where(eq(clientServices.clientId, clientId))
    expect(subscriptions).toEqual([expect.objectContaining({ serviceId: addressServices[0].id, servicePackageId: pkg.id, active: true })])

    const [invoice] = await server.db.select().from(invoices).where(eq(invoices.id, invoiceId))
    expect(invoice).toMatchObject({ clientId, status: 1, totalCents: Math.round(pkg.amount * 100), discountCents: 0 })
    expect(invoice.paidDate).not.toBeNull()
    expect(await server.db.select().from(invoiceLines).where(eq(invoiceLines.invoiceId, invoiceId))).toHaveLength(1)
    const [payment] = await server.db.select().from(payments).where(eq(payments.clientId, clientId))
    expect(payment).toMatchObject({ amountCents: invoice.totalCents, gateway: 'sandbox', cardBrand: 'visa', cardLast4: '4242' })
    expect(payment.gatewayReference).toMatch(/^sbx_ch_/)
    expect(await server.db.select().from(paymentInvoices).where(eq(paymentInvoices.paymentId, payment.id))).toEqual([
      { paymentId: payment.id, invoiceId, amountCents: invoice.totalCents },
    ])
    const audit = await server.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.entityId, String(clientId)))
    expect(audit.map((a) => a.action)).toContain('client.register')
    expect(server.sent.at(-1)).toMatchObject({ to: 'marta.reyes@example.test', subject: 'Your client portal account is ready' })

    const session = await login(server, 'marta.reyes@example.test', body.userInformation.password!)
    expect(session.user.clientId).toBe(clientId)
    const list = await server.request('GET', `/api/client/invoices/${clientId}`, { token: session.token })
    expect(list.status).toBe(200)
    expect(list.json.data).toEqual([expect.objectContaining({ id: invoiceId, status: 1, total: pkg.amount, paidDate: expect.any(String) })])
  })

  it('prices from the catalogue with add-ons, applies the coupon and records the affiliate', async () => {
    const coupon = (await server.request('GET', '/api/coupon/verify/WELCOME10')).json
    const affiliate = (await server.request('GET', '/api/affiliate/verify/PARTNER1')).json
    const body = await signup()
    const address = addressServices[1]
    body.serviceSubscriptions = [subscription(address, 1), subscription(addons[0]), subscription(addons[1]), { ...subscription(addons[2]), active: false }]
    body.couponId = coupon.id
    body.clientInformation.affiliated_id = affiliate.id
    const res = await register(body)
    expect(res.status).toBe(201)
    const subtotal = [address.servicesPackages[1], addons[0].servicesPackages[0], addons[1].servicesPackages[0]].reduce(
      (sum, p) => sum + Math.round(p.amount * 100),
      0,
    )
    const discount = Math.round(subtotal * 0.1)
    expect(res.json.total).toBe((subtotal - discount) / 100)
    const [invoice] = await server.db.select().from(invoices).where(eq(invoices.id, res.json.invoiceId))
    expect(invoice).toMatchObject({ totalCents: subtotal - discount, discountCents: discount, couponId: coupon.id })
    expect(await server.db.select().from(invoiceLines).where(eq(invoiceLines.invoiceId, invoice.id))).toHaveLength(3)
    const [payment] = await server.db.select().from(payments).where(eq(payments.clientId, res.json.clientId))
    expect(payment.amountCents).toBe(subtotal - discount)

    const session = await login(server, body.userInformation.email, body.userInformation.password!)
    const profile = await server.request('GET', `/api/client/${res.json.clientId}`, { token: session.token })
    expect(profile.status).toBe(200)
    expect(profile.json.clientAffiliate).toEqual({ code: 'PARTNER1' })
    expect(profile.json.users).toEqual([expect.objectContaining({ email: body.userInformation.email })])
    expect(profile.json.clientServices.map((s: { service: { name: string; active: boolean } }) => s.service)).toEqual([
      expect.objectContaining({ name: address.name, active: true }),
      expect.objectContaining({ name: addons[0].name, active: true }),
      expect.objectContaining({ name: addons[1].name, active: true }),
    ])
  })

  it('records the staff member who registers a client, and refuses a bad bearer token', async () => {
    const { agent, user } = await server.factories.agent([], { roleId: 1 })
    const res = await register(await signup(), { token: await server.tokenFor(user.id) })
    expect(res.status).toBe(201)
    const [client] = await server.db.select().from(clients).where(eq(clients.id, res.json.clientId))
    expect(client.agentId).toBe(agent.id)

    const body = await signup()
    const refused = await register(body, { token: 'not-a-token' })
    expect(refused.status).toBe(401)
    expect(await clientsNamed(body.clientInformation.companyName)).toHaveLength(0)
    expect(await tokenState(body.affinipayPaymentDetails.token)).toBe('unused')
  })

  it('lets only staff who edit clients (PCE) register one: a mailroom clerk gets 403 and nothing is charged', async () => {
    const clerk = await server.factories.agent(['DCV', 'DCD'])
    const body = await signup()
    const refused = await register(body, { token: await server.tokenFor(clerk.user.id) })
    expect(refused.status).toBe(403)
    expect(refused.json.detail).toContain('PCE')
    expect(await clientsNamed(body.clientInformation.companyName)).toHaveLength(0)
    expect(await tokenState(body.affinipayPaymentDetails.token)).toBe('unused')

    const editor = await server.factories.agent(['PCE'])
    expect((await register(body, { token: await server.tokenFor(editor.user.id) })).status).toBe(201)
  })
})

describe('POST /api/client: the password', () => {
  const linkToken = (text: string) => /\/reset\/([A-Za-z0-9_-]+)/.exec(text)?.[1]

  it('staff leave it out: the client is invited by e-mail (7-day link) to choose one, then signs in with it', async () => {
    const { user: staff } = await server.factories.agent(['PCE'])
    const body = await signup()
    delete body.userInformation.password
    const before = server.sent.length
    const res = await register(body, { token: await server.tokenFor(staff.id) })
    expect(res.status).toBe(201)
    const [user] = await server.db.select().from(users).where(eq(users.id, res.json.userId))
    expect(user.invitedAt).not.toBeNull()
    expect(user.passwordHash).toBe('!invited')
    const staffToken = await server.tokenFor(staff.id)
    const profile = await server.request('GET', `/api/client/${res.json.clientId}`, { token: staffToken })
    expect(profile.json.users).toEqual([expect.objectContaining({ email: body.userInformation.email, invited: true })])

    // The intent keeps no password and no link token.
    const [intent] = await server.db
      .select()
      .from(paymentIntents)
      .where(sql`${paymentIntents.responseBody} ->> 'userId' = ${String(res.json.userId)}`)
    expect(JSON.stringify(intent.order)).not.toContain('reset')
    expect(intent.order).not.toHaveProperty('passwordHash')

    const mails = server.sent.slice(before)
    expect(mails).toHaveLength(1)
    const [mail] = mails
    expect(mail.to).toBe(body.userInformation.email)
    expect(mail.text).toContain(body.clientInformation.companyName)
    expect(mail.text).toContain(`${staff.firstName} ${staff.lastName}`)
    expect(mail.text).toContain(res.json.invoiceNumber)
    expect(mail.text).toContain('within 7 days')
    expect(mail.text).toContain('Forgot password')
    expect(mail.expiresAt?.getTime()).toBe(server.clock.now().getTime() + 7 * 24 * 3_600_000)
    const token = linkToken(mail.text)
    expect(token).toBeTruthy()
    const audit = await server.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.entityId, String(res.json.userId)))
    expect(audit.map((a) => a.action)).toContain('user.invite')
    expect(JSON.stringify(audit)).not.toContain(token)

    // Until the password is chosen, sign-in fails as with a wrong password.
    const early = await server.request('POST', '/api/auth/login', { body: { email: body.userInformation.email, password: '!invited', remember: false } })
    const wrong = await server.request('POST', '/api/auth/login', { body: { email: DEMO_ACCOUNTS.client, password: 'Not-the-password-2026', remember: false } })
    expect(early.status).toBe(401)
    expect(early.json).toEqual(wrong.json)

    const set = await server.request('POST', '/api/auth/reset-password', { body: { token, password: 'Chosen-by-the-client-2026' } })
    expect(set.status).toBe(200)
    const session = await login(server, body.userInformation.email, 'Chosen-by-the-client-2026')
    expect(session.user.clientId).toBe(res.json.clientId)
    const [after] = await server.db.select().from(users).where(eq(users.id, res.json.userId))
    expect(after.invitedAt).toBeNull()
    const later = await server.request('GET', `/api/client/${res.json.clientId}`, { token: staffToken })
    expect(later.json.users).toEqual([expect.objectContaining({ invited: false })])
  })

  it('an invited client who lost the invitation gets a link from "Forgot password"', async () => {
    const { user: staff } = await server.factories.agent(['PCE'])
    const body = await signup()
    delete body.userInformation.password
    const res = await register(body, { token: await server.tokenFor(staff.id) })
    expect(res.status).toBe(201)
    server.clock.advance(8 * 24 * 3_600_000)
    const invitation = linkToken(server.sent.at(-1)!.text)
    expect((await server.request('GET', `/api/auth/reset/${invitation}`)).status).toBe(400)

    expect((await server.request('POST', '/api/auth/forgot-password', { body: { email: body.userInformation.email } })).status).toBe(202)
    await server.deps.afterAnswer.settled()
    const mail = server.sent.at(-1)!
    expect(mail).toMatchObject({ to: body.userInformation.email, subject: 'Reset your password' })
    const set = await server.request('POST', '/api/auth/reset-password', { body: { token: linkToken(mail.text), password: 'Chosen-late-by-the-client-2026' } })
    expect(set.status).toBe(200)
    expect((await login(server, body.userInformation.email, 'Chosen-late-by-the-client-2026')).user.clientId).toBe(res.json.clientId)
  })

  it('staff who still send one (older callers): the account gets it and the welcome mail, no invitation', async () => {
    const { user: staff } = await server.factories.agent(['PCE'])
    const body = await signup()
    const res = await register(body, { token: await server.tokenFor(staff.id) })
    expect(res.status).toBe(201)
    const [user] = await server.db.select().from(users).where(eq(users.id, res.json.userId))
    expect(user.invitedAt).toBeNull()
    expect(server.sent.at(-1)).toMatchObject({ to: body.userInformation.email, subject: 'Your client portal account is ready' })
    expect(server.sent.at(-1)!.text).not.toContain('/reset/')
    expect((await login(server, body.userInformation.email, body.userInformation.password!)).user.clientId).toBe(res.json.clientId)
  })

  it('a public sign-up without one is refused with 422 on userInformation.password, before any charge', async () => {
    const body = await signup()
    delete body.userInformation.password
    const tables = await countAllTables()
    const charges = (await server.db.select().from(sandboxCharges)).length
    const sent = server.sent.length
    const res = await register(body)
    expect(res.status).toBe(422)
    expect(res.json.details).toBe('This field is mandatory')
    expect(res.json.issues).toEqual([{ path: 'userInformation.password', message: 'This field is mandatory' }])
    expect(await tokenState(body.affinipayPaymentDetails.token)).toBe('unused')
    expect((await server.db.select().from(sandboxCharges)).length).toBe(charges)
    expect(await countAllTables()).toEqual(tables)
    expect(server.sent.length).toBe(sent)
  })
})

describe('POST /api/client: a refused card creates nothing', () => {
  it('leaves every table as it was on a decline, answers 402 with the processor text, and lets the same key retry', async () => {
    const body = await signup({ card: TEST_CARDS.declined })
    const key = randomUUID()
    const before = await countAllTables()
    const res = await register(body, { key })
    expect(res.status).toBe(402)
    expect(res.json).toMatchObject({ detail: 'Payment failed', details: 'Your card was declined' })
    expect(await countAllTables()).toEqual(before)

    const retry = await register({ ...body, affinipayPaymentDetails: { token: await sandboxCardToken(server) } }, { key })
    expect(retry.status).toBe(201)
  })

  it('answers insufficient funds with the processor text and creates nothing', async () => {
    const body = await signup({ card: TEST_CARDS.insufficientFunds })
    const before = await countAllTables()
    const res = await register(body)
    expect(res.status).toBe(402)
    expect(res.json.details).toBe('Your card has insufficient funds')
    expect(await countAllTables()).toEqual(before)
  })

  it('refuses an expired token', async () => {
    const body = await signup()
    server.clock.advance(11 * 60_000)
    const before = await countAllTables()
    const res = await register(body)
    expect(res.status).toBe(402)
    expect(res.json.details).toContain('expired or were already used')
    expect(await countAllTables()).toEqual(before)
  })

  it('refuses a token already used by another registration', async () => {
    const first = await signup()
    expect((await register(first)).status).toBe(201)
    const second = await signup({ token: first.affinipayPaymentDetails.token })
    const res = await register(second)
    expect(res.status).toBe(402)
    expect(res.json.details).toContain('expired or were already used')
    expect(await clientsNamed(second.clientInformation.companyName)).toHaveLength(0)
  })
})

describe('POST /api/client: repeated submits', () => {
  it('makes one client and one charge when ten submits with one key race', async () => {
    const body = await signup()
    const key = randomUUID()
    const answers = await Promise.all(Array.from({ length: 10 }, () => register(body, { key })))
    const created = answers.filter((a) => a.status === 201)
    expect(created.length).toBeGreaterThanOrEqual(1)
    for (const answer of answers) expect([201, 409]).toContain(answer.status)
    for (const answer of created) expect(answer.json).toEqual(created[0].json)
    const made = await clientsNamed(body.clientInformation.companyName)
    expect(made).toHaveLength(1)
    const paid = await server.db.select().from(payments).where(eq(payments.clientId, made[0].id))
    expect(paid).toHaveLength(1)
    expect(await server.db.select().from(sandboxCharges).where(eq(sandboxCharges.idempotencyKey, paid[0].idempotencyKey))).toHaveLength(1)
  })

  it('answers a retry after completion with the first answer, creating nothing more', async () => {
    const body = await signup()
    const key = randomUUID()
    const first = await register(body, { key })
    expect(first.status).toBe(201)
    const before = await countAllTables()
    const again = await register(body, { key })
    expect(again.status).toBe(201)
    expect(again.json).toEqual(first.json)
    expect(again.headers.get('idempotent-replayed')).toBe('true')
    expect(await countAllTables()).toEqual(before)
  })

  it("spends the address's sign-up budget once per registration, not on its retries", async () => {
    const body = await signup()
    const key = randomUUID()
    const headers = { 'idempotency-key': key, [IN_PROCESS_ADDRESS_HEADER]: '198.51.100.77' }
    expect((await server.request('POST', '/api/client', { body, headers })).status).toBe(201)
    for (let i = 0; i < ADDRESS_LIMITS.signUp.limit; i++) {
      const again = await server.request('POST', '/api/client', { body, headers })
      expect(again.status).toBe(201)
      expect(again.headers.get('idempotent-replayed')).toBe('true')
    }
    // One attempt spent: a new sign-up from that address is still taken.
    const next = await server.request('POST', '/api/client', { body: await signup(), headers: { ...headers, 'idempotency-key': randomUUID() } })
    expect(next.status).toBe(201)
  })

  it('refuses the same key with a different body', async () => {
    const key = randomUUID()
    expect((await register(await signup(), { key })).status).toBe(201)
    const other = await register(await signup(), { key })
    expect(other.status).toBe(422)
    expect(other.json.details).toContain('Idempotency-Key was already used')
  })

  it('charges once when two tabs register one e-mail with different keys', async () => {
    const email = `two.tabs.${randomUUID()}@example.test`
    const [a, b] = await Promise.all([register(await signup({ email })), register(await signup({ email }))])
    expect([a.status, b.status].sort()).toEqual([201, 409])
    const [user] = await server.db.select().from(users).where(eq(users.email, email))
    expect(await server.db.select().from(payments).where(eq(payments.clientId, user.clientId!))).toHaveLength(1)
  })

  it('without an Idempotency-Key, a double click still charges once', async () => {
    const body = await signup()
    const [a, b] = await Promise.all([register(body, { key: null }), register(body, { key: null })])
    expect([a.status, b.status].sort()).toEqual([201, 409])
    expect(await clientsNamed(body.clientInformation.companyName)).toHaveLength(1)
  })
})

describe('POST /api/client: refused before any charge', () => {
  it('refuses an e-mail already registered (any case) with 409, leaving the card token unused', async () => {
    const body = await signup({ email: DEMO_ACCOUNTS.client.toUpperCase() })
    const res = await register(body)
    expect(res.status).toBe(409)
    expect(res.json.detail).toBe('An account with this e-mail already exists')
    expect(await tokenState(body.affinipayPaymentDetails.token)).toBe('unused')
  })

  it('answers invalid payloads 4xx with a readable detail, never charging', async () => {
    const base = await signup()
    const token = base.affinipayPaymentDetails.token
    const address = addressServices[0]
    const cases: [string, (b: any) => void, number, string][] = [
      ['missing company', (b) => delete b.clientInformation.companyName, 422, 'clientInformation.companyName'],
      ['long first name', (b) => (b.clientInformation.firstName = 'x'.repeat(51)), 422, 'First Name cannot exceed 50 characters'],
      ['long zip', (b) => (b.clientInformation.zipcode = '12345678901'), 422, 'Postal/Zip Code cannot exceed 10 characters'],
      ['country as text', (b) => (b.clientInformation.countryId = 'US'), 422, 'clientInformation.countryId'],
      ['unknown country', (b) => (b.clientInformation.countryId = 99_999), 422, 'Choose a country from the list'],
      ['unknown entity type', (b) => (b.clientInformation.businessType = 99_999), 422, 'Choose a business entity type'],
      ['attorney without e-mail', (b) => (b.clientInformation.notifyAttorney = true), 422, 'Enter the attorney e-mail to notify'],
      ['bad e-mail', (b) => (b.userInformation.email = 'marta-at-example'), 422, 'Enter a valid e-mail address'],
      ['short password', (b) => (b.userInformation.password = 'short'), 422, 'Password must be at least 8 characters'],
      ['common password', (b) => (b.userInformation.password = 'Password2026!'), 422, 'userInformation.password'],
      ['no services', (b) => (b.serviceSubscriptions = []), 422, 'Choose an address service'],
      ['only add-ons', (b) => (b.serviceSubscriptions = [subscription(addons[0])]), 422, 'Choose an address service'],
      [
        'two addresses',
        (b) => (b.serviceSubscriptions = [subscription(addressServices[0]), subscription(addressServices[1])]),
        422,
        'Choose only one address service',
      ],
      [
        'package of another service',
        (b) => (b.serviceSubscriptions = [{ ...subscription(address), servicePackageId: addons[0].servicesPackages[0].id }]),
        422,
        'no longer available',
      ],
      ['changed price', (b) => (b.serviceSubscriptions = [{ ...subscription(address), servicePackageAmount: 1 }]), 409, 'Please review your order'],
      ['unknown coupon', (b) => (b.couponId = 99_999), 422, 'Coupon code is not valid'],
      ['unknown affiliate', (b) => (b.clientInformation.affiliated_id = 99_999), 422, 'Affiliate code is not valid'],
      ['no token', (b) => (b.affinipayPaymentDetails = { token: '' }), 422, 'A payment token is required'],
    ]
    for (const [name, change, status, text] of cases) {
      const body = structuredClone(base)
      change(body)
      const res = await register(body)
      expect(res.status, name).toBe(status)
      expect(typeof res.json.detail, name).toBe('string')
      expect(`${res.json.details} ${JSON.stringify(res.json.issues ?? [])}`, name).toContain(text)
    }
    const malformed = await server.request('POST', '/api/client', { body: '{"clientInformation":', headers: { 'content-type': 'application/json' } })
    expect(malformed.status).toBe(400)
    const badKey = await register(base, { key: 'no spaces allowed here' })
    expect(badKey.status).toBe(400)
    expect(badKey.json.details).toContain('Idempotency-Key')
    expect(await clientsNamed(base.clientInformation.companyName)).toHaveLength(0)
    expect(await tokenState(token)).toBe('unused')
  })
})

describe('GET /api/client and /api/client/{id}', () => {
  it('lists clients for agents, paged, searched and sorted on the server', async () => {
    const { user } = await server.factories.agent([])
    const token = await server.tokenFor(user.id)
    const tag = randomUUID().slice(0, 8)
    for (const name of ['Charlie', 'Alpha', 'Bravo']) await server.factories.client({ companyName: `${name} Sorting ${tag}` })
    const names = (res: { json: { data: { companyName: string }[] } }) => res.json.data.map((c) => c.companyName.split(' ')[0])
    const asc = await server.request('GET', `/api/client?q=sorting%20${tag}&sort=companyName&order=asc`, { token })
    expect(asc.status).toBe(200)
    expect(asc.json).toMatchObject({ total: 3, page: 1, pageSize: 20 })
    expect(names(asc)).toEqual(['Alpha', 'Bravo', 'Charlie'])
    const desc = await server.request('GET', `/api/client?q=sorting%20${tag}&sort=companyName&order=desc`, { token })
    expect(names(desc)).toEqual(['Charlie', 'Bravo', 'Alpha'])
    const beyond = await server.request('GET', `/api/client?q=sorting%20${tag}&page=2&pageSize=10`, { token })
    expect(beyond.json).toMatchObject({ data: [], total: 3, page: 2, pageSize: 10 })
    const all = await server.request('GET', '/api/client?pageSize=10', { token })
    expect(all.json.total).toBeGreaterThanOrEqual(5)
    expect(all.json.data.length).toBe(Math.min(10, all.json.total))

    const search = await server.request('GET', '/api/client?q=sunshine%20holdings', { token })
    expect(search.json.data).toEqual([expect.objectContaining({ companyName: 'Sunshine Holdings LLC', email: DEMO_ACCOUNTS.client })])
    const byEmail = await server.request('GET', `/api/client?q=${encodeURIComponent('client2@demo')}`, { token })
    expect(byEmail.json.data.map((c: { companyName: string }) => c.companyName)).toEqual(['Gulf Coast Ventures Inc'])
    const literal = await server.request('GET', '/api/client?q=%25', { token })
    expect(literal.json.total).toBe(0)

    const bad = await server.request('GET', '/api/client?sort=password', { token })
    expect(bad.status).toBe(400)
    expect(bad.json.details).toContain('sort must be one of')
  })

  it('keeps the list from clients and strangers', async () => {
    const { user } = await server.factories.client()
    expect((await server.request('GET', '/api/client', { token: await server.tokenFor(user.id) })).status).toBe(403)
    expect((await server.request('GET', '/api/client')).status).toBe(401)
  })

  it('shows a client to itself and to agents, and answers another client 404', async () => {
    const mine = await server.factories.client()
    const other = await server.factories.client()
    const token = await server.tokenFor(mine.user.id)
    const own = await server.request('GET', `/api/client/${mine.client.id}`, { token })
    expect(own.status).toBe(200)
    expect(own.json).toMatchObject({ id: mine.client.id, companyName: mine.client.companyName, clientAffiliate: null, users: [{ email: mine.user.email }] })
    expect((await server.request('GET', `/api/client/${other.client.id}`, { token })).status).toBe(404)
    const { user: agentUser } = await server.factories.agent([])
    const asAgent = await server.request('GET', `/api/client/${other.client.id}`, { token: await server.tokenFor(agentUser.id) })
    expect(asAgent.status).toBe(200)
    expect(asAgent.json.id).toBe(other.client.id)
    expect((await server.request('GET', '/api/client/99999999', { token: await server.tokenFor(agentUser.id) })).status).toBe(404)
  })

  it('lists documents only to the client and to agents with DCV', async () => {
    const session = await login(server, DEMO_ACCOUNTS.client, 'Demo-pass-2026!')
    const own = await server.request('GET', `/api/client/${session.user.clientId}`, { token: session.token })
    expect(own.json.documents.length).toBeGreaterThanOrEqual(6)
    expect(own.json.documents[0]).toEqual({
      id: expect.any(Number),
      jurisdiction: expect.any(Number),
      documentTypeNavigation: { name: expect.any(String) },
      dateReceived: expect.any(String),
      isRead: expect.any(Boolean),
      status: expect.any(String),
    })
    const { user: plain } = await server.factories.agent([])
    const withoutDcv = await server.request('GET', `/api/client/${session.user.clientId}`, { token: await server.tokenFor(plain.id) })
    expect(withoutDcv.json.documents).toEqual([])
    const { user: clerk } = await server.factories.agent(['DCV'])
    const withDcv = await server.request('GET', `/api/client/${session.user.clientId}`, { token: await server.tokenFor(clerk.id) })
    expect(withDcv.json.documents).toHaveLength(own.json.documents.length)
  })
})
