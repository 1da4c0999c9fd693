import { and, count, eq } from 'drizzle-orm'
import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SubscribeResultSchema } from '../../contract/clients'
import { auditEvents, clientServices, invoiceLines, invoices, paymentInvoices, payments, servicePackages, services } from '../../server/db/schema'
import { createTestServer, type TestServer } from './harness'
import { sandboxCardToken, TEST_CARDS } from './sandbox-card'

/** POST /api/client/services/packages/subscribe: a client orders more services and pays by card. */
const PATH = '/api/client/services/packages/subscribe'
let server: TestServer
const catalogue = {} as Record<'mailbox' | 'virtualOffice' | 'scanning' | 'forwarding' | 'retired', { serviceId: number; packageId: number; cents: number }>
let otherPackageOfScanning: number

async function service(name: string, kind: string, cents: number, active = true) {
  const [row] = await server.db.insert(services).values({ name, kind, active }).returning()
  const [pkg] = await server.db.insert(servicePackages).values({ serviceId: row.id, name: 'Yearly', amountCents: cents }).returning()
  return { serviceId: row.id, packageId: pkg.id, cents }
}

/** A client already subscribed to the mailbox address service, with its user's token. */
async function newClient() {
  const { client, user } = await server.factories.client()
  await server.db.insert(clientServices).values({ clientId: client.id, serviceId: catalogue.mailbox.serviceId, servicePackageId: catalogue.mailbox.packageId })
  return { clientId: client.id, token: await server.tokenFor(user.id) }
}

const line = (item: { serviceId: number; packageId: number; cents?: number }, amount?: number) => ({
  serviceId: item.serviceId,
  servicePackageId: item.packageId,
  ...(amount !== undefined ? { servicePackageAmount: amount } : {}),
})
const order = async (items: ReturnType<typeof line>[], card: string = TEST_CARDS.success) => ({
  serviceSubscriptions: items,
  affinipayPaymentDetails: { token: await sandboxCardToken(server, card) },
})
const paymentsOf = async (clientId: number) => (await server.db.select({ n: count() }).from(payments).where(eq(payments.clientId, clientId)))[0].n
const subscriptionsOf = async (clientId: number) =>
  (await server.db.select().from(clientServices).where(eq(clientServices.clientId, clientId))).map((r) => r.serviceId).sort((a, b) => a - b)

beforeAll(async () => {
  server = await createTestServer()
  catalogue.mailbox = await service('Miami mailbox', 'address', 19_900)
  catalogue.virtualOffice = await service('Virtual office', 'address', 29_900)
  catalogue.scanning = await service('Mail scanning', 'addon', 4_950)
  catalogue.forwarding = await service('Mail forwarding', 'addon', 2_500)
  catalogue.retired = await service('Fax line', 'addon', 1_000, false)
  otherPackageOfScanning = (
    await server.db.insert(servicePackages).values({ serviceId: catalogue.scanning.serviceId, name: 'Monthly', amountCents: 500 }).returning()
  )[0].id
})
afterAll(() => server.close())

describe('POST /api/client/services/packages/subscribe', () => {
  it('charges the catalogue price once and records the subscriptions, a PAID invoice and the payment', async () => {
    const { clientId, token } = await newClient()
    const res = await server.request('POST', PATH, { token, body: await order([line(catalogue.scanning, 49.5), line(catalogue.forwarding)]) })
    expect(res.status).toBe(201)
    expect(v.is(SubscribeResultSchema, res.json)).toBe(true)
    expect(res.json.total).toBe(74.5)
    expect(res.json.clientServices.map((s: { serviceId: number }) => s.serviceId)).toEqual([catalogue.scanning.serviceId, catalogue.forwarding.serviceId])

    const [invoice] = await server.db.select().from(invoices).where(eq(invoices.id, res.json.invoiceId))
    expect(invoice).toMatchObject({ clientId, status: 1, totalCents: 7_450, invoiceNumber: res.json.invoiceNumber })
    const lines = await server.db.select().from(invoiceLines).where(eq(invoiceLines.invoiceId, invoice.id))
    expect(lines.map((l) => l.description).sort()).toEqual(['Mail forwarding: Yearly', 'Mail scanning: Yearly'])
    const [payment] = await server.db.select().from(payments).where(eq(payments.clientId, clientId))
    expect(payment).toMatchObject({ amountCents: 7_450, gateway: 'sandbox', cardLast4: '4242' })
    expect(await server.db.select().from(paymentInvoices).where(eq(paymentInvoices.paymentId, payment.id))).toHaveLength(1)
    expect(await subscriptionsOf(clientId)).toEqual(
      [catalogue.mailbox.serviceId, catalogue.scanning.serviceId, catalogue.forwarding.serviceId].sort((a, b) => a - b),
    )
    const events = await server.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'client.subscribe'), eq(auditEvents.entityId, String(clientId))))
    expect(events).toHaveLength(1)

    // The profile shows the new services.
    const profile = await server.request('GET', `/api/client/${clientId}`, { token })
    expect(profile.json.clientServices.map((s: { service: { name: string } }) => s.service.name)).toEqual(['Miami mailbox', 'Mail scanning', 'Mail forwarding'])
  })

  it('answers a retry with the same Idempotency-Key with the first answer, charging once', async () => {
    const { clientId, token } = await newClient()
    const body = await order([line(catalogue.forwarding)])
    const headers = { 'Idempotency-Key': 'subscribe-retry-0001' }
    const first = await server.request('POST', PATH, { token, body, headers })
    const again = await server.request('POST', PATH, { token, body, headers })
    expect([first.status, again.status]).toEqual([201, 201])
    expect(again.json).toEqual(first.json)
    expect(again.headers.get('idempotent-replayed')).toBe('true')
    expect(await paymentsOf(clientId)).toBe(1)
    // The same key with another order is refused.
    const other = await server.request('POST', PATH, { token, body: await order([line(catalogue.scanning)]), headers })
    expect(other.status).toBe(422)
    expect(other.json.detail).toBe('Idempotency-Key already used')
  })

  it('a declined card answers 402 with the processor text and writes nothing', async () => {
    const { clientId, token } = await newClient()
    const res = await server.request('POST', PATH, { token, body: await order([line(catalogue.scanning)], TEST_CARDS.declined) })
    expect(res.status).toBe(402)
    expect(res.json).toMatchObject({ detail: 'Payment failed', details: 'Your card was declined' })
    expect(await subscriptionsOf(clientId)).toEqual([catalogue.mailbox.serviceId])
    expect(await paymentsOf(clientId)).toBe(0)
    // Nothing is left claimed: the next order goes through.
    expect((await server.request('POST', PATH, { token, body: await order([line(catalogue.scanning)]) })).status).toBe(201)
  })

  it.each([
    ['a service already subscribed', () => [line(catalogue.mailbox)], 409, 'Already subscribed'],
    ['a second address service', () => [line(catalogue.virtualOffice)], 422, 'Only one address service'],
    ['an inactive service', () => [line(catalogue.retired)], 422, 'Service not available'],
    [
      'a package of another service',
      () => [{ serviceId: catalogue.forwarding.serviceId, servicePackageId: otherPackageOfScanning }],
      422,
      'Service not available',
    ],
    [
      'a service twice',
      () => [line(catalogue.scanning), { serviceId: catalogue.scanning.serviceId, servicePackageId: otherPackageOfScanning }],
      422,
      'Each service can be ordered once',
    ],
    ['a price that changed', () => [line(catalogue.scanning, 19.99)], 409, 'Prices have changed'],
  ])('refuses %s before charging', async (_name, items, status, detail) => {
    const { clientId, token } = await newClient()
    const res = await server.request('POST', PATH, { token, body: await order(items()) })
    expect(res.status).toBe(status)
    expect(res.json.detail).toBe(detail)
    expect(res.json.details).toBeTruthy()
    expect(await paymentsOf(clientId)).toBe(0)
    expect(await subscriptionsOf(clientId)).toEqual([catalogue.mailbox.serviceId])
  })

  it('answers bad input with 4xx and a readable detail', async () => {
    const { token } = await newClient()
    const empty = await server.request('POST', PATH, { token, body: { serviceSubscriptions: [], affinipayPaymentDetails: { token: 'x' } } })
    expect(empty.status).toBe(422)
    expect(empty.json.details).toContain('Choose a service')
    const noToken = await server.request('POST', PATH, { token, body: { serviceSubscriptions: [line(catalogue.scanning)] } })
    expect(noToken.status).toBe(422)
    expect(noToken.json.issues[0].path).toBe('affinipayPaymentDetails')
    const textId = await server.request('POST', PATH, {
      token,
      body: { serviceSubscriptions: [{ serviceId: 'scan', servicePackageId: 1 }], affinipayPaymentDetails: { token: 'x' } },
    })
    expect(textId.status).toBe(422)
    expect(textId.json.issues[0].path).toBe('serviceSubscriptions.0.serviceId')
    const malformed = await server.request('POST', PATH, { token, body: '{"serviceSubscriptions":', headers: { 'content-type': 'application/json' } })
    expect(malformed.status).toBe(400)
    const badKey = await server.request('POST', PATH, { token, body: await order([line(catalogue.scanning)]), headers: { 'Idempotency-Key': 'short' } })
    expect(badKey.status).toBe(400)
    const usedToken = await server.request('POST', PATH, {
      token,
      body: { serviceSubscriptions: [line(catalogue.scanning)], affinipayPaymentDetails: { token: 'sbx_tok_unknown' } },
    })
    expect(usedToken.status).toBe(402)
    expect(usedToken.json.details).toMatch(/enter them again/)
  })

  it('is for clients only: agents get 403, no session 401', async () => {
    const agent = (await server.factories.agent(['PCE'])).user
    const admin = (await server.factories.agent([], { roleId: 1 })).user
    for (const user of [agent, admin]) {
      const res = await server.request('POST', PATH, { token: await server.tokenFor(user.id), body: await order([line(catalogue.scanning)]) })
      expect(res.status).toBe(403)
    }
    expect((await server.request('POST', PATH, { body: await order([line(catalogue.scanning)]) })).status).toBe(401)
  })

  it('two orders of one client at the same moment: one is charged, the other gets 409', async () => {
    const { clientId, token } = await newClient()
    const [a, b] = await Promise.all([
      order([line(catalogue.scanning)]).then((body) => server.request('POST', PATH, { token, body })),
      order([line(catalogue.scanning)]).then((body) => server.request('POST', PATH, { token, body })),
    ])
    expect([a.status, b.status].sort()).toEqual([201, 409])
    expect(await paymentsOf(clientId)).toBe(1)
    expect(await subscriptionsOf(clientId)).toEqual([catalogue.mailbox.serviceId, catalogue.scanning.serviceId].sort((x, y) => x - y))
  })
})
