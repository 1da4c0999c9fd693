import type { CDPSession, Page } from '@playwright/test'
import { spawn, type ChildProcess } from 'node:child_process'
import { generateKeyPairSync, randomBytes } from 'node:crypto'
import { createServer } from 'node:net'
import { Secret, TOTP } from 'otpauth'
import { DEMO, DEMO_PASSWORD, expect, logOut, storedState, test } from './fixtures'

/**
 * Passkeys with Chromium's virtual authenticator (the WebAuthn domain of the DevTools protocol): a client
 * adds a passkey in Account Settings → Security, renames it, signs out, and signs in with the passkey
 * alone ("Use a passkey instead" on the sign-in page) (no e-mail, no password); a passkey offered in the
 * e-mail field's suggestions (conditional mediation) signs in on opening the page. Browsers refuse
 * WebAuthn on an IP address, so this spec starts its own server, on its own fresh database, whose
 * PUBLIC_URL is http://localhost.
 *
 * The virtual authenticator answers a conditional request by itself, at once, when it holds a passkey
 * of the site and simulates the user's presence: it picks the passkey as a person would from the
 * suggestions. So each test sets up what the sign-in page meets before opening it, and none races it:
 * the button's test runs in a browser that offers no passkeys in suggestions (as some do not), and the
 * test of the request's end uses an authenticator that never sees a person (its presence simulation
 * off), so the conditional request can only end by being aborted.
 *
 * The same server checks the setting that requires a second factor of staff: it changes every staff
 * sign-in, so it is turned on only here, where no other spec signs in.
 */

test.use({ serviceWorkers: 'block' })
test.describe.configure({ mode: 'serial' })

let server: ChildProcess | undefined
let base = ''

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer()
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number }
      probe.close(() => resolve(port))
    })
  })

test.beforeAll(async () => {
  test.setTimeout(180_000)
  const port = await freePort()
  base = `http://localhost:${port}`
  // The suite's own server has built dist/ already.
  server = spawn(process.execPath, ['tests/e2e/server.mjs'], {
    env: { ...process.env, E2E_PORT: String(port), E2E_SKIP_BUILD: '1', E2E_PUBLIC_HOST: 'localhost' },
    stdio: 'inherit',
  })
  await expect
    .poll(
      () =>
        fetch(`http://127.0.0.1:${port}/api/health`).then(
          (r) => r.ok,
          () => false,
        ),
      { timeout: 150_000, intervals: [500] },
    )
    .toBe(true)
})

test.afterAll(async () => {
  if (!server || server.exitCode !== null) return
  const exited = new Promise((resolve) => server!.once('exit', resolve))
  server.kill('SIGTERM')
  await exited
})

/** A platform authenticator of the page's own (user verification on); `present: false` never sees a person. */
async function addAuthenticator(page: Page, { present = true } = {}): Promise<{ cdp: CDPSession; authenticatorId: string }> {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('WebAuthn.enable')
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: present,
    },
  })
  return { cdp, authenticatorId }
}

type WebAuthnRequest = { mediation: string; outcome: string }

/**
 * Records the page's every navigator.credentials.get (its mediation, then 'resolved' or the error's name)
 * in window.webauthnRequests, for each document from the next one on. It passes each on unchanged.
 */
async function recordWebAuthnRequests(page: Page) {
  await page.addInitScript(() => {
    const requests: WebAuthnRequest[] = []
    Object.assign(window, { webauthnRequests: requests })
    const get = navigator.credentials.get.bind(navigator.credentials)
    navigator.credentials.get = (options?: CredentialRequestOptions) => {
      const entry = { mediation: options?.mediation ?? 'optional', outcome: 'pending' }
      requests.push(entry)
      const answer = get(options)
      answer.then(
        () => (entry.outcome = 'resolved'),
        (error: Error) => (entry.outcome = error.name),
      )
      return answer
    }
  })
}
const webAuthnRequests = (page: Page) => page.evaluate(() => (window as unknown as { webauthnRequests: WebAuthnRequest[] }).webauthnRequests)

/** Signs in with the password on this spec's server, and lands on the client's dashboard. */
async function passwordSignIn(page: Page, email: string) {
  await page.goto(`${base}/login`)
  await page.getByLabel('E-mail').fill(email)
  await page.locator('input[name="password"]').fill(DEMO_PASSWORD)
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  await expect(page).toHaveURL(/\/client\/dashboard$/, { timeout: 20_000 })
}

/** Adds a passkey named `name` in Account Settings → Security; answers the authenticator's one credential. */
async function addPasskey(page: Page, { cdp, authenticatorId }: { cdp: CDPSession; authenticatorId: string }, name: string) {
  await page.getByRole('button', { name: /Account menu/ }).click()
  await page.getByRole('menuitem', { name: 'Sign-in security' }).click()
  await expect(page.getByText('No passkeys yet.')).toBeVisible()
  await page.getByRole('button', { name: 'Add a passkey' }).click()
  await page.getByRole('textbox', { name: 'Name' }).fill(name)
  await page.getByRole('button', { name: 'Continue' }).click()
  const passkeys = page.getByRole('list', { name: 'Your passkeys' }).getByRole('listitem')
  await expect(passkeys).toHaveCount(1)
  await expect(passkeys.first()).toContainText(name)
  await expect(passkeys.first()).toContainText('not used yet')
  const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId })
  expect(credentials).toHaveLength(1)
  expect(credentials[0].isResidentCredential).toBe(true)
  expect(credentials[0].rpId).toBe('localhost')
  return credentials[0]
}

test('a client adds a passkey, signs out, and signs in with the passkey alone', async ({ page }) => {
  // Three sign-ins and a browser of its own: room for a busy machine.
  test.setTimeout(150_000)
  // A browser that offers no passkeys in the e-mail field's suggestions: the button is the way in, and
  // the page asks for no options before it is pressed.
  await page.addInitScript(() => Object.defineProperty(PublicKeyCredential, 'isConditionalMediationAvailable', { value: () => Promise.resolve(false) }))
  await recordWebAuthnRequests(page)
  const optionsAsked: string[] = []
  page.on('request', (request) => {
    if (request.url().endsWith('/api/auth/passkey/options')) optionsAsked.push(request.url())
  })
  const authenticator = await addAuthenticator(page)

  await passwordSignIn(page, DEMO.client.email)
  expect(optionsAsked).toHaveLength(0)
  await addPasskey(page, authenticator, 'Test laptop')
  const passkeys = page.getByRole('list', { name: 'Your passkeys' }).getByRole('listitem')

  await page.getByRole('button', { name: 'Rename Test laptop' }).click()
  await page.getByRole('textbox', { name: 'Name' }).fill('Work laptop')
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(passkeys.first()).toContainText('Work laptop')

  await logOut(page)
  await page.getByRole('button', { name: 'Use a passkey instead' }).click()
  await expect(page).toHaveURL(/\/client\/dashboard$/, { timeout: 20_000 })
  const session = JSON.parse((await storedState(page)).sessionStorage ?? 'null')
  expect(session.user.email).toBe(DEMO.client.email)
  // The button's request alone, since the sign-in page was opened.
  expect(await webAuthnRequests(page)).toEqual([{ mediation: 'optional', outcome: 'resolved' }])
  expect(optionsAsked).toHaveLength(1)

  await page.goto(`${base}/account-settings/security`)
  await expect(passkeys.first()).toContainText('last used')
  await page.getByRole('button', { name: 'Remove Work laptop' }).click()
  await expect(page.getByText('No passkeys yet.')).toBeVisible()

  // A removed passkey no longer signs in.
  await logOut(page)
  await page.getByRole('button', { name: 'Use a passkey instead' }).click()
  await expect(page.getByRole('alert')).toContainText('This passkey was not recognised')
  await expect(page).toHaveURL(/\/login$/)
})

test("a passkey offered in the e-mail field's suggestions signs in on opening the sign-in page", async ({ page, browser }) => {
  test.setTimeout(150_000)
  const authenticator = await addAuthenticator(page)
  await passwordSignIn(page, DEMO.client2.email)
  const credential = await addPasskey(page, authenticator, 'Phone')

  // The same passkey on a device with nothing of the portal stored: opening /login is enough.
  const device = await browser.newContext({ serviceWorkers: 'block' })
  try {
    const fresh = await device.newPage()
    await recordWebAuthnRequests(fresh)
    const { cdp, authenticatorId } = await addAuthenticator(fresh)
    await cdp.send('WebAuthn.addCredential', { authenticatorId, credential })
    await fresh.goto(`${base}/login`)
    await expect(fresh).toHaveURL(/\/client\/dashboard$/, { timeout: 20_000 })
    const session = JSON.parse((await storedState(fresh)).sessionStorage ?? 'null')
    expect(session.user.email).toBe(DEMO.client2.email)
    expect(await webAuthnRequests(fresh)).toEqual([{ mediation: 'conditional', outcome: 'resolved' }])
    await fresh.goto(`${base}/account-settings/security`)
    await expect(fresh.getByRole('list', { name: 'Your passkeys' }).getByRole('listitem').first()).toContainText('last used')
    await fresh.getByRole('button', { name: 'Remove Phone' }).click()
    await expect(fresh.getByText('No passkeys yet.')).toBeVisible()
  } finally {
    await device.close()
  }
})

test("the passkey button, and leaving the sign-in page, end the suggestions' request", async ({ page }) => {
  await recordWebAuthnRequests(page)
  // Nobody ever touches this authenticator: no request of the page can end but by being aborted. It
  // holds a passkey of the site (one the server does not know: it is never used), as an authenticator
  // with none makes Chromium refuse a conditional request at once.
  const { cdp, authenticatorId } = await addAuthenticator(page, { present: false })
  const key = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ format: 'der', type: 'pkcs8' })
  await cdp.send('WebAuthn.addCredential', {
    authenticatorId,
    credential: {
      credentialId: randomBytes(16).toString('base64'),
      isResidentCredential: true,
      rpId: 'localhost',
      privateKey: key.toString('base64'),
      userHandle: Buffer.from('user:unknown').toString('base64'),
      signCount: 0,
    },
  })

  await page.goto(`${base}/login`)
  await expect.poll(() => webAuthnRequests(page)).toEqual([{ mediation: 'conditional', outcome: 'pending' }])
  await page.getByRole('button', { name: 'Use a passkey instead' }).click()
  await expect
    .poll(() => webAuthnRequests(page))
    .toEqual([
      { mediation: 'conditional', outcome: 'AbortError' },
      { mediation: 'optional', outcome: 'pending' },
    ])

  await page.goto(`${base}/login`)
  await expect.poll(() => webAuthnRequests(page)).toEqual([{ mediation: 'conditional', outcome: 'pending' }])
  await page.getByRole('link', { name: 'Forgot your password?' }).click()
  await expect(page).toHaveURL(/\/forgot-password$/)
  await expect.poll(() => webAuthnRequests(page)).toEqual([{ mediation: 'conditional', outcome: 'AbortError' }])
})

const codeOf = (secret: string) => new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate()

/** Signs in on this spec's server with the password, then `code` when the account asks for one. */
async function signIn(page: Page, email: string, code?: string) {
  await page.goto(`${base}/login`)
  await page.getByLabel('E-mail').fill(email)
  await page.locator('input[name="password"]').fill(DEMO_PASSWORD)
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  if (!code) return
  await expect(page.getByRole('heading', { level: 1, name: 'Two-step sign-in' })).toBeVisible({ timeout: 20_000 })
  await page.getByLabel('Code').fill(code)
  await page.getByRole('button', { name: 'Verify' }).click()
}

test('with a second factor required of staff, a staff member without one sets it up at sign-in, and again after a reset', async ({ page, playwright }) => {
  // Six sign-ins, each hashing a password: room for a busy machine.
  test.setTimeout(300_000)
  const api = await playwright.request.newContext({ baseURL: base })
  // The super admin's own app first (the setting asks for it), turned on through the API; the admin
  // signs in below with its recovery codes, which need no waiting for the next 30-second code.
  const adminIn = await api.post('/api/auth/login', { data: { email: DEMO.admin.email, password: DEMO_PASSWORD } })
  const auth = { authorization: `Bearer ${(await adminIn.json()).token}` }
  const { secret } = await (await api.post('/api/auth/totp/setup', { headers: auth })).json()
  const enabled = await api.post('/api/auth/totp/enable', { headers: auth, data: { code: codeOf(secret) } })
  expect(enabled.status(), await enabled.text()).toBe(200)
  const adminCodes = (await enabled.json()).recoveryCodes as string[]
  const policy = page.getByRole('checkbox', { name: 'Require two-step sign-in for staff' })
  const ledToSetUp = async () => {
    await expect(page).toHaveURL(/\/account-settings\/security\?next=/, { timeout: 20_000 })
    await expect(page.getByRole('alert').filter({ hasText: 'Set up two-step sign-in to continue' })).toBeVisible()
  }

  try {
    await signIn(page, DEMO.admin.email, adminCodes[0])
    await expect(page).toHaveURL(/\/provider\/dashboard$/, { timeout: 20_000 })
    await page.getByRole('button', { name: /Account menu/ }).click()
    await page.getByRole('menuitem', { name: 'Sign-in security' }).click()
    await expect(policy).not.toBeChecked()
    await page.getByText('Require two-step sign-in for staff').click()
    await expect(page.getByText('Two-step sign-in is now required for staff.')).toBeVisible()
    await expect(policy).toBeChecked()
    await logOut(page)

    // A staff member without a second factor is led to the set-up, and the staff pages stay closed.
    await signIn(page, DEMO.clerk.email)
    await ledToSetUp()
    await page.goto(`${base}/provider/clients`)
    await expect(page).toHaveURL(/\/account-settings\/security\?next=[^&]*provider[^&]*clients$/)
    await expect(page.getByRole('alert').filter({ hasText: 'Set up two-step sign-in to continue' })).toBeVisible()
    await page.goto(`${base}/account-settings/security`)
    await expect(page.getByRole('alert').filter({ hasText: 'Set up two-step sign-in to continue' })).toBeVisible()
    await page.getByRole('button', { name: 'Set up an authenticator app' }).click()
    const clerkSecret = (await page.getByTestId('totp-secret').innerText()).replace(/\s/g, '')
    await page.getByLabel('Code from the app').fill(codeOf(clerkSecret))
    await page.getByRole('button', { name: 'Turn on' }).click()
    await expect(page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10)
    await page.getByRole('button', { name: 'I have saved them' }).click()
    // Set up: on to the staff pages.
    await expect(page).toHaveURL(/\/provider\/dashboard$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible()
    await page.goto(`${base}/provider/clients`)
    await expect(page).toHaveURL(/\/provider\/clients$/)
    await expect(page.getByRole('heading', { level: 1, name: 'Clients' })).toBeVisible()
    await logOut(page)

    // The super admin resets it (a lost phone): the staff member is led to the set-up again.
    await signIn(page, DEMO.admin.email, adminCodes[1])
    await expect(page).toHaveURL(/\/provider\/dashboard$/, { timeout: 20_000 })
    await page.goto(`${base}/provider/users`)
    await page.getByRole('link', { name: 'Casey Nguyen' }).click()
    await expect(page.getByText('Authenticator app', { exact: true })).toBeVisible()
    await page.getByRole('button', { name: 'Reset two-step sign-in' }).click()
    await page.getByRole('alertdialog', { name: 'Reset two-step sign-in' }).getByRole('button', { name: 'Reset', exact: true }).click()
    await expect(page.getByText('Two-step sign-in reset for Casey Nguyen.')).toBeVisible()
    await expect(page.getByText('Not set up', { exact: true })).toBeVisible()
    await logOut(page)

    await signIn(page, DEMO.clerk.email)
    await ledToSetUp()
    await logOut(page)

    // With the setting off again (the switch itself is checked above), the password alone signs them in.
    expect((await api.put('/api/settings/sign-in', { headers: auth, data: { staffSecondFactorRequired: false } })).status()).toBe(200)
    await signIn(page, DEMO.clerk.email)
    await expect(page).toHaveURL(/\/provider\/dashboard$/, { timeout: 20_000 })
  } finally {
    // Whatever happened above, the server is left as the demo has it.
    expect((await api.put('/api/settings/sign-in', { headers: auth, data: { staffSecondFactorRequired: false } })).status()).toBe(200)
    expect((await api.post('/api/auth/totp/disable', { headers: auth, data: { code: adminCodes[2] } })).status()).toBe(204)
    await api.dispose()
  }
})
