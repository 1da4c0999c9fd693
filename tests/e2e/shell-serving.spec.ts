import { readFileSync } from 'node:fs'
import path from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { expect, test } from '@playwright/test'

/**
 * How the server sends the app shell on client-side routes (server/index.ts, servePwa): compressed by
 * Accept-Encoding, never cached without revalidation, and the built index.html with the page's route
 * scripts named as modulepreload links at the end of its head; on the public pages, with the page's
 * frame (server/http/page-frames.ts) in place of the boot screen.
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
  test('/client/dashboard is sent with brotli when the browser takes it', async ({ baseURL }) => {
    const { headers, body } = await rawShell(baseURL!, '/client/dashboard', 'gzip, deflate, br')
    expect(headers['content-encoding']).toBe('br')
    expect(headers.vary).toMatch(/accept-encoding/i)
    expect(headers['cache-control']).toBe('no-cache')
    expect(body.length).toBeLessThan(built.length)
    const shell = splitPreloads(brotliDecompressSync(body))
    expect(shell.rest.equals(built)).toBe(true)
    // The page's own route scripts load alongside the entry.
    expect(shell.added.length).toBeGreaterThan(0)
  })

  test('/login is sent with its frame, its styles inline, in place of the boot screen', async ({ baseURL }) => {
    const { headers, body } = await rawShell(baseURL!, '/login', 'gzip, deflate, br')
    expect(headers['content-encoding']).toBe('br')
    const html = brotliDecompressSync(body).toString('utf8')
    expect(html).toMatch(/<div id="root" data-frame>\s*<div inert>/)
    expect(html).toMatch(/<h1[^>]*>Sign in<\/h1>/)
    expect(html).not.toContain('class="boot"')
    expect(html).toMatch(/<style>@layer reset\{[^<]+<\/style>/)
    // The full sheet still loads without blocking the first paint.
    expect(html).toContain('data-app-styles>')
    const preloads = (text: string) => text.match(/rel="modulepreload"/g)?.length ?? 0
    expect(preloads(html)).toBeGreaterThan(preloads(built.toString('utf8')))
  })

  test('gzip when brotli is refused, plain when nothing is offered', async ({ baseURL }) => {
    const gzip = await rawShell(baseURL!, '/client/dashboard', 'br;q=0, gzip')
    expect(gzip.headers['content-encoding']).toBe('gzip')
    expect(splitPreloads(gunzipSync(gzip.body)).rest.equals(built)).toBe(true)

    const plain = await rawShell(baseURL!, '/client/dashboard', 'identity')
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(splitPreloads(plain.body).rest.equals(built)).toBe(true)
  })
})

test.describe('the sign-in page from its frame', () => {
  test('is painted from the HTML alone, before any script has run', async ({ page }) => {
    await page.route(/\.js$/, (route) => route.abort())
    await page.goto('/login')
    await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible()
    // Styled by the inline rules: the button has its background, the page its layout.
    const button = page.locator('#root [inert] button[type=submit]')
    await expect(button).toHaveText('Sign in')
    expect(await button.evaluate((el) => getComputedStyle(el).backgroundColor)).not.toBe('rgba(0, 0, 0, 0)')
  })

  test("is replaced by the app's page, which takes input", async ({ page }) => {
    await page.goto('/login')
    await expect(page.locator('#root > [inert]')).toHaveCount(0)
    await page.getByLabel('E-mail').fill('client@demo.test')
    await expect(page.getByLabel('E-mail')).toHaveValue('client@demo.test')
    await expect(page.getByLabel('E-mail')).toBeFocused()
  })
})
