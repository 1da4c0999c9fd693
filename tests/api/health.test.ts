import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestServer, type TestServer } from './harness'

let server: TestServer
beforeAll(async () => {
  server = await createTestServer()
})
afterAll(() => server.close())

describe('GET /api/health', () => {
  it('answers 200 with security headers and no-store', async () => {
    const res = await server.request('GET', '/api/health')
    expect(res.status).toBe(200)
    expect(res.json).toEqual({ status: 'ok' })
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'")
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
    expect(res.headers.get('strict-transport-security')).toMatch(/max-age=\d+/)
    expect(res.headers.get('referrer-policy')).toBeTruthy()
    expect(res.headers.get('cache-control')).toBe('no-store')
    expect(res.headers.get('x-request-id')).toBeTruthy()
  })

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await server.request('GET', '/api/no-such-thing')
    expect(res.status).toBe(404)
    expect(res.json.detail).toBe('Not found')
  })
})
