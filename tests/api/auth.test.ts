import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { AccessTokenClaimsSchema, FORGOT_PASSWORD_MESSAGE, INVALID_RESET_LINK } from '../../contract/auth'
import * as v from 'valibot'
import { createApp } from '../../server/app'
import { commonPasswordIssue } from '../../contract/common-passwords'
import { CALLER_TTL_MS } from '../../server/auth/caller-cache'
import { IN_PROCESS_ADDRESS_HEADER } from '../../server/auth/rate-limit'
import { AREA_COOKIE, DEVICE_COOKIE, REFRESH_COOKIE } from '../../server/auth/session'
import { sha256, signAccessToken } from '../../server/auth/tokens'
import { loginAttempts, refreshSessions, users } from '../../server/db/schema'
import { createTestServer, DEMO_ACCOUNTS, DEMO_PASSWORD, login, sessionCookies, type TestServer } from './harness'

// Sign-in runs argon2id (19 MiB, one hash at a time); on a busy machine a test of several sign-ins needs time.
vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 })

let server: TestServer
beforeAll(async () => {
  server = await createTestServer({ seed: true })
}, 120_000)
afterAll(() => server.close())

const claimsOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8'))
const headerOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[0], 'base64url').toString('utf8'))
let addressCounter = 0
/** A fresh caller address, so the per-address limit of one test does not leak into another. */
const fromAddress = () => ({ [IN_PROCESS_ADDRESS_HEADER]: `198.51.100.${++addressCounter}` })

function signIn(email: string, password: string, options: { remember?: boolean; headers?: Record<string, string> } = {}) {
  return server.request('POST', '/api/auth/login', {
    body: { email, password, remember: options.remember ?? false },
    headers: options.headers ?? fromAddress(),
  })
}

const cookieOf = sessionCookies
/** The refresh token of a Cookie header made by sessionCookies. */
const refreshTokenOf = (cookie: string) => new RegExp(`${REFRESH_COOKIE}=([^;]+)`).exec(cookie)![1]

describe('sign-in', () => {
  it('gives each demo account a token with exactly the session claims and the right identity', async () => {
    const expected: Record<string, { roleId?: number; role: string; roleType: string; client: boolean; companyName?: string }> = {
      [DEMO_ACCOUNTS.admin]: { roleId: 1, role: 'Super Admin', roleType: 'agent', client: false },
      [DEMO_ACCOUNTS.clerk]: { role: 'Mailroom clerk', roleType: 'agent', client: false },
      [DEMO_ACCOUNTS.manager]: { role: 'Office manager', roleType: 'agent', client: false },
      [DEMO_ACCOUNTS.client]: { roleId: 2, role: 'Client', roleType: 'client', client: true, companyName: 'Sunshine Holdings LLC' },
      [DEMO_ACCOUNTS.client2]: { roleId: 2, role: 'Client', roleType: 'client', client: true, companyName: 'Gulf Coast Ventures Inc' },
    }
    const seenClientIds = new Set<number>()
    for (const [email, want] of Object.entries(expected)) {
      const { token, user } = await login(server, email, DEMO_PASSWORD)
      const claims = claimsOf(token)
      expect(Object.keys(claims).sort()).toEqual(
        [
          'id',
          'email',
          'clientId',
          'agentId',
          'role',
          'companyName',
          'firstName',
          'lastName',
          'roleType',
          'roleId',
          'sid',
          'jti',
          'exp',
          'iat',
          'iss',
          'aud',
        ].sort(),
      )
      expect(v.is(AccessTokenClaimsSchema, claims)).toBe(true)
      expect(headerOf(token).alg).toBe('HS256')
      expect(claims.email).toBe(email)
      expect(claims.role).toBe(want.role)
      expect(claims.roleType).toBe(want.roleType)
      if (want.roleId) expect(claims.roleId).toBe(want.roleId)
      if (want.client) {
        expect(claims.clientId).toEqual(expect.any(Number))
        expect(claims.agentId).toBeNull()
        expect(claims.companyName).toBe(want.companyName)
        seenClientIds.add(claims.clientId)
      } else {
        expect(claims.agentId).toEqual(expect.any(Number))
        expect(claims.clientId).toBeNull()
      }
      expect(claims.iss).toBe(server.env.JWT_ISSUER)
      expect(claims.aud).toBe(server.env.JWT_AUDIENCE)
      expect(claims.exp).toBe(Math.floor(server.clock.now().getTime() / 1000) + server.env.ACCESS_TOKEN_TTL_SECONDS)
      // The user of the answer is the session user, consistent with the token.
      expect(user).toEqual({
        id: claims.id,
        firstName: claims.firstName,
        lastName: claims.lastName,
        email,
        role: claims.role,
        clientId: claims.clientId,
        agentId: claims.agentId,
        roleId: claims.roleId,
        roleType: claims.roleType,
        companyName: claims.companyName,
      })
      const me = await server.request('GET', `/api/user/${claims.id}/permissions`, { token })
      expect(me.status).toBe(200)
    }
    expect(seenClientIds.size).toBe(2)
  })

  it('accepts the e-mail in any case and with surrounding spaces', async () => {
    const res = await signIn('  Manager@Demo.TEST ', DEMO_PASSWORD)
    expect(res.status).toBe(200)
    expect(res.json.user.email).toBe(DEMO_ACCOUNTS.manager)
  })

  it('answers a wrong password and an unknown e-mail with the same 401, naming neither', async () => {
    const wrongPassword = await signIn(DEMO_ACCOUNTS.client, 'not-the-password')
    const unknownEmail = await signIn('nobody@demo.test', DEMO_PASSWORD)
    expect(wrongPassword.status).toBe(401)
    expect(unknownEmail.status).toBe(401)
    expect(wrongPassword.json).toEqual({ detail: 'Incorrect e-mail or password', details: 'Incorrect e-mail or password' })
    expect(unknownEmail.json).toEqual(wrongPassword.json)
    expect(wrongPassword.headers.get('set-cookie')).toBeNull()
  })

  it('refuses a deactivated account', async () => {
    const { user } = await server.factories.client({}, 'Inactive-pass-2026')
    await server.db.update(users).set({ active: false }).where(eq(users.id, user.id))
    const res = await signIn(user.email, 'Inactive-pass-2026')
    expect(res.status).toBe(403)
    expect(res.json.detail).toMatch(/deactivated/)
    expect(res.json.token).toBeUndefined()
  })

  it('sets a browser-session refresh cookie by default and a persistent one with "keep me signed in"', async () => {
    const session = await signIn(DEMO_ACCOUNTS.clerk, DEMO_PASSWORD, { remember: false })
    const persistent = await signIn(DEMO_ACCOUNTS.clerk, DEMO_PASSWORD, { remember: true })
    for (const res of [session, persistent]) {
      const cookie = res.headers.get('set-cookie')!
      expect(cookie).toMatch(new RegExp(`^${REFRESH_COOKIE}=[A-Za-z0-9_-]{43};`))
      // The browser's device secret goes with it, with the same attributes and lifetime.
      const refresh = res.headers.getSetCookie().find((c) => c.startsWith(`${REFRESH_COOKIE}=`))!
      const device = res.headers.getSetCookie().find((c) => c.startsWith(`${DEVICE_COOKIE}=`))!
      expect(device).toMatch(new RegExp(`^${DEVICE_COOKIE}=[A-Za-z0-9_-]{43};`))
      expect(device.split(';').slice(1)).toEqual(refresh.split(';').slice(1))
      expect(cookie).toMatch(/HttpOnly/)
      expect(cookie).toMatch(/SameSite=Strict/)
      expect(cookie).toMatch(/Path=\/api\/auth/)
      expect(cookie).not.toMatch(/Secure/) // PUBLIC_URL is http://localhost in tests
    }
    expect(session.headers.get('set-cookie')).not.toMatch(/Max-Age|Expires/)
    expect(persistent.headers.get('set-cookie')).toMatch(new RegExp(`Max-Age=${server.env.REFRESH_TOKEN_TTL_DAYS * 86400}`))
    expect(session.headers.get('cache-control')).toBe('no-store')
  })

  it("sets the area cookie the server picks a signed-in page's frame by: the user's area, for the whole site, for this browser session", async () => {
    const areaCookie = (res: { headers: Headers }) => res.headers.getSetCookie().find((cookie) => cookie.startsWith(`${AREA_COOKIE}=`))
    const client = await signIn(DEMO_ACCOUNTS.client, DEMO_PASSWORD, { remember: true })
    const agent = await signIn(DEMO_ACCOUNTS.clerk, DEMO_PASSWORD, { remember: true })
    expect(areaCookie(client)).toMatch(new RegExp(`^${AREA_COOKIE}=client;`))
    expect(areaCookie(agent)).toMatch(new RegExp(`^${AREA_COOKIE}=agent;`))
    for (const cookie of [areaCookie(client), areaCookie(agent)]) {
      expect(cookie).toMatch(/Path=\//)
      expect(cookie).toMatch(/HttpOnly/)
      expect(cookie).toMatch(/SameSite=Lax/)
      expect(cookie).not.toMatch(/Max-Age|Expires/)
    }
    // A failed sign-in sets nothing.
    expect((await signIn(DEMO_ACCOUNTS.client, 'Wrong-pass-2026!')).headers.get('set-cookie')).toBeNull()
  })

  it('marks the refresh cookie Secure when the portal is served over https', async () => {
    const app = createApp({ ...server.deps, env: { ...server.env, PUBLIC_URL: 'https://portal.example.com' } })
    const res = await app.request('/api/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...fromAddress() },
      body: JSON.stringify({ email: DEMO_ACCOUNTS.clerk, password: DEMO_PASSWORD }),
    })
    expect(res.status).toBe(200)
    expect(res.headers.get('set-cookie')).toMatch(/; Secure/)
  })
})

describe('password hashes', () => {
  it('hashes with argon2id at m = 19 MiB, t = 2, p = 1 and upgrades an older hash at the next sign-in', async () => {
    const { hash } = await import('argon2')
    const { user } = await server.factories.client({}, 'Upgrade-me-2026')
    const old = await hash('Upgrade-me-2026', { type: 2, memoryCost: 65_536, timeCost: 3, parallelism: 1 })
    await server.db.update(users).set({ passwordHash: old }).where(eq(users.id, user.id))
    const changedBefore = (await server.db.select().from(users).where(eq(users.id, user.id)))[0].passwordChangedAt
    expect((await signIn(user.email, 'Upgrade-me-2026')).status).toBe(200)
    const [row] = await server.db.select().from(users).where(eq(users.id, user.id))
    expect(row.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/)
    expect(row.passwordChangedAt).toEqual(changedBefore)
    expect((await signIn(user.email, 'Upgrade-me-2026')).status).toBe(200)
  })
})

describe('sign-in rate limit', () => {
  it('after 5 failures of one account from one address, makes each next attempt wait twice as long, then lets the right password in', async () => {
    const { user } = await server.factories.client({}, 'Limited-pass-2026')
    const headers = fromAddress()
    for (let i = 0; i < 5; i++) expect((await signIn(user.email, `wrong-${i}`, { headers })).status).toBe(401)
    const blocked = await signIn(user.email, 'Limited-pass-2026', { headers })
    expect(blocked.status).toBe(429)
    expect(blocked.json.detail).toBe('Too many failed sign-in attempts. Try again in 15 seconds.')
    expect(blocked.headers.get('retry-after')).toBe('15')
    server.clock.advance(15_001)
    expect((await signIn(user.email, 'wrong-again', { headers })).status).toBe(401)
    const longer = await signIn(user.email, 'Limited-pass-2026', { headers })
    expect(longer.status).toBe(429)
    expect(longer.headers.get('retry-after')).toBe('30')
    server.clock.advance(30_001)
    expect((await signIn(user.email, 'Limited-pass-2026', { headers })).status).toBe(200)
  })

  it('does not let failures from one address lock the account for everyone else', async () => {
    const { user } = await server.factories.client({}, 'Targeted-pass-2026')
    const attacker = fromAddress()
    for (let i = 0; i < 8; i++) await signIn(user.email, `guess-${i}`, { headers: attacker })
    expect((await signIn(user.email, `guess-9`, { headers: attacker })).status).toBe(429)
    expect((await signIn(user.email, 'Targeted-pass-2026')).status).toBe(200)
  })

  it('counts only completed failures: ten simultaneous right sign-ins of one account from one address all succeed', async () => {
    const { user } = await server.factories.client({}, 'Busy-office-2026')
    const headers = fromAddress()
    const answers = await Promise.all(Array.from({ length: 10 }, () => signIn(user.email, 'Busy-office-2026', { headers })))
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200))
  })

  it('cannot be slipped past by sending many wrong guesses at once: only 5 are checked, the rest wait', async () => {
    const { user } = await server.factories.client({}, 'Parallel-pass-2026')
    const headers = fromAddress()
    const answers = await Promise.all(Array.from({ length: 9 }, (_, i) => signIn(user.email, `parallel-guess-${i}`, { headers })))
    const statuses = answers.map((a) => a.status).sort()
    expect(statuses.filter((s) => s === 401)).toHaveLength(5)
    expect(statuses.filter((s) => s === 429)).toHaveLength(4)
  })

  it("forgets an account's failures from an address after a successful sign-in there", async () => {
    const { user } = await server.factories.client({}, 'Forgiven-pass-2026')
    const headers = fromAddress()
    for (let i = 0; i < 4; i++) expect((await signIn(user.email, `wrong-${i}`, { headers })).status).toBe(401)
    expect((await signIn(user.email, 'Forgiven-pass-2026', { headers })).status).toBe(200)
    // Without the reset, the second of these would be the sixth failure in the window and answer 429.
    for (let i = 0; i < 2; i++) expect((await signIn(user.email, `again-${i}`, { headers })).status).toBe(401)
    expect((await signIn(user.email, 'Forgiven-pass-2026', { headers })).status).toBe(200)
  })

  it('slows an address after 50 failures across accounts; another address is not affected', async () => {
    const headers = fromAddress()
    for (let i = 0; i < 50; i++) {
      expect((await signIn(`guess-${i}@example.test`, 'wrong-password', { headers })).status).toBe(401)
    }
    const blocked = await signIn(DEMO_ACCOUNTS.manager, DEMO_PASSWORD, { headers })
    expect(blocked.status).toBe(429)
    expect(blocked.json.detail).toMatch(/^Too many failed sign-in attempts\. Try again in \d+ seconds?\.$/)
    expect((await signIn(DEMO_ACCOUNTS.manager, DEMO_PASSWORD)).status).toBe(200)
  })

  it('keeps the count in the database, so another server instance sees the same limit', async () => {
    const { user } = await server.factories.client({}, 'Shared-pass-2026')
    const headers = fromAddress()
    for (let i = 0; i < 5; i++) expect((await signIn(user.email, `wrong-${i}`, { headers })).status).toBe(401)
    const rows = await server.db
      .select()
      .from(loginAttempts)
      .where(eq(loginAttempts.key, `pair:${user.email}|${headers[IN_PROCESS_ADDRESS_HEADER]}`))
    expect(rows).toHaveLength(5)
    const otherInstance = createApp({ ...server.deps })
    const res = await otherInstance.request('/api/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ email: user.email, password: 'Shared-pass-2026' }),
    })
    expect(res.status).toBe(429)
    expect(res.headers.get('retry-after')).toBeTruthy()
  })
})

describe('access tokens', () => {
  let adminId: number
  beforeAll(async () => {
    ;[{ id: adminId }] = await server.db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_ACCOUNTS.admin))
  })
  const settings = () => ({
    key: server.deps.jwtKey,
    issuer: server.env.JWT_ISSUER,
    audience: server.env.JWT_AUDIENCE,
    ttlSeconds: server.env.ACCESS_TOKEN_TTL_SECONDS,
  })
  const claims = () => ({
    id: adminId,
    email: DEMO_ACCOUNTS.admin,
    clientId: null,
    agentId: 1,
    role: 'Super Admin',
    companyName: null,
    firstName: 'Alex',
    lastName: 'Rivera',
    roleType: 'agent',
    roleId: 1,
  })
  const call = (token: string) => server.request('GET', '/api/permissions', { token })

  it('accepts a token the server signed', async () => {
    expect((await call(await signAccessToken(claims(), settings(), server.clock.now(), randomUUID()))).status).toBe(200)
  })

  it('refuses a token with a bad signature', async () => {
    const forged = await signAccessToken(claims(), { ...settings(), key: new TextEncoder().encode('x'.repeat(64)) }, server.clock.now(), randomUUID())
    const res = await call(forged)
    expect(res.status).toBe(401)
    expect(res.json.detail).toEqual(expect.any(String))
  })

  it('refuses a token with alg "none"', async () => {
    const good = await signAccessToken(claims(), settings(), server.clock.now(), randomUUID())
    const header = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')
    expect((await call(`${header}.${good.split('.')[1]}.`)).status).toBe(401)
    expect((await call(`${header}.${good.split('.')[1]}.${good.split('.')[2]}`)).status).toBe(401)
  })

  it('refuses a token for another audience or from another issuer', async () => {
    expect((await call(await signAccessToken(claims(), { ...settings(), audience: 'another-app' }, server.clock.now(), randomUUID()))).status).toBe(401)
    expect((await call(await signAccessToken(claims(), { ...settings(), issuer: 'someone-else' }, server.clock.now(), randomUUID()))).status).toBe(401)
  })

  it('refuses a token past its expiry', async () => {
    const token = await signAccessToken(claims(), settings(), server.clock.now(), randomUUID())
    server.clock.advance((server.env.ACCESS_TOKEN_TTL_SECONDS + 1) * 1000)
    expect((await call(token)).status).toBe(401)
  })

  it('refuses requests without a bearer token or with a garbled one', async () => {
    expect((await server.request('GET', '/api/permissions')).status).toBe(401)
    expect((await call('not.a.token')).status).toBe(401)
    expect((await server.request('GET', '/api/permissions', { headers: { authorization: 'Basic YWRtaW46eA==' } })).status).toBe(401)
  })

  it('caches a signed-in caller between requests, and drops every cached caller when this server answers a write', async () => {
    const { user } = await server.factories.agent(['UCV'])
    const token = await server.tokenFor(user.id)
    const callers = server.deps.callers!
    const cached = () => callers.get(sha256(token), server.clock.now().getTime())
    expect((await call(token)).status).toBe(200)
    expect(cached()?.userId).toBe(user.id)
    // Any write (here one refused for its body) empties the cache before it answers.
    expect((await server.request('POST', '/api/auth/login', { body: {} })).status).toBe(422)
    expect(cached()).toBeUndefined()
  })

  it('refuses the token of a user who has since been deactivated', async () => {
    const { user } = await server.factories.agent(['UCV'])
    const token = await server.tokenFor(user.id)
    expect((await call(token)).status).toBe(200)
    await server.db.update(users).set({ active: false }).where(eq(users.id, user.id))
    // Announced by the database, not waited out: well within the time a caller may be cached.
    await expect.poll(async () => (await call(token)).status, { timeout: CALLER_TTL_MS / 2, interval: 20 }).toBe(401)
  })
})

describe('refresh and log out', () => {
  const refresh = (cookie?: string) => server.request('POST', '/api/auth/refresh', { headers: cookie ? { cookie } : {} })

  it('rotates the refresh cookie and returns a fresh token for the same user', async () => {
    const first = await login(server, DEMO_ACCOUNTS.client, DEMO_PASSWORD, { remember: true })
    server.clock.advance(60_000)
    const res = await refresh(first.cookie)
    expect(res.status).toBe(200)
    expect(res.json.user).toEqual(first.user)
    expect(claimsOf(res.json.token).exp).toBeGreaterThan(claimsOf(first.token).exp)
    const next = cookieOf(res)
    expect(next).toMatch(new RegExp(`^${REFRESH_COOKIE}=[A-Za-z0-9_-]{43}; ${DEVICE_COOKIE}=[A-Za-z0-9_-]{43}$`))
    expect(res.headers.getSetCookie()).toContainEqual(expect.stringMatching(new RegExp(`^${AREA_COOKIE}=client;`)))
    expect(next).not.toBe(first.cookie)
    // A remembered session stays persistent across rotations.
    expect(res.headers.get('set-cookie')).toMatch(/Max-Age=\d+/)
    expect((await refresh(next)).status).toBe(200)
  })

  it('revokes the whole chain when an already-used refresh token comes back', async () => {
    const first = await login(server, DEMO_ACCOUNTS.client2, DEMO_PASSWORD, { remember: true })
    const second = await refresh(first.cookie)
    expect(second.status).toBe(200)
    // Past the grace period of a lost answer, the old cookie coming back is a theft.
    server.clock.advance(11_000)
    const reused = await refresh(first.cookie)
    expect(reused.status).toBe(401)
    expect(reused.json.detail).toMatch(/session has ended/i)
    expect(reused.headers.get('set-cookie')).toMatch(new RegExp(`${REFRESH_COOKIE}=;`))
    // The legitimate successor is dead too: the thief and the owner both have to sign in again.
    expect((await refresh(cookieOf(second))).status).toBe(401)
    const [firstRow] = await server.db
      .select()
      .from(refreshSessions)
      .where(eq(refreshSessions.tokenHash, sha256(refreshTokenOf(first.cookie))))
    const family = await server.db.select().from(refreshSessions).where(eq(refreshSessions.familyId, firstRow.familyId))
    expect(family).toHaveLength(2)
    expect(family.every((row) => row.revokedAt !== null)).toBe(true)
  })

  it('refuses a missing, unknown or expired refresh cookie', async () => {
    expect((await refresh()).status).toBe(401)
    expect((await refresh(`${REFRESH_COOKIE}=${'a'.repeat(43)}`)).status).toBe(401)
    const browserSession = await login(server, DEMO_ACCOUNTS.manager, DEMO_PASSWORD, { remember: false })
    server.clock.advance(13 * 3_600_000)
    expect((await refresh(browserSession.cookie)).status).toBe(401)
  })

  it('log out revokes the access token and the refresh chain, and clears the cookie', async () => {
    const session = await login(server, DEMO_ACCOUNTS.manager, DEMO_PASSWORD, { remember: true })
    expect((await server.request('GET', '/api/permissions', { token: session.token })).status).toBe(200)
    const out = await server.request('POST', '/api/auth/logout', { token: session.token, headers: { cookie: session.cookie } })
    expect(out.status).toBe(204)
    expect(out.headers.get('set-cookie')).toMatch(new RegExp(`${REFRESH_COOKIE}=;.*Max-Age=0`))
    expect(out.headers.getSetCookie().find((cookie) => cookie.startsWith(`${AREA_COOKIE}=`))).toMatch(/Max-Age=0/)
    const after = await server.request('GET', '/api/permissions', { token: session.token })
    expect(after.status).toBe(401)
    expect((await refresh(session.cookie)).status).toBe(401)
  })

  it('answers a lost rotation: the previous cookie, sent again within seconds, gets the same new pair', async () => {
    const first = await login(server, DEMO_ACCOUNTS.client, DEMO_PASSWORD, { remember: true })
    const rotated = await refresh(first.cookie)
    expect(rotated.status).toBe(200)
    server.clock.advance(5_000)
    const again = await refresh(first.cookie)
    expect(again.status).toBe(200)
    expect(cookieOf(again)).toBe(cookieOf(rotated))
    expect(again.json.user).toEqual(rotated.json.user)
    // The chain goes on from the new cookie; past the grace period the old one is a reuse again.
    const next = await refresh(cookieOf(rotated))
    expect(next.status).toBe(200)
    server.clock.advance(30_000)
    expect((await refresh(first.cookie)).status).toBe(401)
    expect((await refresh(cookieOf(next))).status).toBe(401)
  })

  it('log out without any session still answers 204', async () => {
    expect((await server.request('POST', '/api/auth/logout')).status).toBe(204)
  })
})

describe('password reset', () => {
  const linkToken = (text: string) => /\/reset\/([A-Za-z0-9_-]+)/.exec(text)?.[1]

  it('answers the same whether or not the account exists, and mails only a real account', async () => {
    const { user } = await server.factories.client({}, 'Original-pass-2026')
    const before = server.sent.length
    const known = await server.request('POST', '/api/auth/forgot-password', { body: { email: user.email } })
    const unknown = await server.request('POST', '/api/auth/forgot-password', { body: { email: 'nobody-here@example.test' } })
    expect(known.status).toBe(202)
    expect(unknown.status).toBe(202)
    expect(unknown.json).toEqual(known.json)
    expect(known.json).toEqual({ message: FORGOT_PASSWORD_MESSAGE })
    // The mail is written after the answer.
    await server.deps.afterAnswer.settled()
    const mails = server.sent.slice(before)
    expect(mails).toHaveLength(1)
    expect(mails[0].to).toBe(user.email)
    expect(mails[0].text).toContain(`${server.env.PUBLIC_URL}/reset/`)
    // 32 random bytes: at least 256 bits in the link.
    expect(linkToken(mails[0].text)!.length).toBeGreaterThanOrEqual(43)
  })

  it('lets a reset link set a new password exactly once and ends every session', async () => {
    const { user } = await server.factories.client({}, 'Original-pass-2026')
    const session = await signIn(user.email, 'Original-pass-2026', { remember: true })
    expect(session.status).toBe(200)
    await server.request('POST', '/api/auth/forgot-password', { body: { email: user.email } })
    await server.deps.afterAnswer.settled()
    const token = linkToken(server.sent.at(-1)!.text)!

    const check = await server.request('GET', `/api/auth/reset/${token}`)
    expect(check.status).toBe(200)
    expect(check.json).toEqual({ valid: true, email: user.email })

    const common = await server.request('POST', '/api/auth/reset-password', { body: { token, password: 'password123' } })
    expect(common.status).toBe(422)
    expect(common.json.detail).toMatch(/too common/)
    const short = await server.request('POST', '/api/auth/reset-password', { body: { token, password: 'short' } })
    expect(short.status).toBe(422)
    expect(short.json.details).toMatch(/at least 8 characters/)

    const reset = await server.request('POST', '/api/auth/reset-password', { body: { token, password: 'Brand-new-pass-2026' } })
    expect(reset.status).toBe(200)
    expect((await signIn(user.email, 'Original-pass-2026')).status).toBe(401)
    expect((await signIn(user.email, 'Brand-new-pass-2026')).status).toBe(200)
    // The refresh session from before the reset is gone.
    expect((await server.request('POST', '/api/auth/refresh', { headers: { cookie: cookieOf(session) } })).status).toBe(401)

    const again = await server.request('POST', '/api/auth/reset-password', { body: { token, password: 'Another-pass-2026' } })
    expect(again.status).toBe(400)
    expect(again.json.detail).toBe(INVALID_RESET_LINK)
    expect((await server.request('GET', `/api/auth/reset/${token}`)).status).toBe(400)
  })

  it('refuses a reset link after 60 minutes', async () => {
    const { user } = await server.factories.client({}, 'Original-pass-2026')
    await server.request('POST', '/api/auth/forgot-password', { body: { email: user.email } })
    await server.deps.afterAnswer.settled()
    const token = linkToken(server.sent.at(-1)!.text)!
    server.clock.advance(61 * 60_000)
    const res = await server.request('POST', '/api/auth/reset-password', { body: { token, password: 'Brand-new-pass-2026' } })
    expect(res.status).toBe(400)
    expect(res.json.detail).toBe(INVALID_RESET_LINK)
  })

  it('refuses a made-up reset token', async () => {
    const res = await server.request('POST', '/api/auth/reset-password', { body: { token: 'A'.repeat(43), password: 'Brand-new-pass-2026' } })
    expect(res.status).toBe(400)
    expect(res.json.detail).toBe(INVALID_RESET_LINK)
  })

  it('sends at most 3 reset e-mails an hour to one account, answering the same each time', async () => {
    const { user } = await server.factories.client({}, 'Original-pass-2026')
    const before = server.sent.length
    for (let i = 0; i < 5; i++) {
      const res = await server.request('POST', '/api/auth/forgot-password', { body: { email: user.email } })
      expect(res.status).toBe(202)
      expect(res.json).toEqual({ message: FORGOT_PASSWORD_MESSAGE })
    }
    await server.deps.afterAnswer.settled()
    expect(server.sent.slice(before).filter((m) => m.to === user.email)).toHaveLength(3)
  })
})

describe('change password', () => {
  it('checks the current password, refuses common ones, and keeps only this device signed in, in a new session', async () => {
    const { user } = await server.factories.client({}, 'Current-pass-2026')
    const other = await signIn(user.email, 'Current-pass-2026', { remember: true })
    const here = await signIn(user.email, 'Current-pass-2026', { remember: true })
    const token = here.json.token
    const headers = { cookie: cookieOf(here) }

    const wrong = await server.request('POST', '/api/auth/change-password', {
      token,
      headers,
      body: { currentPassword: 'not-it-at-all', newPassword: 'Next-pass-2026' },
    })
    expect(wrong.status).toBe(422)
    expect(wrong.json.issues[0].path).toBe('currentPassword')

    const common = await server.request('POST', '/api/auth/change-password', {
      token,
      headers,
      body: { currentPassword: 'Current-pass-2026', newPassword: 'qwerty123' },
    })
    expect(common.status).toBe(422)
    expect(common.json.issues[0].path).toBe('newPassword')

    const ok = await server.request('POST', '/api/auth/change-password', {
      token,
      headers,
      body: { currentPassword: 'Current-pass-2026', newPassword: 'Next-pass-2026' },
    })
    expect(ok.status).toBe(200)
    expect(ok.json).toMatchObject({ message: 'Your password has been changed.', user: { id: user.id, email: user.email } })
    expect((await signIn(user.email, 'Current-pass-2026')).status).toBe(401)
    expect((await signIn(user.email, 'Next-pass-2026')).status).toBe(200)
    expect((await server.request('POST', '/api/auth/refresh', { headers: { cookie: cookieOf(other) } })).status).toBe(401)
    // This device's old session ended too; it goes on in the new one the answer started (a persistent one, as before).
    expect((await server.request('POST', '/api/auth/refresh', { headers })).status).toBe(401)
    expect(ok.headers.get('set-cookie')).toMatch(/Max-Age=\d+/)
    expect((await server.request('POST', '/api/auth/refresh', { headers: { cookie: cookieOf(ok) } })).status).toBe(200)
  })

  it('ends the access tokens of every device at once; this device goes on with the token of the answer', async () => {
    const { user } = await server.factories.client({}, 'Before-change-2026')
    const other = await signIn(user.email, 'Before-change-2026')
    const here = await signIn(user.email, 'Before-change-2026')
    const reads = (token: string) => server.request('GET', '/api/client/invoices/status', { token }).then((r) => r.status)
    expect(await reads(other.json.token)).toBe(200)
    server.clock.advance(2_000)
    const changed = await server.request('POST', '/api/auth/change-password', {
      token: here.json.token,
      headers: { cookie: cookieOf(here) },
      body: { currentPassword: 'Before-change-2026', newPassword: 'After-change-2026' },
    })
    expect(changed.status).toBe(200)
    expect(await reads(other.json.token)).toBe(401)
    expect(await reads(here.json.token)).toBe(401)
    expect(await reads(changed.json.token)).toBe(200)
    const renewed = await server.request('POST', '/api/auth/refresh', { headers: { cookie: cookieOf(changed) } })
    expect(renewed.status).toBe(200)
    expect(await reads(renewed.json.token)).toBe(200)
  })

  it('a password reset ends every access token issued before it', async () => {
    const { user } = await server.factories.client({}, 'Before-reset-2026')
    const session = await signIn(user.email, 'Before-reset-2026')
    server.clock.advance(2_000)
    await server.db.update(users).set({ passwordChangedAt: server.clock.now() }).where(eq(users.id, user.id))
    expect((await server.request('GET', '/api/client/invoices/status', { token: session.json.token })).status).toBe(401)
  })

  it('needs a signed-in user', async () => {
    const res = await server.request('POST', '/api/auth/change-password', { body: { currentPassword: 'a', newPassword: 'Next-pass-2026' } })
    expect(res.status).toBe(401)
  })
})

describe('new password rules', () => {
  it('refuses common passwords and easy variants, case-insensitively', () => {
    for (const password of [
      'password',
      'Password1',
      'PASSWORD123!',
      'qwerty123',
      '12345678',
      'iloveyou',
      'Welcome2026!',
      'aaaaaaaa',
      'abcdefgh',
      'abcabcabc',
      '98765432',
    ]) {
      expect(commonPasswordIssue(password), password).toMatch(/too common/)
    }
  })

  it("refuses the account's own e-mail as a password", () => {
    expect(commonPasswordIssue('jane.doe@example.com', { email: 'jane.doe@example.com' })).toMatch(/e-mail/)
    expect(commonPasswordIssue('Janedoe2026', { email: 'janedoe@example.com' })).toMatch(/e-mail/)
  })

  it('accepts unusual passphrases without composition rules', () => {
    for (const password of [DEMO_PASSWORD, 'correct horse battery staple', 'tangerine-lighthouse', 'Zq8!vR2#']) {
      expect(commonPasswordIssue(password), password).toBeNull()
    }
  })
})
