#!/usr/bin/env node
// Takes the web manifest's screenshots (public/screenshots/narrow.png 390x844, wide.png 1280x720) of
// the client dashboard, from a running portal with the demo data:
//   node tests/e2e/server.mjs (with E2E_PORT=8090), then: PORTAL_URL=http://127.0.0.1:8090 node scripts/make-screenshots.mjs
import { mkdirSync } from 'node:fs'
import path from 'node:path'
import { chromium } from '@playwright/test'

const base = process.env.PORTAL_URL ?? 'http://127.0.0.1:8080'
const out = path.resolve(import.meta.dirname, '..', 'public', 'screenshots')
mkdirSync(out, { recursive: true })

const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH || '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] })
try {
  for (const [name, width, height] of [
    ['narrow', 390, 844],
    ['wide', 1280, 720],
  ]) {
    const page = await browser.newPage({ viewport: { width, height }, deviceScaleFactor: 1, serviceWorkers: 'block' })
    await page.goto(`${base}/login`)
    await page.getByLabel('E-mail').fill('client@demo.test')
    await page.locator('input[name="password"]').fill('Demo-pass-2026!')
    await page.getByRole('button', { name: 'Sign in' }).click()
    await page.waitForURL(/\/client\/dashboard$/)
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor()
    await page.waitForLoadState('networkidle')
    // No hover highlight in the picture.
    await page.mouse.move(width - 2, height - 2)
    await page.screenshot({ path: path.join(out, `${name}.png`) })
    console.log(`wrote public/screenshots/${name}.png (${width}x${height})`)
    await page.close()
  }
} finally {
  await browser.close()
}
