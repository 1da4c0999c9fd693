import type { Context, MiddlewareHandler } from 'hono'
import type { AppEnv, Caller } from '../context'
import type { Database } from '../db/client'
import { KeptUntilChanged } from '../db/kept-until-changed'
import { acceptsGzip, jsonAnswer, type JsonBytes } from './compress-json'

/** Answers are 1-15 KB each (a gzipped page of a list is about 1 KB): a few tens of MB at most. */
const MAX_ENTRIES = 5_000
/** The notification channel the database's triggers announce changes on (migrations 0013 and 0014). */
const ANSWERS_CHANGED = 'answers_changed'

/**
 * Answers of read routes that depend only on their address (path and validated query), on tables the
 * database announces changes to, at most on the clock in ways known in advance, and on the caller only
 * where the route says how: the invoice lists (invoices, clients, countries), the document lists
 * (documents, their types, mail requests and request history, clients; their days left change at known
 * instants) and the notification lists (notifications and read marks, clients; per reader). They are kept
 * as sent (compressed or not), so a page of a list asked again costs what a small read does: the caller's
 * access check, then the kept bytes.
 *
 * Emptied as a whole whenever one of those tables changes (the `answers_changed` notification, from any
 * server, job or operator) and whenever this server answers a write; never shared across what the caller
 * may see, because the route's access policy runs before the cache is asked.
 */
export class AnswerCache extends KeptUntilChanged<JsonBytes> {
  /** `ttlMs`: the longest an answer is kept when nothing announces a change (ANSWER_CACHE_SECONDS). */
  constructor(readonly ttlMs: number) {
    super(MAX_ENTRIES)
  }
}

/**
 * A server's answer cache, emptied whenever the database announces a change to what it keeps; none when
 * `seconds` (ANSWER_CACHE_SECONDS) is 0.
 */
export const listeningAnswerCache = async (database: Pick<Database, 'listen'>, seconds: number) =>
  seconds > 0 ? new AnswerCache(seconds * 1000).clearOn(database, ANSWERS_CHANGED) : undefined

/**
 * Keeps a route's successful JSON answers by path and validated query, and by `perCaller`'s key when the
 * answer also depends on who asks (whose read marks a notification list shows). Goes after the route's
 * access policy and validators, and only on routes whose answer is a function of those and of the
 * announced tables: nothing of another table, and of the clock only what the route reports with
 * `answerChangesAt`.
 */
export function keptAnswer(options: { perCaller?: (caller: Caller) => string } = {}): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const deps = c.get('deps')
    const answers = deps.answers
    if (!answers) return next()
    const gzip = acceptsGzip(c)
    const query = (c.req.valid as (target: 'query') => unknown)('query')
    const caller = options.perCaller ? ` ${options.perCaller(c.get('caller'))}` : ''
    const key = `${gzip ? 'gzip' : 'identity'}${caller} ${c.req.path} ${JSON.stringify(query ?? null)}`
    const nowMs = deps.clock.now().getTime()
    const kept = answers.get(key, nowMs)
    if (kept) return jsonAnswer(c, kept)
    const generation = answers.generation
    c.set('keepAnswer', (bytes) => answers.set(key, bytes, { fromMs: nowMs, untilMs: Math.min(nowMs + answers.ttlMs, c.get('answerChangesAt') ?? Infinity) }, generation))
    await next()
  }
}

/**
 * For a route with keptAnswer whose answer shows something read off the clock (a document's days left):
 * the instant that part of the answer changes, after which it is not kept. Called once per such part;
 * the earliest counts.
 */
export function answerChangesAt(c: Context<AppEnv>, atMs: number): void {
  const earliest = c.get('answerChangesAt')
  if (earliest === undefined || atMs < earliest) c.set('answerChangesAt', atMs)
}
