import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '../../server/app'
import { mailSamples } from '../../server/mail/templates'
import { createTestServer, type TestServer } from './harness'

/**
 * The e-mail previews (GET /api/dev/mail-previews and /api/dev/mail-previews/{name}): every template with
 * sample data, for staff outside production; in production the addresses do not exist.
 */
let server: TestServer
let staffToken: string
let clientToken: string

beforeAll(async () => {
  server = await createTestServer({ env: { PUBLIC_URL: 'https://portal.example.test', PROVIDER_NAME: 'Gulf Coast Agents' } })
  staffToken = await server.tokenFor((await server.factories.agent([])).user.id)
  clientToken = await server.tokenFor((await server.factories.client()).user.id)
})
afterAll(() => server.close())

describe('mail previews', () => {
  it('list every preview for staff, each with its HTML and text addresses', async () => {
    const res = await server.request('GET', '/api/dev/mail-previews', { token: staffToken })
    expect(res.status).toBe(200)
    expect(res.json.previews.map((p: { name: string }) => p.name)).toEqual(Object.keys(mailSamples))
    expect(res.json.previews[0]).toEqual({
      name: 'password-reset',
      template: 'password-reset',
      description: expect.any(String),
      html: '/api/dev/mail-previews/password-reset',
      text: '/api/dev/mail-previews/password-reset?part=text',
    })
  })

  it('show each template as HTML (inline styles only, nothing run) and as text, signed with this configuration', async () => {
    for (const name of Object.keys(mailSamples)) {
      const html = await server.request('GET', `/api/dev/mail-previews/${name}`, { token: staffToken })
      expect(html.status, name).toBe(200)
      expect(html.headers.get('content-type')).toMatch(/^text\/html/)
      expect(html.headers.get('content-security-policy')).toBe(
        "default-src 'none'; style-src 'unsafe-inline'; img-src https: data:; frame-ancestors 'none'; sandbox",
      )
      expect(html.text).toMatch(/^<!DOCTYPE html/)
      expect(html.text).toContain('Gulf Coast Agents')
      expect(decodeURIComponent(html.headers.get('x-mail-subject')!).length).toBeGreaterThan(3)
      const text = await server.request('GET', `/api/dev/mail-previews/${name}?part=text`, { token: staffToken })
      expect(text.status).toBe(200)
      expect(text.headers.get('content-type')).toMatch(/^text\/plain/)
      expect(text.text).toContain('\n-- \nGulf Coast Agents\n')
    }
  })

  it('answer 404 for an unknown preview and 400 for a bad name or part', async () => {
    expect((await server.request('GET', '/api/dev/mail-previews/no-such-mail', { token: staffToken })).status).toBe(404)
    expect((await server.request('GET', '/api/dev/mail-previews/constructor', { token: staffToken })).status).toBe(404)
    const bad = await server.request('GET', '/api/dev/mail-previews/Bad_Name', { token: staffToken })
    expect(bad.status).toBe(400)
    expect(bad.json.detail).toBeTruthy()
    expect((await server.request('GET', '/api/dev/mail-previews/password-reset?part=pdf', { token: staffToken })).status).toBe(400)
  })

  it('are for staff only', async () => {
    expect((await server.request('GET', '/api/dev/mail-previews')).status).toBe(401)
    expect((await server.request('GET', '/api/dev/mail-previews', { token: clientToken })).status).toBe(403)
    expect((await server.request('GET', '/api/dev/mail-previews/password-reset', { token: clientToken })).status).toBe(403)
  })

  it('do not exist in production, whoever asks', async () => {
    const production = createApp({ ...server.deps, env: { ...server.env, NODE_ENV: 'production' } })
    for (const path of ['/api/dev/mail-previews', '/api/dev/mail-previews/password-reset']) {
      for (const headers of [{ authorization: `Bearer ${staffToken}` }, {} as Record<string, string>]) {
        const res = await production.request(path, { headers })
        expect(res.status, path).toBe(404)
        expect(await res.json()).toEqual({ detail: 'Not found', details: `No such endpoint: GET ${path}` })
      }
    }
  })
})
