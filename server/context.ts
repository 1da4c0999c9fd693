import type { CallerCache } from './auth/caller-cache'
import type { AfterAnswer } from './http/after-answer'
import type { AnswerCache } from './http/kept-answers'
import type { JsonBytes } from './http/compress-json'
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
   * Signed-in callers kept for a few seconds. Only where the database's change notifications reach the
   * cache (server start-up wires them); without it every request reads its caller from the database.
   */
  callers?: CallerCache
  /** Answers of the invoice, document and notification lists, kept likewise (server/http/kept-answers.ts); without it none are kept. */
  answers?: AnswerCache
  /** Work requests start without waiting for it (server/http/after-answer.ts); the server's stop waits for it. */
  afterAnswer: AfterAnswer
  /** Secret key for access tokens (HS256). */
  jwtKey: Uint8Array
  /** Extra origins the Content-Security-Policy allows (an external card processor's frames). */
  csp?: { frameOrigins?: string[]; scriptOrigins?: string[] }
}

/** The signed-in caller, read from the database (or kept briefly, see AppDeps.callers). */
export interface Caller {
  userId: number
  email: string
  roleId: number
  roleType: string
  clientId: number | null
  agentId: number | null
  isSuperAdmin: boolean
  permCodes: ReadonlySet<string>
  /** SHA-256 of the bearer token, so log out can revoke it. */
  tokenHash: string
}

export interface AppEnv {
  Variables: {
    deps: AppDeps
    requestId: string
    caller: Caller
    /** Set by an access policy; a route without one is refused. */
    policy: string
    /** Set by keptAnswer: keeps the answer `c.json` makes for this request. */
    keepAnswer?: (bytes: JsonBytes) => void
    /** Set by answerChangesAt: when what the answer reads off the clock changes (ms since the epoch). */
    answerChangesAt?: number
  }
}
