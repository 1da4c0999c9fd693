import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { documentTypes } from '../../server/db/schema'
import { createInvoice } from '../../server/invoices/create'
import { createTestServer, type TestServer } from './harness'

/**
 * What the portal keeps of an uploaded file's name, and how it serves files back: documents, support
 * attachments and invoice PDFs alike.
 */
let server: TestServer
let staffToken: string
let clientId: number
let clientToken: string
let documentTypeId: number

const NOW = new Date('2026-11-21T15:00:00Z')
const PDF = new TextEncoder().encode('%PDF-1.7\n%\u00e2\u00e3\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n')

beforeAll(async () => {
  server = await createTestServer({ now: NOW })
  staffToken = await server.tokenFor((await server.factories.agent(['DCV'])).user.id)
  const { client, user } = await server.factories.client()
  clientId = client.id
  clientToken = await server.tokenFor(user.id)
  ;[{ id: documentTypeId }] = await server.db.select({ id: documentTypes.id }).from(documentTypes).limit(1)
})
afterAll(() => server.close())

async function upload(fileName: string) {
  const form = new FormData()
  form.append('documentTypeId', String(documentTypeId))
  form.append('jurisdiction', '2')
  form.append('dateReceived', '2026-11-20')
  form.append('file', new Blob([PDF], { type: 'application/pdf' }), fileName)
  const res = await server.request('POST', `/api/document/client/${clientId}`, { token: staffToken, body: form })
  expect(res.status, res.text).toBe(201)
  return res.json.documents[0] as { id: number; originalFileName: string }
}

describe('uploaded file names', () => {
  it('keep their non-ASCII letters as sent (UTF-8), not garbled', async () => {
    for (const name of ['Résumé – Année 2026.pdf', 'Überweisung März.pdf', '請求書 2026.pdf', 'Ñandú 🦩.pdf']) {
      expect((await upload(name)).originalFileName).toBe(name)
    }
  })

  it('lose bidirectional controls that disguise an extension, and control characters', async () => {
    expect((await upload('invoice\u202Efdp.exe')).originalFileName).toBe('invoicefdp.exe')
    expect((await upload('\u2067scan\u2069 \u200Fone\u200E.pdf')).originalFileName).toBe('scan one.pdf')
    expect((await upload('tab\u0009and\u0085next.pdf')).originalFileName).toBe('tabandnext.pdf')
  })
})

/** Opened directly, a served file runs nothing, no other site embeds it, and no HTTP cache keeps it. */
function expectFileHeaders(res: Response) {
  expect(res.status).toBe(200)
  expect(res.headers.get('content-security-policy')).toBe('sandbox')
  expect(res.headers.get('cross-origin-resource-policy')).toBe('same-origin')
  expect(res.headers.get('x-content-type-options')).toBe('nosniff')
  expect(res.headers.get('cache-control')).toBe('no-store')
}

const asClient = (path: string) => server.app.request(path, { headers: { authorization: `Bearer ${clientToken}` } })

describe('served files', () => {
  it('documents are sandboxed, same-origin only and never cached, inline and as downloads', async () => {
    const { id } = await upload('notice.pdf')
    for (const query of ['', '?inline=true']) {
      const res = await asClient(`/api/document/${id}${query}`)
      expectFileHeaders(res)
      expect(new Uint8Array(await res.arrayBuffer())).toEqual(PDF)
    }
  })

  it('support attachments carry the same headers as documents', async () => {
    const body = new FormData()
    body.append('subject', 'Scan attached')
    body.append('message', 'Please see the attached letter.')
    body.append('attachment', new Blob([PDF], { type: 'application/pdf' }), 'letter.pdf')
    const created = await server.request('POST', '/api/support/conversations', { token: clientToken, body })
    expect(created.status, created.text).toBe(201)
    const res = await asClient(`/api/support/messages/${created.json.messages[0].id}/attachment`)
    expectFileHeaders(res)
    expect(res.headers.get('content-type')).toBe('application/pdf')
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(PDF)
  })

  it('invoice PDFs carry the same headers as documents', async () => {
    const invoice = await createInvoice(server.db, {
      clientId,
      invoiceDate: new Date('2026-11-01T17:00:00Z'),
      dueDate: new Date('2026-12-01T17:00:00Z'),
      lines: [{ description: 'Registered agent service, 1 year', unitAmountCents: 12_500 }],
    })
    const res = await asClient(`/api/invoices/${invoice.id}/pdf`)
    expectFileHeaders(res)
    expect(res.headers.get('content-type')).toBe('application/pdf')
    expect(new TextDecoder().decode((await res.arrayBuffer()).slice(0, 5))).toBe('%PDF-')
  })
})
