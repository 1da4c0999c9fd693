import { randomBytes } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { documents, documentTypes } from '../../server/db/schema'
import { shredExpiredDocuments, sweepOrphanBlobs } from '../../server/documents/shred'
import { documentStorageKey } from '../../server/documents/naming'
import type { BlobStore } from '../../server/storage/blob-store'
import { HEALTH_MAX_AGE_MS } from '../../server/routes/health'
import { createTestServer } from './harness'
import { startS3Server, type TestS3Server } from './s3-server'

/**
 * Document calls on the S3 store (and byte ranges on both stores): uploads land in the bucket, a
 * failed insert leaves no object, shredding and the orphan sweep delete objects, and a store outage
 * answers 503 for file calls while the rest of the API keeps working.
 */
const NOW = new Date('2026-11-21T15:00:00Z')
const DAY = 24 * 60 * 60 * 1000
let s3: TestS3Server
beforeAll(async () => {
  s3 = await startS3Server()
})
afterAll(() => s3.close())

const pdf = (size: number) => {
  const out = randomBytes(size)
  out.set(new TextEncoder().encode('%PDF-1.7\n'))
  return out
}

async function setUp(blobs?: BlobStore) {
  const server = await createTestServer({ now: NOW, deps: blobs ? { blobs } : {} })
  const clerk = (await server.factories.agent(['DCV', 'DCD'])).user
  const { client, user } = await server.factories.client()
  const [type] = await server.db.select().from(documentTypes).limit(1)
  async function upload(content: Uint8Array) {
    const form = new FormData()
    form.append('documentTypeId', String(type.id))
    form.append('jurisdiction', '1')
    form.append('dateReceived', '2026-11-20')
    form.append('file', new Blob([new Uint8Array(content)]), 'scan.pdf')
    return server.request('POST', `/api/document/client/${client.id}`, { token: await server.tokenFor(clerk.id), body: form })
  }
  return { server, clerk, client, user, upload }
}

describe.each([
  ['filesystem', () => undefined],
  ['s3', () => s3.store()],
])('GET /api/document/{id} with Range on the %s store', (_name, store) => {
  let ctx: Awaited<ReturnType<typeof setUp>>
  let content: Buffer
  let id: number
  beforeAll(async () => {
    ctx = await setUp(store())
    content = pdf(200_000)
    const res = await ctx.upload(content)
    expect(res.status).toBe(201)
    id = res.json.documents[0].id
  })
  afterAll(() => ctx.server.close())

  const get = async (headers: Record<string, string>) => {
    const res = await ctx.server.app.request(`/api/document/${id}?inline=true`, {
      headers: { authorization: `Bearer ${await ctx.server.tokenFor(ctx.user.id)}`, ...headers },
    })
    return { res, body: Buffer.from(await res.arrayBuffer()) }
  }

  it('sends the whole file with Accept-Ranges', async () => {
    const { res, body } = await get({})
    expect(res.status).toBe(200)
    expect(res.headers.get('accept-ranges')).toBe('bytes')
    expect(body.equals(content)).toBe(true)
  })

  it('sends the asked bytes with 206 and Content-Range', async () => {
    const { res, body } = await get({ range: 'bytes=1000-1999' })
    expect(res.status).toBe(206)
    expect(res.headers.get('content-range')).toBe(`bytes 1000-1999/${content.length}`)
    expect(res.headers.get('content-length')).toBe('1000')
    expect(body.equals(content.subarray(1000, 2000))).toBe(true)

    const tail = await get({ range: 'bytes=-500' })
    expect(tail.res.status).toBe(206)
    expect(tail.body.equals(content.subarray(content.length - 500))).toBe(true)

    const open = await get({ range: `bytes=${content.length - 10}-` })
    expect(open.body.equals(content.subarray(content.length - 10))).toBe(true)
  })

  it('answers 416 with the size for a range past the end, and the whole file for a stale If-Range', async () => {
    const { res, body } = await get({ range: `bytes=${content.length}-` })
    expect(res.status).toBe(416)
    expect(res.headers.get('content-range')).toBe(`bytes */${content.length}`)
    expect(JSON.parse(body.toString())).toMatchObject({ detail: 'Range not satisfiable' })

    const stale = await get({ range: 'bytes=0-9', 'if-range': '"not-this-version"' })
    expect(stale.res.status).toBe(200)
    expect(stale.body.length).toBe(content.length)
  })
})

describe('documents on the S3 store', () => {
  let ctx: Awaited<ReturnType<typeof setUp>>
  beforeAll(async () => {
    ctx = await setUp(s3.store())
  })
  afterAll(() => ctx.server.close())

  it('stores an upload in the bucket and deletes the object with the document', async () => {
    const res = await ctx.upload(pdf(7 * 1024 * 1024))
    expect(res.status).toBe(201)
    const [row] = await ctx.server.db.select().from(documents).where(eq(documents.id, res.json.documents[0].id))
    expect(await s3.keys()).toContain(row.storageKey)
    const deleted = await ctx.server.request('DELETE', `/api/client/document/${row.id}`, { token: await ctx.server.tokenFor(ctx.clerk.id) })
    expect(deleted.status).toBe(200)
    expect(await s3.keys()).not.toContain(row.storageKey)
  })

  it('leaves no object behind when the database insert fails', async () => {
    const before = await s3.keys()
    await ctx.server.db.execute(sql`create function refuse_documents() returns trigger language plpgsql as $$ begin raise exception 'insert refused'; end $$`)
    await ctx.server.db.execute(sql`create trigger refuse_documents before insert on documents for each row execute function refuse_documents()`)
    try {
      const res = await ctx.upload(pdf(6 * 1024 * 1024))
      expect(res.status).toBe(500)
    } finally {
      await ctx.server.db.execute(sql`drop trigger refuse_documents on documents`)
      await ctx.server.db.execute(sql`drop function refuse_documents()`)
    }
    expect(await s3.keys()).toEqual(before)
  })

  it('shreds documents past 60 days and sweeps orphan objects, listing by prefix', async () => {
    const res = await ctx.upload(pdf(2000))
    const [row] = await ctx.server.db.select().from(documents).where(eq(documents.id, res.json.documents[0].id))
    const orphan = documentStorageKey(ctx.client.id, 'pdf', new Date(NOW.getTime() - 2 * 60 * 60 * 1000))
    await ctx.server.deps.blobs.put(orphan, pdf(100))
    const young = documentStorageKey(ctx.client.id, 'pdf', NOW)
    await ctx.server.deps.blobs.put(young, pdf(100))

    expect(await sweepOrphanBlobs(ctx.server.deps, NOW)).toEqual({ orphansDeleted: 1 })
    expect(await s3.keys()).toEqual(expect.arrayContaining([row.storageKey, young]))
    expect(await s3.keys()).not.toContain(orphan)

    const later = new Date(NOW.getTime() + 61 * DAY)
    expect(await shredExpiredDocuments(ctx.server.deps, later)).toMatchObject({ shredded: 1, failedFileDeletes: 0 })
    expect(await s3.keys()).not.toContain(row.storageKey)
    await ctx.server.deps.blobs.delete(young)
  })
})

describe('a store outage', () => {
  let local: TestS3Server
  let ctx: Awaited<ReturnType<typeof setUp>>
  let id: number
  beforeAll(async () => {
    local = await startS3Server()
    ctx = await setUp(local.store())
    id = (await ctx.upload(pdf(3000))).json.documents[0].id
    await local.stop()
  })
  afterAll(async () => {
    await ctx.server.close()
    await local.close()
  })

  it('answers 503 {detail, details} for uploads and downloads', async () => {
    const up = await ctx.upload(pdf(3000))
    expect(up.status).toBe(503)
    expect(up.json).toEqual({ detail: 'Document storage is unavailable', details: expect.stringContaining('try again') })
    const down = await ctx.server.request('GET', `/api/document/${id}`, { token: await ctx.server.tokenFor(ctx.user.id) })
    expect(down.status).toBe(503)
    expect(down.json.detail).toBe('Document storage is unavailable')
  })

  it('keeps everything else working, and /api/health says the store does not answer', async () => {
    const list = await ctx.server.request('GET', `/api/client/documents/${ctx.client.id}`, { token: await ctx.server.tokenFor(ctx.user.id) })
    expect(list.status).toBe(200)
    expect(list.json.total).toBe(1)
    const health = await ctx.server.request('GET', '/api/health')
    expect(health.status).toBe(200)
    expect(health.json).toEqual({ status: 'degraded', database: 'ok', documents: 'unavailable', store: 's3' })

    await local.start()
    // A health answer serves for a second: the next one after that sees the store again.
    ctx.server.clock.advance(HEALTH_MAX_AGE_MS)
    expect((await ctx.server.request('GET', '/api/health')).json.documents).toBe('ok')
    const down = await ctx.server.request('GET', `/api/document/${id}`, { token: await ctx.server.tokenFor(ctx.user.id) })
    expect(down.status).toBe(200)
    await local.stop()
  })
})
