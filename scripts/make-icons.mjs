#!/usr/bin/env node
// Renders the portal's icons (public/icons/*.png) from one SVG mark with headless Chromium. The tab's
// icon is a PNG too: an SVG icon is opened as a small document of its own on the page's main thread,
// a long task in the middle of every page load. Run again after changing the mark:
// `node scripts/make-icons.mjs`.
import { mkdirSync } from 'node:fs'
import path from 'node:path'
import { chromium } from '@playwright/test'

const root = path.resolve(import.meta.dirname, '..')
const out = path.join(root, 'public')
const accent = '#1d4ed8'

/** The mark on a 64-unit grid: a courthouse-like building (registered agent) in white. */
const building = 'M14 24 32 13l18 11v4H14zM18 31h5v15h-5zM29.5 31h5v15h-5zM41 31h5v15h-5zM13 49h38v4H13z'

const roundedIcon = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" rx="14" fill="${accent}"/><path d="${building}" fill="#fff"/></svg>`
// Maskable: full-bleed background; the mark sits inside the central 80% safe zone.
const maskableIcon = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64"><rect width="64" height="64" fill="${accent}"/><g transform="translate(12.8 12.8) scale(0.6)"><path d="${building}" fill="#fff"/></g></svg>`

const targets = [
  { file: 'icons/favicon-48.png', svg: roundedIcon, size: 48 },
  { file: 'icons/icon-192.png', svg: roundedIcon, size: 192 },
  { file: 'icons/icon-512.png', svg: roundedIcon, size: 512 },
  { file: 'icons/icon-maskable-512.png', svg: maskableIcon, size: 512 },
  { file: 'icons/apple-touch-icon.png', svg: maskableIcon, size: 180 },
]

const executablePath = process.env.CHROME_PATH || '/usr/bin/chromium'
const browser = await chromium.launch({ executablePath, args: ['--no-sandbox', '--disable-gpu'] })
try {
  const page = await browser.newPage()
  mkdirSync(path.join(out, 'icons'), { recursive: true })
  for (const { file, svg, size } of targets) {
    await page.setViewportSize({ width: size, height: size })
    await page.setContent(`<html><body style="margin:0;background:transparent">${svg.replace('<svg ', `<svg width="${size}" height="${size}" `)}</body></html>`)
    await page.screenshot({ path: path.join(out, file), omitBackground: true, clip: { x: 0, y: 0, width: size, height: size } })
    console.log('wrote', file)
  }
} finally {
  await browser.close()
}
