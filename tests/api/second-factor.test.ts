import { createHash, generateKeyPairSync, randomBytes, sign } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { Secret, TOTP } from 'otpauth'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import {
  INVALID_SECOND_FACTOR_CODE,
  MFA_SIGN_IN_EXPIRED,
  RECOVERY_CODE_COUNT,
  SECOND_FACTOR_SETUP_REQUIRED,
  SECOND_STEP_PASSKEY_REFUSED,
} from '../../contract/second-factor'
import { SECOND_FACTOR_LIMITS } from '../../server/auth/second-factor'
import { auditEvents, passkeys, recoveryCodes, userTotp } from '../../server/db/schema'
import { createTestServer, sessionCookies, type TestServer } from './harness'

/**
 * Two-step sign-in with an authenticator app, with real codes: set-up, turning it on, the two steps of a
 * sign-in, wrong and reused codes, recovery codes used once, the limit on wrong codes, renewal of the
 * session without a code, turning it off, and a super admin's reset; the step token used once and voided
 * by a password change; the secret encrypted at rest; a passkey as the second step (answered by a
 * software authenticator); and the setting that requires a second factor of staff.
 */

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 })

let server: TestServer
beforeAll(async () => {
  server = await createTestServer({ now: new Date('2026-12-02T10:00:10Z') })
}, 120_000)
afterAll(() => server.close())

const PASSWORD = 'Second-factor-2026'
const BROWSER = 'Mozilla/5.0 (X11; Linux x86_64) Portal-Test/1.0'

/** The code an authenticator app holding `secret` shows at the test clock's time (plus `offsetMs`). */
const codeAt = (secret: string, offsetMs = 0) =>
  new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' }).generate({ timestamp: server.clock.now().getTime() + offsetMs })
/** Moves the test clock to the next 30-second step, so a new code is due. */
const nextStep = () => server.clock.advance(30_000)

const login = (email: string, remember = false) =>
  server.request('POST', '/api/auth/login', { body: { email, password: PASSWORD, remember }, headers: { 'user-agent': BROWSER } })
const secondStep = (mfaToken: string, code: string) =>
  server.request('POST', '/api/auth/login/mfa', { body: { mfaToken, code }, headers: { 'user-agent': BROWSER } })

async function userWithApp() {
  const { user } = await server.factories.client({}, PASSWORD)
  const token = await server.tokenFor(user.id)
  const setup = await server.request('POST', '/api/auth/totp/setup', { token })
  expect(setup.status, setup.text).toBe(200)
  const enabled = await server.request('POST', '/api/auth/totp/enable', { token, body: { code: codeAt(setup.json.secret) } })
  expect(enabled.status, enabled.text).toBe(200)
  nextStep()
  return { user, token, secret: setup.json.secret as string, recoveryCodes: enabled.json.recoveryCodes as string[] }
}

async function mfaTokenOf(email: string, remember = false) {
  const res = await login(email, remember)
  expect(res.status, res.text).toBe(200)
  expect(res.json.mfaRequired).toBe(true)
  return res.json.mfaToken as string
}

describe('setting up an authenticator app', () => {
  it('gives a secret and its otpauth address, and is not in force until a current code turns it on', async () => {
    const { user } = await server.factories.client({}, PASSWORD)
    const token = await server.tokenFor(user.id)
    const setup = await server.request('POST', '/api/auth/totp/setup', { token })
    expect(setup.status, setup.text).toBe(200)
    expect(setup.json.secret).toMatch(/^[A-Z2-7]{32}$/)
    const url = new URL(setup.json.otpauthUrl)
    expect(url.protocol).toBe('otpauth:')
    expect(url.host).toBe('totp')
    expect(url.searchParams.get('secret')).toBe(setup.json.secret)
    expect(decodeURIComponent(url.pathname)).toContain(user.email)

    // Set up but not on: the password alone still signs in.
    const before = await login(user.email)
    expect(before.status).toBe(200)
    expect(before.json.token).toEqual(expect.any(String))

    const wrong = await server.request('POST', '/api/auth/totp/enable', { token, body: { code: codeAt(setup.json.secret, 5 * 60_000) } })
    expect(wrong.status).toBe(422)
    expect(wrong.json.issues[0].path).toBe('code')
    const malformed = await server.request('POST', '/api/auth/totp/enable', { token, body: { code: 'abc' } })
    expect(malformed.status).toBe(422)

    const enabled = await server.request('POST', '/api/auth/totp/enable', { token, body: { code: codeAt(setup.json.secret) } })
    expect(enabled.status, enabled.text).toBe(200)
    expect(enabled.json.recoveryCodes).toHaveLength(RECOVERY_CODE_COUNT)
    expect(new Set(enabled.json.recoveryCodes).size).toBe(RECOVERY_CODE_COUNT)
    for (const code of enabled.json.recoveryCodes) expect(code).toMatch(/^[a-z2-7]{5}-[a-z2-7]{5}$/)

    // Only hashes are kept.
    const stored = await server.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, user.id))
    expect(stored).toHaveLength(RECOVERY_CODE_COUNT)
    const plain = enabled.json.recoveryCodes.map((c: string) => c.replace('-', ''))
    for (const row of stored) expect(plain).not.toContain(row.codeHash)

    const status = await server.request('GET', '/api/auth/second-factors', { token })
    expect(status.json).toMatchObject({ totp: { enabled: true }, recoveryCodesLeft: RECOVERY_CODE_COUNT })

    // A second set-up while the app is on is refused (it would replace the secret in force).
    expect((await server.request('POST', '/api/auth/totp/setup', { token })).status).toBe(409)
    const audited = await server.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'second-factor-enabled'), eq(auditEvents.entityId, String(user.id))))
    expect(audited).toHaveLength(1)
  })

  it('needs a signed-in user', async () => {
    expect((await server.request('POST', '/api/auth/totp/setup')).status).toBe(401)
    expect((await server.request('POST', '/api/auth/totp/enable', { body: { code: '123456' } })).status).toBe(401)
    expect((await server.request('GET', '/api/auth/second-factors')).status).toBe(401)
  })
})

describe('signing in with the app', () => {
  it('asks for a code after the password, and gives the session only for a right one', async () => {
    const { user, secret } = await userWithApp()
    const first = await login(user.email)
    expect(first.status).toBe(200)
    expect(first.json).toEqual({ mfaRequired: true, mfaToken: expect.any(String), methods: ['totp'] })
    expect(first.json.token).toBeUndefined()
    expect(sessionCookies(first)).toBe('')
    // The step's token is no access token.
    expect((await server.request('GET', '/api/auth/second-factors', { token: first.json.mfaToken })).status).toBe(401)

    const wrong = await secondStep(first.json.mfaToken, codeAt(secret, 10 * 60_000))
    expect(wrong.status).toBe(401)
    expect(wrong.json.detail).toBe(INVALID_SECOND_FACTOR_CODE)

    const code = codeAt(secret)
    const right = await secondStep(first.json.mfaToken, code)
    expect(right.status, right.text).toBe(200)
    expect(right.json.user.id).toBe(user.id)
    expect(sessionCookies(right)).toContain('portal_refresh=')
    expect((await server.request('GET', '/api/auth/second-factors', { token: right.json.token })).status).toBe(200)

    // The same code, again, within its window: refused, even from a fresh password step.
    const again = await secondStep(await mfaTokenOf(user.email), code)
    expect(again.status).toBe(401)
    expect(again.json.detail).toBe(INVALID_SECOND_FACTOR_CODE)
    // The code of the step before the used one is refused too.
    expect((await secondStep(await mfaTokenOf(user.email), codeAt(secret, -30_000))).status).toBe(401)
    // The next code works.
    nextStep()
    expect((await secondStep(await mfaTokenOf(user.email), codeAt(secret))).status).toBe(200)
  })

  it('accepts each recovery code once', async () => {
    const { user, recoveryCodes: codes, token } = await userWithApp()
    const res = await secondStep(await mfaTokenOf(user.email), codes[0].toUpperCase())
    expect(res.status, res.text).toBe(200)
    const reused = await secondStep(await mfaTokenOf(user.email), codes[0])
    expect(reused.status).toBe(401)
    expect((await secondStep(await mfaTokenOf(user.email), codes[1].replace('-', ''))).status).toBe(200)
    expect((await server.request('GET', '/api/auth/second-factors', { token })).json.recoveryCodesLeft).toBe(RECOVERY_CODE_COUNT - 2)
    const audited = await server.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'sign-in'), eq(auditEvents.entityId, String(user.id))))
    expect(audited.map((e) => (e.details as { secondFactor: string }).secondFactor)).toEqual(['recovery-code', 'recovery-code'])
  })

  it('refuses an expired, forged or malformed step token', async () => {
    const { user, secret } = await userWithApp()
    const mfaToken = await mfaTokenOf(user.email)
    server.clock.advance(5 * 60_000 + 1000)
    const late = await secondStep(mfaToken, codeAt(secret))
    expect(late.status).toBe(401)
    expect(late.json.detail).toBe(MFA_SIGN_IN_EXPIRED)
    const [head, , sig] = (await mfaTokenOf(user.email)).split('.')
    const forged = `${head}.${Buffer.from(JSON.stringify({ sub: '1', remember: true })).toString('base64url')}.${sig}`
    expect((await secondStep(forged, codeAt(secret))).status).toBe(401)
    expect((await secondStep('not-a-token', codeAt(secret))).status).toBe(401)
    expect((await secondStep(mfaToken, '12')).status).toBe(422)
    expect((await server.request('POST', '/api/auth/login/mfa', { body: {} })).status).toBe(422)
  })

  it('limits wrong codes per account, and a right code is still refused while the limit holds', async () => {
    const { user, secret } = await userWithApp()
    const mfaToken = await mfaTokenOf(user.email)
    const wrongCode = codeAt(secret, 20 * 60_000)
    for (let i = 0; i < SECOND_FACTOR_LIMITS.perWindow; i++) expect((await secondStep(mfaToken, wrongCode)).status).toBe(401)
    const blocked = await secondStep(mfaToken, codeAt(secret))
    expect(blocked.status).toBe(429)
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(blocked.json.detail).toMatch(/Too many wrong codes/)
    // Once the window has passed, the right code works.
    server.clock.advance(SECOND_FACTOR_LIMITS.windowMs)
    expect((await secondStep(await mfaTokenOf(user.email), codeAt(secret))).status).toBe(200)
  })

  it('keeps "keep me signed in": the session renews without a code', async () => {
    const { user, secret } = await userWithApp()
    const signedIn = await secondStep(await mfaTokenOf(user.email, true), codeAt(secret))
    expect(signedIn.status).toBe(200)
    const refreshCookie = signedIn.headers.getSetCookie().find((c) => c.startsWith('portal_refresh='))!
    expect(refreshCookie).toMatch(/Max-Age=\d+/)
    server.clock.advance(60 * 60_000)
    const renewed = await server.request('POST', '/api/auth/refresh', { headers: { cookie: sessionCookies(signedIn), 'user-agent': BROWSER } })
    expect(renewed.status, renewed.text).toBe(200)
    expect(renewed.json.user.id).toBe(user.id)
  })
})

describe('the step token', () => {
  it('finishes one sign-in only', async () => {
    const { user, secret } = await userWithApp()
    const mfaToken = await mfaTokenOf(user.email)
    expect((await secondStep(mfaToken, codeAt(secret))).status).toBe(200)
    nextStep()
    // A new, right code: the token has done its work.
    const again = await secondStep(mfaToken, codeAt(secret))
    expect(again.status).toBe(401)
    expect(again.json.detail).toBe(MFA_SIGN_IN_EXPIRED)
    // The code was not used up by the refused answer.
    expect((await secondStep(await mfaTokenOf(user.email), codeAt(secret))).status).toBe(200)
  })

  it('is void once the password changes', async () => {
    const { user, secret, token } = await userWithApp()
    const mfaToken = await mfaTokenOf(user.email)
    const changed = await server.request('POST', '/api/auth/change-password', {
      token,
      body: { currentPassword: PASSWORD, newPassword: 'Another-strong-one-2026' },
      headers: { 'user-agent': BROWSER },
    })
    expect(changed.status, changed.text).toBe(200)
    const late = await secondStep(mfaToken, codeAt(secret))
    expect(late.status).toBe(401)
    expect(late.json.detail).toBe(MFA_SIGN_IN_EXPIRED)
  })
})

describe('the secret at rest', () => {
  it('is stored encrypted, bound to its user', async () => {
    const { user, secret } = await userWithApp()
    const [row] = await server.db.select().from(userTotp).where(eq(userTotp.userId, user.id))
    expect(row.secret).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/)
    expect(row.secret).not.toContain(secret)
    expect(Buffer.from(row.secret.split('.')[3], 'base64url').toString()).not.toContain(secret)

    // Copied to another user's row, it does not open: that user's codes of it are refused (not a 500).
    const { user: other } = await server.factories.client({}, PASSWORD)
    await server.db.insert(userTotp).values({ userId: other.id, secret: row.secret, enabledAt: server.clock.now() })
    const res = await secondStep(await mfaTokenOf(other.email), codeAt(secret))
    expect(res.status).toBe(401)
    expect(res.json.detail).toBe(INVALID_SECOND_FACTOR_CODE)
    // Its owner's codes still work.
    expect((await secondStep(await mfaTokenOf(user.email), codeAt(secret))).status).toBe(200)
  })
})

/** An authenticator in the test: a P-256 key whose public half is stored as a passkey, answering assertions. */
function softwarePasskey() {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' })
  const jwk = publicKey.export({ format: 'jwk' })
  // COSE_Key: { kty: EC2, alg: ES256, crv: P-256, x, y }
  const cose = Buffer.concat([
    Buffer.from([0xa5, 0x01, 0x02, 0x03, 0x26, 0x20, 0x01, 0x21, 0x58, 0x20]),
    Buffer.from(jwk.x!, 'base64url'),
    Buffer.from([0x22, 0x58, 0x20]),
    Buffer.from(jwk.y!, 'base64url'),
  ])
  const credentialId = randomBytes(16).toString('base64url')
  let counter = 0
  return {
    credentialId,
    publicKey: cose.toString('base64url'),
    answer(challenge: string, { userVerified = true } = {}) {
      const url = new URL(server.env.PUBLIC_URL)
      const clientData = Buffer.from(JSON.stringify({ type: 'webauthn.get', challenge, origin: url.origin, crossOrigin: false }))
      const count = Buffer.alloc(4)
      count.writeUInt32BE(++counter)
      // Flags: user present, and user verified when asked.
      const authData = Buffer.concat([createHash('sha256').update(url.hostname).digest(), Buffer.from([userVerified ? 0x05 : 0x01]), count])
      const signature = sign('sha256', Buffer.concat([authData, createHash('sha256').update(clientData).digest()]), privateKey)
      return {
        id: credentialId,
        rawId: credentialId,
        type: 'public-key',
        response: {
          clientDataJSON: clientData.toString('base64url'),
          authenticatorData: authData.toString('base64url'),
          signature: signature.toString('base64url'),
        },
        clientExtensionResults: {},
      }
    },
  }
}

async function addSoftwarePasskey(userId: number) {
  const key = softwarePasskey()
  await server.db.insert(passkeys).values({ userId, credentialId: key.credentialId, publicKey: key.publicKey, name: 'Test key', createdAt: server.clock.now() })
  return key
}

describe('a passkey as the second step after the password', () => {
  const passkeyOptions = (mfaToken: string) => server.request('POST', '/api/auth/login/mfa/passkey-options', { body: { mfaToken } })
  const passkeyStep = (mfaToken: string, passkey: unknown) =>
    server.request('POST', '/api/auth/login/mfa', { body: { mfaToken, passkey }, headers: { 'user-agent': BROWSER } })

  it("makes a password sign-in two steps, finished by one of the account's passkeys", async () => {
    const { user } = await server.factories.client({}, PASSWORD)
    const key = await addSoftwarePasskey(user.id)
    const first = await login(user.email)
    expect(first.json).toEqual({ mfaRequired: true, mfaToken: expect.any(String), methods: ['passkey'] })

    const options = await passkeyOptions(first.json.mfaToken)
    expect(options.status, options.text).toBe(200)
    expect(options.json.allowCredentials).toEqual([expect.objectContaining({ id: key.credentialId })])
    // A security key without a PIN will do after a password.
    const res = await passkeyStep(first.json.mfaToken, key.answer(options.json.challenge, { userVerified: false }))
    expect(res.status, res.text).toBe(200)
    expect(res.json.user.id).toBe(user.id)
    expect(sessionCookies(res)).toContain('portal_refresh=')
    const [event] = await server.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'sign-in'), eq(auditEvents.entityId, String(user.id))))
    expect(event.details).toMatchObject({ secondFactor: 'passkey' })

    // The challenge was used once, and a code is no way in for an account without the app.
    const second = await mfaTokenOf(user.email)
    expect((await passkeyStep(second, key.answer(options.json.challenge))).status).toBe(401)
    expect((await secondStep(second, '123456')).status).toBe(401)
  })

  it("refuses another account's passkey, and options for an account without one", async () => {
    const { user } = await server.factories.client({}, PASSWORD)
    await addSoftwarePasskey(user.id)
    const { user: other } = await server.factories.client({}, PASSWORD)
    const otherKey = await addSoftwarePasskey(other.id)
    const mfaToken = await mfaTokenOf(user.email)
    const options = await passkeyOptions(mfaToken)
    const res = await passkeyStep(mfaToken, otherKey.answer(options.json.challenge))
    expect(res.status).toBe(401)
    expect(res.json.detail).toBe(SECOND_STEP_PASSKEY_REFUSED)

    const { secret, user: appOnly } = await userWithApp()
    const appToken = await mfaTokenOf(appOnly.email)
    expect((await passkeyOptions(appToken)).status).toBe(409)
    expect((await passkeyOptions('not-a-token')).status).toBe(401)
    // Neither a code nor a passkey, or both: 422.
    expect((await server.request('POST', '/api/auth/login/mfa', { body: { mfaToken: appToken } })).status).toBe(422)
    const both = await server.request('POST', '/api/auth/login/mfa', { body: { mfaToken: appToken, code: codeAt(secret), passkey: otherKey.answer('x') } })
    expect(both.status).toBe(422)
  })

  it('still signs in with a passkey alone only when the device verified the user', async () => {
    const { user } = await server.factories.client({}, PASSWORD)
    const key = await addSoftwarePasskey(user.id)
    const unverified = await server.request('POST', '/api/auth/passkey/options')
    expect(
      (await server.request('POST', '/api/auth/login/passkey', { body: { response: key.answer(unverified.json.challenge, { userVerified: false }) } })).status,
    ).toBe(401)
    const options = await server.request('POST', '/api/auth/passkey/options')
    const res = await server.request('POST', '/api/auth/login/passkey', { body: { response: key.answer(options.json.challenge) } })
    expect(res.status, res.text).toBe(200)
    expect(res.json.user.id).toBe(user.id)
  })
})

describe('a second factor required of staff', () => {
  const settings = (token: string, staffSecondFactorRequired?: boolean) =>
    staffSecondFactorRequired === undefined
      ? server.request('GET', '/api/settings/sign-in', { token })
      : server.request('PUT', '/api/settings/sign-in', { token, body: { staffSecondFactorRequired } })

  it('is set by a super admin with a second factor of their own, and audited', async () => {
    const { user: admin } = await server.factories.agent([], { roleId: 1, password: PASSWORD })
    const { user: manager } = await server.factories.agent(['UCV', 'UCE'])
    const adminToken = await server.tokenFor(admin.id)
    expect((await settings(await server.tokenFor(manager.id))).status).toBe(403)
    expect((await settings(await server.tokenFor(manager.id), true)).status).toBe(403)
    expect((await settings(adminToken)).json).toEqual({ staffSecondFactorRequired: false })
    const alone = await settings(adminToken, true)
    expect(alone.status).toBe(422)
    expect(alone.json.detail).toMatch(/your own two-step sign-in first/)
    await addSoftwarePasskey(admin.id)
    const on = await settings(adminToken, true)
    expect(on.status, on.text).toBe(200)
    expect(on.json).toEqual({ staffSecondFactorRequired: true })
    expect((await settings(adminToken, false)).json).toEqual({ staffSecondFactorRequired: false })
    const events = await server.db.select().from(auditEvents).where(eq(auditEvents.action, 'sign-in-settings-changed'))
    expect(events.map((e) => [e.actorUserId, (e.details as { after: { staffSecondFactorRequired: boolean } }).after.staffSecondFactorRequired])).toEqual([
      [admin.id, true],
      [admin.id, false],
    ])
  })

  it('leads staff without one to the set-up, and keeps them from the staff pages until then; clients choose freely', async () => {
    const { user: admin } = await server.factories.agent([], { roleId: 1 })
    await addSoftwarePasskey(admin.id)
    const adminToken = await server.tokenFor(admin.id)
    expect((await settings(adminToken, true)).status).toBe(200)
    try {
      const { user: clerk } = await server.factories.agent(['UCV', 'DCV', 'SPV', 'ICV'], { password: PASSWORD })
      const signedIn = await login(clerk.email, true)
      expect(signedIn.status, signedIn.text).toBe(200)
      expect(signedIn.json.secondFactorSetupRequired).toBe(true)
      const token = signedIn.json.token as string
      const refused = await server.request('GET', '/api/users', { token })
      expect(refused.status).toBe(403)
      expect(refused.json.detail).toBe(SECOND_FACTOR_SETUP_REQUIRED)
      // Staff reads behind a signed-in route and a code, and the notifications, stay closed too.
      const staffReads = ['/api/client/document-requests', '/api/support/conversations', '/api/system-notifications']
      for (const path of staffReads) expect((await server.request('GET', path, { token })).status, path).toBe(403)
      // The own account's calls answer: the set-up is one of them.
      expect((await server.request('GET', '/api/auth/second-factors', { token })).status).toBe(200)
      const renewed = await server.request('POST', '/api/auth/refresh', { headers: { cookie: sessionCookies(signedIn), 'user-agent': BROWSER } })
      expect(renewed.json.secondFactorSetupRequired).toBe(true)

      const setup = await server.request('POST', '/api/auth/totp/setup', { token })
      expect((await server.request('POST', '/api/auth/totp/enable', { token, body: { code: codeAt(setup.json.secret) } })).status).toBe(200)
      expect((await server.request('GET', '/api/users', { token })).status).toBe(200)
      for (const path of staffReads) expect((await server.request('GET', path, { token })).status, path).toBe(200)
      nextStep()
      const next = await secondStep(await mfaTokenOf(clerk.email), codeAt(setup.json.secret))
      expect(next.status).toBe(200)
      expect(next.json.secondFactorSetupRequired).toBeUndefined()

      const { user: client } = await server.factories.client({}, PASSWORD)
      const clientIn = await login(client.email)
      expect(clientIn.json.token).toEqual(expect.any(String))
      expect(clientIn.json.secondFactorSetupRequired).toBeUndefined()
      expect((await server.request('GET', `/api/client/${client.clientId}`, { token: clientIn.json.token })).status).toBe(200)
    } finally {
      expect((await settings(adminToken, false)).status).toBe(200)
    }
    const { user: later } = await server.factories.agent(['UCV'], { password: PASSWORD })
    const free = await login(later.email)
    expect(free.json.secondFactorSetupRequired).toBeUndefined()
    expect((await server.request('GET', '/api/users', { token: free.json.token })).status).toBe(200)
  })
})

describe('turning it off, new recovery codes, and a super admin reset', () => {
  it('turns off with a code, after which the password alone signs in', async () => {
    const { user, token, secret } = await userWithApp()
    expect((await server.request('POST', '/api/auth/totp/disable', { token, body: { code: codeAt(secret, 10 * 60_000) } })).status).toBe(422)
    const off = await server.request('POST', '/api/auth/totp/disable', { token, body: { code: codeAt(secret) } })
    expect(off.status, off.text).toBe(204)
    expect(await server.db.select().from(userTotp).where(eq(userTotp.userId, user.id))).toHaveLength(0)
    expect(await server.db.select().from(recoveryCodes).where(eq(recoveryCodes.userId, user.id))).toHaveLength(0)
    const res = await login(user.email)
    expect(res.json.token).toEqual(expect.any(String))
  })

  it('renews the recovery codes: the old ones stop working', async () => {
    const { user, token, secret, recoveryCodes: old } = await userWithApp()
    const renewed = await server.request('POST', '/api/auth/totp/recovery-codes', { token, body: { code: codeAt(secret) } })
    expect(renewed.status, renewed.text).toBe(200)
    expect(renewed.json.recoveryCodes).toHaveLength(RECOVERY_CODE_COUNT)
    expect((await secondStep(await mfaTokenOf(user.email), old[2])).status).toBe(401)
    expect((await secondStep(await mfaTokenOf(user.email), renewed.json.recoveryCodes[0])).status).toBe(200)
  })

  it('lets only a super admin reset another user, and audits it', async () => {
    const { user } = await userWithApp()
    const { user: admin } = await server.factories.agent([], { roleId: 1 })
    const { user: manager } = await server.factories.agent(['UCV', 'UCE'])
    const { user: otherClient } = await server.factories.client()
    expect((await server.request('DELETE', `/api/users/${user.id}/second-factors`, { token: await server.tokenFor(manager.id) })).status).toBe(403)
    expect((await server.request('DELETE', `/api/users/${user.id}/second-factors`, { token: await server.tokenFor(otherClient.id) })).status).toBe(403)
    expect((await login(user.email)).json.mfaRequired).toBe(true)

    const adminToken = await server.tokenFor(admin.id)
    expect((await server.request('DELETE', '/api/users/999999/second-factors', { token: adminToken })).status).toBe(404)
    const reset = await server.request('DELETE', `/api/users/${user.id}/second-factors`, { token: adminToken })
    expect(reset.status, reset.text).toBe(200)
    expect(reset.json).toEqual({ reset: true })
    expect((await login(user.email)).json.token).toEqual(expect.any(String))
    const [event] = await server.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'second-factor-reset'), eq(auditEvents.entityId, String(user.id))))
    expect(event.actorUserId).toBe(admin.id)
  })
})

describe("a staff user's page", () => {
  it('says what second factors the user has, and its history names the changes and the reset', async () => {
    const { user: admin } = await server.factories.agent([], { roleId: 1 })
    const { user: clerk } = await server.factories.agent(['UCV'], { password: PASSWORD })
    const adminToken = await server.tokenFor(admin.id)
    const view = () => server.request('GET', `/api/users/${clerk.id}`, { token: adminToken })
    expect((await view()).json.secondFactors).toEqual([])

    const token = await server.tokenFor(clerk.id)
    const setup = await server.request('POST', '/api/auth/totp/setup', { token })
    expect((await server.request('POST', '/api/auth/totp/enable', { token, body: { code: codeAt(setup.json.secret) } })).status).toBe(200)
    nextStep()
    expect((await view()).json.secondFactors).toEqual(['totp'])
    await addSoftwarePasskey(clerk.id)
    expect((await view()).json.secondFactors).toEqual(['totp', 'passkey'])

    expect((await server.request('DELETE', `/api/users/${clerk.id}/second-factors`, { token: adminToken })).json).toEqual({ reset: true })
    const after = await view()
    expect(after.json.secondFactors).toEqual([])
    const history = after.json.history as { action: string; summary: string; actor: { id: number } | null }[]
    expect(history[0]).toMatchObject({ action: 'second-factor-reset', summary: 'Two-step sign-in reset', actor: { id: admin.id } })
    expect(history.find((h) => h.action === 'second-factor-enabled')?.summary).toBe('Two-step sign-in turned on')
    // Nothing left: a second reset says so.
    expect((await server.request('DELETE', `/api/users/${clerk.id}/second-factors`, { token: adminToken })).json).toEqual({ reset: false })
  })
})

describe('passkeys (the browser side is checked end to end with a virtual authenticator)', () => {
  const fakeAssertion = (id: string) => ({
    response: { id, rawId: id, type: 'public-key', response: { clientDataJSON: 'e30', authenticatorData: 'AA', signature: 'AA' }, clientExtensionResults: {} },
  })

  it('gives options for the portal as the relying party, with a challenge used once', async () => {
    const { user } = await server.factories.client({}, PASSWORD)
    const token = await server.tokenFor(user.id)
    const signIn = await server.request('POST', '/api/auth/passkey/options')
    expect(signIn.status, signIn.text).toBe(200)
    expect(signIn.json.rpId).toBe(new URL(server.env.PUBLIC_URL).hostname)
    expect(signIn.json.userVerification).toBe('required')
    expect(signIn.json.allowCredentials ?? []).toEqual([])
    const register = await server.request('POST', '/api/auth/passkeys/registration-options', { token })
    expect(register.status, register.text).toBe(200)
    expect(register.json.rp.id).toBe(new URL(server.env.PUBLIC_URL).hostname)
    expect(register.json.authenticatorSelection).toMatchObject({ residentKey: 'required', userVerification: 'required' })
    expect((await server.request('POST', '/api/auth/passkeys/registration-options')).status).toBe(401)
  })

  it('refuses a made-up registration and an unknown passkey, with readable details', async () => {
    const { user } = await server.factories.client({}, PASSWORD)
    const token = await server.tokenFor(user.id)
    await server.request('POST', '/api/auth/passkeys/registration-options', { token })
    const bogus = await server.request('POST', '/api/auth/passkeys', {
      token,
      body: { name: 'Laptop', response: { id: 'abc', rawId: 'abc', type: 'public-key', response: { clientDataJSON: 'e30', attestationObject: 'AA' } } },
    })
    expect(bogus.status).toBe(422)
    expect(bogus.json.detail).toBe('The passkey could not be added')
    const noName = await server.request('POST', '/api/auth/passkeys', { token, body: { name: ' ', response: fakeAssertion('abc').response } })
    expect(noName.status).toBe(422)
    const unknown = await server.request('POST', '/api/auth/login/passkey', { body: fakeAssertion('bm90LWEta2V5') })
    expect(unknown.status).toBe(401)
    expect(unknown.json.detail).toMatch(/not recognised/)
  })

  it("lists only the user's own passkeys; another's cannot be renamed or removed; a super admin's reset removes them", async () => {
    const { user: owner } = await server.factories.client({}, PASSWORD)
    const { user: other } = await server.factories.client()
    const [key] = await server.db
      .insert(passkeys)
      .values({ userId: owner.id, credentialId: `cred-${owner.id}`, publicKey: 'AA', name: 'Phone' })
      .returning()
    const ownerToken = await server.tokenFor(owner.id)
    const otherToken = await server.tokenFor(other.id)
    expect((await server.request('GET', '/api/auth/passkeys', { token: ownerToken })).json).toEqual([expect.objectContaining({ id: key.id, name: 'Phone' })])
    expect((await server.request('GET', '/api/auth/passkeys', { token: otherToken })).json).toEqual([])
    expect((await server.request('PATCH', `/api/auth/passkeys/${key.id}`, { token: otherToken, body: { name: 'Mine now' } })).status).toBe(404)
    expect((await server.request('DELETE', `/api/auth/passkeys/${key.id}`, { token: otherToken })).status).toBe(404)
    const renamed = await server.request('PATCH', `/api/auth/passkeys/${key.id}`, { token: ownerToken, body: { name: '  Work phone ' } })
    expect(renamed.json.name).toBe('Work phone')
    expect((await server.request('GET', '/api/auth/second-factors', { token: ownerToken })).json.passkeys).toHaveLength(1)

    const { user: admin } = await server.factories.agent([], { roleId: 1 })
    const reset = await server.request('DELETE', `/api/users/${owner.id}/second-factors`, { token: await server.tokenFor(admin.id) })
    expect(reset.json).toEqual({ reset: true })
    expect(await server.db.select().from(passkeys).where(eq(passkeys.userId, owner.id))).toHaveLength(0)
  })
})
