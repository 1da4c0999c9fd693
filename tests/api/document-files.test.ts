import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { documentTypes } from '../../server/db/schema'
import { createTestServer, type TestServer } from './harness'

/** What the portal keeps of an uploaded file's name, and how it serves the file back. */
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

describe('served document files', () => {
  it('are sandboxed and same-origin only, inline and as downloads', async () => {
    const { id } = await upload('notice.pdf')
    for (const query of ['', '?inline=true']) {
      const res = await server.app.request(`/api/document/${id}${query}`, { headers: { authorization: `Bearer ${clientToken}` } })
      expect(res.status).toBe(200)
      expect(res.headers.get('content-security-policy')).toBe('sandbox')
      expect(res.headers.get('cross-origin-resource-policy')).toBe('same-origin')
      expect(res.headers.get('x-content-type-options')).toBe('nosniff')
      expect(new Uint8Array(await res.arrayBuffer())).toEqual(PDF)
    }
  })
})
