import type { Page } from '@playwright/test'
import { spawn, type ChildProcess } from 'node:child_process'
import { createServer } from 'node:net'
import { Secret, TOTP } from 'otpauth'
import { DEMO, DEMO_PASSWORD, expect, logOut, storedState, test } from './fixtures'

/**
 * Passkeys with Chromium's virtual authenticator (the WebAuthn domain of the DevTools protocol): a client
 * adds a passkey in Account Settings → Security, renames it, signs out, and signs in with the passkey
 * alone ("Use a passkey instead" on the sign-in page) (no e-mail, no password). Browsers refuse WebAuthn on an IP address, so this spec starts its own
 * server, on its own fresh database, whose PUBLIC_URL is http://localhost.
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

test('a client adds a passkey, signs out, and signs in with the passkey alone', async ({ page }) => {
  // Three sign-ins and a browser of its own: room for a busy machine.
  test.setTimeout(150_000)
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('WebAuthn.enable')
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  })

  await page.goto(`${base}/login`)
  await page.getByLabel('E-mail').fill(DEMO.client.email)
  await page.locator('input[name="password"]').fill(DEMO_PASSWORD)
  await page.getByRole('button', { name: 'Sign in', exact: true }).click()
  await expect(page).toHaveURL(/\/client\/dashboard$/, { timeout: 20_000 })

  await page.getByRole('button', { name: /Account menu/ }).click()
  await page.getByRole('menuitem', { name: 'Sign-in security' }).click()
  await expect(page.getByText('No passkeys yet.')).toBeVisible()
  await page.getByRole('button', { name: 'Add a passkey' }).click()
  await page.getByRole('textbox', { name: 'Name' }).fill('Test laptop')
  await page.getByRole('button', { name: 'Continue' }).click()
  const passkeys = page.getByRole('list', { name: 'Your passkeys' }).getByRole('listitem')
  await expect(passkeys).toHaveCount(1)
  await expect(passkeys.first()).toContainText('Test laptop')
  await expect(passkeys.first()).toContainText('not used yet')
  const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId })
  expect(credentials).toHaveLength(1)
  expect(credentials[0].isResidentCredential).toBe(true)
  expect(credentials[0].rpId).toBe('localhost')

  await page.getByRole('button', { name: 'Rename Test laptop' }).click()
  await page.getByRole('textbox', { name: 'Name' }).fill('Work laptop')
  await page.getByRole('button', { name: 'Save' }).click()
  await expect(passkeys.first()).toContainText('Work laptop')

  await logOut(page)
  await page.getByRole('button', { name: 'Use a passkey instead' }).click()
  await expect(page).toHaveURL(/\/client\/dashboard$/, { timeout: 20_000 })
  const session = JSON.parse((await storedState(page)).sessionStorage ?? 'null')
  expect(session.user.email).toBe(DEMO.client.email)

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
