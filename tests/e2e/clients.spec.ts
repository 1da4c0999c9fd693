import type { Page } from '@playwright/test'
import { DEMO, DEMO_PASSWORD, expect, expectAccessible, loginAs, storedState, test } from './fixtures'
import { mailTo } from './mail'

/** Provider staff add a client through the staff wizard, find it in Clients and open its profile. */

const nextButton = (page: Page) => page.getByRole('button', { name: 'Next' })

test.describe('provider clients', () => {
  // Sign-in, several pages and axe checks: more than the default budget on a busy machine.
  test.slow()

  test('admin adds a client through the staff wizard and lands on provider/clients with the client listed', async ({ page }) => {
    const id = `${Date.now().toString(36)}`
    const company = `Mangrove Staff ${id} Inc`
    const email = `owner.staff.${id}@example.test`
    await loginAs(page, 'admin')
    await page.goto('/provider/clients')
    await page.getByRole('link', { name: 'Add Client' }).click()
    // The staff order: Personal Information, Company Information, Choose Address, Order Summary.
    await expect(page).toHaveURL(/\/provider\/add-client\/personal-information$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Add Client' })).toBeVisible()
    const columns = page.getByRole('navigation', { name: 'Progress' }).getByRole('listitem')
    await expect(columns).toHaveText([/Personal Information, current step/, /Company Information/, /Choose Address/, /Order Summary/, /Done/])

    await page.getByLabel('First Name').fill('Dana')
    await page.getByLabel('Last Name').fill('Ortiz')
    await page.getByLabel('E-mail').fill(email)
    await page.getByLabel('Mobile Phone').fill('7865550199')
    await page.getByLabel('Address').fill('200 S Biscayne Blvd')
    await page.getByLabel('City').fill('Miami')
    await page.getByLabel('State').fill('FL')
    await page.getByLabel('Postal/Zip Code').fill('33131')
    // No password: the client is invited by e-mail to choose one.
    await expect(page.getByText('The client will get an e-mail invitation to choose a password')).toBeVisible()
    await expect(page.getByLabel('Password', { exact: true })).toHaveCount(0)
    await expect(page.getByLabel('Confirm Password')).toHaveCount(0)
    await nextButton(page).click()

    await expect(page).toHaveURL(/\/provider\/add-client\/company-information$/)
    await page.getByLabel('Company Name').fill(company)
    await page.getByLabel('Business Entity Type').selectOption({ label: 'Florida Profit Corporation' })
    await page.getByLabel('Lead Source').selectOption('Referral from a partner')
    await nextButton(page).click()

    await expect(page).toHaveURL(/\/provider\/add-client\/choose-address$/)
    await page.getByRole('radio', { name: /Registered Agent \+ Mail Forwarding: Basic/ }).check()
    await nextButton(page).click()

    await expect(page).toHaveURL(/\/provider\/add-client\/order-summary$/)
    await expect(page.getByTestId('order-total')).toHaveText('$249.00')
    await page.frameLocator('iframe[title="Card number"]').locator('input').fill('4242 4242 4242 4242')
    await page.frameLocator('iframe[title="Security code (CVV)"]').locator('input').fill('321')
    await page.getByLabel('Expiration date').fill('0931')
    await page.getByRole('button', { name: 'Pay $249.00 and add client' }).click()

    await expect(page.getByText('Client registered successfully').first()).toBeVisible()
    // Done: the fifth column is reached, and the next step is to open the new client (or go back to the list).
    await expect(columns.nth(4)).toHaveAttribute('data-status', 'completed')
    await expect(page.getByRole('status').filter({ hasText: 'Client added' })).toContainText(company)
    await expect(page.getByRole('status').filter({ hasText: 'Client added' })).toContainText(`An invitation to choose a password went to ${email}`)
    await expect(page.getByRole('link', { name: 'Open the client' })).toHaveAttribute('href', /\/provider\/clients\/\d+$/)
    expect(await page.evaluate(() => sessionStorage.getItem('add-client-form'))).toBeNull()
    await page.getByRole('link', { name: 'Back to clients' }).click()
    await expect(page).toHaveURL(/\/provider\/clients$/)
    // Newest first: the new client heads the refreshed list.
    const firstRow = page.getByRole('table', { name: 'Clients' }).getByRole('row').nth(1)
    await expect(firstRow).toContainText(company)
    await expect(firstRow).toContainText(email)
    await expect(firstRow).toContainText('Registered Agent + Mail Forwarding')
    expect(await page.evaluate(() => sessionStorage.getItem('add-client-form'))).toBeNull()

    // The staff member stays signed in; the new client chooses its password through the invitation, then signs in.
    expect(JSON.parse((await storedState(page)).sessionStorage ?? 'null').user.email).toBe(DEMO.admin.email)
    const mail = await mailTo(email)
    expect(mail.text).toContain(company)
    expect(mail.text).toContain('within 7 days')
    const token = /\/reset\/([A-Za-z0-9_-]+)/.exec(mail.text)?.[1]
    expect(token).toBeTruthy()
    const early = await page.request.post('/api/auth/login', { data: { email, password: 'Mangrove-roots-2026' } })
    expect(early.status()).toBe(401)
    const set = await page.request.post('/api/auth/reset-password', { data: { token, password: 'Mangrove-roots-2026' } })
    expect(set.status()).toBe(200)
    const signIn = await page.request.post('/api/auth/login', { data: { email, password: 'Mangrove-roots-2026' } })
    expect(signIn.status()).toBe(200)

    // Its profile holds what the wizard was told.
    await firstRow.getByRole('link', { name: company }).click()
    await expect(page.getByRole('heading', { level: 1, name: company })).toBeVisible()
    await expect(page.getByText('Florida Profit Corporation')).toBeVisible()
    await expect(page.getByText('Referral from a partner')).toBeVisible()
    await expect(page.getByText('(786) 555-0199')).toBeVisible()
    // Bought at sign-up: in the services and as the answer to Hire Us as Registered Agent.
    await expect(page.getByText('Registered Agent + Mail Forwarding · Basic')).toBeVisible()
    await expect(page.getByText('Yes: Registered Agent + Mail Forwarding (Basic)')).toBeVisible()
  })

  test('the Clients list searches on the server and opens a profile whose tab lives in the URL', async ({ page }) => {
    await loginAs(page, 'manager')
    await page.getByRole('link', { name: 'Clients' }).first().click()
    await expect(page).toHaveURL(/\/provider\/clients$/)
    const table = page.getByRole('table', { name: 'Clients' })
    await expect(table.getByRole('columnheader')).toHaveText(['Company', 'Name', 'E-mail', 'Phone', 'Created', 'Services'])

    await expectAccessible(page, 'Clients')
    await page.getByRole('searchbox').first().fill('sunshine')
    await expect(page).toHaveURL(/q=sunshine/)
    await expect(table.getByRole('row')).toHaveCount(2)
    await expect(table).toContainText(DEMO.client.email)
    await table.getByRole('link', { name: 'Sunshine Holdings LLC', exact: true }).click()

    await expect(page).toHaveURL(/\/provider\/clients\/\d+\?tab=basic$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Sunshine Holdings LLC' })).toBeVisible()
    await expect(page.getByRole('tab', { name: 'Basic' })).toHaveAttribute('aria-selected', 'true')
    await expect(page.getByRole('link', { name: DEMO.client.email })).toBeVisible()
    await expect(page.getByText('Business Entity Type')).toBeVisible()
    await expectAccessible(page, 'Client profile')

    await page.getByRole('tab', { name: 'Invoices' }).click()
    await expect(page).toHaveURL(/\?tab=invoices$/)
    await expect(page.getByRole('heading', { level: 2, name: 'Invoices' })).toBeVisible()
    await page.getByRole('tab', { name: 'Documents' }).click()
    await expect(page).toHaveURL(/\?tab=documents$/)
    await expect(page.getByRole('heading', { level: 2, name: 'Documents' })).toBeVisible()

    // The address alone opens the tab.
    await page.reload()
    await expect(page.getByRole('tab', { name: 'Documents' })).toHaveAttribute('aria-selected', 'true')
    await page.goto(page.url().replace('tab=documents', 'tab=nonsense'))
    await expect(page.getByRole('tab', { name: 'Basic' })).toHaveAttribute('aria-selected', 'true')
  })

  test('sorting the Clients list is kept in the URL and done by the server', async ({ page }) => {
    await loginAs(page, 'admin')
    await page.goto('/provider/clients')
    const table = page.getByRole('table', { name: 'Clients' })
    await table.getByRole('button', { name: /^Company/ }).click()
    await expect(page).toHaveURL(/sort=companyName&order=asc|order=asc.*sort=companyName/)
    await expect(table.getByRole('columnheader', { name: /Company/ })).toHaveAttribute('aria-sort', 'ascending')
  })

  test('a client sees its own profile, and no other', async ({ page }) => {
    await loginAs(page, 'client')
    const session = JSON.parse((await storedState(page)).sessionStorage ?? 'null')
    await page.goto(`/client/profile/${session.user.clientId}`)
    await expect(page.getByRole('heading', { level: 1, name: 'Profile' })).toBeVisible()
    await expect(page.getByRole('main').getByText('Sunshine Holdings LLC').first()).toBeVisible()
    await expect(page.getByRole('link', { name: DEMO.client.email })).toBeVisible()
    await page.goto(`/client/profile/${session.user.clientId + 1}`)
    // The top bar names the signed-in company; the page itself must show nothing of the other one.
    await expect(page.getByRole('main').getByText('Sunshine Holdings LLC')).toHaveCount(0)
    await expect(page.getByText(/not found/i).first()).toBeVisible()
  })

  test('clients cannot open the provider Clients list or the staff wizard', async ({ page }) => {
    await loginAs(page, 'client2')
    await page.goto('/provider/clients')
    await expect(page.getByText('You do not have access to this page')).toBeVisible()
    await page.goto('/provider/add-client')
    await expect(page.getByText('You do not have access to this page')).toBeVisible()
    const res = await page.request.post('/api/auth/login', { data: { email: DEMO.client2.email, password: DEMO_PASSWORD } })
    const { token } = await res.json()
    expect((await page.request.get('/api/client', { headers: { authorization: `Bearer ${token}` } })).status()).toBe(403)
  })
})
