import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { affiliates, coupons, servicePackages, services } from '../../server/db/schema'
import { PROMO_CODE_LIMITS } from '../../server/routes/catalogue'
import { createTestServer, type TestServer } from './harness'

let server: TestServer
let retired: { serviceId: number; packageId: number }
beforeAll(async () => {
  server = await createTestServer({ seed: true })
  const { db } = server
  // Next to the demo catalogue: a retired service, a retired package, spent coupons, a retired affiliate.
  const [oldService] = await db.insert(services).values({ name: 'Retired address', kind: 'address', active: false }).returning()
  await db.insert(servicePackages).values({ serviceId: oldService.id, name: 'Old', amountCents: 100 })
  const [registeredAgent] = await db.select().from(services).where(eqName('Registered Agent Service'))
  const [oldPackage] = await db
    .insert(servicePackages)
    .values({ serviceId: registeredAgent.id, name: 'Discontinued', amountCents: 999, active: false })
    .returning()
  retired = { serviceId: oldService.id, packageId: oldPackage.id }
  await db.insert(coupons).values([
    { code: 'SPENT', percentOff: 50, active: false },
    { code: 'LASTYEAR', percentOff: 20, expiresAt: new Date(server.clock.now().getTime() - 1000) },
    { code: 'FLAT25', amountOffCents: 2500, expiresAt: new Date(server.clock.now().getTime() + 86_400_000) },
  ])
  await db.insert(affiliates).values({ code: 'FORMER', name: 'Former partner', active: false })
})
afterAll(() => server.close())

const eqName = (name: string) => eq(services.name, name)

const fromAddress = (address: string) => ({ headers: { 'x-in-process-client-address': address } })

describe('GET /api/services', () => {
  it('lists active address services with their active packages, amounts in dollars', async () => {
    const res = await server.request('GET', '/api/services?kind=address')
    expect(res.status).toBe(200)
    expect(res.json.length).toBeGreaterThanOrEqual(2)
    for (const service of res.json) {
      expect(service).toMatchObject({ kind: 'address', active: true })
      expect(service.servicesPackages.length).toBeGreaterThanOrEqual(2)
    }
    const agent = res.json.find((s: { name: string }) => s.name === 'Registered Agent Service')
    expect(agent.servicesPackages[0]).toEqual({
      id: expect.any(Number),
      name: 'Annual',
      description: 'One year of registered agent service',
      amount: 149,
    })
    const ids = res.json.flatMap((s: { id: number; servicesPackages: { id: number }[] }) => [s.id, ...s.servicesPackages.map((p) => p.id)])
    expect(ids).not.toContain(retired.serviceId)
    expect(ids).not.toContain(retired.packageId)
  })

  it('lists add-ons apart, and everything without a kind', async () => {
    const addons = await server.request('GET', '/api/services?kind=addon')
    expect(addons.json.length).toBeGreaterThanOrEqual(3)
    expect(addons.json.every((s: { kind: string }) => s.kind === 'addon')).toBe(true)
    const all = await server.request('GET', '/api/services')
    expect(all.json.length).toBe(addons.json.length + (await server.request('GET', '/api/services?kind=address')).json.length)
  })

  it('refuses an unknown kind with a readable 400', async () => {
    const res = await server.request('GET', '/api/services?kind=mailbox')
    expect(res.status).toBe(400)
    expect(res.json.details).toContain('kind must be address or addon')
  })
})

describe('GET /api/coupon/verify/{code}', () => {
  it('answers the demo coupon WELCOME10 (10 %), whatever the case typed', async () => {
    const res = await server.request('GET', '/api/coupon/verify/welcome10', fromAddress('10.0.0.1'))
    expect(res.status).toBe(200)
    expect(res.json).toEqual({ id: expect.any(Number), code: 'WELCOME10', description: expect.any(String), percentOff: 10, amountOff: 0 })
  })

  it('answers a fixed-amount coupon in dollars', async () => {
    const res = await server.request('GET', '/api/coupon/verify/FLAT25', fromAddress('10.0.0.1'))
    expect(res.json).toMatchObject({ code: 'FLAT25', percentOff: 0, amountOff: 25 })
  })

  it('answers 404 "Coupon code is not valid" for unknown, inactive, expired and malformed codes', async () => {
    for (const code of ['NOPE', 'SPENT', 'LASTYEAR', 'bad%20code', 'x'.repeat(60)]) {
      const res = await server.request('GET', `/api/coupon/verify/${code}`, fromAddress('10.0.0.2'))
      expect(res.status, code).toBe(404)
      expect(res.json).toEqual({ detail: 'Coupon code is not valid', details: 'Coupon code is not valid' })
    }
  })
})

describe('GET /api/affiliate/verify/{code}', () => {
  it('answers the demo affiliate PARTNER1 with its id only', async () => {
    const res = await server.request('GET', '/api/affiliate/verify/PARTNER1', fromAddress('10.0.0.3'))
    expect(res.status).toBe(200)
    expect(res.json).toEqual({ id: expect.any(Number) })
  })

  it('answers 404 "Affiliate code is not valid" for unknown and inactive codes', async () => {
    for (const code of ['NOBODY', 'FORMER']) {
      const res = await server.request('GET', `/api/affiliate/verify/${code}`, fromAddress('10.0.0.3'))
      expect(res.status).toBe(404)
      expect(res.json.detail).toBe('Affiliate code is not valid')
    }
  })
})

describe('guessing codes', () => {
  it('is stopped per address after too many misses, with Retry-After; other addresses are unaffected', async () => {
    const guesser = fromAddress('203.0.113.9')
    for (let i = 0; i < PROMO_CODE_LIMITS.missesPerAddress; i++) {
      expect((await server.request('GET', `/api/coupon/verify/GUESS${i}`, guesser)).status).toBe(404)
    }
    const blocked = await server.request('GET', '/api/coupon/verify/WELCOME10', guesser)
    expect(blocked.status).toBe(429)
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0)
    expect((await server.request('GET', '/api/affiliate/verify/PARTNER1', guesser)).status).toBe(429)
    expect((await server.request('GET', '/api/coupon/verify/WELCOME10', fromAddress('203.0.113.10'))).status).toBe(200)
    server.clock.advance(PROMO_CODE_LIMITS.windowMs + 1000)
    expect((await server.request('GET', '/api/coupon/verify/WELCOME10', guesser)).status).toBe(200)
  })
})
