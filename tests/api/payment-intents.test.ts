import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { Service } from '../../contract/catalogue'
import { businessEntityTypes, clientServices, countries, paymentIntents, payments, sandboxCharges, users } from '../../server/db/schema'
import { PAYMENT_RECORDERS } from '../../server/jobs/payment-reconciliation'
import { INTENT_LEASE_MS, reconcileIntents } from '../../server/payments/intents'
import { createTestServer, type TestServer } from './harness'
import { AnswerLosingSandbox, sandboxCardToken } from './sandbox-card'

/**
 * Sign-ups and add-on purchases whose server stopped at the worst moment: after the card was charged
 * and before the order was written (the sandbox losing its answer, see AnswerLosingSandbox), or with
 * the processor out of reach.
 */
let server: TestServer
let gateway: AnswerLosingSandbox
let address: Service
let addon: Service
let ids: { us: number; type: number }

beforeAll(async () => {
  server = await createTestServer({
    seed: true,
    gateway: (base) => (gateway = new AnswerLosingSandbox({ ...base, publicUrl: 'http://localhost:8080' })),
  })
  address = (await server.request('GET', '/api/services?kind=address')).json[0]
  addon = (await server.request('GET', '/api/services?kind=addon')).json[0]
  const [us] = await server.db.select().from(countries).where(eq(countries.iso2, 'US'))
  const [type] = await server.db.select().from(businessEntityTypes).limit(1)
  ids = { us: us.id, type: type.id }
})
afterAll(() => server.close())
beforeEach(() => {
  gateway.loseAnswers = false
  gateway.unreachable = false
})

async function signup(email = `ines.${randomUUID().slice(0, 8)}@example.test`) {
  const pkg = address.servicesPackages[0]
  return {
    clientInformation: {
      companyName: `Biscayne Bay Charters ${randomUUID().slice(0, 6)} LLC`,
      businessType: ids.type,
      firstName: 'Ines',
      lastName: 'Duarte',
      phone: '+1 305 555 0170',
      countryId: ids.us,
      address: '9 Bayshore Dr',
      city: 'Miami',
      stateProvince: 'FL',
      zipcode: '33131',
    },
    userInformation: { email, password: 'Charters-on-the-bay-9' },
    serviceSubscriptions: [{ active: true, serviceId: address.id, servicePackageId: pkg.id, servicePackageAmount: pkg.amount }],
    affinipayPaymentDetails: { token: await sandboxCardToken(server) },
    couponId: 0,
  }
}

const register = (body: unknown, key: string) => server.request('POST', '/api/client', { body, headers: { 'idempotency-key': key } })
const later = () => new Date(server.clock.now().getTime() + INTENT_LEASE_MS + 1_000)
const chargesOfKey = (chargeKey: string) => server.db.select().from(sandboxCharges).where(eq(sandboxCharges.idempotencyKey, chargeKey))

describe('a sign-up cut off after its charge', () => {
  it('is finished by a retry with the same Idempotency-Key: one account, one charge, no second charge', async () => {
    const body = await signup()
    const key = randomUUID()
    gateway.loseAnswers = true
    const cut = await register(body, key)
    expect(cut.status).toBe(502)
    expect(await server.db.select().from(users).where(eq(users.email, body.userInformation.email))).toHaveLength(0)
    const [intent] = await server.db
      .select()
      .from(paymentIntents)
      .where(eq(paymentIntents.requestKey, `registration:-:${key}`))
    expect(intent).toMatchObject({ state: 'pending', purpose: 'registration' })
    expect(await chargesOfKey(intent.chargeKey)).toMatchObject([{ status: 'succeeded' }])
    // The card token is never kept, nor the password in the clear.
    expect(JSON.stringify(intent.order)).not.toContain(body.affinipayPaymentDetails.token)
    expect(JSON.stringify(intent.order)).not.toContain(body.userInformation.password)

    gateway.loseAnswers = false
    expect((await register(body, key)).status).toBe(409) // the first request may still be at it
    server.clock.set(later())
    const retry = await register(body, key)
    expect(retry.status).toBe(201)
    const [user] = await server.db.select().from(users).where(eq(users.email, body.userInformation.email))
    const paid = await server.db.select().from(payments).where(eq(payments.clientId, user.clientId!))
    expect(paid).toMatchObject([{ idempotencyKey: intent.chargeKey, gatewayReference: (await chargesOfKey(intent.chargeKey))[0].reference }])
    expect(await chargesOfKey(intent.chargeKey)).toHaveLength(1)
    const [done] = await server.db.select().from(paymentIntents).where(eq(paymentIntents.id, intent.id))
    expect(done.state).toBe('paid')
    expect(done.order).not.toHaveProperty('passwordHash')
    expect((await register(body, key)).json).toEqual(retry.json)
  })

  it('gets its account from the reconciliation when nobody retries, and the customer can sign in', async () => {
    const body = await signup()
    gateway.loseAnswers = true
    expect((await register(body, randomUUID())).status).toBe(502)
    gateway.loseAnswers = false
    expect(await reconcileIntents(server.deps, PAYMENT_RECORDERS, server.clock.now())).toMatchObject({ recorded: 0 })

    expect(await reconcileIntents(server.deps, PAYMENT_RECORDERS, later())).toMatchObject({ recorded: 1, failed: 0 })
    const [user] = await server.db.select().from(users).where(eq(users.email, body.userInformation.email))
    expect(user).toBeDefined()
    expect(await server.db.select().from(payments).where(eq(payments.clientId, user.clientId!))).toHaveLength(1)
    const signIn = await server.request('POST', '/api/auth/login', { body: { email: body.userInformation.email, password: body.userInformation.password } })
    expect(signIn.status).toBe(200)
  })

  it('frees the e-mail when the reconciliation finds that nothing was charged, and stops the key from charging later', async () => {
    const email = `kai.${randomUUID().slice(0, 8)}@example.test`
    const key = randomUUID()
    gateway.unreachable = true
    expect((await register(await signup(email), key)).status).toBe(502)
    gateway.unreachable = false
    const [intent] = await server.db
      .select()
      .from(paymentIntents)
      .where(eq(paymentIntents.requestKey, `registration:-:${key}`))
    expect(await chargesOfKey(intent.chargeKey)).toEqual([])
    // Whether the card was charged is not known yet: the e-mail stays held.
    const meanwhile = await register(await signup(email), randomUUID())
    expect(meanwhile.status).toBe(409)

    expect(await reconcileIntents(server.deps, PAYMENT_RECORDERS, later())).toMatchObject({ recorded: 0, ended: 1 })
    const [ended] = await server.db.select().from(paymentIntents).where(eq(paymentIntents.id, intent.id))
    expect(ended).toMatchObject({ state: 'canceled', requestKey: null })
    expect(
      await gateway.charge({ token: await sandboxCardToken(server), amountCents: intent.amountCents, idempotencyKey: intent.chargeKey, description: 'late' }),
    ).toMatchObject({
      ok: false,
      code: 'canceled',
    })
    expect((await register(await signup(email), randomUUID())).status).toBe(201)
  })
})

describe('an add-on purchase cut off after its charge', () => {
  it('is recorded by the reconciliation: the add-on is active and paid once', async () => {
    const { client, user } = await server.factories.client()
    const token = await server.tokenFor(user.id)
    const pkg = addon.servicesPackages[0]
    gateway.loseAnswers = true
    const cut = await server.request('POST', '/api/client/services/packages/subscribe', {
      token,
      body: {
        serviceSubscriptions: [{ serviceId: addon.id, servicePackageId: pkg.id, servicePackageAmount: pkg.amount }],
        affinipayPaymentDetails: { token: await sandboxCardToken(server) },
      },
      headers: { 'idempotency-key': randomUUID() },
    })
    expect(cut.status).toBe(502)
    gateway.loseAnswers = false
    expect(await reconcileIntents(server.deps, PAYMENT_RECORDERS, later())).toMatchObject({ recorded: 1 })
    expect(await server.db.select().from(clientServices).where(eq(clientServices.clientId, client.id))).toMatchObject([{ serviceId: addon.id, active: true }])
    expect(await server.db.select().from(payments).where(eq(payments.clientId, client.id))).toHaveLength(1)
  })
})
