import * as v from 'valibot'

/**
 * Web push (the fixed calls): GET /push/public-key → { publicKey }; POST /push/subscriptions with the
 * browser's PushSubscription JSON → 201; DELETE /push/subscriptions with { endpoint } → 204.
 */
export const PushPublicKeySchema = v.object({ publicKey: v.string() })

/** A push service URL: https, and not absurdly long. Which hosts are allowed is the server's to say. */
const Endpoint = v.pipe(
  v.string('endpoint must be a URL'),
  v.maxLength(1024, 'endpoint must be at most 1024 characters'),
  v.url('endpoint must be a URL'),
  v.startsWith('https://', 'endpoint must be an https URL'),
)

export const PushSubscriptionBodySchema = v.object({
  endpoint: Endpoint,
  expirationTime: v.optional(v.nullable(v.pipe(v.number('expirationTime must be a time in milliseconds or null'), v.integer(), v.minValue(0)))),
  keys: v.object({
    /** The device's P-256 public key: 65 bytes, uncompressed (0x04 …), base64url. */
    p256dh: v.pipe(v.string(), v.regex(/^B[A-Za-z0-9_-]{86}=?$/, 'keys.p256dh must be a P-256 public key (65 bytes, base64url)')),
    /** The 16-byte authentication secret, base64url. */
    auth: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{22}(==)?$/, 'keys.auth must be 16 bytes, base64url')),
  }),
})
export type PushSubscriptionBody = v.InferOutput<typeof PushSubscriptionBodySchema>

/** 201 answer of POST /api/push/subscriptions: the endpoint now subscribed. */
export const PushSubscribedSchema = v.object({ endpoint: v.string() })
export type PushSubscribed = v.InferOutput<typeof PushSubscribedSchema>

export const PushUnsubscribeBodySchema = v.object({ endpoint: Endpoint })

/** What a push message carries (JSON, encrypted for the device). */
export const PushPayloadSchema = v.object({
  title: v.string(),
  body: v.string(),
  /** The portal page to open on click (a path). */
  url: v.string(),
  /** Repeats with one tag replace each other on the device. */
  tag: v.string(),
  /** The recipient's unread notifications, for the app badge. */
  unreadCount: v.number(),
  urgent: v.optional(v.boolean()),
})
export type PushPayload = v.InferOutput<typeof PushPayloadSchema>

/** POST /auth/logout may name this device's push endpoint, which is then removed with the session. */
export const LogoutBodySchema = v.object({ pushEndpoint: v.optional(v.pipe(v.string(), v.maxLength(1024))) })
