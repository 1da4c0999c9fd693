import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server'
import { Hono } from 'hono'
import type { SessionResponse } from '../../contract/auth'
import { IdParamsSchema } from '../../contract/common'
import {
  INVALID_SECOND_FACTOR_CODE,
  LoginMfaBodySchema,
  MFA_SIGN_IN_EXPIRED,
  MfaPasskeyOptionsBodySchema,
  SECOND_STEP_PASSKEY_REFUSED,
  SignInSettingsSchema,
  type SignInSettings,
  PASSKEY_NOT_RECOGNISED,
  PasskeyRegisterBodySchema,
  PasskeyRenameBodySchema,
  PasskeySignInBodySchema,
  SecondFactorCodeBodySchema,
  TotpEnableBodySchema,
  type RecoveryCodesResponse,
  type SecondFactorResetResponse,
  type SecondFactors,
  type TotpSetupResponse,
} from '../../contract/second-factor'
import { recordAudit } from '../audit'
import { access } from '../auth/policy'
import { ADDRESS_LIMITS, clientAddress, spendAddressBudget } from '../auth/rate-limit'
import {
  listPasskeys,
  registerPasskey,
  registrationOptions,
  removePasskey,
  renamePasskey,
  secondStepOptions,
  signInOptions,
  verifyPasskeySignIn,
  verifySecondStepPasskey,
} from '../auth/passkeys'
import {
  beginCodeAttempt,
  beginTotpSetup,
  enableTotp,
  removeSecondFactors,
  removeTotp,
  renewRecoveryCodes,
  secondFactorsOf,
  secondStepMethods,
  mfaTokenUsed,
  useMfaToken,
  useSecondFactorCode,
  verifyMfaToken,
  type MfaStep,
} from '../auth/second-factor'
import { changeSignInSettings, readSignInSettings } from '../auth/sign-in-settings'
import { findSessionUser, issueAccessToken, setAreaCookie, startRefreshFamily, toSessionUser, type SessionUserRow } from '../auth/session'
import type { AppDeps, AppEnv } from '../context'
import { forbidden, HttpError, notFound, unauthorized } from '../http/errors'
import { validate } from '../http/validate'

/**
 * Second factors (docs/security.md): the authenticator app's set-up, the second step of a sign-in, and a
 * super admin's reset. Every change is audited on the user.
 */

function audit(
  deps: AppDeps,
  values: { action: string; actorUserId: number; entityId: number; ip: string; requestId?: string; details?: Record<string, unknown> },
) {
  return recordAudit(deps.db, { ...values, entity: 'user', at: deps.clock.now() })
}

/**
 * A wrong code: 401 at sign-in (no session yet); 422 on a signed-in call, whose 401 would mean the
 * session had ended.
 */
const wrongCode = (status: 401 | 422) =>
  new HttpError(status, INVALID_SECOND_FACTOR_CODE, INVALID_SECOND_FACTOR_CODE, [{ path: 'code', message: INVALID_SECOND_FACTOR_CODE }])

export const secondFactorRoutes = new Hono<AppEnv>()
  /** The signed-in user's second factors. */
  .get('/auth/second-factors', access.signedIn(), async (c) => {
    const deps = c.get('deps')
    return c.json((await secondFactorsOf(deps.db, c.get('caller').userId)) satisfies SecondFactors)
  })

  /** A new authenticator secret, not in force until /enable confirms it with a code. */
  .post('/auth/totp/setup', access.signedIn(), async (c) => {
    const deps = c.get('deps')
    const caller = c.get('caller')
    const made = await beginTotpSetup(deps.db, deps.totpKey, caller.userId, caller.email, deps.clock.now())
    return c.json(made satisfies TotpSetupResponse)
  })

  /** Turns the app on with a current code; answers the 10 recovery codes, shown this once. */
  .post('/auth/totp/enable', access.signedIn(), validate('json', TotpEnableBodySchema), async (c) => {
    const deps = c.get('deps')
    const caller = c.get('caller')
    const now = deps.clock.now()
    const attempt = await beginCodeAttempt(deps.db, caller.userId, now)
    const codes = await enableTotp(deps.db, deps.totpKey, caller.userId, c.req.valid('json').code, now)
    if (!codes) {
      const detail = 'That code is incorrect. Enter the code your app shows now.'
      throw new HttpError(422, detail, detail, [{ path: 'code', message: detail }])
    }
    await attempt.succeeded()
    await audit(deps, {
      action: 'second-factor-enabled',
      actorUserId: caller.userId,
      entityId: caller.userId,
      ip: clientAddress(c),
      requestId: c.get('requestId'),
      details: { factor: 'totp' },
    })
    return c.json({ recoveryCodes: codes } satisfies RecoveryCodesResponse)
  })

  /** Turns the app off (and voids the recovery codes), confirmed by a code of it or a recovery code. */
  .post('/auth/totp/disable', access.signedIn(), validate('json', SecondFactorCodeBodySchema), async (c) => {
    const deps = c.get('deps')
    const caller = c.get('caller')
    const now = deps.clock.now()
    await confirmWithCode(deps, caller.userId, c.req.valid('json').code, now)
    await removeTotp(deps.db, caller.userId)
    await audit(deps, {
      action: 'second-factor-disabled',
      actorUserId: caller.userId,
      entityId: caller.userId,
      ip: clientAddress(c),
      requestId: c.get('requestId'),
      details: { factor: 'totp' },
    })
    return c.body(null, 204)
  })

  /** New recovery codes (the old ones stop working), confirmed by a code. */
  .post('/auth/totp/recovery-codes', access.signedIn(), validate('json', SecondFactorCodeBodySchema), async (c) => {
    const deps = c.get('deps')
    const caller = c.get('caller')
    const now = deps.clock.now()
    await confirmWithCode(deps, caller.userId, c.req.valid('json').code, now)
    const codes = await renewRecoveryCodes(deps.db, caller.userId, now)
    await audit(deps, {
      action: 'recovery-codes-renewed',
      actorUserId: caller.userId,
      entityId: caller.userId,
      ip: clientAddress(c),
      requestId: c.get('requestId'),
    })
    return c.json({ recoveryCodes: codes } satisfies RecoveryCodesResponse)
  })

  /**
   * Options for a sign-in's second step with a passkey (navigator.credentials.get, one of the account's
   * passkeys), for the token of the password step.
   */
  .post('/auth/login/mfa/passkey-options', access.public(), validate('json', MfaPasskeyOptionsBodySchema), async (c) => {
    await spendAddressBudget(c, ADDRESS_LIMITS.passkeySignIn)
    const deps = c.get('deps')
    const { user } = await passwordStep(deps, c.req.valid('json').mfaToken)
    if (!(await secondStepMethods(deps.db, user.id)).includes('passkey')) {
      throw new HttpError(409, 'No passkey on this account', 'This account has no passkey. Enter the code from your app, or a recovery code.')
    }
    return c.json(await secondStepOptions(deps, user.id))
  })

  /**
   * The second step of a sign-in: the token of the password step and a code from the app, a recovery
   * code, or the account's passkey. Answers the session as POST /api/auth/login does without a second
   * factor. The token finishes one sign-in only.
   */
  .post('/auth/login/mfa', access.public(), validate('json', LoginMfaBodySchema), async (c) => {
    const deps = c.get('deps')
    const { mfaToken, code, passkey } = c.req.valid('json')
    const address = clientAddress(c)
    const { step, user } = await passwordStep(deps, mfaToken)
    const now = deps.clock.now()
    const attempt = await beginCodeAttempt(deps.db, user.id, now)
    let factor: 'totp' | 'recovery-code' | 'passkey' | null
    let passkeyId: number | undefined
    if (passkey) {
      const proved = await verifySecondStepPasskey(deps, user.id, passkey as unknown as AuthenticationResponseJSON)
      factor = proved && 'passkey'
      passkeyId = proved?.passkeyId
    } else {
      factor = await useSecondFactorCode(deps.db, deps.totpKey, user.id, code!, now)
    }
    if (!factor) {
      await audit(deps, {
        action: 'sign-in-failed',
        actorUserId: user.id,
        entityId: user.id,
        ip: address,
        requestId: c.get('requestId'),
        details: { step: 'second-factor' },
      })
      if (passkey) throw new HttpError(401, SECOND_STEP_PASSKEY_REFUSED)
      throw wrongCode(401)
    }
    await attempt.succeeded()
    // Of two answers racing with the same token, one signs in.
    if (!(await useMfaToken(deps.db, step, now))) throw unauthorized(MFA_SIGN_IN_EXPIRED)
    const sid = await startRefreshFamily(c, user.id, step.remember)
    await audit(deps, {
      action: 'sign-in',
      actorUserId: user.id,
      entityId: user.id,
      ip: address,
      requestId: c.get('requestId'),
      details: { secondFactor: factor, ...(passkeyId !== undefined && { passkeyId }) },
    })
    const sessionUser = toSessionUser(user)
    setAreaCookie(c, sessionUser)
    return c.json({ token: await issueAccessToken(deps, sessionUser, sid), user: sessionUser } satisfies SessionResponse)
  })

  /** Whether staff must have a second factor (super admin). */
  .get('/settings/sign-in', access.agent(), async (c) => {
    if (!c.get('caller').isSuperAdmin) throw forbidden('Only a super admin can see the sign-in settings')
    return c.json((await readSignInSettings(c.get('deps').db)) satisfies SignInSettings)
  })

  /**
   * Requires a second factor of staff, or stops requiring it (super admin, audited). Turning it on needs
   * the super admin's own second factor first, so the one who turns it on is never the one shut out.
   */
  .put('/settings/sign-in', access.agent(), validate('json', SignInSettingsSchema), async (c) => {
    const deps = c.get('deps')
    const caller = c.get('caller')
    if (!caller.isSuperAdmin) throw forbidden('Only a super admin can change the sign-in settings')
    const wanted = c.req.valid('json')
    if (wanted.staffSecondFactorRequired && !(await secondStepMethods(deps.db, caller.userId)).length) {
      const detail = 'Set up your own two-step sign-in first (Account Settings → Security), then require it of staff.'
      throw new HttpError(422, detail, detail, [{ path: 'staffSecondFactorRequired', message: detail }])
    }
    const settings = await changeSignInSettings(deps.db, wanted, {
      actorUserId: caller.userId,
      at: deps.clock.now(),
      ip: clientAddress(c),
      requestId: c.get('requestId'),
    })
    return c.json(settings satisfies SignInSettings)
  })

  /** A super admin removes another user's second factors (a lost phone and lost codes). Audited. */
  .delete('/users/:id/second-factors', access.agent(), validate('param', IdParamsSchema), async (c) => {
    const deps = c.get('deps')
    const caller = c.get('caller')
    if (!caller.isSuperAdmin) throw forbidden('Only a super admin can reset another user’s two-step sign-in')
    const { id } = c.req.valid('param')
    if (id === caller.userId) throw new HttpError(422, 'Not your own', 'Turn your own two-step sign-in off in Account Settings → Security.')
    const user = await findSessionUser(deps.db, { id })
    if (!user) throw notFound('User')
    const removed = await deps.db.transaction(async (tx) => {
      const had = await removeSecondFactors(tx, id)
      await recordAudit(tx, {
        action: 'second-factor-reset',
        entity: 'user',
        entityId: id,
        actorUserId: caller.userId,
        at: deps.clock.now(),
        ip: clientAddress(c),
        requestId: c.get('requestId'),
        details: { hadSecondFactor: had },
      })
      return had
    })
    return c.json({ reset: removed } satisfies SecondFactorResetResponse)
  })

  /** Options for adding a passkey (navigator.credentials.create). */
  .post('/auth/passkeys/registration-options', access.signedIn(), async (c) => {
    const deps = c.get('deps')
    const user = await findSessionUser(deps.db, { id: c.get('caller').userId })
    if (!user) throw unauthorized()
    return c.json(await registrationOptions(deps, { id: user.id, email: user.email, name: `${user.firstName} ${user.lastName}`.trim() || user.email }))
  })

  /** Adds the passkey the browser made for the options, under the name the user gave it. */
  .post('/auth/passkeys', access.signedIn(), validate('json', PasskeyRegisterBodySchema), async (c) => {
    const deps = c.get('deps')
    const caller = c.get('caller')
    const { response, name } = c.req.valid('json')
    const passkey = await registerPasskey(deps, caller.userId, response as unknown as RegistrationResponseJSON, name)
    await audit(deps, {
      action: 'passkey-added',
      actorUserId: caller.userId,
      entityId: caller.userId,
      ip: clientAddress(c),
      requestId: c.get('requestId'),
      details: { passkeyId: passkey.id, name },
    })
    return c.json(passkey, 201)
  })

  .get('/auth/passkeys', access.signedIn(), async (c) => c.json(await listPasskeys(c.get('deps').db, c.get('caller').userId)))

  .patch('/auth/passkeys/:id', access.signedIn(), validate('param', IdParamsSchema), validate('json', PasskeyRenameBodySchema), async (c) => {
    const deps = c.get('deps')
    const caller = c.get('caller')
    const passkey = await renamePasskey(deps.db, caller.userId, c.req.valid('param').id, c.req.valid('json').name)
    // Another user's passkey is not found, as one that does not exist.
    if (!passkey) throw notFound('Passkey')
    return c.json(passkey)
  })

  .delete('/auth/passkeys/:id', access.signedIn(), validate('param', IdParamsSchema), async (c) => {
    const deps = c.get('deps')
    const caller = c.get('caller')
    const { id } = c.req.valid('param')
    if (!(await removePasskey(deps.db, caller.userId, id))) throw notFound('Passkey')
    await audit(deps, {
      action: 'passkey-removed',
      actorUserId: caller.userId,
      entityId: caller.userId,
      ip: clientAddress(c),
      requestId: c.get('requestId'),
      details: { passkeyId: id },
    })
    return c.body(null, 204)
  })

  /** Options for signing in with a passkey alone (navigator.credentials.get, discoverable credentials). */
  .post('/auth/passkey/options', access.public(), async (c) => {
    await spendAddressBudget(c, ADDRESS_LIMITS.passkeySignIn)
    return c.json(await signInOptions(c.get('deps')))
  })

  /** Signs in with a passkey: the session, as a password and a second factor would give it. */
  .post('/auth/login/passkey', access.public(), validate('json', PasskeySignInBodySchema), async (c) => {
    const deps = c.get('deps')
    const { response, remember } = c.req.valid('json')
    const address = clientAddress(c)
    const proved = await verifyPasskeySignIn(deps, response as unknown as AuthenticationResponseJSON)
    if (!proved) throw new HttpError(401, PASSKEY_NOT_RECOGNISED)
    const user = await findSessionUser(deps.db, { id: proved.userId })
    if (!user) throw new HttpError(401, PASSKEY_NOT_RECOGNISED)
    if (!user.active) throw new HttpError(403, 'This account has been deactivated', 'This account has been deactivated. Contact support to restore access.')
    const sid = await startRefreshFamily(c, user.id, remember)
    await audit(deps, {
      action: 'sign-in',
      actorUserId: user.id,
      entityId: user.id,
      ip: address,
      requestId: c.get('requestId'),
      details: { secondFactor: 'passkey', passkeyId: proved.passkeyId },
    })
    const sessionUser = toSessionUser(user)
    setAreaCookie(c, sessionUser)
    return c.json({ token: await issueAccessToken(deps, sessionUser, sid), user: sessionUser } satisfies SessionResponse)
  })

/**
 * A signed-in user's change confirmed by a code of the app or a recovery code: counted against the
 * wrong-code limit, and 422 (not 401, which the app reads as a session that ended) when wrong.
 */
async function confirmWithCode(deps: AppDeps, userId: number, code: string, now: Date): Promise<void> {
  const attempt = await beginCodeAttempt(deps.db, userId, now)
  if (!(await useSecondFactorCode(deps.db, deps.totpKey, userId, code, now))) throw wrongCode(422)
  await attempt.succeeded()
}

/**
 * The password step a second step goes on from: its token is good (signed, not expired, not used) and
 * the password has not changed since (a change or a reset voids it), and the user is active.
 */
async function passwordStep(deps: AppDeps, mfaToken: string): Promise<{ step: MfaStep; user: SessionUserRow }> {
  const step = await verifyMfaToken(deps, mfaToken)
  if (!step) throw unauthorized(MFA_SIGN_IN_EXPIRED)
  const user = await findSessionUser(deps.db, { id: step.userId })
  if (!user || user.passwordChangedAt.getTime() !== step.passwordChangedAt) throw unauthorized(MFA_SIGN_IN_EXPIRED)
  if (await mfaTokenUsed(deps.db, step)) throw unauthorized(MFA_SIGN_IN_EXPIRED)
  if (!user.active) throw new HttpError(403, 'This account has been deactivated', 'This account has been deactivated. Contact support to restore access.')
  return { step, user }
}
