import { createHash } from 'node:crypto'
import { and, eq, inArray, lt } from 'drizzle-orm'
import * as v from 'valibot'
import { IDEMPOTENCY_KEY_HEADER, IdempotencyKeySchema } from '../../contract/idempotency'
import type { Db, Tx } from '../db/client'
import { idempotencyRecords } from '../db/schema'
import { badRequest, conflict, HttpError } from '../http/errors'

/**
 * Idempotency-Key support, the one place that reserves keys and replays answers (idempotency_records).
 * Every call that takes a key reads it with idempotencyKeyOf (one format, in contract/idempotency.ts).
 * For requests that must take effect once (a registration, a payment, an order, an upload, a mail
 * request) and for the card charges themselves, the first request reserves the key, does the work and
 * stores its answer in the same transaction; a repeat with the same key gets that answer back instead
 * of doing the work twice. A failed attempt releases the key, so the request can be tried again.
 *
 * Records are keyed `<scope>:<userId>:<key>` (keys of different users never meet), or `<scope>:<key>`
 * when there is no signed-in user (a registration, a card charge).
 */

/** By default a request still 'pending' after this long was cut off (server stopped); its key may be used again. */
const ABANDONED_AFTER_MS = 15 * 60 * 1000
/** How often a request waiting for a concurrent one with its key looks again. */
const POLL_MS = 50

export interface IdempotencyClaim {
  /** The stored key. */
  key: string
}

export interface ReserveOptions {
  /** What kind of request ('invoice-pay', 'registration', 'sandbox-charge'...). */
  scope: string
  /** The sender's key. */
  key: string
  /** The signed-in user; null when there is none (then every sender shares the scope's keys). */
  userId: number | null
  /** What the request asks for: the same key with another hash is refused. */
  requestHash: string
  now: Date
  /**
   * A 'pending' record older than this was left by a stopped server and is taken over (15 minutes by
   * default); null: never taken over, the record waits for the housekeeping sweep.
   */
  abandonedAfterMs?: number | null
  /** How long to wait for a concurrent request with the same key to finish (0 by default: answer 'running'). */
  waitMs?: number
}

export type Reservation =
  | { kind: 'new'; claim: IdempotencyClaim }
  | { kind: 'replay'; status: number; body: unknown }
  /** The key was used for a different request. */
  | { kind: 'mismatch' }
  /** A request with the key is still running (after waiting waitMs for it). */
  | { kind: 'running' }

export type IdempotencyStart = Extract<Reservation, { kind: 'new' } | { kind: 'replay' }>

export const hashRequest = (...parts: unknown[]) => createHash('sha256').update(JSON.stringify(parts)).digest('hex')

/** The stored key of a request. */
export const recordKey = (scope: string, userId: number | null, key: string) => (userId == null ? `${scope}:${key}` : `${scope}:${userId}:${key}`)

/** Reads the Idempotency-Key header; undefined when absent, 400 when malformed. */
export function idempotencyKeyOf(header: string | undefined): string | undefined {
  if (header === undefined || header === '') return undefined
  const parsed = v.safeParse(IdempotencyKeySchema, header)
  if (!parsed.success) throw badRequest('Invalid Idempotency-Key', `${IDEMPOTENCY_KEY_HEADER} ${parsed.issues[0].message}`)
  return parsed.output
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * Claims the key for this request, or tells why not: the stored answer of an earlier request with it, a
 * different request under the same key, or one still running (waited for up to waitMs, on the wall clock).
 */
export async function reserveKey(db: Db, options: ReserveOptions): Promise<Reservation> {
  const key = recordKey(options.scope, options.userId, options.key)
  const abandonedAfterMs = options.abandonedAfterMs === undefined ? ABANDONED_AFTER_MS : options.abandonedAfterMs
  const deadline = Date.now() + (options.waitMs ?? 0)
  for (;;) {
    const inserted = await db
      .insert(idempotencyRecords)
      .values({ key, scope: options.scope, userId: options.userId, requestHash: options.requestHash, state: 'pending', createdAt: options.now })
      .onConflictDoNothing()
      .returning({ key: idempotencyRecords.key })
    if (inserted.length) return { kind: 'new', claim: { key } }

    const [existing] = await db.select().from(idempotencyRecords).where(eq(idempotencyRecords.key, key))
    if (!existing) continue // the first request failed and released the key: this one goes ahead
    if (existing.state === 'pending' && abandonedAfterMs != null) {
      const abandonedBefore = new Date(options.now.getTime() - abandonedAfterMs)
      if (existing.createdAt < abandonedBefore) {
        // Left by a server that stopped mid-request: take it over (whatever it asked for).
        await db
          .delete(idempotencyRecords)
          .where(and(eq(idempotencyRecords.key, key), eq(idempotencyRecords.state, 'pending'), lt(idempotencyRecords.createdAt, abandonedBefore)))
        continue
      }
    }
    if (existing.scope !== options.scope || existing.requestHash !== options.requestHash) return { kind: 'mismatch' }
    if (existing.state === 'done' && existing.responseStatus != null) return { kind: 'replay', status: existing.responseStatus, body: existing.responseBody }
    if (Date.now() >= deadline) return { kind: 'running' }
    await sleep(POLL_MS)
  }
}

/**
 * reserveKey for an HTTP request: the same key with a different request answers 422, one still running
 * 409 (each with the caller's wording when given).
 */
export async function startIdempotent(
  db: Db,
  options: ReserveOptions & {
    /** The 422's details: "This Idempotency-Key was already used for a different <what>. ..." */
    mismatchDetails?: string
    /** The 409 for a request still running. */
    running?: () => HttpError
  },
): Promise<IdempotencyStart> {
  const reservation = await reserveKey(db, options)
  if (reservation.kind === 'mismatch') {
    throw new HttpError(422, 'Idempotency-Key already used', options.mismatchDetails ?? 'This Idempotency-Key was already used for a different request')
  }
  if (reservation.kind === 'running') {
    throw options.running?.() ?? conflict('Request in progress', 'A request with this Idempotency-Key is still being processed; try again shortly')
  }
  return reservation
}

/** Stores the answer, inside the transaction that did the work. */
export async function completeIdempotent(tx: Tx | Db, claim: IdempotencyClaim, status: number, body: unknown): Promise<void> {
  await tx
    .update(idempotencyRecords)
    .set({ state: 'done', responseStatus: status, responseBody: body as object })
    .where(eq(idempotencyRecords.key, claim.key))
}

/** Releases the key after a failed attempt, so the request can be tried again. */
export async function releaseIdempotent(db: Db, claim: IdempotencyClaim | undefined): Promise<void> {
  if (!claim) return
  await db.delete(idempotencyRecords).where(and(eq(idempotencyRecords.key, claim.key), eq(idempotencyRecords.state, 'pending')))
}

/** Forgets a stored answer (a charge since voided or refunded), so the same key does the work afresh. */
export async function forgetIdempotent(db: Db, options: { scope: string; userId: number | null; key: string }): Promise<void> {
  await db.delete(idempotencyRecords).where(eq(idempotencyRecords.key, recordKey(options.scope, options.userId, options.key)))
}

/**
 * Short locks kept beside the keys: `<scope>:<id>` held by one attempt (`owner`) while it runs, such as
 * an e-mail being registered or invoices being paid, so two attempts with different keys cannot both
 * charge. A lock older than staleAfterMs was left by a stopped server and is taken over. Returns false
 * (taking none) when another attempt holds any of them; inside a transaction the caller rolls back.
 */
export async function claimLocks(
  db: Db | Tx,
  options: { scope: string; ids: (string | number)[]; owner: string; now: Date; staleAfterMs: number },
): Promise<boolean> {
  const keys = options.ids.map((id) => `${options.scope}:${id}`)
  await db
    .delete(idempotencyRecords)
    .where(and(inArray(idempotencyRecords.key, keys), lt(idempotencyRecords.createdAt, new Date(options.now.getTime() - options.staleAfterMs))))
  const inserted = await db
    .insert(idempotencyRecords)
    .values(keys.map((key) => ({ key, scope: options.scope, requestHash: options.owner, state: 'pending', createdAt: options.now })))
    .onConflictDoNothing()
    .returning({ key: idempotencyRecords.key })
  return inserted.length === keys.length
}

/** Releases the locks `owner` holds (never another attempt's). */
export async function releaseLocks(db: Db | Tx, options: { scope: string; ids: (string | number)[]; owner: string }): Promise<void> {
  const keys = options.ids.map((id) => `${options.scope}:${id}`)
  await db.delete(idempotencyRecords).where(and(inArray(idempotencyRecords.key, keys), eq(idempotencyRecords.requestHash, options.owner)))
}
