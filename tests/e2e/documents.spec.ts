import type { Locator, Page } from '@playwright/test'
import { DEMO, DEMO_PASSWORD, expect, expectAccessible, loginAs, test } from './fixtures'
import { pdf } from './pdf'

/**
 * Documents end to end on the real server and the demo data: the mailroom uploads scans for Sunshine
 * Holdings LLC, the client reads one (Unread becomes Read) and asks for it by mail, staff mark the
 * request Mailed with a tracking number, the client sees the timeline; deleting needs DCD. Then the
 * offline parts: an opened file reads offline, a mail request made offline is sent once when the
 * connection returns, and an upload cut off by the network goes on from the server's offset, once.
 *
 * The first tests run in order on one server and share what they upload (files named by this run).
 */

const RUN = `e2e-${Date.now().toString(36)}`
const FILE_A = `${RUN}-a.pdf`
const FILE_B = `${RUN}-b.pdf`
/** The batch of the per-file details test: a name of its own, so the serial tests' searches for RUN don't find it. */
const BATCH = `batch-${Date.now().toString(36)}`

/** Today on the New York clock as the documents table writes it: 21-Nov-2026. */
function todayDocumentDate(): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-US', { timeZone: 'America/New_York', year: 'numeric', month: 'short', day: '2-digit' })
      .formatToParts(new Date())
      .map((part) => [part.type, part.value]),
  )
  return `${parts.day}-${parts.month}-${parts.year}`
}

function documentsTable(page: Page) {
  return page.getByRole('region', { name: 'Documents', exact: true })
}

/** A row's cell under the column named `column`. */
async function cell(page: Page, row: Locator, column: string): Promise<Locator> {
  const headers = (await documentsTable(page).getByRole('columnheader').allTextContents()).map((text) => text.trim())
  const index = headers.findIndex((text) => text.startsWith(column))
  expect(index, `column ${column} in ${headers.join(' | ')}`).toBeGreaterThanOrEqual(0)
  return row.getByRole('cell').nth(index)
}

/** Narrows a documents table with its search box (the server matches the uploaded file name). */
async function search(page: Page, text: string, rows: number) {
  await page.getByRole('searchbox', { name: 'Search documents' }).fill(text)
  await expect(documentsTable(page).locator('tbody tr')).toHaveCount(rows)
}

/** A control's border colour: the danger colour only once the form has marked it invalid. */
const borderColor = (control: Locator) => control.evaluate((element) => getComputedStyle(element).borderTopColor)

/** Uploads files for a client through the form, as the mailroom does. */
async function upload(page: Page, company: string, files: { name: string; buffer: Buffer }[]) {
  await page.goto('/provider/documents/add')
  await expect(page.getByRole('heading', { level: 1, name: 'Upload Documents' })).toBeVisible()
  await page.getByRole('combobox', { name: 'Client' }).fill(company.split(' ')[0])
  await page.getByRole('option', { name: new RegExp(company) }).click()
  await page.getByRole('combobox', { name: 'Document Type' }).selectOption({ label: 'General Mail' })
  await page
    .getByRole('radiogroup', { name: /Jurisdiction/ })
    .getByText('Private')
    .click()
  await expect(page.getByRole('radio', { name: 'Private' })).toBeChecked()
  await page.getByLabel('Choose files').setInputFiles(files.map((file) => ({ name: file.name, mimeType: 'application/pdf', buffer: file.buffer })))
  const list = page.getByRole('list', { name: 'Files to upload' })
  await expect(list.getByRole('listitem')).toHaveCount(files.length)
}

test('the upload form marks the Client field wrong only once an upload was tried without one', async ({ page }) => {
  await loginAs(page, 'clerk')
  await page.goto('/provider/documents/add')
  await expect(page.getByRole('heading', { level: 1, name: 'Upload Documents' })).toBeVisible()
  const client = page.getByRole('combobox', { name: 'Client' })
  const neutral = await borderColor(page.getByLabel('Date Received'))
  // Before any input: an empty required field is not an error yet.
  await expect(client).not.toHaveAttribute('aria-invalid')
  expect(await borderColor(client)).toBe(neutral)

  await page.getByRole('button', { name: 'Upload' }).click()
  await expect(client).toHaveAttribute('aria-invalid', 'true')
  await expect(client).toHaveAccessibleDescription('This field is mandatory')
  expect(await borderColor(client)).not.toBe(neutral)

  await client.fill('Sunshine')
  await page.getByRole('option', { name: /Sunshine Holdings LLC/ }).click()
  await expect(client).not.toHaveAttribute('aria-invalid')
  await page.getByRole('heading', { level: 1, name: 'Upload Documents' }).click()
  expect(await borderColor(client)).toBe(neutral)
})

test('one file of a batch keeps its own type and date; the client picker finds a company by its mailbox number', async ({ page }) => {
  test.setTimeout(60_000)
  await loginAs(page, 'clerk')
  const session = await page.evaluate(() => JSON.parse(sessionStorage.getItem('session') ?? '{}') as { token: string })
  const headers = { authorization: `Bearer ${session.token}` }

  await page.goto('/provider/documents/add')
  // The demo's Sunshine Holdings has mailbox MB-1042: its number finds it, and the option names it.
  const client = page.getByRole('combobox', { name: 'Client' })
  await client.fill('MB-1042')
  await expect(page.getByRole('option', { name: /^Sunshine Holdings LLC \(.*, mailbox MB-1042\)$/ })).toBeVisible()
  await expect(page.getByRole('listbox').getByRole('option')).toHaveCount(1)
  // The batch itself goes to Gulf Coast, whose documents no other spec counts.
  await client.fill('Gulf Coast')
  await page.getByRole('option', { name: /Gulf Coast Ventures Inc/ }).click()
  await page.getByRole('combobox', { name: 'Document Type' }).selectOption({ label: 'General Mail' })
  await page
    .getByRole('radiogroup', { name: /Jurisdiction/ })
    .getByText('Private')
    .click()
  const batchDate = await page.getByLabel('Date Received').inputValue()
  const files = [`${BATCH}-first.pdf`, `${BATCH}-own.pdf`]
  await page.getByLabel('Choose files').setInputFiles(files.map((name) => ({ name, mimeType: 'application/pdf', buffer: pdf(name) })))
  const list = page.getByRole('list', { name: 'Files to upload' })
  await expect(list.getByRole('listitem')).toHaveCount(2)
  await expect(list.getByText('As the batch')).toHaveCount(2)

  // The second file: a bank statement that arrived the day before, in the state's mail.
  await list.getByRole('button', { name: `Change details of ${files[1]}` }).click()
  const own = list.getByRole('group', { name: `Details of ${files[1]}` })
  await own.getByRole('combobox', { name: 'Document Type' }).selectOption({ label: 'Bank Statement' })
  await own.getByRole('combobox', { name: 'Jurisdiction' }).selectOption({ label: 'Federal' })
  const dayBefore = new Date(Date.parse(`${batchDate}T12:00:00Z`) - 86_400_000).toISOString().slice(0, 10)
  await own.getByLabel('Date Received').fill(dayBefore)
  await list.getByRole('button', { name: `Close details of ${files[1]}` }).click()
  await expect(list.getByText(`Bank Statement · Federal · ${dayBefore}`)).toBeVisible()
  await expect(list.getByText('As the batch')).toHaveCount(1)
  await expectAccessible(page, 'upload form with a file of its own details')

  await page.getByRole('button', { name: 'Upload 2 documents' }).click()
  await expect(page.getByRole('region', { name: 'Uploads from this device' }).getByText('Sent', { exact: true })).toHaveCount(2)
  const uploaded = await (await page.request.get(`/api/documents?q=${BATCH}&pageSize=10`, { headers })).json()
  const byName = (name: string) => uploaded.data.find((row: { originalFileName: string }) => row.originalFileName === name)
  expect(byName(files[0])).toMatchObject({ documentTypeNavigation: { name: 'General Mail' }, jurisdictionName: 'Private', dateReceived: batchDate })
  expect(byName(files[1])).toMatchObject({ documentTypeNavigation: { name: 'Bank Statement' }, jurisdictionName: 'Federal', dateReceived: dayBefore })
})

test("a photo of a client's cover sheet chooses the client and stays out of the batch", async ({ page }) => {
  test.setTimeout(60_000)
  await loginAs(page, 'clerk')
  const session = await page.evaluate(() => JSON.parse(sessionStorage.getItem('session') ?? '{}') as { token: string })
  const answer = await page.request.get('/api/client?q=MB-1042&pageSize=10', { headers: { authorization: `Bearer ${session.token}` } })
  expect(answer.status(), await answer.text()).toBe(200)
  const clients = await answer.json()
  const sunshine = clients.data.find((client: { mailboxNumber: string | null }) => client.mailboxNumber === 'MB-1042') as { id: number }

  // The sheet, as staff print it from the client's profile.
  await page.goto(`/provider/clients/${sunshine.id}`)
  await page.getByRole('button', { name: 'Cover sheet' }).click()
  const dialog = page.getByRole('dialog', { name: 'Cover sheet' })
  await expect(dialog.getByRole('img', { name: 'QR code of mailbox MB-1042' })).toBeVisible()
  await expectAccessible(page, 'cover sheet dialog')
  const photo = await dialog.getByTestId('cover-sheet').screenshot({ type: 'png' })
  await dialog.getByRole('button', { name: 'Close' }).click()

  // The mailroom photographs it with a letter: the sheet picks the client, the letter stays a page.
  await page.goto('/provider/documents/add')
  // The page's frame (painted before the app starts) holds an inert copy of the file input: wait for the app's page.
  await expect(page.getByRole('heading', { level: 1, name: 'Upload Documents' })).toBeVisible()
  await page.getByLabel('Choose files').setInputFiles([
    { name: 'sheet.png', mimeType: 'image/png', buffer: photo },
    { name: 'letter.pdf', mimeType: 'application/pdf', buffer: pdf('cover sheet test letter') },
  ])
  await expect(page.getByText('Cover sheet read: mailbox MB-1042, Sunshine Holdings LLC. The sheet itself is not uploaded.')).toBeVisible({ timeout: 15_000 })
  await expect(page.getByRole('combobox', { name: 'Client' })).toHaveValue(/^Sunshine Holdings LLC \(/)
  const list = page.getByRole('list', { name: 'Files to upload' })
  await expect(list.getByRole('listitem')).toHaveCount(1)
  await expect(list.getByText('letter.pdf')).toBeVisible()
})

test.describe.serial('documents, mail requests and the mailroom', () => {
  let requestId = ''

  test('the mailroom clerk uploads two PDFs for Sunshine Holdings LLC, each with its progress', async ({ page }) => {
    test.setTimeout(60_000)
    await loginAs(page, 'clerk')
    await upload(page, 'Sunshine Holdings LLC', [
      { name: FILE_A, buffer: pdf(`${RUN} first`) },
      { name: FILE_B, buffer: pdf(`${RUN} second`) },
    ])
    const posts: string[] = []
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/uploads') posts.push(request.headers()['idempotency-key'] ?? '')
    })
    await expectAccessible(page, 'upload form with two files')
    await page.getByRole('button', { name: 'Upload 2 documents' }).click()
    await expect(page.getByText('2 documents for Sunshine Holdings LLC saved on this device', { exact: true })).toBeVisible()
    // The form asks for the client of the next batch, without calling the empty field wrong; each upload
    // shows its state below.
    const client = page.getByRole('combobox', { name: 'Client' })
    await expect(client).toHaveValue('')
    await expect(client).not.toHaveAttribute('aria-invalid')
    expect(await borderColor(client)).toBe(await borderColor(page.getByLabel('Date Received')))
    const outbox = page.getByRole('region', { name: 'Uploads from this device' })
    await expect(outbox.getByText('Sent', { exact: true })).toHaveCount(2)
    // One upload per file, each with its own key.
    expect(posts).toHaveLength(2)
    expect(new Set(posts).size).toBe(2)
  })

  test("the client sees them Unread with today's date, opens one (now Read) and requests it by mail", async ({ page }) => {
    test.setTimeout(90_000)
    await loginAs(page, 'client')
    // With the service worker in control, the viewer shows the PDF under its real name.
    await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller)).catch(() => false), { timeout: 30_000 }).toBe(true)
    await page.getByRole('link', { name: 'Documents List' }).first().click()
    await expect(page.getByRole('heading', { level: 1, name: 'Documents List' })).toBeVisible()
    await expect(page.getByText('You have 60 days from upload to request a document by mail. After that, it is shredded.')).toBeVisible()
    await search(page, RUN, 2)

    const rows = documentsTable(page).locator('tbody tr')
    for (const row of await rows.all()) {
      await expect(await cell(page, row, 'Date Received')).toHaveText(todayDocumentDate())
      await expect(await cell(page, row, 'Status')).toHaveText('Unread')
      await expect(await cell(page, row, 'Days Left')).toHaveText('60 days')
    }

    const first = rows.first()
    await first.getByRole('button', { name: /^View / }).click()
    const viewer = page.getByRole('dialog', { name: /General Mail received/ })
    await expect(viewer).toBeVisible()
    // Not a blob: address (the browser's PDF toolbar would title and save it as a random id), but one
    // ending in the file's own name, whose answer names it too.
    const frame = viewer.locator('iframe')
    await expect(frame).toHaveAttribute('src', /^\/document-files\/\d+\/\d+\/[^/]+\.pdf$/)
    const src = (await frame.getAttribute('src'))!
    const fileName = decodeURIComponent(src.split('/').pop()!)
    expect(fileName).toMatch(/^Sunshine-Holdings-LLC_General-Mail_\d{4}-\d{2}-\d{2}.*\.pdf$/)
    const served = await page.evaluate(async (url) => {
      const res = await fetch(url)
      return {
        status: res.status,
        type: res.headers.get('content-type'),
        disposition: res.headers.get('content-disposition'),
        head: (await res.text()).slice(0, 5),
      }
    }, src)
    expect(served).toMatchObject({ status: 200, type: 'application/pdf', head: '%PDF-' })
    expect(served.disposition).toContain(`inline; filename="${fileName}"`)
    await expectAccessible(page, 'document viewer')
    await viewer.getByRole('button', { name: 'Close', exact: true }).first().click()
    await expect(viewer).toBeHidden()
    await expect(await cell(page, first, 'Status')).toHaveText('Read')

    // Still Read after a fresh load: the server recorded it.
    await page.reload()
    await search(page, RUN, 2)
    const readRows = documentsTable(page).locator('tbody tr').filter({ hasText: 'Read' }).filter({ hasNotText: 'Unread' })
    await expect(readRows).toHaveCount(1)

    // One primary action (View); the others are in the row's menu.
    await readRows.getByRole('button', { name: /^More actions/ }).click()
    await page.getByRole('menuitem', { name: 'Request by mail' }).click()
    await expect(page).toHaveURL(/\/client\/document-request\?documentId=\d+/)
    await expect(page.getByRole('heading', { level: 1, name: 'Request a Document' })).toBeVisible()
    // The address starts as the client's own.
    await expect(page.getByRole('textbox', { name: 'Address', exact: true })).not.toHaveValue('')
    await expect(page.getByRole('textbox', { name: 'City' })).not.toHaveValue('')
    await expect(page.getByRole('checkbox', { checked: true })).toHaveCount(1)
    await page.getByRole('button', { name: 'Request by mail' }).click()

    await expect(page).toHaveURL(/\/client\/document-progress\/\d+$/)
    requestId = page.url().split('/').pop()!
    await expect(page.getByRole('heading', { level: 1, name: 'Document Progress' })).toBeVisible()
    const timeline = page.getByRole('list', { name: 'Request timeline' })
    await expect(timeline.getByRole('listitem')).toHaveCount(4)
    await expect(timeline.getByRole('listitem').nth(0)).toContainText('Requested')
    await expect(timeline.getByRole('listitem').nth(0)).toHaveAttribute('aria-current', 'step')
    await expect(timeline.getByRole('listitem').nth(2)).toContainText('Mailed (not yet)')
  })

  test('staff mark the request Processing, then Mailed with a tracking number', async ({ page }) => {
    test.setTimeout(60_000)
    expect(requestId).not.toBe('')
    await loginAs(page, 'admin')
    await page.goto('/provider/document-progress/' + requestId)
    await expect(page.getByRole('heading', { level: 1, name: 'Document Progress' })).toBeVisible()

    await page.getByRole('button', { name: 'Mark as Processing' }).click()
    await page.getByRole('dialog', { name: 'Mark as Processing' }).getByRole('button', { name: 'Mark as Processing' }).click()
    await expect(page.getByText('The request is marked as Processing; the client has been notified')).toBeVisible()

    await page.getByRole('button', { name: 'Mark as Mailed' }).click()
    const dialog = page.getByRole('dialog', { name: 'Mark as Mailed' })
    // The carrier starts as the one the client chose (the first option, USPS); both are required for Mailed.
    await expect(dialog.getByLabel('Carrier')).toHaveValue('USPS')
    await dialog.getByLabel('Carrier').fill('')
    await dialog.getByRole('button', { name: 'Mark as Mailed' }).click()
    await expect(dialog.getByText('This field is mandatory')).toHaveCount(2)
    await expectAccessible(page, 'Mailed dialog with errors')
    await dialog.getByLabel('Carrier').fill('USPS')
    await dialog.getByLabel('Tracking Number').fill('9400111899223344556677')
    await dialog.getByRole('button', { name: 'Mark as Mailed' }).click()
    await expect(dialog).toBeHidden()
    await expect(page.getByText('The request is marked as Mailed; the client has been notified')).toBeVisible()
    await expect(page.getByRole('button', { name: 'Mark as Delivered' })).toBeVisible()
  })

  test('the client sees Mailed with the carrier and tracking number, and is told in the bell', async ({ page }) => {
    await loginAs(page, 'client')
    await page.goto('/client/document-progress/' + requestId)
    const timeline = page.getByRole('list', { name: 'Request timeline' })
    await expect(timeline.getByRole('listitem').nth(2)).toContainText('Mailed')
    await expect(timeline.getByRole('listitem').nth(2)).toContainText('USPS, tracking number 9400111899223344556677')
    await expect(timeline.getByRole('listitem').nth(2)).toHaveAttribute('aria-current', 'step')
    await expect(timeline.getByRole('listitem').nth(3)).toContainText('Delivered (not yet)')

    await page.getByRole('button', { name: /^Notifications, \d+ unread$/ }).click()
    await expect(page.getByRole('menuitem', { name: /General Mail is now Mailed \(USPS, tracking number 9400111899223344556677\)/ })).toBeVisible()
    await page.keyboard.press('Escape')

    // The documents list: the mailed original shows when it left and its tracking, not a countdown,
    // and cannot be requested again.
    await page.goto('/client/documents')
    await search(page, RUN, 2)
    const mailed = documentsTable(page).locator('tbody tr').filter({ hasText: 'Original mailed on' })
    await expect(mailed).toHaveCount(1)
    await expect(await cell(page, mailed, 'Days Left')).toHaveText(`Original mailed on ${todayDocumentDate()}USPS tracking 9400111899223344556677`)
    await mailed.getByRole('button', { name: /^More actions/ }).click()
    await expect(page.getByRole('menuitem', { name: 'Download' })).toBeVisible()
    await expect(page.getByRole('menuitem', { name: /Request by mail/ })).toHaveCount(0)
    await page.keyboard.press('Escape')
  })

  test('an agent without DCD sees no delete button', async ({ page }) => {
    await loginAs(page, 'clerk')
    await page.goto('/provider/documents')
    await expect(page.getByRole('heading', { level: 1, name: 'Documents' })).toBeVisible()
    await search(page, RUN, 2)
    // Staff see no Read/Unread column; a company column instead.
    const headers = await documentsTable(page).getByRole('columnheader').allTextContents()
    expect(headers.map((h) => h.trim())).toEqual(expect.arrayContaining(['Company', 'Date Received', 'Type', 'Jurisdiction', 'Days Left', 'Actions']))
    expect(headers.map((h) => h.trim())).not.toContain('Status')
    await expect(documentsTable(page).getByRole('button', { name: /^View / })).toHaveCount(2)
    await documentsTable(page)
      .locator('tbody tr')
      .first()
      .getByRole('button', { name: /^More actions/ })
      .click()
    await expect(page.getByRole('menuitem', { name: 'Download' })).toBeVisible()
    await expect(page.getByRole('menuitem', { name: 'Delete' })).toHaveCount(0)
    await page.keyboard.press('Escape')
  })

  test("the office manager deletes a document and sees 'Document deleted successfully'", async ({ page }) => {
    await loginAs(page, 'manager')
    await page.goto('/provider/documents')
    await search(page, RUN, 2)
    const rows = documentsTable(page).locator('tbody tr')
    await page.getByRole('searchbox', { name: 'Search documents' }).fill(FILE_B)
    await expect(rows).toHaveCount(1)
    await rows
      .first()
      .getByRole('button', { name: /^More actions/ })
      .click()
    await page.getByRole('menuitem', { name: 'Delete' }).click()
    const dialog = page.getByRole('alertdialog', { name: 'Delete document' })
    await dialog.getByRole('button', { name: 'Delete', exact: true }).click()
    await expect(page.getByText('Document deleted successfully')).toBeVisible()
    await expect(dialog).toBeHidden()
    await expect(documentsTable(page).getByText('No results.')).toBeVisible()
  })
})

test.describe('offline and poor connections', () => {
  test('a document the client opened opens again offline', async ({ page, context }) => {
    await loginAs(page, 'client2')
    await page.goto('/client/documents')
    const rows = documentsTable(page).locator('tbody tr')
    await expect(rows.first()).toBeVisible()
    // The same row element later: rows are keyed by document, so it stays that document's row even when
    // other tests add documents for this client meanwhile and the order changes.
    const row = (await rows
      .filter({ has: page.getByRole('button', { name: /^View / }) })
      .first()
      .elementHandle())!
    const view = async () => (await row.$('button[aria-label^="View "]'))!.click()
    await view()
    const viewer = page.getByRole('dialog', { name: /received/ })
    await expect(viewer.locator('iframe, img')).toHaveAttribute('src', /^(blob:|\/document-files\/)/)
    await viewer.getByRole('button', { name: 'Close', exact: true }).first().click()

    await context.setOffline(true)
    try {
      await view()
      await expect(viewer.getByText('You are offline: this is the copy saved on this device.')).toBeVisible()
      await expect(viewer.locator('iframe, img')).toHaveAttribute('src', /^(blob:|\/document-files\/)/)
    } finally {
      await context.setOffline(false)
    }
  })

  test('a mail request made offline is kept, then sent once with its Idempotency-Key when back online', async ({ page, context }) => {
    await loginAs(page, 'client2')
    // Online first, so the pages' code is loaded before the connection goes.
    await page.goto('/client/requested-documents')
    await expect(page.getByRole('heading', { level: 1, name: 'Requested Documents' })).toBeVisible()
    await page.getByRole('link', { name: 'Request a document' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Request a Document' })).toBeVisible()
    const documents = page.getByRole('region', { name: 'Documents to mail' })
    await documents.locator('[data-part="control"]').first().click()
    await expect(documents.getByRole('checkbox').first()).toBeChecked()
    await expect(page.getByRole('textbox', { name: 'City' })).not.toHaveValue('')

    // Calls the server answered (an attempt the network drops as it comes back is retried with the same key).
    const posts: { key: string | undefined }[] = []
    page.on('requestfinished', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/client/document-request')
        posts.push({ key: request.headers()['idempotency-key'] })
    })

    await context.setOffline(true)
    await page.getByRole('button', { name: 'Request by mail' }).click()
    await expect(page).toHaveURL(/\/client\/requested-documents$/)
    const saved = page.getByRole('region', { name: 'Requests saved on this device' })
    await expect(saved.getByText('Waiting to send', { exact: true })).toHaveCount(1)
    expect(posts).toHaveLength(0)

    await context.setOffline(false)
    await expect(saved.getByText('Sent', { exact: true })).toHaveCount(1, { timeout: 15_000 })
    expect(posts).toHaveLength(1)
    expect(posts[0].key).toMatch(/^mail-request-/)
    await expect(page.getByRole('region', { name: 'Requested documents' }).getByText('Requested').first()).toBeVisible()
  })

  test('a mail request queued offline survives a reload without a connection and is sent once when it returns', async ({ page, context }) => {
    test.setTimeout(90_000)
    await loginAs(page, 'client2')
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready
      if (navigator.serviceWorker.controller) return
      await new Promise<void>((resolve) => navigator.serviceWorker.addEventListener('controllerchange', () => resolve(), { once: true }))
    })
    await page.goto('/client/requested-documents')
    await expect(page.getByRole('heading', { level: 1, name: 'Requested Documents' })).toBeVisible()
    await page.getByRole('link', { name: 'Request a document' }).click()
    const documents = page.getByRole('region', { name: 'Documents to mail' })
    await documents.locator('[data-part="control"]').first().click()
    await expect(page.getByRole('textbox', { name: 'City' })).not.toHaveValue('')

    // Calls the server answered (an attempt the network drops as it comes back is retried with the same key).
    // On the context: after the reload, the service worker's Background Sync may be the one that sends it.
    const posts: (string | undefined)[] = []
    context.on('requestfinished', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/client/document-request') posts.push(request.headers()['idempotency-key'])
    })
    await context.setOffline(true)
    await page.getByRole('button', { name: 'Request by mail' }).click()
    const saved = page.getByRole('region', { name: 'Requests saved on this device' })
    const waiting = saved.getByText('Waiting to send', { exact: true })
    await expect(waiting).toHaveCount(1)

    await page.reload()
    await expect(page.getByRole('heading', { level: 1, name: 'Requested Documents' })).toBeVisible()
    await expect(waiting).toBeVisible()
    expect(posts).toHaveLength(0)

    await context.setOffline(false)
    await expect.poll(() => posts.length, { timeout: 20_000 }).toBe(1)
    expect(posts[0]).toMatch(/^mail-request-/)
    await expect(saved.getByText('Sent', { exact: true })).toHaveCount(1)
    await expect(waiting).toHaveCount(0)
    expect(posts).toHaveLength(1)
  })

  test('a scan whose connection is cut mid-way goes on by itself from where the server got to, and becomes one document', async ({ page, request }) => {
    test.setTimeout(120_000)
    await loginAs(page, 'clerk')
    const name = `${RUN}-cut.pdf`
    // Large enough to be sent in several steps of progress (the server checks only its first bytes).
    const scan = Buffer.concat([pdf(`${RUN} cut`), Buffer.alloc(1024 * 1024, 0x20)])
    await upload(page, 'Gulf Coast Ventures Inc', [{ name, buffer: scan }])
    const tus: string[] = []
    page.on('request', (sent) => {
      if (new URL(sent.url()).pathname.startsWith('/api/uploads')) tus.push(`${sent.method()} ${sent.headers()['upload-offset'] ?? ''}`.trim())
    })
    let cut = false
    // On the context: the service worker's Background Sync may be the one that sends it again.
    await page.context().route('**/api/uploads/*', async (route) => {
      if (route.request().method() === 'PATCH' && !cut) {
        cut = true
        await route.abort('connectionreset')
      } else {
        await route.continue()
      }
    })
    await page.getByRole('button', { name: 'Upload', exact: true }).click()
    const outbox = page.getByRole('region', { name: 'Uploads from this device' })
    // A cut connection goes on by itself (no Retry needed, none offered): the server's offset first.
    await expect(outbox.getByText('Sent', { exact: true })).toHaveCount(1, { timeout: 30_000 })
    expect(cut).toBe(true)
    expect(tus[0]).toBe('POST')
    expect(tus.slice(1)).toEqual(['PATCH 0', 'HEAD', 'PATCH 0'])

    // One document on the server.
    const login = await request.post('/api/auth/login', { data: { email: DEMO.admin.email, password: DEMO_PASSWORD } })
    const admin = (await login.json()).token
    const list = await (await request.get(`/api/documents?q=${RUN}-cut&pageSize=10`, { headers: { authorization: `Bearer ${admin}` } })).json()
    expect(list.total).toBe(1)
  })

  test('while a scan is sent, its row shows the bytes sent and the speed', async ({ page }) => {
    test.setTimeout(120_000)
    await loginAs(page, 'clerk')
    const name = `${RUN}-progress.pdf`
    const scan = Buffer.concat([pdf(`${RUN} progress`), Buffer.alloc(2 * 1024 * 1024, 0x20)])
    await upload(page, 'Gulf Coast Ventures Inc', [{ name, buffer: scan }])
    // A slow link (256 KB/s up), so the upload takes several seconds.
    const cdp = await page.context().newCDPSession(page)
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 20, downloadThroughput: -1, uploadThroughput: 256 * 1024 })
    await page.getByRole('button', { name: 'Upload', exact: true }).click()
    const row = page.getByRole('region', { name: 'Uploads from this device' }).getByRole('listitem', { name: new RegExp(name) })
    await expect(row.getByTestId('upload-progress')).toHaveText(/^[\d.]+ (bytes|KB|MB) of 2(\.0)? MB sent · [\d.]+ (bytes|KB|MB)\/s$/, { timeout: 20_000 })
    await expect(row.getByRole('progressbar')).toBeVisible()
    await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 })
    await expect(row.getByText('Sent', { exact: true })).toBeVisible({ timeout: 30_000 })
  })
})
