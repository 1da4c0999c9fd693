import { randomBytes } from 'node:crypto'
import { and, count, eq, gt, isNotNull, isNull, lt, or } from 'drizzle-orm'
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose'
import { Secret, TOTP } from 'otpauth'
import { formatRecoveryCode, RECOVERY_CODE_COUNT, TOTP_DIGITS, TOTP_PERIOD_SECONDS } from '../../contract/second-factor'
import type { AppDeps } from '../context'
import type { Db, Tx } from '../db/client'
import { loginAttempts, passkeys, recoveryCodes, userTotp } from '../db/schema'
import { HttpError } from '../http/errors'
import { listPasskeys } from './passkeys'
import { sha256 } from './tokens'

/**
 * Second factors: an authenticator app (TOTP, RFC 6238, through otpauth) with single-use recovery codes.
 * A code is accepted once: the 30-second step of the last accepted code is kept, and a code of that
 * step or an earlier one is refused. Codes of the step before and after the current one are accepted
 * too (phone clocks drift). Wrong codes are limited per account (SECOND_FACTOR_LIMITS).
 */

/** Shown as the account's name in the authenticator app. */
export const TOTP_ISSUER = 'Registered Agent Portal'

const totpOf = (secret: string, label = '') =>
  new TOTP({ issuer: TOTP_ISSUER, label, algorithm: 'SHA1', digits: TOTP_DIGITS, period: TOTP_PERIOD_SECONDS, secret: Secret.fromBase32(secret) })

/** A new secret (160 bits, as RFC 4226 recommends) and its otpauth:// address for the QR code. */
export function newTotpSecret(label: string): { secret: string; otpauthUrl: string } {
  const secret = new Secret({ size: 20 }).base32
  return { secret, otpauthUrl: totpOf(secret, label).toString() }
}

/** The step `code` belongs to (within one step of now), or null when it is not a code of the secret. */
function stepOf(secret: string, code: string, now: Date): number | null {
  const delta = totpOf(secret).validate({ token: code, timestamp: now.getTime(), window: 1 })
  if (delta === null) return null
  return Math.floor(now.getTime() / 1000 / TOTP_PERIOD_SECONDS) + delta
}

const RECOVERY_ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567'

/** Ten random letters and digits (50 bits); stored as SHA-256, shown as xxxxx-xxxxx. */
function newRecoveryCode(): string {
  return [...randomBytes(10)].map((b) => RECOVERY_ALPHABET[b % 32]).join('')
}

/** Replaces the user's recovery codes with new ones; returns them for showing once. */
export async function replaceRecoveryCodes(tx: Db | Tx, userId: number, now: Date): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode)
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId))
  await tx.insert(recoveryCodes).values(codes.map((code) => ({ userId, codeHash: sha256(code), createdAt: now })))
  return codes.map(formatRecoveryCode)
}

/** The user's app, when it is turned on. */
export async function enabledTotp(db: Db | Tx, userId: number) {
  const [row] = await db
    .select()
    .from(userTotp)
    .where(and(eq(userTotp.userId, userId), isNotNull(userTotp.enabledAt)))
  return row
}

export async function hasSecondFactor(db: Db, userId: number): Promise<boolean> {
  return Boolean(await enabledTotp(db, userId))
}

export async function secondFactorsOf(db: Db, userId: number) {
  const totp = await enabledTotp(db, userId)
  const [left] = await db
    .select({ n: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)))
  return {
    totp: { enabled: Boolean(totp), enabledAt: totp?.enabledAt?.toISOString() ?? null },
    recoveryCodesLeft: totp ? Number(left?.n ?? 0) : 0,
    passkeys: await listPasskeys(db, userId),
  }
}

/** Set-up: a new secret, kept aside until a code of it turns it on. Refused while an app is on. */
export async function beginTotpSetup(db: Db, userId: number, label: string, now: Date) {
  if (await enabledTotp(db, userId)) {
    throw new HttpError(409, 'Two-step sign-in is already on', 'An authenticator app is already set up. Turn it off first to set up another one.')
  }
  const made = newTotpSecret(label)
  await db
    .insert(userTotp)
    .values({ userId, secret: made.secret, createdAt: now })
    .onConflictDoUpdate({ target: userTotp.userId, set: { secret: made.secret, createdAt: now, lastStep: null }, where: isNull(userTotp.enabledAt) })
  return made
}

/**
 * Turns the app set up last on with a current code of it, and gives new recovery codes. Null when the
 * code is wrong; a 409 when there is no set-up waiting (or the app is on already).
 */
export async function enableTotp(db: Db, userId: number, code: string, now: Date): Promise<string[] | null> {
  const [pending] = await db.select().from(userTotp).where(eq(userTotp.userId, userId))
  if (!pending || pending.enabledAt) {
    throw new HttpError(
      409,
      pending ? 'Two-step sign-in is already on' : 'Set up the app first',
      pending ? 'An authenticator app is already set up.' : 'Start the set-up again: scan the new QR code, then enter the code it shows.',
    )
  }
  const step = stepOf(pending.secret, code, now)
  if (step === null) return null
  return db.transaction(async (tx) => {
    const won = await tx
      .update(userTotp)
      .set({ enabledAt: now, lastStep: step })
      .where(and(eq(userTotp.userId, userId), eq(userTotp.secret, pending.secret), isNull(userTotp.enabledAt)))
      .returning({ userId: userTotp.userId })
    if (!won.length) throw new HttpError(409, 'The set-up changed', 'The set-up was started again elsewhere. Scan the newest QR code and try again.')
    return replaceRecoveryCodes(tx, userId, now)
  })
}

/**
 * Checks a code of the user's second factor and uses it up: a code from the app (six digits) or a
 * recovery code. Returns which one it was, or null when it is wrong or already used.
 */
export async function useSecondFactorCode(db: Db, userId: number, code: string, now: Date): Promise<'totp' | 'recovery-code' | null> {
  if (/^\d{6}$/.test(code)) {
    const totp = await enabledTotp(db, userId)
    if (!totp) return null
    const step = stepOf(totp.secret, code, now)
    if (step === null) return null
    // One step at a time: of two sign-ins with the same code, one wins.
    const won = await db
      .update(userTotp)
      .set({ lastStep: step })
      .where(and(eq(userTotp.userId, userId), isNotNull(userTotp.enabledAt), or(isNull(userTotp.lastStep), lt(userTotp.lastStep, step))))
      .returning({ userId: userTotp.userId })
    return won.length ? 'totp' : null
  }
  if (!(await enabledTotp(db, userId))) return null
  const used = await db
    .update(recoveryCodes)
    .set({ usedAt: now })
    .where(and(eq(recoveryCodes.userId, userId), eq(recoveryCodes.codeHash, sha256(code)), isNull(recoveryCodes.usedAt)))
    .returning({ id: recoveryCodes.id })
  return used.length ? 'recovery-code' : null
}

/** Turns the authenticator app off: its secret and the recovery codes go. True when it was on. */
export async function removeTotp(tx: Db | Tx, userId: number): Promise<boolean> {
  const removed = await tx.delete(userTotp).where(eq(userTotp.userId, userId)).returning({ enabledAt: userTotp.enabledAt })
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId))
  return removed.some((r) => r.enabledAt !== null)
}

/** A super admin's reset: the app, the recovery codes and every passkey. True when there was any. */
export async function removeSecondFactors(tx: Db | Tx, userId: number): Promise<boolean> {
  const hadTotp = await removeTotp(tx, userId)
  const removedKeys = await tx.delete(passkeys).where(eq(passkeys.userId, userId)).returning({ id: passkeys.id })
  return hadTotp || removedKeys.length > 0
}

/**
 * Wrong codes per account: at most `perWindow` in `windowMs`. Each check counts before the code is
 * looked at (so parallel guesses cannot all slip through) and is taken back when the code is right.
 * Keyed by account, not address: whoever gets this far knows the password, and may come from anywhere.
 */
export const SECOND_FACTOR_LIMITS = { windowMs: 15 * 60_000, perWindow: 5 }

export interface CodeAttempt {
  /** The code was right: the account's wrong codes are forgotten. */
  succeeded(): Promise<void>
}

export async function beginCodeAttempt(db: Db, userId: number, now: Date): Promise<CodeAttempt> {
  const key = `second-factor:${userId}`
  const [mine] = await db.insert(loginAttempts).values({ key, attemptedAt: now }).returning({ id: loginAttempts.id })
  const since = new Date(now.getTime() - SECOND_FACTOR_LIMITS.windowMs)
  const recent = await db
    .select({ id: loginAttempts.id, attemptedAt: loginAttempts.attemptedAt })
    .from(loginAttempts)
    .where(and(eq(loginAttempts.key, key), gt(loginAttempts.attemptedAt, since)))
    .orderBy(loginAttempts.attemptedAt, loginAttempts.id)
  const before = recent.filter((r) => r.id !== mine.id)
  if (before.length >= SECOND_FACTOR_LIMITS.perWindow) {
    await db.delete(loginAttempts).where(eq(loginAttempts.id, mine.id))
    const oldest = before[before.length - SECOND_FACTOR_LIMITS.perWindow]
    const waitMs = oldest.attemptedAt.getTime() + SECOND_FACTOR_LIMITS.windowMs - now.getTime()
    const minutes = Math.max(1, Math.ceil(waitMs / 60_000))
    throw Object.assign(
      new HttpError(
        429,
        'Too many wrong codes',
        `Too many wrong codes. Try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}, or use a recovery code then.`,
      ),
      { retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) },
    )
  }
  return {
    async succeeded() {
      await db.delete(loginAttempts).where(eq(loginAttempts.key, key))
    },
  }
}

/**
 * The token of a sign-in's first step (the password was right): names the user and the "keep me signed
 * in" choice, lives 5 minutes, and has an audience of its own, so it is never taken for an access token.
 */
const MFA_TOKEN_TTL_SECONDS = 5 * 60
const mfaAudience = (deps: AppDeps) => `${deps.env.JWT_AUDIENCE}:second-factor`

export function signMfaToken(deps: AppDeps, userId: number, remember: boolean): Promise<string> {
  const now = Math.floor(deps.clock.now().getTime() / 1000)
  return new SignJWT({ remember })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(userId))
    .setIssuer(deps.env.JWT_ISSUER)
    .setAudience(mfaAudience(deps))
    .setIssuedAt(now)
    .setExpirationTime(now + MFA_TOKEN_TTL_SECONDS)
    .sign(deps.jwtKey)
}

export async function verifyMfaToken(deps: AppDeps, token: string): Promise<{ userId: number; remember: boolean; issuedAt: number } | null> {
  try {
    const { payload } = await jwtVerify(token, deps.jwtKey, {
      algorithms: ['HS256'],
      issuer: deps.env.JWT_ISSUER,
      audience: mfaAudience(deps),
      requiredClaims: ['exp', 'iat', 'sub'],
      currentDate: deps.clock.now(),
    })
    const userId = Number(payload.sub)
    if (!Number.isSafeInteger(userId) || userId <= 0) return null
    return { userId, remember: payload.remember === true, issuedAt: payload.iat! }
  } catch (error) {
    if (error instanceof joseErrors.JOSEError || error instanceof TypeError) return null
    throw error
  }
}
