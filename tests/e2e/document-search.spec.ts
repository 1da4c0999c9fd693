import { createCanvas } from '@napi-rs/canvas'
import { expect, expectAccessible, loginAs, logOut, test } from './fixtures'

/**
 * The words inside a scan, end to end on the real server: the mailroom uploads a PNG letter (a scan,
 * without any text layer) for Sunshine Holdings LLC; once the server's text reader has read it, the
 * client finds it by a made-up word inside it, typed in lower case, with the word marked in the
 * snippet under the row; offline, finds by its words a second letter the list showed but that was
 * never opened, and the first after opening it; staff find it across clients.
 */

const WORD = 'Frondazzle'
/** In the second letter, which the client only sees listed. */
const LISTED_WORD = 'Plumbagoline'

async function letter(lines = [`Final notice about the ${WORD} account.`, 'Please reply within thirty days.']): Promise<Buffer> {
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
    { name: 'letter-scan.png', mimeType: 'image/png', buffer: await letter() },
    { name: 'second-scan.png', mimeType: 'image/png', buffer: await letter([`Your ${LISTED_WORD} licence was renewed.`, 'Keep this letter.']) },
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
