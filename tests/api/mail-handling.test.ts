import { and, eq } from 'drizzle-orm'
import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MailHandlingSchema } from '../../contract/addresses'
import { auditEvents, clients } from '../../server/db/schema'
import { createTestServer, type TestServer } from './harness'

/** GET/PUT /api/client/{id}/mail-handling: how the mailroom handles a client's mail. */
let server: TestServer
const people = {} as Record<'a' | 'b' | 'editor' | 'viewer' | 'admin', { id: number; token: string }>
let clientA: number
let clientB: number

const read = (clientId: number | string, token?: string) => server.request('GET', `/api/client/${clientId}/mail-handling`, { token })
const change = (clientId: number | string, body: unknown, token?: string) => server.request('PUT', `/api/client/${clientId}/mail-handling`, { token, body })
const storedMode = async (clientId: number) => (await server.db.select({ mode: clients.mailHandling }).from(clients).where(eq(clients.id, clientId)))[0].mode
const audits = (clientId: number) =>
  server.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.action, 'client.mail-handling'), eq(auditEvents.entityId, String(clientId))))
    .orderBy(auditEvents.id)

beforeAll(async () => {
  server = await createTestServer()
  const a = await server.factories.client({ companyName: 'Sunshine Holdings LLC' })
  const b = await server.factories.client({ companyName: 'Gulf Coast Ventures Inc' })
  clientA = a.client.id
  clientB = b.client.id
  const users = {
    a: a.user,
    b: b.user,
    editor: (await server.factories.agent(['PCE'])).user,
    viewer: (await server.factories.agent(['DCV', 'ICV'])).user,
    admin: (await server.factories.agent([], { roleId: 1 })).user,
  }
  for (const [key, user] of Object.entries(users)) people[key as keyof typeof people] = { id: user.id, token: await server.tokenFor(user.id) }
})
afterAll(() => server.close())

describe('GET /api/client/{id}/mail-handling', () => {
  it('is scan-all for a new client', async () => {
    const res = await read(clientA, people.a.token)
    expect(res.status).toBe(200)
    expect(v.is(MailHandlingSchema, res.json)).toBe(true)
    expect(res.json).toEqual({ mode: 'scan-all' })
  })

  it("answers another client's with 404; staff read any; no session 401", async () => {
    expect((await read(clientB, people.a.token)).status).toBe(404)
    expect((await read(clientB, people.viewer.token)).json).toEqual({ mode: 'scan-all' })
    expect((await read(999_999, people.viewer.token)).status).toBe(404)
    expect((await read('abc', people.viewer.token)).status).toBe(404)
    expect((await read(clientA)).status).toBe(401)
  })
})

describe('PUT /api/client/{id}/mail-handling', () => {
  it('lets a client switch to envelope-first and back, each change audited with before and after', async () => {
    const res = await change(clientA, { mode: 'envelope-first' }, people.a.token)
    expect(res.status).toBe(200)
    expect(res.json).toEqual({ mode: 'envelope-first' })
    expect(await storedMode(clientA)).toBe('envelope-first')
    expect((await read(clientA, people.a.token)).json).toEqual({ mode: 'envelope-first' })
    // Setting the mode it has changes nothing and records nothing.
    expect((await change(clientA, { mode: 'envelope-first' }, people.a.token)).status).toBe(200)
    expect((await change(clientA, { mode: 'scan-all' }, people.a.token)).json).toEqual({ mode: 'scan-all' })
    const rows = await audits(clientA)
    expect(rows.map((row) => [row.actorUserId, row.entity, row.details])).toEqual([
      [people.a.id, 'client', { before: { mode: 'scan-all' }, after: { mode: 'envelope-first' } }],
      [people.a.id, 'client', { before: { mode: 'envelope-first' }, after: { mode: 'scan-all' } }],
    ])
  })

  it("refuses another client's (404) and staff without PCE (403), changing nothing", async () => {
    expect((await change(clientB, { mode: 'envelope-first' }, people.a.token)).status).toBe(404)
    const denied = await change(clientB, { mode: 'envelope-first' }, people.viewer.token)
    expect(denied.status).toBe(403)
    expect(denied.json.detail).toBeTruthy()
    expect((await change(clientB, { mode: 'envelope-first' })).status).toBe(401)
    expect(await storedMode(clientB)).toBe('scan-all')
    expect(await audits(clientB)).toHaveLength(0)
  })

  it('lets staff with PCE and a super admin change it, audited under their name', async () => {
    expect((await change(clientB, { mode: 'envelope-first' }, people.editor.token)).json).toEqual({ mode: 'envelope-first' })
    expect((await change(clientB, { mode: 'scan-all' }, people.admin.token)).json).toEqual({ mode: 'scan-all' })
    expect((await audits(clientB)).map((row) => row.actorUserId)).toEqual([people.editor.id, people.admin.id])
    expect((await change(999_999, { mode: 'scan-all' }, people.editor.token)).status).toBe(404)
  })

  it.each([
    ['an unknown mode', { mode: 'shred-all' }],
    ['no mode', {}],
    ['a mode that is not text', { mode: 1 }],
  ])('answers 422 for %s', async (_name, body) => {
    const res = await change(clientA, body, people.a.token)
    expect(res.status).toBe(422)
    expect(res.json.issues).toContainEqual({ path: 'mode', message: 'mode: must be one of scan-all, envelope-first' })
    expect(await storedMode(clientA)).toBe('scan-all')
  })

  it('answers malformed JSON with 400', async () => {
    const res = await server.request('PUT', `/api/client/${clientA}/mail-handling`, {
      token: people.a.token,
      body: '{"mode":',
      headers: { 'content-type': 'application/json' },
    })
    expect(res.status).toBe(400)
  })

  it('the database refuses a mode the product does not know', async () => {
    await expect(server.db.update(clients).set({ mailHandling: 'shred-all' }).where(eq(clients.id, clientA))).rejects.toThrow()
  })
})
