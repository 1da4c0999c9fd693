import { readdirSync } from 'node:fs'
import { createHash } from 'node:crypto'
import { and, eq, sql } from 'drizzle-orm'
import * as v from 'valibot'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { DocumentPageSchema, DocumentUploadResponseSchema } from '../../contract/documents'
import { documentRequests, documents, documentTypes, notificationReads, notifications } from '../../server/db/schema'
import { formatBytes } from '../../server/documents/naming'
import { createTestServer, type TestServer } from './harness'

const LIMIT = 64 * 1024
let server: TestServer
let clerk: { id: number } // agent with DCV
let manager: { id: number } // agent with DCV and DCD
let outsider: { id: number } // agent without document permissions
let clientA: { id: number; companyName: string }
let userA: { id: number }
let clientB: { id: number }
let userB: { id: number }
let taxNotice: number

const NOW = new Date('2026-11-21T15:00:00Z')
const token = (user: { id: number }) => server.tokenFor(user.id)

const bytes = (head: number[] | string, size = 2000) => {
  const out = new Uint8Array(new ArrayBuffer(size))
  out.set(typeof head === 'string' ? new TextEncoder().encode(head) : head)
  for (let i = 16; i < size; i++) out[i] = i % 251
  return out
}
const PDF = () => bytes('%PDF-1.7\n')
const JPEG = () => bytes([0xff, 0xd8, 0xff, 0xe0])
const PNG = () => bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
const TIFF_LE = () => bytes([0x49, 0x49, 0x2a, 0x00])
const TIFF_BE = () => bytes([0x4d, 0x4d, 0x00, 0x2a])

function uploadForm(files: [Uint8Array<ArrayBuffer>, string][], fields: Record<string, string> = {}) {
  const form = new FormData()
  const values = { documentTypeId: String(taxNotice), jurisdiction: '1', dateReceived: '2026-11-20', ...fields }
  for (const [name, value] of Object.entries(values)) form.append(name, value)
  for (const [content, name] of files) form.append(files.length > 1 ? 'files' : 'file', new Blob([content]), name)
  return form
}

async function upload(
  clientId: number,
  files: [Uint8Array<ArrayBuffer>, string][],
  options: { fields?: Record<string, string>; as?: { id: number }; headers?: Record<string, string> } = {},
) {
  return server.request('POST', `/api/document/client/${clientId}`, {
    token: await token(options.as ?? clerk),
    body: uploadForm(files, options.fields),
    headers: options.headers,
  })
}

/** Every file in the blob store, wherever it is. */
const storedFiles = () => readdirSync(server.blobDir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile())
const documentCount = async () => (await server.db.select({ n: sql<number>`count(*)::int` }).from(documents))[0].n

beforeAll(async () => {
  server = await createTestServer({ env: { UPLOAD_MAX_BYTES: String(LIMIT) }, now: NOW })
  clerk = (await server.factories.agent(['DCV'])).user
  manager = (await server.factories.agent(['DCV', 'DCD'])).user
  outsider = (await server.factories.agent(['UCV'])).user
  const a = await server.factories.client({ companyName: 'Sunshine Holdings, LLC' })
  clientA = a.client
  userA = a.user
  const b = await server.factories.client({ companyName: 'Gulf Coast Ventures Inc' })
  clientB = b.client
  userB = b.user
  taxNotice = (await server.db.select().from(documentTypes).where(eq(documentTypes.name, 'Tax Notice')))[0].id
})
afterAll(() => server.close())
beforeEach(() => server.clock.set(NOW))

describe('POST /api/document/client/{id} (mailroom upload)', () => {
  it('stores a PDF under a fresh key, records it and notifies the client', async () => {
    const content = PDF()
    const res = await upload(clientA.id, [[content, 'scan 1.pdf']])
    expect(res.status).toBe(201)
    expect(v.is(DocumentUploadResponseSchema, res.json)).toBe(true)
    expect(res.json.documents).toHaveLength(1)
    const doc = res.json.documents[0]
    expect(doc).toMatchObject({
      clientId: clientA.id,
      client: { id: clientA.id, companyName: 'Sunshine Holdings, LLC' },
      jurisdiction: 1,
      jurisdictionName: 'Federal',
      documentTypeNavigation: { name: 'Tax Notice' },
      dateReceived: '2026-11-20',
      uploadedAt: NOW.toISOString(),
      isRead: false,
      documentBlobUrl: 'pdf',
      contentType: 'application/pdf',
      sizeBytes: content.length,
      fileName: 'Sunshine-Holdings-LLC_Tax-Notice_2026-11-20.pdf',
      originalFileName: 'scan 1.pdf',
      status: 'active',
      daysLeft: 60,
      canRequest: true,
      openRequestId: null,
    })
    const [row] = await server.db.select().from(documents).where(eq(documents.id, doc.id))
    expect(row.storageKey).toMatch(new RegExp(`^documents/${clientA.id}/[0-9a-f-]{36}\\.pdf$`))
    expect(row.sha256).toBe(createHash('sha256').update(content).digest('hex'))
    expect(await server.deps.blobs.exists(row.storageKey!)).toBe(true)

    const [note] = await server.db.select().from(notifications).where(eq(notifications.documentId, doc.id))
    expect(note).toMatchObject({ clientId: clientA.id, message: 'New document received: Tax Notice' })
  })

  it('recognises each accepted type by its content, not its name', async () => {
    const res = await upload(clientA.id, [
      [PDF(), 'a.bin'],
      [JPEG(), 'b.pdf'],
      [PNG(), 'c.jpg'],
      [TIFF_LE(), 'd.png'],
      [TIFF_BE(), 'e'],
    ])
    expect(res.status).toBe(201)
    expect(res.json.documents.map((d: { documentBlobUrl: string; contentType: string }) => [d.documentBlobUrl, d.contentType])).toEqual([
      ['pdf', 'application/pdf'],
      ['jpg', 'image/jpeg'],
      ['png', 'image/png'],
      ['tif', 'image/tiff'],
      ['tif', 'image/tiff'],
    ])
  })

  it('refuses a file of another type (415) and keeps nothing of the request, even files already stored', async () => {
    const before = await documentCount()
    const filesBefore = storedFiles().length
    const html = new TextEncoder().encode('<html><script>alert(1)</script></html>')
    const res = await upload(clientA.id, [
      [PDF(), 'good.pdf'],
      [html, 'invoice.pdf'],
    ])
    expect(res.status).toBe(415)
    expect(res.json.detail).toBe('invoice.pdf is not a PDF, JPEG, PNG or TIFF file')
    expect(await documentCount()).toBe(before)
    expect(storedFiles().length).toBe(filesBefore)
  })

  it('refuses a file over the limit with 413 naming the file and the limit, leaving no file behind', async () => {
    const before = await documentCount()
    const filesBefore = storedFiles().length
    const big = bytes('%PDF-1.4\n', LIMIT + 1)
    const res = await upload(clientA.id, [
      [PDF(), 'first.pdf'],
      [big, 'big.pdf'],
    ])
    expect(res.status).toBe(413)
    expect(res.json.detail).toBe('big.pdf is larger than 64 KB')
    expect(await documentCount()).toBe(before)
    expect(storedFiles().length).toBe(filesBefore)

    const exact = await upload(clientA.id, [[bytes('%PDF-1.4\n', LIMIT), 'exact.pdf']])
    expect(exact.status).toBe(201)
    expect(formatBytes(25 * 1024 * 1024)).toBe('25 MB')
  })

  it('refuses an empty file and a request without files (422)', async () => {
    const filesBefore = storedFiles().length
    const empty = await upload(clientA.id, [[new Uint8Array(0), 'empty.pdf']])
    expect(empty.status).toBe(422)
    expect(empty.json.detail).toBe('empty.pdf is empty')
    const none = await upload(clientA.id, [])
    expect(none.status).toBe(422)
    expect(none.json.details).toBe('Choose at least one file to upload')
    expect(storedFiles().length).toBe(filesBefore)
  })

  it('validates the fields and removes the stored files when they are wrong', async () => {
    const before = await documentCount()
    const filesBefore = storedFiles().length
    const cases: [Record<string, string>, RegExp][] = [
      [{ jurisdiction: '4' }, /Jurisdiction must be 1 \(Federal\), 2 \(State\) or 3 \(Private\)/],
      [{ dateReceived: '2026-11-22' }, /cannot be in the future/],
      [{ dateReceived: '2026-02-30' }, /not a valid date/],
      [{ documentTypeId: '9999' }, /Choose a document type/],
      [{ documentTypeId: 'tax' }, /Choose a document type/],
    ]
    for (const [fields, message] of cases) {
      const res = await upload(clientA.id, [[PDF(), 'scan.pdf']], { fields })
      expect(res.status, JSON.stringify(fields)).toBe(422)
      expect(res.json.details).toMatch(message)
    }
    // Fields sent before the file are checked before the file is read: the answer is about them.
    const early = await upload(clientA.id, [[bytes('%PDF-1.4\n', LIMIT + 1), 'big.pdf']], { fields: { jurisdiction: '9' } })
    expect(early.status).toBe(422)
    expect(await documentCount()).toBe(before)
    expect(storedFiles().length).toBe(filesBefore)
  })

  it('answers 404 for an unknown client, 403 to clients and 401 without a session', async () => {
    expect((await upload(999_999, [[PDF(), 'a.pdf']])).status).toBe(404)
    const asClient = await upload(clientA.id, [[PDF(), 'a.pdf']], { as: userA })
    expect(asClient.status).toBe(403)
    const anonymous = await server.request('POST', `/api/document/client/${clientA.id}`, { body: uploadForm([[PDF(), 'a.pdf']]) })
    expect(anonymous.status).toBe(401)
  })

  it('refuses a body that is not multipart (415) and a malformed multipart body (400)', async () => {
    const json = await server.request('POST', `/api/document/client/${clientA.id}`, { token: await token(clerk), body: { file: 'x' } })
    expect(json.status).toBe(415)
    const broken = await server.request('POST', `/api/document/client/${clientA.id}`, {
      token: await token(clerk),
      body: '--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n%PDF-1.4 cut short',
      headers: { 'content-type': 'multipart/form-data; boundary=xyz' },
    })
    expect(broken.status).toBe(400)
    expect(storedFiles().every((f) => !f.name.startsWith('.tmp-'))).toBe(true)
  })

  it('keeps nothing of an upload cut off in the middle of a file', async () => {
    const before = await documentCount()
    const filesBefore = storedFiles().length
    const encoder = new TextEncoder()
    const body = new ReadableStream<Uint8Array>({
      async start(controller) {
        controller.enqueue(encoder.encode('--cut\r\nContent-Disposition: form-data; name="documentTypeId"\r\n\r\n' + taxNotice + '\r\n'))
        controller.enqueue(encoder.encode('--cut\r\nContent-Disposition: form-data; name="file"; filename="cut.pdf"\r\n\r\n%PDF-1.7\n'))
        controller.enqueue(new Uint8Array(32 * 1024))
        await new Promise((resolve) => setTimeout(resolve, 20))
        controller.error(new Error('connection reset'))
      },
    })
    const res = await server.app.request(`/api/document/client/${clientA.id}`, {
      method: 'POST',
      body,
      headers: { authorization: `Bearer ${await token(clerk)}`, 'content-type': 'multipart/form-data; boundary=cut' },
      duplex: 'half',
    } as RequestInit)
    expect(res.status).toBe(400)
    expect(await documentCount()).toBe(before)
    expect(storedFiles().length).toBe(filesBefore)
    expect((await upload(clientA.id, [[PDF(), 'after.pdf']])).status).toBe(201)
  })

  it('stores an upload replayed with the same Idempotency-Key once', async () => {
    const before = await documentCount()
    const headers = { 'Idempotency-Key': 'upload-5d1c0e2e-8f7a-4a43-9d0a-0f4f1b2c3d4e' }
    const first = await upload(clientA.id, [[PDF(), 'queued.pdf']], { headers })
    const replay = await upload(clientA.id, [[PDF(), 'queued.pdf']], { headers })
    expect(first.status).toBe(201)
    expect(replay.status).toBe(201)
    expect(replay.headers.get('idempotent-replayed')).toBe('true')
    expect(replay.json.documents[0].id).toBe(first.json.documents[0].id)
    expect(await documentCount()).toBe(before + 1)

    const otherClient = await upload(clientB.id, [[PDF(), 'queued.pdf']], { headers })
    expect(otherClient.status).toBe(422)
  })

  it('deletes the stored file when the record cannot be inserted', async () => {
    const filesBefore = storedFiles().length
    const before = await documentCount()
    // A real database failure on insert, for this file name only.
    await server.db.execute(sql`alter table documents add constraint refuse_boom check (file_name <> 'boom.pdf')`)
    try {
      const res = await upload(clientA.id, [[PDF(), 'boom.pdf']])
      expect(res.status).toBe(500)
      expect(res.json.detail).toBe('Something went wrong on our side')
    } finally {
      await server.db.execute(sql`alter table documents drop constraint refuse_boom`)
    }
    expect(await documentCount()).toBe(before)
    expect(storedFiles().length).toBe(filesBefore)
  })
})

describe('document lists', () => {
  let listClient: { id: number }
  let listUser: { id: number }
  beforeAll(async () => {
    const created = await server.factories.client({ companyName: 'Lists Co' })
    listClient = created.client
    listUser = created.user
    // 23 documents over 23 days: jurisdictions 1..3 in turn; every third one read; the oldest shredded.
    for (let i = 0; i < 23; i++) {
      server.clock.set(new Date(NOW.getTime() - (22 - i) * 86_400_000))
      const day = new Date(NOW.getTime() - (22 - i) * 86_400_000).toISOString().slice(0, 10)
      const res = await upload(listClient.id, [[i % 2 ? PNG() : PDF(), `list-${i}.pdf`]], {
        fields: { jurisdiction: String((i % 3) + 1), dateReceived: day, documentTypeId: String(i < 5 ? 1 : taxNotice) },
      })
      expect(res.status).toBe(201)
      if (i % 3 === 0) await server.db.update(documents).set({ isRead: true }).where(eq(documents.id, res.json.documents[0].id))
    }
    server.clock.set(NOW)
    const [oldest] = await server.db.select().from(documents).where(eq(documents.fileName, 'list-0.pdf'))
    await server.db.update(documents).set({ status: 'shredded', storageKey: null, shreddedAt: NOW }).where(eq(documents.id, oldest.id))
  })

  const list = async (user: { id: number }, query = '', clientId = listClient.id) =>
    server.request('GET', `/api/client/documents/${clientId}${query}`, { token: await token(user) })

  it('pages a client its own documents, newest first, 20 per page by default', async () => {
    const res = await list(listUser)
    expect(res.status).toBe(200)
    expect(v.is(DocumentPageSchema, res.json)).toBe(true)
    expect(res.json.total).toBe(23)
    expect(res.json.page).toBe(1)
    expect(res.json.pageSize).toBe(20)
    expect(res.json.data).toHaveLength(20)
    expect(res.json.data[0].originalFileName).toBe('list-22.pdf')
    expect(res.json.data[0].daysLeft).toBe(60)
    expect(res.json.data[0].client).toBeUndefined()
    const last = await list(listUser, '?page=2')
    expect(last.json.data.map((d: { originalFileName: string }) => d.originalFileName)).toEqual(['list-2.pdf', 'list-1.pdf', 'list-0.pdf'])
    expect(last.json.data[1].daysLeft).toBe(39)
    expect(last.json.data[2]).toMatchObject({ status: 'shredded', daysLeft: 0, canRequest: false })
  })

  it('defaults to Date Received, newest first, the latest upload first within a day', async () => {
    const other = await server.factories.client({ companyName: 'Late Scans Co' })
    const day = (daysAgo: number) => new Date(NOW.getTime() - daysAgo * 86_400_000).toISOString().slice(0, 10)
    // Uploaded in this order: yesterday's mail, then a scan of mail from ten days ago, then two from today.
    for (const [name, received] of [
      ['late-a.pdf', day(1)],
      ['late-b.pdf', day(10)],
      ['late-c.pdf', day(0)],
      ['late-d.pdf', day(0)],
    ] as const) {
      server.clock.advance(60_000)
      expect((await upload(other.client.id, [[PDF(), name]], { fields: { dateReceived: received } })).status).toBe(201)
    }
    server.clock.set(NOW)
    const res = await list(other.user, '', other.client.id)
    expect(res.json.data.map((d: { originalFileName: string }) => d.originalFileName)).toEqual(['late-d.pdf', 'late-c.pdf', 'late-a.pdf', 'late-b.pdf'])
    const oldestFirst = await list(other.user, '?sort=dateReceived&order=asc', other.client.id)
    expect(oldestFirst.json.data.map((d: { originalFileName: string }) => d.originalFileName)).toEqual(['late-b.pdf', 'late-a.pdf', 'late-c.pdf', 'late-d.pdf'])
    const byUpload = await list(other.user, '?sort=uploadedAt', other.client.id)
    expect(byUpload.json.data[0].originalFileName).toBe('late-d.pdf')
    expect(byUpload.json.data[1].originalFileName).toBe('late-c.pdf')
    expect(byUpload.json.data[2].originalFileName).toBe('late-b.pdf')
  })

  it('filters and sorts on the server', async () => {
    expect((await list(listUser, '?jurisdiction=2')).json.total).toBe(8)
    expect((await list(listUser, '?isRead=true')).json.total).toBe(8)
    expect((await list(listUser, '?isRead=false&jurisdiction=1')).json.total).toBe(0)
    expect((await list(listUser, '?status=shredded')).json.total).toBe(1)
    expect((await list(listUser, `?documentTypeId=${taxNotice}`)).json.total).toBe(18)
    expect((await list(listUser, '?q=service%20of')).json.total).toBe(5)
    expect((await list(listUser, '?q=list-1')).json.total).toBe(11)
    const range = await list(
      listUser,
      `?receivedFrom=${new Date(NOW.getTime() - 2 * 86_400_000).toISOString().slice(0, 10)}&receivedTo=${NOW.toISOString().slice(0, 10)}`,
    )
    expect(range.json.total).toBe(3)
    const byDate = await list(listUser, '?sort=dateReceived&order=asc&pageSize=10')
    expect(byDate.json.data[0].originalFileName).toBe('list-0.pdf')
    expect(byDate.json.data).toHaveLength(10)
    expect((await list(listUser, '?pageSize=7')).status).toBe(400)
    expect((await list(listUser, '?sort=password')).status).toBe(400)
    expect((await list(listUser, '?q=%25')).json.total).toBe(0)
  })

  it('refuses a day the calendar does not have with 400 naming the filter and the day, on both lists', async () => {
    const own = await list(listUser, '?receivedFrom=2026-02-30')
    expect(own.status).toBe(400)
    expect(own.json.details).toBe('receivedFrom: 2026-02-30 is not a date on the calendar')
    const all = await server.request('GET', '/api/documents?receivedTo=2026-04-31', { token: await token(clerk) })
    expect(all.status).toBe(400)
    expect(all.json.details).toBe('receivedTo: 2026-04-31 is not a date on the calendar')
    // A leap day is a day.
    expect((await list(listUser, '?receivedFrom=2024-02-29')).status).toBe(200)
  })

  it('shows another client 404 and needs DCV for agents', async () => {
    expect((await list(userB)).status).toBe(404)
    expect((await list(clerk)).status).toBe(200)
    expect((await list(outsider)).status).toBe(403)
    expect((await list(clerk, '', 999_999)).status).toBe(404)
  })

  it('lists every client’s documents for agents with DCV (GET /api/documents)', async () => {
    const res = await server.request('GET', `/api/documents?q=Lists%20Co&pageSize=50`, { token: await token(clerk) })
    expect(res.status).toBe(200)
    expect(res.json.total).toBe(23)
    expect(v.is(DocumentPageSchema, res.json)).toBe(true)
    expect(res.json.data[0].client).toEqual({ id: listClient.id, companyName: 'Lists Co' })
    const one = await server.request('GET', `/api/documents?clientId=${clientA.id}&pageSize=100`, { token: await token(clerk) })
    expect(one.json.data.every((d: { clientId: number }) => d.clientId === clientA.id)).toBe(true)
    expect((await server.request('GET', '/api/documents', { token: await token(userA) })).status).toBe(403)
    expect((await server.request('GET', '/api/documents', { token: await token(outsider) })).status).toBe(403)
  })

  it('lists the document types for any signed-in user', async () => {
    const res = await server.request('GET', '/api/document-types', { token: await token(userA) })
    expect(res.status).toBe(200)
    expect(res.json.map((t: { name: string }) => t.name)).toContain('Tax Notice')
    expect((await server.request('GET', '/api/document-types')).status).toBe(401)
  })
})

describe('GET /api/document/{id} (the file)', () => {
  let docId: number
  let content: Uint8Array<ArrayBuffer>
  beforeAll(async () => {
    content = PDF()
    docId = (await upload(clientA.id, [[content, 'view.pdf']])).json.documents[0].id
  })
  const isRead = async () => (await server.db.select().from(documents).where(eq(documents.id, docId)))[0].isRead
  /** Whether the bell's "New document received" about it is read by this user. */
  const noticeReadBy = async (user: { id: number }) => {
    const [note] = await server.db.select().from(notifications).where(eq(notifications.documentId, docId))
    const reads = await server.db
      .select()
      .from(notificationReads)
      .where(and(eq(notificationReads.notificationId, note.id), eq(notificationReads.userId, user.id)))
    return reads.length === 1
  }

  it('lets an agent with DCV download it without marking it read', async () => {
    const res = await server.request('GET', `/api/document/${docId}`, { token: await token(clerk) })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="Sunshine-Holdings-LLC_Tax-Notice_2026-11-20\.pdf"/)
    expect(await isRead()).toBe(false)
    expect(await noticeReadBy(userA)).toBe(false)
  })

  it('opens it inline for its client, with safe headers, and marks it read', async () => {
    const res = await server.request('GET', `/api/document/${docId}?inline=true`, { token: await token(userA) })
    expect(res.status).toBe(200)
    expect(new TextEncoder().encode(res.text).length).toBeGreaterThan(0)
    expect(res.headers.get('content-type')).toBe('application/pdf')
    expect(res.headers.get('content-length')).toBe(String(content.length))
    expect(res.headers.get('content-disposition')).toMatch(/^inline; filename="Sunshine-Holdings-LLC_Tax-Notice_2026-11-20\.pdf"/)
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
    // Never stored by the browser's HTTP cache (a shared device keeps no file after log out).
    expect(res.headers.get('cache-control')).toBe('no-store')
    const etag = res.headers.get('etag')
    expect(etag).toBe(`"${createHash('sha256').update(content).digest('hex')}"`)
    expect(await isRead()).toBe(true)
    expect(await noticeReadBy(userA)).toBe(true)

    const again = await server.request('GET', `/api/document/${docId}?inline=true`, { token: await token(userA), headers: { 'If-None-Match': etag! } })
    expect(again.status).toBe(304)
  })

  it('serves the exact bytes stored', async () => {
    const res = await server.app.request(`/api/document/${docId}`, { headers: { authorization: `Bearer ${await token(userA)}` } })
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(content)
  })

  it('answers another client 404, an agent without DCV 403 and an unknown id 404', async () => {
    const other = await server.request('GET', `/api/document/${docId}`, { token: await token(userB) })
    expect(other.status).toBe(404)
    expect(other.json.detail).toBe('Document not found')
    expect((await server.request('GET', `/api/document/${docId}`, { token: await token(outsider) })).status).toBe(403)
    expect((await server.request('GET', '/api/document/987654', { token: await token(clerk) })).status).toBe(404)
    expect((await server.request('GET', '/api/document/abc', { token: await token(clerk) })).status).toBe(400)
    expect((await server.request('GET', `/api/document/${docId}?inline=maybe`, { token: await token(clerk) })).status).toBe(400)
  })

  it('answers 410 with the shred date once the document is shredded', async () => {
    const id = (await upload(clientA.id, [[PDF(), 'gone.pdf']])).json.documents[0].id
    await server.db
      .update(documents)
      .set({ status: 'shredded', storageKey: null, shreddedAt: new Date('2027-01-20T15:00:00Z') })
      .where(eq(documents.id, id))
    const res = await server.request('GET', `/api/document/${id}?inline=true`, { token: await token(userA) })
    expect(res.status).toBe(410)
    expect(res.json.detail).toBe('This document was shredded on 20-Jan-2027')
    expect(res.json.details).toMatch(/^This document was shredded on 20-Jan-2027/)
  })

  it('lets the client mark it read or unread; agents cannot', async () => {
    const id = (await upload(clientA.id, [[PDF(), 'flag.pdf']])).json.documents[0].id
    const read = await server.request('PATCH', `/api/document/${id}/read`, { token: await token(userA), body: {} })
    expect(read.status).toBe(200)
    expect(read.json.isRead).toBe(true)
    const unread = await server.request('PATCH', `/api/document/${id}/read`, { token: await token(userA), body: { isRead: false } })
    expect(unread.json).toMatchObject({ isRead: false, readAt: null })
    expect((await server.request('PATCH', `/api/document/${id}/read`, { token: await token(userB), body: {} })).status).toBe(404)
    expect((await server.request('PATCH', `/api/document/${id}/read`, { token: await token(clerk), body: {} })).status).toBe(403)
  })
})

describe('DELETE /api/client/document/{id}', () => {
  it('deletes the record and its file for an agent with DCD', async () => {
    const id = (await upload(clientA.id, [[PDF(), 'delete-me.pdf']])).json.documents[0].id
    const [row] = await server.db.select().from(documents).where(eq(documents.id, id))
    const res = await server.request('DELETE', `/api/client/document/${id}`, { token: await token(manager) })
    expect(res.status).toBe(200)
    expect(res.json).toEqual({ message: 'Document deleted successfully' })
    expect(await server.db.select().from(documents).where(eq(documents.id, id))).toHaveLength(0)
    expect(await server.deps.blobs.exists(row.storageKey!)).toBe(false)
    expect((await server.request('DELETE', `/api/client/document/${id}`, { token: await token(manager) })).status).toBe(404)
  })

  it('refuses agents without DCD and clients with the SPEC message, keeping the document', async () => {
    const id = (await upload(clientA.id, [[PDF(), 'keep-me.pdf']])).json.documents[0].id
    for (const user of [clerk, userA]) {
      const res = await server.request('DELETE', `/api/client/document/${id}`, { token: await token(user) })
      expect(res.status).toBe(403)
      expect(res.json.detail).toBe('You do not have permission to delete documents')
    }
    expect(await server.db.select().from(documents).where(eq(documents.id, id))).toHaveLength(1)
  })

  it('refuses while a mail request is open', async () => {
    const id = (await upload(clientA.id, [[PDF(), 'requested.pdf']])).json.documents[0].id
    await server.db
      .insert(documentRequests)
      .values({ documentId: id, clientId: clientA.id, recipientName: 'A', address: '1 Main St', city: 'Miami', stateProvince: 'FL', zipcode: '33101' })
    const res = await server.request('DELETE', `/api/client/document/${id}`, { token: await token(manager) })
    expect(res.status).toBe(409)
    expect(res.json.detail).toBe('This document has an open mail request')
  })
})
