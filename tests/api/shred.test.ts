import { mkdirSync, readdirSync, utimesSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { and, eq, inArray, sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { auditEvents, documentRequestEvents, documentRequests, documents, documentTypes, notifications } from '../../server/db/schema'
import { documentStorageKey } from '../../server/documents/naming'
import { shredExpiredDocuments, sweepOrphanBlobs, sweepTemporaryBlobs } from '../../server/documents/shred'
import { jobs } from '../../server/jobs'
import { runDueJobs } from '../../server/jobs/scheduler'
import { shredJob } from '../../server/jobs/shred'
import { createTestServer, type TestServer } from './harness'

const NOW = new Date('2026-11-21T15:00:00Z')
const DAY = 86_400_000
const HOUR = 3_600_000
let server: TestServer
let clerk: { id: number }
let client: { id: number }
let clientUser: { id: number }
let typeId: number

const token = (user: { id: number }) => server.tokenFor(user.id)

async function uploadAt(at: Date): Promise<{ id: number; storageKey: string }> {
  server.clock.set(at)
  const form = new FormData()
  form.append('documentTypeId', String(typeId))
  form.append('jurisdiction', '3')
  form.append('dateReceived', at.toISOString().slice(0, 10))
  form.append('file', new Blob([new TextEncoder().encode('%PDF-1.7\nshred test')]), 'mail.pdf')
  const res = await server.request('POST', `/api/document/client/${client.id}`, { token: await token(clerk), body: form })
  server.clock.set(NOW)
  expect(res.status).toBe(201)
  const [row] = await server.db.select().from(documents).where(eq(documents.id, res.json.documents[0].id))
  return { id: row.id, storageKey: row.storageKey! }
}
const daysAgo = (days: number) => new Date(NOW.getTime() - days * DAY)
const load = async (id: number) => (await server.db.select().from(documents).where(eq(documents.id, id)))[0]

beforeAll(async () => {
  server = await createTestServer({ now: NOW })
  clerk = (await server.factories.agent(['DCV'])).user
  const created = await server.factories.client({ address: '1 Main St', city: 'Miami', stateProvince: 'FL', zipcode: '33101' })
  client = created.client
  clientUser = created.user
  typeId = (await server.db.select().from(documentTypes).where(eq(documentTypes.name, 'General Mail')))[0].id
})
afterAll(() => server.close())
beforeEach(() => server.clock.set(NOW))

describe('shred job', () => {
  it('is the daily job shred-documents of the scheduler', () => {
    expect(shredJob.name).toBe('shred-documents')
    expect(shredJob.everyMs).toBe(DAY)
    expect(jobs).toContain(shredJob)
  })

  it('shreds documents past 60 days: file deleted, record kept as shredded; younger ones stay', async () => {
    const old = await uploadAt(new Date(daysAgo(60).getTime() - 1000))
    const young = await uploadAt(new Date(daysAgo(60).getTime() + 60_000))
    const result = await shredExpiredDocuments(server.deps, NOW)
    expect(result.shredded).toBe(1)

    const shredded = await load(old.id)
    expect(shredded).toMatchObject({ status: 'shredded', storageKey: null, shreddedAt: NOW, fileName: 'mail.pdf' })
    expect(await server.deps.blobs.exists(old.storageKey)).toBe(false)
    expect(await load(young.id)).toMatchObject({ status: 'active', storageKey: young.storageKey })
    expect(await server.deps.blobs.exists(young.storageKey)).toBe(true)
    // The upload notification survives; the file answers 410 and the list shows 0 days left.
    expect(await server.db.select().from(notifications).where(eq(notifications.documentId, old.id))).toHaveLength(1)
    const file = await server.request('GET', `/api/document/${old.id}`, { token: await token(clientUser) })
    expect(file.status).toBe(410)
    expect(file.json.detail).toBe('This document was shredded on 21-Nov-2026')
    const list = await server.request('GET', `/api/client/documents/${client.id}?status=shredded`, { token: await token(clientUser) })
    expect(list.json.data.find((d: { id: number }) => d.id === old.id)).toMatchObject({ status: 'shredded', daysLeft: 0, canRequest: false })

    expect((await shredExpiredDocuments(server.deps, NOW)).shredded).toBe(0)
  })

  it('waits while a mail request is open, and keeps the request and its history afterwards', async () => {
    const doc = await uploadAt(daysAgo(65))
    server.clock.set(daysAgo(62))
    const requested = await server.request('POST', '/api/client/document-request', { token: await token(clientUser), body: { documentIds: [doc.id] } })
    expect(requested.status).toBe(201)
    const requestId = requested.json.documentRequests[0].id
    server.clock.set(daysAgo(61))
    expect((await server.request('PATCH', `/api/document-request/${requestId}/status`, { token: await token(clerk), body: { status: 2 } })).status).toBe(200)
    server.clock.set(NOW)

    expect((await shredExpiredDocuments(server.deps, NOW)).shredded).toBe(0)
    expect((await load(doc.id)).status).toBe('active')

    const mailed = await server.request('PATCH', `/api/document-request/${requestId}/status`, {
      token: await token(clerk),
      body: { status: 3, carrier: 'USPS', trackingNumber: '9400' },
    })
    expect(mailed.status).toBe(200)
    expect((await shredExpiredDocuments(server.deps, NOW)).shredded).toBe(1)
    expect((await load(doc.id)).status).toBe('shredded')
    expect(await server.db.select().from(documentRequests).where(eq(documentRequests.id, requestId))).toHaveLength(1)
    expect(await server.db.select().from(documentRequestEvents).where(eq(documentRequestEvents.documentRequestId, requestId))).toHaveLength(3)
    expect((await server.db.select().from(notifications).where(eq(notifications.documentRequestId, requestId))).length).toBeGreaterThanOrEqual(3)
  })

  it('shreds each document exactly once when two servers run it at the same time', async () => {
    const docs = []
    for (let i = 0; i < 12; i++) docs.push(await uploadAt(daysAgo(61 + i)))
    const [first, second] = await Promise.all([shredExpiredDocuments(server.deps, NOW, 5), shredExpiredDocuments(server.deps, NOW, 5)])
    expect(first.shredded + second.shredded).toBe(12)
    const rows = await server.db
      .select()
      .from(documents)
      .where(
        inArray(
          documents.id,
          docs.map((d) => d.id),
        ),
      )
    expect(rows.every((r) => r.status === 'shredded' && r.storageKey === null)).toBe(true)
    for (const doc of docs) expect(await server.deps.blobs.exists(doc.storageKey)).toBe(false)
    const audits = await server.db
      .select({ n: sql<number>`count(*)::int` })
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.action, 'document.shred'),
          inArray(
            auditEvents.entityId,
            docs.map((d) => String(d.id)),
          ),
        ),
      )
    expect(audits[0].n).toBe(12)
  })

  it('runs through the scheduler once per day', async () => {
    const doc = await uploadAt(daysAgo(70))
    const ran = await runDueJobs(server.deps, [shredJob], NOW)
    expect(ran).toEqual(['shred-documents'])
    expect((await load(doc.id)).status).toBe('shredded')
    expect(await runDueJobs(server.deps, [shredJob], new Date(NOW.getTime() + HOUR))).toEqual([])
  })
})

describe('orphan sweep', () => {
  it('deletes files older than an hour that no record points to, and nothing else', async () => {
    // A server that stopped between writing the file and inserting its record left this one.
    const orphan = documentStorageKey(client.id, 'pdf', new Date(NOW.getTime() - 2 * HOUR))
    await server.deps.blobs.put(orphan, new TextEncoder().encode('%PDF-1.7 orphan'))
    // An upload in flight right now: its record is not written yet.
    const inFlight = documentStorageKey(client.id, 'pdf', new Date(NOW.getTime() - 10 * 60_000))
    await server.deps.blobs.put(inFlight, new TextEncoder().encode('%PDF-1.7 in flight'))
    // A file of the demo seed's shape (not a UUIDv7 key): its age is unknown, so it is left alone.
    const foreign = `documents/${client.id}/5b1c7a9e-3f2d-4c8b-9a1e-2d3c4b5a6f70.pdf`
    await server.deps.blobs.put(foreign, new TextEncoder().encode('%PDF-1.7 foreign'))
    const kept = await uploadAt(new Date(NOW.getTime() - 3 * HOUR))

    const result = await sweepOrphanBlobs(server.deps, NOW)
    expect(result.orphansDeleted).toBe(1)
    expect(await server.deps.blobs.exists(orphan)).toBe(false)
    expect(await server.deps.blobs.exists(inFlight)).toBe(true)
    expect(await server.deps.blobs.exists(foreign)).toBe(true)
    expect(await server.deps.blobs.exists(kept.storageKey)).toBe(true)

    // The daily job sweeps too.
    server.clock.set(new Date(NOW.getTime() + 2 * HOUR))
    const daily = await shredJob.run(server.deps, new Date(NOW.getTime() + 2 * HOUR))
    expect(daily).toMatchObject({ orphansDeleted: 1 })
    expect(await server.deps.blobs.exists(inFlight)).toBe(false)
  })
})

describe('temporary file sweep', () => {
  /** A `.tmp-*` file as the blob store writes it, last written at `mtime`. */
  function tempFile(dir: string, mtime: Date) {
    const folder = path.join(server.blobDir, dir)
    mkdirSync(folder, { recursive: true })
    const file = path.join(folder, `.tmp-${crypto.randomUUID()}`)
    writeFileSync(file, 'half a file')
    utimesSync(file, mtime, mtime)
    return path.basename(file)
  }
  const filesIn = (dir: string) => readdirSync(path.join(server.blobDir, dir))

  it('removes temporary files not written to for an hour; a write in progress and finished files stay', async () => {
    const dir = `documents/${client.id}`
    const crashed = tempFile(dir, new Date(NOW.getTime() - 2 * HOUR))
    const crashedYesterday = tempFile('documents/999999', new Date(NOW.getTime() - DAY))
    const inProgress = tempFile(dir, new Date(NOW.getTime() - 10 * 60_000))
    const finished = await uploadAt(new Date(NOW.getTime() - 3 * HOUR))
    // The finished file is older than an hour too, but is a document: only temporary files go.
    const finishedPath = path.join(server.blobDir, finished.storageKey)
    utimesSync(finishedPath, new Date(NOW.getTime() - 3 * HOUR), new Date(NOW.getTime() - 3 * HOUR))

    expect(await sweepTemporaryBlobs(server.deps, NOW)).toEqual({ tempFilesDeleted: 2 })
    expect(filesIn(dir)).not.toContain(crashed)
    expect(filesIn('documents/999999')).not.toContain(crashedYesterday)
    expect(filesIn(dir)).toContain(inProgress)
    expect(await server.deps.blobs.exists(finished.storageKey)).toBe(true)
    // Temporary files are never listed as keys, so the orphan sweep never sees them.
    for await (const key of server.deps.blobs.list('')) expect(path.basename(key).startsWith('.tmp-')).toBe(false)

    // The daily shred job sweeps them too, once they are an hour old.
    const later = new Date(NOW.getTime() + HOUR)
    const daily = await shredJob.run(server.deps, later)
    expect(daily).toMatchObject({ tempFilesDeleted: 1 })
    expect(filesIn(dir)).not.toContain(inProgress)
    expect(await server.deps.blobs.exists(finished.storageKey)).toBe(true)
  })

  it('leaves nothing behind when a write fails, and a store without temporary files is skipped', async () => {
    const before = filesIn(`documents/${client.id}`).filter((f) => f.startsWith('.tmp-'))
    await expect(server.deps.blobs.put(`documents/${client.id}/too-big.pdf`, new Uint8Array(2048), { maxBytes: 1024 })).rejects.toThrow(/exceeds/)
    expect(filesIn(`documents/${client.id}`).filter((f) => f.startsWith('.tmp-'))).toEqual(before)
    const { sweepTemporary: _omitted, ...storeWithout } = server.deps.blobs
    expect(await sweepTemporaryBlobs({ ...server.deps, blobs: storeWithout }, NOW)).toEqual({ tempFilesDeleted: 0 })
  })
})
