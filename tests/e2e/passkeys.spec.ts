import { spawn, type ChildProcess } from 'node:child_process'
import { createServer } from 'node:net'
import { DEMO, DEMO_PASSWORD, expect, logOut, storedState, test } from './fixtures'

/**
 * Passkeys with Chromium's virtual authenticator (the WebAuthn domain of the DevTools protocol): a client
 * adds a passkey in Account Settings → Security, renames it, signs out, and signs in with the passkey
 * alone ("Use a passkey instead" on the sign-in page) (no e-mail, no password). Browsers refuse WebAuthn on an IP address, so this spec starts its own
 * server, on its own fresh database, whose PUBLIC_URL is http://localhost.
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
  test.setTimeout(90_000)
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
