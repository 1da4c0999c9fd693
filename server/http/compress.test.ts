import { gunzipSync } from 'node:zlib'
import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import type { AppEnv } from '../context'
import { compressJson } from './compress'
import { gzipText } from './gzip'

const app = new Hono<AppEnv>()
  .use('*', compressJson())
  .get('/big', (c) => c.json({ rows: Array.from({ length: 200 }, (_, i) => ({ id: i, name: `Row ${i}` })) }))
  .get('/small', (c) => c.json({ ok: true }))
  .get('/file', (c) => c.body('x'.repeat(5000), 200, { 'Content-Type': 'application/pdf' }))
  .get('/shaped', (c) => {
    c.status(202)
    c.header('Retry-After', '5')
    c.header('Set-Cookie', 'a=1; Path=/', { append: true })
    return c.json({ rows: Array.from({ length: 400 }, (_, i) => i) })
  })
  .get('/created', (c) => c.json({ ok: true }, 201, { 'X-Extra': 'yes' }))
  .get(
    '/encoded',
    () =>
      new Response(gzipText(JSON.stringify({ rows: Array.from({ length: 400 }, (_, i) => i) })), {
        headers: { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' },
      }),
  )

describe('compressJson', () => {
  it('gzips a large JSON answer for a caller that accepts gzip', async () => {
    const res = await app.request('/big', { headers: { 'accept-encoding': 'gzip, br' } })
    expect(res.headers.get('content-encoding')).toBe('gzip')
    expect(res.headers.get('vary')).toContain('Accept-Encoding')
    const body = JSON.parse(gunzipSync(Buffer.from(await res.arrayBuffer())).toString())
    expect(body.rows).toHaveLength(200)
  })

  it('leaves small answers, other types and callers without gzip alone', async () => {
    const small = await app.request('/small', { headers: { 'accept-encoding': 'gzip' } })
    expect(small.headers.get('content-encoding')).toBeNull()
    expect(await small.json()).toEqual({ ok: true })
    const file = await app.request('/file', { headers: { 'accept-encoding': 'gzip' } })
    expect(file.headers.get('content-encoding')).toBeNull()
    const plain = await app.request('/big')
    expect(plain.headers.get('content-encoding')).toBeNull()
    expect((await plain.json()).rows).toHaveLength(200)
  })

  it('leaves what the handler set with c.status and c.header, and a status and headers given to c.json', async () => {
    const shaped = await app.request('/shaped', { headers: { 'accept-encoding': 'gzip' } })
    expect(shaped.status).toBe(202)
    expect(shaped.headers.get('retry-after')).toBe('5')
    expect(shaped.headers.get('set-cookie')).toBe('a=1; Path=/')
    expect(shaped.headers.get('content-encoding')).toBe('gzip')
    expect(shaped.headers.get('content-type')).toBe('application/json')
    const created = await app.request('/created')
    expect(created.status).toBe(201)
    expect(created.headers.get('x-extra')).toBe('yes')
    expect(await created.json()).toEqual({ ok: true })
  })

  it('leaves an answer encoded by its handler (a cached answer) as it is', async () => {
    const res = await app.request('/encoded', { headers: { 'accept-encoding': 'gzip' } })
    expect(res.headers.get('content-encoding')).toBe('gzip')
    expect(JSON.parse(gunzipSync(Buffer.from(await res.arrayBuffer())).toString()).rows).toHaveLength(400)
  })
})
