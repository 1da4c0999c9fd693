import { getConnInfo } from '@hono/node-server/conninfo'
import { and, asc, eq, gt, inArray, lt } from 'drizzle-orm'
import type { Context } from 'hono'
import type { AppEnv } from '../context'
import type { Db } from '../db/client'
import { loginAttempts } from '../db/schema'
import { HttpError } from '../http/errors'

/**
 * Failed sign-ins are counted in the database (login_attempts), so every server instance sees the same
 * count. Only completed failures count (an attempt still being checked is nothing yet), keyed by account
 * and address together: people behind one office address do not share a budget, and nobody can lock an
 * account (the admin's, say) from their own address. Past a few free failures each further attempt must
 * wait, twice as long each time, up to the window; an address that fails across many accounts
 * (credential stuffing) is slowed the same way.
 */
export const SIGN_IN_LIMITS = {
  windowMs: 15 * 60_000,
  /** Failures of one account from one address before any wait. */
  freePerPair: 5,
  /** Failures from one address across all accounts before any wait. */
  freePerAddress: 50,
  /** The first wait; it doubles with each further failure, up to windowMs. */
  firstDelayMs: 15_000,
}

/**
 * Header carrying the caller's address when the app is called in-process (tests use app.request, which
 * has no connection). It is read only when there is no connection, so it cannot be forged over HTTP.
 */
export const IN_PROCESS_ADDRESS_HEADER = 'x-in-process-client-address'

/**
 * The caller's address: the connection's peer; behind a proxy (TRUST_PROXY=true) the last hop of
 * X-Forwarded-For, which is the one our own proxy appended.
 */
export function clientAddress(c: Context<AppEnv>): string {
  if (c.get('deps').env.TRUST_PROXY) {
    const forwarded = c.req.header('x-forwarded-for')
    const last = forwarded
      ?.split(',')
      .map((s) => s.trim())
      .filter(Boolean)
      .pop()
    if (last) return last.slice(0, 64)
  }
  const bindings = c.env as { incoming?: unknown; server?: { incoming?: unknown } } | undefined
  if (bindings?.incoming || bindings?.server?.incoming) {
    const address = getConnInfo(c).remote.address
    if (address) return address
  }
  return c.req.header(IN_PROCESS_ADDRESS_HEADER)?.slice(0, 64) || 'unknown'
}

const pairKey = (email: string, address: string) => `pair:${email.toLowerCase()}|${address}`
const addressKey = (address: string) => `ip:${address}`

/**
 * The outcome of a finished sign-in: a wrong password is counted; a right one clears the pair's failures;
 * one that could not be checked (the password checks were busy, the database failed) counts nothing and
 * lets the pair's next attempt go at once.
 */
export interface SignInAttempt {
  blocked?: undefined
  failed(): Promise<void>
  succeeded(): Promise<void>
  withdrawn(): void
}

/** Too soon after too many failures: answer 429 with this detail and a Retry-After header. */
export interface SignInBlocked {
  blocked: { detail: string; retryAfterSeconds: number }
}

/** How long after the latest of `failures` (oldest first) the next attempt may come, or 0. */
function waitAfter(failures: Date[], free: number, now: Date): number {
  if (failures.length < free) return 0
  const delay = Math.min(SIGN_IN_LIMITS.windowMs, SIGN_IN_LIMITS.firstDelayMs * 2 ** (failures.length - free))
  return Math.max(0, failures[failures.length - 1].getTime() + delay - now.getTime())
}

/**
 * Attempts of one account from one address take turns on this server: each is checked only after the
 * one before it has recorded its outcome, so a burst of parallel guesses cannot all pass the check
 * before the first failure is counted. Right passwords sent together simply wait their turn.
 */
const pairTurns = new Map<string, Promise<void>>()
/** A turn is given up after this long even if its sign-in never reported (it failed unexpectedly). */
const TURN_TIMEOUT_MS = 30_000

async function takeTurn(key: string): Promise<() => void> {
  const previous = pairTurns.get(key) ?? Promise.resolve()
  let release!: () => void
  const mine = new Promise<void>((resolve) => (release = resolve))
  const tail = previous.then(() => mine)
  pairTurns.set(key, tail)
  await previous
  const timer = setTimeout(() => done(), TURN_TIMEOUT_MS)
  timer.unref()
  const done = () => {
    clearTimeout(timer)
    release()
    if (pairTurns.get(key) === tail) pairTurns.delete(key)
  }
  return done
}

/**
 * Checks whether the account may be tried from this address now; the caller reports how it ended
 * through the returned attempt.
 */
export async function beginSignInAttempt(db: Db, now: Date, email: string, address: string): Promise<SignInAttempt | SignInBlocked> {
  const keys = { pair: pairKey(email, address), address: addressKey(address) }
  const endTurn = await takeTurn(keys.pair)
  try {
    return await checkSignInAttempt(db, now, keys, endTurn)
  } catch (error) {
    endTurn()
    throw error
  }
}

async function checkSignInAttempt(db: Db, now: Date, keys: { pair: string; address: string }, endTurn: () => void): Promise<SignInAttempt | SignInBlocked> {
  const since = new Date(now.getTime() - SIGN_IN_LIMITS.windowMs)
  const recent = await db
    .select({ key: loginAttempts.key, attemptedAt: loginAttempts.attemptedAt })
    .from(loginAttempts)
    .where(and(inArray(loginAttempts.key, [keys.pair, keys.address]), gt(loginAttempts.attemptedAt, since)))
    .orderBy(asc(loginAttempts.attemptedAt), asc(loginAttempts.id))
  const failuresOf = (key: string) => recent.filter((r) => r.key === key).map((r) => r.attemptedAt)
  const waitMs = Math.max(
    waitAfter(failuresOf(keys.pair), SIGN_IN_LIMITS.freePerPair, now),
    waitAfter(failuresOf(keys.address), SIGN_IN_LIMITS.freePerAddress, now),
  )
  if (waitMs > 0) {
    endTurn()
    const seconds = Math.max(1, Math.ceil(waitMs / 1000))
    const wait =
      seconds < 60 ? `${seconds} ${seconds === 1 ? 'second' : 'seconds'}` : `${Math.ceil(seconds / 60)} ${Math.ceil(seconds / 60) === 1 ? 'minute' : 'minutes'}`
    return { blocked: { detail: `Too many failed sign-in attempts. Try again in ${wait}.`, retryAfterSeconds: seconds } }
  }
  return {
    withdrawn: endTurn,
    async failed() {
      try {
        await db.insert(loginAttempts).values([
          { key: keys.pair, attemptedAt: now },
          { key: keys.address, attemptedAt: now },
        ])
      } finally {
        endTurn()
      }
    },
    async succeeded() {
      try {
        await db.delete(loginAttempts).where(eq(loginAttempts.key, keys.pair))
      } finally {
        endTurn()
      }
      // Opportunistic clean-up of rows that no longer count anywhere.
      if (Math.random() < 0.05) await purgeLoginAttempts(db, now)
    },
  }
}

/**
 * A budget of attempts per address for public calls that cost the server or probe something (sign-up,
 * card tokens): every call counts, successful or not. Calls made in-process (no network peer, as in
 * tests) have no address and are not limited.
 */
export const ADDRESS_LIMITS = {
  signUp: { scope: 'sign-up', limit: 20, windowMs: 60 * 60_000 },
  cardToken: { scope: 'card-token', limit: 60, windowMs: 15 * 60_000 },
  /** Passkey sign-in options: each stores a challenge. */
  passkeySignIn: { scope: 'passkey-sign-in', limit: 300, windowMs: 15 * 60_000 },
} as const

export async function spendAddressBudget(c: Context<AppEnv>, budget: (typeof ADDRESS_LIMITS)[keyof typeof ADDRESS_LIMITS]): Promise<void> {
  const address = clientAddress(c)
  if (address === 'unknown') return
  const { db, clock } = c.get('deps')
  const now = clock.now()
  const key = `${budget.scope}:${address}`
  const recent = await db
    .select({ attemptedAt: loginAttempts.attemptedAt })
    .from(loginAttempts)
    .where(and(eq(loginAttempts.key, key), gt(loginAttempts.attemptedAt, new Date(now.getTime() - budget.windowMs))))
    .orderBy(asc(loginAttempts.attemptedAt))
  if (recent.length >= budget.limit) {
    const waitMs = recent[recent.length - budget.limit].attemptedAt.getTime() + budget.windowMs - now.getTime()
    const minutes = Math.max(1, Math.ceil(waitMs / 60_000))
    throw Object.assign(
      new HttpError(429, 'Too many attempts', `Too many attempts from your network. Please try again in ${minutes} ${minutes === 1 ? 'minute' : 'minutes'}.`),
      { retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) },
    )
  }
  await db.insert(loginAttempts).values({ key, attemptedAt: now })
}

/** Rows outside every window that counts them. */
export async function purgeLoginAttempts(db: Db, now: Date): Promise<void> {
  const longest = Math.max(SIGN_IN_LIMITS.windowMs, ...Object.values(ADDRESS_LIMITS).map((b) => b.windowMs))
  await db.delete(loginAttempts).where(lt(loginAttempts.attemptedAt, new Date(now.getTime() - longest)))
}
