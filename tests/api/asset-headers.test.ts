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
  // API answers are data: a policy that allows nothing to load or frame them, and the rest of the set.
  const answer = await server.request('GET', '/api/health')
  expect(answer.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'")
  expect(answer.headers.get('x-frame-options')).toBe('DENY')
  expect(answer.headers.get('strict-transport-security')).toMatch(/max-age=\d+/)
  expect(answer.headers.get('x-content-type-options')).toBe('nosniff')
  expect(answer.headers.get('cache-control')).toBe('no-store')
  expect(answer.headers.get('x-request-id')).toMatch(/^[\w-]+$/)
  // Anything else (pages) gets the portal's page policy and the whole set.
  const page = await server.request('GET', '/login')
  expect(page.headers.get('content-security-policy')).toContain("default-src 'self'")
  expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'none'")
  expect(page.headers.get('permissions-policy')).toContain('geolocation=()')
  expect(page.headers.get('cross-origin-opener-policy')).toBe('same-origin')
})
