import { createHash } from 'node:crypto'
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { Readable } from 'node:stream'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { documents, documentTypes, documentUploads, notifications } from '../../server/db/schema'
import { completeUpload } from '../../server/uploads/complete'
import { findUpload } from '../../server/uploads/queries'
import { uploadStore } from '../../server/uploads/store'
import { sweepUploadsJob } from '../../server/uploads/sweep'
import { createTestServer, type TestServer } from './harness'
import { cutAfter, encodeMetadata, scan, TUS, tusCalls } from './tus'

/**
 * Resumable uploads (tus 1.0.0 at /api/uploads): an upload cut halfway resumes from HEAD's offset and
 * becomes the client's document once, however often its last request is repeated or its completion
 * raced; its metadata is checked at creation (422), staff only, its creator's only; unfinished uploads
 * expire and are swept.
 */

const LIMIT = 256 * 1024
const NOW = new Date('2026-11-21T15:00:00Z')

let server: TestServer
let dataDir: string
let clerk: { id: number }
let otherClerk: { id: number }
let clientA: { id: number; companyName: string }
let clientUser: { id: number }
let taxNotice: number

const token = (user: { id: number }) => server.tokenFor(user.id)

const metadataFor = (overrides: Record<string, string | undefined> = {}) => {
  const all: Record<string, string | undefined> = {
    filename: 'scan 1.pdf',
    filetype: 'application/pdf',
    clientId: String(clientA.id),
    documentTypeId: String(taxNotice),
    jurisdiction: '2',
    dateReceived: '2026-11-20',
    ...overrides,
  }
  return Object.fromEntries(Object.entries(all).filter((entry): entry is [string, string] => entry[1] !== undefined))
}
const { create, patch, head } = tusCalls(() => server, { as: () => clerk, metadata: () => metadataFor() })

/** Resolves once the upload's file in the store holds `bytes` (the server wrote what it received). */
async function stored(location: string, bytes: number): Promise<void> {
  const file = path.join(dataDir, 'uploads', location.split('/').pop()!)
  for (let tries = 0; tries < 500; tries++) {
    if ((statSync(file, { throwIfNoEntry: false })?.size ?? 0) >= bytes) return
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}

const documentCount = async () => (await server.db.select({ n: sql<number>`count(*)::int` }).from(documents))[0].n
const uploadFiles = () => (existsSync(path.join(dataDir, 'uploads')) ? readdirSync(path.join(dataDir, 'uploads')) : [])

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'portal-tus-'))
  server = await createTestServer({ env: { UPLOAD_MAX_BYTES: String(LIMIT), DATA_DIR: dataDir }, now: NOW })
  clerk = (await server.factories.agent(['DCV'])).user
  otherClerk = (await server.factories.agent(['DCV'])).user
  const a = await server.factories.client({ companyName: 'Sunshine Holdings, LLC' })
  clientA = a.client
  clientUser = a.user
  taxNotice = (await server.db.select().from(documentTypes).where(eq(documentTypes.name, 'Tax Notice')))[0].id
})
afterAll(async () => {
  await server.close()
  rmSync(dataDir, { recursive: true, force: true })
})
beforeEach(() => server.clock.set(NOW))

describe('OPTIONS /api/uploads', () => {
  it('names the protocol version, extensions and the size limit, with no CORS headers', async () => {
    const res = await server.request('OPTIONS', '/api/uploads')
    expect(res.status).toBe(204)
    expect(res.headers.get('tus-version')).toBe('1.0.0')
    expect(res.headers.get('tus-resumable')).toBe('1.0.0')
    expect(res.headers.get('tus-extension')).toBe('creation,creation-with-upload,termination,expiration')
    expect(res.headers.get('tus-max-size')).toBe(String(LIMIT))
    expect(res.headers.get('access-control-allow-origin')).toBeNull()
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
  })
})

describe('a resumable upload', () => {
  it('cut halfway, resumes from the offset HEAD gives and becomes the client document once', async () => {
    const content = scan(200 * 1024)
    const before = await documentCount()
    const created = await create(content.byteLength, { headers: { 'idempotency-key': 'upload-resume-0001' } })
    expect(created.status).toBe(201)
    const location = created.headers.get('location')!
    expect(location).toMatch(/^\/api\/uploads\/upload-[0-9a-f-]{36}$/)
    expect(created.headers.get('tus-resumable')).toBe('1.0.0')

    // Half the file, then the connection drops.
    const half = content.byteLength / 2
    await patch(
      location,
      0,
      cutAfter(content.slice(0, half), () => stored(location, half)),
    )
    const resumed = await head(location)
    expect(resumed.status).toBe(200)
    expect(resumed.headers.get('cache-control')).toBe('no-store')
    expect(resumed.headers.get('upload-length')).toBe(String(content.byteLength))
    const offset = Number(resumed.headers.get('upload-offset'))
    expect(offset).toBeGreaterThan(0)
    expect(offset).toBeLessThanOrEqual(half)
    expect(await documentCount()).toBe(before)

    // The rest, from where the server got to.
    const last = await patch(location, offset, content.slice(offset))
    expect(last.status).toBe(204)
    expect(last.headers.get('upload-offset')).toBe(String(content.byteLength))
    const documentId = Number(last.headers.get('document-id'))
    expect(documentId).toBeGreaterThan(0)
    expect(await documentCount()).toBe(before + 1)

    // The document as the multipart route makes it: the file whole, the client notified, staff's name on it.
    const [row] = await server.db.select().from(documents).where(eq(documents.id, documentId))
    expect(row).toMatchObject({ clientId: clientA.id, documentTypeId: taxNotice, jurisdiction: 2, dateReceived: '2026-11-20', uploadedBy: clerk.id })
    expect(row.fileName).toBe('scan 1.pdf')
    expect(row.sha256).toBe(createHash('sha256').update(content).digest('hex'))
    const notices = await server.db.select().from(notifications).where(eq(notifications.documentId, documentId))
    expect(notices).toHaveLength(1)
    const file = await server.request('GET', `/api/document/${documentId}`, { token: await token(clerk) })
    expect(file.status).toBe(200)
    // The upload's own bytes are gone once it is a document.
    expect(uploadFiles().filter((name) => location.endsWith(name))).toEqual([])

    // The last PATCH again (its answer lost): the same answer, no second document.
    const again = await patch(location, content.byteLength, new Uint8Array(new ArrayBuffer(0)))
    expect(again.status).toBe(204)
    expect(again.headers.get('document-id')).toBe(String(documentId))
    const late = await patch(location, offset, content.slice(offset))
    expect(late.status).toBe(409)
    expect(late.json?.detail).toBe('This upload is complete')
    const done = await head(location)
    expect(done.status).toBe(200)
    expect(done.headers.get('upload-offset')).toBe(String(content.byteLength))
    expect(done.headers.get('document-id')).toBe(String(documentId))
    expect(await documentCount()).toBe(before + 1)

    // A second upload under the same Idempotency-Key (the first creation's answer was lost) makes no second document.
    const twin = await create(content.byteLength, { headers: { 'idempotency-key': 'upload-resume-0001' } })
    const twinDone = await patch(twin.headers.get('location')!, 0, content)
    expect(twinDone.status).toBe(204)
    expect(twinDone.headers.get('document-id')).toBe(String(documentId))
    expect(await documentCount()).toBe(before + 1)
  })

  it('completed by several requests at once (a repeated last PATCH, another server) makes one document', async () => {
    const content = scan(64 * 1024, 3)
    const before = await documentCount()
    const created = await create(content.byteLength)
    const location = created.headers.get('location')!
    const id = location.split('/').pop()!
    // Every byte in the store, the completion not started yet.
    await uploadStore(server.deps).datastore.write(Readable.from([Buffer.from(content)]), id, 0)
    const row = (await findUpload(server.db, id))!
    const [a, b, c] = await Promise.all([
      completeUpload(server.deps, row),
      completeUpload(server.deps, row),
      patch(location, content.byteLength, new Uint8Array(new ArrayBuffer(0))),
    ])
    expect(a.documentId).toBeGreaterThan(0)
    expect(b.documentId).toBe(a.documentId)
    expect(c.status).toBe(204)
    expect(c.headers.get('document-id')).toBe(String(a.documentId))
    expect(await documentCount()).toBe(before + 1)
  })

  it('refuses a file that is not a PDF, JPEG, PNG or TIFF at completion, the same way again on a repeat', async () => {
    const content = new TextEncoder().encode('just some text, not a scan') as Uint8Array<ArrayBuffer>
    const before = await documentCount()
    const created = await create(content.byteLength, { metadata: metadataFor({ filename: 'not-a-pdf.pdf' }) })
    const location = created.headers.get('location')!
    const refused = await patch(location, 0, content)
    expect(refused.status).toBe(415)
    expect(refused.headers.get('content-type')).toMatch(/^application\/json/)
    expect(refused.json?.detail).toMatch(/not-a-pdf\.pdf is not a PDF, JPEG, PNG or TIFF file/)
    const again = await patch(location, content.byteLength, new Uint8Array(new ArrayBuffer(0)))
    expect(again.status).toBe(415)
    expect(again.json?.detail).toBe(refused.json?.detail)
    expect((await head(location)).status).toBe(410)
    expect(await documentCount()).toBe(before)
  })
})

describe('creating an upload', () => {
  it('refuses wrong metadata with 422 and a readable reason, and stores nothing', async () => {
    const rows = async () => (await server.db.select({ n: sql<number>`count(*)::int` }).from(documentUploads))[0].n
    const before = await rows()
    const missing = await create(1000, { metadata: metadataFor({ documentTypeId: undefined }) })
    expect(missing.status).toBe(422)
    expect(missing.json.detail).toBe('Invalid Upload-Metadata')
    expect(missing.json.details).toMatch(/documentTypeId is mandatory/)
    const badDate = await create(1000, { metadata: metadataFor({ dateReceived: '2026-02-30' }) })
    expect(badDate.status).toBe(422)
    expect(badDate.json.details).toMatch(/2026-02-30 is not a valid date/)
    const future = await create(1000, { metadata: metadataFor({ dateReceived: '2026-12-25' }) })
    expect(future.status).toBe(422)
    expect(future.json.details).toBe('Date received cannot be in the future')
    const jurisdiction = await create(1000, { metadata: metadataFor({ jurisdiction: '9' }) })
    expect(jurisdiction.status).toBe(422)
    expect(jurisdiction.json.details).toMatch(/Jurisdiction must be 1 \(Federal\), 2 \(State\) or 3 \(Private\)/)
    const served = await create(1000, { metadata: metadataFor({ servedOn: '2026-11-19' }) })
    expect(served.status).toBe(422)
    expect(served.json.details).toBe('Date served is only for service of process')
    const noClient = await create(1000, { metadata: metadataFor({ clientId: '999999' }) })
    expect(noClient.status).toBe(422)
    expect(noClient.json.detail).toBe('Unknown client')
    const tooLarge = await create(LIMIT + 1)
    expect(tooLarge.status).toBe(413)
    expect(tooLarge.json.details).toMatch(/scan 1\.pdf is larger than/)
    const empty = await create(0)
    expect(empty.status).toBe(422)
    const deferred = await server.request('POST', '/api/uploads', {
      token: await token(clerk),
      headers: { ...TUS, 'upload-defer-length': '1', 'upload-metadata': encodeMetadata(metadataFor()) },
    })
    expect(deferred.status).toBe(400)
    expect(deferred.json.details).toMatch(/Upload-Length/)
    expect(await rows()).toBe(before)
  })

  it('is for staff: a client user is refused', async () => {
    const res = await create(1000, { as: clientUser })
    expect(res.status).toBe(403)
    expect(res.json.detail).toBe('This is for provider staff only')
  })

  it('needs the protocol header, in the house error body', async () => {
    const res = await server.request('POST', '/api/uploads', {
      token: await token(clerk),
      headers: { 'upload-length': '1000', 'upload-metadata': encodeMetadata(metadataFor()) },
    })
    expect(res.status).toBe(412)
    expect(res.json.detail).toBe('Tus-Resumable Required')
  })
})

describe('access to an upload', () => {
  it('another staff user can neither see nor send to it', async () => {
    const content = scan(4096)
    const created = await create(content.byteLength)
    const location = created.headers.get('location')!
    expect((await head(location, otherClerk)).status).toBe(404)
    const theirs = await patch(location, 0, content, otherClerk)
    expect(theirs.status).toBe(404)
    expect(theirs.json?.detail).toBe('Upload not found')
    expect((await head(location)).headers.get('upload-offset')).toBe('0')
    // A client user cannot either.
    expect((await patch(location, 0, content, clientUser)).status).toBe(403)
    // Its creator finishes it.
    expect((await patch(location, 0, content)).status).toBe(204)
  })
})

describe('unfinished uploads', () => {
  it('expire after a day and are removed by the housekeeping job, bytes and all', async () => {
    const created = await create(10_000)
    const location = created.headers.get('location')!
    const id = location.split('/').pop()!
    await patch(location, 0, scan(5000))
    expect(uploadFiles()).toContain(id)
    server.clock.set(new Date(NOW.getTime() + 25 * 60 * 60 * 1000))
    expect((await head(location)).status).toBe(410)
    const result = await sweepUploadsJob.run(server.deps, server.clock.now())
    expect(result).toMatchObject({ uploadsRemoved: expect.any(Number) })
    expect(await findUpload(server.db, id)).toBeUndefined()
    expect(uploadFiles()).not.toContain(id)
    expect((await head(location)).status).toBe(404)
  })
})
