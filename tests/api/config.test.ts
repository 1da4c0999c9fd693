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
    server = await createTestServer({ env: { UPLOAD_MAX_BYTES: '5000000' } })
  })
  afterAll(() => server.close())

  it('is the configured UPLOAD_MAX_BYTES, the same limit the upload call enforces', async () => {
    const res = await server.request('GET', '/api/config')
    expect(res.status).toBe(200)
    expect(v.parse(PublicConfigSchema, res.json).uploadMaxBytes).toBe(5_000_000)
    expect(server.deps.env.UPLOAD_MAX_BYTES).toBe(5_000_000)
  })
})
