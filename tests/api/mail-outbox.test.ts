import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { Clock } from '../../server/context'
import { mailOutbox } from '../../server/db/schema'
import { jobs } from '../../server/jobs'
import { mailRetryJob } from '../../server/jobs/mail-retry'
import { runDueJobs } from '../../server/jobs/scheduler'
import { createLogger } from '../../server/logger'
import type { Mailer } from '../../server/mail/mailer'
import { deliveringOutbox, MAIL_CLAIM_MS, type MailTransport } from '../../server/mail/outbox'
import { createTestServer, type TestServer } from './harness'

/**
 * Outgoing mail with SMTP: recorded in mail_outbox, sent at once, retried after 1 min, 5 min, 30 min and
 * 2 h, then marked failed. The mail server is outside the product, so a stand-in transport fails or
 * accepts on demand; the database is the real one.
 */
const NOW = new Date('2026-11-21T15:00:00Z')
const MIN = 60_000
const HOUR = 60 * MIN

/** A mail server stand-in: fails while `down`, records what it accepted. */
class FakeTransport implements MailTransport {
  down = false
  accepted: { to: string; subject: string; text: string; from: string }[] = []
  calls = 0
  async sendMail(message: { from: string; to: string; subject: string; text: string }) {
    this.calls++
    await new Promise((resolve) => setTimeout(resolve, 5))
    if (this.down) throw new Error('connect ECONNREFUSED 127.0.0.1:25')
    this.accepted.push(message)
  }
}

let server: TestServer
let transport: FakeTransport
let mailer: Required<Mailer>
let logLines: { level: string; msg: string }[]

function outboxFor(t: MailTransport, clock: Clock = server.clock) {
  const logger = createLogger('debug', (line) => logLines.push(JSON.parse(line)))
  return deliveringOutbox({ db: server.db, clock, logger, transport: t, from: 'Portal <no-reply@portal.example>' })
}
const row = async (id: number) => (await server.db.select().from(mailOutbox).where(eq(mailOutbox.id, id)))[0]
const lastRow = async () => (await server.db.select().from(mailOutbox).orderBy(mailOutbox.id)).at(-1)!
const at = (ms: number) => {
  server.clock.set(new Date(NOW.getTime() + ms))
  return server.clock.now()
}

beforeAll(async () => {
  // The app's mailer is the SMTP one, built on the test server's own database once it exists.
  const app: Mailer = { send: (m) => mailer.send(m), deliverDue: (now, limit) => mailer.deliverDue(now, limit) }
  server = await createTestServer({ now: NOW, deps: { mailer: app } })
})
afterAll(() => server.close())
beforeEach(async () => {
  await server.db.delete(mailOutbox)
  server.clock.set(NOW)
  logLines = []
  transport = new FakeTransport()
  mailer = outboxFor(transport)
})

describe('mail with SMTP', () => {
  it('sends at once and records sent_at', async () => {
    await mailer.send({ to: 'ada@example.test', subject: 'Hello', text: 'Body' })
    expect(transport.accepted).toEqual([{ from: 'Portal <no-reply@portal.example>', to: 'ada@example.test', subject: 'Hello', text: 'Body' }])
    expect(await lastRow()).toMatchObject({ sentAt: NOW, attempts: 1, nextAttemptAt: null, failedAt: null, error: null })
  })

  it('a failed send does not fail the caller: it is kept for a retry a minute later', async () => {
    transport.down = true
    await expect(mailer.send({ to: 'ada@example.test', subject: 'Hello', text: 'Body' })).resolves.toBeUndefined()
    expect(await lastRow()).toMatchObject({
      sentAt: null,
      failedAt: null,
      attempts: 1,
      nextAttemptAt: new Date(NOW.getTime() + MIN),
      error: 'connect ECONNREFUSED 127.0.0.1:25',
    })
    expect(logLines.filter((l) => l.level === 'warn').map((l) => l.msg)).toEqual(['mail not sent; will retry'])
    expect(logLines.filter((l) => l.level === 'error')).toEqual([])
  })

  it('retries after 1 min, 5 min, 30 min and 2 h, then marks the message failed and logs one error', async () => {
    transport.down = true
    await mailer.send({ to: 'ada@example.test', subject: 'Hello', text: 'Body' })
    const { id } = await lastRow()

    let elapsed = 0
    for (const [delay, attempts] of [
      [MIN, 2],
      [5 * MIN, 3],
      [30 * MIN, 4],
    ] as const) {
      // Not due a second early.
      expect(await mailer.deliverDue(at(elapsed + delay - 1000))).toEqual({ sent: 0, retrying: 0, failed: 0 })
      elapsed += delay
      expect(await mailer.deliverDue(at(elapsed))).toEqual({ sent: 0, retrying: 1, failed: 0 })
      expect(await row(id)).toMatchObject({ attempts, failedAt: null })
    }
    expect((await row(id)).nextAttemptAt).toEqual(new Date(NOW.getTime() + elapsed + 2 * HOUR))
    elapsed += 2 * HOUR
    expect(await mailer.deliverDue(at(elapsed))).toEqual({ sent: 0, retrying: 0, failed: 1 })
    expect(await row(id)).toMatchObject({ attempts: 5, sentAt: null, failedAt: server.clock.now(), nextAttemptAt: null })
    expect(transport.calls).toBe(5)
    expect(logLines.filter((l) => l.level === 'error').map((l) => l.msg)).toEqual(['mail not sent: gave up after the last retry'])

    // Given up: never tried again, even when the mail server is back.
    transport.down = false
    expect(await mailer.deliverDue(at(elapsed + 24 * HOUR))).toEqual({ sent: 0, retrying: 0, failed: 0 })
    expect(transport.calls).toBe(5)
  })

  it('a retry that succeeds sends the message once and clears the error', async () => {
    transport.down = true
    await mailer.send({ to: 'ada@example.test', subject: 'Hello', text: 'Body' })
    transport.down = false
    expect(await mailer.deliverDue(at(MIN))).toEqual({ sent: 1, retrying: 0, failed: 0 })
    expect(await lastRow()).toMatchObject({ sentAt: new Date(NOW.getTime() + MIN), attempts: 2, error: null, nextAttemptAt: null })
    expect(await mailer.deliverDue(at(HOUR))).toEqual({ sent: 0, retrying: 0, failed: 0 })
    expect(transport.accepted).toHaveLength(1)
  })

  it('gives up instead of sending a message that expires before its next retry (a reset link)', async () => {
    transport.down = true
    await mailer.send({ to: 'ada@example.test', subject: 'Reset', text: 'link', expiresAt: new Date(NOW.getTime() + HOUR) })
    const { id } = await lastRow()
    await mailer.deliverDue(at(MIN)) // next retry 5 min later
    await mailer.deliverDue(at(6 * MIN)) // next retry 30 min later
    expect(await mailer.deliverDue(at(36 * MIN))).toEqual({ sent: 0, retrying: 0, failed: 1 }) // 2 h later is past the hour
    expect(await row(id)).toMatchObject({ attempts: 4, failedAt: new Date(NOW.getTime() + 36 * MIN), nextAttemptAt: null })
    expect(logLines.filter((l) => l.level === 'error').map((l) => l.msg)).toEqual(['mail not sent: it expires before the next retry'])
  })

  it('a message left mid-send by a stopped server is sent again only after its claim ends', async () => {
    // The first attempt claimed the row (attempts 1, due again in 10 minutes) and the server stopped.
    const [left] = await server.db
      .insert(mailOutbox)
      .values({ to: 'ada@example.test', subject: 'Hello', text: 'Body', createdAt: NOW, attempts: 1, nextAttemptAt: new Date(NOW.getTime() + MAIL_CLAIM_MS) })
      .returning()
    expect(await mailer.deliverDue(at(MAIL_CLAIM_MS - MIN))).toEqual({ sent: 0, retrying: 0, failed: 0 })
    expect(await mailer.deliverDue(at(MAIL_CLAIM_MS))).toEqual({ sent: 1, retrying: 0, failed: 0 })
    expect(await row(left.id)).toMatchObject({ attempts: 2, sentAt: new Date(NOW.getTime() + MAIL_CLAIM_MS) })
  })

  it('outbox-only mail (written without SMTP) is never picked up for sending', async () => {
    await server.db.insert(mailOutbox).values({ to: 'dev@example.test', subject: 'Logged', text: 'only', createdAt: NOW })
    expect(await mailer.deliverDue(at(24 * HOUR))).toEqual({ sent: 0, retrying: 0, failed: 0 })
    expect(transport.calls).toBe(0)
  })

  it('two servers retrying at the same moment send each message exactly once', async () => {
    transport.down = true
    for (let i = 0; i < 12; i++) await mailer.send({ to: `client${i}@example.test`, subject: `Message ${i}`, text: 'Body' })
    const first = new FakeTransport()
    const second = new FakeTransport()
    const a = outboxFor(first)
    const b = outboxFor(second)
    const now = at(MIN)
    const results = await Promise.all([a.deliverDue(now, 5), b.deliverDue(now, 5), a.deliverDue(now, 5), b.deliverDue(now, 5)])
    expect(results.reduce((sum, r) => sum + r.sent, 0)).toBe(12)
    const delivered = [...first.accepted, ...second.accepted].map((m) => m.subject).sort()
    expect(delivered).toEqual(Array.from({ length: 12 }, (_, i) => `Message ${i}`).sort())
    expect(new Set(delivered).size).toBe(12)
    const rows = await server.db.select().from(mailOutbox)
    expect(rows.every((r) => r.sentAt !== null && r.attempts === 2)).toBe(true)
  })

  it('the mail-retry job runs every minute through the scheduler', async () => {
    expect(jobs).toContain(mailRetryJob)
    expect(mailRetryJob.everyMs).toBe(MIN)
    transport.down = true
    await mailer.send({ to: 'ada@example.test', subject: 'Hello', text: 'Body' })
    transport.down = false
    const now = at(MIN)
    expect(await runDueJobs(server.deps, [mailRetryJob], now)).toEqual(['mail-retry'])
    // Once per minute across servers: the same minute does not run again.
    expect(await runDueJobs(server.deps, [mailRetryJob], new Date(now.getTime() + 1000))).toEqual([])
    expect(transport.accepted.map((m) => m.subject)).toEqual(['Hello'])
  })

  it('a password reset answers 202 while the mail server is down, and its mail is retried until the link expires', async () => {
    const { user } = await server.factories.client()
    transport.down = true
    const res = await server.request('POST', '/api/auth/forgot-password', { body: { email: user.email } })
    expect(res.status).toBe(202)
    await server.deps.afterAnswer.settled()
    const queued = await lastRow()
    expect(queued).toMatchObject({ to: user.email, subject: 'Reset your password', attempts: 1, sentAt: null, expiresAt: new Date(NOW.getTime() + HOUR) })
    transport.down = false
    expect(await mailer.deliverDue(at(MIN))).toEqual({ sent: 1, retrying: 0, failed: 0 })
    expect(transport.accepted[0].text).toContain('/reset/')
  })
})

describe('mail without SMTP', () => {
  it('the retry job has nothing to do with the outbox-only mailer', async () => {
    const { outboxMailer } = await import('../../server/mail/outbox')
    const plain = outboxMailer(server.db, createLogger('silent'))
    await plain.send({ to: 'dev@example.test', subject: 'Logged', text: 'only' })
    expect(await mailRetryJob.run({ ...server.deps, mailer: plain }, NOW)).toEqual({ sent: 0, retrying: 0, failed: 0 })
    expect(await lastRow()).toMatchObject({ to: 'dev@example.test', attempts: 0, nextAttemptAt: null, sentAt: null })
  })
})
