import { availableParallelism } from 'node:os'
import argon2 from 'argon2'
import { and, eq } from 'drizzle-orm'
import type { Db } from '../db/client'
import { users } from '../db/schema'
import { HttpError } from '../http/errors'
import type { Logger } from '../logger'

/**
 * argon2id with OWASP's recommended setting: m = 19 MiB, t = 2, p = 1 (about 25 ms on one core of the
 * reference machine, see docs/security.md). Hashes made with other settings still verify; sign-in
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

export class PasswordQueueFullError extends HttpError {
  constructor() {
    super(503, 'The server is busy', 'Too many sign-ins are being processed right now. Please try again in a few seconds.')
    this.retryAfterSeconds = 2
  }
}

let running = 0
const waiting: (() => void)[] = []

async function inQueue<T>(work: () => Promise<T>): Promise<T> {
  if (running >= HASH_CONCURRENCY) {
    if (waiting.length >= HASH_QUEUE_LIMIT) throw new PasswordQueueFullError()
    await new Promise<void>((resolve) => waiting.push(resolve))
  } else {
    running++
  }
  try {
    return await work()
  } finally {
    // Hand the slot straight to the next waiter, or free it.
    const next = waiting.shift()
    if (next) next()
    else running--
  }
}

/** Hashes being computed and waiting, for tests and the benchmark. */
export const passwordQueueState = () => ({ running, waiting: waiting.length })

export const hashPassword = (password: string) => inQueue(() => argon2.hash(password, HASH_OPTIONS))

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  return inQueue(async () => {
    try {
      return await argon2.verify(hash, password)
    } catch {
      return false
    }
  })
}

/** Was this hash made with other settings than today's (so it should be replaced at the next sign-in)? */
export function needsRehash(hash: string): boolean {
  try {
    return argon2.needsRehash(hash, HASH_OPTIONS)
  } catch {
    return false
  }
}

/** A hash of a random password, verified against when the account does not exist (same timing). */
let dummyHash: Promise<string> | undefined
export const timingDummyHash = () => (dummyHash ??= hashPassword('timing-equaliser-not-a-password'))

/**
 * Replaces a hash made with older settings by one made with today's, after a successful sign-in (the only
 * time the password is known). Only if the stored hash is still the one just verified, so a password
 * changed meanwhile is never overwritten; the change time is left alone, so no session ends.
 */
export async function upgradePasswordHash(deps: { db: Db; logger: Logger }, userId: number, verifiedHash: string, password: string): Promise<void> {
  try {
    const passwordHash = await hashPassword(password)
    await deps.db.update(users).set({ passwordHash }).where(and(eq(users.id, userId), eq(users.passwordHash, verifiedHash)))
  } catch (error) {
    deps.logger.warn('password hash not upgraded', { userId, error: error instanceof Error ? error.message : String(error) })
  }
}
