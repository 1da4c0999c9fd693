import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { and, eq, inArray } from 'drizzle-orm'
import * as v from 'valibot'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { MailRuleListSchema, MailRuleSchema } from '../../contract/mail-rules'
import {
  auditEvents,
  clientAddresses,
  countries,
  documentRequests,
  documents,
  documentTypes,
  invoiceLines,
  mailActions,
  mailRules,
  notifications,
  shipments,
  shippingOptions,
} from '../../server/db/schema'
import { createTestServer, type TestServer } from './harness'
import { encodeMetadata, TUS } from './tus'

/**
 * A client's automatic mail rules (contract/mail-rules.ts): GET/POST /api/client/{id}/mail-rules and
 * DELETE /api/client/{id}/mail-rules/{ruleId} with their refusals, and their effect when the mailroom
 * uploads a scan through either upload route: a forward rule makes one mail request with its shipment
 * and invoice, a shred rule opens the mailroom's shred of the paper original (the scan kept).
 */

const NOW = new Date('2026-12-03T15:00:00Z')
const TODAY = NOW.toISOString().slice(0, 10)

let server: TestServer
let dataDir: string
let clerk: { id: number }
let editor: { id: number }
let viewer: { id: number }
let client: { id: number; companyName: string }
let clientUser: { id: number }
let other: { id: number }
let otherUser: { id: number }
let us: number
let taxNotice: number
let generalMail: number
let bankStatement: number
let serviceOfProcess: number
let office: number
let othersAddress: number

const token = (user: { id: number }) => server.tokenFor(user.id)
const rulesPath = (clientId: number, ruleId?: number) => `/api/client/${clientId}/mail-rules${ruleId === undefined ? '' : `/${ruleId}`}`
const list = async (clientId = client.id, as = clientUser) => server.request('GET', rulesPath(clientId), { token: await token(as) })
const create = async (body: unknown, clientId = client.id, as = clientUser) => server.request('POST', rulesPath(clientId), { token: await token(as), body })
const remove = async (ruleId: number, clientId = client.id, as = clientUser) =>
  server.request('DELETE', rulesPath(clientId, ruleId), { token: await token(as) })

async function upload(documentTypeId: number, fields: Record<string, string> = {}) {
  const form = new FormData()
  const all = { documentTypeId: String(documentTypeId), jurisdiction: '3', dateReceived: TODAY, ...fields }
  for (const [key, value] of Object.entries(all)) form.append(key, value)
  form.append('file', new Blob([new TextEncoder().encode(`%PDF-1.7\nmail ${Math.random()}`)]), 'mail.pdf')
  const res = await server.request('POST', `/api/document/client/${client.id}`, { token: await token(clerk), body: form })
  expect(res.status).toBe(201)
  return res.json.documents[0] as { id: number; openRequestId: number | null; canRequest: boolean }
}

/** A resumable upload of one scan for the client (POST /api/uploads, then one PATCH): the new document's id. */
async function tusUpload(documentTypeId: number): Promise<number> {
  const content = new TextEncoder().encode(`%PDF-1.7\ntus ${Math.random()}`)
  const metadata = {
    filename: 'mail.pdf',
    filetype: 'application/pdf',
    clientId: String(client.id),
    documentTypeId: String(documentTypeId),
    jurisdiction: '3',
    dateReceived: TODAY,
  }
  const created = await server.request('POST', '/api/uploads', {
    token: await token(clerk),
    headers: { ...TUS, 'upload-length': String(content.byteLength), 'upload-metadata': encodeMetadata(metadata) },
  })
  expect(created.status).toBe(201)
  const res = await server.app.request(created.headers.get('location')!, {
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
  return Number(res.headers.get('document-id'))
}

const requestsOf = (documentId: number) => server.db.select().from(documentRequests).where(eq(documentRequests.documentId, documentId))
const actionsOf = (documentId: number) => server.db.select().from(mailActions).where(eq(mailActions.documentId, documentId))
const clientNotices = (documentId: number) =>
  server.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.documentId, documentId), eq(notifications.clientId, client.id)))

/** The shipment and invoice lines of a document's mail request. */
async function shipmentOf(documentId: number) {
  const [request] = await requestsOf(documentId)
  const [shipment] = await server.db.select().from(shipments).where(eq(shipments.id, request.shipmentId!))
  const lines = shipment.invoiceId ? await server.db.select().from(invoiceLines).where(eq(invoiceLines.invoiceId, shipment.invoiceId)) : []
  return { request, shipment, lines }
}

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'portal-mail-rules-'))
  server = await createTestServer({ env: { DATA_DIR: dataDir }, now: NOW })
  clerk = (await server.factories.agent(['DCV'])).user
  editor = (await server.factories.agent(['PCE'])).user
  viewer = (await server.factories.agent(['DCV'])).user
  const a = await server.factories.client({ companyName: 'Sunrise Rules LLC' })
  client = a.client
  clientUser = a.user
  const b = await server.factories.client({ companyName: 'Someone Else, Inc.' })
  other = b.client
  otherUser = b.user
  us = (await server.db.select().from(countries).where(eq(countries.iso2, 'US')))[0].id
  const types = await server.db.select().from(documentTypes)
  const typeId = (name: string) => types.find((t) => t.name === name)!.id
  taxNotice = typeId('Tax Notice')
  generalMail = typeId('General Mail')
  bankStatement = typeId('Bank Statement')
  serviceOfProcess = typeId('Service of Process')
  const saved = (clientId: number, label: string) =>
    server.db
      .insert(clientAddresses)
      .values({
        clientId,
        label,
        recipientName: 'Maria Lopez',
        address: '200 S Biscayne Blvd',
        city: 'Miami',
        stateProvince: 'FL',
        zipcode: '33131',
        countryId: us,
      })
      .returning({ id: clientAddresses.id })
  office = (await saved(client.id, 'Office'))[0].id
  othersAddress = (await saved(other.id, 'Their office'))[0].id
})
afterAll(async () => {
  await server.close()
  rmSync(dataDir, { recursive: true, force: true })
})
beforeEach(async () => {
  server.clock.set(NOW)
  await server.db.delete(mailRules)
  await server.db.update(shippingOptions).set({ active: true })
})

describe('the rules', () => {
  it('lets the client add, list and remove its rules, each change audited', async () => {
    const forward = await create({ action: 'forward', documentTypeId: taxNotice, addressId: office })
    expect(forward.status).toBe(201)
    expect(v.is(MailRuleSchema, forward.json)).toBe(true)
    expect(forward.json).toMatchObject({
      clientId: client.id,
      action: 'forward',
      documentTypeName: 'Tax Notice',
      addressId: office,
      addressLabel: 'Office',
      shippingOptionId: null,
    })
    const [priority] = await server.db.select().from(shippingOptions).where(eq(shippingOptions.speed, 'Priority Mail (1–3 days)'))
    const shred = await create({ action: 'shred', documentTypeId: generalMail })
    expect(shred.status).toBe(201)
    const bank = await create({ action: 'forward', documentTypeId: bankStatement, addressId: office, shippingOptionId: priority.id })
    expect(bank.json).toMatchObject({ shippingOptionId: priority.id, shippingOptionName: 'USPS Priority Mail (1–3 days)' })

    const read = await list()
    expect(read.status).toBe(200)
    expect(v.is(MailRuleListSchema, read.json)).toBe(true)
    // By document type name.
    expect(read.json.map((r: { documentTypeName: string }) => r.documentTypeName)).toEqual(['Bank Statement', 'General Mail', 'Tax Notice'])

    expect((await remove(shred.json.id)).status).toBe(204)
    expect((await remove(shred.json.id)).status).toBe(404)
    expect((await list()).json).toHaveLength(2)
    const audits = await server.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entityId, String(client.id)), inArray(auditEvents.action, ['client.mail-rule.create', 'client.mail-rule.delete'])))
    expect(audits.filter((a) => a.action === 'client.mail-rule.create')).toHaveLength(3)
    expect(audits.find((a) => a.action === 'client.mail-rule.delete')).toMatchObject({ actorUserId: clientUser.id, details: { ruleId: shred.json.id } })
  })

  it('refuses what cannot be a rule, with the reason', async () => {
    const sop = await create({ action: 'shred', documentTypeId: serviceOfProcess })
    expect(sop.status).toBe(422)
    expect(sop.json.details).toContain('Service of process is always opened and scanned')
    expect((await create({ action: 'forward', documentTypeId: serviceOfProcess, addressId: office })).status).toBe(422)
    const unknownType = await create({ action: 'shred', documentTypeId: 999_999 })
    expect(unknownType.status).toBe(422)
    expect(unknownType.json.issues[0].path).toBe('documentTypeId')
    const noAddress = await create({ action: 'forward', documentTypeId: taxNotice })
    expect(noAddress.status).toBe(422)
    expect(noAddress.json.issues[0].path).toBe('addressId')
    expect((await create({ action: 'shred', documentTypeId: taxNotice, addressId: office })).status).toBe(422)
    expect((await create({ action: 'archive', documentTypeId: taxNotice })).status).toBe(422)
    // Another client's saved address, or none at all: not found.
    expect((await create({ action: 'forward', documentTypeId: taxNotice, addressId: othersAddress })).status).toBe(404)
    expect((await create({ action: 'forward', documentTypeId: taxNotice, addressId: 999_999 })).status).toBe(404)
    const [option] = await server.db.update(shippingOptions).set({ active: false }).where(eq(shippingOptions.code, 'ups-ground')).returning()
    const inactive = await create({ action: 'forward', documentTypeId: taxNotice, addressId: office, shippingOptionId: option.id })
    expect(inactive.status).toBe(422)
    expect(inactive.json.issues[0].path).toBe('shippingOptionId')
    expect(await list().then((r) => r.json)).toEqual([])

    expect((await create({ action: 'shred', documentTypeId: taxNotice })).status).toBe(201)
    const twice = await create({ action: 'forward', documentTypeId: taxNotice, addressId: office })
    expect(twice.status).toBe(409)
    expect(twice.json.details).toBe('Tax Notice has a rule already. Remove it to set another.')
  })

  it('keeps another client’s rules out of reach (404), and lets staff read, and change only with PCE', async () => {
    const mine = await create({ action: 'shred', documentTypeId: generalMail })
    expect((await list(client.id, otherUser)).status).toBe(404)
    expect((await create({ action: 'shred', documentTypeId: taxNotice }, client.id, otherUser)).status).toBe(404)
    expect((await remove(mine.json.id, client.id, otherUser)).status).toBe(404)
    // Its own client id with a rule of another client: not found either.
    expect((await remove(mine.json.id, other.id, otherUser)).status).toBe(404)
    expect((await list(other.id, otherUser)).json).toEqual([])

    expect((await list(client.id, viewer)).status).toBe(200)
    expect((await create({ action: 'shred', documentTypeId: taxNotice }, client.id, viewer)).status).toBe(403)
    expect((await remove(mine.json.id, client.id, viewer)).status).toBe(403)
    const staff = await create({ action: 'forward', documentTypeId: taxNotice, addressId: office }, client.id, editor)
    expect(staff.status).toBe(201)
    expect((await remove(staff.json.id, client.id, editor)).status).toBe(204)
  })

  it('an address a rule forwards to cannot be deleted (409 naming the rule) until the rule is removed', async () => {
    const rule = await create({ action: 'forward', documentTypeId: taxNotice, addressId: office })
    const refused = await server.request('DELETE', `/api/client/${client.id}/addresses/${office}`, { token: await token(clientUser) })
    expect(refused.status).toBe(409)
    expect(refused.json.details).toBe('The mail rule “Forward Tax Notice to Office” mails to this address. Remove the rule first.')
    expect(await server.db.select().from(clientAddresses).where(eq(clientAddresses.id, office))).toHaveLength(1)
    expect((await remove(rule.json.id)).status).toBe(204)
    // Removed now, then saved again for the other tests.
    expect((await server.request('DELETE', `/api/client/${client.id}/addresses/${office}`, { token: await token(clientUser) })).status).toBe(204)
    office = (
      await server.db
        .insert(clientAddresses)
        .values({
          clientId: client.id,
          label: 'Office',
          recipientName: 'Maria Lopez',
          address: '200 S Biscayne Blvd',
          city: 'Miami',
          stateProvince: 'FL',
          zipcode: '33131',
          countryId: us,
        })
        .returning({ id: clientAddresses.id })
    )[0].id
  })
})

describe('applying them as the mailroom uploads', () => {
  it('a forward rule turns an upload of its type into one mail request with its shipment and invoice; another type is left alone', async () => {
    const [priority] = await server.db.select().from(shippingOptions).where(eq(shippingOptions.code, 'usps-priority'))
    await create({ action: 'forward', documentTypeId: taxNotice, addressId: office, shippingOptionId: priority.id })

    const doc = await upload(taxNotice)
    expect(doc.openRequestId).not.toBeNull()
    const requests = await requestsOf(doc.id)
    expect(requests).toHaveLength(1)
    expect(requests[0]).toMatchObject({
      clientId: client.id,
      status: 1,
      recipientName: 'Maria Lopez',
      address: '200 S Biscayne Blvd',
      city: 'Miami',
      countryId: us,
      requestedBy: null,
    })
    const { shipment, lines } = await shipmentOf(doc.id)
    expect(shipment).toMatchObject({ shippingOptionId: priority.id, carrier: 'USPS', priceCents: priority.priceCents })
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatchObject({ unitAmountCents: priority.priceCents })
    expect((await clientNotices(doc.id)).map((n) => n.message)).toContain(
      'Your mail rule “Forward Tax Notice to Office” asked for the original of Tax Notice received 03-Dec-2026 to be mailed to Office',
    )
    // The client sees it among its mail requests.
    const mine = await server.request('GET', `/api/client/document-requests?documentId=${doc.id}`, { token: await token(clientUser) })
    expect(mine.status).toBe(200)
    expect(mine.json.data).toHaveLength(1)

    const otherType = await upload(bankStatement)
    expect(otherType.openRequestId).toBeNull()
    expect(await requestsOf(otherType.id)).toEqual([])
    // An envelope of the type is the client's to decide.
    const envelope = await upload(taxNotice, { kind: 'envelope' })
    expect(await requestsOf(envelope.id)).toEqual([])
  })

  it('a rule that cannot apply is skipped: the upload goes through and the client is told', async () => {
    await create({ action: 'forward', documentTypeId: taxNotice, addressId: office })
    await server.db.update(shippingOptions).set({ active: false })
    const invoicesBefore = await server.db.select({ id: invoiceLines.id }).from(invoiceLines)
    const doc = await upload(taxNotice)
    expect(doc.canRequest).toBe(true)
    expect(await requestsOf(doc.id)).toEqual([])
    expect(await server.db.select({ id: invoiceLines.id }).from(invoiceLines)).toHaveLength(invoicesBefore.length)
    expect((await clientNotices(doc.id)).map((n) => n.message)).toContain(
      'Your mail rule “Forward Tax Notice to Office” was not applied to Tax Notice received 03-Dec-2026: No carrier and speed is offered for mailing originals at the moment. You can request the original by mail yourself.',
    )
  })

  it('a shred rule has the mailroom shred the paper only: the scan is kept, and nothing is left to mail or hold', async () => {
    await create({ action: 'shred', documentTypeId: generalMail })
    const doc = await upload(generalMail)
    const [action] = await actionsOf(doc.id)
    expect(action).toMatchObject({ action: 'shred', status: 'open', originalOnly: true, requestedBy: null })
    const queued = await server.request('GET', '/api/mail-actions?status=open', { token: await token(clerk) })
    expect(queued.json.data.find((a: { documentId: number }) => a.documentId === doc.id)).toMatchObject({ action: 'shred', originalOnly: true })

    const done = await server.request('POST', `/api/mail-actions/${action.id}/complete`, { token: await token(clerk), body: {} })
    expect(done.status).toBe(200)
    const [stored] = await server.db.select().from(documents).where(eq(documents.id, doc.id))
    // The scan is still there.
    expect(stored.status).toBe('active')
    expect(stored.storageKey).not.toBeNull()
    expect((await server.request('GET', `/api/document/${doc.id}`, { token: await token(clientUser) })).status).toBe(200)
    expect((await clientNotices(doc.id)).map((n) => n.message)).toContain(
      'The paper original of General Mail received 03-Dec-2026 was shredded, as your mail rule asks; the scan is kept',
    )
    const mail = await server.request('POST', '/api/client/document-request', {
      token: await token(clientUser),
      body: { documentIds: [doc.id], addressId: office },
    })
    expect(mail.status).toBe(409)
    expect(mail.json.detail).toContain('The paper original of this mail was shredded')
    expect((await server.request('POST', `/api/document/${doc.id}/hold`, { token: await token(clientUser) })).status).toBe(409)
    // The scan itself can still be shredded by the client.
    expect((await server.request('POST', `/api/document/${doc.id}/shred`, { token: await token(clientUser) })).status).toBe(201)
  })

  it('the resumable upload applies the rules too', async () => {
    await create({ action: 'forward', documentTypeId: taxNotice, addressId: office })
    await create({ action: 'shred', documentTypeId: generalMail })
    const forwarded = await tusUpload(taxNotice)
    expect(await requestsOf(forwarded)).toHaveLength(1)
    const { lines } = await shipmentOf(forwarded)
    expect(lines).toHaveLength(1)
    const shredded = await tusUpload(generalMail)
    expect(await actionsOf(shredded)).toMatchObject([{ action: 'shred', status: 'open', originalOnly: true }])
  })
})
