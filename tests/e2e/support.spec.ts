import type { Browser } from '@playwright/test'
import { expect, expectAccessible, loginAs, test } from './fixtures'

/**
 * Support end to end: client@demo.test writes to support with a PDF attached, admin@demo.test answers
 * from the support inbox, the client is notified and reads the reply. Free text stays text.
 */

async function adminReplies(browser: Browser, subject: string, reply: string) {
  const page = await browser.newPage()
  await loginAs(page, 'admin')
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Support' }).click()
  await expect(page).toHaveURL(/\/provider\/support/)
  await expect(page.getByRole('heading', { level: 1, name: 'Support inbox' })).toBeVisible()
  // Unanswered conversations come first.
  const first = page.getByRole('list', { name: 'Conversations' }).getByRole('listitem').first()
  await expect(first).toContainText(subject)
  await expect(first).toContainText('Unanswered')
  await first.getByRole('link', { name: subject }).click()
  await expect(page.getByRole('heading', { level: 1, name: subject })).toBeVisible()
  await expect(page.getByText('Sunshine Holdings LLC').first()).toBeVisible()
  await page.getByRole('textbox', { name: 'Reply to the client' }).fill(reply)
  await page.getByRole('button', { name: 'Send', exact: true }).click()
  await expect(page.getByRole('list', { name: 'Messages' }).getByRole('listitem')).toHaveCount(2)
  await expect(page.getByText('Unanswered')).toHaveCount(0)
  await page.close()
}

test.describe('support', () => {
  test.slow()

  test('the client sends a message with a PDF, admin replies from the inbox, the client sees the reply and a notification', async ({ page, browser }) => {
    const subject = `Mailbox question ${Date.now().toString(36)}`
    await loginAs(page, 'client')
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Support' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Support' })).toBeVisible()
    const config = await (await page.request.get('/api/config')).json()
    const main = page.locator('#main-content')
    await expect(main.getByRole('link', { name: config.supportEmail })).toHaveAttribute('href', `mailto:${config.supportEmail}`)
    await expect(main.getByRole('link', { name: /FAQs/ })).toHaveAttribute('href', config.faqsUrl)

    const form = page.getByRole('form', { name: 'Send us a message' })
    await form.getByRole('button', { name: 'Send message' }).click()
    await expect(form.getByText('This field is mandatory')).toHaveCount(2)

    await form.getByLabel('Subject').fill(subject)
    await form.getByLabel('Message').fill('Is my mailbox <b>MB-1042</b> active?\nThanks')
    await form.getByLabel('About (optional)').selectOption({ index: 1 })
    // The kit's file picker: a button named by the field, never the browser's raw "Choose File" input.
    const input = form.locator('input[type="file"]')
    await expect(input).toHaveAttribute('aria-hidden', 'true')
    expect((await input.boundingBox())?.width ?? 0).toBeLessThanOrEqual(1)
    const choose = form.getByRole('button', { name: 'Attachment (PDF or image, optional) Choose file' })
    await expect(form.getByText('No file chosen')).toBeVisible()
    const chooser = page.waitForEvent('filechooser')
    await choose.click()
    await (await chooser).setFiles({ name: 'lease.pdf', mimeType: 'application/pdf', buffer: Buffer.from('%PDF-1.4\n1 0 obj << >> endobj\n%%EOF\n') })
    await expect(form.getByText('lease.pdf')).toBeVisible()
    await expect(form.getByRole('button', { name: 'Remove lease.pdf' })).toBeVisible()
    await expectAccessible(page, 'support form with an attachment chosen')
    await form.getByRole('button', { name: 'Send message' }).click()

    await expect(page.getByText('Your message was sent to support').first()).toBeVisible()
    await expect(page).toHaveURL(/\/client\/support\/\d+$/)
    await expect(page.getByRole('heading', { level: 1, name: subject })).toBeVisible()
    // The markup is shown as typed, never rendered.
    const messages = page.getByRole('list', { name: 'Messages' })
    await expect(messages).toContainText('Is my mailbox <b>MB-1042</b> active?')
    await expect(messages.locator('b')).toHaveCount(0)
    await expect(messages.getByRole('button', { name: 'lease.pdf' })).toBeVisible()
    const conversationUrl = page.url()

    const reply = 'Yes, MB-1042 is active. <i>Regards</i>'
    await adminReplies(browser, subject, reply)

    // The bell announces the reply (it polls; opening the portal again reads it) and opens the conversation.
    const entry = page.getByRole('menuitem', { name: new RegExp(`^Unread: Support replied: ${subject}`) })
    await expect(async () => {
      await page.goto('/client/dashboard')
      await page
        .getByRole('banner')
        .getByRole('button', { name: /^Notifications/ })
        .click()
      await expect(entry).toBeVisible({ timeout: 3_000 })
    }).toPass({ timeout: 60_000 })
    await entry.click()
    await expect(page).toHaveURL(conversationUrl)
    await expect(messages.getByRole('listitem')).toHaveCount(2)
    await expect(messages).toContainText(reply)

    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Support' }).click()
    await expect(page.getByRole('list', { name: 'Conversations' }).getByRole('listitem').filter({ hasText: subject })).toBeVisible()
  })

  test('clerk@demo.test (no SPV) has no support inbox', async ({ page }) => {
    await loginAs(page, 'clerk')
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Support' })).toHaveCount(0)
    await page.goto('/provider/support')
    await expect(page.getByText('You do not have access to this page')).toBeVisible()
  })
})
