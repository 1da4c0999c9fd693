import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { idempotencyRecords, jobRuns, mailOutbox } from '../../server/db/schema'
import { jobs } from '../../server/jobs'
import { RETENTION_MS, sweepIdempotencyRecords, sweepRecordsJob } from '../../server/jobs/housekeeping'
import { runDueJobs } from '../../server/jobs/scheduler'
import { createTestServer, type TestServer } from './harness'

/**
 * The daily sweep of idempotency records, job runs and outgoing mail
 * (docs/decisions/2026-11-22-retention-and-mail-retry.md).
 */
const NOW = new Date('2026-11-21T15:00:00Z')
const MIN = 60_000
const HOUR = 60 * MIN
const DAY = 24 * HOUR
const ago = (ms: number) => new Date(NOW.getTime() - ms)

let server: TestServer
beforeAll(async () => {
  server = await createTestServer({ now: NOW })
})
afterAll(() => server.close())
beforeEach(async () => {
  server.clock.set(NOW)
  await server.db.delete(idempotencyRecords)
  await server.db.delete(jobRuns)
  await server.db.delete(mailOutbox)
})

async function record(key: string, scope: string, state: string, createdAt: Date) {
  await server.db.insert(idempotencyRecords).values({ key, scope, state, requestHash: 'h', createdAt, responseStatus: state === 'done' ? 201 : null })
}
const keys = async () => (await server.db.select({ key: idempotencyRecords.key }).from(idempotencyRecords)).map((r) => r.key).sort()

describe('idempotency record sweep', () => {
  it("keeps finished answers 7 days and unfinished records 1 day, and never a payment's holds", async () => {
    await record('document-upload:1:old', 'document-upload', 'done', ago(7 * DAY + MIN))
    await record('document-upload:1:young', 'document-upload', 'done', ago(7 * DAY - MIN))
    await record('document-request:1:old', 'document-request', 'done', ago(8 * DAY))
    await record('document-request:1:young', 'document-request', 'done', ago(6 * DAY))
    // Unfinished: a request cut off by a stopped server, sandbox tokens.
    await record('document-upload:1:crashed', 'document-upload', 'pending', ago(DAY + MIN))
    await record('document-request:1:crashed', 'document-request', 'pending', ago(2 * DAY))
    await record('mail-request:1:crashed', 'mail-request', 'pending', ago(3 * DAY))
    await record('sandbox-token:sbx_tok_old', 'sandbox-token', 'used', ago(DAY + MIN))
    // A payment waiting days for an unreachable processor keeps holding its invoice.
    await record('payment-hold:invoice:9', 'payment-hold', 'pending', ago(3 * DAY))
    await record('sandbox-part:sbx_part_old', 'sandbox-part', 'unused', ago(2 * DAY))
    // A pending record younger than a day stays, so the takeover rules (15 minutes at most) still apply.
    await record('document-upload:1:running', 'document-upload', 'pending', ago(20 * MIN))
    await record('document-request:1:running', 'document-request', 'pending', ago(23 * HOUR))
    await record('sandbox-token:sbx_tok_fresh', 'sandbox-token', 'unused', ago(5 * MIN))

    expect(await sweepIdempotencyRecords(server.db, NOW)).toBe(7)
    expect(await keys()).toEqual(
      [
        'document-upload:1:young',
        'document-request:1:young',
        'payment-hold:invoice:9',
        'document-upload:1:running',
        'document-request:1:running',
        'sandbox-token:sbx_tok_fresh',
      ].sort(),
    )
    // Running it again changes nothing.
    expect(await sweepIdempotencyRecords(server.db, NOW)).toBe(0)
  })

  it('after 7 days a replayed upload key is a new request; within 7 days it still gets the first answer', async () => {
    const { agent, client } = server.factories
    const clerk = (await agent(['DCV'])).user
    const owner = (await client()).client
    const upload = async (key: string) => {
      const form = new FormData()
      form.append('documentTypeId', '1')
      form.append('jurisdiction', '3')
      form.append('dateReceived', server.clock.now().toISOString().slice(0, 10))
      form.append('file', new Blob([new TextEncoder().encode('%PDF-1.7\nsweep')]), 'mail.pdf')
      return server.request('POST', `/api/document/client/${owner.id}`, {
        token: await server.tokenFor(clerk.id),
        body: form,
        headers: { 'Idempotency-Key': key },
      })
    }
    server.clock.set(ago(8 * DAY))
    const old = await upload('offline-upload-old-0001')
    server.clock.set(ago(6 * DAY))
    const recent = await upload('offline-upload-new-0001')
    expect([old.status, recent.status]).toEqual([201, 201])
    server.clock.set(NOW)

    await sweepRecordsJob.run(server.deps, NOW)
    const replayRecent = await upload('offline-upload-new-0001')
    expect(replayRecent.status).toBe(201)
    expect(replayRecent.headers.get('idempotent-replayed')).toBe('true')
    expect(replayRecent.json).toEqual(recent.json)
    const replayOld = await upload('offline-upload-old-0001')
    expect(replayOld.status).toBe(201)
    expect(replayOld.headers.get('idempotent-replayed')).toBeNull()
    expect(replayOld.json.documents[0].id).not.toBe(old.json.documents[0].id)
  })

  it('two servers sweeping at the same time delete each record once and both finish', async () => {
    for (let i = 0; i < 40; i++) await record(`document-request:1:k${i}`, 'document-request', 'done', ago(10 * DAY))
    await record('document-request:1:keep', 'document-request', 'done', ago(DAY))
    const counts = await Promise.all([sweepIdempotencyRecords(server.db, NOW, 7), sweepIdempotencyRecords(server.db, NOW, 7)])
    // Rows one sweep held were skipped by the other; whatever is left goes on the next run.
    const left = await keys()
    expect(counts[0] + counts[1] + left.length - 1).toBe(40)
    await sweepIdempotencyRecords(server.db, NOW, 7)
    expect(await keys()).toEqual(['document-request:1:keep'])
  })
})

describe('sweep-records job', () => {
  it('is a daily job of the scheduler, run once a day across servers', async () => {
    expect(jobs).toContain(sweepRecordsJob)
    expect(sweepRecordsJob.everyMs).toBe(DAY)
    expect(await runDueJobs(server.deps, [sweepRecordsJob], NOW)).toEqual(['sweep-records'])
    expect(await runDueJobs(server.deps, [sweepRecordsJob], new Date(NOW.getTime() + HOUR))).toEqual([])
  })

  it('drops job runs and finished mail older than 30 days; mail still being retried stays', async () => {
    const old = ago(RETENTION_MS.jobRuns + HOUR)
    await server.db.insert(jobRuns).values([
      { job: 'mark-overdue', runKey: old.toISOString(), startedAt: old, finishedAt: old },
      { job: 'mark-overdue', runKey: ago(HOUR).toISOString(), startedAt: ago(HOUR), finishedAt: ago(HOUR) },
    ])
    const oldMail = ago(RETENTION_MS.mail + HOUR)
    const [sent, failed, logged, retrying, recent] = await server.db
      .insert(mailOutbox)
      .values([
        { to: 'a@example.test', subject: 'sent', text: 't', createdAt: oldMail, sentAt: oldMail, attempts: 1 },
        { to: 'a@example.test', subject: 'failed', text: 't', createdAt: oldMail, failedAt: oldMail, attempts: 5 },
        { to: 'a@example.test', subject: 'outbox only', text: 't', createdAt: oldMail },
        { to: 'a@example.test', subject: 'retrying', text: 't', createdAt: oldMail, attempts: 2, nextAttemptAt: ago(MIN) },
        { to: 'a@example.test', subject: 'recent', text: 't', createdAt: ago(DAY), sentAt: ago(DAY), attempts: 1 },
      ])
      .returning({ id: mailOutbox.id })
    const result = await sweepRecordsJob.run(server.deps, NOW)
    expect(result).toEqual({ idempotencyRecords: 0, jobRuns: 1, mail: 3, push: 0 })
    expect((await server.db.select().from(jobRuns)).map((r) => r.startedAt)).toEqual([ago(HOUR)])
    const ids = (await server.db.select({ id: mailOutbox.id }).from(mailOutbox)).map((r) => r.id).sort((a, b) => a - b)
    expect(ids).toEqual([retrying.id, recent.id])
    for (const gone of [sent, failed, logged]) expect(await server.db.select().from(mailOutbox).where(eq(mailOutbox.id, gone.id))).toEqual([])
  })
})
