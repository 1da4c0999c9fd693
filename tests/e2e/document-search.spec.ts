import { createCanvas } from '@napi-rs/canvas'
import { readFile } from 'node:fs/promises'
import type { Page } from '@playwright/test'
import { unzip } from '../api/zip'
import { expect, expectAccessible, loginAs, logOut, test } from './fixtures'

/**
 * The words inside a scan, end to end on the real server: the mailroom uploads a PNG letter (a scan,
 * without any text layer) for Sunshine Holdings LLC; once the server's text reader has read it, the
 * client finds it by a made-up word inside it, typed in lower case, with the word marked in the
 * snippet under the row; offline, finds by its words a second letter the list showed but that was
 * never opened, and the first after opening it; staff find it across clients. Then every document
 * matching a word common to both letters downloads as one ZIP ("all matching"), from the client's
 * table and from staff's.
 */

const WORD = 'Frondazzle'
/** In the second letter, which the client only sees listed. */
const LISTED_WORD = 'Plumbagoline'
/** In both letters. */
const SHARED_WORD = 'Tamberwick'
const FIRST_LINES = [`Final notice about the ${WORD} account.`, `Please reply to ${SHARED_WORD} within thirty days.`]
const SECOND_LINES = [`Your ${LISTED_WORD} licence was renewed.`, `Keep this ${SHARED_WORD} letter.`]

async function letter(lines: string[]): Promise<Buffer> {
  const canvas = createCanvas(1275, 320)
  const context = canvas.getContext('2d')
  context.fillStyle = '#ffffff'
  context.fillRect(0, 0, canvas.width, canvas.height)
  context.fillStyle = '#000000'
  context.font = '44px sans-serif'
  lines.forEach((line, i) => context.fillText(line, 70, 120 + i * 90))
  return canvas.encode('png')
}

test.describe.configure({ mode: 'serial' })

test('a word inside a scanned letter finds it, with the word marked under the row', async ({ page, context }) => {
  test.setTimeout(240_000)
  await loginAs(page, 'clerk')
  await page.goto('/provider/documents/add')
  await expect(page.getByRole('heading', { level: 1, name: 'Upload Documents' })).toBeVisible()
  await page.getByRole('combobox', { name: 'Client' }).fill('Sunshine')
  await page.getByRole('option', { name: /Sunshine Holdings LLC/ }).click()
  await page.getByRole('combobox', { name: 'Document Type' }).selectOption({ label: 'General Mail' })
  await page
    .getByRole('radiogroup', { name: /Jurisdiction/ })
    .getByText('Private')
    .click()
  await page.getByLabel('Choose files').setInputFiles([
    { name: 'letter-scan.png', mimeType: 'image/png', buffer: await letter(FIRST_LINES) },
    { name: 'second-scan.png', mimeType: 'image/png', buffer: await letter(SECOND_LINES) },
  ])
  await page.getByRole('button', { name: 'Upload 2 documents', exact: true }).click()
  await expect(page.getByRole('region', { name: 'Uploads from this device' }).getByText('Sent', { exact: true })).toHaveCount(2)
  await logOut(page)

  await loginAs(page, 'client')
  await page.goto(`/client/documents?q=${WORD.toLowerCase()}`)
  const table = page.getByRole('region', { name: 'Documents', exact: true })
  const snippet = table.getByTestId('document-snippet')
  // The letter is read in the background: the list finds it once it is (the demo's documents go first).
  await expect
    .poll(
      async () => {
        await page.reload()
        await expect(table.locator('tbody tr').first()).toBeVisible()
        return snippet.count()
      },
      { timeout: 200_000, intervals: [2_000, 5_000] },
    )
    .toBe(1)
  await expect(table.locator('tbody tr')).toHaveCount(1)
  await expect(snippet.locator('mark')).toHaveText(WORD)
  await expect(snippet).toContainText('Final notice about the')
  await expectAccessible(page, 'documents found by a word inside them')

  // The list seen online, its documents' words are kept on the device in the background (none opened):
  // offline, the second letter is found by a word inside it.
  const kept = (word: string) =>
    page.evaluate(async (wanted) => {
      for (const name of await caches.keys()) {
        const cache = await caches.open(name)
        for (const key of await cache.keys()) {
          if (!key.url.endsWith('/text')) continue
          const text = (await (await cache.match(key))?.text()) ?? ''
          if (text.toLowerCase().includes(wanted.toLowerCase())) return true
        }
      }
      return false
    }, word)
  await expect
    .poll(
      async () => {
        if (await kept(LISTED_WORD)) return true
        // Not read yet when the list was shown: shown again, its words are asked again.
        await page.goto('/client/documents')
        await expect(table.locator('tbody tr').first()).toBeVisible()
        return kept(LISTED_WORD)
      },
      { timeout: 120_000, intervals: [1_000, 2_000, 5_000] },
    )
    .toBe(true)
  await context.setOffline(true)
  try {
    const box = page.getByRole('searchbox', { name: 'Search documents' })
    await box.fill(LISTED_WORD.toLowerCase())
    await expect(table.getByTestId('document-snippet').locator('mark')).toHaveText(LISTED_WORD, { timeout: 15_000 })
    await expect(table.locator('tbody tr')).toHaveCount(1)
    await expect(table.getByTestId('document-snippet')).toContainText('licence was renewed')
  } finally {
    await context.setOffline(false)
  }
  await page.goto(`/client/documents?q=${WORD.toLowerCase()}`)
  await expect(snippet).toHaveCount(1)

  // Opened once, the letter's words are kept on the device: offline, the same search box finds it.
  await table.getByRole('button', { name: /^View / }).click()
  await expect(page.getByRole('dialog')).toBeVisible()
  await expect
    .poll(
      () =>
        page.evaluate(async () =>
          (await Promise.all((await caches.keys()).map(async (name) => (await caches.open(name)).keys()))).flat().some((key) => key.url.endsWith('/text')),
        ),
      {
        timeout: 20_000,
      },
    )
    .toBe(true)
  await page.keyboard.press('Escape')
  await expect(page.getByRole('dialog')).toHaveCount(0)
  await context.setOffline(true)
  try {
    const box = page.getByRole('searchbox', { name: 'Search documents' })
    await box.fill('')
    await box.fill(`reply ${WORD.toUpperCase()}`)
    await expect(table.getByTestId('document-snippet').locator('mark').first()).toBeVisible({ timeout: 15_000 })
    await expect(table.locator('tbody tr')).toHaveCount(1)
    await expect(table.getByTestId('document-snippet')).toContainText(WORD)
  } finally {
    await context.setOffline(false)
  }
  await logOut(page)

  // Staff find it across clients, the reading done (no reading badge).
  await loginAs(page, 'clerk')
  await page.goto(`/provider/documents?q=${WORD.toLowerCase()}`)
  await expect(page.getByRole('region', { name: 'Documents', exact: true }).getByTestId('document-snippet').locator('mark')).toHaveText(WORD)
  await expect(page.getByText('Words could not be read')).toHaveCount(0)
})

/**
 * Ticks one row of the search's two, chooses "Select all 2 matching" and downloads them: the ZIP holds
 * the two letters (as uploaded) and its MANIFEST.txt lists the documents the same search finds.
 */
async function downloadAllMatching(page: Page, listPath: string, apiPath: string) {
  await page.goto(`${listPath}?q=${SHARED_WORD.toLowerCase()}`)
  const table = page.getByRole('region', { name: 'Documents', exact: true })
  await expect(table.locator('tbody tr')).toHaveCount(2)
  const rowBoxes = table.locator('tbody').getByRole('checkbox')
  await rowBoxes.first().check()
  await expect(page.getByRole('button', { name: 'Download 1 as ZIP' })).toBeVisible()
  await page.getByRole('button', { name: 'Select all 2 matching' }).click()
  // Chosen, every row is ticked and the download is by the search, not by the rows.
  await expect(rowBoxes.nth(1)).toBeChecked()
  const sent = page.waitForRequest((request) => request.url().endsWith('/api/documents/archive') && request.method() === 'POST')
  const downloading = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Download all 2 matching as ZIP' }).click()
  expect((await sent).postDataJSON()).toEqual({ filter: expect.objectContaining({ q: SHARED_WORD.toLowerCase() }) })
  const download = await downloading
  expect(download.suggestedFilename()).toMatch(/\.zip$/)
  await expect(page.getByText(`Downloaded ${download.suggestedFilename()}`)).toBeVisible()
  const entries = unzip(await readFile((await download.path())!))

  const token = await page.evaluate(() => (JSON.parse(sessionStorage.getItem('session') ?? '{}') as { token: string }).token)
  const listed = await page.request.get(`${apiPath}?q=${SHARED_WORD.toLowerCase()}`, { headers: { authorization: `Bearer ${token}` } })
  expect(listed.status()).toBe(200)
  const listedDocuments = ((await listed.json()) as { data: { id: number; sizeBytes: number }[] }).data
  const ids = listedDocuments.map((document) => document.id)
  expect(ids).toHaveLength(2)
  const manifest = entries.get('MANIFEST.txt')?.toString() ?? ''
  expect(new Set([...manifest.matchAll(/^[^\r\n]+\.png: #(\d+) /gm)].map((match) => Number(match[1])))).toEqual(new Set(ids))
  // The two letters' files, whole: PNGs of the documents' sizes.
  const files = [...entries].filter(([name]) => name !== 'MANIFEST.txt')
  expect(files.map(([name]) => name)).toEqual([expect.stringMatching(/\.png$/), expect.stringMatching(/\.png$/)])
  for (const [, content] of files) expect(content.subarray(1, 4).toString('latin1')).toBe('PNG')
  expect(files.map(([, content]) => content.length).sort()).toEqual(listedDocuments.map((document) => document.sizeBytes).sort())
}

test('every document matching a search downloads as one ZIP, from the client’s table and from staff’s', async ({ page }) => {
  test.setTimeout(240_000)
  await loginAs(page, 'client')
  const clientId = await page.evaluate(() => (JSON.parse(sessionStorage.getItem('session') ?? '{}') as { user: { clientId: number } }).user.clientId)
  await downloadAllMatching(page, '/client/documents', `/api/client/documents/${clientId}`)
  await logOut(page)

  await loginAs(page, 'clerk')
  await downloadAllMatching(page, '/provider/documents', '/api/documents')
})
