import { and, eq } from 'drizzle-orm'
import ICAL from 'ical.js'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import {
  businessEntityTypes,
  clientServices,
  deadlineReminders,
  documentTypes,
  mailOutbox,
  notifications,
  pushOutbox,
  servicePackages,
  services,
  users,
  clientMemberships,
} from '../../server/db/schema'
import { sendDeadlineReminders } from '../../server/deadlines/reminders'
import { runDueJobs } from '../../server/jobs/scheduler'
import { deadlineRemindersJob } from '../../server/jobs/deadlines'
import { escalateServiceJob } from '../../server/jobs/service-of-process'
import { createTestServer, type TestServer } from './harness'
import { sandboxCardToken, TEST_CARDS } from './sandbox-card'

/**
 * Deadlines: the list (GET /api/client/{id}/deadlines) with the annual report's fee and late fee by
 * entity type, the formation date, marking a year filed, the answer date of a service of process by
 * jurisdiction, its acknowledgment, staff's at-risk list, the calendar feed (parsed as iCalendar) and
 * the reminder job on a fixed clock (each reminder once, per channel as chosen).
 */

let server: TestServer
let clerk: { id: number }
let noDocsAgent: { id: number }
let entityType: (name: string) => Promise<number>
let serviceOfProcess: number
let bankStatement: number

// 15 April 2026, 10:00 in Florida (UTC-4).
const APRIL_15 = new Date('2026-04-15T14:00:00Z')
const token = (user: { id: number }) => server.tokenFor(user.id)
const KEYS = { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) }

async function newClient(type: string, values: Record<string, unknown> = {}) {
  return server.factories.client({ businessType: await entityType(type), ...values })
}

async function deadlinesOf(clientId: number, user: { id: number }) {
  const res = await server.request('GET', `/api/client/${clientId}/deadlines`, { token: await token(user) })
  expect(res.status).toBe(200)
  return res.json.data as Record<string, unknown>[]
}

async function upload(clientId: number, fields: Record<string, string>) {
  const form = new FormData()
  for (const [name, value] of Object.entries({ documentTypeId: String(serviceOfProcess), jurisdiction: '2', dateReceived: '2026-04-15', ...fields }))
    form.append(name, value)
  form.append('file', new Blob([new TextEncoder().encode('%PDF-1.7\n' + 'x'.repeat(200))]), 'papers.pdf')
  return server.request('POST', `/api/document/client/${clientId}`, { token: await token(clerk), body: form })
}

beforeAll(async () => {
  server = await createTestServer({ now: APRIL_15, env: { PUBLIC_URL: 'https://portal.example.com' } })
  clerk = (await server.factories.agent(['DCV', 'PCE'])).user
  noDocsAgent = (await server.factories.agent([])).user
  const types = await server.db.select().from(documentTypes)
  serviceOfProcess = types.find((t) => t.name === 'Service of Process')!.id
  bankStatement = types.find((t) => t.name === 'Bank Statement')!.id
  const entities = await server.db.select().from(businessEntityTypes)
  entityType = async (name) => entities.find((t) => t.name === name)!.id
})
afterAll(() => server.close())
beforeEach(() => server.clock.set(APRIL_15))

describe('the annual report in the deadlines list', () => {
  it('answers the fee and late fee by entity type, due 1 May, due soon two weeks before', async () => {
    server.clock.set('2026-04-17T14:00:00Z') // 14 days before
    const cases: [string, number, number][] = [
      ['Florida Profit Corporation', 150, 400],
      ['Florida Professional Association', 150, 400],
      ['Florida Limited Liability Company', 138.75, 400],
      ['Florida Not For Profit Corporation', 61.25, 0],
      ['Florida Limited Partnership', 500, 400],
    ]
    for (const [type, fee, lateFee] of cases) {
      const { client, user } = await newClient(type, { formedOn: '2020-06-01' })
      const [report] = await deadlinesOf(client.id, user)
      expect(report, type).toMatchObject({ kind: 'annual-report', dueDate: '2026-05-01', status: 'due-soon', fee, lateFee, year: 2026 })
    }
    // A fictitious name files no annual report.
    const dba = await newClient('Fictitious Name (DBA)')
    expect(await deadlinesOf(dba.client.id, dba.user)).toEqual([])
  })

  it('is late after 1 May (Florida time) with the dissolution date, and done once marked filed', async () => {
    const { client, user } = await newClient('Florida Limited Liability Company', { formedOn: '2019-03-10' })
    // 1 May, 23:30 in Florida: still on time.
    server.clock.set('2026-05-02T03:30:00Z')
    expect((await deadlinesOf(client.id, user))[0]).toMatchObject({ status: 'due-soon' })
    server.clock.set('2026-05-02T13:00:00Z')
    const late = await deadlinesOf(client.id, user)
    expect(late.map((d) => [d.kind, d.dueDate, d.status])).toEqual([
      ['annual-report', '2026-05-01', 'late'],
      ['dissolution', '2026-09-18', 'upcoming'],
    ])
    const filed = await server.request('POST', `/api/client/${client.id}/annual-reports/2026/filed`, {
      token: await token(user),
      body: { filedOn: '2026-05-02' },
    })
    expect(filed.status).toBe(200)
    expect(filed.json).toEqual({ year: 2026, filedOn: '2026-05-02', markedVia: 'client' })
    const done = await deadlinesOf(client.id, user)
    expect(done.map((d) => [d.kind, d.year, d.status, d.filedOn])).toEqual([
      ['annual-report', 2027, 'upcoming', undefined],
      ['annual-report', 2026, 'done', '2026-05-02'],
    ])
    // Staff can take the mark back.
    const undo = await server.request('DELETE', `/api/client/${client.id}/annual-reports/2026/filed`, { token: await token(clerk) })
    expect(undo.status).toBe(204)
    expect((await deadlinesOf(client.id, user))[0]).toMatchObject({ year: 2026, status: 'late' })
  })

  it('refuses a filing date in the future, before the year, or for a year not due', async () => {
    const { client, user } = await newClient('Florida Profit Corporation', { formedOn: '2025-12-20' })
    const post = async (year: string, filedOn: unknown) =>
      server.request('POST', `/api/client/${client.id}/annual-reports/${year}/filed`, { token: await token(user), body: { filedOn } })
    expect((await post('2026', '2026-04-16')).status).toBe(422)
    expect((await post('2026', '2025-12-31')).status).toBe(422)
    expect((await post('2025', '2025-12-31')).json.details).toContain('first annual report')
    expect((await post('2027', '2026-04-01')).status).toBe(422)
    const bad = await post('2026', '2026-02-30')
    expect(bad.status).toBe(422)
    expect(bad.json.detail).toBeTruthy()
  })

  it('keeps the formation date, set by the client or staff; formed in December, the first report is the next year', async () => {
    const { client, user } = await newClient('Florida Limited Liability Company')
    const other = await newClient('Florida Limited Liability Company')
    server.clock.set('2026-12-15T15:00:00Z')
    const set = await server.request('PUT', `/api/client/${client.id}/formation-date`, { token: await token(user), body: { formedOn: '2026-12-10' } })
    expect(set.status).toBe(200)
    expect((await server.request('GET', `/api/client/${client.id}/formation-date`, { token: await token(clerk) })).json).toEqual({ formedOn: '2026-12-10' })
    expect((await deadlinesOf(client.id, user)).map((d) => [d.kind, d.year, d.dueDate, d.status])).toEqual([['annual-report', 2027, '2027-05-01', 'upcoming']])
    // Staff correct it: formed in December 2025, the 2026 report is late.
    const staff = await server.request('PUT', `/api/client/${client.id}/formation-date`, { token: await token(clerk), body: { formedOn: '2025-12-31' } })
    expect(staff.status).toBe(200)
    expect((await deadlinesOf(client.id, user))[0]).toMatchObject({ year: 2026, status: 'late' })
    expect(
      (await server.request('PUT', `/api/client/${client.id}/formation-date`, { token: await token(user), body: { formedOn: '2026-12-16' } })).status,
    ).toBe(422)
    expect(
      (await server.request('PUT', `/api/client/${client.id}/formation-date`, { token: await token(user), body: { formedOn: '12/10/2026' } })).status,
    ).toBe(422)
    // Another client's: 404, read or written.
    expect((await server.request('GET', `/api/client/${client.id}/deadlines`, { token: await token(other.user) })).status).toBe(404)
    expect((await server.request('PUT', `/api/client/${client.id}/formation-date`, { token: await token(other.user), body: { formedOn: null } })).status).toBe(
      404,
    )
    // Staff without PCE may read but not change it.
    expect((await server.request('PUT', `/api/client/${client.id}/formation-date`, { token: await token(noDocsAgent), body: { formedOn: null } })).status).toBe(
      403,
    )
  })
})

describe('the Annual Report Filing add-on', () => {
  it("marks this year's report filed by the provider when ordered (and only that add-on)", async () => {
    const service = async (name: string, kind: string, cents: number) => {
      const [row] = await server.db.insert(services).values({ name, kind, active: true }).returning()
      const [pkg] = await server.db.insert(servicePackages).values({ serviceId: row.id, name: 'Yearly', amountCents: cents }).returning()
      return { serviceId: row.id, servicePackageId: pkg.id }
    }
    const mailbox = await service('Deadline mailbox', 'address', 19_900)
    const filing = await service('Annual Report Filing', 'addon', 19_900)
    const certificate = await service('Certificate of Status', 'addon', 4_900)
    const { client, user } = await newClient('Florida Limited Liability Company', { formedOn: '2020-01-01' })
    await server.db.insert(clientServices).values({ clientId: client.id, ...mailbox })
    const buy = async (line: typeof filing) =>
      server.request('POST', '/api/client/services/packages/subscribe', {
        token: await token(user),
        body: { serviceSubscriptions: [line], affinipayPaymentDetails: { token: await sandboxCardToken(server, TEST_CARDS.success) } },
      })
    expect((await buy(certificate)).status).toBe(201)
    expect((await deadlinesOf(client.id, user))[0]).toMatchObject({ year: 2026, status: 'upcoming' })
    expect((await buy(filing)).status).toBe(201)
    const list = await deadlinesOf(client.id, user)
    expect(list.find((d) => d.year === 2026)).toMatchObject({ status: 'done', filedOn: '2026-04-15' })
  })
})

describe('service of process: the answer date', () => {
  it('is 20 days after service in a state court, 21 in a federal court, none for private papers', async () => {
    const { client, user } = await newClient('Florida Profit Corporation', { formedOn: '2010-01-01' })
    const state = await upload(client.id, { jurisdiction: '2', servedOn: '2026-04-14' })
    expect(state.status).toBe(201)
    expect(state.json.documents[0]).toMatchObject({ servedOn: '2026-04-14', responseDueDate: '2026-05-04', responseDueEstimate: true, acknowledgedAt: null })
    const federal = await upload(client.id, { jurisdiction: '1', servedOn: '2026-04-14' })
    expect(federal.json.documents[0]).toMatchObject({ responseDueDate: '2026-05-05' })
    // Without a date served, it was served the day received; 20 days after 15 April is 5 May.
    const defaulted = await upload(client.id, { jurisdiction: '2' })
    expect(defaulted.json.documents[0]).toMatchObject({ servedOn: '2026-04-15', responseDueDate: '2026-05-05' })
    const privatePapers = await upload(client.id, { jurisdiction: '3', servedOn: '2026-04-15' })
    expect(privatePapers.json.documents[0]).toMatchObject({ responseDueDate: null })

    const list = await deadlinesOf(client.id, user)
    const services = list.filter((d) => d.kind === 'service-of-process')
    expect(services.map((d) => [d.documentId, d.dueDate, d.estimate])).toEqual([
      [state.json.documents[0].id, '2026-05-04', true],
      [federal.json.documents[0].id, '2026-05-05', true],
      [defaulted.json.documents[0].id, '2026-05-05', true],
    ])
    expect(String(services[0].title)).toContain('estimate')

    // Staff correct it: no longer an estimate.
    const id = state.json.documents[0].id
    const corrected = await server.request('PATCH', `/api/document/${id}/response-due`, { token: await token(clerk), body: { responseDueDate: '2026-05-08' } })
    expect(corrected.status).toBe(200)
    const after = (await deadlinesOf(client.id, user)).find((d) => d.documentId === id)
    expect(after).toMatchObject({ dueDate: '2026-05-08', estimate: false })
    expect(
      (await server.request('PATCH', `/api/document/${id}/response-due`, { token: await token(user), body: { responseDueDate: '2026-05-08' } })).status,
    ).toBe(403)
    // Staff without DCV see no service of process in the list.
    expect((await deadlinesOf(client.id, noDocsAgent)).some((d) => d.kind === 'service-of-process')).toBe(false)
  })

  it('refuses a date served after the date received, a bad date, or one on other mail; nothing is stored', async () => {
    const { client } = await newClient('Florida Profit Corporation')
    const after = await upload(client.id, { servedOn: '2026-04-16' })
    expect(after.status).toBe(422)
    expect(after.json.details).toBe('Date served cannot be after the date received')
    const bad = await upload(client.id, { servedOn: '2026-13-01' })
    expect(bad.status).toBe(422)
    expect(bad.json.details).toContain('Date served')
    const other = await upload(client.id, { documentTypeId: String(bankStatement), servedOn: '2026-04-14' })
    expect(other.status).toBe(422)
    const list = await server.request('GET', `/api/client/documents/${client.id}`, { token: await token(clerk) })
    expect(list.json.data).toEqual([])
  })

  it('is acknowledged by a client user only (opening it is not enough)', async () => {
    const { client, user } = await newClient('Florida Profit Corporation')
    const other = await newClient('Florida Profit Corporation')
    const id = (await upload(client.id, { servedOn: '2026-04-15' })).json.documents[0].id
    const opened = await server.request('GET', `/api/document/${id}`, { token: await token(user) })
    expect(opened.status).toBe(200)
    const read = await server.request('GET', `/api/client/documents/${client.id}`, { token: await token(user) })
    expect(read.json.data[0]).toMatchObject({ isRead: true, acknowledgedAt: null })

    expect((await server.request('POST', `/api/document/${id}/acknowledge`, { token: await token(other.user) })).status).toBe(404)
    expect((await server.request('POST', `/api/document/${id}/acknowledge`, { token: await token(clerk) })).status).toBe(403)
    const done = await server.request('POST', `/api/document/${id}/acknowledge`, { token: await token(user) })
    expect(done.status).toBe(200)
    expect(done.json).toEqual({ documentId: id, acknowledgedAt: APRIL_15.toISOString() })
    // Twice: the first acknowledgment stays.
    server.clock.set('2026-04-16T14:00:00Z')
    const again = await server.request('POST', `/api/document/${id}/acknowledge`, { token: await token(user) })
    expect(again.json.acknowledgedAt).toBe(APRIL_15.toISOString())
    const bank = await upload(client.id, { documentTypeId: String(bankStatement) })
    expect((await server.request('POST', `/api/document/${bank.json.documents[0].id}/acknowledge`, { token: await token(user) })).status).toBe(422)
  })
})

describe("staff's deadlines at risk", () => {
  it('lists late or soon-due reports and unacknowledged service of process across clients, for staff only', async () => {
    const { client, user } = await newClient('Florida Limited Partnership', { formedOn: '2015-01-01', companyName: 'At Risk Partners LP' })
    const sop = (await upload(client.id, { servedOn: '2026-04-15' })).json.documents[0].id
    const upcoming = await server.request('GET', '/api/deadlines/at-risk', { token: await token(clerk) })
    expect(upcoming.json.data.filter((d: { clientId: number }) => d.clientId === client.id).map((d: { kind: string }) => d.kind)).toEqual([
      'service-of-process',
    ])
    server.clock.set('2026-04-20T14:00:00Z')
    const res = await server.request('GET', '/api/deadlines/at-risk', { token: await token(clerk) })
    expect(res.status).toBe(200)
    const mine = res.json.data.filter((d: { clientId: number }) => d.clientId === client.id)
    expect(mine.map((d: Record<string, unknown>) => [d.kind, d.reason, d.companyName])).toEqual([
      ['annual-report', 'due-soon', 'At Risk Partners LP'],
      ['service-of-process', 'not-acknowledged', 'At Risk Partners LP'],
    ])
    expect(res.json.total).toBeGreaterThanOrEqual(2)
    await server.request('POST', `/api/document/${sop}/acknowledge`, { token: await token(user) })
    await server.request('POST', `/api/client/${client.id}/annual-reports/2026/filed`, { token: await token(user), body: { filedOn: '2026-04-20' } })
    const after = await server.request('GET', '/api/deadlines/at-risk', { token: await token(clerk) })
    expect(after.json.data.filter((d: { clientId: number }) => d.clientId === client.id)).toEqual([])
    expect((await server.request('GET', '/api/deadlines/at-risk', { token: await token(user) })).status).toBe(403)
  })
})

describe('the calendar feed', () => {
  it('serves the deadlines as iCalendar all-day events at a secret address, until revoked', async () => {
    const { client, user } = await newClient('Florida Limited Liability Company', { formedOn: '2018-05-05' })
    const other = await newClient('Florida Limited Liability Company')
    await upload(client.id, { servedOn: '2026-04-14' })
    expect((await server.request('POST', `/api/client/${client.id}/calendar-feed`, { token: await token(other.user) })).status).toBe(404)
    const made = await server.request('POST', `/api/client/${client.id}/calendar-feed`, { token: await token(user) })
    expect(made.status).toBe(201)
    const url = new URL(made.json.url)
    expect(url.origin).toBe('https://portal.example.com')
    const feed = await server.request('GET', url.pathname)
    expect(feed.status).toBe(200)
    expect(feed.headers.get('content-type')).toMatch(/^text\/calendar/)
    const calendar = new ICAL.Component(ICAL.parse(feed.text))
    const events = calendar.getAllSubcomponents('vevent').map((event) => {
      const start = event.getFirstPropertyValue('dtstart') as InstanceType<typeof ICAL.Time>
      return {
        summary: String(event.getFirstPropertyValue('summary')),
        start: start.toString(),
        allDay: start.isDate,
        description: String(event.getFirstPropertyValue('description')),
      }
    })
    expect(events).toHaveLength(2)
    expect(events[0]).toMatchObject({ summary: '2026 Florida annual report', start: '2026-05-01', allDay: true })
    expect(events[0].description).toContain('State fee: $138.75')
    expect(events[0].description).toContain('https://portal.example.com/client/dashboard')
    expect(events[1]).toMatchObject({ start: '2026-05-04', allDay: true })

    // A new address replaces the old one; revoking ends it.
    const renewed = await server.request('POST', `/api/client/${client.id}/calendar-feed`, { token: await token(user) })
    expect((await server.request('GET', url.pathname)).status).toBe(404)
    const renewedPath = new URL(renewed.json.url).pathname
    expect((await server.request('GET', renewedPath)).status).toBe(200)
    expect((await server.request('DELETE', `/api/client/${client.id}/calendar-feed`, { token: await token(user) })).status).toBe(204)
    expect((await server.request('GET', renewedPath)).status).toBe(404)
    expect((await server.request('GET', '/api/calendar/not-a-token.ics')).status).toBe(400)
  })
})

describe('reminders', () => {
  it('sends each annual report reminder once, by each channel the user keeps, until filed', async () => {
    const { client, user: ann } = await newClient('Florida Limited Liability Company', { formedOn: '2021-02-02', companyName: 'Reminded LLC' })
    const bob = (await server.factories.client()).user
    await server.db.update(users).set({ clientId: client.id }).where(eq(users.id, bob.id))
    await server.db.update(clientMemberships).set({ clientId: client.id, role: 'member' }).where(eq(clientMemberships.userId, bob.id))
    for (const [n, person] of [ann, bob].entries()) {
      const res = await server.request('POST', '/api/push/subscriptions', {
        token: await token(person),
        body: { endpoint: `https://fcm.googleapis.com/fcm/send/deadline-${n}`, expirationTime: null, keys: KEYS },
      })
      expect(res.status).toBe(201)
    }
    // Bob keeps only the e-mail.
    const prefs = await server.request('PUT', '/api/notification-preferences', {
      token: await token(bob),
      body: { preferences: [{ kind: 'deadline', push: false, email: true, inApp: false }] },
    })
    expect(prefs.json.preferences.find((p: { kind: string }) => p.kind === 'deadline')).toEqual({
      kind: 'deadline',
      push: false,
      email: true,
      inApp: false,
      editable: true,
    })

    const counts = async () => ({
      notifications: (
        await server.db
          .select()
          .from(notifications)
          .where(and(eq(notifications.clientId, client.id), eq(notifications.kind, 'deadline')))
      ).length,
      pushes: (await server.db.select().from(pushOutbox).where(eq(pushOutbox.payload, pushOutbox.payload))).filter((row) =>
        String((row.payload as { tag?: string }).tag).startsWith('annual-report'),
      ).length,
      annMails: (await server.db.select().from(mailOutbox).where(eq(mailOutbox.to, ann.email))).length,
      bobMails: (await server.db.select().from(mailOutbox).where(eq(mailOutbox.to, bob.email))).length,
    })
    const before = await counts()
    const stagesSent = async () =>
      (await server.db.select().from(deadlineReminders).where(eq(deadlineReminders.clientId, client.id)).orderBy(deadlineReminders.id)).map(
        (row) => `${row.subject} ${row.stage}`,
      )

    // 2 January at 8:00 in Florida: too early in the day.
    server.clock.set('2026-01-02T13:00:00Z')
    await sendDeadlineReminders(server.deps, server.clock.now())
    expect(await stagesSent()).toEqual([])
    // 9:00 and again at 9:15 (the job, twice in a period and in the next): once.
    server.clock.set('2026-01-02T14:00:00Z')
    expect(await runDueJobs(server.deps, [deadlineRemindersJob])).toEqual(['deadline-reminders'])
    expect(await runDueJobs(server.deps, [deadlineRemindersJob])).toEqual([])
    server.clock.set('2026-01-02T14:15:00Z')
    await runDueJobs(server.deps, [deadlineRemindersJob])
    expect(await stagesSent()).toEqual(['annual-report:2026 opens'])
    const first = await counts()
    expect(first.notifications - before.notifications).toBe(1)
    expect(first.pushes - before.pushes).toBe(1) // Ann's device only
    expect(first.annMails - before.annMails).toBe(1)
    expect(first.bobMails - before.bobMails).toBe(1)
    const [mail] = await server.db.select().from(mailOutbox).where(eq(mailOutbox.to, bob.email))
    expect(mail.subject).toContain('2026 Florida annual report of Reminded LLC')
    expect(mail.text).toContain('$138.75')
    expect(mail.text).toContain('/api/notification-preferences/unsubscribe?token=')
    // The bell is per user: Ann, who keeps it, sees the reminder; Bob, who turned it off, does not.
    const bellOf = async (person: { id: number }) =>
      (await server.request('GET', '/api/system-notifications?limit=50', { token: await token(person) })).json as {
        data: { id: number; kind: string }[]
        unreadCount: number
      }
    const annBell = await bellOf(ann)
    const reminder = annBell.data.find((n) => n.kind === 'deadline')!
    expect(reminder).toBeDefined()
    const bobBell = await bellOf(bob)
    expect(bobBell.data.some((n) => n.kind === 'deadline')).toBe(false)
    expect(bobBell.unreadCount).toBe(annBell.unreadCount - 1)
    expect((await server.request('PATCH', `/api/system-notifications/${reminder.id}/mark-read`, { token: await token(bob) })).status).toBe(404)
    const recentOf = async (person: { id: number }) => {
      const res = await server.request('GET', '/api/dashboard/client', { token: await token(person) })
      expect(res.status).toBe(200)
      return JSON.stringify(res.json)
    }
    expect(await recentOf(ann)).toContain('annual report is due')
    expect(await recentOf(bob)).not.toContain('annual report is due')
    // With both keeping it, one notification is shared by both, as any other.
    await server.request('PUT', '/api/notification-preferences', {
      token: await token(bob),
      body: { preferences: [{ kind: 'deadline', push: false, email: true, inApp: true }] },
    })

    for (const [at, stage] of [
      ['2026-03-01T14:30:00Z', 'two-months'],
      ['2026-04-15T13:05:00Z', 'two-weeks'],
      ['2026-04-28T13:05:00Z', 'three-days'],
      ['2026-05-02T13:05:00Z', 'late'],
    ] as const) {
      server.clock.set(at)
      await sendDeadlineReminders(server.deps, server.clock.now())
      await sendDeadlineReminders(server.deps, server.clock.now())
      expect((await stagesSent()).at(-1)).toBe(`annual-report:2026 ${stage}`)
    }
    expect(await stagesSent()).toHaveLength(5)
    const shared = await server.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.clientId, client.id), eq(notifications.kind, 'deadline')))
      .orderBy(notifications.id)
    expect(shared.map((row) => row.userId)).toEqual([ann.id, null, null, null, null])
    expect((await bellOf(bob)).data.filter((n) => n.kind === 'deadline')).toHaveLength(4)
    const all = await counts()
    expect(all.notifications - before.notifications).toBe(5)
    expect(all.annMails - before.annMails).toBe(5)
    const late = (await server.db.select().from(mailOutbox).where(eq(mailOutbox.to, ann.email)).orderBy(mailOutbox.id)).at(-1)!
    expect(late.subject).toMatch(/^Late:/)
    expect(late.text).toContain('$538.75, the $400.00 late fee included')

    // With every user's in-app channel off, the bell gets nothing (the e-mail still goes).
    for (const [person, push] of [
      [ann, true],
      [bob, false],
    ] as const)
      await server.request('PUT', '/api/notification-preferences', {
        token: await token(person),
        body: { preferences: [{ kind: 'deadline', push, email: true, inApp: false }] },
      })
    await server.db.delete(deadlineReminders).where(and(eq(deadlineReminders.clientId, client.id), eq(deadlineReminders.stage, 'late')))
    await sendDeadlineReminders(server.deps, server.clock.now())
    const noBell = await counts()
    expect(noBell.notifications).toBe(all.notifications)
    expect(noBell.annMails).toBe(all.annMails + 1)

    // Filed: no more reminders.
    await server.request('POST', `/api/client/${client.id}/annual-reports/2026/filed`, { token: await token(ann), body: { filedOn: '2026-05-02' } })
    await server.db.delete(deadlineReminders).where(and(eq(deadlineReminders.clientId, client.id), eq(deadlineReminders.stage, 'late')))
    await sendDeadlineReminders(server.deps, server.clock.now())
    expect(await stagesSent()).toHaveLength(4)
  })

  it('repeats a service of process alert the next morning and 7, 3 and 1 days before the answer date until acknowledged', async () => {
    const { client, user } = await newClient('Florida Profit Corporation', { notifyAttorney: true, attorneyEmail: 'counsel@firm.example' })
    // Uploaded 15 April at 10:00; served 14 April in a state court: answer by 4 May.
    const id = (await upload(client.id, { servedOn: '2026-04-14' })).json.documents[0].id
    const stages = async () =>
      (
        await server.db
          .select()
          .from(deadlineReminders)
          .where(eq(deadlineReminders.subject, `document:${id}`))
      ).map((row) => row.stage)
    const urgentCount = async () =>
      (
        await server.db
          .select()
          .from(notifications)
          .where(and(eq(notifications.documentId, id), eq(notifications.urgent, true)))
      ).length
    expect(await urgentCount()).toBe(1) // the alert at upload

    server.clock.set('2026-04-15T23:00:00Z') // the same evening
    await sendDeadlineReminders(server.deps, server.clock.now())
    expect(await stages()).toEqual([])
    server.clock.set('2026-04-16T11:30:00Z') // 7:30 the next morning: before 8:00
    await sendDeadlineReminders(server.deps, server.clock.now())
    expect(await stages()).toEqual([])
    for (const [at, expected] of [
      ['2026-04-16T12:00:00Z', ['next-morning']],
      ['2026-04-17T12:00:00Z', ['next-morning']],
      ['2026-04-27T12:00:00Z', ['next-morning', 'due-7']],
      ['2026-05-01T12:00:00Z', ['next-morning', 'due-7', 'due-3']],
    ] as const) {
      server.clock.set(at)
      await sendDeadlineReminders(server.deps, server.clock.now())
      await sendDeadlineReminders(server.deps, server.clock.now())
      expect(await stages()).toEqual(expected)
    }
    expect(await urgentCount()).toBe(4)
    const [alert] = await server.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.documentId, id), eq(notifications.urgent, true)))
      .orderBy(notifications.id)
      .offset(3)
    expect(alert.message).toContain('04-May-2026')
    // Acknowledged: the alert a day before does not go.
    await server.request('POST', `/api/document/${id}/acknowledge`, { token: await token(user) })
    server.clock.set('2026-05-03T12:00:00Z')
    await sendDeadlineReminders(server.deps, server.clock.now())
    expect(await stages()).toEqual(['next-morning', 'due-7', 'due-3'])
  })

  it('repeats an unopened service of process once after upload: the next-morning alert or the 24-hour escalation, whichever comes first', async () => {
    const jobs = [escalateServiceJob, deadlineRemindersJob]
    const { client } = await newClient('Florida Profit Corporation', { companyName: 'Escalated Inc' })
    const alerts = async (id: number) => {
      const rows = await server.db.select().from(notifications).where(eq(notifications.documentId, id)).orderBy(notifications.id)
      return {
        client: rows.filter((row) => row.clientId === client.id && row.urgent).map((row) => row.message),
        staff: rows.filter((row) => row.clientId === null).length,
        stages: (
          await server.db
            .select()
            .from(deadlineReminders)
            .where(eq(deadlineReminders.subject, `document:${id}`))
        ).map((row) => row.stage),
      }
    }
    const runAt = async (at: string) => {
      server.clock.set(at)
      await runDueJobs(server.deps, jobs)
      await runDueJobs(server.deps, jobs)
    }

    // Uploaded 15 April at 10:00 in Florida: the next morning's alert (8:00) comes before the escalation (10:00).
    const daytime = (await upload(client.id, { servedOn: '2026-04-14' })).json.documents[0].id
    await runAt('2026-04-16T12:00:00Z')
    await runAt('2026-04-16T12:05:00Z')
    expect(await alerts(daytime)).toMatchObject({ stages: ['next-morning'], staff: 0 })
    expect((await alerts(daytime)).client).toHaveLength(2)
    await runAt('2026-04-16T14:05:00Z')
    await runAt('2026-04-16T14:10:00Z')
    const afterDay = await alerts(daytime)
    expect(afterDay).toMatchObject({ stages: ['next-morning'], staff: 1 })
    expect(afterDay.client).toHaveLength(2) // the one at upload and the next morning's: no second repeat
    expect(afterDay.client[1]).toContain('acknowledge the service of process')

    // Uploaded at 2:00 on 20 April: the escalation (2:00 on the 21st) comes before the next morning's alert.
    server.clock.set('2026-04-20T06:00:00Z')
    const night = (await upload(client.id, { dateReceived: '2026-04-20', servedOn: '2026-04-20' })).json.documents[0].id
    await runAt('2026-04-21T06:05:00Z')
    await runAt('2026-04-21T06:10:00Z')
    const escalated = await alerts(night)
    expect(escalated).toMatchObject({ stages: ['next-morning'], staff: 1 })
    expect(escalated.client).toHaveLength(2)
    expect(escalated.client[1]).toContain('still unopened')
    await runAt('2026-04-21T12:05:00Z')
    await runAt('2026-04-22T12:05:00Z')
    const nextMorning = await alerts(night)
    expect(nextMorning).toMatchObject({ stages: ['next-morning'], staff: 1 })
    expect(nextMorning.client).toHaveLength(2)
  })
})
