import { eq } from 'drizzle-orm'
import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { EMAIL_CHECK_LIMITS, EmailAvailabilitySchema } from '../../contract/signup'
import { IN_PROCESS_ADDRESS_HEADER } from '../../server/auth/rate-limit'
import { users } from '../../server/db/schema'
import { createTestServer, type TestServer } from './harness'

let server: TestServer
let addressCounter = 0
const fromNewAddress = () => ({ [IN_PROCESS_ADDRESS_HEADER]: `203.0.113.${++addressCounter}` })

const check = (email: unknown, headers: Record<string, string> = fromNewAddress()) =>
  server.request('POST', '/api/signup/email-available', { body: { email }, headers })

beforeAll(async () => {
  server = await createTestServer()
})
afterAll(() => server.close())

describe('POST /api/signup/email-available', () => {
  it('answers available for an unknown e-mail, and not for an existing account, whatever its case', async () => {
    const { user } = await server.factories.client()
    const free = await check('nobody.yet@example.test')
    expect(free.status).toBe(200)
    expect(v.is(EmailAvailabilitySchema, free.json)).toBe(true)
    expect(free.json).toEqual({ available: true })
    expect((await check(user.email)).json).toEqual({ available: false })
    expect((await check(`  ${user.email.toUpperCase()} `)).json).toEqual({ available: false })
  })

  it('answers a disabled account and one locked by failed sign-ins as the registration does: taken', async () => {
    const disabled = (await server.factories.client()).user
    await server.db.update(users).set({ active: false }).where(eq(users.id, disabled.id))
    expect((await check(disabled.email)).json).toEqual({ available: false })

    const locked = (await server.factories.client()).user
    const address = fromNewAddress()
    for (let i = 0; i < 6; i++)
      await server.request('POST', '/api/auth/login', { body: { email: locked.email, password: 'Wrong-pass-2026!' }, headers: address })
    expect((await server.request('POST', '/api/auth/login', { body: { email: locked.email, password: 'Wrong-pass-2026!' }, headers: address })).status).toBe(
      429,
    )
    expect((await check(locked.email)).json).toEqual({ available: false })
  })

  it('refuses what is not an e-mail address (422) and needs no sign-in', async () => {
    const res = await check('not-an-address')
    expect(res.status).toBe(422)
    expect((await check('')).status).toBe(422)
  })

  it(`allows ${EMAIL_CHECK_LIMITS.perAddress} checks per address in 15 minutes, then answers 429 with Retry-After`, async () => {
    const headers = fromNewAddress()
    for (let i = 0; i < EMAIL_CHECK_LIMITS.perAddress; i++) expect((await check(`person${i}@example.test`, headers)).status).toBe(200)
    const over = await check('one.more@example.test', headers)
    expect(over.status).toBe(429)
    expect(over.headers.get('retry-after')).toBe(String(EMAIL_CHECK_LIMITS.windowMs / 1000))
    expect(over.json.detail).toBe('Too many attempts')
    // Another address is not held back; and the window passes.
    expect((await check('one.more@example.test')).status).toBe(200)
    server.clock.advance(EMAIL_CHECK_LIMITS.windowMs + 1000)
    expect((await check('one.more@example.test', headers)).status).toBe(200)
  })
})
