import { inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { invoices } from '../../server/db/schema'
import { createInvoice } from '../../server/invoices/create'
import { jobs } from '../../server/jobs'
import { markOverdueJob } from '../../server/jobs/overdue'
import { runDueJobs } from '../../server/jobs/scheduler'
import { createTestServer, type TestServer } from './harness'

let server: TestServer
beforeAll(async () => {
  server = await createTestServer({ now: new Date('2026-03-01T12:00:00Z') })
})
afterAll(() => server?.close())

const statuses = async (ids: number[]) =>
  Object.fromEntries(
    (await server.db.select({ id: invoices.id, status: invoices.status }).from(invoices).where(inArray(invoices.id, ids))).map((r) => [r.id, r.status]),
  )

describe('mark-overdue job', () => {
  it('marks NEW invoices past their due date OVERDUE as the clock moves, touching nothing else, and is idempotent', async () => {
    const { client, user } = await server.factories.client()
    const make = (due: string, status: number) =>
      createInvoice(server.db, {
        clientId: client.id,
        invoiceDate: new Date('2026-01-15T15:00:00Z'),
        dueDate: new Date(due),
        lines: [{ description: 'Registered agent service', unitAmountCents: 9_900 }],
        status,
        paidDate: status === 1 ? new Date('2026-01-20T15:00:00Z') : null,
      })
    const pastDue = await make('2026-02-28T23:59:59Z', 2)
    const dueLater = await make('2026-03-05T04:59:59Z', 2)
    const paidLate = await make('2026-02-01T00:00:00Z', 1)
    const alreadyOverdue = await make('2026-02-01T00:00:00Z', 3)
    const ids = [pastDue.id, dueLater.id, paidLate.id, alreadyOverdue.id]

    expect(await markOverdueJob.run(server.deps, server.clock.now())).toEqual({ marked: 1 })
    expect(await statuses(ids)).toEqual({ [pastDue.id]: 3, [dueLater.id]: 2, [paidLate.id]: 1, [alreadyOverdue.id]: 3 })
    expect(await markOverdueJob.run(server.deps, server.clock.now())).toEqual({ marked: 0 })

    // Exactly at the due instant it is not yet overdue; a moment later it is.
    server.clock.set('2026-03-05T04:59:59Z')
    expect(await markOverdueJob.run(server.deps, server.clock.now())).toEqual({ marked: 0 })
    server.clock.advance(1_000)
    expect(await markOverdueJob.run(server.deps, server.clock.now())).toEqual({ marked: 1 })
    expect((await statuses([dueLater.id]))[dueLater.id]).toBe(3)

    // The client's list shows it overdue.
    const token = await server.tokenFor(user.id)
    const list = await server.request('GET', `/api/client/invoices/${client.id}?status=3`, { token })
    expect(list.json.data.map((i: { id: number }) => i.id).sort()).toEqual([pastDue.id, dueLater.id, alreadyOverdue.id].sort())
  })

  it('is scheduled with the server jobs and runs through the scheduler', async () => {
    expect(jobs).toContain(markOverdueJob)
    expect(markOverdueJob.name).toBe('mark-overdue')
    expect(markOverdueJob.everyMs).toBeGreaterThan(0)
    const { client } = await server.factories.client()
    const invoice = await createInvoice(server.db, {
      clientId: client.id,
      invoiceDate: new Date('2026-02-01T15:00:00Z'),
      dueDate: new Date(server.clock.now().getTime() - 60_000),
      lines: [{ description: 'Mail forwarding', unitAmountCents: 4_900 }],
    })
    const ran = await runDueJobs(server.deps, [markOverdueJob], server.clock.now())
    expect(ran).toEqual(['mark-overdue'])
    expect((await statuses([invoice.id]))[invoice.id]).toBe(3)
  })
})
