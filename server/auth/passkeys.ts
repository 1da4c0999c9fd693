import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server'
import { and, asc, eq, gt, lt } from 'drizzle-orm'
import type { Passkey } from '../../contract/second-factor'
import type { AppDeps } from '../context'
import type { Db } from '../db/client'
import { passkeys, webauthnChallenges } from '../db/schema'
import { HttpError } from '../http/errors'

/**
 * Passkeys through @simplewebauthn/server. The relying party is the portal's own address: its id is the
 * host name of PUBLIC_URL and the only origin accepted is PUBLIC_URL's. Every challenge is stored and
 * used once within CHALLENGE_TTL_MS, by the user (or the sign-in) it was given to. Sign-in asks for
 * discoverable credentials (no e-mail first) and user verification (the device's PIN or biometrics), so a
 * passkey is both factors at once. After a password, a passkey of the account is the second step: the
 * password is the first factor there, so user verification is preferred, not required (a security key
 * without a PIN will do).
 */
const CHALLENGE_TTL_MS = 5 * 60_000
/** The name the browser shows when it asks to make or use a passkey. */
const RP_NAME = 'Registered Agent Portal'

export function relyingParty(deps: AppDeps) {
  const url = new URL(deps.env.PUBLIC_URL)
  return { id: url.hostname, origin: url.origin, name: RP_NAME }
}

/** What a challenge is for: adding a passkey, signing in with one alone, or the step after the password. */
type ChallengePurpose = 'register' | 'sign-in' | 'second-step'

async function keepChallenge(db: Db, challenge: string, purpose: ChallengePurpose, userId: number | null, now: Date) {
  // Challenges never answered are dropped as new ones are made.
  await db.delete(webauthnChallenges).where(lt(webauthnChallenges.expiresAt, now))
  await db.insert(webauthnChallenges).values({ challenge, purpose, userId, expiresAt: new Date(now.getTime() + CHALLENGE_TTL_MS) })
}

/** Uses up a challenge of this purpose (and user): true once, when it was given out and has not expired. */
async function takeChallenge(db: Db, challenge: string, purpose: ChallengePurpose, userId: number | null, now: Date): Promise<boolean> {
  const taken = await db
    .delete(webauthnChallenges)
    .where(and(eq(webauthnChallenges.challenge, challenge), eq(webauthnChallenges.purpose, purpose), gt(webauthnChallenges.expiresAt, now)))
    .returning({ userId: webauthnChallenges.userId })
  return taken.length === 1 && taken[0].userId === userId
}

const toPasskey = (row: typeof passkeys.$inferSelect): Passkey => ({
  id: row.id,
  name: row.name,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
})

export async function listPasskeys(db: Db, userId: number): Promise<Passkey[]> {
  const rows = await db.select().from(passkeys).where(eq(passkeys.userId, userId)).orderBy(asc(passkeys.createdAt), asc(passkeys.id))
  return rows.map(toPasskey)
}

/** The user's credentials as options name them (excluded when adding one, allowed for the second step). */
async function credentialsOf(db: Db, userId: number): Promise<{ id: string; transports?: AuthenticatorTransport[] }[]> {
  const rows = await db.select({ id: passkeys.credentialId, transports: passkeys.transports }).from(passkeys).where(eq(passkeys.userId, userId))
  return rows.map((r) => ({ id: r.id, transports: (r.transports ?? undefined) as AuthenticatorTransport[] | undefined }))
}

/** Options for navigator.credentials.create(): a discoverable credential, the user's own excluded. */
export async function registrationOptions(deps: AppDeps, user: { id: number; email: string; name: string }) {
  const rp = relyingParty(deps)
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: user.email,
    userDisplayName: user.name,
    userID: new TextEncoder().encode(`user:${user.id}`),
    attestationType: 'none',
    excludeCredentials: await credentialsOf(deps.db, user.id),
    authenticatorSelection: { residentKey: 'required', userVerification: 'required' },
  })
  await keepChallenge(deps.db, options.challenge, 'register', user.id, deps.clock.now())
  return options
}

export async function registerPasskey(deps: AppDeps, userId: number, response: RegistrationResponseJSON, name: string): Promise<Passkey> {
  const rp = relyingParty(deps)
  const now = deps.clock.now()
  let verification: Awaited<ReturnType<typeof verifyRegistrationResponse>>
  try {
    verification = await verifyRegistrationResponse({
      response,
      expectedChallenge: (challenge) => takeChallenge(deps.db, challenge, 'register', userId, now),
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      requireUserVerification: true,
    })
  } catch (error) {
    throw new HttpError(422, 'The passkey could not be added', `The passkey could not be added: ${(error as Error).message}`)
  }
  if (!verification.verified) throw new HttpError(422, 'The passkey could not be added', 'The passkey could not be added. Try again.')
  const { credential } = verification.registrationInfo
  const [row] = await deps.db
    .insert(passkeys)
    .values({
      userId,
      credentialId: credential.id,
      publicKey: Buffer.from(credential.publicKey).toString('base64url'),
      counter: credential.counter,
      transports: credential.transports ?? null,
      name,
      createdAt: now,
    })
    .onConflictDoNothing({ target: passkeys.credentialId })
    .returning()
  if (!row) throw new HttpError(409, 'This passkey is already added', 'This passkey is already added to an account.')
  return toPasskey(row)
}

/** Options for navigator.credentials.get(): any passkey of the portal (the browser offers the user's). */
export async function signInOptions(deps: AppDeps) {
  const rp = relyingParty(deps)
  const options = await generateAuthenticationOptions({ rpID: rp.id, userVerification: 'required' })
  await keepChallenge(deps.db, options.challenge, 'sign-in', null, deps.clock.now())
  return options
}

/** Options for a sign-in's second step: one of this user's passkeys. */
export async function secondStepOptions(deps: AppDeps, userId: number) {
  const rp = relyingParty(deps)
  const options = await generateAuthenticationOptions({
    rpID: rp.id,
    userVerification: 'preferred',
    allowCredentials: await credentialsOf(deps.db, userId),
  })
  await keepChallenge(deps.db, options.challenge, 'second-step', userId, deps.clock.now())
  return options
}

/** The user a passkey sign-in proves, or null when the passkey or its answer is not good. */
export const verifyPasskeySignIn = (deps: AppDeps, response: AuthenticationResponseJSON) => verifyAssertion(deps, response, 'sign-in', null)

/** The passkey of `userId` that answered the second step's options, or null. */
export async function verifySecondStepPasskey(deps: AppDeps, userId: number, response: AuthenticationResponseJSON): Promise<{ passkeyId: number } | null> {
  const proved = await verifyAssertion(deps, response, 'second-step', userId)
  return proved && proved.userId === userId ? { passkeyId: proved.passkeyId } : null
}

/**
 * Checks a passkey's answer to options given for `purpose` (to `userId`, or to anyone when null), and
 * counts its use. Null when the passkey is unknown, another user's (for the second step), or the answer is
 * not good.
 */
async function verifyAssertion(
  deps: AppDeps,
  response: AuthenticationResponseJSON,
  purpose: 'sign-in' | 'second-step',
  userId: number | null,
): Promise<{ userId: number; passkeyId: number } | null> {
  const rp = relyingParty(deps)
  const now = deps.clock.now()
  const [row] = await deps.db.select().from(passkeys).where(eq(passkeys.credentialId, response.id))
  if (!row || (userId !== null && row.userId !== userId)) return null
  let verification: Awaited<ReturnType<typeof verifyAuthenticationResponse>>
  try {
    verification = await verifyAuthenticationResponse({
      response,
      expectedChallenge: (challenge) => takeChallenge(deps.db, challenge, purpose, userId, now),
      expectedOrigin: rp.origin,
      expectedRPID: rp.id,
      credential: {
        id: row.credentialId,
        publicKey: new Uint8Array(Buffer.from(row.publicKey, 'base64url')),
        counter: row.counter,
        transports: row.transports ?? undefined,
      },
      requireUserVerification: purpose === 'sign-in',
    })
  } catch {
    return null
  }
  if (!verification.verified) return null
  await deps.db.update(passkeys).set({ counter: verification.authenticationInfo.newCounter, lastUsedAt: now }).where(eq(passkeys.id, row.id))
  return { userId: row.userId, passkeyId: row.id }
}

export async function renamePasskey(db: Db, userId: number, id: number, name: string): Promise<Passkey | undefined> {
  const [row] = await db
    .update(passkeys)
    .set({ name })
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
    .returning()
  return row && toPasskey(row)
}

export async function removePasskey(db: Db, userId: number, id: number): Promise<boolean> {
  const removed = await db
    .delete(passkeys)
    .where(and(eq(passkeys.id, id), eq(passkeys.userId, userId)))
    .returning({ id: passkeys.id })
  return removed.length > 0
}
