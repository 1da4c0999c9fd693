import { randomUUID } from 'node:crypto'
import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { Service } from '../../contract/catalogue'
import { businessEntityTypes, clients, countries, payments } from '../../server/db/schema'
import { SUPER_ADMIN_ROLE } from '../../server/db/reference'
import { parseEnv } from '../../server/env'
import { createLogger } from '../../server/logger'
import { AffiniPayGateway, createGateway, gatewayCsp, paymentDeps, SandboxGateway } from '../../server/payments'
import { createTestServer, type TestServer } from './harness'

/**
 * The AffiniPay adapter against a loopback stand-in of AffiniPay's charge API (POST /v1/charges with
 * basic auth, GET /v1/charges?reference= to find a charge by the portal's key), which records every
 * request and answers like AffiniPay: the charge on success, 422 with `messages[].code` on a decline, and
 * a one-time token is refused once it has been charged. The token decides the answer.
 */
interface Recorded {
  method: string
  path: string
  authorization?: string
  contentType?: string
  body: any
}

const SECRET = 'secret_test_key_123'
const PUBLIC = 'public_test_key_456'
const ACCOUNT = 'acct_loopback_789'
const HOSTED_FIELDS = 'https://cdn.affinipay.example/hostedfields/1.5.3/fieldGen_1.5.3.js'

let standIn: Server
let apiUrl: string
const requests: Recorded[] = []
/** The stand-in's books: every charge it made, and the tokens it has charged. */
const books: { id: string; reference: string; status: string; amount: number; method: unknown }[] = []
const usedTokens = new Set<string>()

const readBody = (req: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let data = ''
    req.on('data', (chunk) => (data += chunk))
    req.on('end', () => resolve(data))
  })

function decline(code: string) {
  return { status: 422, body: { messages: [{ code, level: 'error', facility: 'payment_processor' }] } }
}

/** Voids and refunds (POST /v1/charges/{id}/void|refund): 'ch_settled*' can only be refunded, 'ch_down*' meets an outage. */
function reversalAnswer(path: string, body: any): { status: number; body: unknown; delayMs?: number } | null {
  const match = /^\/v1\/charges\/([^/]+)\/(void|refund)$/.exec(path)
  if (!match) return null
  const [, id, action] = match
  if (id.startsWith('ch_down')) return { status: 503, body: { messages: [{ code: 'card_processor_not_available', level: 'error' }] } }
  if (action === 'void' && id.startsWith('ch_settled')) return { status: 422, body: { messages: [{ code: 'charge_not_voidable', level: 'error' }] } }
  const charge = books.find((item) => item.id === id)
  if (charge) charge.status = action === 'void' ? 'VOIDED' : 'REFUNDED'
  return {
    status: 200,
    body: {
      id: action === 'void' ? id : `rf_${id}`,
      type: action === 'void' ? 'CHARGE' : 'REFUND',
      status: action === 'void' ? 'VOIDED' : 'COMPLETED',
      amount: body?.amount,
    },
  }
}

function lookUp(url: string): { status: number; body: unknown; delayMs?: number } | null {
  const found = /^\/v1\/charges\?reference=([^&]+)$/.exec(url)
  if (!found) return null
  return { status: 200, body: { results: books.filter((item) => item.reference === decodeURIComponent(found[1])) } }
}

function answer(body: any): { status: number; body: unknown; delayMs?: number } {
  if (typeof body?.method === 'string' && body.method.startsWith('tok_') && usedTokens.has(body.method)) return decline('no_card_details_or_token_present')
  const reply = chargeAnswer(body)
  if (reply.status === 200 && (reply.body as { id?: string }).id) {
    usedTokens.add(body.method)
    const made = reply.body as { id: string; status: string; amount: number; method: unknown }
    books.push({ id: made.id, reference: body.reference, status: made.status, amount: made.amount, method: made.method })
    return { ...reply, body: { ...made, reference: body.reference } }
  }
  return reply
}

function chargeAnswer(body: any): { status: number; body: unknown; delayMs?: number } {
  switch (body?.method) {
    case 'tok_declined':
      return decline('card_declined')
    case 'tok_nsf':
      return decline('card_declined_insufficient_funds')
    case 'tok_expired_card':
      return decline('card_expired')
    case 'tok_used':
      return decline('no_card_details_or_token_present')
    case 'tok_down':
      return { status: 503, body: { messages: [{ code: 'card_processor_not_available', level: 'error' }] } }
    case 'tok_slow':
      return { status: 200, body: {}, delayMs: 1500 }
    default:
      return {
        status: 200,
        body: {
          id: `ch_${randomUUID().slice(0, 8)}`,
          type: 'CHARGE',
          account_id: body.account_id,
          status: 'AUTHORIZED',
          amount: body.amount,
          currency: 'USD',
          method: { type: 'card', number: '************1111', card_type: 'VISA', exp_month: 12, exp_year: 2030 },
        },
      }
  }
}

let server: TestServer
let addressService: Service
beforeAll(async () => {
  standIn = createServer(async (req, res) => {
    const raw = await readBody(req)
    let body: any
    try {
      body = JSON.parse(raw)
    } catch {
      body = raw
    }
    requests.push({ method: req.method!, path: req.url!, authorization: req.headers.authorization, contentType: req.headers['content-type'], body })
    const expected = `Basic ${Buffer.from(`${SECRET}:`).toString('base64')}`
    const reply =
      req.headers.authorization !== expected
        ? { status: 401, body: { messages: [{ code: 'unauthorized', level: 'error' }] } }
        : (lookUp(req.url!) ?? reversalAnswer(req.url!, body) ?? answer(body))
    setTimeout(() => {
      res.writeHead(reply.status, { 'content-type': 'application/json' })
      res.end(JSON.stringify(reply.body))
    }, reply.delayMs ?? 0)
  })
  await new Promise<void>((resolve) => standIn.listen(0, '127.0.0.1', resolve))
  apiUrl = `http://127.0.0.1:${(standIn.address() as AddressInfo).port}`
  server = await createTestServer({
    seed: true,
    env: {
      AFFINIPAY_PUBLIC_KEY: PUBLIC,
      AFFINIPAY_SECRET_KEY: SECRET,
      AFFINIPAY_ACCOUNT_ID: ACCOUNT,
      AFFINIPAY_API_URL: apiUrl,
      AFFINIPAY_HOSTED_FIELDS_URL: HOSTED_FIELDS,
    },
  })
  addressService = (await server.request('GET', '/api/services?kind=address')).json[0]
})
afterAll(async () => {
  await server.close()
  await new Promise((resolve) => standIn.close(resolve))
})
beforeEach(() => {
  requests.length = 0
})

const charge = (token: string, idempotencyKey = randomUUID(), amountCents = 14_900) =>
  server.deps.gateway.charge({ token, amountCents, idempotencyKey, description: 'Test' })
/** A token the stand-in has not charged yet (it refuses a charged one, as AffiniPay does). */
let tokenSeq = 0
const freshToken = (kind = 'tok_visa') => `${kind}_${++tokenSeq}`
const posts = () => requests.filter((request) => request.method === 'POST')

describe('choosing the gateway', () => {
  it('uses AffiniPay when its three keys are set, the sandbox otherwise', () => {
    const logger = createLogger('silent')
    const ledger = { db: server.db, clock: server.clock, logger }
    expect(server.deps.gateway).toBeInstanceOf(AffiniPayGateway)
    expect(createGateway(parseEnv({}), ledger)).toBeInstanceOf(SandboxGateway)
    expect(() => parseEnv({ AFFINIPAY_PUBLIC_KEY: PUBLIC })).toThrow('must be set together')
  })

  it('lets the portal policy load AffiniPay script and frames, and nothing extra for the sandbox', () => {
    const ledger = { db: server.db, clock: server.clock, logger: createLogger('silent') }
    expect(gatewayCsp(server.deps.gateway)).toEqual({ frameOrigins: ['https://cdn.affinipay.example'], scriptOrigins: ['https://cdn.affinipay.example'] })
    expect(paymentDeps(parseEnv({}), ledger).csp).toEqual({ frameOrigins: [], scriptOrigins: [] })
  })

  it('gives the browser AffiniPay hosted fields with the public key (never the secret), and hides the sandbox', async () => {
    const res = await server.request('GET', '/api/payments/config')
    expect(res.json).toEqual({ provider: 'affinipay', scriptUrl: HOSTED_FIELDS, publicKey: PUBLIC, frameOrigin: 'https://cdn.affinipay.example' })
    expect(res.text).not.toContain(SECRET)
    expect((await server.request('GET', '/api/payments/sandbox/fields.js')).status).toBe(404)
    expect((await server.request('POST', '/api/payments/sandbox/tokens', { body: { field: 'cvv', value: '123' } })).status).toBe(404)
  })

  it("answers 404 for the sandbox's ledger, to staff allowed to read it and to everyone else alike", async () => {
    const admin = await server.tokenFor((await server.factories.agent([], { roleId: SUPER_ADMIN_ROLE.id })).user.id)
    const viewer = await server.tokenFor((await server.factories.agent(['ICV'])).user.id)
    const client = await server.tokenFor((await server.factories.client()).user.id)
    for (const token of [admin, viewer, client, undefined]) {
      const res = await server.request('GET', '/api/payments/sandbox/ledger?page=1&pageSize=50', { token })
      expect(res.status).toBe(404)
      expect(res.json.detail).toEqual(expect.any(String))
    }
  })
})

describe('AffiniPay charges', () => {
  it('looks the key up, then posts the amount in cents, the account id, the token and the key as reference, with the secret key as basic auth', async () => {
    const key = randomUUID()
    const token = freshToken()
    const result = await charge(token, key, 27_900)
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual([`GET /v1/charges?reference=${key}`, 'POST /v1/charges'])
    for (const request of requests) expect(request.authorization).toBe(`Basic ${Buffer.from(`${SECRET}:`).toString('base64')}`)
    expect(requests[1]).toMatchObject({ contentType: 'application/json', body: { amount: 27_900, account_id: ACCOUNT, method: token, reference: key } })
    expect(result).toEqual({ ok: true, reference: expect.stringMatching(/^ch_/), cardBrand: 'visa', cardLast4: '1111' })
  })

  it('maps declines to readable messages', async () => {
    expect(await charge('tok_declined')).toEqual({ ok: false, code: 'card_declined', message: 'Your card was declined' })
    expect(await charge('tok_nsf')).toEqual({ ok: false, code: 'insufficient_funds', message: 'Your card has insufficient funds' })
    expect(await charge('tok_expired_card')).toEqual({ ok: false, code: 'card_declined', message: 'Your card has expired' })
    expect(await charge('tok_used')).toMatchObject({ ok: false, code: 'invalid_token' })
  })

  it('throws when it cannot tell whether the card was charged (outage, timeout), and refuses plainly when the secret key is refused', async () => {
    await expect(charge('tok_down')).rejects.toThrow(/AffiniPay answered 503/)
    const impatient = new AffiniPayGateway(
      { publicKey: PUBLIC, secretKey: SECRET, accountId: ACCOUNT, apiUrl, hostedFieldsUrl: HOSTED_FIELDS, timeoutMs: 200 },
      { logger: createLogger('silent') },
    )
    await expect(impatient.charge({ token: 'tok_slow', amountCents: 100, idempotencyKey: randomUUID(), description: 'x' })).rejects.toThrow(
      /charge request failed/,
    )
    const wrongKey = new AffiniPayGateway(
      { publicKey: PUBLIC, secretKey: 'wrong', accountId: ACCOUNT, apiUrl, hostedFieldsUrl: HOSTED_FIELDS },
      { logger: createLogger('silent') },
    )
    // Without a working key not even the look-up answers: the outcome is unknown to the portal.
    await expect(wrongKey.charge({ token: freshToken(), amountCents: 100, idempotencyKey: randomUUID(), description: 'x' })).rejects.toThrow(
      /look-up answered 401/,
    )
  })

  it('answers a repeat of a charged key with the first charge, without charging again', async () => {
    const key = randomUUID()
    const first = await charge(freshToken(), key)
    const again = await charge(freshToken(), key)
    expect(again).toEqual(first)
    expect(posts()).toHaveLength(1)
  })

  it('charges a card once when calls with one key race: AffiniPay refuses the used token', async () => {
    const key = randomUUID()
    const token = freshToken()
    const results = await Promise.all(Array.from({ length: 5 }, () => charge(token, key)))
    // A call that looked after the charge answers it; one that looked before meets the used token.
    const charged = new Set(results.flatMap((result) => (result.ok ? [result.reference] : [])))
    expect(charged.size).toBe(1)
    expect(results.every((result) => result.ok || result.code === 'invalid_token')).toBe(true)
    expect(books.filter((item) => item.reference === key)).toHaveLength(1)
  })

  it('lets a key be charged after a decline', async () => {
    const key = randomUUID()
    expect((await charge('tok_declined', key)).ok).toBe(false)
    expect((await charge(freshToken(), key)).ok).toBe(true)
    expect(posts()).toHaveLength(2)
  })

  it('finds a charge by its key for the reconciliation', async () => {
    const key = randomUUID()
    const charged = await charge(freshToken(), key, 5_500)
    expect(await server.deps.gateway.closeKey(key)).toEqual({
      reference: charged.ok && charged.reference,
      amountCents: 5_500,
      status: 'succeeded',
      cardBrand: 'visa',
      cardLast4: '1111',
    })
    expect(await server.deps.gateway.closeKey(randomUUID())).toBeNull()
  })
})

describe('AffiniPay reversals', () => {
  it('voids a charge, after which the same key charges afresh', async () => {
    const key = randomUUID()
    const charged = await charge(freshToken(), key, 19_900)
    if (!charged.ok) throw new Error('charge failed')
    requests.length = 0
    expect(await server.deps.gateway.reverse({ reference: charged.reference, idempotencyKey: key, amountCents: 19_900 })).toEqual({ ok: true, kind: 'void' })
    expect(requests[0]).toMatchObject({ method: 'POST', path: `/v1/charges/${charged.reference}/void` })
    expect(requests[0].authorization).toBe(`Basic ${Buffer.from(`${SECRET}:`).toString('base64')}`)
    const again = await charge(freshToken(), key, 19_900)
    expect(posts()).toHaveLength(2)
    expect(again.ok && again.reference).not.toBe(charged.reference)
  })

  it('refunds the full amount when the charge can no longer be voided', async () => {
    const result = await server.deps.gateway.reverse({ reference: 'ch_settled_1', idempotencyKey: randomUUID(), amountCents: 4_950 })
    expect(result).toEqual({ ok: true, kind: 'refund' })
    expect(requests.map((r) => r.path)).toEqual(['/v1/charges/ch_settled_1/void', '/v1/charges/ch_settled_1/refund'])
    expect(requests[1].body).toMatchObject({ amount: 4_950 })
  })

  it('reports an outage without refunding on top of a void that may have happened', async () => {
    const result = await server.deps.gateway.reverse({ reference: 'ch_down_1', idempotencyKey: randomUUID(), amountCents: 4_950 })
    expect(result.ok).toBe(false)
    expect(requests.map((r) => r.path)).toEqual(['/v1/charges/ch_down_1/void'])
  })
})

describe('registration through AffiniPay', () => {
  async function signup(token: string) {
    const [us] = await server.db.select().from(countries).where(eq(countries.iso2, 'US'))
    const [type] = await server.db.select().from(businessEntityTypes).limit(1)
    const pkg = addressService.servicesPackages[0]
    return {
      clientInformation: {
        companyName: `Coral Reef Dive ${randomUUID().slice(0, 6)} Inc`,
        businessType: type.id,
        firstName: 'Lena',
        lastName: 'Ortiz',
        phone: '+1 786 555 0199',
        countryId: us.id,
        address: '1 Harbor Way',
        city: 'Key Largo',
        stateProvince: 'FL',
        zipcode: '33037',
      },
      userInformation: { email: `lena.${randomUUID().slice(0, 8)}@example.test`, password: 'Reef-dives-at-dawn' },
      serviceSubscriptions: [{ active: true, serviceId: addressService.id, servicePackageId: pkg.id, servicePackageAmount: pkg.amount }],
      affinipayPaymentDetails: { token },
      couponId: 0,
    }
  }

  it('charges the first invoice through AffiniPay and records its charge id', async () => {
    const body = await signup(freshToken())
    const res = await server.request('POST', '/api/client', { body, headers: { 'idempotency-key': randomUUID() } })
    expect(res.status).toBe(201)
    expect(posts()).toHaveLength(1)
    expect(posts()[0].body.amount).toBe(Math.round(addressService.servicesPackages[0].amount * 100))
    const [payment] = await server.db.select().from(payments).where(eq(payments.clientId, res.json.clientId))
    expect(payment).toMatchObject({ gateway: 'affinipay', cardLast4: '1111', gatewayReference: expect.stringMatching(/^ch_/) })
  })

  it('creates nothing when AffiniPay declines, showing its reason', async () => {
    const body = await signup('tok_declined')
    const [{ n: before }] = await countClients()
    const res = await server.request('POST', '/api/client', { body, headers: { 'idempotency-key': randomUUID() } })
    expect(res.status).toBe(402)
    expect(res.json.details).toBe('Your card was declined')
    const [{ n: after }] = await countClients()
    expect(after).toBe(before)
    expect(await server.db.select().from(clients).where(eq(clients.companyName, body.clientInformation.companyName))).toHaveLength(0)
  })
})

async function countClients() {
  const result = await server.db.execute<{ n: number }>(sql`select count(*)::int as n from clients`)
  return (Array.isArray(result) ? result : (result as unknown as { rows: { n: number }[] }).rows) as { n: number }[]
}
