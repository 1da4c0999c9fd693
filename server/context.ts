import type { Caller } from './auth/caller'
import type { CallerCache } from './auth/caller-cache'
import type { AfterAnswer } from './http/after-answer'
import type { AnswerCache } from './http/answer-cache'
import type { Env } from './env'
import type { Db } from './db/client'
import type { Logger } from './logger'
import type { Mailer } from './mail/mailer'
import type { PaymentGateway } from './payments/gateway'
import type { PushTransport } from './push/transport'
import type { BlobStore } from './storage/blob-store'

/** A source of the current time, replaceable in tests (token expiry, overdue and shred jobs). */
export interface Clock {
  now(): Date
}
export const systemClock: Clock = { now: () => new Date() }

/**
 * What the app is built from. Features that bring their own services (payment gateway, blob store,
 * push sender) add members here and read them from c.get('deps').
 */
export interface AppDeps {
  env: Env
  db: Db
  clock: Clock
  logger: Logger
  mailer: Mailer
  /** Document files. */
  blobs: BlobStore
  /** The card processor (sandbox by default, AffiniPay when configured): server/payments/index.ts. */
  gateway: PaymentGateway
  /** Web push: the VAPID public key browsers subscribe with, and what sends to push services. */
  push: { publicKey: string; transport: PushTransport }
  /**
   * Signed-in callers cached for a few seconds. Only where the database's change notifications reach the
   * cache (server start-up wires them); without it every request reads its caller from the database.
   */
  callers?: CallerCache
  /** Answers of the routes that cache them (the invoice, document and notification lists: server/http/cached-json.ts); without it none are cached. */
  answers?: AnswerCache
  /** Work requests start without waiting for it (server/http/after-answer.ts); the server's stop waits for it. */
  afterAnswer: AfterAnswer
  /** Secret key for access tokens (HS256). */
  jwtKey: Uint8Array
  /** AES-256 key of the authenticator apps' secrets in the database (server/auth/secret-box.ts). */
  totpKey: Uint8Array
  /** Extra origins the Content-Security-Policy allows (an external card processor's frames). */
  csp?: { frameOrigins?: string[]; scriptOrigins?: string[] }
}

export type { Caller }

export interface AppEnv {
  Variables: {
    deps: AppDeps
    requestId: string
    caller: Caller
    /** Set by an access policy; a route without one is refused. */
    policy: string
  }
}
