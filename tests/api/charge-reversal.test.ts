import { randomUUID } from 'node:crypto'
import { and, count, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Service } from '../../contract/catalogue'
import {
  auditEvents,
  businessEntityTypes,
  clients,
  clientServices,
  countries,
  idempotencyRecords,
  invoices,
  payments,
  sandboxCharges,
  users,
} from '../../server/db/schema'
import { createTestServer, type TestServer } from './harness'
import { sandboxCardToken } from './sandbox-card'

/**
 * An order whose card was charged but which could not be saved is not left charged: the charge is voided
 * through the gateway, the attempt is recorded for operators, and nothing else remains. The fault is
 * injected in the database (a trigger refusing one company's rows), after every check has passed.
 */
let server: TestServer
let address: Service
let addon: Service
let ids: { us: number; llc: number }
/** Registering this company fails when its client row is written; this one's orders fail at their invoice. */
const FAULTY_COMPANY = 'Fault Injection Holdings LLC'
const FAULTY_BUYER = 'Fault Injection Orders LLC'

const rows = async (result: unknown) => (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows)

beforeAll(async () => {
  server = await createTestServer({ seed: true })
  address = (await server.request('GET', '/api/services?kind=address')).json[0]
  addon = (await server.request('GET', '/api/services?kind=addon')).json[0]
  const [us] = await server.db.select().from(countries).where(eq(countries.iso2, 'US'))
  const [llc] = await server.db.select().from(businessEntityTypes).limit(1)
  ids = { us: us.id, llc: llc.id }
  const faults = {
    clients: `new.company_name = '${FAULTY_COMPANY}'`,
    invoices: `exists (select 1 from clients c where c.id = new.client_id and c.company_name = '${FAULTY_BUYER}')`,
  }
  for (const [table, condition] of Object.entries(faults)) {
    await server.db.execute(
      sql.raw(`create function refuse_faulty_${table}() returns trigger language plpgsql as $$
        begin if ${condition} then raise exception 'injected fault: ${table}'; end if; return new; end $$`),
    )
    await server.db.execute(sql.raw(`create trigger refuse_faulty_${table} before insert on ${table} for each row execute function refuse_faulty_${table}()`))
  }
})
afterAll(() => server.close())

async function registration(companyName: string, email: string) {
  const pkg = address.servicesPackages[0]
  return {
    clientInformation: {
      companyName,
      businessType: ids.llc,
      firstName: 'Nora',
      lastName: 'Diaz',
      phone: '+1 305 555 0177',
      countryId: ids.us,
      address: '5 Bayfront Park',
      city: 'Miami',
      stateProvince: 'FL',
      zipcode: '33132',
    },
    userInformation: { email, password: 'Mangroves-and-manatees' },
    serviceSubscriptions: [{ active: true, serviceId: address.id, servicePackageId: pkg.id, servicePackageAmount: pkg.amount }],
    affinipayPaymentDetails: { token: await sandboxCardToken(server) },
    couponId: 0,
  }
}

/** The sandbox's books: charges that stand, and voided ones. */
const chargeRecords = async () => ({
  charged: (await server.db.select().from(sandboxCharges).where(eq(sandboxCharges.status, 'succeeded'))).length,
  voids: await server.db.select().from(sandboxCharges).where(eq(sandboxCharges.status, 'voided')),
})

describe('registration that fails after the charge', () => {
  it('voids the charge, records the reversal for operators and leaves no client, user, invoice or payment', async () => {
    const email = `nora.${randomUUID().slice(0, 8)}@example.test`
    const body = await registration(FAULTY_COMPANY, email)
    const before = await chargeRecords()
    const key = randomUUID()
    const res = await server.request('POST', '/api/client', { body, headers: { 'idempotency-key': key } })

    expect(res.status).toBe(503)
    expect(res.json.details).toContain('your card has not been charged')
    const after = await chargeRecords()
    // One charge was made (the token is spent) and it was voided in the gateway's books.
    expect(
      (
        await server.db
          .select()
          .from(idempotencyRecords)
          .where(eq(idempotencyRecords.key, `sandbox-token:${body.affinipayPaymentDetails.token}`))
      )[0].state,
    ).toBe('used')
    expect(after.voids).toHaveLength(before.voids.length + 1)
    expect(after.charged).toBe(before.charged)
    const voided = after.voids.at(-1)!
    expect(voided.amountCents).toBe(Math.round(address.servicesPackages[0].amount * 100))

    const [reversal] = await server.db.select().from(auditEvents).where(eq(auditEvents.action, 'charge.reversed'))
    expect(reversal).toMatchObject({ entity: 'charge', entityId: voided.reference })
    expect(reversal.details).toMatchObject({
      order: 'registration',
      gateway: 'sandbox',
      kind: 'void',
      customer: { email },
      reason: expect.stringContaining('injected fault'),
    })

    expect(await server.db.select().from(users).where(eq(users.email, email))).toHaveLength(0)
    expect(await server.db.select().from(clients).where(eq(clients.companyName, FAULTY_COMPANY))).toHaveLength(0)
    expect((await server.db.select({ n: count() }).from(payments).where(eq(payments.gatewayReference, voided.reference!)))[0].n).toBe(0)
    // The reservations are released: the same key and e-mail register once the fault is gone, charging afresh.
    const retry = await server.request('POST', '/api/client', {
      body: { ...(await registration('Healthy Holdings LLC', email)) },
      headers: { 'idempotency-key': randomUUID() },
    })
    expect(retry.status).toBe(201)
    const [payment] = await server.db.select().from(payments).where(eq(payments.clientId, retry.json.clientId))
    expect(payment.gatewayReference).not.toBe(reversal.entityId)
  })
})

describe('add-on purchase that fails after the charge', () => {
  it('voids the charge and writes no subscription, invoice or payment', async () => {
    const { client, user } = await server.factories.client({ companyName: FAULTY_BUYER })
    const token = await server.tokenFor(user.id)
    const pkg = addon.servicesPackages[0]
    const res = await server.request('POST', '/api/client/services/packages/subscribe', {
      token,
      body: {
        serviceSubscriptions: [{ serviceId: addon.id, servicePackageId: pkg.id, servicePackageAmount: pkg.amount }],
        affinipayPaymentDetails: { token: await sandboxCardToken(server) },
      },
      headers: { 'idempotency-key': randomUUID() },
    })
    expect(res.status).toBe(503)
    expect(res.json.details).toContain('your card has not been charged')
    const reversals = await server.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'charge.reversed'), sql`${auditEvents.details}->>'order' = 'subscription'`))
    expect(reversals).toHaveLength(1)
    expect(reversals[0].details).toMatchObject({ customer: { clientId: client.id }, amountCents: Math.round(pkg.amount * 100) })
    expect(await rows(await server.db.select().from(clientServices).where(eq(clientServices.clientId, client.id)))).toHaveLength(0)
    expect(await server.db.select().from(invoices).where(eq(invoices.clientId, client.id))).toHaveLength(0)
    expect(await server.db.select().from(payments).where(eq(payments.clientId, client.id))).toHaveLength(0)
    const voids = await server.db.select().from(sandboxCharges).where(eq(sandboxCharges.reference, reversals[0].entityId!))
    expect(voids).toMatchObject([{ status: 'voided' }])
  })
})
