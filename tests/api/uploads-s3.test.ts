import { createHash } from 'node:crypto'
import {
  AbortMultipartUploadCommand,
  CompleteMultipartUploadCommand,
  CreateMultipartUploadCommand,
  HeadObjectCommand,
  ListPartsCommand,
  UploadPartCommand,
  type S3Client,
} from '@aws-sdk/client-s3'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { documents, documentTypes } from '../../server/db/schema'
import { createTestServer, type TestServer } from './harness'
import { startS3Server, type TestS3Server } from './s3-server'
import { cutAfter, scan, tusCalls } from './tus'

/**
 * Resumable uploads on the S3 store (@tus/s3-store), against the local S3 server with the multipart
 * calls it lacked (ListParts, AbortMultipartUpload; tests/api/s3-server.ts): an upload cut in the
 * middle resumes from HEAD's offset, completes, becomes a readable document, and leaves none of its
 * objects behind (the parts, the `.info`, the `.part`, the assembled object); an outage of the store
 * answers 503 with a readable detail and the upload goes on after it; the caller's mistakes stay 4xx.
 */

const MiB = 1024 * 1024
/** The S3 store's part size: bytes reach the bucket a part at a time. */
const PART = 5 * MiB
const NOW = new Date('2026-11-21T15:00:00Z')

let s3: TestS3Server
let client: S3Client
let server: TestServer
let clerk: { id: number }
let clientId: number
let taxNotice: number

const metadata = () => ({
  filename: 'scan s3.pdf',
  filetype: 'application/pdf',
  clientId: String(clientId),
  documentTypeId: String(taxNotice),
  jurisdiction: '2',
  dateReceived: '2026-11-20',
})
const { create, patch, head } = tusCalls(() => server, { as: () => clerk, metadata })

const idOf = (location: string) => location.split('/').pop()!

/** The S3 multipart upload behind a tus upload, as its `.info` object names it. */
async function multipartOf(id: string): Promise<string> {
  const info = await client.send(new HeadObjectCommand({ Bucket: s3.bucket, Key: `${id}.info` }))
  return info.Metadata!['upload-id']
}

/** The parts S3 holds of a tus upload's multipart upload. */
async function partsOf(id: string) {
  const listed = await client.send(new ListPartsCommand({ Bucket: s3.bucket, Key: id, UploadId: await multipartOf(id) }))
  return listed.Parts ?? []
}

/** Resolves once S3 holds `count` parts of the upload (the server sent what it received so far). */
async function partsStored(id: string, count: number): Promise<void> {
  for (let tries = 0; tries < 1000; tries++) {
    if ((await partsOf(id)).length >= count) return
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
  throw new Error(`S3 never held ${count} parts of ${id}`)
}

/** Every object in the bucket that belongs to the upload (its multipart object, `.info`, `.part`). */
const uploadObjects = async (id: string) => (await s3.keys()).filter((key) => key.startsWith(id))

beforeAll(async () => {
  s3 = await startS3Server()
  client = s3.store().client
  server = await createTestServer({ env: { ...s3.env, UPLOAD_MAX_BYTES: String(16 * MiB) }, deps: { blobs: s3.store() }, now: NOW })
  clerk = (await server.factories.agent(['DCV'])).user
  clientId = (await server.factories.client({ companyName: 'Harbour Lights, LLC' })).client.id
  taxNotice = (await server.db.select().from(documentTypes).where(eq(documentTypes.name, 'Tax Notice')))[0].id
})
afterAll(async () => {
  await server?.close()
  await s3?.close()
})

describe('the local S3 server', () => {
  it('lists a multipart upload’s parts as S3 does (in order, paged), and aborts it', async () => {
    const Key = 'multipart-check'
    const { UploadId } = await client.send(new CreateMultipartUploadCommand({ Bucket: s3.bucket, Key }))
    const bodies = [Buffer.alloc(300, 1), Buffer.alloc(200, 2), Buffer.alloc(100, 3)]
    const etags: string[] = []
    // Sent out of order: S3 lists them by number.
    for (const n of [2, 1, 3])
      etags[n] = (await client.send(new UploadPartCommand({ Bucket: s3.bucket, Key, UploadId, PartNumber: n, Body: bodies[n - 1] }))).ETag!

    const all = await client.send(new ListPartsCommand({ Bucket: s3.bucket, Key, UploadId }))
    expect(all).toMatchObject({ Bucket: s3.bucket, Key, UploadId, IsTruncated: false, MaxParts: 1000 })
    expect(all.Parts?.map((p) => [p.PartNumber, p.Size, p.ETag])).toEqual([
      [1, 300, etags[1]],
      [2, 200, etags[2]],
      [3, 100, etags[3]],
    ])
    expect(all.Parts?.[0].LastModified).toBeInstanceOf(Date)
    const first = await client.send(new ListPartsCommand({ Bucket: s3.bucket, Key, UploadId, MaxParts: 2 }))
    expect(first).toMatchObject({ IsTruncated: true, NextPartNumberMarker: '2' })
    expect(first.Parts?.map((p) => p.PartNumber)).toEqual([1, 2])
    const rest = await client.send(new ListPartsCommand({ Bucket: s3.bucket, Key, UploadId, MaxParts: 2, PartNumberMarker: first.NextPartNumberMarker }))
    expect(rest).toMatchObject({ IsTruncated: false, PartNumberMarker: '2' })
    expect(rest.Parts?.map((p) => p.PartNumber)).toEqual([3])

    // Another key's upload id, and an aborted or completed upload, are no upload.
    await expect(client.send(new ListPartsCommand({ Bucket: s3.bucket, Key: 'other', UploadId }))).rejects.toMatchObject({ name: 'NoSuchUpload' })
    await client.send(new AbortMultipartUploadCommand({ Bucket: s3.bucket, Key, UploadId }))
    await expect(client.send(new ListPartsCommand({ Bucket: s3.bucket, Key, UploadId }))).rejects.toMatchObject({
      name: 'NoSuchUpload',
      $metadata: { httpStatusCode: 404 },
    })
    await expect(client.send(new AbortMultipartUploadCommand({ Bucket: s3.bucket, Key, UploadId }))).rejects.toMatchObject({ name: 'NoSuchUpload' })

    const done = await client.send(new CreateMultipartUploadCommand({ Bucket: s3.bucket, Key }))
    const ETag = (await client.send(new UploadPartCommand({ Bucket: s3.bucket, Key, UploadId: done.UploadId, PartNumber: 1, Body: bodies[0] }))).ETag
    await client.send(
      new CompleteMultipartUploadCommand({ Bucket: s3.bucket, Key, UploadId: done.UploadId, MultipartUpload: { Parts: [{ PartNumber: 1, ETag }] } }),
    )
    await expect(client.send(new ListPartsCommand({ Bucket: s3.bucket, Key, UploadId: done.UploadId }))).rejects.toMatchObject({ name: 'NoSuchUpload' })
    await s3.store().delete(Key)
  })
})

describe('a resumable upload on the S3 store', () => {
  it('cut in the middle, resumes from HEAD’s offset, becomes a readable document, and leaves no upload object behind', async () => {
    const content = scan(PART + Math.floor(1.5 * MiB), 5)
    const created = await create(content.byteLength)
    expect(created.status).toBe(201)
    const location = created.headers.get('location')!
    const id = idOf(location)
    expect(await uploadObjects(id)).toEqual([`${id}.info`])

    // A part and a half, then the connection drops once the first part is in the bucket: the half
    // part being received is lost with the connection.
    await patch(
      location,
      0,
      cutAfter(content.slice(0, PART + MiB / 2), () => partsStored(id, 1)),
    )
    const resumed = await head(location)
    expect(resumed.status).toBe(200)
    expect(resumed.headers.get('upload-length')).toBe(String(content.byteLength))
    expect(resumed.headers.get('upload-offset')).toBe(String(PART))
    expect((await partsOf(id)).map((p) => [p.PartNumber, p.Size])).toEqual([[1, PART]])

    // The rest, from where the server got to.
    const last = await patch(location, PART, content.slice(PART))
    expect(last.status).toBe(204)
    expect(last.headers.get('upload-offset')).toBe(String(content.byteLength))
    const documentId = Number(last.headers.get('document-id'))
    expect(documentId).toBeGreaterThan(0)

    const [row] = await server.db.select().from(documents).where(eq(documents.id, documentId))
    expect(row).toMatchObject({ clientId, fileName: 'scan s3.pdf', sha256: createHash('sha256').update(content).digest('hex') })
    const file = await server.request('GET', `/api/document/${documentId}`, { token: await server.tokenFor(clerk.id) })
    expect(file.status).toBe(200)
    const res = await server.app.request(`/api/document/${documentId}`, { headers: { authorization: `Bearer ${await server.tokenFor(clerk.id)}` } })
    expect(Buffer.from(await res.arrayBuffer()).equals(Buffer.from(content))).toBe(true)

    // The document is in the bucket under documents/; of the upload, nothing: no assembled object, no
    // `.info`, no `.part`, and S3 holds no unfinished multipart upload (its parts) for it.
    expect(await uploadObjects(id)).toEqual([])
    expect((await s3.keys()).some((key) => key.startsWith('documents/'))).toBe(true)
    const done = await head(location)
    expect(done.status).toBe(200)
    expect(done.headers.get('document-id')).toBe(String(documentId))
  })

  it('given up (DELETE) with its last bytes waiting as a `.part`, leaves nothing in the bucket', async () => {
    const content = scan(64 * 1024, 7)
    const location = (await create(content.byteLength)).headers.get('location')!
    const id = idOf(location)
    // Less than a part, and not the end: S3 keeps it aside as `<id>.part`.
    expect((await patch(location, 0, content.slice(0, 40_000))).status).toBe(204)
    expect((await head(location)).headers.get('upload-offset')).toBe('40000')
    expect((await uploadObjects(id)).sort()).toEqual([`${id}.info`, `${id}.part`])
    const multipart = await multipartOf(id)

    const gone = await server.app.request(location, {
      method: 'DELETE',
      headers: { 'tus-resumable': '1.0.0', authorization: `Bearer ${await server.tokenFor(clerk.id)}` },
    })
    expect(gone.status).toBe(204)
    expect(await uploadObjects(id)).toEqual([])
    await expect(client.send(new ListPartsCommand({ Bucket: s3.bucket, Key: id, UploadId: multipart }))).rejects.toMatchObject({ name: 'NoSuchUpload' })
  })

  it('answers 503 with a readable detail while the store is out, and goes on from the offset once it is back', async () => {
    const content = scan(48 * 1024, 11)
    const location = (await create(content.byteLength)).headers.get('location')!
    await s3.stop()
    try {
      const refused = await patch(location, 0, content)
      expect(refused.status).toBe(503)
      expect(refused.json).toMatchObject({ detail: 'Upload storage is unavailable' })
      expect(refused.json?.details).toMatch(/send it again shortly/)
      expect((await head(location)).status).toBe(503)
      const notCreated = await create(content.byteLength)
      expect(notCreated.status).toBe(503)
      expect(notCreated.json.detail).toBe('Upload storage is unavailable')
    } finally {
      await s3.start()
    }
    const back = await head(location)
    expect(back.status).toBe(200)
    expect(back.headers.get('upload-offset')).toBe('0')
    const last = await patch(location, 0, content)
    expect(last.status).toBe(204)
    expect(Number(last.headers.get('document-id'))).toBeGreaterThan(0)
  })

  it('answers the caller’s mistakes with 4xx and a readable detail', async () => {
    const content = scan(32 * 1024, 13)
    const location = (await create(content.byteLength)).headers.get('location')!
    const wrongOffset = await patch(location, 100, content.slice(100))
    expect(wrongOffset.status).toBe(409)
    expect(wrongOffset.json?.detail).toBeTruthy()
    const tooMuch = await patch(location, 0, scan(content.byteLength + 10, 13))
    expect(tooMuch.status).toBe(413)
    expect(tooMuch.json?.detail).toBeTruthy()
    expect((await head(location)).headers.get('upload-offset')).toBe('0')
    const unknown = await head('/api/uploads/upload-00000000-0000-7000-8000-000000000000')
    expect(unknown.status).toBe(404)
  })
})
