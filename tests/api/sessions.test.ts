import { eq } from 'drizzle-orm'
import { SignJWT } from 'jose'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { FORGOT_PASSWORD_MESSAGE, INVALID_RESET_LINK } from '../../contract/auth'
import { DEVICE_COOKIE, REFRESH_COOKIE, REFRESH_GRACE_MS } from '../../server/auth/session'
import { users } from '../../server/db/schema'
import type { MailMessage } from '../../server/mail/mailer'
import { createTestServer, DEMO_ACCOUNTS, DEMO_PASSWORD, login, sessionCookies, type TestServer } from './harness'

/**
 * Ending a session ends all of it: every access token of the session (its refresh family), every reset
 * or invitation link a password change or deactivation leaves behind, and a copied refresh cookie gets
 * nothing from the grace meant for a lost answer.
 */

// Sign-in runs argon2id; a busy machine needs time for a test of many sign-ins.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 })

let server: TestServer
beforeAll(async () => {
  server = await createTestServer({ seed: true })
}, 120_000)
afterAll(() => server.close())

const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) Portal-Test/1.0'
const claimsOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8'))
const reads = (token: string) => server.request('GET', '/api/permissions', { token }).then((r) => r.status)
const refresh = (cookie: string, headers: Record<string, string> = {}) =>
  server.request('POST', '/api/auth/refresh', { headers: { cookie, 'user-agent': BROWSER, ...headers } })
const logout = (init: { token?: string; cookie?: string; headers?: Record<string, string> }) =>
  server.request('POST', '/api/auth/logout', {
    token: init.token,
    headers: { ...(init.cookie ? { cookie: init.cookie } : {}), 'user-agent': BROWSER, ...init.headers },
  })
const changePassword = (token: string, cookie: string, currentPassword: string, newPassword: string) =>
  server.request('POST', '/api/auth/change-password', { token, headers: { cookie, 'user-agent': BROWSER }, body: { currentPassword, newPassword } })
/** Only the refresh cookie of a Cookie header: what a copy taken from elsewhere than the browser has. */
const refreshOnly = (cookie: string) => cookie.split('; ').find((pair) => pair.startsWith(`${REFRESH_COOKIE}=`))!

async function signIn(email: string, password: string, remember = true) {
  const res = await server.request('POST', '/api/auth/login', { body: { email, password, remember }, headers: { 'user-agent': BROWSER } })
  expect(res.status, res.text).toBe(200)
  return { token: res.json.token as string, cookie: sessionCookies(res) }
}

async function userWithPassword(password: string) {
  const { user } = await server.factories.client({}, password)
  return user
}

/** The token of the last reset or invitation link mailed to an address. */
function lastLinkTo(email: string): string {
  const mail = server.sent.filter((m) => m.to === email).at(-1)
  const token = mail && /\/reset\/([A-Za-z0-9_-]+)/.exec(mail.text)?.[1]
  if (!token) throw new Error(`no link mailed to ${email}`)
  return token
}

async function requestResetLink(email: string) {
  expect((await server.request('POST', '/api/auth/forgot-password', { body: { email } })).status).toBe(202)
  await server.deps.afterAnswer.settled()
  return lastLinkTo(email)
}

const linkWorks = async (token: string) => (await server.request('GET', `/api/auth/reset/${token}`)).status === 200

describe('a new password or a deactivation voids the links sent before it', () => {
  it('a reset link sent before a password change no longer works after it', async () => {
    const user = await userWithPassword('Before-change-2026')
    const link = await requestResetLink(user.email)
    expect(await linkWorks(link)).toBe(true)
    const session = await signIn(user.email, 'Before-change-2026')
    expect((await changePassword(session.token, session.cookie, 'Before-change-2026', 'After-change-2026')).status).toBe(200)

    expect(await linkWorks(link)).toBe(false)
    const stolen = await server.request('POST', '/api/auth/reset-password', { body: { token: link, password: 'Thief-chosen-2026' } })
    expect(stolen.status).toBe(400)
    expect(stolen.json.detail).toBe(INVALID_RESET_LINK)
    expect((await server.request('POST', '/api/auth/login', { body: { email: user.email, password: 'After-change-2026' } })).status).toBe(200)
  })

  it('a reset through one link voids every other link of the account', async () => {
    const user = await userWithPassword('Before-reset-2026')
    const first = await requestResetLink(user.email)
    const second = await requestResetLink(user.email)
    expect((await server.request('POST', '/api/auth/reset-password', { body: { token: second, password: 'After-reset-2026' } })).status).toBe(200)
    expect(await linkWorks(first)).toBe(false)
    expect((await server.request('POST', '/api/auth/reset-password', { body: { token: first, password: 'Thief-chosen-2026' } })).status).toBe(400)
  })

  it('deactivation voids the invitation of a staff user; reactivation does not bring it back', async () => {
    const admin = await login(server, DEMO_ACCOUNTS.admin, DEMO_PASSWORD)
    const email = `invited-${Date.now()}@example.test`
    const [{ id: roleId }] = await server.db.select({ id: users.roleId }).from(users).where(eq(users.email, DEMO_ACCOUNTS.clerk))
    const created = await server.request('POST', '/api/users', { token: admin.token, body: { firstName: 'Ivy', lastName: 'Invited', email, roleId } })
    expect(created.status).toBe(201)
    const invitation = lastLinkTo(email)
    expect(await linkWorks(invitation)).toBe(true)

    expect((await server.request('POST', `/api/users/${created.json.id}/deactivate`, { token: admin.token })).status).toBe(200)
    expect(await linkWorks(invitation)).toBe(false)
    expect((await server.request('POST', `/api/users/${created.json.id}/reactivate`, { token: admin.token })).status).toBe(200)
    expect(await linkWorks(invitation)).toBe(false)
    expect((await server.request('POST', '/api/auth/reset-password', { body: { token: invitation, password: 'Invited-pass-2026' } })).status).toBe(400)
  })

  it('deactivation voids an outstanding reset link too', async () => {
    const admin = await login(server, DEMO_ACCOUNTS.admin, DEMO_PASSWORD)
    const { user } = await server.factories.agent(['UCV'], { password: 'Leaving-pass-2026' })
    const link = await requestResetLink(user.email)
    expect((await server.request('POST', `/api/users/${user.id}/deactivate`, { token: admin.token })).status).toBe(200)
    expect((await server.request('POST', `/api/users/${user.id}/reactivate`, { token: admin.token })).status).toBe(200)
    expect(await linkWorks(link)).toBe(false)
  })
})

describe('ending a session ends every access token of it', () => {
  it('each access token names its session and has an id of its own: two sign-ins in one second differ', async () => {
    const user = await userWithPassword('Twin-sign-in-2026')
    const [one, two] = [await signIn(user.email, 'Twin-sign-in-2026'), await signIn(user.email, 'Twin-sign-in-2026')]
    expect(one.token).not.toBe(two.token)
    expect(claimsOf(one.token).iat).toBe(claimsOf(two.token).iat)
    expect(claimsOf(one.token).sid).not.toBe(claimsOf(two.token).sid)
    expect(claimsOf(one.token).jti).not.toBe(claimsOf(two.token).jti)
    // Logging out one device leaves the other signed in.
    expect((await logout({ token: one.token, cookie: one.cookie })).status).toBe(204)
    expect(await reads(one.token)).toBe(401)
    expect(await reads(two.token)).toBe(200)
  })

  it('log out refuses the earlier access tokens of the same session too', async () => {
    const user = await userWithPassword('Logging-out-2026')
    const first = await signIn(user.email, 'Logging-out-2026')
    server.clock.advance(60_000)
    const renewed = await refresh(first.cookie)
    expect(renewed.status).toBe(200)
    expect(claimsOf(renewed.json.token).sid).toBe(claimsOf(first.token).sid)
    expect(await reads(first.token)).toBe(200)
    expect((await logout({ token: renewed.json.token, cookie: sessionCookies(renewed) })).status).toBe(204)
    expect(await reads(renewed.json.token)).toBe(401)
    expect(await reads(first.token)).toBe(401)
  })

  it('log out with only the access token (the cookie lost) still ends the session and its refresh cookie', async () => {
    const user = await userWithPassword('Token-only-2026')
    const session = await signIn(user.email, 'Token-only-2026')
    expect((await logout({ token: session.token })).status).toBe(204)
    expect(await reads(session.token)).toBe(401)
    expect((await refresh(session.cookie)).status).toBe(401)
  })

  it('a password change ends every session of the account at once, even a token of the same second; this device goes on', async () => {
    const user = await userWithPassword('Same-second-2026')
    const other = await signIn(user.email, 'Same-second-2026')
    const here = await signIn(user.email, 'Same-second-2026')
    const changed = await changePassword(here.token, here.cookie, 'Same-second-2026', 'Next-second-2026')
    expect(changed.status).toBe(200)
    expect(await reads(other.token)).toBe(401)
    expect((await refresh(other.cookie)).status).toBe(401)
    expect(await reads(here.token)).toBe(401)
    expect(await reads(changed.json.token)).toBe(200)
    expect(claimsOf(changed.json.token).sid).not.toBe(claimsOf(here.token).sid)
    expect((await refresh(sessionCookies(changed))).status).toBe(200)
  })

  it('a password reset ends every access token of the account at once', async () => {
    const user = await userWithPassword('Before-link-2026')
    const session = await signIn(user.email, 'Before-link-2026')
    const link = await requestResetLink(user.email)
    expect((await server.request('POST', '/api/auth/reset-password', { body: { token: link, password: 'After-link-2026' } })).status).toBe(200)
    expect(await reads(session.token)).toBe(401)
    expect((await refresh(session.cookie)).status).toBe(401)
  })

  it('deactivation ends every access token of the user, renewed ones included', async () => {
    const admin = await login(server, DEMO_ACCOUNTS.admin, DEMO_PASSWORD)
    const { user } = await server.factories.agent(['UCV'], { password: 'Deactivated-2026' })
    const session = await signIn(user.email, 'Deactivated-2026')
    const renewed = await refresh(session.cookie)
    expect((await server.request('POST', `/api/users/${user.id}/deactivate`, { token: admin.token })).status).toBe(200)
    expect(await reads(session.token)).toBe(401)
    expect(await reads(renewed.json.token)).toBe(401)
    expect((await refresh(sessionCookies(renewed))).status).toBe(401)
  })

  it('a reused refresh cookie ends the access tokens of its session', async () => {
    const user = await userWithPassword('Reused-cookie-2026')
    const first = await signIn(user.email, 'Reused-cookie-2026')
    const renewed = await refresh(first.cookie)
    expect(renewed.status).toBe(200)
    server.clock.advance(REFRESH_GRACE_MS + 1_000)
    expect((await refresh(first.cookie)).status).toBe(401)
    expect(await reads(renewed.json.token)).toBe(401)
    expect(await reads(first.token)).toBe(401)
  })

  it('refuses an access token that names no session (signed before sessions were named)', async () => {
    const { env } = server
    const [admin] = await server.db.select().from(users).where(eq(users.email, DEMO_ACCOUNTS.admin))
    const now = Math.floor(server.clock.now().getTime() / 1000)
    const older = await new SignJWT({
      id: admin.id,
      email: admin.email,
      clientId: null,
      agentId: admin.agentId,
      role: 'Super Admin',
      companyName: null,
      firstName: 'Alex',
      lastName: 'Rivera',
      roleType: 'agent',
      roleId: 1,
    })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuer(env.JWT_ISSUER)
      .setAudience(env.JWT_AUDIENCE)
      .setIssuedAt(now)
      .setExpirationTime(now + 600)
      .sign(server.deps.jwtKey)
    const res = await server.request('GET', '/api/permissions', { token: older })
    expect(res.status).toBe(401)
    expect(res.json.detail).toEqual(expect.any(String))
  })
})

describe('the grace of a lost answer is for the browser that asked', () => {
  it("a refresh cookie replayed within the grace without the browser's device cookie gets nothing and ends the session", async () => {
    const user = await userWithPassword('Copied-cookie-2026')
    const session = await signIn(user.email, 'Copied-cookie-2026')
    const renewed = await refresh(session.cookie)
    expect(renewed.status).toBe(200)
    server.clock.advance(2_000)
    const replay = await refresh(refreshOnly(session.cookie))
    expect(replay.status).toBe(401)
    expect(replay.json.detail).toMatch(/session has ended/i)
    // The session is over for everyone: its successor cookie and its access tokens.
    expect((await refresh(sessionCookies(renewed))).status).toBe(401)
    expect(await reads(renewed.json.token)).toBe(401)
  })

  it('a refresh cookie replayed with the device cookie from another browser (another user agent) gets nothing either', async () => {
    const user = await userWithPassword('Other-browser-2026')
    const session = await signIn(user.email, 'Other-browser-2026')
    const renewed = await refresh(session.cookie)
    expect(renewed.status).toBe(200)
    const replay = await refresh(session.cookie, { 'user-agent': 'curl/8.5.0' })
    expect(replay.status).toBe(401)
    expect((await refresh(sessionCookies(renewed))).status).toBe(401)
  })

  it('the same browser asking again within the grace gets the same successor and keeps its session', async () => {
    const user = await userWithPassword('Lost-answer-2026')
    const session = await signIn(user.email, 'Lost-answer-2026')
    const rotated = await refresh(session.cookie)
    server.clock.advance(REFRESH_GRACE_MS - 1_000)
    const again = await refresh(session.cookie)
    expect(again.status).toBe(200)
    expect(sessionCookies(again)).toBe(sessionCookies(rotated))
    expect((await refresh(sessionCookies(again))).status).toBe(200)
  })

  it('two refreshes at once from one browser never end the session: 20 trials out of 20', async () => {
    const user = await userWithPassword('Two-tabs-2026')
    const outcomes: string[] = []
    for (let trial = 0; trial < 20; trial++) {
      const session = await signIn(user.email, 'Two-tabs-2026')
      const [a, b] = await Promise.all([refresh(session.cookie), refresh(session.cookie)])
      const next = await refresh(sessionCookies(a))
      outcomes.push(`${a.status} ${b.status} ${sessionCookies(a) === sessionCookies(b) ? 'same' : 'different'} ${next.status}`)
    }
    expect(outcomes).toEqual(Array(20).fill('200 200 same 200'))
  })

  it('a session signed in before browsers had a device cookie gets one at its next renewal', async () => {
    const user = await userWithPassword('Older-session-2026')
    const session = await signIn(user.email, 'Older-session-2026')
    const renewed = await refresh(refreshOnly(session.cookie))
    expect(renewed.status).toBe(200)
    expect(sessionCookies(renewed)).toMatch(new RegExp(`${DEVICE_COOKIE}=[A-Za-z0-9_-]{43}`))
    const again = await refresh(refreshOnly(session.cookie))
    // Without the device cookie it never had, the browser's retry is a copy's: the chain ends.
    expect(again.status).toBe(401)
  })
})

describe('refresh and log out answer only the portal itself', () => {
  it('refuse a foreign Origin with 403 and a reason, leaving the session as it was', async () => {
    const user = await userWithPassword('Foreign-origin-2026')
    const session = await signIn(user.email, 'Foreign-origin-2026')
    for (const origin of ['https://evil.example', 'null', 'http://localhost.evil.example']) {
      const renewal = await refresh(session.cookie, { origin })
      expect(renewal.status).toBe(403)
      expect(renewal.json.detail).toBe('This request came from another site')
      expect(renewal.json.details).toContain(new URL(server.env.PUBLIC_URL).origin)
      expect(renewal.headers.get('set-cookie')).toBeNull()
      const out = await logout({ token: session.token, cookie: session.cookie, headers: { origin } })
      expect(out.status).toBe(403)
      expect(out.json.detail).toBe('This request came from another site')
    }
    expect(await reads(session.token)).toBe(200)
    // The portal's own origin and a caller that sends none (not a browser page) are served.
    const own = await refresh(session.cookie, { origin: new URL(server.env.PUBLIC_URL).origin })
    expect(own.status).toBe(200)
    const none = await refresh(sessionCookies(own))
    expect(none.status).toBe(200)
    expect((await logout({ token: none.json.token, cookie: sessionCookies(none), headers: { origin: new URL(server.env.PUBLIC_URL).origin } })).status).toBe(
      204,
    )
  })
})

describe('forgot password', () => {
  let gated: TestServer
  let open: () => void = () => {}
  let gate: Promise<void> = Promise.resolve()
  const mailed: MailMessage[] = []
  beforeAll(async () => {
    // A mail server that accepts nothing until the test lets it.
    gated = await createTestServer({ deps: { mailer: { send: async (m) => void (await gate, mailed.push(m)) } } })
  })
  afterAll(() => gated?.close())

  // Were the answer to wait for the mail, it would never come: the test fails on its time limit.
  it('answers before any work for the account is done, the same for a known and an unknown address', { timeout: 20_000 }, async () => {
    const { user } = await gated.factories.client({}, 'Slow-mail-2026')
    gate = new Promise((resolve) => (open = resolve))
    const known = await gated.request('POST', '/api/auth/forgot-password', { body: { email: user.email } })
    const unknown = await gated.request('POST', '/api/auth/forgot-password', { body: { email: 'nobody-at-all@example.test' } })
    // Both answered while the mail could not be written yet.
    expect([known.status, unknown.status]).toEqual([202, 202])
    expect(known.json).toEqual({ message: FORGOT_PASSWORD_MESSAGE })
    expect(unknown.json).toEqual(known.json)
    expect(mailed).toEqual([])
    open()
    await gated.deps.afterAnswer.settled()
    expect(mailed.map((m) => m.to)).toEqual([user.email])
    expect(mailed[0].text).toMatch(/\/reset\/[A-Za-z0-9_-]{43}/)
  })

  it('sends at most 3 links an hour to one account however many requests arrive at once', async () => {
    const { user } = await gated.factories.client({}, 'Many-clicks-2026')
    gate = Promise.resolve()
    const answers = await Promise.all(Array.from({ length: 6 }, () => gated.request('POST', '/api/auth/forgot-password', { body: { email: user.email } })))
    expect(answers.map((a) => a.status)).toEqual(Array(6).fill(202))
    await gated.deps.afterAnswer.settled()
    expect(mailed.filter((m) => m.to === user.email)).toHaveLength(3)
  })
})
