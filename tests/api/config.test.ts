import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PublicConfigSchema } from '../../contract/config'
import { createTestServer, type TestServer } from './harness'

/** GET /api/config: the upload size limit the upload form checks before sending a file. */
describe('GET /api/config uploadMaxBytes, unconfigured', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await createTestServer()
  })
  afterAll(() => server.close())

  it('is 25 MB when UPLOAD_MAX_BYTES is not configured', async () => {
    const res = await server.request('GET', '/api/config')
    expect(res.status).toBe(200)
    expect(v.is(PublicConfigSchema, res.json)).toBe(true)
    expect(res.json.uploadMaxBytes).toBe(26_214_400)
  })
})

describe('GET /api/config uploadMaxBytes, configured', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await createTestServer({ env: { UPLOAD_MAX_BYTES: '2048' } })
  })
  afterAll(() => server.close())

  it('is the configured UPLOAD_MAX_BYTES, the same limit the upload call enforces', async () => {
    const res = await server.request('GET', '/api/config')
    expect(res.status).toBe(200)
    expect(v.parse(PublicConfigSchema, res.json).uploadMaxBytes).toBe(2048)

    // The upload call accepts a file of exactly that size and refuses one byte more.
    const clerk = (await server.factories.agent(['DCV'])).user
    const { client } = await server.factories.client()
    const upload = async (size: number) => {
      const bytes = new Uint8Array(size).fill(0x20)
      bytes.set(new TextEncoder().encode('%PDF-1.7\n'))
      const form = new FormData()
      form.append('documentTypeId', '1')
      form.append('jurisdiction', '3')
      form.append('dateReceived', new Date(server.clock.now().getTime() - 3 * 86_400_000).toISOString().slice(0, 10))
      form.append('file', new Blob([bytes]), 'mail.pdf')
      return server.request('POST', `/api/document/client/${client.id}`, { token: await server.tokenFor(clerk.id), body: form })
    }
    const fits = await upload(2048)
    expect(fits.status, fits.text).toBe(201)
    const tooBig = await upload(2049)
    expect(tooBig.status).toBe(413)
    expect(tooBig.json.detail).toBe('mail.pdf is larger than 2 KB')
  })
})
