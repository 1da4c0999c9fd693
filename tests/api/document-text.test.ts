import { eq } from 'drizzle-orm'
import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DocumentPageSchema } from '../../contract/documents'
import { documents, documentTexts, documentTypes } from '../../server/db/schema'
import { startTextReader, type TextReader } from '../../server/documents/text/queue'
import { unzip } from './zip'
import { createTestServer, type TestServer } from './harness'
import { imagePdf, pngLetter, textPdf } from './scan-fixtures'

/**
 * The words inside documents: read by the text reader (PDF text layer, OCR of images and of image-only
 * PDF pages), found by the lists' `q` with a snippet, never across clients; and many documents as one ZIP.
 */

let server: TestServer
let reader: TextReader
let clerk: { id: number }
let noDocuments: { id: number }
let clientA: { id: number; companyName: string }
let userA: { id: number }
let clientB: { id: number }
let userB: { id: number }
let taxNotice: number
const uploaded: Record<'png' | 'textPdf' | 'imagePdf', number> = { png: 0, textPdf: 0, imagePdf: 0 }

const token = (user: { id: number }) => server.tokenFor(user.id)

async function upload(clientId: number, content: Uint8Array<ArrayBuffer>, name: string, dateReceived = '2026-11-20') {
  const form = new FormData()
  form.append('documentTypeId', String(taxNotice))
  form.append('jurisdiction', '1')
  form.append('dateReceived', dateReceived)
  form.append('file', new Blob([content]), name)
  const res = await server.request('POST', `/api/document/client/${clientId}`, { token: await token(clerk), body: form })
  expect(res.status).toBe(201)
  return res.json.documents[0].id as number
}

/** Waits (on the condition, up to a bound) until every document has been read. */
async function untilRead(ids: number[], timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const rows = await server.db.select({ id: documentTexts.documentId, state: documentTexts.state, error: documentTexts.error }).from(documentTexts)
    const wanted = rows.filter((row) => ids.includes(row.id))
    if (wanted.length === ids.length && wanted.every((row) => row.state === 'done' || row.state === 'failed')) return wanted
    if (Date.now() > deadline) throw new Error(`not read in time: ${JSON.stringify(wanted)}`)
    await reader.drain()
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

const search = async (path: string, as: { id: number }, q: string) => {
  const res = await server.request('GET', `${path}?q=${encodeURIComponent(q)}`, { token: await token(as) })
  expect(res.status).toBe(200)
  expect(v.is(DocumentPageSchema, res.json)).toBe(true)
  return res.json.data as { id: number; snippet?: string; textState?: string }[]
}

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
  reader = startTextReader(server.deps, { pollMs: 60_000 })

  uploaded.png = await upload(clientA.id, await pngLetter(['Dear client, your zorblaxite permit', 'was renewed for another year.']), 'letter.png')
  uploaded.textPdf = await upload(clientA.id, textPdf(['Notice of quimbletoff assessment', 'El corazón de la carta: número uno.']), 'notice.pdf')
  uploaded.imagePdf = await upload(clientA.id, await imagePdf(['Final notice about the frondazzle account', 'Please reply within thirty days.']), 'scan.pdf')
  await untilRead(Object.values(uploaded))
}, 180_000)
afterAll(async () => {
  await reader?.stop()
  await server?.close()
})

describe('the words inside documents', () => {
  it('reads a PNG scan, a PDF text layer and an image-only PDF page', async () => {
    const rows = await server.db.select().from(documentTexts)
    const text = (id: number) => rows.find((row) => row.documentId === id)
    expect(text(uploaded.png)).toMatchObject({ state: 'done', error: null })
    expect(text(uploaded.png)!.body).toMatch(/zorblaxite/i)
    expect(text(uploaded.textPdf)!.body).toContain('El corazón de la carta')
    expect(text(uploaded.imagePdf)!.body).toMatch(/frondazzle/i)
  })

  it('finds each document by a word inside it, in lower case, with a snippet around it', async () => {
    const path = `/api/client/documents/${clientA.id}`
    for (const [word, id] of [
      ['zorblaxite', uploaded.png],
      ['quimbletoff', uploaded.textPdf],
      ['frondazzle', uploaded.imagePdf],
    ] as const) {
      const found = await search(path, userA, word)
      expect(found.map((row) => row.id)).toEqual([id])
      expect(found[0].snippet?.toLowerCase()).toContain(word)
    }
  })

  it('ignores case and accents, and finds a word by its stem', async () => {
    const path = `/api/client/documents/${clientA.id}`
    expect((await search(path, userA, 'CORAZON')).map((row) => row.id)).toEqual([uploaded.textPdf])
    expect((await search(path, userA, 'corazon'))[0].snippet).toContain('corazón')
    expect((await search(path, userA, 'assessments')).map((row) => row.id)).toEqual([uploaded.textPdf])
    // A search of what is in no document finds none, and a document found by its columns has no snippet.
    expect(await search(path, userA, 'xylophonic')).toEqual([])
    const byName = await search(path, userA, 'letter.png')
    expect(byName.map((row) => row.id)).toContain(uploaded.png)
  })

  it('ranks the word matches best first, then the matches by name newest first; a sort orders them all', async () => {
    const c = await server.factories.client({ companyName: 'Ranking Test Co' })
    const often = await upload(c.client.id, textPdf(['Quarrelwick quarrelwick notice.', 'The quarrelwick account, quarrelwick again.']), 'a.pdf', '2026-11-01')
    const once = await upload(c.client.id, textPdf(['A letter about the annual report', 'and one quarrelwick.']), 'b.pdf', '2026-11-10')
    const byName = await upload(c.client.id, textPdf(['Nothing of that word here.']), 'quarrelwick-copy.pdf', '2026-11-15')
    await untilRead([often, once, byName])
    const path = `/api/client/documents/${c.client.id}`
    const res = await server.request('GET', `${path}?q=quarrelwick`, { token: await token(c.user) })
    expect(res.json.data.map((row: { id: number }) => row.id)).toEqual([often, once, byName])
    expect(res.json).toMatchObject({ total: 3, totalIsEstimate: false })
    expect(res.json.data[2].snippet).toBeUndefined()
    const sorted = await server.request('GET', `${path}?q=quarrelwick&sort=dateReceived&order=desc`, { token: await token(c.user) })
    expect(sorted.json.data.map((row: { id: number }) => row.id)).toEqual([byName, once, often])
    // Past the end: no rows, the same total.
    const past = await server.request('GET', `${path}?q=quarrelwick&page=2`, { token: await token(c.user) })
    expect(past.json).toMatchObject({ data: [], total: 3 })
    // Staff's search across every client takes a rare word's matches from the full-text index first: the same order.
    const staff = await server.request('GET', '/api/documents?q=quarrelwick', { token: await token(clerk) })
    expect(staff.json.data.map((row: { id: number }) => row.id)).toEqual([often, once, byName])
    expect(staff.json.data[0].snippet).toMatch(/quarrelwick/i)
  })

  it("never finds another client's words", async () => {
    expect(await search(`/api/client/documents/${clientB.id}`, userB, 'zorblaxite')).toEqual([])
    const other = await server.request('GET', `/api/client/documents/${clientA.id}?q=zorblaxite`, { token: await token(userB) })
    expect(other.status).toBe(404)
  })

  it("staff find them across clients on /documents, with each document's reading state", async () => {
    const found = await search('/api/documents', clerk, 'frondazzle')
    expect(found.map((row) => row.id)).toEqual([uploaded.imagePdf])
    expect(found[0].textState).toBe('done')
    // Clients are not shown the reading state.
    const own = await search(`/api/client/documents/${clientA.id}`, userA, 'frondazzle')
    expect(own[0].textState).toBeUndefined()
  })

  it('answers the words of a document to who may see it (kept on the device for offline search)', async () => {
    const own = await server.request('GET', `/api/document/${uploaded.png}/text`, { token: await token(userA) })
    expect(own.status).toBe(200)
    expect(own.json.documentId).toBe(uploaded.png)
    expect(own.json.text).toMatch(/zorblaxite/i)
    expect((await server.request('GET', `/api/document/${uploaded.png}/text`, { token: await token(userB) })).status).toBe(404)
    expect((await server.request('GET', `/api/document/${uploaded.png}/text`, { token: await token(clerk) })).status).toBe(200)
  })

  it('staff may have a document read again; a failed reading says why', async () => {
    const broken = await upload(clientB.id, new Uint8Array(Buffer.from('%PDF-1.4\nnot really a pdf')), 'broken.pdf')
    // Three attempts, the later ones after a wait: the test's clock is moved on for them.
    for (let attempt = 0; attempt < 3; attempt++) {
      await server.db.update(documentTexts).set({ nextAt: server.clock.now() }).where(eq(documentTexts.documentId, broken))
      await reader.drain()
    }
    const [failed] = await server.db.select().from(documentTexts).where(eq(documentTexts.documentId, broken))
    expect(failed).toMatchObject({ state: 'failed', attempts: 3 })
    expect(failed.error).toBeTruthy()
    expect((await server.request('POST', `/api/document/${broken}/text/retry`, { token: await token(userB) })).status).toBe(403)
    expect((await server.request('POST', `/api/document/${broken}/text/retry`, { token: await token(noDocuments) })).status).toBe(403)
    const retry = await server.request('POST', `/api/document/${broken}/text/retry`, { token: await token(clerk) })
    expect(retry.status).toBe(202)
    expect(retry.json).toEqual({ textState: 'queued' })
    const [queued] = await server.db.select().from(documentTexts).where(eq(documentTexts.documentId, broken))
    expect(queued).toMatchObject({ state: 'queued', attempts: 0, error: null })
  })

  it('takes again a document left reading by a server that stopped', async () => {
    await server.db
      .update(documentTexts)
      .set({ state: 'reading', body: null, nextAt: new Date(server.clock.now().getTime() - 1000) })
      .where(eq(documentTexts.documentId, uploaded.textPdf))
    await reader.drain()
    const [row] = await server.db.select().from(documentTexts).where(eq(documentTexts.documentId, uploaded.textPdf))
    expect(row.state).toBe('done')
    expect(row.body).toContain('quimbletoff')
  })
})

describe('POST /api/documents/archive', () => {
  const archive = async (as: { id: number }, documentIds: unknown) => {
    const res = await server.app.request('/api/documents/archive', {
      method: 'POST',
      headers: { authorization: `Bearer ${await token(as)}`, 'content-type': 'application/json' },
      body: JSON.stringify({ documentIds }),
    })
    return { status: res.status, headers: res.headers, body: Buffer.from(await res.arrayBuffer()) }
  }

  it('answers one ZIP holding exactly the chosen documents, named as they download, with a manifest', async () => {
    const res = await archive(userA, [uploaded.png, uploaded.imagePdf])
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('application/zip')
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="Sunshine-Holdings-LLC_2026-11-21\.zip"/)
    const entries = unzip(res.body)
    expect([...entries.keys()]).toEqual(['Sunshine-Holdings-LLC_Tax-Notice_2026-11-20.png', 'Sunshine-Holdings-LLC_Tax-Notice_2026-11-20.pdf', 'MANIFEST.txt'])
    const [png] = await server.db.select().from(documents).where(eq(documents.id, uploaded.png))
    expect(entries.get('Sunshine-Holdings-LLC_Tax-Notice_2026-11-20.png')!.length).toBe(png.sizeBytes)
    expect(entries.get('MANIFEST.txt')!.toString()).toContain('2 of 2 documents included.')
  })

  it('leaves shredded documents out and lists them in MANIFEST.txt; same names are told apart', async () => {
    await server.db.update(documents).set({ status: 'shredded', storageKey: null, shreddedAt: server.clock.now() }).where(eq(documents.id, uploaded.textPdf))
    const another = await upload(clientA.id, textPdf(['Another notice']), 'another.pdf')
    const res = await archive(userA, [uploaded.textPdf, uploaded.imagePdf, another, uploaded.imagePdf])
    expect(res.status).toBe(200)
    const entries = unzip(res.body)
    expect([...entries.keys()]).toEqual([
      'Sunshine-Holdings-LLC_Tax-Notice_2026-11-20.pdf',
      'Sunshine-Holdings-LLC_Tax-Notice_2026-11-20 (2).pdf',
      'MANIFEST.txt',
    ])
    const manifest = entries.get('MANIFEST.txt')!.toString()
    expect(manifest).toContain('2 of 3 documents included.')
    expect(manifest).toMatch(new RegExp(`Left out \\(shredded on 21-Nov-2026\\): #${uploaded.textPdf} `))
  })

  it("refuses the whole when any document is not the caller's, and bad input with a reason", async () => {
    const mine = await upload(clientB.id, await pngLetter(['B only']), 'b.png')
    expect((await archive(userB, [mine, uploaded.png])).status).toBe(404)
    expect((await archive(userB, [mine, 999_999])).status).toBe(404)
    expect((await archive(noDocuments, [mine])).status).toBe(403)
    const empty = await archive(userB, [])
    expect(empty.status).toBe(422)
    expect(JSON.parse(empty.body.toString()).detail).toBeTruthy()
    expect((await archive(userB, ['x'])).status).toBe(422)
    // Staff with DCV archive across clients.
    const across = await archive(clerk, [mine, uploaded.png])
    expect(across.status).toBe(200)
    expect(across.headers.get('content-disposition')).toMatch(/filename="Documents_2026-11-21\.zip"/)
    expect([...unzip(across.body).keys()]).toEqual([
      'Gulf-Coast-Ventures-Inc_Tax-Notice_2026-11-20.png',
      'Sunshine-Holdings-LLC_Tax-Notice_2026-11-20.png',
      'MANIFEST.txt',
    ])
  })
})
