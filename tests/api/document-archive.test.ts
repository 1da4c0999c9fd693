import { Readable } from 'node:stream'
import { eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DOCUMENT_ARCHIVE_MAX } from '../../contract/documents'
import { documents, documentTexts, documentTypes } from '../../server/db/schema'
import { documentArchive } from '../../server/documents/archive'
import { findDocuments } from '../../server/documents/queries'
import type { BlobStore } from '../../server/storage/blob-store'
import { unzip } from './zip'
import { createTestServer, type TestServer } from './harness'
import { textPdf } from './scan-fixtures'

/**
 * POST /api/documents/archive beyond the ticked rows: every document matching a list's search and
 * filters (the words inside them too), within the same access rules and a maximum; and a document
 * whose file is missing from the store, found before the archive starts or on the way.
 * (The words are stored as the text reader would store them: reading itself is document-text.test.ts.)
 */

let server: TestServer
let clerk: { id: number }
let noDocuments: { id: number }
let clientA: { id: number }
let userA: { id: number }
let clientB: { id: number }
let userB: { id: number }
let taxNotice: number
const ids = { a1: 0, a2: 0, a3: 0, b1: 0 }

const token = (user: { id: number }) => server.tokenFor(user.id)

async function upload(clientId: number, name: string, words: string, dateReceived = '2026-11-20') {
  const form = new FormData()
  form.append('documentTypeId', String(taxNotice))
  form.append('jurisdiction', '1')
  form.append('dateReceived', dateReceived)
  form.append('file', new Blob([textPdf([name])]), name)
  const res = await server.request('POST', `/api/document/client/${clientId}`, { token: await token(clerk), body: form })
  expect(res.status).toBe(201)
  const id = res.json.documents[0].id as number
  await server.db.update(documentTexts).set({ state: 'done', body: words, nextAt: null }).where(eq(documentTexts.documentId, id))
  return id
}

const archive = async (as: { id: number }, body: unknown) => {
  const res = await server.app.request('/api/documents/archive', {
    method: 'POST',
    headers: { authorization: `Bearer ${await token(as)}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  const bytes = Buffer.from(await res.arrayBuffer())
  const json = res.headers.get('content-type')?.includes('json') ? JSON.parse(bytes.toString()) : undefined
  return { status: res.status, body: bytes, json }
}

/** The document ids a ZIP's manifest lists as included, in order. */
const includedIds = (zip: Buffer) =>
  [
    ...unzip(zip)
      .get('MANIFEST.txt')!
      .toString()
      .matchAll(/^[^\r\n]+\.pdf: #(\d+) /gm),
  ].map((m) => Number(m[1]))

beforeAll(async () => {
  server = await createTestServer({ now: new Date('2026-11-21T15:00:00Z') })
  clerk = (await server.factories.agent(['DCV'])).user
  noDocuments = (await server.factories.agent(['UCV'])).user
  const a = await server.factories.client({ companyName: 'Sunshine Holdings, LLC' })
  clientA = a.client
  userA = a.user
  const b = await server.factories.client({ companyName: 'Gulf Coast Ventures Inc' })
  clientB = b.client
  userB = b.user
  taxNotice = (await server.db.select().from(documentTypes).where(eq(documentTypes.name, 'Tax Notice')))[0].id
  ids.a1 = await upload(clientA.id, 'one.pdf', 'Your plumbagoline permit was renewed.', '2026-11-18')
  ids.a2 = await upload(clientA.id, 'two.pdf', 'A second notice about plumbagoline.', '2026-11-19')
  ids.a3 = await upload(clientA.id, 'three.pdf', 'Nothing of the kind here.', '2026-11-20')
  ids.b1 = await upload(clientB.id, 'four.pdf', 'Gulf Coast plumbagoline papers.', '2026-11-20')
})
afterAll(async () => {
  await server?.close()
})

describe('POST /api/documents/archive with a filter ("all matching")', () => {
  it("holds exactly a client's documents matching the search, words inside them included, in the list's order", async () => {
    const res = await archive(userA, { filter: { q: 'plumbagoline' } })
    expect(res.status).toBe(200)
    // Ranked as the list ranks them, then newest first.
    expect(includedIds(res.body)).toEqual([ids.a2, ids.a1])
    expect([...unzip(res.body).keys()]).toHaveLength(3)
    // The list's filters apply as they do on the list; its sort too.
    expect(includedIds((await archive(userA, { filter: { q: 'plumbagoline', receivedTo: '2026-11-18' } })).body)).toEqual([ids.a1])
    expect(includedIds((await archive(userA, { filter: { sort: 'dateReceived', order: 'asc' } })).body)).toEqual([ids.a1, ids.a2, ids.a3])
  })

  it('staff archive every client matching, or one client; a client never reaches another client', async () => {
    expect(new Set(includedIds((await archive(clerk, { filter: { q: 'plumbagoline' } })).body))).toEqual(new Set([ids.a1, ids.a2, ids.b1]))
    expect(includedIds((await archive(clerk, { filter: { q: 'plumbagoline', clientId: clientB.id } })).body)).toEqual([ids.b1])
    expect(includedIds((await archive(userB, { filter: { q: 'plumbagoline' } })).body)).toEqual([ids.b1])
    expect((await archive(userB, { filter: { q: 'plumbagoline', clientId: clientA.id } })).status).toBe(404)
    expect((await archive(noDocuments, { filter: { q: 'plumbagoline' } })).status).toBe(403)
  })

  it('answers 404 when nothing matches, and 422 for a body that is neither or both', async () => {
    const none = await archive(userA, { filter: { q: 'xylophonic' } })
    expect(none.status).toBe(404)
    expect(none.json.detail).toBeTruthy()
    for (const body of [{}, { documentIds: [ids.a1], filter: { q: 'plumbagoline' } }, { filter: { isRead: 'yes' } }, { filter: { jurisdiction: 7 } }]) {
      const res = await archive(userA, body)
      expect(res.status).toBe(422)
      expect(res.json.details).toBeTruthy()
    }
  })

  it(`refuses more than ${DOCUMENT_ARCHIVE_MAX} matching with the count, rather than a ZIP cut short`, async () => {
    const [model] = await server.db.select().from(documents).where(eq(documents.id, ids.b1))
    const { id: _, ...copy } = model
    await server.db.insert(documents).values(Array.from({ length: DOCUMENT_ARCHIVE_MAX + 1 }, () => ({ ...copy, dateReceived: '2026-10-01' })))
    const res = await archive(userB, { filter: { receivedTo: '2026-10-31' } })
    expect(res.status).toBe(422)
    expect(res.json.details).toBe(
      `${DOCUMENT_ARCHIVE_MAX + 1} documents match; at most ${DOCUMENT_ARCHIVE_MAX} can be downloaded as one ZIP. Narrow the search or the filters.`,
    )
    expect(res.json.details).not.toMatch(/^About/)
    // One more than the limit is the only difference.
    const [extra] = await server.db.select({ id: documents.id }).from(documents).where(eq(documents.dateReceived, '2026-10-01')).limit(1)
    await server.db.delete(documents).where(eq(documents.id, extra.id))
    const full = await archive(userB, { filter: { receivedTo: '2026-10-31' } })
    expect(full.status).toBe(200)
    expect(unzip(full.body).size).toBe(DOCUMENT_ARCHIVE_MAX + 1)
    await server.db.delete(documents).where(eq(documents.dateReceived, '2026-10-01'))
  })
})

describe('a ZIP whose stored file is missing', () => {
  it('is refused before it starts (409), naming the document', async () => {
    const gone = await upload(clientA.id, 'gone.pdf', 'plumbagoline again', '2026-11-17')
    const [row] = await server.db.select().from(documents).where(eq(documents.id, gone))
    await server.deps.blobs.delete(row.storageKey!)
    for (const body of [{ documentIds: [ids.a1, gone] }, { filter: { q: 'plumbagoline' } }]) {
      const res = await archive(userA, body)
      expect(res.status).toBe(409)
      expect(res.json.details).toContain(`#${gone} (Sunshine Holdings, LLC, Tax Notice, received 17-Nov-2026)`)
    }
    await server.db.delete(documents).where(eq(documents.id, gone))
  })

  it('ends cleanly without a file that disappears on the way, its MANIFEST naming it', async () => {
    const rows = await findDocuments(server.db, [ids.a1, ids.a2, ids.a3])
    const ordered = [ids.a1, ids.a2, ids.a3].map((id) => rows.find((row) => row.id === id)!)
    const vanished = ordered[1].storageKey
    const store = server.deps.blobs
    // The store as it is, except that one file went between the check and the archive reaching it.
    const blobs = new Proxy(store, {
      get: (target, prop) => (prop === 'get' ? (key: string) => (key === vanished ? Promise.resolve(null) : target.get(key)) : Reflect.get(target, prop)),
    }) as BlobStore
    const chunks: Buffer[] = []
    for await (const chunk of documentArchive(ordered, blobs, server.deps.logger, server.clock.now()) as Readable) chunks.push(chunk as Buffer)
    const zip = Buffer.concat(chunks)
    const entries = unzip(zip)
    expect(entries.size).toBe(3)
    const manifest = entries.get('MANIFEST.txt')!.toString()
    expect(manifest).toContain('2 of 3 documents included.')
    expect(manifest).toContain(`Left out (its file could not be found in the document store): #${ids.a2} `)
    expect(includedIds(zip)).toEqual([ids.a1, ids.a3])
    const [first] = await server.db
      .select()
      .from(documents)
      .where(inArray(documents.id, [ids.a1]))
    expect([...entries.values()][0].length).toBe(first.sizeBytes)
  })
})
