import { and, eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { SUPER_ADMIN_ROLE } from '../../server/db/reference'
import {
  auditEvents,
  clientServices,
  idempotencyRecords,
  invoices,
  paymentIntents,
  paymentInvoices,
  payments,
  servicePackages,
  services,
} from '../../server/db/schema'
import { createInvoice } from '../../server/invoices/create'
import { PAYMENT_RECORDERS } from '../../server/jobs/payment-reconciliation'
import type { ChargeRequest, ChargeResult, GatewayCharge, HostedFieldsConfig, PaymentGateway, ReversalResult } from '../../server/payments/gateway'
import { INTENT_LEASE_MS, reconcileIntents } from '../../server/payments/intents'
import { createTestServer, type TestServer } from './harness'
import { sandboxCardToken, TEST_CARDS } from './sandbox-card'

/**
 * Paying invoices by card. The card processor's network API is outside the project, so it is stood in
 * for by a gateway that records every charge call and keeps the processor's contract (a key charges
 * once; a closed key charges nothing): 'tok_decline' is declined, 'tok_broken' makes the processor
 * unreachable, any other token succeeds; with loseAnswers it charges but no answer arrives.
 */
class RecordingGateway implements PaymentGateway {
  readonly name = 'sandbox' as const
  calls: ChargeRequest[] = []
  /** The processor's books, by idempotency key ('closed' for a key closed with no charge). */
  books = new Map<string, ChargeResult | 'closed'>()
  /** How long the processor takes to answer: wide enough for racing requests to overlap. */
  delayMs = 0
  /** The processor charges, but no answer reaches the portal. */
  loseAnswers = false
  hostedFields(): HostedFieldsConfig {
    return { provider: 'sandbox', scriptUrl: '/fields.js', frameOrigin: 'http://localhost' }
  }
  async charge(request: ChargeRequest): Promise<ChargeResult> {
    this.calls.push(request)
    if (this.delayMs) await new Promise((resolve) => setTimeout(resolve, this.delayMs))
    if (request.token === 'tok_broken') throw new Error('connect ECONNREFUSED')
    const earlier = this.books.get(request.idempotencyKey)
    if (this.loseAnswers && earlier) throw new Error('socket hang up')
    if (earlier === 'closed') return { ok: false, code: 'canceled', message: 'This payment was stopped before your card was charged. Please try again.' }
    if (earlier) return earlier
    const result: ChargeResult =
      request.token === 'tok_decline'
        ? { ok: false, code: 'card_declined', message: 'Your card was declined' }
        : { ok: true, reference: `ch_${this.calls.length}`, cardBrand: 'Visa', cardLast4: '4242' }
    this.books.set(request.idempotencyKey, result)
    if (this.loseAnswers) throw new Error('socket hang up')
    return result
  }
  async closeKey(idempotencyKey: string): Promise<GatewayCharge | null> {
    const earlier = this.books.get(idempotencyKey)
    if (!earlier) this.books.set(idempotencyKey, 'closed')
    if (!earlier || earlier === 'closed') return null
    const amountCents = this.calls.find((call) => call.idempotencyKey === idempotencyKey)!.amountCents
    return earlier.ok
      ? { reference: earlier.reference, amountCents, status: 'succeeded', cardLast4: earlier.cardLast4 }
      : { reference: 'declined', amountCents, status: 'declined' }
  }
  async reverse(): Promise<ReversalResult> {
    return { ok: false, message: 'not used by invoice payments' }
  }
  async deleteStoredCard(): Promise<void> {}
}

const NOW = new Date('2026-03-01T17:00:00Z')
const gateway = new RecordingGateway()
let server: TestServer

beforeAll(async () => {
  server = await createTestServer({ now: NOW, deps: { gateway } })
})
afterAll(() => server?.close())
beforeEach(() => {
  gateway.calls = []
  gateway.books = new Map()
  gateway.delayMs = 0
  gateway.loseAnswers = false
})

/** A client with a signed-in user, and a maker of its invoices (amounts in cents). */
async function newClient() {
  const { client, user } = await server.factories.client()
  const token = await server.tokenFor(user.id)
  const invoice = (cents: number, status = 2) =>
    createInvoice(server.db, {
      clientId: client.id,
      invoiceDate: new Date('2026-02-01T15:00:00Z'),
      dueDate: new Date('2026-03-03T15:00:00Z'),
      lines: [{ description: 'Registered agent service', unitAmountCents: cents }],
      status,
      paidDate: status === 1 ? new Date('2026-02-02T15:00:00Z') : null,
    })
  return { client, user, token, invoice }
}

const pay = (token: string | undefined, body: unknown, headers: Record<string, string> = {}) =>
  server.request('POST', '/api/client/invoices/pay', { token, body, headers })

const statusesOf = async (ids: number[]) =>
  (await server.db.select({ id: invoices.id, status: invoices.status, paidDate: invoices.paidDate }).from(invoices).where(inArray(invoices.id, ids))).sort(
    (x, y) => x.id - y.id,
  )

const paymentsOf = (clientId: number) => server.db.select().from(payments).where(eq(payments.clientId, clientId))

const claimsOf = (ids: number[]) =>
  server.db
    .select()
    .from(idempotencyRecords)
    .where(
      inArray(
        idempotencyRecords.key,
        ids.map((id) => `payment-hold:invoice:${id}`),
      ),
    )

/** What the reconciliation does once the requests' leases are over. */
const reconcileLater = () => reconcileIntents(server.deps, PAYMENT_RECORDERS, new Date(server.clock.now().getTime() + INTENT_LEASE_MS + 1_000))

describe('POST /api/client/invoices/pay', () => {
  it('charges the exact sum of the chosen invoices once and records the payment with the processor reference', async () => {
    const { client, token, invoice } = await newClient()
    const [ten, twenty, seventy] = [await invoice(10), await invoice(20), await invoice(70, 3)]
    const ids = [ten.id, twenty.id, seventy.id]
    server.clock.set('2026-03-01T17:05:00Z')

    const res = await pay(token, { invoiceIds: ids.map(String), token: 'tok_visa' })

    expect(res.status).toBe(200)
    expect(gateway.calls).toHaveLength(1)
    expect(gateway.calls[0]).toMatchObject({ token: 'tok_visa', amountCents: 100 })
    expect(gateway.calls[0].description).toContain(ten.invoiceNumber)
    expect(res.json).toEqual({ paymentId: expect.any(Number), amount: 1, invoiceIds: ids.map(String), reference: 'ch_1' })

    const [payment] = await paymentsOf(client.id)
    expect(payment).toMatchObject({ id: res.json.paymentId, amountCents: 100, gatewayReference: 'ch_1', gateway: 'sandbox', cardLast4: '4242' })
    expect(payment.idempotencyKey).toBe(gateway.calls[0].idempotencyKey)
    const links = await server.db.select().from(paymentInvoices).where(eq(paymentInvoices.paymentId, payment.id))
    expect(links.map((l) => [l.invoiceId, l.amountCents]).sort((x, y) => x[0] - y[0])).toEqual([
      [ten.id, 10],
      [twenty.id, 20],
      [seventy.id, 70],
    ])
    const paidAt = new Date('2026-03-01T17:05:00Z')
    expect(await statusesOf(ids)).toEqual(ids.map((id) => ({ id, status: 1, paidDate: paidAt })))
    expect(await claimsOf(ids)).toEqual([])
    const [audit] = await server.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'invoice.pay'), eq(auditEvents.entityId, String(payment.id))))
    expect(audit).toBeTruthy()

    // The detail now shows the payment and nothing due.
    const detail = await server.request('GET', `/api/invoices/${seventy.id}`, { token })
    expect(detail.json).toMatchObject({ status: 1, amountDue: 0, payments: [{ id: payment.id, amount: 0.7, reference: 'ch_1', cardLast4: '4242' }] })
    server.clock.set(NOW)
  })

  it('leaves the invoices unpaid with no payment row when the card is declined, and lets the client try again', async () => {
    const { client, token, invoice } = await newClient()
    const unpaid = await invoice(12_500)
    const overdue = await invoice(4_900, 3)
    const ids = [unpaid.id, overdue.id]

    const declined = await pay(token, { invoiceIds: ids.map(String), token: 'tok_decline' })

    expect(declined.status).toBe(402)
    expect(declined.json).toEqual({ detail: 'Payment failed', details: 'Your card was declined' })
    expect(gateway.calls).toHaveLength(1)
    expect(await paymentsOf(client.id)).toEqual([])
    expect((await statusesOf(ids)).map((i) => [i.status, i.paidDate])).toEqual([
      [2, null],
      [3, null],
    ])
    expect(await claimsOf(ids)).toEqual([])

    const retried = await pay(token, { invoiceIds: ids.map(String), token: 'tok_visa' })
    expect(retried.status).toBe(200)
    expect(retried.json.amount).toBe(174)
    expect(await paymentsOf(client.id)).toHaveLength(1)
  })

  it('refuses an invoice that is already paid with 409 naming it, without charging', async () => {
    const { token, invoice } = await newClient()
    const paid = await invoice(5_000, 1)
    const unpaid = await invoice(5_000)
    const res = await pay(token, { invoiceIds: [String(unpaid.id), String(paid.id)], token: 'tok_visa' })
    expect(res.status).toBe(409)
    expect(res.json.detail).toBe(`Invoice ${paid.invoiceNumber} is already paid`)
    expect(gateway.calls).toHaveLength(0)
    expect((await statusesOf([unpaid.id]))[0].status).toBe(2)
  })

  it('refuses an invoice whose status cannot be paid with 422', async () => {
    const { token, invoice } = await newClient()
    const odd = await invoice(5_000, 7)
    const res = await pay(token, { invoiceIds: [String(odd.id)], token: 'tok_visa' })
    expect(res.status).toBe(422)
    expect(res.json.detail).toBe(`Invoice ${odd.invoiceNumber} cannot be paid`)
    expect(res.json.details).toBe('You can only pay unpaid invoices')
    expect(gateway.calls).toHaveLength(0)
  })

  it("answers 404 for another client's invoice, for a mix of clients and for a missing one, charging nothing", async () => {
    const mine = await newClient()
    const theirs = await newClient()
    const own = await mine.invoice(1_000)
    const other = await theirs.invoice(2_000)
    for (const invoiceIds of [[other.id], [own.id, other.id], [own.id, 999_999]]) {
      const res = await pay(mine.token, { invoiceIds: invoiceIds.map(String), token: 'tok_visa' })
      expect(res.status, JSON.stringify(invoiceIds)).toBe(404)
      expect(res.json.detail).toBe('Invoice not found')
    }
    expect(gateway.calls).toHaveLength(0)
    expect((await statusesOf([own.id, other.id])).map((i) => i.status)).toEqual([2, 2])
    expect(await claimsOf([own.id, other.id])).toEqual([])
  })

  it('is for clients only: agents, even super admins, cannot pay', async () => {
    const { invoice } = await newClient()
    const unpaid = await invoice(1_000)
    const admin = await server.factories.agent([], { roleId: SUPER_ADMIN_ROLE.id })
    const icp = await server.factories.agent(['ICP', 'ICV'])
    for (const userId of [admin.user.id, icp.user.id]) {
      const res = await pay(await server.tokenFor(userId), { invoiceIds: [String(unpaid.id)], token: 'tok_visa' })
      expect(res.status).toBe(403)
    }
    expect((await pay(undefined, { invoiceIds: [String(unpaid.id)], token: 'tok_visa' })).status).toBe(401)
    expect(gateway.calls).toHaveLength(0)
  })

  it('validates the body: ids as strings of positive whole numbers, 1 to 50, no repeats, and a token', async () => {
    const { token, invoice } = await newClient()
    const unpaid = await invoice(1_000)
    const id = String(unpaid.id)
    const bad: [unknown, string][] = [
      [{ invoiceIds: [unpaid.id], token: 'tok_visa' }, 'invoiceIds.0'],
      [{ invoiceIds: ['0'], token: 'tok_visa' }, 'invoiceIds.0'],
      [{ invoiceIds: ['-1'], token: 'tok_visa' }, 'invoiceIds.0'],
      [{ invoiceIds: ['1e3'], token: 'tok_visa' }, 'invoiceIds.0'],
      [{ invoiceIds: [' 1'], token: 'tok_visa' }, 'invoiceIds.0'],
      [{ invoiceIds: [], token: 'tok_visa' }, 'invoiceIds'],
      [{ invoiceIds: [id, id], token: 'tok_visa' }, 'invoiceIds'],
      [{ invoiceIds: Array.from({ length: 51 }, (_, i) => String(i + 1)), token: 'tok_visa' }, 'invoiceIds'],
      [{ invoiceIds: [id] }, 'token'],
      [{ invoiceIds: [id], token: '   ' }, 'token'],
      [{ invoiceIds: id, token: 'tok_visa' }, 'invoiceIds'],
    ]
    for (const [body, field] of bad) {
      const res = await pay(token, body)
      expect(res.status, JSON.stringify(body)).toBe(422)
      expect(res.json.details, JSON.stringify(body)).toContain(field)
    }
    const malformed = await server.request('POST', '/api/client/invoices/pay', {
      token,
      body: '{"invoiceIds": [',
      headers: { 'content-type': 'application/json' },
    })
    expect(malformed.status).toBe(400)
    const badKey = await pay(token, { invoiceIds: [id], token: 'tok_visa' }, { 'Idempotency-Key': 'no spaces allowed here' })
    expect(badKey.status).toBe(400)
    expect(badKey.json.details).toContain('Idempotency-Key')
    expect(gateway.calls).toHaveLength(0)
  })

  it('answers 502 when the processor cannot be reached (after one retry with the same key), holds the invoices until the reconciliation finds no charge, then lets the client pay', async () => {
    const { client, token, invoice } = await newClient()
    const unpaid = await invoice(2_500)
    const res = await pay(token, { invoiceIds: [String(unpaid.id)], token: 'tok_broken' })
    expect(res.status).toBe(502)
    expect(res.json.detail).toBe('Payment not confirmed')
    expect(gateway.calls).toHaveLength(2)
    expect(gateway.calls[1].idempotencyKey).toBe(gateway.calls[0].idempotencyKey)
    expect(await paymentsOf(client.id)).toEqual([])
    // Whether the card was charged is not known yet: nobody pays these invoices meanwhile.
    expect(await claimsOf([unpaid.id])).toHaveLength(1)
    expect((await pay(token, { invoiceIds: [String(unpaid.id)], token: 'tok_visa' })).status).toBe(409)

    expect(await reconcileLater()).toMatchObject({ recorded: 0, ended: 1 })
    expect(await claimsOf([unpaid.id])).toEqual([])
    expect((await pay(token, { invoiceIds: [String(unpaid.id)], token: 'tok_visa' })).status).toBe(200)
  })

  it('records a charge whose answer was lost, once the reconciliation asks the processor', async () => {
    const { client, token, invoice } = await newClient()
    const unpaid = await invoice(3_100)
    gateway.loseAnswers = true
    expect((await pay(token, { invoiceIds: [String(unpaid.id)], token: 'tok_visa' })).status).toBe(502)
    expect(await paymentsOf(client.id)).toEqual([])
    expect(await reconcileLater()).toMatchObject({ recorded: 1 })
    const [payment] = await paymentsOf(client.id)
    expect(payment).toMatchObject({ amountCents: 3_100, gatewayReference: 'ch_1' })
    expect((await statusesOf([unpaid.id]))[0].status).toBe(1)
    expect(await claimsOf([unpaid.id])).toEqual([])
  })
})

describe('paying the same invoices from several places at once', () => {
  it('charges exactly once for 20 concurrent requests (two tabs, no shared key); the others get a clear 409', async () => {
    const { client, token, invoice } = await newClient()
    const ids = [(await invoice(1_999)).id, (await invoice(2_001, 3)).id]
    gateway.delayMs = 40

    const answers = await Promise.all(Array.from({ length: 20 }, () => pay(token, { invoiceIds: ids.map(String), token: 'tok_visa' })))

    expect(gateway.calls).toHaveLength(1)
    const ok = answers.filter((a) => a.status === 200)
    const refused = answers.filter((a) => a.status === 409)
    expect(ok).toHaveLength(1)
    expect(refused).toHaveLength(19)
    for (const answer of refused) {
      expect(answer.json.detail).toMatch(/^(These invoices are already being paid|Invoice INV-\S+ is already paid)$/)
    }
    expect(ok[0].json.amount).toBe(40)
    const recorded = await paymentsOf(client.id)
    expect(recorded).toHaveLength(1)
    expect(recorded[0].amountCents).toBe(4_000)
    expect((await statusesOf(ids)).map((i) => i.status)).toEqual([1, 1])
    expect(await claimsOf(ids)).toEqual([])
  })

  it('charges exactly once for 20 concurrent retries with the same Idempotency-Key, and replays the answer afterwards', async () => {
    const { client, token, invoice } = await newClient()
    const ids = [(await invoice(10_000)).id]
    const headers = { 'Idempotency-Key': 'pay-7f3c2a9e-0001' }
    const body = { invoiceIds: ids.map(String), token: 'tok_visa' }
    gateway.delayMs = 40

    const answers = await Promise.all(Array.from({ length: 20 }, () => pay(token, body, headers)))

    expect(gateway.calls).toHaveLength(1)
    const ok = answers.filter((a) => a.status === 200)
    expect(ok.length).toBeGreaterThanOrEqual(1)
    for (const answer of answers.filter((a) => a.status !== 200)) {
      expect(answer.status).toBe(409)
      expect(answer.json.detail).toBe('This payment is already in progress')
    }
    const paymentId = ok[0].json.paymentId
    for (const answer of ok) expect(answer.json.paymentId).toBe(paymentId)

    const later = await pay(token, body, headers)
    expect(later.status).toBe(200)
    expect(later.json).toEqual(ok[0].json)
    expect(gateway.calls).toHaveLength(1)
    expect(await paymentsOf(client.id)).toHaveLength(1)
  })

  it('charges once when two tabs pay overlapping sets of invoices at the same time', async () => {
    const { client, token, invoice } = await newClient()
    const [x, y, z] = [await invoice(1_000), await invoice(2_000), await invoice(3_000)]
    gateway.delayMs = 40

    const [first, second] = await Promise.all([
      pay(token, { invoiceIds: [String(x.id), String(y.id)], token: 'tok_visa' }),
      pay(token, { invoiceIds: [String(y.id), String(z.id)], token: 'tok_visa' }),
    ])

    expect(gateway.calls).toHaveLength(1)
    expect([first.status, second.status].sort()).toEqual([200, 409])
    expect(await paymentsOf(client.id)).toHaveLength(1)
    const paidIds = (await statusesOf([x.id, y.id, z.id])).filter((i) => i.status === 1).map((i) => i.id)
    expect(paidIds).toEqual(first.status === 200 ? [x.id, y.id] : [y.id, z.id])
  })
})

describe('Idempotency-Key', () => {
  it('replays a decline for the same key and payment without asking the processor again', async () => {
    const { token, invoice } = await newClient()
    const unpaid = await invoice(1_500)
    const body = { invoiceIds: [String(unpaid.id)], token: 'tok_decline' }
    const headers = { 'Idempotency-Key': 'pay-decline-000000001' }
    const first = await pay(token, body, headers)
    const again = await pay(token, body, headers)
    expect(first.status).toBe(402)
    expect(again.status).toBe(402)
    expect(again.json).toEqual(first.json)
    expect(gateway.calls).toHaveLength(1)

    // A new card (a new token) is a new payment with a new key.
    const next = await pay(token, { ...body, token: 'tok_visa' }, { 'Idempotency-Key': 'pay-decline-000000002' })
    expect(next.status).toBe(200)
  })

  it('refuses a key reused for a different payment with 422', async () => {
    const { token, invoice } = await newClient()
    const [one, two] = [await invoice(1_000), await invoice(2_000)]
    const headers = { 'Idempotency-Key': 'pay-reuse-0000000001' }
    expect((await pay(token, { invoiceIds: [String(one.id)], token: 'tok_visa' }, headers)).status).toBe(200)
    const reused = await pay(token, { invoiceIds: [String(two.id)], token: 'tok_visa' }, headers)
    expect(reused.status).toBe(422)
    expect(reused.json.detail).toBe('Idempotency-Key already used')
    expect(gateway.calls).toHaveLength(1)
  })

  it('does not remember refusals: after a 409 the same key works once the invoices can be paid', async () => {
    const { token, invoice } = await newClient()
    const unpaid = await invoice(1_000)
    const headers = { 'Idempotency-Key': 'pay-after-409-000001' }
    const body = { invoiceIds: [String(unpaid.id)], token: 'tok_visa' }
    // Another tab is paying the invoice with a card that is declined.
    gateway.delayMs = 200
    const otherTab = pay(token, { ...body, token: 'tok_decline' })
    await vi.waitFor(async () => expect(await claimsOf([unpaid.id])).toHaveLength(1))
    const busy = await pay(token, body, headers)
    expect(busy.status).toBe(409)
    expect(busy.json.detail).toBe('These invoices are already being paid')
    expect((await otherTab).status).toBe(402)
    gateway.delayMs = 0
    expect((await pay(token, body, headers)).status).toBe(200)
  })
})

describe('a payment cut off by a stopped server', () => {
  it('is finished by a retry with the same Idempotency-Key once its lease is over, charging the card once', async () => {
    const { client, token, invoice } = await newClient()
    const unpaid = await invoice(4_200)
    const headers = { 'Idempotency-Key': 'pay-cut-off-000000001' }
    const body = { invoiceIds: [String(unpaid.id)], token: 'tok_visa' }
    gateway.loseAnswers = true
    expect((await pay(token, body, headers)).status).toBe(502)
    gateway.loseAnswers = false
    // Within the lease the first request may still be at it.
    const early = await pay(token, body, headers)
    expect(early.status).toBe(409)
    expect(early.json.detail).toBe('This payment is already in progress')

    server.clock.advance(INTENT_LEASE_MS + 1_000)
    const retry = await pay(token, body, headers)
    expect(retry.status).toBe(200)
    expect(new Set(gateway.calls.map((call) => call.idempotencyKey)).size).toBe(1)
    expect(gateway.books.size).toBe(1)
    expect(await paymentsOf(client.id)).toHaveLength(1)
    expect((await pay(token, body, headers)).json).toEqual(retry.json)
  })

  it('lets nothing block the invoices once the payment holding them has ended', async () => {
    const { client, token, invoice } = await newClient()
    const unpaid = await invoice(1_000)
    await server.db
      .insert(idempotencyRecords)
      .values({ key: `payment-hold:invoice:${unpaid.id}`, scope: 'payment-hold', requestHash: 'invoices_ended', createdAt: server.clock.now() })
    const res = await pay(token, { invoiceIds: [String(unpaid.id)], token: 'tok_visa' })
    expect(res.status).toBe(200)
    expect(await claimsOf([unpaid.id])).toEqual([])
    const [intent] = await server.db.select().from(paymentIntents).where(eq(paymentIntents.clientId, client.id))
    expect(intent).toMatchObject({ state: 'paid', responseStatus: 200 })
  })
})

describe('with the sandbox card gateway (tokens from its hosted-fields API)', () => {
  let sandboxServer: TestServer
  beforeAll(async () => {
    sandboxServer = await createTestServer({ now: NOW })
  })
  afterAll(() => sandboxServer?.close())

  async function sandboxClient() {
    const { client, user } = await sandboxServer.factories.client()
    const token = await sandboxServer.tokenFor(user.id)
    const invoice = (cents: number) =>
      createInvoice(sandboxServer.db, {
        clientId: client.id,
        invoiceDate: new Date('2026-02-01T15:00:00Z'),
        dueDate: new Date('2026-03-03T15:00:00Z'),
        lines: [{ description: 'Registered agent service', unitAmountCents: cents }],
      })
    return { client, token, invoice }
  }
  const sandboxPay = (token: string, invoiceIds: number[], cardToken: string) =>
    sandboxServer.request('POST', '/api/client/invoices/pay', { token, body: { invoiceIds: invoiceIds.map(String), token: cardToken } })

  it('pays with the success card and records the card brand, last four digits and reference', async () => {
    const { client, token, invoice } = await sandboxClient()
    const unpaid = await invoice(13_999)
    const res = await sandboxPay(token, [unpaid.id], await sandboxCardToken(sandboxServer, TEST_CARDS.success))
    expect(res.status).toBe(200)
    expect(res.json.amount).toBe(139.99)
    const [payment] = await sandboxServer.db.select().from(payments).where(eq(payments.clientId, client.id))
    expect(payment).toMatchObject({ amountCents: 13_999, gateway: 'sandbox', gatewayReference: res.json.reference, cardLast4: '4242' })
    expect(payment.cardBrand).toBeTruthy()
  })

  it('answers the declined and insufficient-funds cards with 402 and the processor text, leaving the invoice unpaid', async () => {
    const { client, token, invoice } = await sandboxClient()
    const unpaid = await invoice(5_000)
    const declined = await sandboxPay(token, [unpaid.id], await sandboxCardToken(sandboxServer, TEST_CARDS.declined))
    expect(declined.status).toBe(402)
    expect(declined.json).toEqual({ detail: 'Payment failed', details: 'Your card was declined' })
    const poor = await sandboxPay(token, [unpaid.id], await sandboxCardToken(sandboxServer, TEST_CARDS.insufficientFunds))
    expect(poor.status).toBe(402)
    expect(poor.json.details).toBe('Your card has insufficient funds')
    expect(await sandboxServer.db.select().from(payments).where(eq(payments.clientId, client.id))).toEqual([])
    const [row] = await sandboxServer.db.select({ status: invoices.status }).from(invoices).where(eq(invoices.id, unpaid.id))
    expect(row.status).toBe(2)
  })

  it('charges the sandbox once for 20 concurrent requests with one card token', async () => {
    const { client, token, invoice } = await sandboxClient()
    const ids = [(await invoice(2_500)).id, (await invoice(7_500)).id]
    const cardToken = await sandboxCardToken(sandboxServer, TEST_CARDS.success)
    const charge = vi.spyOn(sandboxServer.deps.gateway, 'charge')
    try {
      const answers = await Promise.all(Array.from({ length: 20 }, () => sandboxPay(token, ids, cardToken)))
      expect(charge).toHaveBeenCalledTimes(1)
      expect(answers.filter((a) => a.status === 200)).toHaveLength(1)
      expect(answers.filter((a) => a.status === 409)).toHaveLength(19)
      const recorded = await sandboxServer.db.select().from(payments).where(eq(payments.clientId, client.id))
      expect(recorded.map((p) => p.amountCents)).toEqual([10_000])
    } finally {
      charge.mockRestore()
    }
  })
})

describe('paying an invoice that bills services', () => {
  it('switches on every add-on it bills; until then the client profile names it as awaiting payment', async () => {
    const { client, user } = await server.factories.client()
    const token = await server.tokenFor(user.id)
    const [addon] = await server.db.insert(services).values({ name: 'Compliance Alerts', description: 'Reminders', kind: 'addon' }).returning()
    const [pkg] = await server.db.insert(servicePackages).values({ serviceId: addon.id, name: 'Yearly', description: '', amountCents: 2_900 }).returning()
    // An old, switched-off subscription of the same add-on is switched on again rather than duplicated.
    const [certificate] = await server.db.insert(services).values({ name: 'Certificate of Status', description: 'PDF', kind: 'addon' }).returning()
    await server.db.insert(clientServices).values({ clientId: client.id, serviceId: certificate.id, active: false })
    const unpaid = await createInvoice(server.db, {
      clientId: client.id,
      invoiceDate: new Date('2026-02-01T15:00:00Z'),
      dueDate: new Date('2026-03-03T15:00:00Z'),
      lines: [
        { description: 'Compliance Alerts: Yearly', unitAmountCents: 2_900, serviceId: addon.id, servicePackageId: pkg.id },
        { description: 'Certificate of Status', unitAmountCents: 4_900, serviceId: certificate.id },
      ],
    })

    const before = await server.request('GET', `/api/client/${client.id}`, { token })
    expect(before.json.awaitingPayment).toEqual([
      { serviceId: addon.id, invoiceId: unpaid.id, invoiceNumber: unpaid.invoiceNumber },
      { serviceId: certificate.id, invoiceId: unpaid.id, invoiceNumber: unpaid.invoiceNumber },
    ])

    expect((await pay(token, { invoiceIds: [String(unpaid.id)], token: 'tok_visa' })).status).toBe(200)
    const held = await server.db.select().from(clientServices).where(eq(clientServices.clientId, client.id))
    expect(held.map((row) => ({ serviceId: row.serviceId, active: row.active })).sort((a, b) => a.serviceId - b.serviceId)).toEqual(
      [
        { serviceId: addon.id, active: true },
        { serviceId: certificate.id, active: true },
      ].sort((a, b) => a.serviceId - b.serviceId),
    )
    expect(held.find((row) => row.serviceId === addon.id)?.servicePackageId).toBe(pkg.id)
    const after = await server.request('GET', `/api/client/${client.id}`, { token })
    expect(after.json.awaitingPayment).toEqual([])
  })
})
