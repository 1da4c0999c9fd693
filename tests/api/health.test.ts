import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { HEALTH_MAX_AGE_MS } from '../../server/routes/health'
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
    expect(res.json).toEqual({ status: 'ok', database: 'ok', documents: 'ok', store: 'filesystem' })
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

describe('GET /api/health under a burst', () => {
  it('asks the database and the document store once for the checks that arrive while one is running or within a second of it', async () => {
    const { blobs } = server.deps
    const original = blobs.check.bind(blobs)
    let calls = 0
    let release!: () => void
    const gate = new Promise<void>((resolve) => (release = resolve))
    blobs.check = async () => {
      calls++
      await gate
      return original()
    }
    try {
      // The answer of the tests above has served its second.
      server.clock.advance(HEALTH_MAX_AGE_MS)
      const answers = Array.from({ length: 10 }, () => server.request('GET', '/api/health'))
      await expect.poll(() => calls).toBe(1)
      release()
      const results = await Promise.all(answers)
      expect(results.map((r) => r.status)).toEqual(Array(10).fill(200))
      expect(calls).toBe(1)
      // Within the second, the answer stands; after it, a request starts a new check.
      server.clock.advance(HEALTH_MAX_AGE_MS - 1)
      await server.request('GET', '/api/health')
      expect(calls).toBe(1)
      server.clock.advance(1)
      await server.request('GET', '/api/health')
      expect(calls).toBe(2)
    } finally {
      blobs.check = original
    }
  })
})
