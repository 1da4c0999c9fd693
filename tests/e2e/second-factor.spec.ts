import { Secret, TOTP } from 'otpauth'
import { DEMO, DEMO_PASSWORD, expect, loginAs, logOut, storedState, test } from './fixtures'
import { mailTo } from './mail'

/**
 * Two-step sign-in with an authenticator app, in the browser: a staff member sets it up in Account
 * Settings → Security (QR code and key), keeps the recovery codes, signs out, and signs in again with
 * the password and then a code the app would show. A wrong code is refused where the code is typed. A
 * super admin resets a staff member's two-step sign-in from their page in Users. (Requiring it of staff
 * changes every staff sign-in, so that is checked in passkeys.spec.ts, on a server of its own.)
 */

test.use({ serviceWorkers: 'block' })

const PASSWORD = 'Orange-grove-2026'
const codeOf = (secret: string, at = Date.now()) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({ timestamp: at })
const stepNow = () => Math.floor(Date.now() / 30_000)

/** A new staff member (invited by the super admin, password set through the invitation link). */
async function newStaffMember(request: import('@playwright/test').APIRequestContext) {
  const admin = await request.post('/api/auth/login', { data: { email: DEMO.admin.email, password: DEMO_PASSWORD } })
  expect(admin.status()).toBe(200)
  const token = (await admin.json()).token as string
  const roles = (await (await request.get('/api/roles', { headers: { authorization: `Bearer ${token}` } })).json()) as { id: number; name: string }[]
  const clerk = roles.find((r) => r.name === 'Mailroom clerk')!
  const email = `totp-${Date.now()}@demo.test`
  const created = await request.post('/api/users', {
    headers: { authorization: `Bearer ${token}` },
    data: { firstName: 'Tara', lastName: 'Twostep', email, roleId: clerk.id },
  })
  expect(created.status(), await created.text()).toBe(201)
  const link = /\/reset\/([A-Za-z0-9_-]+)/.exec((await mailTo(email)).text)![1]
  const set = await request.post('/api/auth/reset-password', { data: { token: link, password: PASSWORD } })
  expect(set.status(), await set.text()).toBe(200)
  return { email, id: (await created.json()).id as number }
}

test('a staff member turns on an authenticator app and signs in with a code', async ({ page }) => {
  test.setTimeout(120_000)
  const { email } = await newStaffMember(page.request)

  const signInWithPassword = async () => {
    await page.goto('/login')
    await page.getByLabel('E-mail').fill(email)
    await page.locator('input[name="password"]').fill(PASSWORD)
    await page.getByRole('button', { name: 'Sign in' }).click()
  }
  await signInWithPassword()
  await expect(page).toHaveURL(/\/provider\/dashboard$/, { timeout: 20_000 })

  await page.getByRole('button', { name: /Account menu/ }).click()
  await page.getByRole('menuitem', { name: 'Sign-in security' }).click()
  await expect(page).toHaveURL(/\/account-settings\/security$/)
  await expect(page.getByText('Only your password protects this account.')).toBeVisible()
  await page.getByRole('button', { name: 'Set up an authenticator app' }).click()
  await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible()
  const secret = (await page.getByTestId('totp-secret').innerText()).replace(/\s/g, '')
  expect(secret).toMatch(/^[A-Z2-7]{32}$/)

  // A wrong code is refused at the field.
  await page.getByLabel('Code from the app').fill(codeOf(secret, Date.now() + 10 * 60_000))
  await page.getByRole('button', { name: 'Turn on' }).click()
  await expect(page.getByText('That code is incorrect.')).toBeVisible()

  const enabledStep = stepNow()
  await page.getByLabel('Code from the app').fill(codeOf(secret))
  await page.getByRole('button', { name: 'Turn on' }).click()
  const codes = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')
  await expect(codes).toHaveCount(10)
  await expect(codes.first()).toHaveText(/^[a-z2-7]{5}-[a-z2-7]{5}$/)
  await page.getByRole('button', { name: 'I have saved them' }).click()
  await expect(page.getByText('10 of 10 recovery codes left.')).toBeVisible()

  await logOut(page)
  await signInWithPassword()
  await expect(page.getByRole('heading', { level: 1, name: 'Two-step sign-in' })).toBeVisible({ timeout: 20_000 })
  expect((await storedState(page)).sessionStorage).toBeNull()

  await page.getByLabel('Code').fill(codeOf(secret, Date.now() + 10 * 60_000))
  await page.getByRole('button', { name: 'Verify' }).click()
  await expect(page.getByText('That code is incorrect or has already been used')).toBeVisible()

  // The code used to turn it on is spent: sign in with the app's next one.
  await expect.poll(stepNow, { timeout: 35_000 }).toBeGreaterThan(enabledStep)
  await page.getByLabel('Code').fill(codeOf(secret))
  await page.getByRole('button', { name: 'Verify' }).click()
  await expect(page).toHaveURL(/\/provider\/dashboard$/, { timeout: 20_000 })
  const session = JSON.parse((await storedState(page)).sessionStorage ?? 'null')
  expect(session.user.email).toBe(email)
})

test("a super admin resets a staff member's two-step sign-in, and the password alone signs them in again", async ({ page }) => {
  test.setTimeout(120_000)
  const { email, id } = await newStaffMember(page.request)
  // The staff member's app, turned on through the API (the page's own set-up is the test above).
  const signedIn = await page.request.post('/api/auth/login', { data: { email, password: PASSWORD } })
  const auth = { authorization: `Bearer ${(await signedIn.json()).token}` }
  const { secret } = await (await page.request.post('/api/auth/totp/setup', { headers: auth })).json()
  expect((await page.request.post('/api/auth/totp/enable', { headers: auth, data: { code: codeOf(secret) } })).status()).toBe(200)
  expect((await (await page.request.post('/api/auth/login', { data: { email, password: PASSWORD } })).json()).mfaRequired).toBe(true)

  await loginAs(page, 'admin')
  await page.goto(`/provider/users/view/${id}`)
  await expect(page.getByText('Authenticator app', { exact: true })).toBeVisible()
  await page.getByRole('button', { name: 'Reset two-step sign-in' }).click()
  const dialog = page.getByRole('alertdialog', { name: 'Reset two-step sign-in' })
  await expect(dialog).toContainText(email)
  await dialog.getByRole('button', { name: 'Reset', exact: true }).click()
  await expect(page.getByText('Two-step sign-in reset for Tara Twostep.')).toBeVisible()
  await expect(dialog).toBeHidden()
  await expect(page.getByText('Not set up', { exact: true })).toBeVisible()
  // Nothing left to reset, and the history says who did it.
  await expect(page.getByRole('button', { name: 'Reset two-step sign-in' })).toHaveCount(0)
  await expect(page.getByRole('list', { name: 'History' }).getByRole('listitem').first()).toContainText('Two-step sign-in reset')
  await expect(page.getByRole('list', { name: 'History' }).getByRole('listitem').first()).toContainText(`by ${DEMO.admin.name}`)

  await logOut(page)
  await page.getByLabel('E-mail').fill(email)
  await page.locator('input[name="password"]').fill(PASSWORD)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await expect(page).toHaveURL(/\/provider\/dashboard$/, { timeout: 20_000 })
  expect(JSON.parse((await storedState(page)).sessionStorage ?? 'null').user.email).toBe(email)
})
