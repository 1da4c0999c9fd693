import type { Locator, Page } from '@playwright/test'
import { expect, expectAppRendered, loginAs, test } from './fixtures'

/**
 * What a phone, tablet or desktop user meets first: the frame (top bar, side menu, dialogs, toasts)
 * above whatever a page scrolls under it, filters and cards that read on small screens and a real table
 * from 1024 px, toasts that leave the dialog alone, a page's styles the same however it was reached, and
 * targets a finger can hit.
 */

const PHONE = { width: 390, height: 844 }
const TABLET = { width: 1024, height: 768 }
const DESKTOP = { width: 1440, height: 900 }
const SIZES = [PHONE, TABLET, DESKTOP]
const sizeName = (size: { width: number }) => `${size.width} px`

// These checks need no service worker; without one, a newer build cannot reload the page under them.
test.use({ serviceWorkers: 'block' })

/** Waits for a list's own rows (not the loading placeholders; a page's first load on a busy machine is slow). */
async function rowsShown(page: Page, table: string) {
  const region = page.getByRole('region', { name: table, exact: true })
  await expect(region.locator('tbody tr:not([data-skeleton])').first()).toBeVisible({ timeout: 15_000 })
  await expect(region.locator('tbody tr[data-skeleton]')).toHaveCount(0)
  return region
}

/** What a press at the centre of `target` reaches: "itself" when nothing painted over it takes the press. */
async function pressReaches(target: Locator): Promise<string> {
  return target.evaluate((element) => {
    const box = element.getBoundingClientRect()
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2)
    if (hit !== null && element.contains(hit)) return 'itself'
    return hit === null ? 'nothing' : `${hit.tagName.toLowerCase()}.${hit.getAttribute('class') ?? ''}`
  })
}

/**
 * Fails unless a press at the centre of `target` reaches it. Asked until it holds (for up to 5 s): right
 * after a scroll, Chromium's hit test can answer from the layout before the sticky bar moved, which no
 * finger meets; a row painted over the bar never lets the press through.
 */
async function expectPressReaches(target: Locator, message?: string) {
  await expect.poll(() => pressReaches(target), { message, timeout: 5_000 }).toBe('itself')
}

test.describe('the frame stays above the page', () => {
  const LISTS = {
    client: [
      { path: '/client/documents', table: 'Documents' },
      { path: '/client/invoices', table: 'Invoices' },
    ],
    admin: [
      { path: '/provider/documents', table: 'Documents' },
      { path: '/provider/requested-documents', table: 'Requested documents' },
    ],
  } as const

  for (const role of ['client', 'admin'] as const) {
    test(`a list scrolled under the top bar never covers its buttons (${role}, ${SIZES.map(sizeName).join(', ')})`, async ({ page }) => {
      test.setTimeout(120_000)
      await loginAs(page, role)
      for (const size of SIZES) {
        await page.setViewportSize(size)
        for (const list of LISTS[role]) {
          await page.goto(list.path)
          await expectAppRendered(page)
          const region = await rowsShown(page, list.table)
          // The table's rows pass under the bar: the page scrolled until the table starts above the
          // screen's top (room below the page lets a short list scroll that far too).
          await page.evaluate(() => (document.body.style.paddingBottom = '200vh'))
          await region.evaluate((table) => window.scrollTo(0, window.scrollY + table.getBoundingClientRect().top - 16))
          const bar = page.getByRole('banner')
          const barBox = (await bar.boundingBox())!
          const tableBox = (await region.boundingBox())!
          expect(tableBox.y, `${list.path} at ${sizeName(size)}: the table reaches under the bar`).toBeLessThan(barBox.y + barBox.height)
          const controls = [
            bar.getByRole('button', { name: size.width < 768 ? 'Open menu' : 'Collapse sidebar' }),
            bar.getByRole('button', { name: /^Notifications/ }),
            bar.getByRole('button', { name: /Account menu/ }),
          ]
          for (const control of controls) {
            await expectPressReaches(control, `${list.path} at ${sizeName(size)}: ${await control.getAttribute('aria-label')}`)
          }
        }
      }
    })
  }

  test('on a phone the menu drawer and the account menu open above a scrolled list', async ({ page }) => {
    await page.setViewportSize(PHONE)
    await loginAs(page, 'client')
    await page.goto('/client/documents')
    await rowsShown(page, 'Documents')
    await page.evaluate(() => window.scrollTo(0, document.scrollingElement!.scrollHeight))

    await page.getByRole('button', { name: 'Open menu' }).click()
    const drawer = page.getByRole('dialog', { name: 'Menu' })
    await expect(drawer).toBeVisible()
    await expectPressReaches(drawer.getByRole('link', { name: 'Invoices' }))
    await page.keyboard.press('Escape')
    await expect(drawer).toBeHidden()

    await page.getByRole('button', { name: /Account menu/ }).click()
    const logOut = page.getByRole('menuitem', { name: 'Log Out' })
    await expect(logOut).toBeVisible()
    await expectPressReaches(logOut)
    await page.keyboard.press('Escape')
  })
})

test.describe('lists on phones, tablets and desktops', () => {
  test('on a phone the column filters are behind a Filters button, each named by its column, and cards line up', async ({ page }) => {
    test.setTimeout(60_000)
    await page.setViewportSize(PHONE)
    await loginAs(page, 'client')
    await page.goto('/client/invoices')
    const region = await rowsShown(page, 'Invoices')
    const filters = page.getByRole('button', { name: 'Filters' })
    await expect(filters).toHaveAttribute('aria-expanded', 'false')
    await expect(region.getByRole('searchbox')).toHaveCount(0)

    await filters.click()
    await expect(filters).toHaveAttribute('aria-expanded', 'true')
    const boxes = region.getByRole('searchbox')
    await expect(boxes.first()).toBeVisible()
    // Each box shows its column's name above it, and is named after it.
    const labels = await boxes.evaluateAll((inputs) =>
      inputs.map((input) => {
        const label = (input as HTMLInputElement).labels?.[0]
        if (!label) return 'no label'
        const box = label.getBoundingClientRect()
        const above = box.bottom <= input.getBoundingClientRect().top + 1 && box.height >= 12
        return above ? (label.textContent ?? '').replace('Filter by ', '') : `not shown: ${label.textContent}`
      }),
    )
    expect(labels).toEqual(['Invoice #', 'Company', 'Invoice Date', 'Due Date', 'Paid Date', 'Status'])
    const names = labels
    for (const name of names) await expect(region.getByRole('searchbox', { name: `Filter by ${name}` })).toBeVisible()

    // A filter set shows on the button, and the filters stay open on the next visit.
    await region.getByRole('searchbox', { name: 'Filter by Status' }).fill('paid')
    await expect(page.getByRole('button', { name: 'Filters (1)' })).toBeVisible()
    await page.reload()
    await expect(page.getByRole('button', { name: 'Filters (1)' })).toHaveAttribute('aria-expanded', 'true')
    await expect(page.getByRole('searchbox', { name: 'Filter by Status' })).toHaveValue('paid')
    await page.goto('/client/invoices')
    await rowsShown(page, 'Invoices')

    // The same field sits at the same place on every card.
    const places = await region
      .locator('tbody tr')
      .evaluateAll((rows) =>
        rows.map((row) =>
          [...row.querySelectorAll('td[data-label]')].map(
            (cell) => `${cell.getAttribute('data-label')}@${Math.round(cell.getBoundingClientRect().left - row.getBoundingClientRect().left)}`,
          ),
        ),
      )
    expect(places.length).toBeGreaterThan(1)
    for (const card of places.slice(1)) expect(card).toEqual(places[0])
  })

  test('a real table from 1024 px wide, beside the open side menu, with every column in view; cards below that', async ({ page }) => {
    test.setTimeout(180_000)
    await loginAs(page, 'admin')
    const lists = [
      { path: '/provider/invoices', table: 'Invoices' },
      { path: '/provider/documents', table: 'Documents' },
      { path: '/provider/requested-documents', table: 'Requested documents' },
      { path: '/provider/clients', table: 'Clients' },
    ]
    for (const size of [TABLET, { width: 1280, height: 800 }, DESKTOP, { width: 1023, height: 768 }]) {
      await page.setViewportSize(size)
      for (const list of lists) {
        await page.goto(list.path)
        const region = await rowsShown(page, list.table)
        await expect(page.getByRole('complementary', { name: 'Sidebar' })).toBeVisible()
        const layout = await region.evaluate((box) => ({
          table: getComputedStyle(box.querySelector('table')!).display,
          overflow: box.scrollWidth - box.clientWidth,
          filtersButton: [...document.querySelectorAll('button')].some((button) => button.textContent?.startsWith('Filters') && button.checkVisibility()),
        }))
        if (size.width >= 1024) {
          expect(layout, `${list.path} at ${sizeName(size)}`).toEqual({ table: 'table', overflow: 0, filtersButton: false })
        } else {
          expect(layout.table, `${list.path} at ${sizeName(size)}`).toBe('block')
        }
      }
    }
  })
})

test.describe('toasts and dialogs', () => {
  const CARD_DECLINED = '4000 0000 0000 0002'

  for (const size of [PHONE, TABLET]) {
    test(`at ${sizeName(size)} a failed payment's toast leaves the dialog uncovered, and the same failure twice is one toast`, async ({ page }) => {
      test.setTimeout(60_000)
      await page.setViewportSize(size)
      await loginAs(page, 'client2')
      await page.goto('/client/invoices')
      const region = await rowsShown(page, 'Invoices')
      // One payable invoice is enough (other tests pay some of the demo's by now; a declined card pays none).
      await region
        .locator('tbody tr')
        .filter({ hasText: /UNPAID|OVERDUE/ })
        .first()
        .getByRole('checkbox')
        .check()
      await page.getByRole('region', { name: 'Selected invoices' }).getByRole('button', { name: 'Pay Now' }).click()
      const dialog = page.getByRole('dialog', { name: 'Pay Invoices' })
      await dialog.frameLocator('iframe[title="Card number"]').locator('input').pressSequentially(CARD_DECLINED)
      await dialog.frameLocator('iframe[title="Security code (CVV)"]').locator('input').pressSequentially('123')
      await dialog.getByLabel('Expiration date').pressSequentially(`12${String((new Date().getFullYear() + 3) % 100).padStart(2, '0')}`)
      const pay = dialog.getByRole('button', { name: /^Pay \$/ })
      const failed = page.locator('[data-sonner-toast]').filter({ hasText: 'Payment failed' })

      await pay.click()
      await expect(failed).toBeVisible()
      await expect(dialog.getByRole('alert').filter({ hasText: 'Your card was declined' })).toBeVisible()
      // Settled where it stays (toasts slide in).
      await expect.poll(() => failed.evaluate((toast) => toast.getAnimations({ subtree: true }).filter((a) => a.playState === 'running').length)).toBe(0)
      const toastBox = (await failed.boundingBox())!
      const dialogBox = (await dialog.boundingBox())!
      expect(toastBox.y + toastBox.height, 'the toast ends above the dialog').toBeLessThanOrEqual(dialogBox.y)
      const close = dialog.getByRole('button', { name: 'Close' })
      await expectPressReaches(close)
      await expectPressReaches(page.getByRole('heading', { name: 'Pay Invoices' }))

      // The toast can be closed without closing the dialog.
      await pay.click()
      await expect(dialog.getByRole('alert').filter({ hasText: 'Your card was declined' })).toBeVisible()
      await expect(pay).toBeEnabled()
      await expect(failed).toHaveCount(1)
      await failed.hover()
      await failed.getByRole('button', { name: 'Close' }).click()
      await expect(failed).toHaveCount(0)
      await expect(dialog).toBeVisible()
    })
  }
})

test.describe("a page's styles after moving around the app", () => {
  /** The margins of the page's headings: the same however the page was reached. */
  const headingMargins = (page: Page) =>
    page.locator('main').evaluate((main) => [...main.querySelectorAll('h1, h2, h3')].map((h) => `${h.textContent?.trim()}: ${getComputedStyle(h).margin}`))

  test('an invoice opened from the list is styled as when it is loaded afresh', async ({ page }) => {
    await loginAs(page, 'client')
    // A full load of the list: the server sends it with its frame and the frame's own styles.
    const response = await page.goto('/client/invoices')
    expect(await response!.text()).toContain('data-frame="/client/invoices"')
    await rowsShown(page, 'Invoices')
    await page
      .getByRole('link', { name: /^View invoice/ })
      .first()
      .click()
    await expect(page.getByRole('heading', { level: 2, name: 'Items' })).toBeVisible()
    const afterNavigation = await headingMargins(page)
    expect(afterNavigation.find((line) => line.startsWith('Items'))).toBe('Items: 0px 0px 12px')

    await page.reload()
    await expect(page.getByRole('heading', { level: 2, name: 'Items' })).toBeVisible()
    expect(await headingMargins(page)).toEqual(afterNavigation)
  })

  test("a mail request's progress opened from the list is styled as when it is loaded afresh", async ({ page }) => {
    await loginAs(page, 'admin')
    const response = await page.goto('/provider/requested-documents')
    expect(await response!.text()).toContain('data-frame="/provider/requested-documents"')
    await rowsShown(page, 'Requested documents')
    await page
      .getByRole('link', { name: /^View progress/ })
      .first()
      .click()
    await expect(page).toHaveURL(/\/provider\/document-progress\/\d+$/)
    const timeline = page.getByRole('heading', { level: 2 }).first()
    await expect(timeline).toBeVisible()
    const afterNavigation = await headingMargins(page)
    expect(afterNavigation.some((line) => line.endsWith('0px 0px 16px'))).toBe(true)

    await page.reload()
    await expect(timeline).toBeVisible()
    expect(await headingMargins(page)).toEqual(afterNavigation)
  })
})

test.describe('targets a finger can hit', () => {
  /** Every control in the top bar, the page and the footer smaller than `min` px either way, as readable lines. */
  const smallTargets = (page: Page, min: number) =>
    page.evaluate((least) => {
      const controls = document.querySelectorAll<HTMLElement>(
        ':is(header, main, footer) :is(a[href], button, input:not([type=hidden]), select, textarea, [role=button])',
      )
      return [...controls]
        .filter((control) => control.checkVisibility({ visibilityProperty: true }) && !control.closest('[inert], [aria-hidden=true]'))
        .map((control) => {
          // A checkbox is pressed through the label around it.
          const target = control.matches('input[type=checkbox]') ? (control.closest('label') ?? control) : control
          const box = target.getBoundingClientRect()
          return { name: (control.getAttribute('aria-label') ?? control.textContent ?? '').trim().slice(0, 40), width: box.width, height: box.height }
        })
        .filter((box) => box.width < least || box.height < least)
        .map((box) => `${box.name}: ${Math.round(box.width)}x${Math.round(box.height)}`)
    }, min)

  test('every control of the lists, an invoice and the footer is at least 24 px square, at 390, 1024 and 1440 px', async ({ page }) => {
    test.setTimeout(180_000)
    await loginAs(page, 'client')
    await page.goto('/client/invoices')
    await rowsShown(page, 'Invoices')
    const invoice = (await page
      .getByRole('link', { name: /^View invoice/ })
      .first()
      .getAttribute('href'))!
    const pages = [
      { path: '/client/invoices', table: 'Invoices' },
      { path: '/client/documents', table: 'Documents' },
      { path: '/client/requested-documents', table: 'Requested documents' },
      { path: invoice, table: null },
    ]
    for (const size of SIZES) {
      await page.setViewportSize(size)
      for (const { path, table } of pages) {
        await page.goto(path)
        if (table) await rowsShown(page, table)
        else await expect(page.getByRole('heading', { level: 2, name: 'Items' })).toBeVisible()
        await expect(page.getByRole('contentinfo').getByRole('link').first()).toBeVisible()
        expect(await smallTargets(page, 24), `${path} at ${sizeName(size)}`).toEqual([])
      }
    }
  })

  test("on a phone the lists' sort buttons, row actions, selection boxes and the footer's links are 44 px tall", async ({ page }) => {
    await page.setViewportSize(PHONE)
    await loginAs(page, 'client')
    await page.goto('/client/invoices')
    const region = await rowsShown(page, 'Invoices')
    const heights = async (locator: Locator) =>
      locator.evaluateAll((elements) => elements.map((element) => Math.round((element.closest('label') ?? element).getBoundingClientRect().height)))
    const sort = await heights(region.locator('thead button'))
    const view = await heights(region.getByRole('link', { name: /^View invoice/ }))
    const select = await heights(region.getByRole('checkbox'))
    const footer = await heights(page.getByRole('contentinfo').getByRole('link'))
    for (const [what, list] of Object.entries({ sort, view, select, footer })) {
      expect(list.length, what).toBeGreaterThan(0)
      expect(Math.min(...list), what).toBeGreaterThanOrEqual(44)
    }
  })

  test("on a phone the invoice's items show every amount; on a desktop a document's View and menu share a line", async ({ page }) => {
    test.setTimeout(60_000)
    await page.setViewportSize(PHONE)
    await loginAs(page, 'client')
    await page.goto('/client/invoices')
    await rowsShown(page, 'Invoices')
    await page
      .getByRole('link', { name: /^View invoice/ })
      .first()
      .click()
    const items = page.getByRole('table', { name: /^Line items/ })
    await expect(items).toBeVisible()
    const clipped = await items.evaluate((table) => {
      const box = table.parentElement!.getBoundingClientRect()
      return [...table.querySelectorAll('th, td')]
        .filter((cell) => cell.getBoundingClientRect().right > box.right + 0.5)
        .map((cell) => cell.textContent?.trim())
    })
    expect(clipped).toEqual([])
    const amount = items.getByRole('columnheader', { name: 'Amount' })
    await amount.scrollIntoViewIfNeeded()
    // All of it, but for a fraction of a pixel lost to rounding.
    await expect(amount).toBeInViewport({ ratio: 0.99 })

    await page.setViewportSize(DESKTOP)
    await page.goto('/client/documents')
    const region = await rowsShown(page, 'Documents')
    const row = region
      .locator('tbody tr')
      .filter({ has: page.getByRole('button', { name: /^More actions/ }) })
      .first()
    const view = (await row.getByRole('button', { name: /^View / }).boundingBox())!
    const more = (await row.getByRole('button', { name: /^More actions/ }).boundingBox())!
    expect(Math.abs(view.y + view.height / 2 - (more.y + more.height / 2))).toBeLessThan(2)
    expect(more.x).toBeGreaterThan(view.x + view.width)
  })
})
