import { randomBytes, randomUUID } from 'node:crypto'
import { and, count, eq, gt, isNotNull, isNull, lt, or } from 'drizzle-orm'
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose'
import { Secret, TOTP } from 'otpauth'
import { formatRecoveryCode, RECOVERY_CODE_COUNT, TOTP_DIGITS, TOTP_PERIOD_SECONDS, type SecondStepMethod } from '../../contract/second-factor'
import type { AppDeps } from '../context'
import type { Db, Tx } from '../db/client'
import { loginAttempts, mfaTokenUses, passkeys, recoveryCodes, userTotp } from '../db/schema'
import { HttpError } from '../http/errors'
import { listPasskeys } from './passkeys'
import { open, seal } from './secret-box'
import { sha256 } from './tokens'

/**
 * Second factors: an authenticator app (TOTP, RFC 6238, through otpauth) with single-use recovery codes.
 * A code is accepted once: the 30-second step of the last accepted code is kept, and a code of that
 * step or an earlier one is refused. Codes of the step before and after the current one are accepted
 * too (phone clocks drift). Wrong codes are limited per account (SECOND_FACTOR_LIMITS). The secret is
 * kept encrypted (AES-256-GCM with the key of TOTP_ENCRYPTION_KEY, bound to the user: secret-box.ts).
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
function stepOf(secret: string | null, code: string, now: Date): number | null {
  if (secret === null) return null
  const delta = totpOf(secret).validate({ token: code, timestamp: now.getTime(), window: 1 })
  if (delta === null) return null
  return Math.floor(now.getTime() / 1000 / TOTP_PERIOD_SECONDS) + delta
}

/** The stored form of a user's secret, and back. */
const secretContext = (userId: number) => `totp:user:${userId}`
const sealSecret = (key: Uint8Array, userId: number, secret: string) => seal(key, secret, secretContext(userId))
/**
 * The secret in the clear, or null when it does not open with this key (TOTP_ENCRYPTION_KEY changed, or
 * the value was copied from another user's row): no code of it is accepted then.
 */
function openSecret(key: Uint8Array, row: { userId: number; secret: string }): string | null {
  // Secrets stored before they were encrypted are base32 (no dot); they are sealed at the next set-up.
  if (!row.secret.includes('.')) return row.secret
  try {
    return open(key, row.secret, secretContext(row.userId))
  } catch {
    return null
  }
}

const RECOVERY_ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567'

/** Ten random letters and digits (50 bits); stored as SHA-256, shown as xxxxx-xxxxx. */
function newRecoveryCode(): string {
  return [...randomBytes(10)].map((b) => RECOVERY_ALPHABET[b % 32]).join('')
}

/** Replaces the user's recovery codes with new ones; returns them for showing once. */
async function replaceRecoveryCodes(tx: Tx, userId: number, now: Date): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode)
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId))
  await tx.insert(recoveryCodes).values(codes.map((code) => ({ userId, codeHash: sha256(code), createdAt: now })))
  return codes.map(formatRecoveryCode)
}

/** New recovery codes for the user (the old ones stop working, all at once); returns them for showing once. */
export function renewRecoveryCodes(db: Db, userId: number, now: Date): Promise<string[]> {
  return db.transaction((tx) => replaceRecoveryCodes(tx, userId, now))
}

/** The user's app, when it is turned on. */
export async function enabledTotp(db: Db | Tx, userId: number) {
  const [row] = await db
    .select()
    .from(userTotp)
    .where(and(eq(userTotp.userId, userId), isNotNull(userTotp.enabledAt)))
  return row
}

/**
 * What the user can give as a password sign-in's second step: a code of the app (or a recovery code),
 * and a passkey. Empty when the user has neither (the password alone signs in).
 */
export async function secondStepMethods(db: Db, userId: number): Promise<SecondStepMethod[]> {
  const [totp, [passkey]] = await Promise.all([
    enabledTotp(db, userId),
    db.select({ id: passkeys.id }).from(passkeys).where(eq(passkeys.userId, userId)).limit(1),
  ])
  const methods: SecondStepMethod[] = []
  if (totp) methods.push('totp')
  if (passkey) methods.push('passkey')
  return methods
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
export async function beginTotpSetup(db: Db, key: Uint8Array, userId: number, label: string, now: Date) {
  if (await enabledTotp(db, userId)) {
    throw new HttpError(409, 'Two-step sign-in is already on', 'An authenticator app is already set up. Turn it off first to set up another one.')
  }
  const made = newTotpSecret(label)
  const secret = sealSecret(key, userId, made.secret)
  await db
    .insert(userTotp)
    .values({ userId, secret, createdAt: now })
    .onConflictDoUpdate({ target: userTotp.userId, set: { secret, createdAt: now, lastStep: null }, where: isNull(userTotp.enabledAt) })
  return made
}

/**
 * Turns the app set up last on with a current code of it, and gives new recovery codes. Null when the
 * code is wrong; a 409 when there is no set-up waiting (or the app is on already).
 */
export async function enableTotp(db: Db, key: Uint8Array, userId: number, code: string, now: Date): Promise<string[] | null> {
  const [pending] = await db.select().from(userTotp).where(eq(userTotp.userId, userId))
  if (!pending || pending.enabledAt) {
    throw new HttpError(
      409,
      pending ? 'Two-step sign-in is already on' : 'Set up the app first',
      pending ? 'An authenticator app is already set up.' : 'Start the set-up again: scan the new QR code, then enter the code it shows.',
    )
  }
  const step = stepOf(openSecret(key, pending), code, now)
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
export async function useSecondFactorCode(db: Db, key: Uint8Array, userId: number, code: string, now: Date): Promise<'totp' | 'recovery-code' | null> {
  if (/^\d{6}$/.test(code)) {
    const totp = await enabledTotp(db, userId)
    if (!totp) return null
    const step = stepOf(openSecret(key, totp), code, now)
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
 * The token of a sign-in's first step (the password was right): names the user, the "keep me signed
 * in" choice and when the password was last changed, lives 5 minutes, and has an audience of its own,
 * so it is never taken for an access token. It finishes one sign-in: its id is kept once used (until it
 * expires), and a password changed since it was given voids it.
 */
const MFA_TOKEN_TTL_SECONDS = 5 * 60
const mfaAudience = (deps: AppDeps) => `${deps.env.JWT_AUDIENCE}:second-factor`

export interface MfaStep {
  userId: number
  remember: boolean
  /** The token's id (jti), used once. */
  tokenId: string
  expiresAt: Date
  /** users.password_changed_at when the password step was passed, in milliseconds. */
  passwordChangedAt: number
}

export function signMfaToken(deps: AppDeps, user: { id: number; passwordChangedAt: Date }, remember: boolean): Promise<string> {
  const userId = user.id
  const now = Math.floor(deps.clock.now().getTime() / 1000)
  return new SignJWT({ remember, pwc: user.passwordChangedAt.getTime() })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setSubject(String(userId))
    .setIssuer(deps.env.JWT_ISSUER)
    .setAudience(mfaAudience(deps))
    .setJti(randomUUID())
    .setIssuedAt(now)
    .setExpirationTime(now + MFA_TOKEN_TTL_SECONDS)
    .sign(deps.jwtKey)
}

export async function verifyMfaToken(deps: AppDeps, token: string): Promise<MfaStep | null> {
  try {
    const { payload } = await jwtVerify(token, deps.jwtKey, {
      algorithms: ['HS256'],
      issuer: deps.env.JWT_ISSUER,
      audience: mfaAudience(deps),
      requiredClaims: ['exp', 'iat', 'sub', 'jti'],
      currentDate: deps.clock.now(),
    })
    const userId = Number(payload.sub)
    if (!Number.isSafeInteger(userId) || userId <= 0 || typeof payload.pwc !== 'number') return null
    return { userId, remember: payload.remember === true, tokenId: payload.jti!, expiresAt: new Date(payload.exp! * 1000), passwordChangedAt: payload.pwc }
  } catch (error) {
    if (error instanceof joseErrors.JOSEError || error instanceof TypeError) return null
    throw error
  }
}

/**
 * Uses the step token up as its sign-in finishes: true once. Ids of tokens past their lifetime are
 * dropped as new ones are kept (the token itself is refused by then).
 */
export async function useMfaToken(db: Db, step: MfaStep, now: Date): Promise<boolean> {
  await db.delete(mfaTokenUses).where(lt(mfaTokenUses.expiresAt, now))
  const kept = await db
    .insert(mfaTokenUses)
    .values({ tokenId: step.tokenId, expiresAt: step.expiresAt })
    .onConflictDoNothing()
    .returning({ id: mfaTokenUses.tokenId })
  return kept.length === 1
}

/** Has this step token finished a sign-in already? */
export async function mfaTokenUsed(db: Db, step: MfaStep): Promise<boolean> {
  const [row] = await db.select({ id: mfaTokenUses.tokenId }).from(mfaTokenUses).where(eq(mfaTokenUses.tokenId, step.tokenId))
  return Boolean(row)
}
