import { readFileSync } from 'node:fs'
import path from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { expect, expectAppRendered, loginAs, test } from './fixtures'

/**
 * How the server sends the app shell on client-side routes (server/index.ts, servePwa): compressed by
 * Accept-Encoding, never cached without revalidation, and the built index.html with the page's route
 * scripts named as modulepreload links at the end of its head; on the public pages, and on the signed-in
 * pages for a browser signed in to their area, with the page's frame (server/http/page-frames.ts) in
 * place of the boot screen.
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
    expect(html).toMatch(/<div id="root" data-frame="\/login">\s*<div inert aria-hidden="true">/)
    expect(html).toMatch(/<h1[^>]*>Sign in<\/h1>/)
    expect(html).not.toContain('class="boot"')
    expect(html).toMatch(/<style data-frame-styles>@layer reset\{[^<]+<\/style>/)
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
    // (The frame is hidden from assistive technology, so it is found by its markup.)
    await expect(page.locator('#root [inert] h1')).toHaveText('Sign in')
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

test.describe('a signed-in page from its frame', () => {
  // The server's answer to a page load: an installed service worker would answer from its own shell.
  test.use({ serviceWorkers: 'block' })

  test('is sent only to a browser signed in to its area, and painted from the HTML alone', async ({ page, context, browser }) => {
    await loginAs(page, 'client')
    // A new tab of the signed-in browser, with every script refused.
    const tab = await context.newPage()
    await tab.route(/\.js$/, (route) => route.abort())
    await tab.goto('/client/invoices')
    const frame = tab.locator('#root[data-frame] > [inert]')
    await expect(frame.locator('h1')).toHaveText('Invoices')
    await expect(frame.getByPlaceholder('Search by invoice # or company…')).toBeVisible()
    await expect(frame.locator('tbody tr[data-skeleton]').first()).toBeVisible()
    // Nothing of one user: no name in the top bar, no menu of their permissions.
    await expect(frame.locator('nav[aria-label="Main"] a')).toHaveCount(0)
    await expect(frame).not.toContainText('Sunshine')

    // Another area's page, and the same page for a browser not signed in: the plain shell.
    await tab.goto('/provider/documents')
    await expect(tab.locator('#root .boot')).toBeVisible()
    await expect(tab.locator('#root[data-frame]')).toHaveCount(0)
    const visitor = await browser.newPage()
    await visitor.route(/\.js$/, (route) => route.abort())
    await visitor.goto('/client/invoices')
    await expect(visitor.locator('#root .boot')).toBeVisible()
    await expect(visitor.locator('#root[data-frame]')).toHaveCount(0)
    await visitor.close()
  })

  test("is replaced by the app's page without the page ever leaving the screen", async ({ page }) => {
    await loginAs(page, 'client')
    // Every change to the page is checked as it lands: once the frame's heading is in, it stays.
    await page.addInitScript(() => {
      const gaps: string[] = []
      let painted = false
      Object.assign(window, { frameGaps: gaps })
      new MutationObserver(() => {
        if (document.querySelector('#root h1')) painted = true
        else if (painted) gaps.push(document.getElementById('root')?.innerHTML.slice(0, 200) ?? '')
      }).observe(document, { childList: true, subtree: true })
    })
    await page.goto('/client/invoices')
    await expect(page.locator('#root[data-frame]')).toHaveCount(1)
    await expect(page.locator('tbody tr:not([data-skeleton])').first()).toBeVisible()
    await expect(page.locator('#root [inert]')).toHaveCount(0)
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Invoices' })).toBeVisible()
    expect(await page.evaluate(() => (window as unknown as { frameGaps: string[] }).frameGaps)).toEqual([])
  })

  test('applies one style sheet, and later pages load without adding links to the head', async ({ page }) => {
    await loginAs(page, 'client')
    await page.goto('/client/invoices')
    await expectAppRendered(page)
    await expect(page.locator('tbody tr:not([data-skeleton])').first()).toBeVisible()
    // The app's own sheet, held until its page replaces the frame: no second copy applied before it.
    await expect(page.locator('link[rel="stylesheet"]')).toHaveCount(1)
    await expect(page.locator('link[rel="stylesheet"]')).toHaveAttribute('media', 'all')
    // Every link added to the head makes the browser restyle the whole page: a page loaded later (its
    // code and the code it imports) adds none.
    const links = await page.locator('head > link').count()
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Documents List' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Documents' })).toBeVisible()
    await expect(page.locator('tbody tr:not([data-skeleton])').first()).toBeVisible()
    expect(await page.locator('head > link').count()).toBe(links)
  })

  test('over a frame whose scripts cannot load the page reloads once and stays; the dashboard, without a frame, asks for its figures once', async ({
    page,
    context,
  }) => {
    // Kept on the device, so that a second tab has the session too.
    await loginAs(page, 'client', { remember: true })

    // A tab that runs the entry script (the page's own few lines) and none of the app's other scripts, as
    // after a deploy: it reloads once, and then stays on the frame.
    const tab = await context.newPage()
    await tab.route(/\/assets\/(?!index-)[^/]+\.js$/, (route) => route.abort())
    // Not waiting for the load event: the reload may cut the first load short.
    await tab.goto('/client/invoices', { waitUntil: 'commit' })
    const navigation = () =>
      tab
        .evaluate(() => [(performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming).type, sessionStorage.getItem('chunk-reload')])
        .catch(() => 'navigating')
    await expect.poll(navigation).toEqual(['reload', '1'])
    await expect(tab.locator('#root[data-frame] > [inert]')).toBeAttached()
    await tab.close()

    // The dashboard's largest text is its data: it is sent without a frame, its scripts named in the head.
    const shell = await (await page.request.get('/client/dashboard')).text()
    expect(shell).not.toContain('data-frame')
    expect(shell).toMatch(/<head>[\s\S]*<link rel="modulepreload"[\s\S]*<\/head>/)
    expect(await (await page.request.get('/client/invoices')).text()).toContain('data-frame="/client/invoices"')

    const calls: string[] = []
    page.on('request', (req) => {
      if (new URL(req.url()).pathname === '/api/dashboard/client') calls.push(req.url())
    })
    await page.goto('/client/dashboard')
    await expectAppRendered(page)
    await expect(page.getByLabel('Unread documents', { exact: true }).getByTestId('figure')).toHaveText(/^\d+$/)
    await expect(page.getByLabel('Unread documents', { exact: true }).getByRole('link', { name: 'View unread documents' })).toBeVisible()
    await page.waitForLoadState('networkidle')
    expect(calls).toHaveLength(1)
  })

  test("a signed-in user sent on from the sign-in page's frame never sees that page inside the signed-in layout", async ({ page }) => {
    await loginAs(page, 'client')
    await page.addInitScript(() => {
      const seen: string[] = []
      Object.assign(window, { signInInLayout: seen })
      new MutationObserver(() => {
        const main = document.querySelector('#root > :not([inert]) main')
        if (main?.textContent?.includes('Keep me signed in')) seen.push(main.textContent.slice(0, 80))
      }).observe(document, { childList: true, subtree: true })
    })
    await page.goto('/login')
    await expect(page).toHaveURL(/\/client\/dashboard$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible()
    expect(await page.evaluate(() => (window as unknown as { signInInLayout: string[] }).signInInLayout)).toEqual([])
  })
})
