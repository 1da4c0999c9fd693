import { and, eq } from 'drizzle-orm'
import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ClientSchema } from '../../contract/clients'
import { auditEvents, clients } from '../../server/db/schema'
import { createTestServer, type TestServer } from './harness'

/** GET /api/client/assignMailbox/{clientId}/{mailboxNumber}: an agent with PCE gives a client its mailbox. */
let server: TestServer
let editor: string
let viewer: string
let clientToken: string
let first: number
let second: number

const assign = (clientId: number | string, mailbox: string, token?: string, query = '') =>
  server.request('GET', `/api/client/assignMailbox/${clientId}/${encodeURIComponent(mailbox)}${query}`, { token })
const load = async (id: number) => (await server.db.select().from(clients).where(eq(clients.id, id)))[0]

beforeAll(async () => {
  server = await createTestServer()
  const a = await server.factories.client()
  first = a.client.id
  clientToken = await server.tokenFor(a.user.id)
  second = (await server.factories.client()).client.id
  editor = await server.tokenFor((await server.factories.agent(['PCE'])).user.id)
  viewer = await server.tokenFor((await server.factories.agent(['DCV'])).user.id)
})
afterAll(() => server.close())

describe('GET /api/client/assignMailbox/{clientId}/{mailboxNumber}', () => {
  it('assigns the mailbox (upper case) and answers the updated client', async () => {
    const res = await assign(first, ' mb-2001 ', editor)
    expect(res.status).toBe(200)
    expect(v.is(ClientSchema, res.json)).toBe(true)
    expect(res.json).toMatchObject({ id: first, hasMailbox: true, mailboxNumber: 'MB-2001' })
    expect(await load(first)).toMatchObject({ hasMailbox: true, mailboxNumber: 'MB-2001' })
    // The client list finds the client by its mailbox.
    const list = await server.request('GET', '/api/client?q=MB-2001', { token: editor })
    expect(list.json.data.map((c: { id: number }) => c.id)).toEqual([first])
  })

  it('changes nothing when repeated, and records one audit event per change', async () => {
    expect((await assign(first, 'MB-2001', editor)).status).toBe(200)
    const events = () =>
      server.db
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.action, 'client.assign-mailbox'), eq(auditEvents.entityId, String(first))))
    expect(await events()).toHaveLength(1)
    expect((await assign(first, 'MB-2002', editor, '?replace=true')).json.mailboxNumber).toBe('MB-2002')
    expect((await events()).map((e) => e.details)).toContainEqual({ mailboxNumber: 'MB-2002', previous: 'MB-2001' })
  })

  it('answers 409 when another client holds the number, whatever its case', async () => {
    const res = await assign(second, 'mb-2002', editor)
    expect(res.status).toBe(409)
    expect(res.json).toMatchObject({ detail: 'Mailbox already assigned', details: 'Mailbox MB-2002 belongs to another client. Choose another number.' })
    expect(await load(second)).toMatchObject({ hasMailbox: false, mailboxNumber: null })
  })

  it('is for agents with PCE: others get 403, no session 401, an unknown client 404', async () => {
    expect((await assign(second, 'MB-3000', viewer)).status).toBe(403)
    expect((await assign(first, 'MB-3000', clientToken)).status).toBe(403)
    expect((await assign(second, 'MB-3000')).status).toBe(401)
    const unknown = await assign(999_999, 'MB-3000', editor)
    expect(unknown.status).toBe(404)
    expect(unknown.json.detail).toBe('Client not found')
    expect(await load(second)).toMatchObject({ hasMailbox: false, mailboxNumber: null })
  })

  it('answers 400 with a readable detail for a bad client id or mailbox number', async () => {
    for (const [id, mailbox] of [
      ['abc', 'MB-1'],
      ['0', 'MB-1'],
      [String(second), 'MB 1'],
      [String(second), 'x'.repeat(21)],
      [String(second), '-MB'],
      [String(second), 'x'],
      [String(second), '1042'],
      [String(second), 'MB-12'],
      [String(second), 'MB-1234567'],
      [String(second), 'BOX-1042'],
    ]) {
      const res = await assign(id, mailbox, editor)
      expect(res.status, `${id}/${mailbox}`).toBe(400)
      expect(res.json.details).toMatch(/clientId|Mailbox number/)
    }
    expect(await load(second)).toMatchObject({ hasMailbox: false, mailboxNumber: null })
  })

  it("refuses to replace a client's number silently: 409 until the replacement is confirmed", async () => {
    const third = (await server.factories.client()).client.id
    expect((await assign(third, 'MB-4001', editor)).status).toBe(200)
    const silent = await assign(third, 'MB-4002', editor)
    expect(silent.status).toBe(409)
    expect(silent.json.detail).toBe('Client already has a mailbox')
    expect(silent.json.details).toContain('MB-4001')
    expect(await load(third)).toMatchObject({ mailboxNumber: 'MB-4001' })
    expect((await assign(third, 'MB-4002', editor, '?replace=false')).status).toBe(409)
    expect((await assign(third, 'MB-4002', editor, '?replace=yes')).status).toBe(400)
    const confirmed = await assign(third, 'MB-4002', editor, '?replace=true')
    expect(confirmed.status).toBe(200)
    expect(await load(third)).toMatchObject({ hasMailbox: true, mailboxNumber: 'MB-4002' })
  })
})

describe('GET /api/client/mailbox/next-free', () => {
  it('suggests one past the highest number in use, for agents with PCE only', async () => {
    const next = await server.request('GET', '/api/client/mailbox/next-free', { token: editor })
    expect(next.status).toBe(200)
    const highest = Math.max(...(await server.db.select().from(clients)).map((c) => Number(c.mailboxNumber?.match(/^MB-(\d+)$/)?.[1] ?? 0)))
    expect(next.json).toEqual({ mailboxNumber: `MB-${highest + 1}` })
    // The suggestion is free: assigning it works.
    const fresh = (await server.factories.client()).client.id
    expect((await assign(fresh, next.json.mailboxNumber, editor)).status).toBe(200)
    expect((await server.request('GET', '/api/client/mailbox/next-free', { token: editor })).json).toEqual({ mailboxNumber: `MB-${highest + 2}` })
    expect((await server.request('GET', '/api/client/mailbox/next-free', { token: viewer })).status).toBe(403)
    expect((await server.request('GET', '/api/client/mailbox/next-free', { token: clientToken })).status).toBe(403)
  })
})
