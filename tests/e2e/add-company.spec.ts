import { randomUUID } from 'node:crypto'
import type { APIRequestContext, Page } from '@playwright/test'
import { expect, expectAppRendered, test } from './fixtures'
import { cardToken } from './sandbox-card'

/**
 * Adding a company to one's login: a client of a company made for this spec alone (registered through
 * the public sign-up call) opens "Add a company", fills the wizard with no Personal Information step,
 * pays with the sandbox card, lands in the new company's dashboard, and the switcher lists both.
 */

const PASSWORD = 'Add-company-e2e-2026!'
const PAGE_LOAD = 20_000

const cardOf = (request: APIRequestContext) => cardToken(request, { name: 'Nora Quintero', postalCode: '33131', address1: '40 Brickell Ave' })

/** Registers the spec's first company and login; answers the login's e-mail. */
async function registerFirstCompany(request: APIRequestContext, companyName: string): Promise<string> {
  const [services, countries, types] = await Promise.all(
    ['/api/services?kind=address', '/api/country', '/api/business-entity-types'].map(async (path) => (await request.get(path)).json()),
  )
  const service = services[0]
  const pkg = service.servicesPackages[0]
  const email = `add.company.${randomUUID().slice(0, 8)}@example.test`
  const res = await request.post('/api/client', {
    headers: { 'idempotency-key': randomUUID() },
    data: {
      clientInformation: {
        companyName,
        businessType: types[0].id,
        attorneyEmail: '',
        notifyAttorney: false,
        changeAgent: false,
        useAgentAddress: false,
        firstName: 'Nora',
        lastName: 'Quintero',
        phone: '+1 305 555 0177',
        countryId: countries.find((c: { iso2: string }) => c.iso2 === 'US').id,
        address: '40 Brickell Ave',
        city: 'Miami',
        stateProvince: 'FL',
        zipcode: '33131',
        agentId: null,
        affiliated_id: null,
        leadGeneratedBy: '',
      },
      userInformation: { email, password: PASSWORD },
      serviceSubscriptions: [{ active: true, serviceId: service.id, servicePackageId: pkg.id, servicePackageAmount: pkg.amount }],
      affinipayPaymentDetails: { token: await cardOf(request) },
      couponId: 0,
    },
  })
  expect(res.status(), await res.text()).toBe(201)
  return email
}

async function signIn(page: Page, email: string) {
  await page.goto('/login')
  await page.getByLabel('E-mail').fill(email)
  await page.locator('input[name="password"]').fill(PASSWORD)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page).toHaveURL(/\/client\/dashboard$/, { timeout: PAGE_LOAD })
  await expectAppRendered(page)
}

async function fillCard(page: Page) {
  await page.frameLocator('iframe[title="Card number"]').locator('input').fill('4242 4242 4242 4242')
  await page.frameLocator('iframe[title="Security code (CVV)"]').locator('input').fill('123')
  await page.getByLabel('Expiration date').fill('1234')
  await expect(page.getByLabel('Expiration date')).toHaveValue('12/34')
}

test.describe('adding a company to one’s login', () => {
  // Signs up through the API, walks three steps and pays: more than the default budget on a busy machine.
  test.slow()

  test('a signed-in client adds a company without an account step, pays, lands in its dashboard, and switches between both', async ({ page, request }) => {
    const id = randomUUID().slice(0, 6)
    const first = `Brickell First ${id} LLC`
    const second = `Brickell Second ${id} LLC`
    await signIn(page, await registerFirstCompany(request, first))

    // One company: no switcher menu yet, so the user menu offers it.
    await page.getByRole('button', { name: /Account menu/ }).click()
    await page.getByRole('menuitem', { name: 'Add a company' }).click()
    await expect(page).toHaveURL(/\/client\/add-company\/company-details$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Add a Company' })).toBeVisible()
    const columns = page.getByRole('navigation', { name: 'Progress' }).getByRole('listitem')
    await expect(columns).toHaveText([/^1Company Details, current step$/, /^2Choose Address/, /^3Order Summary/, /^4Done/])

    await page.getByLabel('Company Name').fill(second)
    await page.getByLabel('Business Entity Type').selectOption({ label: 'Florida Limited Liability Company' })
    await page.getByRole('button', { name: 'Next' }).click()
    await expect(page).toHaveURL(/\/client\/add-company\/choose-address$/)
    await page.getByRole('radio', { name: /Registered Agent Service: Annual/ }).check()
    await page.getByRole('button', { name: 'Next' }).click()
    // Straight to the order: the login is the person's own.
    await expect(page).toHaveURL(/\/client\/add-company\/order-summary$/)
    await expect(page.getByLabel('Password')).toHaveCount(0)
    await expect(page.getByText('Billed to Nora Quintero, 40 Brickell Ave, Miami, FL 33131.')).toBeVisible()

    await fillCard(page)
    await page.getByRole('button', { name: /^Pay \$[\d,.]+ and add the company$/ }).click()

    // In the new company at once, on its dashboard.
    await expect(page).toHaveURL(/\/client\/dashboard$/, { timeout: PAGE_LOAD })
    const switcher = page.getByRole('button', { name: new RegExp(`Company: ${second}`) })
    await expect(switcher).toBeVisible({ timeout: PAGE_LOAD })
    expect(await page.evaluate(() => sessionStorage.getItem('add-company-form'))).toBeNull()

    await switcher.click()
    const menu = page.getByRole('menu', { name: 'Switch company' })
    await expect(menu.getByRole('menuitemradio')).toHaveCount(2)
    await expect(menu.getByRole('menuitemradio', { name: new RegExp(second) })).toHaveAttribute('aria-checked', 'true')
    await expect(menu.getByRole('menuitemradio', { name: new RegExp(second) })).toContainText('Owner')
    await expect(menu.getByRole('menuitemradio', { name: new RegExp(first) })).toContainText('Owner')
    await expect(menu.getByRole('menuitem', { name: 'Add a company' })).toBeVisible()

    // And back to the first one.
    await menu.getByRole('menuitemradio', { name: new RegExp(first) }).click()
    await expect(page.getByRole('button', { name: new RegExp(`Company: ${first}`) })).toBeVisible({ timeout: PAGE_LOAD })
  })

  test('the public sign-up opened while signed in as a client goes to the add-company wizard', async ({ page, request }) => {
    await signIn(page, await registerFirstCompany(request, `Brickell Redirect ${randomUUID().slice(0, 6)} LLC`))
    await page.goto('/signup/personal-information')
    await expect(page).toHaveURL(/\/client\/add-company\/company-details$/, { timeout: PAGE_LOAD })
    await expect(page.getByRole('navigation', { name: 'Progress' }).getByRole('listitem')).toHaveCount(4)
  })
})
