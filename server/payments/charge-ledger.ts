import { and, eq } from 'drizzle-orm'
import type { Clock } from '../context'
import type { Db } from '../db/client'
import { idempotencyRecords } from '../db/schema'
import type { Logger } from '../logger'
import type { ChargeRequest, ChargeResult } from './gateway'

/**
 * Makes a gateway's charge idempotent by its idempotencyKey, across requests and across servers sharing
 * one database: the first call reserves the key in idempotency_records, runs the charge and keeps a
 * successful result; a repeat answers that result; a concurrent call waits for the first one.
 * A failed charge releases the key (nothing is kept), so the same key may be tried again.
 */
export interface ChargeLedgerDeps {
  db: Db
  clock: Clock
  logger: Logger
}

/** How long a concurrent call waits for the first one before giving up (longer than a processor call). */
const WAIT_MS = 30_000
const POLL_MS = 50

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

export async function chargeOnce(
  deps: ChargeLedgerDeps,
  scope: string,
  request: ChargeRequest,
  attempt: () => Promise<ChargeResult>,
): Promise<ChargeResult> {
  const key = `${scope}:${request.idempotencyKey}`
  const requestHash = `amount:${request.amountCents}`
  const deadline = Date.now() + WAIT_MS
  for (;;) {
    const [reserved] = await deps.db
      .insert(idempotencyRecords)
      .values({ key, scope, requestHash, state: 'pending', createdAt: deps.clock.now() })
      .onConflictDoNothing()
      .returning({ key: idempotencyRecords.key })
    if (reserved) break
    const [existing] = await deps.db.select().from(idempotencyRecords).where(eq(idempotencyRecords.key, key))
    if (!existing) continue // the first call failed and released the key meanwhile
    if (existing.state === 'done') {
      if (existing.requestHash !== requestHash) {
        return { ok: false, code: 'processor_error', message: 'This payment was already made for a different amount' }
      }
      return existing.responseBody as ChargeResult
    }
    if (Date.now() > deadline) {
      return { ok: false, code: 'processor_error', message: 'This payment is still being processed. Please try again in a minute.' }
    }
    await sleep(POLL_MS)
  }

  let result: ChargeResult
  try {
    result = await attempt()
  } catch (error) {
    deps.logger.error('card charge failed unexpectedly', {
      scope,
      idempotencyKey: request.idempotencyKey,
      error: error instanceof Error ? error.message : String(error),
    })
    result = { ok: false, code: 'processor_error', message: 'The payment service is not available. Please try again later.' }
  }
  if (result.ok) {
    await deps.db
      .update(idempotencyRecords)
      .set({ state: 'done', responseStatus: 200, responseBody: result })
      .where(eq(idempotencyRecords.key, key))
  } else {
    await deps.db.delete(idempotencyRecords).where(and(eq(idempotencyRecords.key, key), eq(idempotencyRecords.state, 'pending')))
  }
  return result
}

/**
 * Forgets a successful charge after it was voided or refunded, so the same idempotencyKey charges afresh
 * instead of answering a charge that no longer stands.
 */
export async function forgetCharge(deps: ChargeLedgerDeps, scope: string, idempotencyKey: string): Promise<void> {
  await deps.db.delete(idempotencyRecords).where(eq(idempotencyRecords.key, `${scope}:${idempotencyKey}`))
}
