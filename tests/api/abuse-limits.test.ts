import { randomUUID } from 'node:crypto'
import argon2 from 'argon2'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  HASH_CONCURRENCY,
  HASH_QUEUE_LIMIT,
  HASH_RESERVED,
  HASH_SHARE,
  HashShareSpentError,
  PasswordQueueFullError,
  passwordQueueState,
  verifyPassword,
} from '../../server/auth/passwords'
import { ADDRESS_LIMITS, IN_PROCESS_ADDRESS_HEADER } from '../../server/auth/rate-limit'
import { businessEntityTypes, countries } from '../../server/db/schema'
import { createTestServer, type TestServer } from './harness'

/**
 * Public calls that cost the server (sign-up hashes a password and tries a card; card tokens probe card
 * numbers) are budgeted per address, and password hashes run a few at a time so the rest of the server
 * keeps its cores.
 */
let server: TestServer
let existingEmail: string
let ids: { us: number; llc: number }
let addressCounter = 0
const fromAddress = () => ({ [IN_PROCESS_ADDRESS_HEADER]: `203.0.113.${++addressCounter}` })

beforeAll(async () => {
  server = await createTestServer()
  existingEmail = (await server.factories.client()).user.email
  const [us] = await server.db.select().from(countries).where(eq(countries.iso2, 'US'))
  const [llc] = await server.db.select().from(businessEntityTypes).limit(1)
  ids = { us: us.id, llc: llc.id }
})
afterAll(() => server.close())

/** A sign-up that passes validation and is then refused (the e-mail is taken): it still costs a try. */
const signup = () => ({
  clientInformation: {
    companyName: 'Heron Bay LLC',
    businessType: ids.llc,
    firstName: 'Eli',
    lastName: 'Park',
    phone: '+1 305 555 0190',
    countryId: ids.us,
    address: '3 Heron Way',
    city: 'Naples',
    stateProvince: 'FL',
    zipcode: '34102',
  },
  userInformation: { email: existingEmail, password: 'Herons-fish-at-dusk' },
  serviceSubscriptions: [{ active: true, serviceId: 1, servicePackageId: 1 }],
  affinipayPaymentDetails: { token: 'sbx_tok_unused' },
  couponId: 0,
})

describe('sign-up budget per address', () => {
  it(`allows ${ADDRESS_LIMITS.signUp.limit} public sign-ups an hour from one address, then 429 with Retry-After; other addresses and staff are not affected`, async () => {
    const headers = fromAddress()
    for (let i = 0; i < ADDRESS_LIMITS.signUp.limit; i++) {
      expect((await server.request('POST', '/api/client', { body: signup(), headers })).status).toBe(409)
    }
    const refused = await server.request('POST', '/api/client', { body: signup(), headers })
    expect(refused.status).toBe(429)
    expect(refused.json.details).toMatch(/try again in \d+ minutes?/)
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
    expect((await server.request('POST', '/api/client', { body: signup(), headers: fromAddress() })).status).toBe(409)
    const staff = await server.tokenFor((await server.factories.agent([], { roleId: 1 })).user.id)
    // Staff are not held by the budget. (For staff, a client's e-mail takes the new company, so what
    // refuses this order is its own content, not the e-mail.)
    expect((await server.request('POST', '/api/client', { body: signup(), headers, token: staff })).status).toBe(422)
    server.clock.advance(ADDRESS_LIMITS.signUp.windowMs + 1000)
    expect((await server.request('POST', '/api/client', { body: signup(), headers })).status).toBe(409)
  })
})

describe('card token budget per address', () => {
  it(`allows ${ADDRESS_LIMITS.cardToken.limit} card tokens in 15 minutes from one address, then 429`, async () => {
    const headers = fromAddress()
    for (let i = 0; i < ADDRESS_LIMITS.cardToken.limit; i++) {
      expect((await server.request('POST', '/api/payments/sandbox/tokens', { body: { field: 'cvv', value: '123' }, headers })).status).toBe(201)
    }
    expect((await server.request('POST', '/api/payments/sandbox/tokens', { body: { field: 'cvv', value: '123' }, headers })).status).toBe(429)
    expect(
      (
        await server.request('POST', '/api/payments/sandbox/payment-tokens', {
          body: { numberToken: 'a', cvvToken: 'b', exp_month: 1, exp_year: 2040 },
          headers,
        })
      ).status,
    ).toBe(429)
    expect((await server.request('POST', '/api/payments/sandbox/tokens', { body: { field: 'cvv', value: '123' }, headers: fromAddress() })).status).toBe(201)
  })
})

describe('password hashing queue', () => {
  it(`runs at most ${HASH_CONCURRENCY} hash(es) at once, queues up to ${HASH_QUEUE_LIMIT} more, and refuses beyond that`, async () => {
    const cheap = await argon2.hash(`pw-${randomUUID()}`, { type: argon2.argon2id, memoryCost: 1024, timeCost: 1, parallelism: 1 })
    let busiest = 0
    let deepest = 0
    const sample = setInterval(() => {
      const state = passwordQueueState()
      busiest = Math.max(busiest, state.running)
      deepest = Math.max(deepest, state.waiting)
    }, 1)
    const total = HASH_CONCURRENCY + HASH_QUEUE_LIMIT + 5
    const outcomes = await Promise.allSettled(Array.from({ length: total }, () => verifyPassword(cheap, 'wrong')))
    clearInterval(sample)
    const refused = outcomes.filter((o) => o.status === 'rejected')
    expect(refused).toHaveLength(5)
    expect(refused.every((o) => (o as PromiseRejectedResult).reason instanceof PasswordQueueFullError)).toBe(true)
    expect(outcomes.filter((o) => o.status === 'fulfilled' && o.value === false)).toHaveLength(total - 5)
    expect(busiest).toBeLessThanOrEqual(HASH_CONCURRENCY)
    expect(deepest).toBeGreaterThan(0)
    expect(passwordQueueState()).toEqual({ running: 0, waiting: 0 })
  })

  it(`gives each address and each e-mail ${HASH_SHARE} places; past them a caller takes only places before the last ${HASH_RESERVED}, then 429`, async () => {
    const cheap = await argon2.hash(`pw-${randomUUID()}`, { type: argon2.argon2id, memoryCost: 1024, timeCost: 1, parallelism: 1 })
    const settle = (promise: Promise<boolean>) =>
      promise.then(
        () => 'checked',
        (error: unknown) => error,
      )
    // Queued in one go, before any hash ends: one address asks for 150 checks of made-up e-mails.
    const flood = Array.from({ length: 150 }, (_, i) => settle(verifyPassword(cheap, 'wrong', { address: '198.51.100.7', email: `nobody-${i}@made-up.test` })))
    const queuedByFlood = passwordQueueState()
    // Then 150 guesses at one account, each from an address of its own.
    const aimed = Array.from({ length: 150 }, (_, i) => settle(verifyPassword(cheap, 'wrong', { address: `203.0.113.${i}`, email: 'owner@example.test' })))
    // Then people from other addresses: their places are kept.
    const others = Array.from({ length: 3 }, (_, i) => settle(verifyPassword(cheap, 'wrong', { address: `192.0.2.${i}`, email: `person-${i}@example.test` })))
    const open = HASH_QUEUE_LIMIT - HASH_RESERVED
    expect(queuedByFlood).toEqual({ running: HASH_CONCURRENCY, waiting: open })

    const floodAnswers = await Promise.all(flood)
    expect(floodAnswers.filter((a) => a === 'checked')).toHaveLength(HASH_CONCURRENCY + open)
    const floodRefused = floodAnswers.filter((a) => a !== 'checked')
    expect(floodRefused.every((a) => a instanceof HashShareSpentError && a.spentBy === 'address' && a.status === 429 && a.retryAfterSeconds! > 0)).toBe(true)
    // The open places are taken: the account under attack gets only its own share.
    const aimedAnswers = await Promise.all(aimed)
    expect(aimedAnswers.filter((a) => a === 'checked')).toHaveLength(HASH_SHARE)
    expect(aimedAnswers.filter((a) => a !== 'checked').every((a) => a instanceof HashShareSpentError && a.spentBy === 'email')).toBe(true)
    expect(await Promise.all(others)).toEqual(['checked', 'checked', 'checked'])
    expect(passwordQueueState()).toEqual({ running: 0, waiting: 0 })
  })
})
