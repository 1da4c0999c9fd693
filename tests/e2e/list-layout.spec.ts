import type { Page } from '@playwright/test'
import { expect, loginAs, test, type DemoAccount } from './fixtures'

/**
 * Every signed-in list, for each role, at 320, 390, 768 and 1280 px wide (the sidebar open): the page
 * is never wider than the window (nothing to swipe sideways into), and every cell of every row, the
 * actions included, lies inside the visible part of its table, so nothing needs the table scrolled.
 */

const WIDTHS = [320, 390, 768, 1280] as const

const LISTS: Record<'client' | 'admin', { path: string; table: string }[]> = {
  client: [
    { path: '/client/documents', table: 'Documents' },
    { path: '/client/invoices', table: 'Invoices' },
    { path: '/client/requested-documents', table: 'Requested documents' },
  ],
  admin: [
    { path: '/provider/clients', table: 'Clients' },
    { path: '/provider/documents', table: 'Documents' },
    { path: '/provider/invoices', table: 'Invoices' },
    { path: '/provider/requested-documents', table: 'Requested documents' },
  ],
}

/** Where the page or a table's cells stick out, as readable lines ('' when all fits). */
async function overflows(page: Page, table: string): Promise<string[]> {
  return page.evaluate((label) => {
    const problems: string[] = []
    const root = document.scrollingElement!
    if (root.scrollWidth > window.innerWidth) problems.push(`page is ${root.scrollWidth}px wide in a ${window.innerWidth}px window`)
    const region = [...document.querySelectorAll<HTMLElement>('[role="region"]')].find((r) => r.getAttribute('aria-label') === label)
    if (!region) return [...problems, `no table region named ${label}`]
    const box = region.getBoundingClientRect()
    const headers = [...region.querySelectorAll('thead tr:first-child th')].map((th) => th.textContent?.trim() ?? '')
    region.querySelectorAll('tbody tr:not([data-skeleton])').forEach((row, rowIndex) => {
      row.querySelectorAll('td').forEach((cell, cellIndex) => {
        const rect = cell.getBoundingClientRect()
        if (rect.width === 0) return
        if (rect.left < box.left - 1 || rect.right > box.right + 1 || rect.right > window.innerWidth + 1) {
          problems.push(
            `row ${rowIndex + 1} ${cell.getAttribute('data-label') ?? headers[cellIndex] ?? cellIndex}: ${Math.round(rect.left)}-${Math.round(rect.right)} outside ${Math.round(box.left)}-${Math.round(box.right)}`,
          )
        }
      })
    })
    return problems
  }, table)
}

for (const role of ['client', 'admin'] as const satisfies readonly DemoAccount[]) {
  test(`every list of the ${role} fits the window at ${WIDTHS.join(', ')} px`, async ({ page }) => {
    test.setTimeout(120_000)
    await loginAs(page, role)
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: width < 768 ? 844 : 800 })
      for (const list of LISTS[role]) {
        await page.goto(list.path)
        const region = page.getByRole('region', { name: list.table, exact: true })
        await expect(region).toBeVisible()
        await expect(region.locator('tbody tr:not([data-skeleton])').first()).toBeVisible()
        const problems = await overflows(page, list.table)
        expect(problems, `${list.path} at ${width}px`).toEqual([])
      }
    }
  })
}

test("a client profile's invoices and documents tabs fit the window at 390 and 1280 px", async ({ page }) => {
  test.setTimeout(60_000)
  await loginAs(page, 'admin')
  await page.goto('/provider/clients?q=Sunshine')
  await page.getByRole('table', { name: 'Clients' }).getByRole('link', { name: 'Sunshine Holdings LLC', exact: true }).click()
  await expect(page).toHaveURL(/\/provider\/clients\/\d+/)
  const base = page.url().split('?')[0]
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 844 })
    for (const [tab, table] of [
      ['invoices', 'Invoices'],
      ['documents', 'Documents'],
    ] as const) {
      await page.goto(`${base}?tab=${tab}`)
      const region = page.getByRole('region', { name: table, exact: true })
      await expect(region.locator('tbody tr:not([data-skeleton])').first()).toBeVisible()
      expect(await overflows(page, table), `${tab} tab at ${width}px`).toEqual([])
    }
  }
})

test("a list's placeholder rows pulse as one animation, and none runs once the rows are in", async ({ page }) => {
  // The list's answer is held until the placeholders have been looked at, from before signing in: a
  // list fetched ahead (on the dashboard, at idle) would otherwise be shown at once from the cache.
  let release!: () => void
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route(/\/api\/client\/invoices\/\d+(\?|$)/, async (route) => {
    await held
    await route.fallback()
  })
  await loginAs(page, 'client')
  await page.goto('/client/invoices')
  const region = page.getByRole('region', { name: 'Invoices', exact: true })
  await expect(region.locator('tbody tr[data-skeleton]').first()).toBeVisible()
  const tableAnimations = () =>
    page.evaluate(() =>
      document
        .getAnimations()
        .filter((animation) => animation.playState === 'running')
        .map((animation) => (animation.effect as KeyframeEffect | null)?.target)
        .filter((target): target is Element => target instanceof Element && target.closest('table') !== null)
        .map((target) => target.tagName.toLowerCase()),
    )
  // One for the whole group of placeholder rows (60-70 bars animated each were a long task on a phone).
  expect(await tableAnimations()).toEqual(['tbody'])
  release()
  await expect(region.locator('tbody tr:not([data-skeleton])').first()).toBeVisible()
  await expect.poll(tableAnimations).toEqual([])
})
