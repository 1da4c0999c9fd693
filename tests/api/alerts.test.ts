import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { escalateUnopenedService } from '../../server/alerts/service-of-process'
import { documentTypes, invoices, mailOutbox, notifications } from '../../server/db/schema'
import { markOverdueJob } from '../../server/jobs/overdue'
import { announceDue } from '../../server/notifications/announce'
import { UNSUBSCRIBE_LINK_TTL_DAYS } from '../../server/notifications/preferences'
import { deliverDuePush } from '../../server/push/queue'
import { createTestServer, type TestServer } from './harness'

/**
 * Notification preferences (per kind and channel, one-click unsubscribe) and the service-of-process
 * fast lane (urgent push and e-mail to every user, the attorney's e-mail, "Action required" until
 * opened, the 24-hour escalation and staff flag, the history of who was alerted).
 */

let server: TestServer
let clerk: { id: number }
let staff: { id: number }
let client: { id: number; companyName: string }
let ann: { id: number; email: string }
let bob: { id: number; email: string }
let bankStatement: number
let serviceOfProcess: number

const NOW = new Date('2026-11-24T15:00:00Z')
const HOUR = 3_600_000
const token = (user: { id: number }) => server.tokenFor(user.id)
const endpointOf = (n: number) => `https://fcm.googleapis.com/fcm/send/device-${n}`
const KEYS = { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) }

async function upload(typeId: number) {
  const form = new FormData()
  form.append('documentTypeId', String(typeId))
  form.append('jurisdiction', '2')
  form.append('dateReceived', '2026-11-24')
  form.append('file', new Blob([new TextEncoder().encode('%PDF-1.7\n' + 'x'.repeat(200))]), 'papers.pdf')
  const res = await server.request('POST', `/api/document/client/${client.id}`, { token: await token(clerk), body: form })
  expect(res.status).toBe(201)
  return res.json.documents[0].id as number
}

/** Announces what is waiting and sends the pushes, as the worker does. */
async function runWorker() {
  const announced = await announceDue(server.deps)
  await deliverDuePush({ ...server.deps, transport: server.pushService })
  return announced
}

beforeAll(async () => {
  server = await createTestServer({ now: NOW, env: { PUBLIC_URL: 'https://portal.example.com' } })
  clerk = (await server.factories.agent(['DCV'])).user
  staff = (await server.factories.agent(['DCV'])).user
  const made = await server.factories.client({ companyName: 'Sunshine Holdings LLC', notifyAttorney: true, attorneyEmail: 'counsel@lawfirm.example' })
  client = made.client
  ann = made.user
  bob = (await server.factories.client({}, undefined)).user
  // Bob is a second user of the same client.
  const { clientMemberships, users } = await import('../../server/db/schema')
  await server.db.update(users).set({ clientId: client.id }).where(eq(users.id, bob.id))
  await server.db.update(clientMemberships).set({ clientId: client.id, role: 'member' }).where(eq(clientMemberships.userId, bob.id))
  const types = await server.db.select().from(documentTypes)
  bankStatement = types.find((t) => t.name === 'Bank Statement')!.id
  serviceOfProcess = types.find((t) => t.name === 'Service of Process')!.id
  let n = 0
  for (const user of [ann, bob]) {
    const res = await server.request('POST', '/api/push/subscriptions', {
      token: await token(user),
      body: { endpoint: endpointOf(++n), expirationTime: null, keys: KEYS },
    })
    expect(res.status).toBe(201)
  }
})
afterAll(() => server.close())
beforeEach(async () => {
  server.clock.set(NOW)
  await runWorker()
  server.sent.length = 0
  server.pushService.sent = []
})

describe('notification preferences', () => {
  it('lists every kind with push and e-mail on by default; service of process cannot be changed', async () => {
    const res = await server.request('GET', '/api/notification-preferences', { token: await token(ann) })
    expect(res.status).toBe(200)
    expect(res.json.preferences).toEqual([
      { kind: 'new-mail', push: true, email: true, editable: true },
      { kind: 'service-of-process', push: true, email: true, editable: false },
      { kind: 'mail-request', push: true, email: true, editable: true },
      { kind: 'invoice', push: true, email: true, editable: true },
      { kind: 'deadline', push: true, email: true, inApp: true, editable: true },
    ])
  })

  it('stores choices per kind and channel and applies them to the next notification', async () => {
    const put = await server.request('PUT', '/api/notification-preferences', {
      token: await token(bob),
      body: {
        preferences: [
          { kind: 'new-mail', push: false, email: false },
          { kind: 'service-of-process', push: false, email: false },
        ],
      },
    })
    expect(put.status).toBe(200)
    expect(put.json.preferences.find((p: { kind: string }) => p.kind === 'new-mail')).toEqual({ kind: 'new-mail', push: false, email: false, editable: true })
    expect(put.json.preferences.find((p: { kind: string }) => p.kind === 'service-of-process')).toMatchObject({ push: true, email: true })

    await upload(bankStatement)
    await runWorker()
    // Ann (defaults) gets both; Bob neither.
    expect(server.sent.map((m) => m.to)).toEqual([ann.email])
    expect(server.pushService.sent.map((p) => p.target.endpoint)).toEqual([endpointOf(1)])
    expect(server.sent[0]).toMatchObject({ subject: 'New mail: New document received: Bank Statement' })
    expect(server.sent[0].text).toContain('https://portal.example.com/client/documents')
    expect(server.sent[0].html).toMatch(/href="https:\/\/portal\.example\.com\/client\/documents\?company=\d+"/)
    expect(server.sent[0].headers).toEqual({
      'List-Unsubscribe': `<${/Stop e-mails like this \(New mail\): (\S+)/.exec(server.sent[0].text)![1]}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    })

    const bad = await server.request('PUT', '/api/notification-preferences', {
      token: await token(bob),
      body: { preferences: [{ kind: 'spam', push: true, email: true }] },
    })
    expect(bad.status).toBe(422)
  })

  const newMailEmail = async (user: { id: number }) =>
    (await server.request('GET', '/api/notification-preferences', { token: await token(user) })).json.preferences.find(
      (p: { kind: string }) => p.kind === 'new-mail',
    ).email
  const turnBackOn = async (user: { id: number }) =>
    server.request('PUT', '/api/notification-preferences', { token: await token(user), body: { preferences: [{ kind: 'new-mail', push: true, email: true }] } })
  /** The unsubscribe link of Ann's e-mail: its path and query, as the portal serves it. */
  const unsubscribeLink = () => {
    const mail = server.sent.find((m) => m.to === ann.email)!
    const url = new URL(/Stop e-mails like this \(New mail\): (\S+)/.exec(mail.text)![1])
    expect(url.origin).toBe('https://portal.example.com')
    return url.pathname + url.search
  }
  const form = { 'content-type': 'application/x-www-form-urlencoded' }

  it('the link in the e-mail opens a page that asks; its button stops that kind of e-mail, without signing in', async () => {
    await upload(bankStatement)
    await runWorker()
    const link = unsubscribeLink()
    // Opening the link (a person, a mail scanner, a link preview) changes nothing.
    const page = await server.request('GET', link)
    expect(page.status).toBe(200)
    expect(page.headers.get('content-type')).toMatch(/^text\/html/)
    expect(page.headers.get('cache-control')).toBe('no-store')
    expect(page.headers.get('content-security-policy')).toContain("script-src 'self'")
    expect(page.text).not.toMatch(/<script/i)
    expect(page.text).toContain('<html lang="en">')
    expect(page.text).toContain('<h1>Stop e-mails about new mail?</h1>')
    expect(page.text).toContain(`<form method="post" action="${link}">`)
    expect(page.text).toMatch(/<button type="submit">Stop e-mails about new mail<\/button>/)
    expect((await server.request('HEAD', link)).status).toBe(200)
    expect(await newMailEmail(ann)).toBe(true)

    // The button posts the form to the same address.
    const done = await server.request('POST', link, { headers: form, body: 'List-Unsubscribe=One-Click' })
    expect(done.status).toBe(200)
    expect(done.text).toContain('You will no longer receive e-mails about new mail')
    expect(await newMailEmail(ann)).toBe(false)
    const prefs = await server.request('GET', '/api/notification-preferences', { token: await token(ann) })
    expect(prefs.json.preferences[0]).toMatchObject({ kind: 'new-mail', push: true, email: false })

    // A forged or altered link does nothing, opened or posted.
    await turnBackOn(ann)
    const bobBefore = await newMailEmail(bob)
    const forged = link.replace(`${ann.id}.new-mail`, `${bob.id}.new-mail`)
    expect((await server.request('GET', forged)).status).toBe(400)
    const forgedPost = await server.request('POST', forged, { headers: form, body: 'List-Unsubscribe=One-Click' })
    expect(forgedPost.status).toBe(400)
    expect(forgedPost.text).toContain('This link is not valid')
    expect(await newMailEmail(bob)).toBe(bobBefore)
  })

  it("a mail program's one-click unsubscribe (RFC 8058: POST List-Unsubscribe=One-Click to the link) works too", async () => {
    await upload(bankStatement)
    await runWorker()
    const res = await server.request('POST', unsubscribeLink(), { headers: form, body: 'List-Unsubscribe=One-Click' })
    expect(res.status).toBe(200)
    expect(await newMailEmail(ann)).toBe(false)
    await turnBackOn(ann)
  })

  it(`the link works for ${UNSUBSCRIBE_LINK_TTL_DAYS} days after the e-mail; later it says so and changes nothing`, async () => {
    await upload(bankStatement)
    await runWorker()
    const link = unsubscribeLink()
    server.clock.set(new Date(NOW.getTime() + (UNSUBSCRIBE_LINK_TTL_DAYS * 24 - 1) * HOUR))
    expect((await server.request('GET', link)).status).toBe(200)
    server.clock.set(new Date(NOW.getTime() + UNSUBSCRIBE_LINK_TTL_DAYS * 24 * HOUR + 1_000))
    const page = await server.request('GET', link)
    expect(page.status).toBe(400)
    expect(page.text).toContain('This link has expired')
    const late = await server.request('POST', link, { headers: form, body: 'List-Unsubscribe=One-Click' })
    expect(late.status).toBe(400)
    expect(await newMailEmail(ann)).toBe(true)
    // A link of the older form, without an expiry, is not accepted either.
    const older = await server.request('GET', `/api/notification-preferences/unsubscribe?token=${ann.id}.new-mail.${'A'.repeat(43)}`)
    expect(older.status).toBe(400)
  })
})

describe('service of process', () => {
  it('alerts every user by push (high urgency) and e-mail whatever their preferences, and the attorney', async () => {
    const documentId = await upload(serviceOfProcess)
    await runWorker()
    expect(server.pushService.sent.map((p) => p.target.endpoint).sort()).toEqual([endpointOf(1), endpointOf(2)])
    expect(server.pushService.sent.every((p) => p.options.urgency === 'high' && p.payload.urgent === true)).toBe(true)
    expect(server.sent.map((m) => m.to).sort()).toEqual([ann.email, bob.email, 'counsel@lawfirm.example'].sort())
    expect(server.sent.find((m) => m.to === ann.email)!.subject).toBe('Action required: service of process received for Sunshine Holdings LLC')
    expect(server.sent.find((m) => m.to === 'counsel@lawfirm.example')!.subject).toBe('Service of process received for Sunshine Holdings LLC')
    // Always sent, so nothing to unsubscribe from: no List-Unsubscribe; an HTML part like every e-mail.
    expect(server.sent.every((m) => m.headers === undefined && m.html?.startsWith('<!DOCTYPE html'))).toBe(true)

    const history = await server.request('GET', `/api/document/${documentId}/alerts`, { token: await token(staff) })
    expect(history.status).toBe(200)
    expect(history.json.alerts).toEqual(
      expect.arrayContaining([
        { round: 'first', channel: 'push', recipient: '1 device', userEmail: ann.email, at: NOW.toISOString() },
        { round: 'first', channel: 'email', recipient: bob.email, userEmail: bob.email, at: NOW.toISOString() },
        { round: 'first', channel: 'email', recipient: 'counsel@lawfirm.example', userEmail: null, at: NOW.toISOString() },
      ]),
    )
    expect(history.json.alerts).toHaveLength(5)
    // The client may read its own history; another client may not.
    expect((await server.request('GET', `/api/document/${documentId}/alerts`, { token: await token(ann) })).status).toBe(200)
    const other = (await server.factories.client()).user
    expect((await server.request('GET', `/api/document/${documentId}/alerts`, { token: await token(other) })).status).toBe(404)
    await server.request('GET', `/api/document/${documentId}`, { token: await token(ann) })
  })

  it('shows "Action required" until a client user opens the document', async () => {
    const documentId = await upload(serviceOfProcess)
    const required = async () =>
      (await server.request('GET', `/api/client/action-required/${client.id}`, { token: await token(bob) })).json.documents.map((d: { id: number }) => d.id)
    expect(await required()).toContain(documentId)
    // Staff looking at it does not count.
    expect((await server.request('GET', `/api/document/${documentId}`, { token: await token(staff) })).status).toBe(200)
    expect(await required()).toContain(documentId)
    expect((await server.request('GET', `/api/document/${documentId}`, { token: await token(ann) })).status).toBe(200)
    expect(await required()).not.toContain(documentId)
  })

  it('repeats the alert once after 24 hours unopened, flags it to staff, and records the escalation', async () => {
    const documentId = await upload(serviceOfProcess)
    await runWorker()
    server.sent.length = 0
    server.pushService.sent = []
    const overdue = async () =>
      (await server.request('GET', '/api/documents/overdue-service', { token: await token(staff) })).json.documents.map((d: { id: number }) => d.id)

    server.clock.set(new Date(NOW.getTime() + 23 * HOUR))
    expect(await escalateUnopenedService(server.db, server.clock.now())).toEqual({ escalated: 0 })
    expect(await overdue()).not.toContain(documentId)

    server.clock.set(new Date(NOW.getTime() + 24 * HOUR))
    expect(await escalateUnopenedService(server.db, server.clock.now())).toEqual({ escalated: 1 })
    expect(await escalateUnopenedService(server.db, server.clock.now())).toEqual({ escalated: 0 })
    expect(await overdue()).toEqual([documentId])
    await runWorker()
    expect(server.pushService.sent).toHaveLength(2)
    expect(server.sent.map((m) => m.to).sort()).toEqual([ann.email, bob.email, 'counsel@lawfirm.example'].sort())
    const staffNotice = await server.db.select().from(notifications).where(eq(notifications.documentId, documentId))
    expect(staffNotice.map((n) => n.message)).toContain('Sunshine Holdings LLC: service of process still unopened after 24 hours')

    const history = (await server.request('GET', `/api/document/${documentId}/alerts`, { token: await token(staff) })).json.alerts
    const at = new Date(NOW.getTime() + 24 * HOUR).toISOString()
    expect(history.filter((a: { round: string }) => a.round === 'escalation')).toEqual(
      expect.arrayContaining([
        { round: 'escalation', channel: 'staff', recipient: 'staff dashboard', userEmail: null, at },
        { round: 'escalation', channel: 'email', recipient: 'counsel@lawfirm.example', userEmail: null, at },
      ]),
    )
    // Opened: no longer flagged.
    await server.request('GET', `/api/document/${documentId}`, { token: await token(bob) })
    expect(await overdue()).not.toContain(documentId)
    expect((await server.request('GET', '/api/documents/overdue-service', { token: await token(ann) })).status).toBe(403)
  })

  it('e-mails go through the outbox like every other mail', async () => {
    await upload(serviceOfProcess)
    await runWorker()
    const rows = await server.db.select().from(mailOutbox).where(eq(mailOutbox.to, 'counsel@lawfirm.example'))
    expect(rows.length).toBeGreaterThan(0)
  })
})

describe('invoices', () => {
  it('an invoice becoming overdue notifies the client, pushed with a link to the invoices', async () => {
    await server.db.insert(invoices).values({
      invoiceNumber: 'INV-2026-9001',
      clientId: client.id,
      invoiceDate: new Date(NOW.getTime() - 40 * 24 * HOUR),
      dueDate: new Date(NOW.getTime() - HOUR),
      totalCents: 12_500,
      status: 2,
    })
    expect(await markOverdueJob.run(server.deps, NOW)).toEqual({ marked: 1 })
    await runWorker()
    const push = server.pushService.sent.find((p) => p.target.endpoint === endpointOf(1))!
    expect(push.payload).toMatchObject({
      title: 'Invoices · Sunshine Holdings LLC',
      body: 'Invoice INV-2026-9001 is overdue',
      url: expect.stringMatching(/^\/client\/invoices\?company=\d+$/),
    })
    const bell = await server.request('GET', '/api/system-notifications?limit=100', { token: await token(ann) })
    expect(bell.json.data.find((n: { kind: string }) => n.kind === 'invoice')).toMatchObject({ message: 'Invoice INV-2026-9001 is overdue', isRead: false })
  })
})
