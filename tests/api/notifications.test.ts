import { eq } from 'drizzle-orm'
import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { NotificationPageSchema, NotificationSchema, UNREAD_COUNT_CAP } from '../../contract/notifications'
import { notificationReads, notifications } from '../../server/db/schema'
import { notifyAgents, notifyClient, unreadCountFor } from '../../server/notifications'
import { createTestServer, type TestServer } from './harness'

const NOW = new Date('2026-11-21T15:00:00Z')
let server: TestServer
let agent: { id: number }
let agent2: { id: number }
let userA: { id: number }
let userB: { id: number }
let clientA: { id: number; companyName: string }
let clientB: { id: number; companyName: string }
const ids: Record<string, number> = {}

const token = (user: { id: number }) => server.tokenFor(user.id)
const get = async (user: { id: number }, query = '') => server.request('GET', `/api/system-notifications${query}`, { token: await token(user) })
const markRead = async (user: { id: number }, id: number) => server.request('PATCH', `/api/system-notifications/${id}/mark-read`, { token: await token(user) })

beforeAll(async () => {
  server = await createTestServer({ now: NOW })
  agent = (await server.factories.agent([])).user
  agent2 = (await server.factories.agent([])).user
  const a = await server.factories.client()
  const b = await server.factories.client()
  clientA = a.client
  userA = a.user
  clientB = b.client
  userB = b.user
  // Seven for client A, one a minute apart (a1 oldest); two for B; two for agents.
  for (let i = 1; i <= 7; i++) ids[`a${i}`] = (await notifyClient(server.db, clientA.id, `A message ${i}`, {}, new Date(NOW.getTime() - (10 - i) * 60_000))).id
  ids.b1 = (await notifyClient(server.db, clientB.id, 'B message 1', {}, new Date(NOW.getTime() - 30 * 60_000))).id
  ids.b2 = (await notifyClient(server.db, clientB.id, 'B message 2', {}, new Date(NOW.getTime() - 29 * 60_000))).id
  ids.g1 = (await notifyAgents(server.db, 'Agents message 1', {}, new Date(NOW.getTime() - 20 * 60_000))).id
  ids.g2 = (await notifyAgents(server.db, 'Agents message 2', {}, new Date(NOW.getTime() - 60_000))).id
})
afterAll(() => server.close())

describe('GET /api/system-notifications', () => {
  it('gives a client its own, latest first, with the unread count (the bell asks for 5)', async () => {
    const res = await get(userA, `?clientId=${clientA.id}&limit=5`)
    expect(res.status).toBe(200)
    expect(v.is(NotificationPageSchema, res.json)).toBe(true)
    expect(res.json.data.map((n: { message: string }) => n.message)).toEqual(['A message 7', 'A message 6', 'A message 5', 'A message 4', 'A message 3'])
    expect(res.json).toMatchObject({ total: 7, totalIsEstimate: false, page: 1, pageSize: 5, unreadCount: 7 })
    expect(res.json.data[0]).toEqual({
      id: ids.a7,
      message: 'A message 7',
      isRead: false,
      createdAt: new Date(NOW.getTime() - 3 * 60_000).toISOString(),
      clientId: clientA.id,
      documentRequestId: null,
      documentId: null,
      supportConversationId: null,
      companyName: clientA.companyName,
      kind: 'general',
    })
    const page2 = await get(userA, '?limit=5&page=2')
    expect(page2.json.data.map((n: { message: string }) => n.message)).toEqual(['A message 2', 'A message 1'])
  })

  it('never shows a client another client’s notifications', async () => {
    expect((await get(userA, `?clientId=${clientB.id}`)).status).toBe(404)
    const own = await get(userB)
    expect(own.json.data.map((n: { message: string }) => n.message)).toEqual(['B message 2', 'B message 1'])
  })

  it('shows agents every notification, or only those for staff, or one client’s, each naming its client', async () => {
    const all = await get(agent, '?limit=100')
    expect(all.json.total).toBe(11)
    expect(all.json.data[0]).toMatchObject({ message: 'Agents message 2', companyName: null })
    expect(all.json.unreadCount).toBe(11)
    expect(all.json.data.find((n: { id: number }) => n.id === ids.b1).companyName).toBe(clientB.companyName)
    const staff = await get(agent, '?audience=agents')
    expect(staff.json.data.map((n: { message: string }) => n.message)).toEqual(['Agents message 2', 'Agents message 1'])
    expect(staff.json.unreadCount).toBe(2)
    const ofB = await get(agent, `?clientId=${clientB.id}`)
    expect(ofB.json.total).toBe(2)
  })

  it('rejects bad paging and needs a session', async () => {
    expect((await get(userA, '?limit=0')).status).toBe(400)
    expect((await get(userA, '?limit=1000')).status).toBe(400)
    expect((await get(userA, '?page=x')).status).toBe(400)
    expect((await server.request('GET', '/api/system-notifications')).status).toBe(401)
  })
})

describe('PATCH /api/system-notifications/{id}/mark-read', () => {
  it('marks the owner’s notification read, idempotently', async () => {
    const first = await markRead(userA, ids.a1)
    expect(first.status).toBe(200)
    expect(first.json).toMatchObject({ id: ids.a1, isRead: true })
    expect(v.is(NotificationSchema, first.json)).toBe(true)
    const again = await markRead(userA, ids.a1)
    expect(again.status).toBe(200)
    expect(again.json.isRead).toBe(true)
    expect((await get(userA)).json.unreadCount).toBe(6)
  })

  it('refuses a client another client’s or staff’s notification', async () => {
    expect((await markRead(userB, ids.a2)).status).toBe(404)
    expect((await markRead(userA, ids.g1)).status).toBe(404)
    expect((await markRead(agent, 999_999)).status).toBe(404)
  })

  it('lets a staff member mark anything they see read, for themselves only', async () => {
    const byAgent = await markRead(agent, ids.a2)
    expect(byAgent.status).toBe(200)
    expect(byAgent.json).toMatchObject({ id: ids.a2, isRead: true })
    // The client's own mark is untouched.
    expect((await get(userA)).json.data.find((n: { id: number }) => n.id === ids.a2).isRead).toBe(false)

    expect((await markRead(agent, ids.g1)).status).toBe(200)
    const mine = await get(agent, '?audience=agents')
    expect(mine.json.unreadCount).toBe(1)
    expect(mine.json.data.find((n: { id: number }) => n.id === ids.g1).isRead).toBe(true)
    // Another staff member still has both unread.
    const theirs = await get(agent2, '?audience=agents')
    expect(theirs.json.unreadCount).toBe(2)
    expect(theirs.json.data.every((n: { isRead: boolean }) => !n.isRead)).toBe(true)
    expect((await get(agent, '?audience=agents&unread=true')).json.data.map((n: { id: number }) => n.id)).toEqual([ids.g2])
  })

  it('marks all read per staff member, within the scope asked for', async () => {
    const staffOnly = await server.request('PATCH', '/api/system-notifications/mark-all-read?audience=agents', { token: await token(agent2) })
    expect(staffOnly.json).toEqual({ updated: 2 })
    expect((await get(agent2, '?audience=agents')).json.unreadCount).toBe(0)
    expect((await get(agent2)).json.unreadCount).toBe(9)
    // The first staff member's marks and the clients' are unchanged.
    expect((await get(agent, '?audience=agents')).json.unreadCount).toBe(1)
    const everything = await server.request('PATCH', '/api/system-notifications/mark-all-read', { token: await token(agent2) })
    expect(everything.json).toEqual({ updated: 9 })
    expect((await get(agent2)).json.unreadCount).toBe(0)
    expect((await get(userB)).json.unreadCount).toBe(2)
  })

  it('marks all of the caller’s own notifications read', async () => {
    const res = await server.request('PATCH', '/api/system-notifications/mark-all-read', { token: await token(userB) })
    expect(res.status).toBe(200)
    expect(res.json).toEqual({ updated: 2 })
    expect((await get(userB)).json.unreadCount).toBe(0)
    expect((await get(userA)).json.unreadCount).toBe(6)
  })
})

describe('a company’s team: each person reads for themselves', () => {
  it('leaves what one person of the team read, one by one or all at once, unread for the others', async () => {
    const other = await server.factories.client()
    const added = await server.request('POST', `/api/client/${clientA.id}/team`, {
      token: await token(userA),
      body: { email: other.user.email, firstName: 'Bo', lastName: 'Member', role: 'member' },
    })
    expect(added.status).toBe(201)
    const switched = await server.request('POST', '/api/auth/switch-company', { token: await token(other.user), body: { clientId: clientA.id } })
    expect(switched.status).toBe(200)
    const member = { id: other.user.id, token: switched.json.token as string }
    const asMember = (query = '') => server.request('GET', `/api/system-notifications${query}`, { token: member.token })
    const unreadIdsOf = async (res: Promise<{ json: { data: { id: number; isRead: boolean }[] } }>) =>
      (await res).json.data.filter((n) => !n.isRead).map((n) => n.id)

    const ownerUnread = await unreadIdsOf(get(userA, '?limit=100'))
    const memberUnread = await unreadIdsOf(asMember('?limit=100'))
    // What the owner read before the member joined is still new to the member.
    expect(memberUnread).toEqual(expect.arrayContaining([ids.a1, ids.a7]))
    expect(ownerUnread).not.toContain(ids.a1)

    const marked = await server.request('PATCH', `/api/system-notifications/${ids.a7}/mark-read`, { token: member.token })
    expect(marked.json).toMatchObject({ id: ids.a7, isRead: true })
    expect(await unreadIdsOf(asMember('?limit=100'))).toEqual(memberUnread.filter((id) => id !== ids.a7))
    expect(await unreadIdsOf(get(userA, '?limit=100'))).toEqual(ownerUnread)

    expect((await server.request('PATCH', '/api/system-notifications/mark-all-read', { token: member.token })).status).toBe(200)
    expect((await asMember()).json.unreadCount).toBe(0)
    expect(await unreadIdsOf(get(userA, '?limit=100'))).toEqual(ownerUnread)
  })
})

describe('mark all read for staff: a read-up-to time per staff member', () => {
  const markAll = async (user: { id: number }, query = '') =>
    server.request('PATCH', `/api/system-notifications/mark-all-read${query}`, { token: await token(user) })
  const unreadIds = async (user: { id: number }, query = '') =>
    ((await get(user, `?unread=true&limit=100${query}`)).json.data as { id: number }[]).map((n) => n.id)

  it('leaves what arrives after the mark unread, for that staff member only', async () => {
    // agent2 marked everything read above: as times, not one row per notification.
    expect(await server.db.select().from(notificationReads).where(eq(notificationReads.userId, agent2.id))).toEqual([])
    expect((await get(agent2)).json.unreadCount).toBe(0)
    server.clock.advance(60_000)
    const later = (await notifyAgents(server.db, 'Agents message 3', {}, server.clock.now())).id
    const laterForA = (await notifyClient(server.db, clientA.id, 'A message 8', {}, server.clock.now())).id

    const everything = await get(agent2)
    expect(everything.json.unreadCount).toBe(2)
    expect(everything.json.data.filter((n: { isRead: boolean }) => !n.isRead).map((n: { id: number }) => n.id)).toEqual([laterForA, later])
    expect(await unreadIds(agent2)).toEqual([laterForA, later])
    expect(await unreadIds(agent2, '&audience=agents')).toEqual([later])
    expect(await unreadIds(agent2, `&clientId=${clientA.id}`)).toEqual([laterForA])
    // The bell's count of a push.
    expect(await unreadCountFor(server.db, { userId: agent2.id, clientId: null })).toBe(1)
    // The other staff member's marks did not move: g1 and a2 they read one by one, the rest is unread.
    expect((await unreadIds(agent)).sort((x, y) => x - y)).toEqual(
      Object.values(ids)
        .concat(later, laterForA)
        .filter((id) => id !== ids.g1 && id !== ids.a2)
        .sort((x, y) => x - y),
    )
  })

  it('keeps single read marks for what is newer than the mark, and a staff-only mark leaves client notifications as they were', async () => {
    const [newest] = await unreadIds(agent2, '&audience=agents')
    expect((await markRead(agent2, newest)).status).toBe(200)
    expect(await unreadIds(agent2, '&audience=agents')).toEqual([])
    expect((await server.db.select().from(notificationReads).where(eq(notificationReads.userId, agent2.id))).map((r) => r.notificationId)).toEqual([newest])
    expect((await get(agent2)).json.unreadCount).toBe(1)

    // agent marks staff notices read: their client notifications stay unread, and the single mark of g1 is no longer needed.
    const res = await markAll(agent, '?audience=agents')
    expect(res.json).toEqual({ updated: 2 })
    expect(await unreadIds(agent, '&audience=agents')).toEqual([])
    expect((await server.db.select().from(notificationReads).where(eq(notificationReads.userId, agent.id))).map((r) => r.notificationId)).toEqual([ids.a2])
    expect((await get(agent)).json.unreadCount).toBe(9)
    expect((await get(agent, `?clientId=${clientA.id}`)).json.unreadCount).toBe(7)

    // Marking one client's notifications read marks them one by one, for this staff member only.
    expect((await markAll(agent, `?clientId=${clientA.id}`)).json).toEqual({ updated: 7 })
    expect((await get(agent, `?clientId=${clientA.id}`)).json.unreadCount).toBe(0)
    expect((await get(agent)).json.unreadCount).toBe(2)
    expect((await get(agent2, `?clientId=${clientA.id}`)).json.unreadCount).toBe(1)
    expect((await get(userA)).json.unreadCount).toBe(7)
  })

  it('counts unread up to the cap (shown as 99+), and marks them all read however many there are', async () => {
    server.clock.advance(60_000)
    const start = server.clock.now().getTime()
    await server.db
      .insert(notifications)
      .values(Array.from({ length: UNREAD_COUNT_CAP + 5 }, (_, i) => ({ message: `Bulk ${i}`, clientId: null, kind: 'staff', createdAt: new Date(start + i) })))
    const page = await get(agent, '?audience=agents&limit=10')
    expect(page.json.unreadCount).toBe(UNREAD_COUNT_CAP)
    expect(page.json.total).toBe(UNREAD_COUNT_CAP + 5 + 3)
    expect((await markAll(agent, '?audience=agents')).json).toEqual({ updated: UNREAD_COUNT_CAP })
    expect((await get(agent, '?audience=agents')).json.unreadCount).toBe(0)
    // Even those dated after the server's clock: the mark reaches the newest notification.
    expect((await get(agent, '?audience=agents&limit=1')).json.data[0]).toMatchObject({ message: `Bulk ${UNREAD_COUNT_CAP + 4}`, isRead: true })
  })
})
