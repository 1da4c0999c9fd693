import AxeBuilder from '@axe-core/playwright'
import { expect, expectAppRendered, loginAs, test } from './fixtures'

test.describe('layout', () => {
  // These checks need no service worker; without one, a newer build cannot reload the page under them.
  test.use({ serviceWorkers: 'block' })
  test('Ctrl+B collapses the sidebar, the state survives a reload, and Ctrl+B expands it again', async ({ page, context }) => {
    await loginAs(page, 'client')
    const nav = page.getByRole('navigation', { name: 'Main' })
    const toggle = page.getByRole('button', { name: /sidebar/ })
    await expect(toggle).toHaveAttribute('aria-expanded', 'true')
    await expect(nav.getByText('Invoices', { exact: true })).toBeVisible()

    await page.keyboard.press('Control+b')
    await expect(toggle).toHaveAttribute('aria-expanded', 'false')
    await expect(toggle).toHaveAccessibleName('Expand sidebar')
    // Collapsed: icons only; the labels stay for screen readers.
    await expect(nav.getByRole('link', { name: 'Invoices' })).toBeVisible()
    await expect(nav.getByText('Invoices', { exact: true })).not.toBeInViewport()
    const cookie = (await context.cookies()).find((c) => c.name === 'sidebar_state')
    expect(cookie?.value).toBe('false')
    // Kept for 7 days.
    expect(cookie!.expires * 1000 - Date.now()).toBeGreaterThan(6.9 * 24 * 3600 * 1000)

    await page.reload()
    await expect(page.getByRole('button', { name: 'Expand sidebar' })).toHaveAttribute('aria-expanded', 'false')

    await page.keyboard.press('Control+b')
    await expect(page.getByRole('button', { name: 'Collapse sidebar' })).toHaveAttribute('aria-expanded', 'true')
    expect((await context.cookies()).find((c) => c.name === 'sidebar_state')?.value).toBe('true')
  })

  test('collapsed, each icon shows its label in a tooltip on hover and on keyboard focus, not clipped by the sidebar', async ({ page }) => {
    await loginAs(page, 'client')
    await page.getByRole('button', { name: 'Collapse sidebar' }).click()
    await expect(page.getByRole('button', { name: 'Expand sidebar' })).toHaveAttribute('aria-expanded', 'false')
    const nav = page.getByRole('navigation', { name: 'Main' })
    try {
      await nav.getByRole('link', { name: 'Invoices' }).hover()
      const tip = page.getByRole('tooltip', { name: 'Invoices' })
      await expect(tip).toBeVisible()
      await expect(tip).toBeInViewport()
      // Beside the sidebar, not inside its scroll box.
      const sidebar = await page.getByRole('complementary', { name: 'Sidebar' }).boundingBox()
      const box = await tip.boundingBox()
      expect(box!.x).toBeGreaterThanOrEqual(sidebar!.x + sidebar!.width - 1)

      await page.mouse.move(700, 500)
      await expect(tip).toBeHidden()
      await nav.getByRole('link', { name: 'Support' }).focus()
      await expect(page.getByRole('tooltip', { name: 'Support' })).toBeVisible()
    } finally {
      await page.keyboard.press('Escape')
      await page.keyboard.press('Control+b')
      await expect(page.getByRole('button', { name: 'Collapse sidebar' })).toHaveAttribute('aria-expanded', 'true')
    }
  })

  test('everything on a signed-in page is inside a landmark, the sidebar logo too', async ({ page }) => {
    await loginAs(page, 'client')
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible()
    const results = await new AxeBuilder({ page }).withRules(['region']).analyze()
    expect(results.violations.flatMap((v) => v.nodes.map((n) => n.target.join(' ')))).toEqual([])
  })

  test('at 390 px wide the sidebar is a drawer', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 })
    await loginAs(page, 'client')
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeHidden()

    await page.getByRole('button', { name: 'Open menu' }).click()
    const drawer = page.getByRole('dialog', { name: 'Menu' })
    await expect(drawer).toBeVisible()
    await expect(drawer.getByRole('link', { name: 'Invoices' })).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(drawer).toBeHidden()

    // Ctrl+B opens it too; choosing a page closes it and goes there.
    await page.keyboard.press('Control+b')
    await expect(drawer).toBeVisible()
    await drawer.getByRole('link', { name: 'Support' }).click()
    await expect(page).toHaveURL(/\/client\/support$/)
    await expect(drawer).toBeHidden()
  })

  test('the client menu, with the external FAQs link opening in a new tab', async ({ page }) => {
    await loginAs(page, 'client')
    const nav = page.getByRole('navigation', { name: 'Main' })
    await expect(nav.getByRole('link')).toHaveText(['Dashboard', 'Documents List', 'Invoices', 'Add-Ons', 'Requested Documents', 'Support', /^FAQs/])
    const faqs = nav.getByRole('link', { name: /FAQs/ })
    await expect(faqs).toHaveAttribute('target', '_blank')
    await expect(faqs).toHaveAttribute('rel', /noopener/)
    const config = await (await page.request.get('/api/config')).json()
    await expect(faqs).toHaveAttribute('href', config.faqsUrl)
  })

  test('the provider menu of super admin, and the footer with the configured contacts', async ({ page }) => {
    await loginAs(page, 'admin')
    const nav = page.getByRole('navigation', { name: 'Main' })
    await expect(nav.getByRole('link')).toHaveText([
      'Dashboard',
      'Clients',
      'Requested Documents',
      'Upload Documents',
      'Mail actions',
      'Users',
      'Roles',
      'Shipping options',
      'Support',
    ])

    const config = await (await page.request.get('/api/config')).json()
    const footer = page.getByRole('contentinfo')
    await expect(footer).toContainText(config.companyLocation)
    await expect(footer.getByRole('link', { name: config.supportPhone })).toHaveAttribute('href', /^tel:/)
    await expect(footer.getByRole('link', { name: config.supportEmail })).toHaveAttribute('href', `mailto:${config.supportEmail}`)
  })

  test('the user menu works from the keyboard', async ({ page }) => {
    await loginAs(page, 'client')
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible()
    // The top bar's menus (account, notifications) render their entries only when opened.
    await expect(page.locator('[role="menu"], [role="menuitem"]')).toHaveCount(0)
    await page.getByRole('button', { name: /Account menu/ }).focus()
    await page.keyboard.press('Enter')
    await expect(page.getByRole('menu')).toBeVisible()
    const items = page.getByRole('menuitem')
    const names = (await items.allTextContents()).map((name) => name.trim())
    await page.keyboard.press('End')
    await expect(page.getByRole('menuitem', { name: 'Log Out' })).toHaveAttribute('data-highlighted', '')
    // The arrows walk the items in order (an Install entry appears where the browser offers one).
    await page.keyboard.press('ArrowUp')
    await expect(items.nth(names.length - 2)).toHaveAttribute('data-highlighted', '')
    await page.keyboard.press('Home')
    await expect(items.first()).toHaveAttribute('data-highlighted', '')
    for (let i = 0; i < names.indexOf('Account Settings'); i++) await page.keyboard.press('ArrowDown')
    await expect(page.getByRole('menuitem', { name: 'Account Settings' })).toHaveAttribute('data-highlighted', '')
    await page.keyboard.press('Enter')
    await expect(page).toHaveURL(/\/account-settings\/change-password$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Account Settings' })).toBeVisible()
  })

  test('sidebar labels fit their items, link-buttons are not underlined, and the clients search placeholder fits', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 })
    await loginAs(page, 'admin')
    await page.goto('/provider/requested-documents')
    const nav = page.getByRole('navigation', { name: 'Main' })
    const current = nav.getByRole('link', { name: 'Requested Documents' })
    await expect(current).toHaveAttribute('aria-current', 'page')
    // No label runs into its item's padding (the current one is bold, so the widest).
    for (const link of await nav.getByRole('link').all()) {
      const overflow = await link.evaluate((element) => element.scrollWidth - element.clientWidth)
      expect(overflow, await link.innerText()).toBeLessThanOrEqual(0)
    }

    await page.goto('/provider/clients')
    const addClient = page.getByRole('link', { name: 'Add Client' })
    await expect(addClient).toBeVisible()
    expect(await addClient.evaluate((element) => getComputedStyle(element).textDecorationLine)).toBe('none')

    // The placeholder is readable whole, on a wide screen and on a phone.
    const search = page.getByRole('searchbox', { name: 'Search clients' })
    const placeholderFits = (box = search) =>
      box.evaluate((element) => {
        const input = element as HTMLInputElement
        const style = getComputedStyle(input)
        const context = document.createElement('canvas').getContext('2d')!
        context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`
        return context.measureText(input.placeholder).width <= input.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight)
      })
    expect(await placeholderFits()).toBe(true)
    await page.setViewportSize({ width: 390, height: 844 })
    await expect(search).toBeVisible()
    expect(await placeholderFits()).toBe(true)
    await page.goto('/provider/requested-documents')
    await expectAppRendered(page)
    const requests = page.getByRole('searchbox').first()
    await expect(requests).toBeVisible()
    expect(await placeholderFits(requests)).toBe(true)
    await page.setViewportSize({ width: 1280, height: 800 })
    expect(await placeholderFits(requests)).toBe(true)
  })

  test('Choose Address: the prices of the packages in one row are on one line; the phone country is not cut off', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 })
    await page.goto('/signup/company-details')
    await page.getByLabel('Company Name').fill('Layout Check LLC')
    await page.getByLabel('Business Entity Type').selectOption({ index: 1 })
    await page.getByRole('button', { name: 'Next' }).click()
    await expect(page).toHaveURL(/\/signup\/choose-address$/)
    const group = page.getByRole('group', { name: 'Registered Agent + Mail Forwarding' })
    const prices = group.getByText(/^\$\d/)
    await expect(prices).toHaveCount(3)
    const tops = await prices.evaluateAll((elements) => elements.map((element) => Math.round(element.getBoundingClientRect().top)))
    expect(new Set(tops).size, tops.join(', ')).toBe(1)

    await page.getByRole('radio', { name: /Registered Agent Service: Annual/ }).check()
    await page.getByRole('button', { name: 'Next' }).click()
    await expect(page).toHaveURL(/\/signup\/personal-information$/)
    for (const width of [1280, 390, 320]) {
      await page.setViewportSize({ width, height: 844 })
      const country = page.getByRole('combobox', { name: 'Country code' })
      await expect(country).toBeVisible()
      // The select is as wide as the chosen option's text and the select's arrow (24 px) need.
      const fits = await country.evaluate((element) => {
        const select = element as HTMLSelectElement
        const style = getComputedStyle(select)
        const context = document.createElement('canvas').getContext('2d')!
        context.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`
        const text = select.selectedOptions[0].text
        return context.measureText(text).width <= select.clientWidth - parseFloat(style.paddingLeft) - 24
      })
      expect(fits, `at ${width} px`).toBe(true)
    }
  })
})
