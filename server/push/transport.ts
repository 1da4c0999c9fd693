import webpush from 'web-push'
import type { VapidKeys } from './keys'

export interface PushTarget {
  endpoint: string
  keys: { p256dh: string; auth: string }
}

export interface PushSendOptions {
  ttlSeconds: number
  urgency: 'normal' | 'high'
  /** Replaces an undelivered message with the same topic at the push service. */
  topic?: string
}

/** The push service's answer: its HTTP status (2xx delivered; 404/410 the subscription is gone). */
export interface PushTransport {
  send(target: PushTarget, payload: string, options: PushSendOptions): Promise<{ statusCode: number }>
}

/** How long one push request may take before it counts as failed (and is retried). */
export const PUSH_REQUEST_TIMEOUT_MS = 10_000

/**
 * The standard Web Push protocol (RFC 8030) with VAPID (RFC 8292) and aes128gcm encryption (RFC 8291),
 * through the web-push library. Network failures throw; any HTTP answer resolves with its status.
 */
export function webPushTransport(keys: VapidKeys): PushTransport {
  return {
    async send(target, payload, options) {
      try {
        const result = await webpush.sendNotification(target, payload, {
          vapidDetails: keys,
          contentEncoding: 'aes128gcm',
          TTL: options.ttlSeconds,
          urgency: options.urgency,
          topic: options.topic,
          timeout: PUSH_REQUEST_TIMEOUT_MS,
        })
        return { statusCode: result.statusCode }
      } catch (error) {
        if (error instanceof webpush.WebPushError) return { statusCode: error.statusCode }
        throw error
      }
    },
  }
}
