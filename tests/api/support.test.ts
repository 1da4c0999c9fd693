import { and, count, eq } from 'drizzle-orm'
import { readdirSync } from 'node:fs'
import path from 'node:path'
import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ConversationPageSchema, ConversationSchema } from '../../contract/support'
import { documents, documentTypes, invoices, mailOutbox, notifications, supportConversations, supportMessages } from '../../server/db/schema'
import { documentStorageKey } from '../../server/documents/naming'
import { shredJob } from '../../server/jobs/shred'
import { createTestServer, type TestServer } from './harness'

/** Support conversations: ownership, staff permission codes (SPV, SPR), attachments recognised by content, mail and notifications. */
const PATH = '/api/support/conversations'
let server: TestServer

const PDF: Uint8Array<ArrayBuffer> = new Uint8Array([...Buffer.from('%PDF-1.4\n'), ...Buffer.from('1 0 obj << >> endobj\n%%EOF\n')])
const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d])
const HTML = new Uint8Array(Buffer.from('<html><script>alert(1)</script></html>'))

async function clientUser() {
  const { client, user } = await server.factories.client()
  return { clientId: client.id, token: await server.tokenFor(user.id), email: user.email }
}

function form(fields: Record<string, string>, file?: { bytes: Uint8Array<ArrayBuffer>; name: string; type: string }) {
  const body = new FormData()
  for (const [key, value] of Object.entries(fields)) body.append(key, value)
  if (file) body.append('attachment', new Blob([file.bytes], { type: file.type }), file.name)
  return body
}

const blobFiles = () => {
  const dir = path.join(server.blobDir, 'support')
  try {
    return readdirSync(dir, { recursive: true }).filter((name) => String(name).includes('.'))
  } catch {
    return []
  }
}
const conversationsOf = async (clientId: number) =>
  (await server.db.select({ n: count() }).from(supportConversations).where(eq(supportConversations.clientId, clientId)))[0].n

beforeAll(async () => {
  server = await createTestServer({ env: { SUPPORT_EMAIL: 'help@provider.example', UPLOAD_MAX_BYTES: '2048' } })
})
afterAll(() => server.close())

describe('support conversations', () => {
  it('a client starts a conversation with a PDF attached: stored, e-mailed to support, listed with its message', async () => {
    const { clientId, token } = await clientUser()
    const res = await server.request('POST', PATH, {
      token,
      body: form({ subject: 'Where is my certificate?', message: 'Hello,\n<b>not bold</b> please' }, { bytes: PDF, name: 'scan.png', type: 'image/png' }),
    })
    expect(res.status).toBe(201)
    const conversation = v.parse(ConversationSchema, res.json)
    expect(conversation).toMatchObject({ clientId, subject: 'Where is my certificate?', status: 'open', awaitingReply: true, unreadByClient: false })
    // Free text is kept as typed (the PWA shows it as text).
    expect(conversation.messages).toHaveLength(1)
    expect(conversation.messages[0].body).toBe('Hello,\n<b>not bold</b> please')
    // Recognised by its content: a PDF named .png is a PDF.
    expect(conversation.messages[0].attachment).toMatchObject({ name: 'scan.png', contentType: 'application/pdf', size: PDF.length })

    const mail = server.sent.find((m) => m.to === 'help@provider.example' && m.subject.includes('Where is my certificate?'))
    expect(mail?.text).toContain('<b>not bold</b>')
    expect(mail?.html).toContain('&lt;b&gt;not bold&lt;/b&gt;')
    expect(mail?.text).toContain(`/provider/support/${conversation.id}`)
    const [stored] = await server.db.select().from(mailOutbox).where(eq(mailOutbox.subject, mail!.subject))
    expect(stored.to).toBe('help@provider.example')

    const file = await server.app.request(`/api/support/messages/${conversation.messages[0].id}/attachment`, { headers: { authorization: `Bearer ${token}` } })
    expect(file.status).toBe(200)
    expect(file.headers.get('content-type')).toBe('application/pdf')
    expect(file.headers.get('x-content-type-options')).toBe('nosniff')
    expect(new Uint8Array(await file.arrayBuffer())).toEqual(PDF)

    const list = await server.request('GET', PATH, { token })
    expect(v.parse(ConversationPageSchema, list.json).data.map((c) => c.id)).toEqual([conversation.id])
  })

  it('a client sees only its own conversations; another client reads them as not found', async () => {
    const owner = await clientUser()
    const other = await clientUser()
    const created = await server.request('POST', PATH, { token: owner.token, body: { subject: 'Mine', message: 'Only mine' } })
    expect(created.status).toBe(201)
    const id = created.json.id as number
    expect((await server.request('GET', PATH, { token: other.token })).json.data).toEqual([])
    expect((await server.request('GET', `${PATH}/${id}`, { token: other.token })).status).toBe(404)
    const reply = await server.request('POST', `${PATH}/${id}/messages`, { token: other.token, body: { message: 'Not yours' } })
    expect(reply.status).toBe(404)
    expect((await server.request('GET', `/api/support/messages/${created.json.messages[0].id}/attachment`, { token: other.token })).status).toBe(404)
    expect((await server.db.select({ n: count() }).from(supportMessages).where(eq(supportMessages.conversationId, id)))[0].n).toBe(1)
  })

  it('staff need SPV to read and SPR to reply or close; super admin passes; a reply notifies and e-mails the client', async () => {
    const { clientId, token, email } = await clientUser()
    const id = (await server.request('POST', PATH, { token, body: { subject: 'Invoice question', message: 'Why two lines?' } })).json.id as number
    const none = await server.tokenFor((await server.factories.agent(['DCV'])).user.id)
    const viewer = await server.tokenFor((await server.factories.agent(['SPV'])).user.id)
    const replier = await server.tokenFor((await server.factories.agent(['SPV', 'SPR'])).user.id)
    const admin = await server.tokenFor((await server.factories.agent([], { roleId: 1 })).user.id)

    expect((await server.request('GET', PATH, { token: none })).status).toBe(403)
    expect((await server.request('GET', `${PATH}/${id}`, { token: none })).status).toBe(403)
    const inbox = await server.request('GET', `${PATH}?status=unanswered&clientId=${clientId}`, { token: viewer })
    expect(inbox.status).toBe(200)
    expect(inbox.json.data.map((c: { id: number }) => c.id)).toEqual([id])
    expect((await server.request('POST', `${PATH}/${id}/messages`, { token: viewer, body: { message: 'Hi' } })).status).toBe(403)
    expect((await server.request('PATCH', `${PATH}/${id}`, { token: viewer, body: { status: 'closed' } })).status).toBe(403)
    // Clients do not reply as staff, and cannot start a conversation as staff do not.
    expect((await server.request('POST', PATH, { token: replier, body: { subject: 'x', message: 'y' } })).status).toBe(403)

    const replied = await server.request('POST', `${PATH}/${id}/messages`, { token: replier, body: { message: 'One is the state fee.' } })
    expect(replied.status).toBe(201)
    expect(replied.json).toMatchObject({ awaitingReply: false, unreadByClient: true })
    expect(replied.json.messages.map((m: { fromStaff: boolean }) => m.fromStaff)).toEqual([false, true])
    const [notice] = await server.db.select().from(notifications).where(eq(notifications.supportConversationId, id))
    expect(notice).toMatchObject({ clientId, message: 'Support replied: Invoice question' })
    expect(server.sent.some((m) => m.to === email && m.subject === 'Re: Invoice question' && m.text.includes('One is the state fee.'))).toBe(true)

    // The client opening the conversation has read the reply and its notification.
    const opened = await server.request('GET', `${PATH}/${id}`, { token })
    expect(opened.json.unreadByClient).toBe(false)
    const bell = await server.request('GET', '/api/system-notifications?limit=100', { token })
    expect(bell.json.data.find((n: { id: number }) => n.id === notice.id)).toMatchObject({ isRead: true })

    const closed = await server.request('PATCH', `${PATH}/${id}`, { token: admin, body: { status: 'closed' } })
    expect(closed.status).toBe(200)
    expect(closed.json.status).toBe('closed')
    // A client's follow-up reopens it for staff.
    const followUp = await server.request('POST', `${PATH}/${id}/messages`, { token, body: { message: 'Thanks, one more thing' } })
    expect(followUp.json).toMatchObject({ status: 'open', awaitingReply: true })
  })

  it('refuses an empty or oversized message, a wrong attachment type and a too-large attachment with 4xx, writing nothing', async () => {
    const { clientId, token } = await clientUser()
    const filesBefore = blobFiles().length
    const empty = await server.request('POST', PATH, { token, body: { subject: 'Hi', message: '   ' } })
    expect(empty.status).toBe(422)
    expect(empty.json.details).toContain('This field is mandatory')
    const long = await server.request('POST', PATH, { token, body: { subject: 'Hi', message: 'x'.repeat(5001) } })
    expect(long.status).toBe(422)
    expect(long.json.details).toContain('Message cannot exceed 5000 characters')
    const html = await server.request('POST', PATH, {
      token,
      body: form({ subject: 'Hi', message: 'See file' }, { bytes: HTML, name: 'invoice.pdf', type: 'application/pdf' }),
    })
    expect(html.status).toBe(415)
    expect(html.json.detail).toMatch(/invoice\.pdf is not a PDF, JPEG, PNG or TIFF file/)
    const big = new Uint8Array(4096)
    big.set(PNG)
    const tooLarge = await server.request('POST', PATH, {
      token,
      body: form({ subject: 'Hi', message: 'Big' }, { bytes: big, name: 'photo.png', type: 'image/png' }),
    })
    expect(tooLarge.status).toBe(413)
    // A good file with a bad field: the stored file is removed again.
    const badField = await server.request('POST', PATH, {
      token,
      body: form({ subject: '', message: 'Hi' }, { bytes: PNG, name: 'photo.png', type: 'image/png' }),
    })
    expect(badField.status).toBe(422)
    expect(badField.json).toHaveProperty('detail')
    expect(badField.json).toHaveProperty('details')
    expect(await conversationsOf(clientId)).toBe(0)
    expect(blobFiles().length).toBe(filesBefore)
  })

  it("links only the client's own documents and invoices", async () => {
    const mine = await clientUser()
    const other = await clientUser()
    const [type] = await server.db.select().from(documentTypes).limit(1)
    const document = async (clientId: number) =>
      (
        await server.db
          .insert(documents)
          .values({
            clientId,
            documentTypeId: type.id,
            jurisdiction: 1,
            dateReceived: '2026-11-20',
            fileName: 'a.pdf',
            storageKey: null,
            contentType: 'application/pdf',
            sizeBytes: 1,
            sha256: 'x',
          })
          .returning()
      )[0].id
    const invoice = async (clientId: number) =>
      (
        await server.db
          .insert(invoices)
          .values({
            clientId,
            invoiceNumber: `INV-T-${clientId}-${Date.now()}`,
            invoiceDate: new Date(),
            dueDate: new Date(),
            status: 2,
            subtotalCents: 100,
            discountCents: 0,
            totalCents: 100,
          } as typeof invoices.$inferInsert)
          .returning()
      )[0].id
    const ownDoc = await document(mine.clientId)
    const otherDoc = await document(other.clientId)
    const otherInvoice = await invoice(other.clientId)
    const refusedDoc = await server.request('POST', PATH, { token: mine.token, body: { subject: 'Doc', message: 'About this', documentId: otherDoc } })
    expect(refusedDoc.status).toBe(422)
    const refusedInvoice = await server.request('POST', PATH, {
      token: mine.token,
      body: form({ subject: 'Inv', message: 'About this', invoiceId: String(otherInvoice) }),
    })
    expect(refusedInvoice.status).toBe(422)
    expect(await conversationsOf(mine.clientId)).toBe(0)
    const linked = await server.request('POST', PATH, { token: mine.token, body: form({ subject: 'Doc', message: 'About this', documentId: String(ownDoc) }) })
    expect(linked.status).toBe(201)
    expect(linked.json.document.id).toBe(ownDoc)
    const [row] = await server.db
      .select()
      .from(supportConversations)
      .where(and(eq(supportConversations.clientId, mine.clientId)))
    expect(row.documentId).toBe(ownDoc)
  })
})

describe('orphan sweep of attachments', () => {
  it('the daily job deletes an attachment file older than an hour that no message points to, and keeps the ones messages point to', async () => {
    const { clientId, token } = await clientUser()
    const res = await server.request('POST', PATH, {
      token,
      body: form({ subject: 'Kept', message: 'With a file' }, { bytes: PDF, name: 'kept.pdf', type: 'application/pdf' }),
    })
    expect(res.status).toBe(201)
    const [message] = await server.db.select().from(supportMessages).where(eq(supportMessages.conversationId, res.json.id))
    // A server that stopped between storing a file and writing its message left this one, two hours ago.
    const later = new Date(server.clock.now().getTime() + 2 * 3_600_000)
    const orphan = `support/${clientId}/${documentStorageKey(clientId, 'pdf', server.clock.now()).split('/').pop()}`
    await server.deps.blobs.put(orphan, PDF)

    const result = await shredJob.run(server.deps, later)
    expect(result).toMatchObject({ orphansDeleted: 1 })
    expect(await server.deps.blobs.exists(orphan)).toBe(false)
    expect(await server.deps.blobs.exists(message.attachmentKey!)).toBe(true)
  })
})
