import { and, eq, sql } from 'drizzle-orm'
import type { PushSubscriptionBody } from '../../contract/push'
import type { Db } from '../db/client'
import { pushSubscriptions } from '../db/schema'

/** Push services browsers use (Chrome/Edge: FCM and WNS; Firefox: Mozilla; Safari: Apple). */
const KNOWN_PUSH_HOSTS = [
  /^fcm\.googleapis\.com$/,
  /^android\.googleapis\.com$/,
  /(^|\.)push\.services\.mozilla\.com$/,
  /(^|\.)push\.apple\.com$/,
  /(^|\.)notify\.windows\.com$/,
]

/**
 * May the server send to this endpoint? https on a known push service, or on a host:port listed in
 * PUSH_ALLOWED_HOSTS. Anything else would let a user make the server post to any address.
 */
export function isAllowedPushEndpoint(endpoint: string, extraHosts: readonly string[]): boolean {
  let url: URL
  try {
    url = new URL(endpoint)
  } catch {
    return false
  }
  if (url.protocol !== 'https:' || url.username || url.password) return false
  const host = url.hostname.toLowerCase()
  if (KNOWN_PUSH_HOSTS.some((pattern) => pattern.test(host)) && (url.port === '' || url.port === '443')) return true
  return extraHosts.includes(`${host}:${url.port || '443'}`)
}

/**
 * Stores the device's subscription for the user. The same endpoint again updates it (keys may change);
 * an endpoint held by another user moves to this one, as the device is now theirs.
 */
export async function saveSubscription(db: Db, userId: number, body: PushSubscriptionBody, now: Date): Promise<void> {
  const values = {
    userId,
    endpoint: body.endpoint,
    p256dh: body.keys.p256dh.replace(/=+$/, ''),
    auth: body.keys.auth.replace(/=+$/, ''),
    expiresAt: body.expirationTime != null ? new Date(body.expirationTime) : null,
    updatedAt: now,
  }
  await db
    .insert(pushSubscriptions)
    .values({ ...values, createdAt: now })
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: {
        userId,
        p256dh: values.p256dh,
        auth: values.auth,
        expiresAt: values.expiresAt,
        updatedAt: now,
        createdAt: sql`case when ${pushSubscriptions.userId} = ${userId} then ${pushSubscriptions.createdAt} else ${now.toISOString()}::timestamptz end`,
      },
    })
}

/** Removes the user's subscription of this endpoint (none of another user's); answers whether one went. */
export async function deleteSubscription(db: Db, userId: number, endpoint: string): Promise<boolean> {
  const deleted = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
    .returning({ id: pushSubscriptions.id })
  return deleted.length > 0
}
