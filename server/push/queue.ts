import { and, asc, eq, inArray, isNull, lte, sql } from 'drizzle-orm'
import type { PushPayload } from '../../contract/push'
import type { Clock } from '../context'
import { claimRows } from '../db/claim'
import type { Db, Tx } from '../db/client'
import { pushOutbox, pushSubscriptions, users } from '../db/schema'
import type { Logger } from '../logger'
import { unreadCountFor } from '../notifications'
import { outgoingQueued } from '../notifications/signal'
import type { PushTransport } from './transport'

/**
 * The push queue: one push_outbox row per device and message, written in the transaction of the change
 * that caused it and sent afterwards by the push worker (server/push/worker.ts), so a slow or failing
 * push service never holds up a request. Rows are claimed like mail: one UPDATE over rows picked
 * FOR UPDATE SKIP LOCKED, so two servers never send the same message.
 */

/** Waits after the 1st to 4th failed attempt; the 5th failure gives up. */
export const PUSH_RETRY_DELAYS_MS = [15_000, 60_000, 5 * 60_000, 30 * 60_000] as const
export const PUSH_MAX_ATTEMPTS = PUSH_RETRY_DELAYS_MS.length + 1
/** How long an attempt holds its row; longer than a push request's own timeout. */
export const PUSH_CLAIM_MS = 60_000

/** What the queue carries: the payload without the unread count, which is read when it is sent. */
export type QueuedPush = Omit<PushPayload, 'unreadCount'>

export interface PushMessage {
  payload: QueuedPush
  urgency: 'normal' | 'high'
  ttlSeconds: number
  notificationId?: number
}

/** Queues `message` for every device of `userIds`; answers how many devices that is. */
export async function enqueuePush(db: Db | Tx, userIds: readonly number[], message: PushMessage, now: Date): Promise<number> {
  if (userIds.length === 0) return 0
  const devices = await db
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(inArray(pushSubscriptions.userId, [...userIds]))
  if (devices.length === 0) return 0
  await db.insert(pushOutbox).values(
    devices.map((device) => ({
      subscriptionId: device.id,
      notificationId: message.notificationId ?? null,
      payload: message.payload,
      urgency: message.urgency,
      ttlSeconds: message.ttlSeconds,
      createdAt: now,
      nextAttemptAt: now,
    })),
  )
  outgoingQueued.emit('queued')
  return devices.length
}

export interface PushDeliveryResult {
  sent: number
  retrying: number
  failed: number
  /** Subscriptions the push service said are gone (404/410), now deleted. */
  expired: number
}

export interface PushQueueDeps {
  db: Db
  clock: Clock
  logger: Logger
  transport: PushTransport
}

/** Collapses repeats at the push service too (Topic: at most 32 base64url characters). */
const topicOf = (tag: string) => tag.replace(/[^A-Za-z0-9_-]/g, '-').slice(0, 32)

/** Sends every due message, up to `limit`, and records each outcome. */
export async function deliverDuePush(deps: PushQueueDeps, now = deps.clock.now(), limit = 100): Promise<PushDeliveryResult> {
  const { db, logger, transport } = deps
  const result: PushDeliveryResult = { sent: 0, retrying: 0, failed: 0, expired: 0 }
  const dueNow = and(isNull(pushOutbox.sentAt), isNull(pushOutbox.failedAt), lte(pushOutbox.nextAttemptAt, now))
  const claimed = await claimRows(
    db,
    (tx) =>
      tx
        .select({ id: pushOutbox.id })
        .from(pushOutbox)
        .where(dueNow)
        .orderBy(asc(pushOutbox.nextAttemptAt), asc(pushOutbox.id))
        .limit(limit)
        .for('update', { skipLocked: true })
        .then((rows) => rows.map((row) => row.id)),
    (tx, ids) =>
      tx
        .update(pushOutbox)
        .set({ attempts: sql`${pushOutbox.attempts} + 1`, nextAttemptAt: new Date(now.getTime() + PUSH_CLAIM_MS) })
        .where(inArray(pushOutbox.id, ids))
        .returning(),
  )
  if (claimed.length === 0) return result

  const devices = await db
    .select({
      id: pushSubscriptions.id,
      endpoint: pushSubscriptions.endpoint,
      p256dh: pushSubscriptions.p256dh,
      auth: pushSubscriptions.auth,
      userId: users.id,
      clientId: users.clientId,
    })
    .from(pushSubscriptions)
    .innerJoin(users, eq(users.id, pushSubscriptions.userId))
    .where(inArray(pushSubscriptions.id, [...new Set(claimed.map((row) => row.subscriptionId))]))
  const deviceById = new Map(devices.map((device) => [device.id, device]))
  const unreadByUser = new Map<number, Promise<number>>()
  const unreadOf = (device: (typeof devices)[number]) => {
    if (!unreadByUser.has(device.userId)) unreadByUser.set(device.userId, unreadCountFor(db, { userId: device.userId, clientId: device.clientId }))
    return unreadByUser.get(device.userId)!
  }

  await Promise.all(
    claimed.map(async (row) => {
      const mine = and(eq(pushOutbox.id, row.id), eq(pushOutbox.attempts, row.attempts), isNull(pushOutbox.sentAt))
      const device = deviceById.get(row.subscriptionId)
      if (!device) return // the subscription went meanwhile, and its rows with it
      let outcome: { statusCode: number } | Error
      try {
        const payload: PushPayload = { ...(row.payload as QueuedPush), unreadCount: await unreadOf(device) }
        outcome = await transport.send({ endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } }, JSON.stringify(payload), {
          ttlSeconds: row.ttlSeconds,
          urgency: row.urgency === 'high' ? 'high' : 'normal',
          topic: topicOf(payload.tag),
        })
      } catch (error) {
        outcome = error instanceof Error ? error : new Error(String(error))
      }
      const at = deps.clock.now()
      if (!(outcome instanceof Error) && outcome.statusCode >= 200 && outcome.statusCode < 300) {
        await db.update(pushOutbox).set({ sentAt: at, nextAttemptAt: null, error: null }).where(mine)
        result.sent++
        return
      }
      if (!(outcome instanceof Error) && (outcome.statusCode === 404 || outcome.statusCode === 410)) {
        // The browser dropped the subscription (unsubscribed, app removed): so do we, with its queue.
        await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, device.id))
        logger.info('push subscription expired; removed', { subscriptionId: device.id, userId: device.userId, status: outcome.statusCode })
        result.expired++
        return
      }
      const reason = outcome instanceof Error ? outcome.message.slice(0, 500) : `the push service answered ${outcome.statusCode}`
      const retryable = outcome instanceof Error || outcome.statusCode === 429 || outcome.statusCode >= 500
      if (retryable && row.attempts < PUSH_MAX_ATTEMPTS) {
        const retryAt = new Date(at.getTime() + PUSH_RETRY_DELAYS_MS[row.attempts - 1])
        await db.update(pushOutbox).set({ error: reason, nextAttemptAt: retryAt }).where(mine)
        logger.warn('push not sent; will retry', {
          id: row.id,
          subscriptionId: device.id,
          attempt: row.attempts,
          retryAt: retryAt.toISOString(),
          error: reason,
        })
        result.retrying++
        return
      }
      await db.update(pushOutbox).set({ error: reason, failedAt: at, nextAttemptAt: null }).where(mine)
      logger.error('push not sent: gave up', { id: row.id, subscriptionId: device.id, attempts: row.attempts, error: reason })
      result.failed++
    }),
  )
  return result
}
