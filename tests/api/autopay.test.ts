import { and, eq, like } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { INVOICE_STATUS } from '../../contract/invoices'
import { autopayEvents, invoices, notifications, paymentIntents, paymentMethods, payments, sandboxCharges, sandboxStoredCards } from '../../server/db/schema'
import { createInvoice } from '../../server/invoices/create'
import { attemptDayFor, autopayJob, runAutopay } from '../../server/jobs/autopay'
import { jobs } from '../../server/jobs'
import { PAYMENT_RECORDERS } from '../../server/jobs/payment-reconciliation'
import { runDueJobs } from '../../server/jobs/scheduler'
import { INTENT_LEASE_MS, reconcileIntents } from '../../server/payments/intents'
import { createTestServer, type TestServer } from './harness'
import { AnswerLosingSandbox, sandboxCardToken } from './sandbox-card'

/**
 * The auto-pay job with a fixed clock, on the sandbox gateway: an open invoice is charged once on its
 * due date with the chosen saved card; a decline is tried again 1, 3 and 7 days after the due date, with
 * a notice each time, and nothing is charged after the success; the client is told 7 days ahead; the
 * card's expiry is warned of 30 and 7 days ahead, once each; a charge whose answer was lost is settled
 * by the reconciliation and not charged again by the next run.
 */

const START = new Date('2026-03-01T15:00:00Z')
let server: TestServer
let gateway: AnswerLosingSandbox

beforeAll(async () => {
  server = await createTestServer({
    now: START,
    gateway: ({ db, clock, logger }) => (gateway = new AnswerLosingSandbox({ db, clock, logger, publicUrl: 'http://localhost:8080' })),
  })
})
afterAll(() => server?.close())

/** Runs the job at this instant, with the server's clock there too. */
async function runAt(iso: string) {
  server.clock.set(iso)
  return runAutopay(server.deps, server.clock.now())
}

/** A client with a saved card (made by paying a first invoice with "save this card") and auto-pay on. */
async function autopayClient(card: { expMonth?: number; expYear?: number } = {}) {
  server.clock.set(START)
  const { client, user } = await server.factories.client()
  const token = await server.tokenFor(user.id)
  const invoice = (cents: number, dueDate: string) =>
    createInvoice(server.db, {
      clientId: client.id,
      invoiceDate: new Date('2026-02-20T15:00:00Z'),
      dueDate: new Date(dueDate),
      lines: [{ description: 'Registered agent service renewal', unitAmountCents: cents }],
      status: INVOICE_STATUS.NEW,
    })
  const first = await invoice(1_000, '2026-03-01T15:00:00Z')
  const paid = await server.request('POST', '/api/client/invoices/pay', {
    token,
    body: { invoiceIds: [String(first.id)], token: await sandboxCardToken(server, undefined, card), saveCard: true },
  })
  expect(paid.status).toBe(200)
  const [method] = await server.db.select().from(paymentMethods).where(eq(paymentMethods.clientId, client.id))
  const on = await server.request('PUT', `/api/client/${client.id}/autopay`, { token, body: { enabled: true, paymentMethodId: method.id } })
  expect(on.status).toBe(200)
  const setOutcome = (outcome: 'approve' | 'card_declined' | 'insufficient_funds') =>
    server.db.update(sandboxStoredCards).set({ outcome }).where(eq(sandboxStoredCards.token, method.gatewayToken))
  const notices = async (text: string) =>
    (
      await server.db
        .select()
        .from(notifications)
        .where(and(eq(notifications.clientId, client.id), like(notifications.message, `%${text}%`)))
    ).map((n) => n.message)
  return { client, user, token, invoice, method, setOutcome, notices }
}

const chargesFor = (invoiceNumber: string) =>
  server.db
    .select()
    .from(sandboxCharges)
    .where(like(sandboxCharges.description, `%${invoiceNumber}%`))
    .orderBy(sandboxCharges.id)
const statusOf = async (id: number) => (await server.db.select({ status: invoices.status }).from(invoices).where(eq(invoices.id, id)))[0].status

describe('attempt days', () => {
  it('are the due date and 1, 3 and 7 days after it', () => {
    expect([-1, 0, 1, 2, 3, 4, 6, 7, 8].map(attemptDayFor)).toEqual([null, 0, 1, 1, 3, 3, 3, 7, null])
  })
})

describe('the auto-pay job', () => {
  it('tells the client 7 days ahead, then charges a due invoice once on its due date with the saved card', async () => {
    const { client, user, invoice, method, notices } = await autopayClient()
    const renewal = await invoice(14_900, '2026-03-20T15:00:00Z')

    // Eight days ahead: nothing yet.
    await runAt('2026-03-12T14:00:00Z')
    expect(await notices('will be charged')).toEqual([])
    // Seven days ahead: the notice, once.
    await runAt('2026-03-13T14:00:00Z')
    await runAt('2026-03-14T14:00:00Z')
    expect(await notices('will be charged')).toEqual([
      `Auto-pay: invoice ${renewal.invoiceNumber} for $149.00 will be charged to your Visa ending in 4242 on Mar 20, 2026`,
    ])
    expect(await chargesFor(renewal.invoiceNumber)).toEqual([])

    // The due date: charged; the same day again, and later days: no second charge.
    const sent = server.sent.length
    const run = await runAt('2026-03-20T13:00:00Z')
    expect(run.charged).toBe(1)
    await runAt('2026-03-20T18:00:00Z')
    await runAt('2026-03-21T18:00:00Z')
    await runAt('2026-03-27T18:00:00Z')
    const charges = await chargesFor(renewal.invoiceNumber)
    expect(charges).toHaveLength(1)
    expect(charges[0]).toMatchObject({ status: 'succeeded', amountCents: 14_900 })
    expect(await statusOf(renewal.id)).toBe(INVOICE_STATUS.PAID)
    const recorded = await server.db.select().from(payments).where(eq(payments.gatewayReference, charges[0].reference!))
    expect(recorded).toEqual([expect.objectContaining({ clientId: client.id, amountCents: 14_900, cardLast4: '4242' })])
    const [intent] = await server.db.select().from(paymentIntents).where(eq(paymentIntents.chargeKey, recorded[0].idempotencyKey))
    expect(intent).toMatchObject({ state: 'paid', userId: null, requestKey: `invoices:-:autopay-${renewal.id}-day-0` })
    expect(intent.order).toMatchObject({ via: 'autopay', paymentMethodId: method.id })
    // The receipt goes to the client's users, saying it was auto-pay.
    const receipt = server.sent.slice(sent).find((m) => m.to === user.email && m.subject.startsWith('Receipt'))
    expect(receipt?.text).toContain('by auto-pay')
  })

  it('tries a declined card again on days 1, 3 and 7 with a notice each time, and stops after the success', async () => {
    const { invoice, setOutcome, notices } = await autopayClient()
    const due = await invoice(9_900, '2026-04-01T15:00:00Z')
    await setOutcome('card_declined')

    await runAt('2026-04-01T12:00:00Z') // day 0: declined
    await runAt('2026-04-01T20:00:00Z') // the same day again: nothing more
    expect(await chargesFor(due.invoiceNumber)).toHaveLength(1)
    await runAt('2026-04-02T12:00:00Z') // day 1: declined
    await runAt('2026-04-03T12:00:00Z') // day 2: no attempt
    expect(await chargesFor(due.invoiceNumber)).toHaveLength(2)
    await runAt('2026-04-04T12:00:00Z') // day 3: declined
    await runAt('2026-04-05T12:00:00Z') // day 4: no attempt
    expect(await chargesFor(due.invoiceNumber)).toHaveLength(3)

    const declines = await notices('Auto-pay could not charge')
    expect(declines).toHaveLength(3)
    expect(declines[0]).toBe(
      `Auto-pay could not charge your Visa ending in 4242 for invoice ${due.invoiceNumber} ($99.00): Your card was declined. We will try again on Apr 2, 2026, or you can pay it in the portal now.`,
    )
    expect(declines[1]).toContain('We will try again on Apr 4, 2026')
    expect(declines[2]).toContain('We will try again on Apr 8, 2026')
    expect(await statusOf(due.id)).not.toBe(INVOICE_STATUS.PAID)

    // The card works again: day 7 charges it, and nothing is charged after that.
    await setOutcome('approve')
    await runAt('2026-04-08T12:00:00Z')
    await runAt('2026-04-08T18:00:00Z')
    await runAt('2026-04-09T12:00:00Z')
    const charges = await chargesFor(due.invoiceNumber)
    expect(charges.map((c) => c.status)).toEqual(['declined', 'declined', 'declined', 'succeeded'])
    expect(await statusOf(due.id)).toBe(INVOICE_STATUS.PAID)
    expect(await notices('Auto-pay could not charge')).toHaveLength(3)
  })

  it('says so after the last attempt (day 7) is declined, and tries no more', async () => {
    const { invoice, setOutcome, notices } = await autopayClient()
    const due = await invoice(5_000, '2026-05-01T15:00:00Z')
    await setOutcome('insufficient_funds')
    for (const day of ['2026-05-01', '2026-05-02', '2026-05-04', '2026-05-08', '2026-05-09', '2026-05-15']) await runAt(`${day}T12:00:00Z`)
    expect(await chargesFor(due.invoiceNumber)).toHaveLength(4)
    const declines = await notices('Auto-pay could not charge')
    expect(declines).toHaveLength(4)
    expect(declines[3]).toContain('insufficient funds. This was the last automatic attempt: please pay it in the portal.')
  })

  it('charges nothing when auto-pay is off', async () => {
    const { client, token, invoice } = await autopayClient()
    const due = await invoice(2_000, '2026-06-01T15:00:00Z')
    expect((await server.request('PUT', `/api/client/${client.id}/autopay`, { token, body: { enabled: false } })).status).toBe(200)
    await runAt('2026-06-01T16:00:00Z')
    expect(await chargesFor(due.invoiceNumber)).toEqual([])
  })

  it('warns 30 and 7 days before the auto-pay card expires, once each', async () => {
    // A card good through the end of April 2026 (expires 2026-05-01).
    const { notices } = await autopayClient({ expMonth: 4, expYear: 2026 })
    await runAt('2026-03-31T12:00:00Z') // 31 days left: nothing
    expect(await notices('expires at the end')).toEqual([])
    await runAt('2026-04-02T12:00:00Z') // 29 days left
    await runAt('2026-04-03T12:00:00Z')
    expect(await notices('expires at the end')).toEqual([
      'Your Visa ending in 4242, used for auto-pay, expires at the end of 04/2026 (in 29 days). Save a new card and choose it for auto-pay to keep paying automatically.',
    ])
    await runAt('2026-04-25T12:00:00Z') // 6 days left
    await runAt('2026-04-26T12:00:00Z')
    const warnings = await notices('expires at the end')
    expect(warnings).toHaveLength(2)
    expect(warnings[1]).toContain('(in 6 days)')
    const keys = (await server.db.select().from(autopayEvents).where(like(autopayEvents.key, 'card:%'))).map((e) => e.kind).sort()
    expect(keys).toEqual(['expiry-30', 'expiry-7'])
  })

  it('leaves a charge whose answer was lost to the reconciliation, and the next run does not charge again', async () => {
    const { invoice } = await autopayClient()
    const due = await invoice(3_300, '2026-07-01T15:00:00Z')
    gateway.loseAnswers = true
    try {
      const run = await runAt('2026-07-01T12:00:00Z')
      expect(run.failed).toBe(1)
    } finally {
      gateway.loseAnswers = false
    }
    expect(await chargesFor(due.invoiceNumber)).toHaveLength(1)
    expect(await statusOf(due.id)).not.toBe(INVOICE_STATUS.PAID)
    // Within the lease the next run leaves it alone; the reconciliation then records the charge.
    await runAt('2026-07-01T12:00:10Z')
    const counts = await reconcileIntents(server.deps, PAYMENT_RECORDERS, new Date(server.clock.now().getTime() + INTENT_LEASE_MS + 1_000))
    expect(counts.recorded).toBe(1)
    expect(await statusOf(due.id)).toBe(INVOICE_STATUS.PAID)
    await runAt('2026-07-01T18:00:00Z')
    await runAt('2026-07-02T18:00:00Z')
    expect(await chargesFor(due.invoiceNumber)).toHaveLength(1)
  })

  it('is one of the scheduled jobs, run once per hour', async () => {
    expect(jobs).toContain(autopayJob)
    expect(autopayJob.everyMs).toBe(3_600_000)
    server.clock.set('2026-08-01T10:30:00Z')
    expect(await runDueJobs(server.deps, [autopayJob])).toEqual(['autopay'])
    expect(await runDueJobs(server.deps, [autopayJob])).toEqual([])
  })
})
