import { and, eq, inArray, like } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { auditEvents, clientAutopay, invoices, paymentIntents, paymentMethods, payments, sandboxCharges, sandboxStoredCards } from '../../server/db/schema'
import { createInvoice } from '../../server/invoices/create'
import { PAYMENT_RECORDERS } from '../../server/jobs/payment-reconciliation'
import { INTENT_LEASE_MS, reconcileIntents } from '../../server/payments/intents'
import { createTestServer, type TestServer } from './harness'
import { AnswerLosingSandbox, sandboxCardToken, TEST_CARDS } from './sandbox-card'

/**
 * Saved cards on the sandbox gateway: paying with "save this card", the list (last four digits only),
 * paying with the saved card and no card fields, the fences between clients, auto-pay's setting,
 * removing a card, the receipt e-mail, a payment finished by the reconciliation that still saves the
 * card, and the account statement PDF.
 */

const NOW = new Date('2026-03-01T17:00:00Z')
let server: TestServer
let gateway: AnswerLosingSandbox

beforeAll(async () => {
  server = await createTestServer({
    now: NOW,
    gateway: ({ db, clock, logger }) => (gateway = new AnswerLosingSandbox({ db, clock, logger, publicUrl: 'http://localhost:8080' })),
  })
})
afterAll(() => server?.close())

async function newClient() {
  const { client, user } = await server.factories.client()
  const token = await server.tokenFor(user.id)
  const invoice = (cents: number, dates: { invoiceDate?: string; dueDate?: string; paidDate?: string } = {}) =>
    createInvoice(server.db, {
      clientId: client.id,
      invoiceDate: new Date(dates.invoiceDate ?? '2026-02-01T15:00:00Z'),
      dueDate: new Date(dates.dueDate ?? '2026-03-03T15:00:00Z'),
      lines: [{ description: 'Registered agent service', unitAmountCents: cents }],
      status: dates.paidDate ? 1 : 2,
      paidDate: dates.paidDate ? new Date(dates.paidDate) : null,
    })
  return { client, user, token, invoice }
}

const pay = (token: string, body: unknown, headers: Record<string, string> = {}) => server.request('POST', '/api/client/invoices/pay', { token, body, headers })
const methodsOf = (token: string, clientId: number) => server.request('GET', `/api/client/${clientId}/payment-methods`, { token })
const chargesFor = (invoiceNumber: string) =>
  server.db
    .select()
    .from(sandboxCharges)
    .where(like(sandboxCharges.description, `%${invoiceNumber}%`))

/** A client who paid one invoice and saved the card; the saved card's id. */
async function clientWithSavedCard() {
  const payer = await newClient()
  const first = await payer.invoice(14_900)
  const res = await pay(payer.token, { invoiceIds: [String(first.id)], token: await sandboxCardToken(server), saveCard: true })
  expect(res.status).toBe(200)
  const list = await methodsOf(payer.token, payer.client.id)
  return { ...payer, methodId: list.json.data[0].id as number }
}

describe('saving a card while paying', () => {
  it('pays and keeps the card on file; the list shows brand, last four and expiry only, never the number', async () => {
    const { client, user, token, invoice } = await newClient()
    const first = await invoice(14_900)
    const year = server.clock.now().getUTCFullYear() + 3
    const sent = server.sent.length

    const res = await pay(token, {
      invoiceIds: [String(first.id)],
      token: await sandboxCardToken(server, TEST_CARDS.success, { expMonth: 11, expYear: year }),
      saveCard: true,
    })

    expect(res.status).toBe(200)
    const list = await methodsOf(token, client.id)
    expect(list.status).toBe(200)
    expect(list.json).toEqual({ data: [{ id: expect.any(Number), brand: 'visa', last4: '4242', expMonth: 11, expYear: year, isDefault: true }] })
    expect(list.text).not.toMatch(/4242\s?4242\s?4242/)
    expect(list.text).not.toContain('sbx_card_')
    const stored = await server.db.select().from(paymentMethods).where(eq(paymentMethods.clientId, client.id))
    expect(JSON.stringify(stored)).not.toContain('4242424242424242')
    expect(stored[0].gatewayToken).toMatch(/^sbx_card_/)
    const [atGateway] = await server.db.select().from(sandboxStoredCards).where(eq(sandboxStoredCards.token, stored[0].gatewayToken))
    expect(atGateway).toMatchObject({ last4: '4242', brand: 'visa', deletedAt: null })

    // The receipt: HTML and text to the payer, with the invoice's PDF attached and a link to its page.
    const receipt = server.sent.slice(sent).find((m) => m.to === user.email && m.subject.startsWith('Receipt'))
    expect(receipt).toBeTruthy()
    expect(receipt!.subject).toBe(`Receipt: $149.00 paid for invoice ${first.invoiceNumber}`)
    expect(receipt!.html).toContain(first.invoiceNumber)
    expect(receipt!.html).toContain(`/client/invoices/${first.id}`)
    expect(receipt!.text).toContain('Visa ending in 4242')
    expect(receipt!.attachments?.map(({ filename, contentType }) => ({ filename, contentType }))).toEqual([
      { filename: `invoice-${first.invoiceNumber}.pdf`, contentType: 'application/pdf' },
    ])
    expect(Buffer.from(receipt!.attachments![0].content).subarray(0, 5).toString()).toBe('%PDF-')
  })

  it('does not save the card without saveCard', async () => {
    const { client, token, invoice } = await newClient()
    const first = await invoice(5_000)
    expect((await pay(token, { invoiceIds: [String(first.id)], token: await sandboxCardToken(server) })).status).toBe(200)
    expect((await methodsOf(token, client.id)).json).toEqual({ data: [] })
  })

  it('saves nothing when the card is declined', async () => {
    const { client, token, invoice } = await newClient()
    const first = await invoice(5_000)
    const res = await pay(token, { invoiceIds: [String(first.id)], token: await sandboxCardToken(server, TEST_CARDS.declined), saveCard: true })
    expect(res.status).toBe(402)
    expect((await methodsOf(token, client.id)).json).toEqual({ data: [] })
  })

  it('saves the card also when the reconciliation finishes a payment whose answer was lost', async () => {
    const { client, token, invoice } = await newClient()
    const first = await invoice(7_700)
    const cardToken = await sandboxCardToken(server)
    gateway.loseAnswers = true
    let cut: Awaited<ReturnType<typeof pay>>
    try {
      cut = await pay(token, { invoiceIds: [String(first.id)], token: cardToken, saveCard: true })
    } finally {
      gateway.loseAnswers = false
    }
    expect(cut.status).toBe(502)
    const [pending] = await server.db.select().from(paymentIntents).where(eq(paymentIntents.clientId, client.id))
    expect(pending).toMatchObject({ state: 'pending' })
    expect(pending.order.saveCard).toBe(true)
    expect((await methodsOf(token, client.id)).json.data).toEqual([])

    const counts = await reconcileIntents(server.deps, PAYMENT_RECORDERS, new Date(server.clock.now().getTime() + INTENT_LEASE_MS + 1_000))

    expect(counts.recorded).toBe(1)
    const [invoiceRow] = await server.db.select().from(invoices).where(eq(invoices.id, first.id))
    expect(invoiceRow.status).toBe(1)
    expect((await methodsOf(token, client.id)).json.data).toEqual([expect.objectContaining({ brand: 'visa', last4: '4242', isDefault: true })])
    expect(await chargesFor(first.invoiceNumber)).toHaveLength(1)
  })
})

describe('paying with a saved card', () => {
  it('pays another invoice with the saved card and no card fields, through an intent like any payment', async () => {
    const { client, token, invoice, methodId } = await clientWithSavedCard()
    const second = await invoice(4_900)

    const res = await pay(token, { invoiceIds: [String(second.id)], paymentMethodId: methodId }, { 'Idempotency-Key': 'saved-card-pay-1' })

    expect(res.status).toBe(200)
    expect(res.json).toMatchObject({ amount: 49, invoiceIds: [String(second.id)] })
    const [payment] = await server.db.select().from(payments).where(eq(payments.id, res.json.paymentId))
    expect(payment).toMatchObject({ clientId: client.id, amountCents: 4_900, cardBrand: 'visa', cardLast4: '4242' })
    const [intent] = await server.db.select().from(paymentIntents).where(eq(paymentIntents.chargeKey, payment.idempotencyKey))
    expect(intent).toMatchObject({ state: 'paid', purpose: 'invoices' })
    expect(intent.order.paymentMethodId).toBe(methodId)
    const [audit] = await server.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'invoice.pay'), eq(auditEvents.entityId, String(payment.id))))
    expect(audit.details).toMatchObject({ paymentMethodId: methodId })

    // A retry with the same key answers the first payment: one charge.
    const again = await pay(token, { invoiceIds: [String(second.id)], paymentMethodId: String(methodId) }, { 'Idempotency-Key': 'saved-card-pay-1' })
    expect(again.status).toBe(200)
    expect(again.json.paymentId).toBe(res.json.paymentId)
    expect(await chargesFor(second.invoiceNumber)).toHaveLength(1)

    // The invoice detail lists its payment.
    const detail = await server.request('GET', `/api/invoices/${second.id}`, { token })
    expect(detail.json.payments).toEqual([expect.objectContaining({ id: payment.id, amount: 49, cardLast4: '4242' })])
  })

  it('refuses a card token and a saved card together, and neither, with 422', async () => {
    const { token, invoice, methodId } = await clientWithSavedCard()
    const second = await invoice(1_000)
    const both = await pay(token, { invoiceIds: [String(second.id)], token: 'tok_x', paymentMethodId: methodId })
    expect(both.status).toBe(422)
    expect(both.json.details).toContain('either a card token or a saved card')
    const neither = await pay(token, { invoiceIds: [String(second.id)] })
    expect(neither.status).toBe(422)
    const bad = await pay(token, { invoiceIds: [String(second.id)], paymentMethodId: 'abc' })
    expect(bad.status).toBe(422)
    expect(await chargesFor(second.invoiceNumber)).toHaveLength(0)
  })
})

describe('one company’s card is never another’s', () => {
  it('refuses another client’s saved card with 404 and charges nothing; its list, removal and auto-pay are out of reach', async () => {
    const owner = await clientWithSavedCard()
    const other = await newClient()
    const otherInvoice = await other.invoice(2_500)

    const res = await pay(other.token, { invoiceIds: [String(otherInvoice.id)], paymentMethodId: owner.methodId })
    expect(res.status).toBe(404)
    expect(res.json).toEqual({ detail: 'Payment method not found', details: `Saved card ${owner.methodId} was not found` })
    expect(await chargesFor(otherInvoice.invoiceNumber)).toHaveLength(0)

    expect((await methodsOf(other.token, owner.client.id)).status).toBe(404)
    expect((await server.request('DELETE', `/api/client/${owner.client.id}/payment-methods/${owner.methodId}`, { token: other.token })).status).toBe(404)
    // Through its own path, another client's card id reads as missing too.
    expect((await server.request('DELETE', `/api/client/${other.client.id}/payment-methods/${owner.methodId}`, { token: other.token })).status).toBe(404)
    const autopay = await server.request('PUT', `/api/client/${other.client.id}/autopay`, {
      token: other.token,
      body: { enabled: true, paymentMethodId: owner.methodId },
    })
    expect(autopay.status).toBe(404)
    expect((await server.request('GET', `/api/client/${owner.client.id}/statement?from=2026-01-01&to=2026-03-01`, { token: other.token })).status).toBe(404)
    // The card is still there for its owner.
    expect((await methodsOf(owner.token, owner.client.id)).json.data).toHaveLength(1)
  })

  it('lets staff with ICV read a client’s cards and auto-pay, and no staff change them', async () => {
    const owner = await clientWithSavedCard()
    const viewer = await server.factories.agent(['ICV'])
    const nobody = await server.factories.agent([])
    const viewerToken = await server.tokenFor(viewer.user.id)
    expect((await methodsOf(viewerToken, owner.client.id)).json.data).toHaveLength(1)
    expect((await methodsOf(await server.tokenFor(nobody.user.id), owner.client.id)).status).toBe(403)
    expect((await server.request('GET', `/api/client/${owner.client.id}/autopay`, { token: viewerToken })).status).toBe(200)
    const put = await server.request('PUT', `/api/client/${owner.client.id}/autopay`, {
      token: viewerToken,
      body: { enabled: true, paymentMethodId: owner.methodId },
    })
    expect(put.status).toBe(403)
    const removed = await server.request('DELETE', `/api/client/${owner.client.id}/payment-methods/${owner.methodId}`, { token: viewerToken })
    expect(removed.status).toBe(403)
    expect((await methodsOf(owner.token, owner.client.id)).json.data).toHaveLength(1)
  })
})

describe('auto-pay and removing a card', () => {
  it('switches auto-pay on with a saved card, and removing the card forgets it at the gateway and switches auto-pay off', async () => {
    const { client, token, invoice, methodId } = await clientWithSavedCard()
    const path = `/api/client/${client.id}/autopay`
    expect((await server.request('GET', path, { token })).json).toEqual({ enabled: false, paymentMethodId: null, paymentMethod: null })

    const missingCard = await server.request('PUT', path, { token, body: { enabled: true } })
    expect(missingCard.status).toBe(422)
    expect(missingCard.json.details).toContain('choose the saved card')

    const on = await server.request('PUT', path, { token, body: { enabled: true, paymentMethodId: methodId } })
    expect(on.status).toBe(200)
    expect(on.json).toEqual({ enabled: true, paymentMethodId: methodId, paymentMethod: expect.objectContaining({ id: methodId, last4: '4242' }) })
    expect((await server.request('GET', path, { token })).json.enabled).toBe(true)

    const [row] = await server.db.select().from(paymentMethods).where(eq(paymentMethods.id, methodId))
    const removed = await server.request('DELETE', `/api/client/${client.id}/payment-methods/${methodId}`, { token })
    expect(removed.status).toBe(204)
    expect((await methodsOf(token, client.id)).json).toEqual({ data: [] })
    const [atGateway] = await server.db.select().from(sandboxStoredCards).where(eq(sandboxStoredCards.token, row.gatewayToken))
    expect(atGateway.deletedAt).not.toBeNull()
    expect((await server.request('GET', path, { token })).json).toEqual({ enabled: false, paymentMethodId: null, paymentMethod: null })
    const [setting] = await server.db.select().from(clientAutopay).where(eq(clientAutopay.clientId, client.id))
    expect(setting.enabled).toBe(false)

    // Paying with the removed card is refused without a charge; removing it again is 404.
    const later = await invoice(3_000)
    const res = await pay(token, { invoiceIds: [String(later.id)], paymentMethodId: methodId })
    expect(res.status).toBe(404)
    expect(await chargesFor(later.invoiceNumber)).toHaveLength(0)
    expect((await server.request('DELETE', `/api/client/${client.id}/payment-methods/${methodId}`, { token })).status).toBe(404)
    // The gateway refuses the forgotten card even if it were sent.
    const direct = await server.deps.gateway.charge({ storedCard: row.gatewayToken, amountCents: 100, idempotencyKey: 'forgotten-card', description: 'test' })
    expect(direct).toMatchObject({ ok: false, code: 'invalid_token' })
  })
})

describe('GET /api/client/{id}/statement', () => {
  it('answers a PDF with the opening balance, the period’s invoices and payments, the closing balance and the aging', async () => {
    const { client, token, invoice } = await newClient()
    // Before the period: $100 invoiced, unpaid (opening balance $100, and 90+ days past due at the end).
    const old = await invoice(10_000, { invoiceDate: '2025-10-01T15:00:00Z', dueDate: '2025-10-15T15:00:00Z' })
    // In the period: $200 invoiced and paid by card; $50 invoiced, due 10 days before the end, unpaid.
    const paidByCard = await invoice(20_000, { invoiceDate: '2026-02-05T15:00:00Z', dueDate: '2026-02-20T15:00:00Z' })
    const recent = await invoice(5_000, { invoiceDate: '2026-02-10T15:00:00Z', dueDate: '2026-02-18T15:00:00Z' })
    server.clock.set('2026-02-25T17:00:00Z')
    try {
      expect((await pay(token, { invoiceIds: [String(paidByCard.id)], token: await sandboxCardToken(server) })).status).toBe(200)
    } finally {
      server.clock.set(NOW)
    }

    const res = await server.request('GET', `/api/client/${client.id}/statement?from=2026-01-01&to=2026-02-28`, { token })

    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('application/pdf')
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="statement-2026-01-01-to-2026-02-28.pdf"')
    expect(res.text.startsWith('%PDF-')).toBe(true)
    const text = [...res.text.matchAll(/\(((?:\\.|[^\\)])*)\) Tj/g)].map((m) => m[1]).join('\n')
    expect(text).toContain('STATEMENT')
    expect(text).toContain(client.companyName)
    expect(text).toMatch(/Opening balance\n\$100\.00/)
    expect(text).toContain(`Invoice ${paidByCard.invoiceNumber}`)
    expect(text).toContain(`Invoice ${recent.invoiceNumber}`)
    expect(text).not.toContain(`Invoice ${old.invoiceNumber}`)
    expect(text).toContain(`Payment \\(Visa ending in 4242\\): ${paidByCard.invoiceNumber}`)
    // Closing: 100 + 200 + 50 - 200 = $150.00.
    expect(text).toMatch(/Closing balance\n\$150\.00/)
    for (const label of ['Current', '1-30 days', '31-60 days', '61-90 days', '90+ days']) expect(text).toContain(label)
    // Aging at Feb 28: $0 current, $50 1-30 days (due Feb 18), $100 90+ days (due Oct 15).
    const aging = text.slice(text.indexOf('AGING'))
    expect(aging.split('\n').slice(1)).toEqual(['Current', '$0.00', '1-30 days', '$50.00', '31-60 days', '$0.00', '61-90 days', '$0.00', '90+ days', '$100.00'])
  })

  it('refuses a malformed or reversed period with a readable 4xx', async () => {
    const { client, token } = await newClient()
    const reversed = await server.request('GET', `/api/client/${client.id}/statement?from=2026-03-01&to=2026-02-01`, { token })
    expect(reversed.status).toBeGreaterThanOrEqual(400)
    expect(reversed.status).toBeLessThan(500)
    expect(reversed.json.details).toContain('to must not be before from')
    const bad = await server.request('GET', `/api/client/${client.id}/statement?from=2026-02-30&to=2026-03-01`, { token })
    expect([400, 422]).toContain(bad.status)
    const missing = await server.request('GET', `/api/client/${client.id}/statement`, { token })
    expect([400, 422]).toContain(missing.status)
  })
})

describe('buying an add-on with a saved card', () => {
  it('accepts paymentMethodId instead of a card token (and refuses another client’s card)', async () => {
    const { token, methodId } = await clientWithSavedCard()
    const other = await newClient()
    const body = { serviceSubscriptions: [{ serviceId: 999_999, servicePackageId: 999_999 }], paymentMethodId: methodId }
    // No such service: refused before any charge, which shows the card choice passed validation.
    const res = await server.request('POST', '/api/client/services/packages/subscribe', { token, body })
    expect(res.status).toBe(422)
    expect(res.json.detail).toBe('Service not available')
    const foreign = await server.request('POST', '/api/client/services/packages/subscribe', { token: other.token, body })
    expect(foreign.status).toBe(404)
    const both = await server.request('POST', '/api/client/services/packages/subscribe', {
      token,
      body: { ...body, affinipayPaymentDetails: { token: 'tok_x' } },
    })
    expect(both.status).toBe(422)
    const ids = (
      await server.db
        .select({ id: paymentIntents.id })
        .from(paymentIntents)
        .where(inArray(paymentIntents.purpose, ['subscription']))
    ).length
    expect(ids).toBe(0)
  })
})
