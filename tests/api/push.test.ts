import { createECDH, randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { documentTypes, pushOutbox, pushSubscriptions } from '../../server/db/schema'
import { announceDue } from '../../server/notifications/announce'
import { deliverDuePush, PUSH_RETRY_DELAYS_MS } from '../../server/push/queue'
import { startNotificationWorker } from '../../server/push/worker'
import { createTestServer, login, type TestServer } from './harness'

/**
 * Web push: the subscription calls (validation, ownership, no duplicates, removal on log out) and the
 * durable push queue (sent after the request, retried with backoff, a 410 removes the subscription).
 * The push service is the harness's stand-in (FakePushService); the real protocol is covered by
 * push-delivery.test.ts.
 */

let server: TestServer
let clerk: { id: number }
let client: { id: number; companyName: string }
let userA: { id: number; email: string }
let userB: { id: number; email: string }
let bankStatement: number
let serviceOfProcess: number

const NOW = new Date('2026-11-24T15:00:00Z')
const token = (user: { id: number }) => server.tokenFor(user.id)

/** A browser-like subscription: a real P-256 key and auth secret, on a push service host. */
function subscription(endpoint = `https://fcm.googleapis.com/fcm/send/${randomBytes(12).toString('base64url')}`) {
  const ecdh = createECDH('prime256v1')
  ecdh.generateKeys()
  return { endpoint, expirationTime: null, keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') } }
}

const subscribe = async (user: { id: number }, body: unknown) => server.request('POST', '/api/push/subscriptions', { token: await token(user), body })
const devicesOf = (userId: number) => server.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId))

async function upload(typeId: number) {
  const form = new FormData()
  form.append('documentTypeId', String(typeId))
  form.append('jurisdiction', '2')
  form.append('dateReceived', '2026-11-24')
  form.append('file', new Blob([new TextEncoder().encode('%PDF-1.7\n' + 'x'.repeat(200))]), 'letter.pdf')
  return server.request('POST', `/api/document/client/${client.id}`, { token: await token(clerk), body: form })
}

/** Announces what is waiting and sends what is due, as the worker does. */
async function runWorker() {
  await announceDue(server.deps)
  return deliverDuePush({ ...server.deps, transport: server.pushService })
}

beforeAll(async () => {
  server = await createTestServer({ now: NOW, env: { PUSH_ALLOWED_HOSTS: '127.0.0.1:9443' } })
  clerk = (await server.factories.agent(['DCV'])).user
  const a = await server.factories.client({ companyName: 'Sunshine Holdings LLC' })
  client = a.client
  userA = a.user
  userB = (await server.factories.client()).user
  const types = await server.db.select().from(documentTypes)
  bankStatement = types.find((t) => t.name === 'Bank Statement')!.id
  serviceOfProcess = types.find((t) => t.name === 'Service of Process')!.id
})
afterAll(() => server.close())
beforeEach(async () => {
  server.clock.set(NOW)
  server.pushService.sent = []
  server.pushService.status = 201
  await server.db.delete(pushSubscriptions)
  await runWorker() // nothing left over from an earlier test
})

describe('GET /api/push/public-key', () => {
  it('answers the VAPID public key (65 bytes, base64url) without a session', async () => {
    const res = await server.request('GET', '/api/push/public-key')
    expect(res.status).toBe(200)
    expect(res.json).toEqual({ publicKey: server.deps.push.publicKey })
    expect(Buffer.from(res.json.publicKey, 'base64url')).toHaveLength(65)
  })
})

describe('POST /api/push/subscriptions', () => {
  it('stores the subscription for the signed-in user (201)', async () => {
    const body = subscription()
    const res = await subscribe(userA, body)
    expect(res.status).toBe(201)
    const devices = await devicesOf(userA.id)
    expect(devices).toHaveLength(1)
    expect(devices[0]).toMatchObject({ endpoint: body.endpoint, p256dh: body.keys.p256dh, auth: body.keys.auth })
  })

  it('updates the same endpoint instead of adding another', async () => {
    const first = subscription()
    await subscribe(userA, first)
    const renewed = { ...subscription(first.endpoint), expirationTime: NOW.getTime() + 86_400_000 }
    expect((await subscribe(userA, renewed)).status).toBe(201)
    const devices = await devicesOf(userA.id)
    expect(devices).toHaveLength(1)
    expect(devices[0]).toMatchObject({ p256dh: renewed.keys.p256dh, expiresAt: new Date(renewed.expirationTime) })
  })

  it('gives an endpoint to one user only: the one who subscribed it last', async () => {
    const body = subscription()
    await subscribe(userA, body)
    await subscribe(userB, body)
    expect(await devicesOf(userA.id)).toHaveLength(0)
    expect((await devicesOf(userB.id)).map((d) => d.endpoint)).toEqual([body.endpoint])
  })

  it('accepts the known push services and the hosts of PUSH_ALLOWED_HOSTS', async () => {
    for (const endpoint of [
      'https://updates.push.services.mozilla.com/wpush/v2/abc',
      'https://web.push.apple.com/QJ1',
      'https://wns2-par02p.notify.windows.com/w/?token=x',
      'https://127.0.0.1:9443/push/1',
    ]) {
      expect((await subscribe(userA, subscription(endpoint))).status, endpoint).toBe(201)
    }
  })

  it.each([
    ['not https', { endpoint: 'http://fcm.googleapis.com/fcm/send/x' }, 'https'],
    ['an unknown host', { endpoint: 'https://attacker.example.com/push' }, 'push service'],
    ['a listed host on another port', { endpoint: 'https://127.0.0.1:9444/push' }, 'push service'],
    ['too long', { endpoint: `https://fcm.googleapis.com/fcm/send/${'a'.repeat(1100)}` }, '1024'],
    ['a bad p256dh key', { keys: { p256dh: 'not-a-key', auth: randomBytes(16).toString('base64url') } }, 'p256dh'],
    ['a bad auth secret', { keys: { p256dh: subscription().keys.p256dh, auth: 'short' } }, 'auth'],
  ])('refuses %s with 400 {detail, details}', async (_name, change, word) => {
    const res = await subscribe(userA, { ...subscription(), ...change })
    expect(res.status).toBe(400)
    expect(res.json.detail).toEqual(expect.any(String))
    expect(res.json.details).toContain(word)
    expect(await devicesOf(userA.id)).toHaveLength(0)
  })

  it('needs a session', async () => {
    expect((await server.request('POST', '/api/push/subscriptions', { body: subscription() })).status).toBe(401)
  })
})

describe('DELETE /api/push/subscriptions', () => {
  it("removes the caller's subscription (204), and never another user's", async () => {
    const mine = subscription()
    const theirs = subscription()
    await subscribe(userA, mine)
    await subscribe(userB, theirs)
    const other = await server.request('DELETE', '/api/push/subscriptions', { token: await token(userA), body: { endpoint: theirs.endpoint } })
    expect(other.status).toBe(204)
    expect(await devicesOf(userB.id)).toHaveLength(1)
    const res = await server.request('DELETE', '/api/push/subscriptions', { token: await token(userA), body: { endpoint: mine.endpoint } })
    expect(res.status).toBe(204)
    expect(await devicesOf(userA.id)).toHaveLength(0)
    expect((await server.request('DELETE', '/api/push/subscriptions', { token: await token(userA), body: { endpoint: 'ftp://x' } })).status).toBe(400)
  })
})

describe('log out', () => {
  it("removes the device's subscription named in the request", async () => {
    const { user } = await server.factories.client({}, 'Factory-pass-2026!')
    const session = await login(server, user.email, 'Factory-pass-2026!')
    const device = subscription()
    const kept = subscription()
    await subscribe(user, device)
    await subscribe(user, kept)
    const res = await server.request('POST', '/api/auth/logout', {
      token: session.token,
      headers: { cookie: session.cookie },
      body: { pushEndpoint: device.endpoint },
    })
    expect(res.status).toBe(204)
    expect((await devicesOf(user.id)).map((d) => d.endpoint)).toEqual([kept.endpoint])
    // A log out without a body still works.
    expect((await server.request('POST', '/api/auth/logout')).status).toBe(204)
  })
})

describe('the push queue', () => {
  it('pushes a new document to each device of the client’s users: title, body, url, tag and unread count', async () => {
    const device = subscription()
    await subscribe(userA, device)
    const res = await upload(bankStatement)
    expect(res.status).toBe(201)
    const documentId = res.json.documents[0].id
    // Nothing is sent by the request itself.
    expect(server.pushService.sent).toHaveLength(0)
    expect(await runWorker()).toMatchObject({ sent: 1 })
    expect(server.pushService.sent).toHaveLength(1)
    const [push] = server.pushService.sent
    expect(push.target).toEqual({ endpoint: device.endpoint, keys: device.keys })
    expect(push.payload).toEqual({
      title: 'New mail · Sunshine Holdings LLC',
      body: 'New document received: Bank Statement',
      url: `/client/documents?company=${client.id}`,
      tag: `document-${documentId}`,
      unreadCount: 1,
    })
    expect(push.options).toEqual({ ttlSeconds: 86_400, urgency: 'normal', topic: `document-${documentId}` })
    // Sent once.
    expect(await runWorker()).toMatchObject({ sent: 0 })
  })

  it('sends service of process with high urgency', async () => {
    await subscribe(userA, subscription())
    expect((await upload(serviceOfProcess)).status).toBe(201)
    await runWorker()
    expect(server.pushService.sent).toHaveLength(1)
    expect(server.pushService.sent[0].options.urgency).toBe('high')
    expect(server.pushService.sent[0].payload).toMatchObject({ title: 'Action required: service of process · Sunshine Holdings LLC', urgent: true })
  })

  it('retries a failed push with backoff, then sends it', async () => {
    await subscribe(userA, subscription())
    await upload(bankStatement)
    server.pushService.status = 503
    expect(await runWorker()).toMatchObject({ retrying: 1 })
    const [row] = await server.db.select().from(pushOutbox).where(eq(pushOutbox.attempts, 1))
    expect(row.nextAttemptAt).toEqual(new Date(NOW.getTime() + PUSH_RETRY_DELAYS_MS[0]))
    expect(row.error).toContain('503')
    // Not before it is due.
    expect(await runWorker()).toMatchObject({ sent: 0, retrying: 0 })
    server.clock.advance(PUSH_RETRY_DELAYS_MS[0])
    server.pushService.status = 201
    expect(await runWorker()).toMatchObject({ sent: 1 })
    expect(server.pushService.sent).toHaveLength(2)
    const [sent] = await server.db.select().from(pushOutbox).where(eq(pushOutbox.id, row.id))
    expect(sent).toMatchObject({ attempts: 2, nextAttemptAt: null })
    expect(sent.sentAt).not.toBeNull()
  })

  it('gives up after the last retry, and on a refusal that a retry cannot fix', async () => {
    await subscribe(userA, subscription())
    await upload(bankStatement)
    server.pushService.status = 500
    await runWorker()
    for (const delay of PUSH_RETRY_DELAYS_MS) {
      server.clock.advance(delay)
      await runWorker()
    }
    const [row] = await server.db
      .select()
      .from(pushOutbox)
      .orderBy(pushOutbox.id)
      .limit(1)
      .offset((await server.db.select().from(pushOutbox)).length - 1)
    expect(row.attempts).toBe(PUSH_RETRY_DELAYS_MS.length + 1)
    expect(row.failedAt).not.toBeNull()
    server.pushService.status = 400
    server.pushService.sent = []
    await upload(bankStatement)
    expect(await runWorker()).toMatchObject({ failed: 1 })
  })

  it('deletes a subscription the push service says is gone (410 or 404)', async () => {
    const gone = subscription()
    await subscribe(userA, gone)
    await upload(bankStatement)
    server.pushService.status = 410
    expect(await runWorker()).toMatchObject({ expired: 1 })
    expect(await devicesOf(userA.id)).toHaveLength(0)
  })

  it('never holds up the upload: the answer comes while the push service has not answered', async () => {
    await subscribe(userA, subscription())
    let answer: (status: number) => void = () => {}
    const pending = new Promise<number>((resolve) => (answer = resolve))
    let asked!: () => void
    const wasAsked = new Promise<void>((resolve) => (asked = resolve))
    server.pushService.status = () => {
      asked()
      return pending
    }
    const worker = startNotificationWorker(server.deps, { pollMs: 60_000 })
    try {
      const res = await upload(bankStatement)
      expect(res.status).toBe(201)
      // The worker took it up by itself (hinted by the upload) and is now waiting on the push service.
      await wasAsked
      answer(201)
    } finally {
      await worker.stop()
    }
    expect(server.pushService.sent).toHaveLength(1)
  })
})
