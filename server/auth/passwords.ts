import { availableParallelism } from 'node:os'
import argon2 from 'argon2'
import { and, eq } from 'drizzle-orm'
import type { Db } from '../db/client'
import { users } from '../db/schema'
import { HttpError } from '../http/errors'
import type { Logger } from '../logger'

/**
 * argon2id with OWASP's recommended setting: m = 19 MiB, t = 2, p = 1 (docs/security.md). Hashes made with other settings still verify; sign-in
 * re-hashes them (needsRehash).
 */
export const HASH_OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const

/**
 * Hashing is the most expensive thing the server does, and anyone can ask for it (sign-in, sign-up). At
 * most HASH_CONCURRENCY hashes run at once, leaving a core for everything else (the event loop and the
 * embedded database); up to HASH_QUEUE_LIMIT more wait their turn, in order. Beyond that the caller is
 * told to retry (503 with Retry-After) instead of piling up memory and latency.
 */
export const HASH_CONCURRENCY = Math.max(1, availableParallelism() - 1)
export const HASH_QUEUE_LIMIT = 100

/**
 * A sign-in says whom its hash is for: the caller's address and the e-mail it signs in with. Each of
 * them is entitled to HASH_SHARE places of the queue (running or waiting). Past its share a caller may
 * still take a place while the queue is fairly empty, but the last HASH_RESERVED places are kept for
 * callers within their share: a flood from one address (or aimed at one account) waits for at most
 * HASH_QUEUE_LIMIT - HASH_RESERVED places and is told to retry (429), and everyone else still gets in.
 * An office whose people all sign in at the same moment from one address borrows the free places.
 */
export const HASH_SHARE = 8
export const HASH_RESERVED = 40

export interface HashShare {
  address?: string
  email?: string
}

export class PasswordQueueFullError extends HttpError {
  constructor() {
    super(503, 'The server is busy', 'Too many sign-ins are being processed right now. Please try again in a few seconds.')
    this.retryAfterSeconds = 2
  }
}

/** Refused because the caller's address or account already holds its share of a busy queue. */
export class HashShareSpentError extends HttpError {
  constructor(readonly spentBy: 'address' | 'email') {
    const who = spentBy === 'address' ? 'from your network' : 'to this account'
    super(429, `Too many sign-ins ${who} at once`, `Too many sign-ins ${who} are being checked right now. Please try again in a few seconds.`)
    this.retryAfterSeconds = 2
  }
}

let running = 0
const waiting: (() => void)[] = []
/** Places held (running or waiting) per address and per e-mail. */
const held = new Map<string, number>()

function shareKeys(share: HashShare | undefined): string[] {
  const keys: string[] = []
  if (share?.address) keys.push(`address:${share.address}`)
  if (share?.email) keys.push(`email:${share.email.toLowerCase()}`)
  return keys
}

function hold(keys: string[], delta: 1 | -1) {
  for (const key of keys) {
    const count = (held.get(key) ?? 0) + delta
    if (count > 0) held.set(key, count)
    else held.delete(key)
  }
}

async function inQueue<T>(work: () => Promise<T>, share?: HashShare): Promise<T> {
  const keys = shareKeys(share)
  if (running >= HASH_CONCURRENCY) {
    const spent = keys.find((key) => (held.get(key) ?? 0) >= HASH_SHARE)
    if (spent && waiting.length >= HASH_QUEUE_LIMIT - HASH_RESERVED) throw new HashShareSpentError(spent.startsWith('address:') ? 'address' : 'email')
    if (waiting.length >= HASH_QUEUE_LIMIT) throw new PasswordQueueFullError()
    hold(keys, 1)
    await new Promise<void>((resolve) => waiting.push(resolve))
  } else {
    running++
    hold(keys, 1)
  }
  try {
    return await work()
  } finally {
    hold(keys, -1)
    // Hand the slot straight to the next waiter, or free it.
    const next = waiting.shift()
    if (next) next()
    else running--
  }
}

/** Hashes being computed and waiting, for tests and the benchmark. */
export const passwordQueueState = () => ({ running, waiting: waiting.length })

export const hashPassword = (password: string, share?: HashShare) => inQueue(() => argon2.hash(password, HASH_OPTIONS), share)

export async function verifyPassword(hash: string, password: string, share?: HashShare): Promise<boolean> {
  return inQueue(async () => {
    try {
      return await argon2.verify(hash, password)
    } catch {
      return false
    }
  }, share)
}

/** Was this hash made with other settings than today's (so it should be replaced at the next sign-in)? */
export function needsRehash(hash: string): boolean {
  try {
    return argon2.needsRehash(hash, HASH_OPTIONS)
  } catch {
    return false
  }
}

/**
 * A hash of a random password, verified against when the account does not exist (same timing). Made
 * once, outside the queue: a full queue at that moment must not leave every later sign-in of an unknown
 * e-mail without it.
 */
let dummyHash: Promise<string> | undefined
export function timingDummyHash(): Promise<string> {
  dummyHash ??= argon2.hash('timing-equaliser-not-a-password', HASH_OPTIONS).catch((error: unknown) => {
    dummyHash = undefined
    throw error
  })
  return dummyHash
}

/**
 * Replaces a hash made with older settings by one made with today's, after a successful sign-in (the only
 * time the password is known). Only if the stored hash is still the one just verified, so a password
 * changed meanwhile is never overwritten; the change time is left alone, so no session ends.
 */
export async function upgradePasswordHash(deps: { db: Db; logger: Logger }, userId: number, verifiedHash: string, password: string): Promise<void> {
  try {
    const passwordHash = await hashPassword(password)
    await deps.db
      .update(users)
      .set({ passwordHash })
      .where(and(eq(users.id, userId), eq(users.passwordHash, verifiedHash)))
  } catch (error) {
    deps.logger.warn('password hash not upgraded', { userId, error: error instanceof Error ? error.message : String(error) })
  }
}
