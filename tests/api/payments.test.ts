import { eq, like } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SUPER_ADMIN_ROLE } from '../../server/db/reference'
import { idempotencyRecords, sandboxCharges } from '../../server/db/schema'
import { createTestServer, type TestServer } from './harness'
import { sandboxCardToken, TEST_CARDS } from './sandbox-card'

let server: TestServer
beforeAll(async () => {
  server = await createTestServer()
})
afterAll(() => server.close())

const frame = { origin: 'null' }
const part = (field: string, value: unknown) => server.request('POST', '/api/payments/sandbox/tokens', { body: { field, value }, headers: frame })
let keySeq = 0
const charge = (token: string, idempotencyKey = `test-charge-${++keySeq}`, amountCents = 14_900) =>
  server.deps.gateway.charge({ token, amountCents, idempotencyKey, description: 'Test charge' })

describe('GET /api/payments/config', () => {
  it('tells the browser to load the sandbox hosted fields from the portal itself', async () => {
    const res = await server.request('GET', '/api/payments/config')
    expect(res.status).toBe(200)
    expect(res.json).toEqual({ provider: 'sandbox', scriptUrl: '/api/payments/sandbox/fields.js', frameOrigin: 'http://localhost:8080' })
  })
})

describe('sandbox hosted fields assets', () => {
  it('serves fields.js as a script under the portal policy', async () => {
    const res = await server.request('GET', '/api/payments/sandbox/fields.js')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/^text\/javascript/)
    expect(res.text).toContain('window.SandboxPay')
    expect(res.text).toContain("'allow-scripts allow-forms'")
  })

  it('serves each card frame sandboxed without same-origin, framable only by the portal, with no inline script', async () => {
    for (const field of ['number', 'cvv']) {
      const res = await server.request('GET', `/api/payments/sandbox/frame?field=${field}`)
      expect(res.status).toBe(200)
      expect(res.headers.get('content-type')).toMatch(/^text\/html/)
      const csp = res.headers.get('content-security-policy')!
      expect(csp).toContain('sandbox allow-scripts allow-forms')
      expect(csp).not.toContain('allow-same-origin')
      expect(csp).toContain("default-src 'none'")
      expect(csp).toContain("script-src 'self'")
      expect(csp).toContain("connect-src 'self'")
      expect(csp).toContain("frame-ancestors 'self'")
      expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN')
      const scripts = [...res.text.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)]
      expect(scripts).toHaveLength(1)
      expect(scripts[0][1]).toContain('src="frame.js"')
      expect(scripts[0][2].trim()).toBe('')
    }
    const script = await server.request('GET', '/api/payments/sandbox/frame.js')
    expect(script.status).toBe(200)
    expect(script.text).toContain('window.parent.postMessage')
  })

  it('refuses an unknown frame field with a readable 400', async () => {
    const res = await server.request('GET', '/api/payments/sandbox/frame?field=expiry')
    expect(res.status).toBe(400)
    expect(res.json.details).toContain('field must be number or cvv')
  })

  it('answers the frames (opaque origin "null") across origins, preflight included', async () => {
    const preflight = await server.request('OPTIONS', '/api/payments/sandbox/tokens', {
      headers: { origin: 'null', 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
    })
    expect(preflight.status).toBe(204)
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*')
    expect(preflight.headers.get('access-control-allow-methods')).toContain('POST')
    const res = await part('cvv', '123')
    expect(res.status).toBe(201)
    expect(res.headers.get('access-control-allow-origin')).toBe('*')
    expect(res.headers.get('access-control-allow-credentials')).toBeNull()
  })
})

describe('sandbox tokenisation', () => {
  it('refuses a card number failing the Luhn check, and bad CVVs, naming the field', async () => {
    const badNumber = await part('number', '4242 4242 4242 4241')
    expect(badNumber.status).toBe(422)
    expect(badNumber.json.details).toBe('Card number is not valid')
    expect(badNumber.json.issues).toEqual([{ path: 'number', message: 'Card number is not valid' }])
    expect((await part('number', '')).json.details).toBe('This field is mandatory')
    expect((await part('cvv', ' ')).json.details).toBe('This field is mandatory')
    const badCvv = await part('cvv', '12a')
    expect(badCvv.status).toBe(422)
    expect(badCvv.json.issues).toEqual([{ path: 'cvv', message: 'CVV is not valid' }])
    const malformed = await part('pin', '1234')
    expect(malformed.status).toBe(422)
    expect(malformed.json.details).toContain('field must be number or cvv')
    const wrongType = await part('number', 4242424242424242)
    expect(wrongType.status).toBe(422)
  })

  it('refuses an expired card', async () => {
    const year = server.clock.now().getUTCFullYear()
    await expect(sandboxCardToken(server, TEST_CARDS.success, { expMonth: 1, expYear: year - 1 })).rejects.toThrow('Your card has expired')
  })

  it('keeps only brand and last four digits, never the number or the CVV', async () => {
    const token = await sandboxCardToken(server, '4242424242424242', { cvv: '987' })
    const rows = await server.db.select().from(idempotencyRecords).where(like(idempotencyRecords.scope, 'sandbox-%'))
    const stored = JSON.stringify(rows)
    expect(stored).not.toContain('4242424242424242')
    expect(stored).not.toContain('987')
    const [row] = rows.filter((r) => r.key === `sandbox-token:${token}`)
    expect(row.responseBody).toMatchObject({ brand: 'visa', last4: '4242' })
  })

  it('uses each part token once', async () => {
    const numberPart = await part('number', TEST_CARDS.success)
    const cvvPart = await part('cvv', '123')
    const body = { numberToken: numberPart.json.id, cvvToken: cvvPart.json.id, exp_month: 12, exp_year: 2040 }
    expect((await server.request('POST', '/api/payments/sandbox/payment-tokens', { body })).status).toBe(201)
    const again = await server.request('POST', '/api/payments/sandbox/payment-tokens', { body })
    expect(again.status).toBe(422)
    expect(again.json.details).toBe('Please enter your card number again')
  })

  it('lets part tokens expire after ten minutes', async () => {
    const numberPart = await part('number', TEST_CARDS.success)
    const cvvPart = await part('cvv', '123')
    server.clock.advance(10 * 60_000 + 1000)
    const res = await server.request('POST', '/api/payments/sandbox/payment-tokens', {
      body: { numberToken: numberPart.json.id, cvvToken: cvvPart.json.id, exp_month: 12, exp_year: 2040 },
    })
    expect(res.status).toBe(422)
    expect(res.json.issues[0].path).toBe('number')
  })

  it('validates the payment-token request', async () => {
    const res = await server.request('POST', '/api/payments/sandbox/payment-tokens', {
      body: { numberToken: 'x', cvvToken: 'y', exp_month: 13, exp_year: 2040 },
    })
    expect(res.status).toBe(422)
    expect(res.json.issues.map((i: { path: string }) => i.path)).toContain('exp_month')
  })
})

describe('sandbox charges', () => {
  it('charges 4242 4242 4242 4242, reporting brand and last four digits', async () => {
    const result = await charge(await sandboxCardToken(server, TEST_CARDS.success))
    expect(result).toMatchObject({ ok: true, cardBrand: 'visa', cardLast4: '4242' })
    expect(result.ok && result.reference).toMatch(/^sbx_ch_/)
  })

  it('declines 4000 0000 0000 0002 and refuses 4000 0000 0000 9995 for insufficient funds', async () => {
    expect(await charge(await sandboxCardToken(server, TEST_CARDS.declined))).toEqual({
      ok: false,
      code: 'card_declined',
      message: 'Your card was declined',
    })
    expect(await charge(await sandboxCardToken(server, TEST_CARDS.insufficientFunds))).toEqual({
      ok: false,
      code: 'insufficient_funds',
      message: 'Your card has insufficient funds',
    })
  })

  it('refuses a reused token', async () => {
    const token = await sandboxCardToken(server)
    expect((await charge(token)).ok).toBe(true)
    const again = await charge(token)
    expect(again).toMatchObject({ ok: false, code: 'invalid_token' })
  })

  it('refuses a token older than ten minutes', async () => {
    const token = await sandboxCardToken(server)
    server.clock.advance(10 * 60_000 + 1000)
    expect(await charge(token)).toMatchObject({ ok: false, code: 'invalid_token' })
  })

  it('refuses an unknown token and a non-positive amount', async () => {
    expect(await charge('sbx_tok_made-up')).toMatchObject({ ok: false, code: 'invalid_token' })
    expect(await charge(await sandboxCardToken(server), undefined, 0)).toMatchObject({ ok: false, code: 'processor_error' })
  })

  it('charges an idempotency key once: a repeat answers the first charge, whatever token it brings', async () => {
    const key = 'repeat-key-1'
    const first = await charge(await sandboxCardToken(server), key)
    const second = await charge(await sandboxCardToken(server), key)
    expect(first.ok).toBe(true)
    expect(second).toEqual(first)
    expect(await server.db.select().from(sandboxCharges).where(eq(sandboxCharges.idempotencyKey, key))).toMatchObject([{ status: 'succeeded' }])
  })

  it('charges once when ten calls with one key race', async () => {
    const key = 'race-key-1'
    const token = await sandboxCardToken(server)
    const results = await Promise.all(Array.from({ length: 10 }, () => charge(token, key)))
    const references = new Set(results.map((r) => (r.ok ? r.reference : r.code)))
    expect(references.size).toBe(1)
    expect(results[0].ok).toBe(true)
    const used = await server.db
      .select()
      .from(idempotencyRecords)
      .where(eq(idempotencyRecords.key, `sandbox-token:${token}`))
    expect(used[0].state).toBe('used')
  })

  it('answers a repeat of a declined key with the decline, as processors do', async () => {
    const key = 'declined-then-repeated'
    const declined = await charge(await sandboxCardToken(server, TEST_CARDS.declined), key)
    expect(declined).toMatchObject({ ok: false, code: 'card_declined' })
    expect(await charge(await sandboxCardToken(server, TEST_CARDS.success), key)).toEqual(declined)
  })

  it('refuses a different amount under a key already charged', async () => {
    const key = 'amount-key-1'
    expect((await charge(await sandboxCardToken(server), key, 1_000)).ok).toBe(true)
    expect(await charge(await sandboxCardToken(server), key, 2_000)).toMatchObject({ ok: false, code: 'processor_error' })
  })
})

describe('sandbox look-up and closing of a key', () => {
  it('answers the charge made with a key, and closes a key never charged so it can no longer charge', async () => {
    const token = await sandboxCardToken(server)
    const charged = await charge(token, 'closed-after-charge', 3_300)
    expect(await server.deps.gateway.closeKey('closed-after-charge')).toEqual({
      reference: charged.ok && charged.reference,
      amountCents: 3_300,
      status: 'succeeded',
      cardBrand: 'visa',
      cardLast4: '4242',
    })

    expect(await server.deps.gateway.closeKey('never-charged')).toBeNull()
    const late = await charge(await sandboxCardToken(server), 'never-charged')
    expect(late).toMatchObject({ ok: false, code: 'canceled' })
    expect(await server.deps.gateway.closeKey('never-charged')).toBeNull()
  })

  it('voids a charge once; a voided charge is no longer answered as a charge', async () => {
    const charged = await charge(await sandboxCardToken(server), 'to-void', 1_200)
    if (!charged.ok) throw new Error('charge failed')
    const reversal = { reference: charged.reference, idempotencyKey: 'to-void', amountCents: 1_200 }
    expect(await server.deps.gateway.reverse(reversal)).toEqual({ ok: true, kind: 'void' })
    expect(await server.deps.gateway.reverse(reversal)).toEqual({ ok: true, kind: 'void' })
    expect(await server.deps.gateway.reverse({ ...reversal, reference: 'sbx_ch_unknown' })).toMatchObject({ ok: false })
    expect(await server.deps.gateway.closeKey('to-void')).toMatchObject({ status: 'voided' })
    expect(await charge(await sandboxCardToken(server), 'to-void', 1_200)).toMatchObject({ ok: false, code: 'processor_error' })
  })
})

describe('GET /api/payments/sandbox/ledger', () => {
  it('lists every charge tried, newest first, in dollars, for super admins and staff with ICV only', async () => {
    const admin = await server.tokenFor((await server.factories.agent([], { roleId: SUPER_ADMIN_ROLE.id })).user.id)
    const viewer = await server.tokenFor((await server.factories.agent(['ICV'])).user.id)
    const clerk = await server.tokenFor((await server.factories.agent(['DCV'])).user.id)
    const client = await server.tokenFor((await server.factories.client()).user.id)
    const charged = await charge(await sandboxCardToken(server), 'ledger-ok', 12_345)
    await charge(await sandboxCardToken(server, TEST_CARDS.declined), 'ledger-declined', 500)
    await server.deps.gateway.closeKey('ledger-closed-only')

    const res = await server.request('GET', '/api/payments/sandbox/ledger?page=1&pageSize=2', { token: admin })
    expect(res.status).toBe(200)
    expect(res.json.data).toEqual([
      {
        id: expect.any(Number),
        amount: 5,
        status: 'declined',
        reference: expect.stringMatching(/^sbx_ch_/),
        idempotencyKey: 'ledger-declined',
        createdAt: expect.any(String),
      },
      {
        id: expect.any(Number),
        amount: 123.45,
        status: 'succeeded',
        reference: charged.ok && charged.reference,
        idempotencyKey: 'ledger-ok',
        createdAt: expect.any(String),
      },
    ])
    const all = await server.request('GET', '/api/payments/sandbox/ledger?pageSize=1000', { token: viewer })
    expect(all.status).toBe(200)
    expect(all.json.total).toBe(all.json.data.length)
    expect(all.json.data.map((row: { idempotencyKey: string }) => row.idempotencyKey)).not.toContain('ledger-closed-only')

    expect((await server.request('GET', '/api/payments/sandbox/ledger', { token: clerk })).status).toBe(403)
    expect((await server.request('GET', '/api/payments/sandbox/ledger', { token: client })).status).toBe(403)
    expect((await server.request('GET', '/api/payments/sandbox/ledger')).status).toBe(401)
    const bad = await server.request('GET', '/api/payments/sandbox/ledger?pageSize=5000', { token: admin })
    expect(bad.status).toBe(400)
    expect(bad.json.details).toContain('pageSize')
  })
})
