import { readFileSync } from 'node:fs'
import path from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { expect, test } from '@playwright/test'

/**
 * How the server sends the app shell on client-side routes (server/index.ts, servePwa): compressed by
 * Accept-Encoding, never cached without revalidation, and the built index.html with the page's route
 * scripts named as modulepreload links at the end of its head.
 */
const built = readFileSync(path.resolve(import.meta.dirname, '..', '..', 'dist', 'index.html'))

/** The route's preload links the server adds, and the shell without them. */
function splitPreloads(shell: Buffer) {
  const html = shell.toString('utf8')
  const added = /((?:<link rel="modulepreload" crossorigin href="\/assets\/[^"]+\.js">)+)<\/head>/.exec(html)?.[1] ?? ''
  return { added: added.match(/href="[^"]+"/g) ?? [], rest: Buffer.from(html.replace(added + '</head>', '</head>')) }
}

async function rawShell(baseURL: string, route: string, acceptEncoding: string) {
  // Node's fetch would decode the body itself; a raw request shows what went over the wire.
  const http = await import('node:http')
  return new Promise<{ headers: Record<string, string | string[] | undefined>; body: Buffer }>((resolve, reject) => {
    const req = http.get(new URL(route, baseURL), { headers: { 'accept-encoding': acceptEncoding, accept: 'text/html' } }, (res) => {
      const chunks: Buffer[] = []
      res.on('data', (chunk: Buffer) => chunks.push(chunk))
      res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }))
      res.on('error', reject)
    })
    req.on('error', reject)
  })
}

test.describe('the app shell on client-side routes', () => {
  for (const route of ['/login', '/client/dashboard']) {
    test(`${route} is sent with brotli when the browser takes it`, async ({ baseURL }) => {
      const { headers, body } = await rawShell(baseURL!, route, 'gzip, deflate, br')
      expect(headers['content-encoding']).toBe('br')
      expect(headers.vary).toMatch(/accept-encoding/i)
      expect(headers['cache-control']).toBe('no-cache')
      expect(body.length).toBeLessThan(built.length)
      const shell = splitPreloads(brotliDecompressSync(body))
      expect(shell.rest.equals(built)).toBe(true)
      // The page's own route scripts load alongside the entry.
      expect(shell.added.length).toBeGreaterThan(0)
    })
  }

  test('gzip when brotli is refused, plain when nothing is offered', async ({ baseURL }) => {
    const gzip = await rawShell(baseURL!, '/login', 'br;q=0, gzip')
    expect(gzip.headers['content-encoding']).toBe('gzip')
    expect(splitPreloads(gunzipSync(gzip.body)).rest.equals(built)).toBe(true)

    const plain = await rawShell(baseURL!, '/login', 'identity')
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(splitPreloads(plain.body).rest.equals(built)).toBe(true)
  })
})
