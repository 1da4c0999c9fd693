import { randomUUID } from 'node:crypto'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { and, eq, inArray, lt, notExists, sql } from 'drizzle-orm'
import type { AppDeps } from '../context'
import type { Db, Tx } from '../db/client'
import { isUniqueViolation, pgErrorCode } from '../db/pg-error'
import { idempotencyRecords, paymentIntents } from '../db/schema'
import { conflict, errorBody, HttpError } from '../http/errors'
import type { Charged, ChargeRequest, ChargeResult } from './gateway'
import { reverseCharge } from './reversal'

/**
 * Card payments that survive a crash at any instant: sign-up, paying invoices, buying add-ons.
 *
 * 1. open: the request's intent is written (payment_intents) before the gateway is called, with the key
 *    the gateway will charge (`chargeKey`) and everything needed to record the order later. In the same
 *    transaction the payment takes its holds (the invoices, the e-mail being registered, the client's
 *    services), so two payments of one thing cannot both charge: the second gets 409. A request sent
 *    again with the same Idempotency-Key finds its intent: the stored answer once it ended, or the
 *    pending intent, which it carries on (charging the same key charges once).
 * 2. charge: the gateway charges `chargeKey`; it answers a repeat of a key with the first charge.
 * 3. settle: one transaction records the order (recorder.record), marks the intent paid with its answer
 *    and drops the holds. Should the order be refused now (an e-mail registered meanwhile), the charge is
 *    voided and the intent ends 'reversed'.
 * Until INTENT_LEASE_MS after it was written, an intent is left to its request. Past that, the
 * reconciliation (reconcileIntents, at start and every RECONCILE_EVERY_MS on every server) closes the
 * key at the gateway and settles what it finds: a charge is recorded (or voided when the order cannot
 * be), no charge ends the intent 'canceled' and frees its holds and its key. Nothing is charged without
 * a record or charged twice, whichever instant a server dies at. See docs/payments.md.
 */
export const INTENT_LEASE_MS = 45_000
export const RECONCILE_EVERY_MS = 15_000

export type IntentPurpose = 'invoices' | 'registration' | 'subscription'
export type Intent = typeof paymentIntents.$inferSelect

/** The status and body a request answers (and a retry with its key is answered again). */
export interface Answer {
  status: ContentfulStatusCode
  body: unknown
}

export interface PreparedCharge {
  amountCents: number
  /** The statement's text at the gateway. */
  description: string
  /** What recorder.record needs, as JSON. */
  order: Record<string, unknown>
}

export interface NewIntent {
  purpose: IntentPurpose
  /** The request's Idempotency-Key, when it sent one. */
  idempotencyKey?: string
  userId: number | null
  clientId: number | null
  /** What the request asks for: the same key with another request is refused (422). */
  requestHash: string
  /** What the payment holds while pending, e.g. 'invoice:12': a second payment of any of them gets busy(). */
  holds: string[]
  /**
   * Runs in the transaction that writes the intent (lock and check rows there; throw an HttpError to
   * refuse) and says what to charge.
   */
  prepare: (tx: Tx) => Promise<PreparedCharge>
  busy: () => HttpError
  /**
   * Checked once the holds are taken, in the same transaction: a payment that released a hold has
   * committed what it paid for by then, and a statement after taking the hold sees it (a check in
   * `prepare` alone could read from before that commit, on PostgreSQL).
   */
  confirm?: (tx: Tx) => Promise<void>
  /** The 422's details when the key was used for another request. */
  mismatch: string
  /** The 409 while the first request with the key is still at it (a default wording otherwise). */
  running?: () => HttpError
}

/** Writes what a payment paid for. One per purpose, so the reconciliation can finish any payment. */
export interface Recorder {
  /**
   * Records the order in the transaction that marks the intent paid, and returns the answer. Throws an
   * HttpError when the order can no longer be recorded: the charge is then reversed.
   */
  record(tx: Tx, deps: AppDeps, intent: Intent, charge: Charged | null, now: Date): Promise<Answer>
  /** After the record is committed (a welcome e-mail); a failure is only logged. */
  afterRecorded?(deps: AppDeps, intent: Intent, answer: Answer): Promise<void>
  /** The answer when the order was refused after its charge; `reversed`: the charge was voided or refunded. */
  refusedAfterCharge(error: HttpError, reversed: boolean, reference: string): Answer
  /** Order fields dropped once the order is recorded (a password hash). */
  secrets?: string[]
}

export type Opened = { kind: 'replay'; answer: Answer } | { kind: 'charge'; intent: Intent }

const HOLD_SCOPE = 'payment-hold'
const holdKey = (hold: string) => `${HOLD_SCOPE}:${hold}`

const requestKeyOf = (purpose: IntentPurpose, userId: number | null, idempotencyKey: string | undefined) =>
  idempotencyKey ? `${purpose}:${userId ?? '-'}:${idempotencyKey}` : null

const stillRunning = () => conflict('This payment is already in progress', 'This payment is already being processed. Please wait a moment and refresh.')

/**
 * The intent an earlier request with this Idempotency-Key wrote: its answer once it ended; while it is
 * pending, the intent to carry on once its lease has ended (its request was cut off), else 409; null
 * when there is none (or no key). The same key with another request is refused (422), unless the
 * earlier attempt charged nothing.
 */
export async function findIntent(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  request: Pick<NewIntent, 'purpose' | 'userId' | 'idempotencyKey' | 'requestHash' | 'mismatch' | 'running'>,
): Promise<Opened | null> {
  const requestKey = requestKeyOf(request.purpose, request.userId, request.idempotencyKey)
  if (!requestKey) return null
  const [earlier] = await deps.db.select().from(paymentIntents).where(eq(paymentIntents.requestKey, requestKey))
  if (!earlier) return null
  if (earlier.requestHash !== request.requestHash) {
    if (earlier.state === 'pending' || earlier.state === 'paid') throw new HttpError(422, 'Idempotency-Key already used', request.mismatch)
    // An attempt that charged nothing (a declined card) does not keep its key from another card.
    await deps.db
      .update(paymentIntents)
      .set({ requestKey: null })
      .where(and(eq(paymentIntents.id, earlier.id), eq(paymentIntents.state, earlier.state)))
    return null
  }
  if (earlier.state !== 'pending') return { kind: 'replay', answer: answerOf(earlier) }
  const [taken] = await takeLeases(deps.db, [earlier.id], deps.clock.now())
  if (!taken) throw (request.running ?? stillRunning)()
  return { kind: 'charge', intent: taken }
}

/** Takes pending intents whose lease has ended, each for a new lease; the ones taken. */
function takeLeases(db: Db | Tx, ids: number[], now: Date): Promise<Intent[]> {
  return db
    .update(paymentIntents)
    .set({ leaseUntil: new Date(now.getTime() + INTENT_LEASE_MS) })
    .where(and(inArray(paymentIntents.id, ids), eq(paymentIntents.state, 'pending'), lt(paymentIntents.leaseUntil, now)))
    .returning()
}

/** Writes the intent with its holds, or finds the one this request (by its key) wrote before. */
export async function openIntent(deps: Pick<AppDeps, 'db' | 'clock' | 'gateway'>, spec: NewIntent): Promise<Opened> {
  const { db } = deps
  const requestKey = requestKeyOf(spec.purpose, spec.userId, spec.idempotencyKey)
  for (;;) {
    const earlier = await findIntent(deps, spec)
    if (earlier) return earlier
    try {
      const intent = await db.transaction(async (tx) => {
        const prepared = await spec.prepare(tx)
        const now = deps.clock.now()
        const chargeKey = `${spec.purpose}_${randomUUID()}`
        // The intent first: a concurrent request with the same key waits here, then meets the unique key.
        const [row] = await tx
          .insert(paymentIntents)
          .values({
            purpose: spec.purpose,
            chargeKey,
            requestKey,
            requestHash: spec.requestHash,
            clientId: spec.clientId,
            userId: spec.userId,
            amountCents: prepared.amountCents,
            order: { ...prepared.order, description: prepared.description },
            gateway: deps.gateway.name,
            leaseUntil: new Date(now.getTime() + INTENT_LEASE_MS),
            createdAt: now,
            updatedAt: now,
          })
          .returning()
        if (!(await takeHolds(tx, spec.holds, chargeKey, now))) throw spec.busy()
        await spec.confirm?.(tx)
        return row
      })
      return { kind: 'charge', intent }
    } catch (error) {
      // The same request, sent twice at once: the other one wrote the intent; carry on as its retry.
      if (requestKey && isUniqueViolation(error)) continue
      // Refused because that other one has already paid or holds what it pays for: answer as its retry.
      if (requestKey && error instanceof HttpError) {
        const earlier = await findIntent(deps, spec)
        if (earlier) return earlier
      }
      throw error
    }
  }
}

async function takeHolds(tx: Tx, holds: string[], chargeKey: string, now: Date): Promise<boolean> {
  if (!holds.length) return true
  const keys = holds.map(holdKey)
  // A hold whose payment has ended is dead (never left by design, but never allowed to block either).
  await tx.delete(idempotencyRecords).where(
    and(
      inArray(idempotencyRecords.key, keys),
      notExists(
        tx
          .select({ one: sql`1` })
          .from(paymentIntents)
          .where(and(eq(paymentIntents.chargeKey, idempotencyRecords.requestHash), eq(paymentIntents.state, 'pending'))),
      ),
    ),
  )
  const taken = await tx
    .insert(idempotencyRecords)
    .values(keys.map((key) => ({ key, scope: HOLD_SCOPE, requestHash: chargeKey, state: 'pending', createdAt: now })))
    .onConflictDoNothing()
    .returning({ key: idempotencyRecords.key })
  return taken.length === keys.length
}

const releaseHolds = (tx: Db | Tx, chargeKey: string) =>
  tx.delete(idempotencyRecords).where(and(eq(idempotencyRecords.scope, HOLD_SCOPE), eq(idempotencyRecords.requestHash, chargeKey)))

const answerOf = (intent: Intent): Answer => ({ status: (intent.responseStatus ?? 500) as ContentfulStatusCode, body: intent.responseBody })

/**
 * The card a payment charges: the request's one-time token (its text), or a saved card's stored-card
 * token. The wish to keep a token's card on file is the intent's (`order.saveCard`), so a payment finished
 * by the reconciliation keeps the card too.
 */
export type ChargeSource = string | { storedCard: string }

/** Charges the intent's key with the request's card and settles the outcome; the request's answer. */
export async function chargeIntent(deps: AppDeps, intent: Intent, source: ChargeSource, recorder: Recorder, requestId?: string): Promise<Answer> {
  // A free order (a full discount) is recorded without a charge.
  if (intent.amountCents === 0) return settle(deps, intent, null, recorder, requestId)
  const card: Pick<ChargeRequest, 'token' | 'storedCard' | 'saveCard'> =
    typeof source === 'string' ? { token: source, ...(intent.order.saveCard === true ? { saveCard: true } : {}) } : { storedCard: source.storedCard }
  const charge: ChargeRequest = {
    ...card,
    amountCents: intent.amountCents,
    idempotencyKey: intent.chargeKey,
    description: String(intent.order.description ?? ''),
  }
  let result: ChargeResult
  try {
    result = await deps.gateway.charge(charge)
  } catch (first) {
    // Same key: the gateway charges it at most once, so asking again is safe.
    deps.logger.warn('card processor call failed, retrying', { requestId, chargeKey: intent.chargeKey, error: String(first) })
    try {
      result = await deps.gateway.charge(charge)
    } catch (second) {
      deps.logger.error('card processor unreachable; the payment is left to the reconciliation', {
        requestId,
        chargeKey: intent.chargeKey,
        error: String(second),
      })
      throw new HttpError(
        502,
        'Payment not confirmed',
        'The card processor did not answer. If your card was charged, the payment is recorded within a few minutes: refresh to see it before trying again.',
      )
    }
  }
  if (!result.ok) {
    if (result.code === 'canceled') return endWithoutCharge(deps, intent, 'canceled', result.message)
    // The processor refused before charging (its own trouble, not the card's): 502, as a gateway would.
    const answer = result.code === 'processor_error' ? { status: 502 as const, body: errorBody('Payment failed', result.message) } : undefined
    return endWithoutCharge(deps, intent, 'declined', result.message, answer)
  }
  return settle(deps, intent, result, recorder, requestId)
}

type EndState = 'declined' | 'canceled' | 'reversed'

const ENDINGS: Record<EndState, (message: string) => Answer> = {
  declined: (message) => ({ status: 402, body: errorBody('Payment failed', message || 'The card was declined') }),
  canceled: () => ({ status: 409, body: errorBody('Payment stopped', 'This payment was stopped before your card was charged. Please try again.') }),
  reversed: () => ({ status: 409, body: errorBody('Payment reversed', 'This payment was cancelled and your card was not charged. Please try again.') }),
}

/**
 * Ends a pending intent that charged nothing, with its answer. A canceled or reversed intent gives up
 * its request key, so sending the request again starts afresh; a decline is answered again.
 */
async function endWithoutCharge(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  intent: Intent,
  state: EndState,
  message: string,
  answer = ENDINGS[state](message),
): Promise<Answer> {
  const ended = await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(paymentIntents)
      .set({
        state,
        responseStatus: answer.status,
        responseBody: answer.body as object,
        ...(state === 'declined' ? {} : { requestKey: null }),
        updatedAt: deps.clock.now(),
      })
      .where(and(eq(paymentIntents.id, intent.id), eq(paymentIntents.state, 'pending')))
      .returning({ id: paymentIntents.id })
    if (row) await releaseHolds(tx, intent.chargeKey)
    return Boolean(row)
  })
  if (ended) return answer
  // Ended meanwhile by another request with the same key, or by the reconciliation: its answer stands.
  const [current] = await deps.db.select().from(paymentIntents).where(eq(paymentIntents.id, intent.id))
  return answerOf(current)
}

const SETTLE_TRIES = 3

/**
 * A database error that trying again will not cure: a constraint or a trigger refused the write. Lost
 * connections, deadlocks, serialization failures, shutdowns and exhausted resources (SQLSTATE classes
 * 08, 40, 53, 57) and errors without a SQLSTATE may pass.
 */
const isLasting = (error: unknown) => {
  const code = pgErrorCode(error)
  return code !== undefined && !/^(08|40|53|57)/.test(code)
}

/** Records a charge that stands. Money has been taken: a failing database is tried again before giving up. */
async function settle(deps: AppDeps, intent: Intent, charge: Charged | null, recorder: Recorder, requestId?: string): Promise<Answer> {
  for (let attempt = 1; ; attempt++) {
    try {
      const outcome = await deps.db.transaction(async (tx) => {
        const [locked] = await tx.select().from(paymentIntents).where(eq(paymentIntents.id, intent.id)).for('update')
        if (locked.state !== 'pending') return { recorded: false as const, intent: locked }
        const now = deps.clock.now()
        const answer = await recorder.record(tx, deps, locked, charge, now)
        const order = Object.fromEntries(Object.entries(locked.order).filter(([field]) => !recorder.secrets?.includes(field)))
        await tx
          .update(paymentIntents)
          .set({
            state: 'paid',
            gatewayReference: charge?.reference ?? null,
            responseStatus: answer.status,
            responseBody: answer.body as object,
            order,
            updatedAt: now,
          })
          .where(eq(paymentIntents.id, intent.id))
        await releaseHolds(tx, intent.chargeKey)
        return { recorded: true as const, answer, intent: locked }
      })
      if (!outcome.recorded) return charge ? settledElsewhere(deps, outcome.intent, charge, requestId) : answerOf(outcome.intent)
      deps.logger.info('payment recorded', {
        requestId,
        purpose: intent.purpose,
        intentId: intent.id,
        amountCents: intent.amountCents,
        reference: charge?.reference,
      })
      await recorder
        .afterRecorded?.(deps, outcome.intent, outcome.answer)
        .catch((error: unknown) =>
          deps.logger.warn('after a recorded payment', { intentId: intent.id, error: error instanceof Error ? error.message : String(error) }),
        )
      return outcome.answer
    } catch (error) {
      if (error instanceof HttpError || isLasting(error)) {
        const refusal = error instanceof HttpError ? error : Object.assign(new HttpError(503, 'Not saved', 'The order could not be saved'), { cause: error })
        if (!charge) return endWithoutCharge(deps, intent, 'canceled', '', { status: refusal.status, body: refusal.body() })
        return refuseAfterCharge(deps, intent, charge, recorder, refusal, requestId)
      }
      if (attempt >= SETTLE_TRIES) {
        deps.logger.error('charge made but not recorded yet; the payment is left to the reconciliation', {
          requestId,
          intentId: intent.id,
          reference: charge?.reference,
          error: error instanceof Error ? error.message : String(error),
        })
        const unrecorded = new HttpError(503, 'Payment received', 'Your payment went through and is being recorded. Refresh in a minute to see it.')
        unrecorded.retryAfterSeconds = 60
        throw unrecorded
      }
      await new Promise((resolve) => setTimeout(resolve, 100 * attempt))
    }
  }
}

/**
 * The intent ended before this charge was recorded. Paid: the same charge, recorded by another request
 * with this key or by the reconciliation. Ended without a charge while one was made all the same (a
 * gateway that cannot close a key, racing): that charge has no order, so it is reversed.
 */
async function settledElsewhere(deps: AppDeps, intent: Intent, charge: Charged, requestId?: string): Promise<Answer> {
  if (intent.state === 'paid' && intent.gatewayReference === charge.reference) return answerOf(intent)
  await reverseCharge(
    deps,
    { reference: charge.reference, idempotencyKey: intent.chargeKey, amountCents: intent.amountCents },
    { order: intent.purpose, requestId, actorUserId: intent.userId, customer: customerOf(intent), error: new Error(`payment already ${intent.state}`) },
  )
  return answerOf(intent)
}

/** What helps an operator find the customer of a reversed charge. */
const customerOf = (intent: Intent) => ({
  clientId: intent.clientId,
  intentId: intent.id,
  ...(typeof intent.order.email === 'string' ? { email: intent.order.email } : {}),
})

async function refuseAfterCharge(deps: AppDeps, intent: Intent, charge: Charged, recorder: Recorder, error: HttpError, requestId?: string): Promise<Answer> {
  const { reversed } = await reverseCharge(
    deps,
    { reference: charge.reference, idempotencyKey: intent.chargeKey, amountCents: intent.amountCents },
    { order: intent.purpose, requestId, actorUserId: intent.userId, customer: customerOf(intent), error },
  )
  const answer = recorder.refusedAfterCharge(error, reversed, charge.reference)
  // Not reversed: the intent stays pending, so the reconciliation tries the reversal again.
  if (!reversed) return answer
  return endWithoutCharge(deps, intent, 'reversed', '', answer)
}

/**
 * Settles every pending intent whose lease has ended (its request died or gave up): closes its key at the
 * gateway and records the charge found, or ends the intent without one. Safe on every server at once:
 * an intent is taken by extending its lease, so one server looks at it per lease.
 */
export async function reconcileIntents(
  deps: AppDeps,
  recorders: Record<IntentPurpose, Recorder>,
  now = deps.clock.now(),
): Promise<{ recorded: number; ended: number; failed: number }> {
  const counts = { recorded: 0, ended: 0, failed: 0 }
  const BATCH = 20
  for (;;) {
    const due = await deps.db.transaction(async (tx) => {
      const ids = await tx
        .select({ id: paymentIntents.id })
        .from(paymentIntents)
        .where(and(eq(paymentIntents.state, 'pending'), lt(paymentIntents.leaseUntil, now)))
        .orderBy(paymentIntents.id)
        .limit(BATCH)
        .for('update', { skipLocked: true })
      return ids.length
        ? takeLeases(
            tx,
            ids.map((row) => row.id),
            now,
          )
        : []
    })
    for (const intent of due) {
      try {
        const found = await deps.gateway.closeKey(intent.chargeKey)
        if (found?.status === 'succeeded') {
          const answer = await settle(
            deps,
            intent,
            { ok: true, reference: found.reference, cardBrand: found.cardBrand, cardLast4: found.cardLast4, storedCard: found.storedCard },
            recorders[intent.purpose],
          )
          if (answer.status < 300) counts.recorded++
          else counts.ended++
        } else {
          const state: EndState = found?.status === 'declined' ? 'declined' : found ? 'reversed' : 'canceled'
          await endWithoutCharge(deps, intent, state, 'Your card was declined')
          counts.ended++
        }
      } catch (error) {
        counts.failed++
        deps.logger.error('payment reconciliation failed; tried again later', {
          intentId: intent.id,
          error: error instanceof Error ? error.message : String(error),
        })
      }
    }
    if (due.length < BATCH) break
  }
  if (counts.recorded || counts.ended || counts.failed) deps.logger.warn('payments reconciled', counts)
  return counts
}
