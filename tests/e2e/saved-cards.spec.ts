import { randomUUID } from 'node:crypto'
import type { APIRequestContext, Page } from '@playwright/test'
import { expect, test } from './fixtures'
import { cardToken } from './sandbox-card'

/**
 * Saved cards end to end, for a company of its own (registered here through the public sign-up call,
 * so no other spec's invoices or add-ons are touched): an add-on bought with a new card saved, a second
 * one bought with the saved card preselected and no card fields, the card listed under Invoices →
 * Payment methods and removed there.
 */

const PASSWORD = 'Saved-cards-2026!'

const cardOf = (request: APIRequestContext) => cardToken(request, { name: 'Marta Reyes', postalCode: '33139', address1: '12 Ocean Dr' })

/** Registers a new company with its registered-agent service paid, and answers its login's e-mail. */
async function registerCompany(request: APIRequestContext): Promise<string> {
  const [services, countries, types] = await Promise.all(
    ['/api/services?kind=address', '/api/country', '/api/business-entity-types'].map(async (path) => (await request.get(path)).json()),
  )
  const service = services[0]
  const pkg = service.servicesPackages[0]
  const email = `saved.cards.${randomUUID().slice(0, 8)}@example.test`
  const res = await request.post('/api/client', {
    headers: { 'idempotency-key': randomUUID() },
    data: {
      clientInformation: {
        companyName: `Saved Cards ${randomUUID().slice(0, 6)} LLC`,
        businessType: types[0].id,
        attorneyEmail: '',
        notifyAttorney: false,
        changeAgent: true,
        useAgentAddress: false,
        firstName: 'Marta',
        lastName: 'Reyes',
        phone: '+1 305 555 0142',
        countryId: countries.find((c: { iso2: string }) => c.iso2 === 'US').id,
        address: '12 Ocean Dr',
        city: 'Miami Beach',
        stateProvince: 'FL',
        zipcode: '33139',
        agentId: null,
        affiliated_id: null,
        leadGeneratedBy: '',
      },
      userInformation: { email, password: PASSWORD },
      serviceSubscriptions: [
        {
          active: true,
          serviceId: service.id,
          servicePackageId: pkg.id,
          serviceName: service.name,
          servicePackageName: pkg.name,
          serviceDescription: service.description,
          servicePackageDescription: pkg.description,
          servicePackageAmount: pkg.amount,
        },
      ],
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
  await expect(page).toHaveURL(/\/client\/dashboard$/, { timeout: 20_000 })
}

test.describe('saved cards', () => {
  test.slow()

  test('a card saved with one purchase pays the next with no card fields, and is removed from Payment methods', async ({ page, request }) => {
    await signIn(page, await registerCompany(request))
    await page.getByRole('link', { name: 'Add-Ons' }).first().click()
    const offers = page
      .getByRole('list', { name: 'Add-ons' })
      .getByRole('listitem')
      .filter({ has: page.getByRole('button', { name: /^Buy / }) })
    await expect(offers.first()).toBeVisible()
    const offersBefore = await offers.count()
    expect(offersBefore).toBeGreaterThanOrEqual(2)

    // The first: a new card, saved.
    await offers.first().getByRole('button', { name: /^Buy / }).click()
    let dialog = page.getByRole('dialog', { name: /^Buy / })
    await dialog.frameLocator('iframe[title="Card number"]').locator('input').pressSequentially('4242424242424242')
    await dialog.frameLocator('iframe[title="Security code (CVV)"]').locator('input').pressSequentially('123')
    await dialog.getByLabel('Expiration date').pressSequentially(`12${String((new Date().getFullYear() + 3) % 100).padStart(2, '0')}`)
    await dialog.getByText('Save this card for later payments').click()
    let bought = page.waitForResponse((res) => res.url().endsWith('/api/client/services/packages/subscribe') && res.request().method() === 'POST')
    await dialog.getByRole('button', { name: /^Pay \$/ }).click()
    expect((await bought).status()).toBe(201)
    await expect(dialog).toBeHidden()
    await expect(offers).toHaveCount(offersBefore - 1)

    // The second: the saved card is chosen already, and no card frame is shown.
    await offers.first().getByRole('button', { name: /^Buy / }).click()
    dialog = page.getByRole('dialog', { name: /^Buy / })
    const saved = dialog.getByRole('radio', { name: /^Visa ending in 4242, expires / })
    await expect(saved).toBeChecked()
    await expect(dialog.locator('iframe[title="Card number"]')).toHaveCount(0)
    bought = page.waitForResponse((res) => res.url().endsWith('/api/client/services/packages/subscribe') && res.request().method() === 'POST')
    await dialog.getByRole('button', { name: /^Pay \$/ }).click()
    const answer = await bought
    expect(answer.status()).toBe(201)
    expect(answer.request().postDataJSON()).toMatchObject({ paymentMethodId: expect.any(Number) })
    await expect(dialog).toBeHidden()
    await expect(offers).toHaveCount(offersBefore - 2)

    // Invoices → Payment methods lists it by brand and last four, and removes it.
    await page.getByRole('link', { name: 'Invoices' }).first().click()
    await page.getByRole('tab', { name: 'Payment methods' }).click()
    // The open tab is in the address: a reload (or a shared link) opens it again.
    await expect(page).toHaveURL(/\/client\/invoices\?tab=payment-methods$/)
    await page.reload()
    await expect(page.getByRole('tab', { name: 'Payment methods' })).toHaveAttribute('aria-selected', 'true')
    const card = page.getByRole('list', { name: 'Saved cards' }).getByRole('listitem').filter({ hasText: 'Visa ending in 4242' })
    await expect(card).toHaveCount(1)
    await card.getByRole('button', { name: 'Remove Visa ending in 4242' }).click()
    await expect(page.getByText(/No saved cards yet/)).toBeVisible()
  })
})
