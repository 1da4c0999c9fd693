import { createHash } from 'node:crypto'
import { and, eq, lt } from 'drizzle-orm'
import * as v from 'valibot'
import { IDEMPOTENCY_KEY_HEADER, IdempotencyKeySchema } from '../../contract/idempotency'
import type { Db, Tx } from '../db/client'
import { idempotencyRecords } from '../db/schema'
import { badRequest, conflict, HttpError } from '../http/errors'

/**
 * Idempotency-Key support. Every call that takes a key reads it with idempotencyKeyOf (one format, in
 * contract/idempotency.ts). For requests the PWA may replay after being offline (an upload, a mail
 * request, an order) the first request does the work and stores its answer in the same transaction; a
 * replay with the same key gets that answer back instead of doing the work twice.
 */

/** A request still 'pending' after this long was cut off (server stopped); its key may be used again. */
const ABANDONED_AFTER_MS = 15 * 60 * 1000

export interface IdempotencyClaim {
  /** The stored key (scoped to route and user, so keys of different users never meet). */
  key: string
}

export type IdempotencyStart = { kind: 'new'; claim: IdempotencyClaim } | { kind: 'replay'; status: number; body: unknown }

export const hashRequest = (...parts: unknown[]) => createHash('sha256').update(JSON.stringify(parts)).digest('hex')

/** Reads the Idempotency-Key header; undefined when absent, 400 when malformed. */
export function idempotencyKeyOf(header: string | undefined): string | undefined {
  if (header === undefined || header === '') return undefined
  const parsed = v.safeParse(IdempotencyKeySchema, header)
  if (!parsed.success) throw badRequest('Invalid Idempotency-Key', `${IDEMPOTENCY_KEY_HEADER} ${parsed.issues[0].message}`)
  return parsed.output
}

/**
 * Claims the key for this request, or returns the stored answer of an earlier one. Another request
 * running with the same key answers 409; the same key with a different request, 422.
 */
export async function startIdempotent(
  db: Db,
  options: { key: string; scope: string; userId: number; requestHash: string; now: Date },
): Promise<IdempotencyStart> {
  const key = `${options.scope}:${options.userId}:${options.key}`
  for (let attempt = 0; attempt < 3; attempt++) {
    const inserted = await db
      .insert(idempotencyRecords)
      .values({ key, scope: options.scope, userId: options.userId, requestHash: options.requestHash, state: 'pending', createdAt: options.now })
      .onConflictDoNothing()
      .returning({ key: idempotencyRecords.key })
    if (inserted.length) return { kind: 'new', claim: { key } }

    const [existing] = await db.select().from(idempotencyRecords).where(eq(idempotencyRecords.key, key))
    if (!existing) continue
    if (existing.requestHash !== options.requestHash) {
      throw new HttpError(422, 'Idempotency-Key already used', 'This Idempotency-Key was already used for a different request')
    }
    if (existing.state === 'done' && existing.responseStatus != null) {
      return { kind: 'replay', status: existing.responseStatus, body: existing.responseBody }
    }
    // Pending: still running elsewhere, or abandoned by a stopped server.
    const abandonedBefore = new Date(options.now.getTime() - ABANDONED_AFTER_MS)
    const cleared = await db
      .delete(idempotencyRecords)
      .where(and(eq(idempotencyRecords.key, key), eq(idempotencyRecords.state, 'pending'), lt(idempotencyRecords.createdAt, abandonedBefore)))
      .returning({ key: idempotencyRecords.key })
    if (!cleared.length) throw conflict('Request in progress', 'A request with this Idempotency-Key is still being processed; try again shortly')
  }
  throw conflict('Request in progress', 'A request with this Idempotency-Key is still being processed; try again shortly')
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
