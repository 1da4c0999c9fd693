import type { AddressInfo } from 'node:net'
import { eq } from 'drizzle-orm'
import { SMTPServer } from 'smtp-server'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { documentTypes, mailOutbox } from '../../server/db/schema'
import { createInvoice } from '../../server/invoices/create'
import { createLogger } from '../../server/logger'
import { createMailer } from '../../server/mail'
import type { Mailer } from '../../server/mail/mailer'
import { MAIL_RETRY_DELAYS_MS } from '../../server/mail/outbox'
import { announceDue } from '../../server/notifications/announce'
import { createTestServer, type TestServer } from './harness'
import { sandboxCardToken } from './sandbox-card'

/**
 * E-mail over real SMTP: the server's mailer (SMTP_URL) hands each message to a local mail server (an
 * SMTP sink on a free port), which keeps the raw message. A reset e-mail arrives as
 * multipart/alternative with a text and an HTML part; a document e-mail carries List-Unsubscribe and
 * List-Unsubscribe-Post (RFC 8058), and a POST to that address unsubscribes while a GET does not; a
 * message whose first attempt failed is sent again, HTML and headers included, by a server started later;
 * a receipt is multipart/mixed with the paid invoice's PDF.
 */
const NOW = new Date('2026-12-02T15:00:00Z')
const PORTAL = 'https://portal.example.test'

interface Received {
  to: string[]
  raw: string
}

/** The SMTP sink: accepts every message (or refuses recipients with a 451 while `refusing`). */
class SmtpSink {
  received: Received[] = []
  refusing = false
  readonly server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH'],
    hideSTARTTLS: true,
    logger: false,
    onRcptTo: (_address, _session, callback) => {
      if (!this.refusing) return callback()
      callback(Object.assign(new Error('Mailbox busy, try again later'), { responseCode: 451 }))
    },
    onData: (stream, session, callback) => {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        this.received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('latin1') })
        callback()
      })
    },
  })
  port = 0

  async start() {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve))
    this.port = (this.server.server.address() as AddressInfo).port
  }

  /** The latest message to `address`, once it has arrived (within 10 s). */
  async waitFor(address: string, after = 0): Promise<ParsedMessage> {
    const deadline = Date.now() + 10_000
    for (;;) {
      const found = this.received.slice(after).findLast((m) => m.to.includes(address))
      if (found) return parseMessage(found.raw)
      if (Date.now() > deadline) throw new Error(`no message to ${address} arrived`)
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
  }

  close() {
    return new Promise<void>((resolve) => this.server.close(() => resolve()))
  }
}

// ---------- a minimal MIME reader (headers, multipart boundaries, quoted-printable and base64) ----------

interface ParsedMessage {
  /** Lower-case names, values unfolded. */
  headers: Map<string, string>
  body: string
}

function parseMessage(raw: string): ParsedMessage {
  const end = raw.indexOf('\r\n\r\n')
  const head = raw.slice(0, end).replace(/\r\n[ \t]+/g, ' ')
  const headers = new Map<string, string>()
  for (const line of head.split('\r\n')) {
    const colon = line.indexOf(':')
    const name = line.slice(0, colon).trim().toLowerCase()
    if (!headers.has(name)) headers.set(name, line.slice(colon + 1).trim())
  }
  return { headers, body: raw.slice(end + 4) }
}

function decodeBody(part: ParsedMessage): string {
  const encoding = (part.headers.get('content-transfer-encoding') ?? '7bit').toLowerCase()
  if (encoding === 'base64') return Buffer.from(part.body.replace(/\s+/g, ''), 'base64').toString('utf8')
  if (encoding === 'quoted-printable')
    return Buffer.from(
      part.body.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
      'latin1',
    ).toString('utf8')
  return Buffer.from(part.body, 'latin1').toString('utf8')
}

/** The parts of a multipart message, in order: their media type, decoded content and (base64 parts) bytes. */
function partsOf(message: ParsedMessage): { type: string; content: string; bytes?: Buffer; headers: Map<string, string> }[] {
  const boundary = /boundary="?([^";]+)"?/.exec(message.headers.get('content-type') ?? '')?.[1]
  if (!boundary) throw new Error(`not multipart: ${message.headers.get('content-type')}`)
  return (
    message.body
      .split(`--${boundary}`)
      .slice(1, -1)
      // The line break before each boundary belongs to the boundary.
      .map((chunk) => parseMessage(chunk.replace(/^\r\n/, '').replace(/\r\n$/, '')))
      .map((part) => ({
        type: (part.headers.get('content-type') ?? '').split(';')[0].trim(),
        content: decodeBody(part),
        headers: part.headers,
        ...(part.headers.get('content-transfer-encoding')?.toLowerCase() === 'base64' ? { bytes: Buffer.from(part.body.replace(/\s+/g, ''), 'base64') } : {}),
      }))
  )
}

// ---------- the server ----------

let sink: SmtpSink
let server: TestServer
let mailer: Mailer
let bankStatement: number

beforeAll(async () => {
  sink = new SmtpSink()
  await sink.start()
  // The app's mailer is the one server/index.ts makes from the same configuration, on the test database.
  server = await createTestServer({
    now: NOW,
    env: { SMTP_URL: `smtp://127.0.0.1:${sink.port}`, PUBLIC_URL: PORTAL, MAIL_FROM: 'Gulf Coast Agents <no-reply@portal.example.test>' },
    deps: { mailer: { send: (m) => mailer.send(m), deliverDue: (now, limit) => mailer.deliverDue!(now, limit) } },
  })
  mailer = createMailer(server.env, server.db, createLogger('silent'), server.clock)
  bankStatement = (await server.db.select().from(documentTypes).where(eq(documentTypes.name, 'Bank Statement')))[0].id
})
afterAll(async () => {
  await server?.close()
  await sink?.close()
})
beforeEach(() => {
  sink.refusing = false
  server.clock.set(NOW)
})

async function requestReset(email: string) {
  const res = await server.request('POST', '/api/auth/forgot-password', { body: { email } })
  expect(res.status).toBe(202)
  await server.deps.afterAnswer.settled()
}

async function uploadBankStatement(clientId: number) {
  const clerk = (await server.factories.agent(['DCV'])).user
  const form = new FormData()
  form.append('documentTypeId', String(bankStatement))
  form.append('jurisdiction', '2')
  form.append('dateReceived', '2026-12-02')
  form.append('file', new Blob([new TextEncoder().encode('%PDF-1.7\n' + 'x'.repeat(200))]), 'statement.pdf')
  const res = await server.request('POST', `/api/document/client/${clientId}`, { token: await server.tokenFor(clerk.id), body: form })
  expect(res.status).toBe(201)
}

const newMailEmail = async (userId: number) =>
  (await server.request('GET', '/api/notification-preferences', { token: await server.tokenFor(userId) })).json.preferences.find(
    (p: { kind: string }) => p.kind === 'new-mail',
  ).email as boolean

describe('e-mail over SMTP', () => {
  it('a reset e-mail arrives as multipart/alternative: a text part and an HTML part with the same absolute link, no List-Unsubscribe', async () => {
    const { user } = await server.factories.client({}, undefined)
    await requestReset(user.email)
    const message = await sink.waitFor(user.email)
    expect(message.headers.get('subject')).toBe('Reset your password')
    expect(message.headers.get('from')).toBe('Gulf Coast Agents <no-reply@portal.example.test>')
    expect(message.headers.get('content-type')).toMatch(/^multipart\/alternative;/)
    expect(message.headers.has('list-unsubscribe')).toBe(false)
    expect(message.headers.has('list-unsubscribe-post')).toBe(false)

    const parts = partsOf(message)
    expect(parts.map((p) => p.type)).toEqual(['text/plain', 'text/html'])
    const [text, html] = parts.map((p) => p.content)
    const link = /https:\/\/portal\.example\.test\/reset\/\S+/.exec(text)?.[0]
    expect(link).toBeDefined()
    expect(text).toContain('We received a request to reset the password of your client portal account.')
    expect(html).toMatch(/^<!DOCTYPE html/)
    expect(html).toContain(`href="${link}"`)
    expect(html).toContain('Choose a new password')
    expect(html).toContain(server.env.SUPPORT_EMAIL)
  })

  it('a document e-mail carries List-Unsubscribe (https) and List-Unsubscribe-Post; a GET of it changes nothing, a POST unsubscribes', async () => {
    const { client, user } = await server.factories.client({ companyName: 'Gulf Holdings LLC' })
    await uploadBankStatement(client.id)
    expect((await announceDue(server.deps)).emails).toBe(1)
    const message = await sink.waitFor(user.email)
    expect(message.headers.get('subject')).toBe('New mail: New document received: Bank Statement')
    const header = message.headers.get('list-unsubscribe')!
    expect(header).toMatch(/^<https:\/\/portal\.example\.test\/api\/notification-preferences\/unsubscribe\?token=[^>\s]+>$/)
    expect(message.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click')
    expect(partsOf(message).map((p) => p.type)).toEqual(['text/plain', 'text/html'])
    const [text, html] = partsOf(message).map((p) => p.content)
    const url = new URL(header.slice(1, -1))
    expect(text).toContain(url.toString())
    expect(html).toContain(`href="${url.toString().replaceAll('&', '&amp;')}"`)
    const path = url.pathname + url.search

    // A mail scanner or a person opening the address gets a page with a button; nothing changes.
    const page = await server.request('GET', path)
    expect(page.status).toBe(200)
    expect(page.text).toContain('<button type="submit">')
    expect((await server.request('HEAD', path)).status).toBe(200)
    expect(await newMailEmail(user.id)).toBe(true)

    // The mail program's one-click unsubscribe: a POST of List-Unsubscribe=One-Click, no session.
    const done = await server.request('POST', path, { headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' })
    expect(done.status).toBe(200)
    expect(await newMailEmail(user.id)).toBe(false)

    // The next document of that kind is not e-mailed to them.
    const before = sink.received.length
    await uploadBankStatement(client.id)
    expect((await announceDue(server.deps)).emails).toBe(0)
    expect(sink.received.slice(before).filter((m) => m.to.includes(user.email))).toEqual([])
  })

  it('a message whose first attempt failed is sent by a server started later with the same HTML and headers', async () => {
    const { client, user } = await server.factories.client({ companyName: 'Retry Holdings LLC' })
    sink.refusing = true
    await uploadBankStatement(client.id)
    await announceDue(server.deps)
    const [row] = await server.db.select().from(mailOutbox).where(eq(mailOutbox.to, user.email))
    expect(row).toMatchObject({ sentAt: null, attempts: 1, failedAt: null })
    expect(row.html).toMatch(/^<!DOCTYPE html/)
    expect(row.headers).toEqual({
      'List-Unsubscribe': expect.stringMatching(/^<https:\/\/portal\.example\.test\//),
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    })

    // Another server (a restart): a new mailer made from the configuration, on the same database.
    sink.refusing = false
    const later = createMailer(server.env, server.db, createLogger('silent'), server.clock)
    expect(await later.deliverDue!(new Date(NOW.getTime() + MAIL_RETRY_DELAYS_MS[0]))).toEqual({ sent: 1, retrying: 0, failed: 0 })
    const message = await sink.waitFor(user.email)
    expect(message.headers.get('list-unsubscribe')).toBe(row.headers!['List-Unsubscribe'])
    expect(message.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click')
    const parts = partsOf(message)
    expect(parts.map((p) => p.type)).toEqual(['text/plain', 'text/html'])
    expect(parts[0].content.replace(/\r\n/g, '\n')).toBe(row.text)
    expect(parts[1].content.replace(/\r\n/g, '\n')).toBe(row.html!.replace(/\r\n/g, '\n'))
  })

  it('a receipt carries the paid invoice’s PDF beside its text and HTML, also when a server started later sends it', async () => {
    const { client, user } = await server.factories.client({ companyName: 'Receipt Holdings LLC' })
    const invoice = await createInvoice(server.db, {
      clientId: client.id,
      invoiceDate: new Date('2026-11-20T15:00:00Z'),
      dueDate: new Date('2026-12-20T15:00:00Z'),
      lines: [{ description: 'Registered agent service', unitAmountCents: 14_900 }],
      status: 2,
    })
    const token = await server.tokenFor(user.id)
    sink.refusing = true
    const paid = await server.request('POST', '/api/client/invoices/pay', {
      token,
      body: { invoiceIds: [String(invoice.id)], token: await sandboxCardToken(server) },
    })
    expect(paid.status).toBe(200)
    await server.deps.afterAnswer.settled()
    const [row] = await server.db.select().from(mailOutbox).where(eq(mailOutbox.to, user.email))
    expect(row).toMatchObject({ sentAt: null, attempts: 1 })
    expect(row.attachments).toEqual([{ filename: `invoice-${invoice.invoiceNumber}.pdf`, contentType: 'application/pdf', base64: expect.any(String) }])

    sink.refusing = false
    const later = createMailer(server.env, server.db, createLogger('silent'), server.clock)
    expect(await later.deliverDue!(new Date(NOW.getTime() + MAIL_RETRY_DELAYS_MS[0]))).toEqual({ sent: 1, retrying: 0, failed: 0 })
    const message = await sink.waitFor(user.email)
    expect(message.headers.get('subject')).toBe(`Receipt: $149.00 paid for invoice ${invoice.invoiceNumber}`)
    expect(message.headers.get('content-type')).toMatch(/^multipart\/mixed;/)
    const [body, pdf] = partsOf(message)
    expect(body.type).toBe('multipart/alternative')
    expect(pdf.type).toBe('application/pdf')
    expect(pdf.headers.get('content-disposition')).toContain(`filename=invoice-${invoice.invoiceNumber}.pdf`)
    // The same PDF as the invoice's download (same clock), showing the payment.
    const download = await server.app.request(`/api/invoices/${invoice.id}/pdf`, { headers: { authorization: `Bearer ${token}` } })
    expect(pdf.bytes!.equals(Buffer.from(await download.arrayBuffer()))).toBe(true)
  })
})
