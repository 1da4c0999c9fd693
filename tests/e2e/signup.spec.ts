import type { Page, Request } from '@playwright/test'
import { DEMO, DEMO_PASSWORD, expect, expectAccessible, test } from './fixtures'

/**
 * The public sign-up wizard (in order: Company Details, Choose Address, Personal Information,
 * Order Summary) against the real server and the sandbox card gateway.
 */

const CARDS = { success: '4242 4242 4242 4242', declined: '4000 0000 0000 0002' } as const
const PASSWORD = 'Coral-reef-lagoon-2026'

let sequence = 0
/** A company and owner no other test uses. */
function newSignup(tag: string) {
  const id = `${Date.now().toString(36)}${++sequence}`
  return {
    company: `Coral Reef ${tag} ${id} LLC`,
    firstName: 'Marta',
    lastName: 'Reyes',
    email: `marta.${tag}.${id}@example.test`.toLowerCase(),
    phone: '3055550142',
    address: '12 Ocean Dr',
    city: 'Miami Beach',
    state: 'FL',
    zip: '33139',
  }
}
type Signup = ReturnType<typeof newSignup>

const nextButton = (page: Page) => page.getByRole('button', { name: 'Next' })
const currentStep = (page: Page) => page.getByRole('navigation', { name: 'Progress' }).locator('[aria-current="step"]')

async function fillCompanyDetails(page: Page, signup: Signup) {
  await page.getByLabel('Company Name').fill(signup.company)
  await page.getByLabel('Business Entity Type').selectOption({ label: 'Florida Limited Liability Company' })
}

async function fillPersonalInformation(page: Page, signup: Signup) {
  await page.getByLabel('First Name').fill(signup.firstName)
  await page.getByLabel('Last Name').fill(signup.lastName)
  await page.getByLabel('E-mail').fill(signup.email)
  await page.getByLabel('Mobile Phone').fill(signup.phone)
  await page.getByLabel('Address').fill(signup.address)
  await page.getByLabel('City').fill(signup.city)
  await page.getByLabel('State').fill(signup.state)
  await page.getByLabel('Postal/Zip Code').fill(signup.zip)
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD)
  await page.getByLabel('Confirm Password').fill(PASSWORD)
}

/** Walks the first three steps and lands on the order summary with Registered Agent Service, Annual ($149.00). */
async function reachOrderSummary(page: Page, signup: Signup) {
  await page.goto('/signup')
  await expect(page).toHaveURL(/\/signup\/company-details$/)
  await fillCompanyDetails(page, signup)
  await nextButton(page).click()
  await expect(page).toHaveURL(/\/signup\/choose-address$/)
  await page.getByRole('radio', { name: /Registered Agent Service: Annual/ }).check()
  await nextButton(page).click()
  await expect(page).toHaveURL(/\/signup\/personal-information$/)
  await fillPersonalInformation(page, signup)
  await nextButton(page).click()
  await expect(page).toHaveURL(/\/signup\/order-summary$/)
}

async function fillCard(page: Page, number: string) {
  await page.frameLocator('iframe[title="Card number"]').locator('input').fill(number)
  await page.frameLocator('iframe[title="Security code (CVV)"]').locator('input').fill('123')
  await page.getByLabel('Expiration date').fill('1234')
  await expect(page.getByLabel('Expiration date')).toHaveValue('12/34')
}

const payButton = (page: Page) => page.getByRole('button', { name: /^Pay \$[\d,.]+ and register$/ })

/** An admin's bearer token, to look at the server's records beside the UI. */
async function adminToken(page: Page): Promise<string> {
  const res = await page.request.post('/api/auth/login', { data: { email: DEMO.admin.email, password: DEMO_PASSWORD } })
  expect(res.status()).toBe(200)
  return (await res.json()).token
}

async function clientsNamed(page: Page, company: string): Promise<number> {
  const res = await page.request.get(`/api/client?q=${encodeURIComponent(company)}`, { headers: { authorization: `Bearer ${await adminToken(page)}` } })
  expect(res.status()).toBe(200)
  return (await res.json()).total
}

test.describe('the public sign-up wizard', () => {
  // Most tests walk four steps and pay: more than the default budget on a busy machine.
  test.slow()

  test('/signup and the legacy /signUp open the first step', async ({ page }) => {
    await page.goto('/signup')
    await expect(page).toHaveURL(/\/signup\/company-details$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Setup Your Company' })).toBeVisible()
    await page.goto('/signUp')
    await expect(page).toHaveURL(/\/signup\/company-details$/)
    await expect(currentStep(page)).toContainText('Company Details')
  })

  test('a new client signs up with 4242 4242 4242 4242, then signs in and sees the paid invoice', async ({ page }) => {
    const signup = newSignup('full')
    await page.goto('/signup')
    const columns = page.getByRole('navigation', { name: 'Progress' }).getByRole('listitem')
    await expect(columns).toHaveText([/^1Company Details, current step$/, /^2Choose Address/, /^3Personal Information/, /^4Order Summary/, /^5Done/])
    await fillCompanyDetails(page, signup)
    await nextButton(page).click()
    await expect(columns.nth(0)).toHaveAttribute('data-status', 'completed')
    await expect(columns.nth(1)).toHaveAttribute('data-status', 'active')
    await expect(columns.nth(2)).toHaveAttribute('data-status', 'pending')

    // Choose Address lists the active address services with their packages.
    await expect(page.getByRole('heading', { name: 'Registered Agent Service', exact: true })).toBeVisible()
    await expect(page.getByRole('heading', { name: 'Registered Agent + Mail Forwarding' })).toBeVisible()
    await page.getByRole('radio', { name: /Registered Agent Service: Annual/ }).check()
    await nextButton(page).click()
    // Phone and country start on the United States.
    await expect(page.getByRole('combobox', { name: 'Country code' })).toHaveValue('US')
    await expect(page.getByRole('combobox', { name: 'Country', exact: true }).locator('option:checked')).toHaveText('United States')
    await fillPersonalInformation(page, signup)
    await nextButton(page).click()
    await expect(page).toHaveURL(/\/signup\/order-summary$/)

    // Line items, an add-on, a coupon and an affiliate code, and the total.
    const total = page.getByTestId('order-total')
    await expect(page.getByRole('table', { name: 'Order line items' })).toContainText('Registered Agent Service')
    await expect(total).toHaveText('$149.00')
    await page.getByRole('checkbox', { name: /Certificate of Status: \$49\.00/ }).check()
    await expect(total).toHaveText('$198.00')
    await page.getByLabel('Coupon code').fill('WELCOME10')
    await page.getByRole('button', { name: 'Apply' }).first().click()
    await expect(page.getByText('10% off your first order')).toBeVisible()
    await expect(total).toHaveText('$178.20')
    await page.getByLabel('Affiliate code').fill('PARTNER1')
    await page.getByRole('button', { name: 'Apply' }).click()
    await expect(page.getByText('referral recorded')).toBeVisible()

    await fillCard(page, CARDS.success)
    await payButton(page).click()
    await expect(page.getByText('Client registered successfully').first()).toBeVisible()
    // The wizard reaches its Done column and says what comes next before leaving.
    await expect(columns.nth(4)).toHaveAttribute('data-status', 'completed')
    await expect(page.getByRole('heading', { level: 2, name: 'Done' })).toBeVisible()
    await expect(page.getByRole('status').filter({ hasText: 'Your account is ready' })).toContainText(signup.email)
    // The form data is gone once the client exists.
    expect(await page.evaluate(() => sessionStorage.getItem('signup-form'))).toBeNull()
    await expect(page.getByRole('link', { name: 'Sign in' })).toBeFocused()
    await page.getByRole('link', { name: 'Sign in' }).click()
    await expect(page).toHaveURL(/\/login$/)

    await page.getByLabel('E-mail').fill(signup.email)
    await page.locator('input[name="password"]').fill(PASSWORD)
    await page.getByRole('button', { name: 'Sign in' }).click()
    await expect(page).toHaveURL(/\/client\/dashboard$/)
    // A first visit: "Welcome", not "Welcome back"; the new service is in force.
    await expect(page.getByText(`Welcome, ${signup.firstName} · ${signup.company}`)).toBeVisible()
    await expect(page.getByText(/Welcome back/)).toHaveCount(0)
    const service = page.locator('section').filter({ has: page.getByRole('heading', { level: 2, name: 'Your service' }) })
    await expect(service).toContainText('Registered Agent Service')
    await expect(service).toContainText('Active')
    await page.goto('/client/invoices')
    const rows = page.getByRole('table', { name: 'Invoices' }).getByRole('row')
    await expect(rows.filter({ hasText: '$178.20' })).toHaveCount(1)
    await expect(rows.filter({ hasText: '$178.20' })).toContainText('PAID')
  })

  test('invalid coupon and affiliate codes are refused with clear messages', async ({ page }) => {
    await reachOrderSummary(page, newSignup('codes'))
    await page.getByLabel('Coupon code').fill('NOT-A-COUPON')
    await page.getByRole('button', { name: 'Apply' }).first().click()
    await expect(page.getByText('Coupon code is not valid')).toBeVisible()
    await expect(page.getByTestId('order-total')).toHaveText('$149.00')
    await page.getByLabel('Affiliate code').fill('NOBODY')
    await page.getByRole('button', { name: 'Apply' }).nth(1).click()
    await expect(page.getByText('Affiliate code is not valid')).toBeVisible()
  })

  test('a declined card shows the decline text and creates nothing', async ({ page }) => {
    const signup = newSignup('declined')
    await reachOrderSummary(page, signup)
    await fillCard(page, CARDS.declined)
    await payButton(page).click()
    await expect(page.getByRole('alert').filter({ hasText: 'Your card was declined' })).toBeVisible()
    await expect(page).toHaveURL(/\/signup\/order-summary$/)
    await expect(payButton(page)).toBeEnabled()

    // No client, and no user under that e-mail (the list's search also matches users' e-mails).
    expect(await clientsNamed(page, signup.company)).toBe(0)
    expect(await clientsNamed(page, signup.email)).toBe(0)
  })

  test('previous and next keep the data, and so does a reload', async ({ page }) => {
    const signup = newSignup('keep')
    await page.goto('/signup/company-details')
    await fillCompanyDetails(page, signup)
    await page
      .getByRole('radiogroup', { name: /Hire Us/ })
      .getByText('Yes', { exact: true })
      .click()
    await nextButton(page).click()
    await page.getByRole('radio', { name: /Registered Agent \+ Mail Forwarding: Premium/ }).check()
    await nextButton(page).click()
    await page.getByLabel('First Name').fill(signup.firstName)
    await page.getByLabel('E-mail').fill(signup.email)
    await page.getByRole('textbox', { name: 'Password', exact: true }).fill(PASSWORD)
    await page.getByLabel('Confirm Password').fill(PASSWORD)
    // The half-finished sign-up is saved for a reload, but never its password.
    await expect.poll(() => page.evaluate(() => sessionStorage.getItem('signup-form') ?? '')).toContain(signup.email)
    expect(await page.evaluate(() => JSON.stringify({ ...sessionStorage, ...localStorage }))).not.toContain(PASSWORD)

    await page.getByRole('button', { name: 'Previous' }).click()
    await expect(page).toHaveURL(/\/signup\/choose-address$/)
    await expect(page.getByRole('radio', { name: /Registered Agent \+ Mail Forwarding: Premium/ })).toBeChecked()
    await page.getByRole('button', { name: 'Previous' }).click()
    await expect(page).toHaveURL(/\/signup\/company-details$/)
    await expect(page.getByLabel('Company Name')).toHaveValue(signup.company)
    await expect(page.getByLabel('Business Entity Type').locator('option:checked')).toHaveText('Florida Limited Liability Company')
    await expect(page.getByRole('radiogroup', { name: /Hire Us/ }).getByRole('radio', { name: 'Yes' })).toBeChecked()

    await page.reload()
    await expect(page.getByLabel('Company Name')).toHaveValue(signup.company)
    await nextButton(page).click()
    await expect(page.getByRole('radio', { name: /Registered Agent \+ Mail Forwarding: Premium/ })).toBeChecked()
    await nextButton(page).click()
    await expect(page.getByLabel('First Name')).toHaveValue(signup.firstName)
    await expect(page.getByLabel('E-mail')).toHaveValue(signup.email)
    await page.reload()
    await expect(page.getByLabel('E-mail')).toHaveValue(signup.email)
    // The password is typed again after a reload.
    await expect(page.getByRole('textbox', { name: 'Password', exact: true })).toHaveValue('')

    // Start over forgets it all, after asking.
    page.once('dialog', (dialog) => void dialog.accept())
    await page.getByRole('button', { name: 'Start over' }).click()
    await expect(page).toHaveURL(/\/signup\/company-details$/)
    await expect(page.getByLabel('Company Name')).toHaveValue('')
    expect(await page.evaluate(() => sessionStorage.getItem('signup-form'))).toBeNull()

    // Leaving the wizard for another page forgets the draft.
    await fillCompanyDetails(page, signup)
    await expect.poll(() => page.evaluate(() => sessionStorage.getItem('signup-form') ?? '')).toContain(signup.company)
    await page.getByRole('link', { name: 'Sign in' }).click()
    await expect(page).toHaveURL(/\/login$/)
    // The address changes before the wizard leaves the page; the draft goes as it leaves.
    await expect.poll(() => page.evaluate(() => sessionStorage.getItem('signup-form'))).toBeNull()
  })

  test('an empty required field says "This field is mandatory", and the other rules are checked per step', async ({ page }) => {
    const signup = newSignup('rules')
    await page.goto('/signup/company-details')
    await nextButton(page).click()
    await expect(page.getByText('This field is mandatory').first()).toBeVisible()
    await expect(page.getByLabel('Company Name')).toHaveAttribute('aria-invalid', 'true')
    await expect(page).toHaveURL(/\/signup\/company-details$/)

    // Notify Attorney: Yes shows and requires the attorney e-mail; No clears it.
    await fillCompanyDetails(page, signup)
    const notify = page.getByRole('radiogroup', { name: /Notify Attorney/ })
    await expect(notify.getByRole('radio', { name: 'No' })).toBeChecked()
    await expect(page.getByLabel('Attorney E-mail')).toHaveCount(0)
    await notify.getByText('Yes', { exact: true }).click()
    await nextButton(page).click()
    await expect(page.getByLabel('Attorney E-mail')).toHaveAttribute('aria-invalid', 'true')
    await page.getByLabel('Attorney E-mail').fill('not-an-email')
    await expect(page.getByText('Enter a valid e-mail address')).toBeVisible()
    await notify.getByText('No', { exact: true }).click()
    await expect(page.getByLabel('Attorney E-mail')).toHaveCount(0)
    await notify.getByText('Yes', { exact: true }).click()
    await expect(page.getByLabel('Attorney E-mail')).toHaveValue('')
    await notify.getByText('No', { exact: true }).click()
    await nextButton(page).click()
    // The step itself, not only its address: the previous step stays on screen while this one loads.
    await expect(page.getByRole('heading', { level: 2, name: 'Choose Address' })).toBeVisible()

    await nextButton(page).click()
    await expect(page.getByText('This field is mandatory')).toBeVisible()
    await page.getByRole('radio', { name: /Registered Agent Service: Annual/ }).check()
    await nextButton(page).click()

    await fillPersonalInformation(page, signup)
    const password = page.getByRole('textbox', { name: 'Password', exact: true })
    await page.getByLabel('E-mail').fill('marta.example.test')
    await password.fill('short')
    await page.getByLabel('City').fill('')
    await nextButton(page).click()
    await expect(page.getByText('Enter a valid e-mail address')).toBeVisible()
    await expect(page.getByText('Password must be at least 8 characters')).toBeVisible()
    await expect(page.getByLabel('City')).toHaveAttribute('aria-invalid', 'true')
    await password.fill('Coral-reef-lagoon-2027')
    await nextButton(page).click()
    await expect(page.getByText('Passwords do not match')).toBeVisible()
    await expect(page.getByText('Enter a valid e-mail address')).toBeVisible()
    await expect(page).toHaveURL(/\/signup\/personal-information$/)
  })

  test('every step, with its errors showing, has no serious accessibility violation', async ({ page }) => {
    const signup = newSignup('a11y')
    await page.goto('/signup/company-details')
    await nextButton(page).click()
    await expect(page.getByText('This field is mandatory').first()).toBeVisible()
    await expectAccessible(page, 'Company Details with errors')
    await fillCompanyDetails(page, signup)
    await nextButton(page).click()
    // The step itself, not only its address: the previous step stays on screen while this one loads.
    await expect(page.getByRole('heading', { level: 2, name: 'Choose Address' })).toBeVisible()
    await nextButton(page).click()
    await expect(page.getByText('This field is mandatory')).toBeVisible()
    await expectAccessible(page, 'Choose Address with an error')
    await page.getByRole('radio', { name: /Registered Agent Service: Annual/ }).check()
    await nextButton(page).click()
    await expect(page).toHaveURL(/\/signup\/personal-information$/)
    await expect(page.getByRole('heading', { level: 2, name: 'Personal Information' })).toBeVisible()
    await nextButton(page).click()
    await expect(page.getByText('This field is mandatory').first()).toBeVisible()
    await expectAccessible(page, 'Personal Information with errors')
    // Password and Confirm Password sit side by side, and so do their errors.
    const errorTop = (name: string) =>
      page.getByRole('textbox', { name, exact: true }).evaluate((input) => {
        const ids = (input.getAttribute('aria-describedby') ?? '').split(' ')
        return document.getElementById(ids[ids.length - 1])!.getBoundingClientRect().top
      })
    await expect(page.getByRole('textbox', { name: 'Confirm Password', exact: true })).toHaveAttribute('aria-invalid', 'true')
    expect(await errorTop('Password')).toBe(await errorTop('Confirm Password'))
    await fillPersonalInformation(page, signup)
    await nextButton(page).click()
    await expect(page).toHaveURL(/\/signup\/order-summary$/)
    await expect(page.getByRole('heading', { level: 2, name: 'Order Summary' })).toBeVisible()
    // An incomplete card number, an empty CVV and no expiry: all three say so at once.
    await page.frameLocator('iframe[title="Card number"]').locator('input').fill('4242 42')
    await payButton(page).click()
    await expect(page.getByText('Expiration date is required')).toBeVisible()
    await expect(page.getByText('Card number is not valid')).toBeVisible()
    await expect(page.getByText('CVV is required')).toBeVisible()
    await expectAccessible(page, 'Order Summary with an error')
  })

  test('a step cannot be skipped by typing its address', async ({ page }) => {
    await page.goto('/signup/order-summary')
    await expect(page).toHaveURL(/\/signup\/company-details$/)
    await page.goto('/signup/personal-information')
    await expect(page).toHaveURL(/\/signup\/company-details$/)
    await fillCompanyDetails(page, newSignup('skip'))
    await nextButton(page).click()
    await expect(page).toHaveURL(/\/signup\/choose-address$/)
    await page.goto('/signup/order-summary')
    await expect(page).toHaveURL(/\/signup\/choose-address$/)
    await expect(currentStep(page)).toContainText('Choose Address')
  })

  test("the page's own scripts cannot read the card number, which leaves the page only from its frame", async ({ page }) => {
    const signup = newSignup('frames')
    const digits = CARDS.success.replace(/ /g, '')
    const requests: Request[] = []
    page.on('request', (request) => requests.push(request))
    await reachOrderSummary(page, signup)
    await fillCard(page, CARDS.success)

    const frames = await page.evaluate(() =>
      Array.from(document.querySelectorAll('iframe')).map((frame) => {
        let readable: string
        try {
          readable = frame.contentDocument === null ? 'null' : 'readable'
        } catch {
          readable = 'throws'
        }
        let windowReadable: string
        try {
          windowReadable = String(frame.contentWindow?.document.body.innerHTML ?? 'null')
        } catch {
          windowReadable = 'throws'
        }
        return { title: frame.title, sandbox: frame.getAttribute('sandbox'), readable, windowReadable }
      }),
    )
    expect(frames.map((f) => f.title).sort()).toEqual(['Card number', 'Security code (CVV)'])
    for (const frame of frames) {
      expect(frame.readable).not.toBe('readable')
      expect(frame.windowReadable).toBe('throws')
      expect(frame.sandbox).not.toContain('allow-same-origin')
    }
    const html = await page.content()
    expect(html).not.toContain(digits)
    expect(html).not.toContain(CARDS.success)
    const stored = await page.evaluate(() => JSON.stringify({ ...sessionStorage, ...localStorage }))
    expect(stored).not.toContain(digits)
    expect(stored).not.toContain('12/34')

    await payButton(page).click()
    await expect(page.getByRole('status').filter({ hasText: 'Your account is ready' })).toBeVisible()
    const carrying = requests.filter((request) => (request.postData() ?? '').includes(digits) || request.url().includes(digits))
    expect(carrying.length).toBeGreaterThan(0)
    for (const request of carrying) {
      expect(request.frame().url()).toContain('/api/payments/sandbox/frame?field=number')
      expect(request.url()).toMatch(/\/api\/payments\/sandbox\/tokens$/)
    }
    const registration = requests.find((request) => request.method() === 'POST' && new URL(request.url()).pathname === '/api/client')
    expect(registration?.postData()).not.toContain(digits)
    expect(registration?.headers()['idempotency-key']).toMatch(/^signup-/)
  })

  test('a double click registers one client and charges once', async ({ page }) => {
    const signup = newSignup('double')
    const registrations: Request[] = []
    page.on('request', (request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/client') registrations.push(request)
    })
    await reachOrderSummary(page, signup)
    await fillCard(page, CARDS.success)
    await payButton(page).dblclick()
    await expect(page.getByRole('status').filter({ hasText: 'Your account is ready' })).toBeVisible()
    expect(registrations).toHaveLength(1)
    expect(await clientsNamed(page, signup.company)).toBe(1)

    // The client's one paid invoice is its one charge.
    const signIn = await page.request.post('/api/auth/login', { data: { email: signup.email, password: PASSWORD } })
    const { token, user } = await signIn.json()
    const invoices = await page.request.get(`/api/client/invoices/${user.clientId}`, { headers: { authorization: `Bearer ${token}` } })
    expect((await invoices.json()).total).toBe(1)
  })

  test('a registered e-mail and a common password are refused on Personal Information, beside their fields, before the card', async ({ page }) => {
    const signup = newSignup('taken')
    await page.goto('/signup/company-details')
    await fillCompanyDetails(page, signup)
    await nextButton(page).click()
    await page.getByRole('radio', { name: /Registered Agent Service: Annual/ }).check()
    await nextButton(page).click()
    await fillPersonalInformation(page, { ...signup, email: DEMO.client.email })
    const password = page.getByRole('textbox', { name: 'Password', exact: true })
    await password.fill('password123')
    await page.getByLabel('Confirm Password').fill('password123')
    await nextButton(page).click()

    await expect(page).toHaveURL(/\/signup\/personal-information$/)
    await expect(page.getByText('This password is too common and easy to guess. Choose a longer or less predictable one.')).toBeVisible()
    await expect(password).toHaveAttribute('aria-invalid', 'true')
    await password.fill(PASSWORD)
    await page.getByLabel('Confirm Password').fill(PASSWORD)
    await nextButton(page).click()
    await expect(page.getByText('An account with this e-mail already exists')).toBeVisible()
    await expect(page.getByLabel('E-mail')).toHaveAttribute('aria-invalid', 'true')
    await expect(page.getByRole('link', { name: 'Sign in', exact: true })).toHaveAttribute('href', '/login')
    await expect(page.getByRole('link', { name: 'Reset password' })).toHaveAttribute('href', '/forgot-password')
    await expect(page).toHaveURL(/\/signup\/personal-information$/)

    await page.getByLabel('E-mail').fill(signup.email)
    await nextButton(page).click()
    await expect(page).toHaveURL(/\/signup\/order-summary$/)
    expect(await clientsNamed(page, signup.company)).toBe(0)
  })

  test('offline, the order summary says a connection is needed and sends nothing', async ({ page, context }) => {
    await reachOrderSummary(page, newSignup('offline'))
    await expect(payButton(page)).toBeEnabled()
    await context.setOffline(true)
    await expect(page.getByText('Registering needs an internet connection').first()).toBeVisible()
    await expect(payButton(page)).toBeDisabled()
    await context.setOffline(false)
    await expect(payButton(page)).toBeEnabled()
  })
})
