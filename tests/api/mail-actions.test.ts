import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { and, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { countries, documents, documentTypes, mailActions, notifications } from '../../server/db/schema'
import { shredExpiredDocuments } from '../../server/documents/shred'
import { createTestServer, type TestServer } from './harness'

/**
 * A client's actions on a piece of mail (contract/mail-actions.ts): envelopes uploaded (multipart and
 * tus), refused for mail that is always opened and scanned; open and scan, shred, hold; asking twice
 * makes one row; another client neither reads nor acts on them; staff's queue and its completion.
 */

const NOW = new Date('2026-11-21T15:00:00Z')
const MINUTE = 60_000
const TUS = { 'tus-resumable': '1.0.0' }

let server: TestServer
let dataDir: string
let clerk: { id: number }
let noCodes: { id: number }
let client: { id: number; companyName: string }
let clientUser: { id: number }
let other: { id: number }
let otherUser: { id: number }
let generalMail: number
let serviceOfProcess: number

const token = (user: { id: number }) => server.tokenFor(user.id)
const pdfBytes = (text: string) => new TextEncoder().encode(`%PDF-1.7\n${text}`)

async function upload(fields: Record<string, string> = {}, forClient = client.id) {
  const form = new FormData()
  const all = { documentTypeId: String(generalMail), jurisdiction: '3', dateReceived: '2026-11-20', ...fields }
  for (const [key, value] of Object.entries(all)) form.append(key, value)
  form.append('file', new Blob([pdfBytes(`mail ${Math.random()}`)]), 'mail.pdf')
  return server.request('POST', `/api/document/client/${forClient}`, { token: await token(clerk), body: form })
}

async function envelope(forClient = client.id): Promise<number> {
  const res = await upload({ kind: 'envelope' }, forClient)
  expect(res.status).toBe(201)
  return res.json.documents[0].id
}

async function scan(forClient = client.id): Promise<number> {
  const res = await upload({}, forClient)
  expect(res.status).toBe(201)
  return res.json.documents[0].id
}

const ask = async (documentId: number, action: string, as = clientUser) =>
  server.request('POST', `/api/document/${documentId}/${action}`, { token: await token(as) })
const complete = async (id: number, body: object = {}, as = clerk) =>
  server.request('POST', `/api/mail-actions/${id}/complete`, { token: await token(as), body })
const queue = async (query = '?status=open', as = clerk) => server.request('GET', `/api/mail-actions${query}`, { token: await token(as) })
const row = async (id: number) => (await server.db.select().from(documents).where(eq(documents.id, id)))[0]
const actionsOf = async (documentId: number) => server.db.select().from(mailActions).where(eq(mailActions.documentId, documentId))
const listed = async (documentId: number, as = clientUser) => {
  const res = await server.request('GET', `/api/client/documents/${client.id}?id=${documentId}`, { token: await token(as) })
  expect(res.status).toBe(200)
  return res.json.data[0]
}

const encode = (metadata: Record<string, string>) =>
  Object.entries(metadata)
    .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
    .join(',')

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'portal-mail-actions-'))
  server = await createTestServer({ env: { DATA_DIR: dataDir }, now: NOW })
  clerk = (await server.factories.agent(['DCV'])).user
  noCodes = (await server.factories.agent([])).user
  const a = await server.factories.client({ companyName: 'Envelope First, LLC', mailHandling: 'envelope-first' })
  client = a.client
  clientUser = a.user
  const b = await server.factories.client({ companyName: 'Someone Else, Inc.' })
  other = b.client
  otherUser = b.user
  const types = await server.db.select().from(documentTypes)
  generalMail = types.find((t) => t.name === 'General Mail')!.id
  serviceOfProcess = types.find((t) => t.name === 'Service of Process')!.id
})
afterAll(async () => {
  await server.close()
  rmSync(dataDir, { recursive: true, force: true })
})
beforeEach(() => server.clock.set(NOW))

describe('envelope uploads', () => {
  it('multipart: kind envelope is stored, listed and answered as such; documents stay the default', async () => {
    const res = await upload({ kind: 'envelope' })
    expect(res.status).toBe(201)
    expect(res.json.documents[0]).toMatchObject({ kind: 'envelope', mailAction: null })
    const id = res.json.documents[0].id
    expect((await row(id)).kind).toBe('envelope')
    expect(await listed(id)).toMatchObject({ id, kind: 'envelope', mailAction: null })
    const notice = await server.db.select().from(notifications).where(eq(notifications.documentId, id))
    expect(notice[0].message).toContain('envelope')

    const plain = await upload()
    expect(plain.json.documents[0].kind).toBe('document')
    const all = await server.request('GET', `/api/documents?clientId=${client.id}`, { token: await token(clerk) })
    expect(all.json.data.find((d: { id: number }) => d.id === id).kind).toBe('envelope')
  })

  it('an unknown kind is a 422 naming the choices', async () => {
    const res = await upload({ kind: 'parcel' })
    expect(res.status).toBe(422)
    expect(JSON.stringify(res.json)).toContain('document, envelope')
  })

  it('service of process and state mail cannot be envelopes (422 with the reason); their scans can be uploaded', async () => {
    const sop = await upload({ kind: 'envelope', documentTypeId: String(serviceOfProcess), jurisdiction: '2' })
    expect(sop.status).toBe(422)
    expect(sop.json.details).toBe('Service of process is always opened and scanned: upload the scan of its contents, not the envelope')
    const state = await upload({ kind: 'envelope', jurisdiction: '2' })
    expect(state.status).toBe(422)
    expect(state.json.details).toContain('State mail is always opened and scanned')
    expect((await upload({ documentTypeId: String(serviceOfProcess), jurisdiction: '2' })).status).toBe(201)
  })

  it('tus: an upload with kind envelope in its metadata becomes an envelope; service of process refused at creation', async () => {
    const content = pdfBytes('tus envelope')
    const metadata = {
      filename: 'envelope.pdf',
      filetype: 'application/pdf',
      clientId: String(client.id),
      documentTypeId: String(generalMail),
      jurisdiction: '3',
      dateReceived: '2026-11-20',
      kind: 'envelope',
    }
    const created = await server.request('POST', '/api/uploads', {
      token: await token(clerk),
      headers: { ...TUS, 'upload-length': String(content.byteLength), 'upload-metadata': encode(metadata) },
    })
    expect(created.status).toBe(201)
    const location = created.headers.get('location')!
    const res = await server.app.request(location, {
      method: 'PATCH',
      headers: {
        ...TUS,
        authorization: `Bearer ${await token(clerk)}`,
        'content-type': 'application/offset+octet-stream',
        'upload-offset': '0',
        'content-length': String(content.byteLength),
      },
      body: content,
    })
    expect(res.status).toBe(204)
    const documentId = Number(res.headers.get('document-id'))
    expect((await row(documentId)).kind).toBe('envelope')

    const refused = await server.request('POST', '/api/uploads', {
      token: await token(clerk),
      headers: {
        ...TUS,
        'upload-length': String(content.byteLength),
        'upload-metadata': encode({ ...metadata, documentTypeId: String(serviceOfProcess), jurisdiction: '1' }),
      },
    })
    expect(refused.status).toBe(422)
    expect(refused.json.details).toContain('Service of process is always opened and scanned')
  })
})

describe('client actions', () => {
  it('open and scan: one open row however often asked, in the queue with its age; staff complete it with the scan', async () => {
    const id = await envelope()
    const first = await ask(id, 'open-and-scan')
    expect(first.status).toBe(201)
    expect(first.json).toMatchObject({ documentId: id, clientId: client.id, clientName: client.companyName, action: 'open-and-scan', status: 'open' })
    const again = await ask(id, 'open-and-scan')
    expect(again.status).toBe(200)
    expect(again.json.id).toBe(first.json.id)
    expect(await actionsOf(id)).toHaveLength(1)
    // Another action while one is open is refused.
    expect((await ask(id, 'hold')).status).toBe(409)
    expect(await listed(id)).toMatchObject({
      kind: 'envelope',
      mailAction: { id: first.json.id, action: 'open-and-scan', status: 'open', scanDocumentId: null },
    })

    server.clock.set(new Date(NOW.getTime() + 90 * MINUTE))
    const open = await queue()
    expect(open.status).toBe(200)
    const entry = open.json.data.find((a: { id: number }) => a.id === first.json.id)
    expect(entry).toMatchObject({
      documentId: id,
      clientId: client.id,
      action: 'open-and-scan',
      requestedAt: NOW.toISOString(),
      status: 'open',
      ageMinutes: 90,
    })

    // Completing needs the scan, of the same client, not an envelope.
    expect((await complete(first.json.id)).status).toBe(422)
    expect((await complete(first.json.id, { scanDocumentId: await scan(other.id) })).status).toBe(422)
    expect((await complete(first.json.id, { scanDocumentId: await envelope() })).status).toBe(422)
    const scanId = await scan()
    const done = await complete(first.json.id, { scanDocumentId: scanId })
    expect(done.status).toBe(200)
    expect(done.json).toMatchObject({ status: 'done', scanDocumentId: scanId })
    // Again with the same scan: the same answer; with another: 409.
    expect((await complete(first.json.id, { scanDocumentId: scanId })).status).toBe(200)
    expect((await complete(first.json.id, { scanDocumentId: await scan() })).status).toBe(409)

    expect(await listed(id)).toMatchObject({ mailAction: { status: 'done', scanDocumentId: scanId } })
    const notices = await server.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.clientId, client.id), eq(notifications.documentId, scanId)))
    expect(notices.map((n) => n.message)).toContain('Your envelope (General Mail received 20-Nov-2026) was opened and scanned')
    expect((await queue()).json.data.some((a: { id: number }) => a.id === first.json.id)).toBe(false)
    expect((await queue('?status=done')).json.data.some((a: { id: number }) => a.id === first.json.id)).toBe(true)
    // Opened once: not again.
    expect((await ask(id, 'open-and-scan')).status).toBe(409)
  })

  it('open and scan of a scan is a 422', async () => {
    const res = await ask(await scan(), 'open-and-scan')
    expect(res.status).toBe(422)
    expect(res.json.details).toContain('Only an envelope can be opened and scanned')
  })

  it('shred of a scan deletes the file at once; the record stays shredded, asking again changes nothing', async () => {
    const id = await scan()
    const key = (await row(id)).storageKey!
    expect(await server.deps.blobs.exists(key)).toBe(true)
    const res = await ask(id, 'shred')
    expect(res.status).toBe(201)
    expect(res.json).toMatchObject({ action: 'shred', status: 'done', documentStatus: 'shredded' })
    expect(await row(id)).toMatchObject({ status: 'shredded', storageKey: null, shreddedAt: NOW })
    expect(await server.deps.blobs.exists(key)).toBe(false)
    const file = await server.request('GET', `/api/document/${id}`, { token: await token(clientUser) })
    expect(file.status).toBe(410)
    expect(file.json.details).toBe('This document was shredded on 21-Nov-2026, as the client asked')
    expect(await listed(id)).toMatchObject({ status: 'shredded', mailAction: { action: 'shred', status: 'done' } })

    const again = await ask(id, 'shred')
    expect(again.status).toBe(200)
    expect(again.json.id).toBe(res.json.id)
    expect(await actionsOf(id)).toHaveLength(1)
    // Nothing left to hold.
    expect((await ask(id, 'hold')).status).toBe(409)
  })

  it('shred of an envelope waits for the mailroom: completing it deletes the file, the record stays shredded', async () => {
    const id = await envelope()
    const key = (await row(id)).storageKey!
    const res = await ask(id, 'shred')
    expect(res.status).toBe(201)
    expect(res.json.status).toBe('open')
    expect(await server.deps.blobs.exists(key)).toBe(true)
    expect((await ask(id, 'shred')).json.id).toBe(res.json.id)
    expect(await actionsOf(id)).toHaveLength(1)
    // A scan id is not for a shred.
    expect((await complete(res.json.id, { scanDocumentId: await scan() })).status).toBe(422)
    const done = await complete(res.json.id)
    expect(done.status).toBe(200)
    expect(done.json).toMatchObject({ status: 'done', documentStatus: 'shredded' })
    expect(await row(id)).toMatchObject({ status: 'shredded', storageKey: null })
    expect(await server.deps.blobs.exists(key)).toBe(false)
    const notices = await server.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.clientId, client.id), eq(notifications.documentId, id)))
    expect(notices.map((n) => n.message)).toContain('General Mail received 20-Nov-2026 was shredded as you asked')
  })

  it('hold for pick-up: queued, completed with a notice; the shred job leaves a held piece alone', async () => {
    const id = await envelope()
    const res = await ask(id, 'hold')
    expect(res.status).toBe(201)
    expect((await ask(id, 'hold')).status).toBe(200)
    expect(await actionsOf(id)).toHaveLength(1)
    // A mail request while the hold is open is refused.
    const mail = await server.request('POST', '/api/client/document-request', {
      token: await token(clientUser),
      body: { documentIds: [id], recipientName: 'A', address: '1 Main St', city: 'Miami', stateProvince: 'FL', zipcode: '33101' },
    })
    expect(mail.status).toBe(409)
    expect(mail.json.detail).toContain('This mail has another open request')

    const later = new Date(NOW.getTime() + 61 * 86_400_000)
    await shredExpiredDocuments(server.deps, later)
    expect((await row(id)).status).toBe('active')

    const done = await complete(res.json.id)
    expect(done.status).toBe(200)
    expect(done.json.status).toBe('done')
    const notices = await server.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.clientId, client.id), eq(notifications.documentId, id)))
    expect(notices.map((n) => n.message)).toContain('General Mail received 20-Nov-2026 is held for you to pick up')
  })

  it('an action on a piece with an open mail request is refused; forwarding the original is the mail request', async () => {
    const id = await envelope()
    const mail = await server.request('POST', '/api/client/document-request', {
      token: await token(clientUser),
      body: { documentIds: [id], recipientName: 'A', address: '1 Main St', city: 'Miami', stateProvince: 'FL', zipcode: '33101' },
    })
    expect(mail.status).toBe(201)
    const res = await ask(id, 'open-and-scan')
    expect(res.status).toBe(409)
    expect(res.json.details).toContain('cancel that request first')
  })

  it('forward the original: the mail request to a saved address (addressId), the client’s own only', async () => {
    const [us] = await server.db.select().from(countries).where(eq(countries.iso2, 'US'))
    const saved = await server.request('POST', `/api/client/${client.id}/addresses`, {
      token: await token(clientUser),
      body: { label: 'Office', recipientName: 'Ada Client', address: '200 Bay St', city: 'Tampa', stateProvince: 'FL', zipcode: '33602', countryId: us.id },
    })
    expect(saved.status).toBe(201)
    const id = await envelope()
    const forward = async (body: object, as = clientUser) => server.request('POST', '/api/client/document-request', { token: await token(as), body })
    expect((await forward({ documentIds: [id], addressId: saved.json.id, city: 'Miami' })).status).toBe(422)
    expect((await forward({ documentIds: [id], addressId: saved.json.id }, otherUser)).status).toBe(404)
    const res = await forward({ documentIds: [id], addressId: saved.json.id })
    expect(res.status).toBe(201)
    expect(res.json.documentRequests[0]).toMatchObject({
      documentId: id,
      recipientName: 'Ada Client',
      address: '200 Bay St',
      city: 'Tampa',
      zipcode: '33602',
      countryId: us.id,
    })
    // While it is open, nothing else can be asked for the piece.
    expect((await ask(id, 'hold')).status).toBe(409)
  })

  it('two requests at once make one row', async () => {
    const id = await envelope()
    const answers = await Promise.all([ask(id, 'hold'), ask(id, 'hold'), ask(id, 'hold')])
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 201])
    expect(new Set(answers.map((a) => a.json.id)).size).toBe(1)
    expect(await actionsOf(id)).toHaveLength(1)
  })
})

describe('who may', () => {
  it('another client neither acts on nor sees the actions (404); staff cannot ask in a client’s place', async () => {
    const id = await envelope()
    for (const action of ['open-and-scan', 'shred', 'hold']) {
      const res = await ask(id, action, otherUser)
      expect(res.status).toBe(404)
    }
    expect(await actionsOf(id)).toHaveLength(0)
    expect((await ask(id, 'hold', clerk)).status).toBe(403)
    const res = await ask(id, 'hold')
    // The queue and completing are for staff with DCV.
    expect((await queue('?status=open', otherUser)).status).toBe(403)
    expect((await queue('?status=open', clientUser)).status).toBe(403)
    expect((await queue('?status=open', noCodes)).status).toBe(403)
    expect((await complete(res.json.id, {}, otherUser)).status).toBe(403)
    expect((await complete(res.json.id, {}, noCodes)).status).toBe(403)
    // The other client's list does not show the envelope.
    const theirs = await server.request('GET', `/api/client/documents/${client.id}`, { token: await token(otherUser) })
    expect(theirs.status).toBe(404)
    expect((await complete(999_999)).status).toBe(404)
  })

  it('the queue is oldest first, filtered by status, with readable 4xx for a bad query', async () => {
    await server.db.execute(sql`update mail_actions set status = 'done', completed_at = now() where status = 'open'`)
    const first = await envelope()
    const second = await envelope()
    server.clock.set(new Date(NOW.getTime() + MINUTE))
    await ask(second, 'hold')
    server.clock.set(new Date(NOW.getTime() - MINUTE))
    await ask(first, 'shred')
    server.clock.set(NOW)
    const res = await queue()
    expect(res.json.data.map((a: { documentId: number }) => a.documentId)).toEqual([first, second])
    expect(res.json.total).toBe(2)
    expect((await queue('?status=later')).status).toBe(400)
  })
})
