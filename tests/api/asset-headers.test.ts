import { afterAll, beforeAll, expect, it } from 'vitest'
import { createTestServer, type TestServer } from './harness'

let server: TestServer
beforeAll(async () => {
  server = await createTestServer()
})
afterAll(() => server.close())

it('sends hashed build files with only the headers that apply to them', async () => {
  const res = await server.request('GET', '/assets/index-abc123.js')
  expect(res.headers.get('x-content-type-options')).toBe('nosniff')
  expect(res.headers.get('cross-origin-resource-policy')).toBe('same-origin')
  expect(res.headers.get('content-security-policy')).toBeNull()
  expect(res.headers.get('permissions-policy')).toBeNull()
  // Pages and API answers keep the whole set.
  const page = await server.request('GET', '/api/health')
  expect(page.headers.get('content-security-policy')).toContain("default-src 'self'")
})
