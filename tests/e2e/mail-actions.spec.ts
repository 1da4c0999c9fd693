import type { APIRequestContext, Page } from '@playwright/test'
import { DEMO, DEMO_PASSWORD, expect, expectAppRendered, loginAs, logOut, test } from './fixtures'
import { pdf } from './pdf'

/**
 * Mail actions end to end: the mailroom uploads an envelope, the client asks for it to be opened and
 * scanned from its documents list, the clerk completes the request from the Mail actions page with the
 * scan, which the client then finds; and a client's "Shred" removes a scan's file at once.
 */

const RUN = `e2e-${Date.now().toString(36)}`
/** A page's first load, its scripts included, on a busy machine. */
const PAGE_LOAD = 20_000

async function signIn(request: APIRequestContext, email: string): Promise<{ token: string; clientId: number | null }> {
  const res = await request.post('/api/auth/login', { data: { email, password: DEMO_PASSWORD, remember: false } })
  expect(res.status()).toBe(200)
  const body = await res.json()
  return { token: body.token, clientId: body.user.clientId ?? null }
}

/** The client's documents list showing one document, and its row's menu opened. */
async function openRowMenu(page: Page, documentId: number) {
  await page.goto(`/client/documents?document=${documentId}`)
  await expect(page.getByRole('heading', { level: 1, name: 'Documents List' })).toBeVisible({ timeout: PAGE_LOAD })
  await expectAppRendered(page)
  // The one document's row (the header and the filter row aside).
  const menu = page.getByRole('table', { name: 'Documents' }).getByRole('button', { name: /^More actions:/ })
  await expect(menu).toHaveCount(1)
  await menu.click()
}

test('an envelope is opened and scanned at the client’s request, and shred now removes a scan’s file', async ({ page, request }) => {
  test.setTimeout(180_000)
  const clerk = await signIn(request, DEMO.clerk.email)
  const client = await signIn(request, DEMO.client.email)
  const clientId = client.clientId!
  const asClerk = { authorization: `Bearer ${clerk.token}` }
  const asClient = { authorization: `Bearer ${client.token}` }
  const types: { id: number; name: string }[] = await (await request.get('/api/document-types', { headers: asClerk })).json()
  const general = types.find((type) => type.name === 'General Mail')!
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(new Date())
  const upload = async (name: string, kind: 'document' | 'envelope') => {
    const res = await request.post(`/api/document/client/${clientId}`, {
      headers: asClerk,
      multipart: {
        documentTypeId: String(general.id),
        jurisdiction: '3',
        dateReceived: today,
        kind,
        file: { name: `${RUN}-${name}.pdf`, mimeType: 'application/pdf', buffer: pdf(`${name} ${RUN}`) },
      },
    })
    expect(res.status()).toBe(201)
    return (await res.json()).documents[0].id as number
  }
  const envelopeId = await upload('envelope', 'envelope')
  const scanId = await upload('scan', 'document')
  const documentOf = async (id: number) => (await (await request.get(`/api/client/documents/${clientId}?id=${id}`, { headers: asClient })).json()).data[0]

  // 1. The client finds the envelope marked as such, and asks for it to be opened and scanned.
  await loginAs(page, 'client')
  await openRowMenu(page, envelopeId)
  await expect(page.getByTestId('mail-state')).toContainText('Envelope')
  await page.getByRole('menuitem', { name: 'Open and scan' }).click()
  const ask = page.getByRole('alertdialog', { name: 'Open and scan' })
  await expect(ask).toContainText('The mailroom opens the envelope')
  await ask.getByRole('button', { name: 'Open and scan' }).click()
  await expect(ask).toBeHidden()
  await expect(page.getByTestId('mail-state')).toContainText('Open and scan requested')
  const asked = (await documentOf(envelopeId)).mailAction
  expect(asked).toMatchObject({ action: 'open-and-scan', status: 'open' })

  // 2. Shred now: the scan's file is gone at once, the record stays, shredded.
  await openRowMenu(page, scanId)
  await page.getByRole('menuitem', { name: 'Shred' }).click()
  const shred = page.getByRole('alertdialog', { name: 'Shred' })
  await expect(shred).toContainText('The scan is deleted now')
  await shred.getByRole('button', { name: 'Shred' }).click()
  await expect(shred).toBeHidden()
  await expect(page.getByRole('table', { name: 'Documents' }).getByText('Shredded', { exact: true })).toBeVisible()
  const file = await request.get(`/api/document/${scanId}`, { headers: asClient })
  expect(file.status()).toBe(410)
  expect((await file.json()).details).toContain('as the client asked')
  expect(await documentOf(scanId)).toMatchObject({ status: 'shredded', mailAction: { action: 'shred', status: 'done' } })

  // 3. The clerk completes the request from the Mail actions page, with the scan of the contents.
  await logOut(page)
  await loginAs(page, 'clerk')
  await page.goto('/provider/mail-actions')
  await expect(page.getByRole('heading', { level: 1, name: 'Mail actions' })).toBeVisible({ timeout: PAGE_LOAD })
  await expectAppRendered(page)
  await page.getByRole('button', { name: new RegExp(`^Complete Open and scan for .*, request #${asked.id}$`) }).click()
  const dialog = page.getByRole('dialog', { name: 'Open and scan' })
  await dialog.getByLabel('Scan').setInputFiles({ name: `${RUN}-contents.pdf`, mimeType: 'application/pdf', buffer: pdf(`contents ${RUN}`) })
  await dialog.getByRole('button', { name: 'Upload the scan and complete' }).click()
  await expect(dialog).toBeHidden({ timeout: 15_000 })
  await expect(page.getByRole('button', { name: new RegExp(`request #${asked.id}$`) })).toHaveCount(0)

  // The envelope points at its scan, a new document of the client's with the envelope's type and day.
  const done = (await documentOf(envelopeId)).mailAction
  expect(done).toMatchObject({ id: asked.id, status: 'done' })
  expect(done.scanDocumentId).toBeGreaterThan(scanId)
  expect(await documentOf(done.scanDocumentId)).toMatchObject({ kind: 'document', status: 'active', dateReceived: today, documentTypeId: general.id })
  const notices = await (await request.get('/api/system-notifications?pageSize=50', { headers: asClient })).json()
  expect(JSON.stringify(notices)).toContain('was opened and scanned')
})
