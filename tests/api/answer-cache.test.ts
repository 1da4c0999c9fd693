import { gunzipSync } from 'node:zlib'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { clients, documents, documentTypes, invoices, notifications } from '../../server/db/schema'
import { AnswerCache } from '../../server/http/answer-cache'
import { answerCacheSpecs } from '../../server/http/cached-json'
import { createInvoice } from '../../server/invoices/create'
import { createTestServer, login, type TestServer } from './harness'
import { sandboxCardToken } from './sandbox-card'

/**
 * The invoice, document and notification lists' answers are cached between requests
 * (server/http/cached-json.ts). What a user must never see is an old answer after a change (of the data,
 * or of the days left a document has), or an answer cached for someone or something else.
 */

let server: TestServer
let ANSWER_TTL_MS: number
const NOW = new Date('2026-03-01T17:00:00Z')

beforeAll(async () => {
  server = await createTestServer({ now: NOW })
  ANSWER_TTL_MS = server.deps.answers!.ttlMs
})
afterAll(() => server?.close())

async function clientWithInvoices(count = 2) {
  const { client, user } = await server.factories.client()
  const token = await server.tokenFor(user.id)
  const made = []
  for (let i = 0; i < count; i++) {
    made.push(
      await createInvoice(server.db, {
        clientId: client.id,
        invoiceDate: new Date(Date.UTC(2026, 1, 1 + i, 15)),
        dueDate: new Date('2026-03-20T15:00:00Z'),
        lines: [{ description: 'Registered agent service', unitAmountCents: 12_500 + i }],
      }),
    )
  }
  return { client, token, invoices: made }
}

const listOf = (clientId: number, token: string, query = '') => server.request('GET', `/api/client/invoices/${clientId}${query}`, { token })
const statusesIn = (res: { json: { data: { id: number; status: number }[] } }) => Object.fromEntries(res.json.data.map((row) => [row.id, row.status]))

/** Runs `run` with a cache that hears nothing from the database: only what this server does itself empties it. */
async function hearingNothing(run: () => Promise<void>) {
  const listening = server.deps.answers
  server.deps.answers = new AnswerCache(ANSWER_TTL_MS, listening!.writes)
  try {
    await run()
  } finally {
    server.deps.answers = listening
  }
}

/** Runs `write` with the database's triggers switched off: a change whose announcement never arrives. */
const unannounced = (write: (tx: Parameters<Parameters<TestServer['db']['transaction']>[0]>[0]) => Promise<unknown>) =>
  server.db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`)
    await write(tx)
  })

describe('cached invoice list answers', () => {
  it('are cached: an unannounced change shows only once the time limit has passed', async () => {
    const {
      client,
      token,
      invoices: [first],
    } = await clientWithInvoices()
    expect(statusesIn(await listOf(client.id, token))[first.id]).toBe(2)
    await unannounced((tx) => tx.update(invoices).set({ status: 4 }).where(eq(invoices.id, first.id)))
    expect(statusesIn(await listOf(client.id, token))[first.id]).toBe(2)
    server.clock.advance(ANSWER_TTL_MS)
    expect(statusesIn(await listOf(client.id, token))[first.id]).toBe(4)
  })

  it('are dropped when the database announces a change, whoever made it (a job, an operator, another server)', async () => {
    const {
      client,
      token,
      invoices: [first],
    } = await clientWithInvoices()
    expect(statusesIn(await listOf(client.id, token))[first.id]).toBe(2)
    await server.db.update(invoices).set({ status: 4 }).where(eq(invoices.id, first.id))
    await expect.poll(async () => statusesIn(await listOf(client.id, token))[first.id], { timeout: ANSWER_TTL_MS / 6, interval: 20 }).toBe(4)
  })

  it('show a company name changed on the clients table, in the provider list too', async () => {
    const { client, token } = await clientWithInvoices(1)
    const { user } = await server.factories.agent(['ICV'])
    const agentToken = await server.tokenFor(user.id)
    const providerList = () => server.request('GET', `/api/invoices?company=${encodeURIComponent(client.companyName)}`, { token: agentToken })
    expect((await providerList()).json.data[0].client.companyName).toBe(client.companyName)
    expect((await listOf(client.id, token)).json.data[0].client.companyName).toBe(client.companyName)
    await server.db
      .update(clients)
      .set({ companyName: `${client.companyName} Renamed` })
      .where(eq(clients.id, client.id))
    await expect
      .poll(async () => (await listOf(client.id, token)).json.data[0].client.companyName, { timeout: ANSWER_TTL_MS / 6, interval: 20 })
      .toBe(`${client.companyName} Renamed`)
    expect((await providerList()).json.data[0].client.companyName).toBe(`${client.companyName} Renamed`)
  })

  it("are dropped by this server's own writes before they answer: a payment shows on the very next read", async () => {
    const {
      client,
      token,
      invoices: [first],
    } = await clientWithInvoices()
    expect(statusesIn(await listOf(client.id, token))[first.id]).toBe(2)
    const card = await sandboxCardToken(server)
    const paid = await server.request('POST', '/api/client/invoices/pay', { token, body: { invoiceIds: [String(first.id)], token: card } })
    expect(paid.status).toBe(200)
    expect(statusesIn(await listOf(client.id, token))[first.id]).toBe(1)
  })

  it('are cached per address: another page, filter or client never gets an answer cached for one', async () => {
    const a = await clientWithInvoices(11)
    const b = await clientWithInvoices(1)
    const page1 = await listOf(a.client.id, a.token, '?pageSize=10')
    const page2 = await listOf(a.client.id, a.token, '?pageSize=10&page=2')
    expect(page1.json.data).toHaveLength(10)
    expect(page2.json.data).toHaveLength(1)
    expect(page2.json.data[0].id).not.toBe(page1.json.data[0].id)
    expect((await listOf(a.client.id, a.token, '?status=1')).json.data).toHaveLength(0)
    expect((await listOf(b.client.id, b.token)).json.data.map((row: { id: number }) => row.id)).toEqual([b.invoices[0].id])
  })

  it("are asked only after the caller's access check: a cached answer never reaches another client", async () => {
    const a = await clientWithInvoices(1)
    const b = await clientWithInvoices(1)
    expect((await listOf(a.client.id, a.token)).status).toBe(200)
    const refused = await listOf(a.client.id, b.token)
    expect(refused.status).toBe(404)
    expect(refused.text).not.toContain(a.client.companyName)
  })

  it('are dropped only by writes to their own tables: a sign-in, a refresh or a write elsewhere leaves them', async () => {
    const {
      client,
      token,
      invoices: [first],
    } = await clientWithInvoices()
    const password = 'Answer-cache-2026!'
    const { user: agent } = await server.factories.agent([], { password })
    await hearingNothing(async () => {
      expect(statusesIn(await listOf(client.id, token))[first.id]).toBe(2)
      await unannounced((tx) => tx.update(invoices).set({ status: 4 }).where(eq(invoices.id, first.id)))
      const signedIn = await login(server, agent.email, password, { remember: true })
      expect((await server.request('POST', '/api/auth/refresh', { headers: { cookie: signedIn.cookie } })).status).toBe(200)
      await server.db
        .update(documentTypes)
        .set({ name: sql`${documentTypes.name}` })
        .where(eq(documentTypes.id, -1))
      expect(statusesIn(await listOf(client.id, token))[first.id]).toBe(2)
    })
  })

  it('are dropped by table when the database names the changed table', async () => {
    const {
      client,
      token,
      invoices: [first],
    } = await clientWithInvoices()
    const cache = server.deps.answers!
    expect(statusesIn(await listOf(client.id, token))[first.id]).toBe(2)
    await unannounced((tx) => tx.update(invoices).set({ status: 4 }).where(eq(invoices.id, first.id)))
    cache.drop('documents')
    expect(statusesIn(await listOf(client.id, token))[first.id]).toBe(2)
    cache.drop('countries')
    expect(statusesIn(await listOf(client.id, token))[first.id]).toBe(4)
  })

  it('are cached as sent: a caller that takes gzip and one that does not each get the whole answer', async () => {
    const a = await clientWithInvoices(20)
    const ask = (encoding: string) =>
      server.app.request(`/api/client/invoices/${a.client.id}`, { headers: { authorization: `Bearer ${a.token}`, 'accept-encoding': encoding } })
    for (let round = 0; round < 2; round++) {
      const zipped = await ask('gzip')
      expect(zipped.headers.get('content-encoding')).toBe('gzip')
      const unzipped = JSON.parse(gunzipSync(Buffer.from(await zipped.arrayBuffer())).toString())
      const plain = await ask('identity')
      expect(plain.headers.get('content-encoding')).toBeNull()
      expect(unzipped.data).toHaveLength(20)
      expect(await plain.json()).toEqual(unzipped)
    }
  })
})

describe('cached document list answers', () => {
  const DAY_MS = 24 * 60 * 60 * 1000
  let clerk: number
  let typeId: number
  // Signed at each use: the tests move the clock by a day.
  const clerkToken = () => server.tokenFor(clerk)

  beforeAll(async () => {
    clerk = (await server.factories.agent(['DCV'])).user.id
    typeId = (await server.db.select({ id: documentTypes.id }).from(documentTypes).where(eq(documentTypes.name, 'Tax Notice')))[0].id
  })

  /** The mailroom uploads a one-page PDF for a new client, at the test clock's now. */
  async function clientWithDocument() {
    const { client, user } = await server.factories.client()
    const form = new FormData()
    for (const [name, value] of Object.entries({ documentTypeId: String(typeId), jurisdiction: '1', dateReceived: '2026-03-01' })) form.append(name, value)
    form.append('file', new Blob(['%PDF-1.7\n%%EOF\n']), 'scan.pdf')
    const uploaded = await server.request('POST', `/api/document/client/${client.id}`, { token: await clerkToken(), body: form })
    expect(uploaded.status).toBe(201)
    return { client, user: user.id, documentId: uploaded.json.documents[0].id as number }
  }
  const documentsOf = async (clientId: number, user: number) => {
    const res = await server.request('GET', `/api/client/documents/${clientId}`, { token: await server.tokenFor(user) })
    expect(res.status).toBe(200)
    return res.json.data as { id: number; daysLeft: number; isRead: boolean; documentTypeNavigation: { name: string } }[]
  }

  it('are cached no longer than until a document on the page has a day less left', async () => {
    const uploadedAt = server.clock.now().getTime()
    const { client, user, documentId } = await clientWithDocument()
    // Ten seconds before its second day starts: 60 days left, 59 from the next day on.
    server.clock.set(new Date(uploadedAt + DAY_MS - 10_000))
    // (The upload's notification is announced in the background, which would empty a listening cache.)
    await hearingNothing(async () => {
      expect((await documentsOf(client.id, user))[0]).toMatchObject({ daysLeft: 60, isRead: false })
      await server.db.update(documents).set({ isRead: true }).where(eq(documents.id, documentId))
      server.clock.advance(5_000)
      expect((await documentsOf(client.id, user))[0]).toMatchObject({ daysLeft: 60, isRead: false })
      // Well within the time limit, but the days left changed: read afresh.
      server.clock.advance(5_000)
      expect(ANSWER_TTL_MS).toBeGreaterThan(10_000)
      expect((await documentsOf(client.id, user))[0]).toMatchObject({ daysLeft: 59, isRead: true })
    })
  })

  it('show a document read as soon as its client opened the file (a read that writes), announcement or not', async () => {
    const { client, user, documentId } = await clientWithDocument()
    await hearingNothing(async () => {
      expect((await documentsOf(client.id, user))[0].isRead).toBe(false)
      expect((await server.request('GET', `/api/document/${documentId}`, { token: await server.tokenFor(user) })).status).toBe(200)
      expect((await documentsOf(client.id, user))[0].isRead).toBe(true)
    })
  })

  it('show a document type renamed, announced by the database, in the provider list too', async () => {
    const { client, user } = await clientWithDocument()
    const providerList = async () =>
      (await server.request('GET', `/api/documents?clientId=${client.id}`, { token: await clerkToken() })).json.data[0].documentTypeNavigation.name
    expect((await documentsOf(client.id, user))[0].documentTypeNavigation.name).toBe('Tax Notice')
    expect(await providerList()).toBe('Tax Notice')
    try {
      await server.db.update(documentTypes).set({ name: 'Tax Notice (state)' }).where(eq(documentTypes.id, typeId))
      await expect
        .poll(async () => (await documentsOf(client.id, user))[0].documentTypeNavigation.name, { timeout: ANSWER_TTL_MS / 6, interval: 20 })
        .toBe('Tax Notice (state)')
      expect(await providerList()).toBe('Tax Notice (state)')
    } finally {
      await server.db.update(documentTypes).set({ name: 'Tax Notice' }).where(eq(documentTypes.id, typeId))
    }
  })
})

describe('cached notification list answers', () => {
  it("are cached per reader: one staff member's read mark shows in their own list at once and never in another's", async () => {
    const [a, b] = await Promise.all([server.factories.agent([]), server.factories.agent([])])
    const [tokenA, tokenB] = await Promise.all([server.tokenFor(a.user.id), server.tokenFor(b.user.id)])
    const message = `Staff notice ${a.user.id}`
    const [notice] = await server.db.insert(notifications).values({ message, clientId: null, createdAt: server.clock.now() }).returning()
    const readIn = async (token: string) => {
      const res = await server.request('GET', '/api/system-notifications?audience=agents&limit=100', { token })
      expect(res.status).toBe(200)
      return (res.json.data as { id: number; isRead: boolean }[]).find((row) => row.id === notice.id)?.isRead
    }
    await expect.poll(() => readIn(tokenA), { timeout: ANSWER_TTL_MS / 6, interval: 20 }).toBe(false)
    expect(await readIn(tokenB)).toBe(false)
    expect((await server.request('PATCH', `/api/system-notifications/${notice.id}/mark-read`, { token: tokenA })).status).toBe(200)
    expect(await readIn(tokenA)).toBe(true)
    // The same address, asked by another staff member right after: their own marks.
    expect(await readIn(tokenB)).toBe(false)
    expect(await readIn(tokenA)).toBe(true)
  })
})

describe('the tables cached answers are read from', () => {
  it('each have a statement trigger that announces their changes on answers_changed', async () => {
    const result = await server.db.execute(sql`
      select distinct c.relname as table from pg_trigger t
      join pg_class c on c.oid = t.tgrelid join pg_proc p on p.oid = t.tgfoid
      where p.proname = 'notify_answers_changed' and not t.tgisinternal and (t.tgtype & 1) = 0`)
    const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as { table: string }[]
    const announced = new Set(rows.map((row) => row.table))
    expect(answerCacheSpecs.map((spec) => spec.name).sort()).toEqual(['document list', 'invoice list', 'notification list'])
    for (const spec of answerCacheSpecs) {
      const unannouncedTables = spec.tables.filter((table) => !announced.has(table))
      expect(unannouncedTables, `${spec.name} is read from tables no trigger announces`).toEqual([])
    }
    // And no trigger announces a table no cache is read from.
    expect([...announced].sort()).toEqual([...new Set(answerCacheSpecs.flatMap((spec) => spec.tables))].sort())
  })
})
