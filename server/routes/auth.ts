import { Hono } from 'hono'
import {
  type ChangePasswordResponse,
  ChangePasswordBodySchema,
  FORGOT_PASSWORD_MESSAGE,
  ForgotPasswordBodySchema,
  INVALID_CREDENTIALS,
  INVALID_RESET_LINK,
  LoginBodySchema,
  ResetPasswordBodySchema,
  ResetTokenParamsSchema,
  type SessionResponse,
} from '../../contract/auth'
import { LogoutBodySchema } from '../../contract/push'
import type { MfaRequiredResponse } from '../../contract/second-factor'
import { recordAudit } from '../audit'
import { commonPasswordIssue } from '../../contract/common-passwords'
import { hashPassword, needsRehash, timingDummyHash, upgradePasswordHash, verifyPassword } from '../auth/passwords'
import { access } from '../auth/policy'
import { findUsablePasswordLink, setPassword, setPasswordWithLink } from '../auth/queries'
import { beginSignInAttempt, clientAddress } from '../auth/rate-limit'
import { mailResetLinkAfterAnswer } from '../auth/reset-mail'
import { secondStepMethods, signMfaToken } from '../auth/second-factor'
import { secondFactorSetupRequired } from '../auth/sign-in-settings'
import {
  assertSameOrigin,
  clearSessionCookies,
  familyOf,
  findSessionUser,
  issueAccessToken,
  readRefreshCookie,
  revokeFamily,
  revokeUserSessions,
  rotateRefreshToken,
  setAreaCookie,
  startRefreshFamily,
  toSessionUser,
} from '../auth/session'
import { verifyAccessToken } from '../auth/tokens'
import type { AppDeps, AppEnv } from '../context'
import { errorBody, HttpError, unauthorized } from '../http/errors'
import { validate } from '../http/validate'
import { deleteSubscription } from '../push/subscriptions'

const passwordRefused = (detail: string) => new HttpError(422, detail, detail, [{ path: 'password', message: detail }])

function audit(deps: AppDeps, values: { action: string; actorUserId?: number | null; entityId?: string; ip?: string; requestId?: string }) {
  return recordAudit(deps.db, { ...values, entity: 'user', at: deps.clock.now() })
}

export const authRoutes = new Hono<AppEnv>()
  /**
   * Sign in: an access token and the user; a refresh cookie (persistent only with `remember`). An account
   * with a second factor gets `{ mfaRequired, mfaToken, methods }` instead, for POST /auth/login/mfa. Staff
   * required to have a second factor and without one get the session with `secondFactorSetupRequired`.
   */
  .post('/auth/login', access.public(), validate('json', LoginBodySchema), async (c) => {
    const deps = c.get('deps')
    const { email, password, remember } = c.req.valid('json')
    const address = clientAddress(c)
    const attempt = await beginSignInAttempt(deps.db, deps.clock.now(), email, address)
    if (attempt.blocked) {
      const { detail, retryAfterSeconds } = attempt.blocked
      return c.json(errorBody(detail), 429, { 'Retry-After': String(retryAfterSeconds) })
    }
    let user: Awaited<ReturnType<typeof findSessionUser>>
    let valid: boolean
    try {
      user = await findSessionUser(deps.db, { email })
      // The same work, the same answer, whether the e-mail or the password is wrong. The address and the
      // account each have a share of the password checks, so a flood from one does not hold up the rest.
      valid = await verifyPassword(user?.passwordHash ?? (await timingDummyHash()), password, { address, email })
    } catch (error) {
      attempt.withdrawn()
      throw error
    }
    if (!user || !valid) {
      await attempt.failed()
      await audit(deps, { action: 'sign-in-failed', entityId: user ? String(user.id) : undefined, ip: address, requestId: c.get('requestId') })
      throw unauthorized(INVALID_CREDENTIALS)
    }
    await attempt.succeeded()
    if (needsRehash(user.passwordHash)) await upgradePasswordHash(deps, user.id, user.passwordHash, password)
    if (!user.active) throw new HttpError(403, 'This account has been deactivated', 'This account has been deactivated. Contact support to restore access.')
    // With a second factor the password is only the first step: no session until a code or a passkey (login/mfa).
    const methods = await secondStepMethods(deps.db, user.id)
    if (methods.length) {
      return c.json({ mfaRequired: true, mfaToken: await signMfaToken(deps, user, remember), methods } satisfies MfaRequiredResponse)
    }
    const sid = await startRefreshFamily(c, user.id, remember)
    await audit(deps, { action: 'sign-in', actorUserId: user.id, entityId: String(user.id), ip: address, requestId: c.get('requestId') })
    const sessionUser = toSessionUser(user)
    setAreaCookie(c, sessionUser)
    return c.json({
      token: await issueAccessToken(deps, sessionUser, sid),
      user: sessionUser,
      ...((await secondFactorSetupRequired(deps.db, user)) && { secondFactorSetupRequired: true as const }),
    } satisfies SessionResponse)
  })

  /** A new access token from the refresh cookie, which is rotated; a reused cookie ends the whole chain. */
  .post('/auth/refresh', access.public(), async (c) => {
    const deps = c.get('deps')
    assertSameOrigin(c)
    const token = readRefreshCookie(c)
    if (!token) throw unauthorized('No session to renew. Sign in again.')
    const rotation = await rotateRefreshToken(c, token)
    if (!rotation.ok) {
      clearSessionCookies(c)
      if (rotation.reason === 'reused') {
        deps.logger.warn('refresh token reused; session family revoked', { requestId: c.get('requestId') })
      }
      throw unauthorized('Your session has ended. Sign in again.')
    }
    const user = await findSessionUser(deps.db, { id: rotation.userId }, rotation.clientId)
    if (!user || !user.active) {
      await revokeUserSessions(deps.db, rotation.userId, deps.clock.now())
      clearSessionCookies(c)
      throw unauthorized('Your session has ended. Sign in again.')
    }
    const sessionUser = toSessionUser(user)
    setAreaCookie(c, sessionUser)
    return c.json({
      token: await issueAccessToken(deps, sessionUser, rotation.familyId),
      user: sessionUser,
      ...((await secondFactorSetupRequired(deps.db, user)) && { secondFactorSetupRequired: true as const }),
    } satisfies SessionResponse)
  })

  /**
   * Log out: ends the session of the refresh cookie and the session the access token names (every access
   * token of it, on every server) and clears the cookies. Works with an expired or missing access token
   * too, so a device can always end its session.
   */
  .post('/auth/logout', access.public(), validate('json', LogoutBodySchema), async (c) => {
    const deps = c.get('deps')
    assertSameOrigin(c)
    const now = deps.clock.now()
    const { pushEndpoint } = c.req.valid('json')
    let userId: number | undefined
    const bearer = /^Bearer (\S+)$/.exec(c.req.header('authorization') ?? '')?.[1]
    if (bearer) {
      const { env } = deps
      const claims = await verifyAccessToken(
        bearer,
        { key: deps.jwtKey, issuer: env.JWT_ISSUER, audience: env.JWT_AUDIENCE, ttlSeconds: env.ACCESS_TOKEN_TTL_SECONDS },
        now,
      )
      userId = claims?.id
      if (claims) await revokeFamily(deps.db, claims.sid, now)
    }
    const refresh = readRefreshCookie(c)
    if (refresh) {
      const family = await familyOf(deps.db, refresh)
      if (family) await revokeFamily(deps.db, family.familyId, now)
      userId ??= family?.userId
    }
    // This device stops receiving the signed-out user's alerts.
    if (pushEndpoint && userId !== undefined) await deleteSubscription(deps.db, userId, pushEndpoint)
    clearSessionCookies(c)
    return c.body(null, 204)
  })

  /** Always the same 202 answer, at once; when the account exists, a single-use link valid 60 minutes is e-mailed. */
  .post('/auth/forgot-password', access.public(), validate('json', ForgotPasswordBodySchema), async (c) => {
    const deps = c.get('deps')
    const { email } = c.req.valid('json')
    mailResetLinkAfterAnswer(deps, { email, ip: clientAddress(c), requestId: c.get('requestId') })
    return c.json({ message: FORGOT_PASSWORD_MESSAGE }, 202)
  })

  /** Lets the reset page say early whether its link still works. */
  .get('/auth/reset/:token', access.public(), validate('param', ResetTokenParamsSchema), async (c) => {
    const deps = c.get('deps')
    const row = await findUsablePasswordLink(deps.db, c.req.valid('param').token, deps.clock.now())
    if (!row) throw new HttpError(400, INVALID_RESET_LINK)
    const user = await findSessionUser(deps.db, { id: row.userId })
    if (!user) throw new HttpError(400, INVALID_RESET_LINK)
    return c.json({ valid: true as const, email: user.email })
  })

  /** Sets a new password with a reset link (once); ends every session and every other link of the account. */
  .post('/auth/reset-password', access.public(), validate('json', ResetPasswordBodySchema), async (c) => {
    const deps = c.get('deps')
    const { token, password } = c.req.valid('json')
    const now = deps.clock.now()
    const row = await findUsablePasswordLink(deps.db, token, now)
    if (!row) throw new HttpError(400, INVALID_RESET_LINK)
    const user = await findSessionUser(deps.db, { id: row.userId })
    if (!user || !user.active) throw new HttpError(400, INVALID_RESET_LINK)
    const issue = commonPasswordIssue(password, { email: user.email })
    if (issue) throw passwordRefused(issue)
    const passwordHash = await hashPassword(password)
    const changed = await setPasswordWithLink(deps.db, { id: row.id, userId: user.id }, passwordHash, now)
    if (!changed) throw new HttpError(400, INVALID_RESET_LINK)
    await audit(deps, { action: 'password-reset', actorUserId: user.id, entityId: String(user.id), ip: clientAddress(c), requestId: c.get('requestId') })
    return c.json({ message: 'Your password has been changed. Sign in with the new password.' })
  })

  /**
   * Changes the signed-in user's password. Every session of the account ends (on every device, this one's
   * included) with every reset link; this device goes on in a new session, whose token is in the answer.
   */
  .post('/auth/change-password', access.signedIn(), validate('json', ChangePasswordBodySchema), async (c) => {
    const deps = c.get('deps')
    const caller = c.get('caller')
    const { currentPassword, newPassword } = c.req.valid('json')
    const now = deps.clock.now()
    const user = await findSessionUser(deps.db, { id: caller.userId }, caller.clientId)
    if (!user) throw unauthorized()
    if (!(await verifyPassword(user.passwordHash, currentPassword))) {
      const detail = 'The current password is incorrect'
      throw new HttpError(422, detail, detail, [{ path: 'currentPassword', message: detail }])
    }
    const issue = commonPasswordIssue(newPassword, { email: user.email })
    if (issue) {
      throw new HttpError(422, issue, issue, [{ path: 'newPassword', message: issue }])
    }
    const refresh = readRefreshCookie(c)
    const current = refresh ? await familyOf(deps.db, refresh) : undefined
    await setPassword(deps.db, user.id, await hashPassword(newPassword), now)
    const sid = await startRefreshFamily(c, user.id, current?.userId === user.id && current.remember, caller.clientId)
    await audit(deps, { action: 'password-changed', actorUserId: user.id, entityId: String(user.id), ip: clientAddress(c), requestId: c.get('requestId') })
    const sessionUser = toSessionUser(user)
    return c.json({
      message: 'Your password has been changed.',
      token: await issueAccessToken(deps, sessionUser, sid),
      user: sessionUser,
    } satisfies ChangePasswordResponse)
  })
