import type { Clock } from '../context'
import type { Db } from '../db/client'
import { completeIdempotent, forgetIdempotent, releaseIdempotent, reserveKey } from '../idempotency'
import type { Logger } from '../logger'
import type { ChargeRequest, ChargeResult } from './gateway'

/**
 * Makes a gateway's charge idempotent by its idempotencyKey, across requests and across servers sharing
 * one database (through server/idempotency): the first call reserves the key, runs the charge and keeps
 * a successful result; a repeat answers that result; a concurrent call waits for the first one.
 * A failed charge releases the key (nothing is kept), so the same key may be tried again.
 */
export interface ChargeLedgerDeps {
  db: Db
  clock: Clock
  logger: Logger
}

/** How long a concurrent call waits for the first one before giving up (longer than a processor call). */
const WAIT_MS = 30_000

export async function chargeOnce(
  deps: ChargeLedgerDeps,
  scope: string,
  request: ChargeRequest,
  attempt: () => Promise<ChargeResult>,
): Promise<ChargeResult> {
  // A charge left pending is never taken over: only the housekeeping sweep removes it.
  const reservation = await reserveKey(deps.db, {
    scope,
    key: request.idempotencyKey,
    userId: null,
    requestHash: `amount:${request.amountCents}`,
    now: deps.clock.now(),
    abandonedAfterMs: null,
    waitMs: WAIT_MS,
  })
  if (reservation.kind === 'replay') return reservation.body as ChargeResult
  if (reservation.kind === 'mismatch') return { ok: false, code: 'processor_error', message: 'This payment was already made for a different amount' }
  if (reservation.kind === 'running') return { ok: false, code: 'processor_error', message: 'This payment is still being processed. Please try again in a minute.' }

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
  if (result.ok) await completeIdempotent(deps.db, reservation.claim, 200, result)
  else await releaseIdempotent(deps.db, reservation.claim)
  return result
}

/**
 * Forgets a successful charge after it was voided or refunded, so the same idempotencyKey charges afresh
 * instead of answering a charge that no longer stands.
 */
export async function forgetCharge(deps: ChargeLedgerDeps, scope: string, idempotencyKey: string): Promise<void> {
  await forgetIdempotent(deps.db, { scope, userId: null, key: idempotencyKey })
}
