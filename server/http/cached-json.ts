import type { Context } from 'hono'
import type { AppEnv, Caller } from '../context'
import { cachedAnswer, type CachedAnswer } from './answer-cache'
import { acceptsGzip } from './gzip'
import { jsonAnswerHeaders } from './security'

/**
 * What a route's cached answers depend on. `tables`: every table the answer is read from, each with a
 * statement trigger that announces its changes on `answers_changed` (tests/api/answer-cache.test.ts
 * compares them with the database's triggers). `perCaller`: what of the caller the answer shows beyond
 * what the route's access policy has checked (whose read marks a notification list shows).
 */
export interface AnswerCacheSpec {
  name: string
  tables: readonly string[]
  perCaller?: (caller: Caller) => string
}

/** Every cache a route declares, for the test that compares their tables with the database's triggers. */
export const answerCacheSpecs: AnswerCacheSpec[] = []

export function defineAnswerCache(spec: AnswerCacheSpec): AnswerCacheSpec {
  answerCacheSpecs.push(spec)
  return spec
}

/** Given to `produce`: for an answer that shows something read off the clock (a document's days left). */
export interface AnswerLife {
  /** The instant that part of the answer changes, after which the answer is not served from the cache. */
  changesAt(atMs: number): void
}

const PLAIN = { Vary: 'Accept-Encoding' }
const GZIPPED = { Vary: 'Accept-Encoding', 'Content-Encoding': 'gzip' }

/**
 * A read route's JSON answer, from the server's answer cache (deps.answers) when it holds one for this
 * path, validated `query` and (with `perCaller`) caller, else made by `produce` and cached. Call it after
 * the access checks: the cache is never asked before them, so it never serves what the caller may not
 * see. The answer must be a function of the path, `query`, the caller's `perCaller` key, the declared
 * tables and of the clock only as reported through `changesAt`.
 *
 * Cached as sent, text and gzipped bytes, so a page of a list asked again costs what a small read does.
 */
export async function cachedJson(c: Context<AppEnv>, spec: AnswerCacheSpec, query: unknown, produce: (life: AnswerLife) => unknown): Promise<Response> {
  const deps = c.get('deps')
  const cache = deps.answers
  const gzip = acceptsGzip(c)
  const nowMs = deps.clock.now().getTime()
  let untilMs = nowMs + (cache?.ttlMs ?? 0)
  const life: AnswerLife = { changesAt: (atMs) => void (untilMs = Math.min(untilMs, atMs)) }
  if (!cache) return answer(c, cachedAnswer(JSON.stringify(await produce(life))), gzip)
  const caller = spec.perCaller ? spec.perCaller(c.get('caller')) : ''
  const key = `${spec.name} ${caller} ${c.req.path} ${JSON.stringify(query ?? null)}`
  const cached = cache.get(key, nowMs)
  if (cached) return answer(c, cached, gzip)
  const stamp = cache.stamp
  const made = cachedAnswer(JSON.stringify(await produce(life)))
  cache.set(key, made, { fromMs: nowMs, untilMs, tables: spec.tables }, stamp)
  return answer(c, made, gzip)
}

/** The response with every header it needs, already encoded: the compression middleware leaves it as it is. */
function answer(c: Context<AppEnv>, cached: CachedAnswer, gzip: boolean): Response {
  if (gzip && cached.gzipped) return new Response(cached.gzipped, { status: 200, headers: jsonAnswerHeaders(c, GZIPPED) as Record<string, string> })
  const headers = jsonAnswerHeaders(c, { ...PLAIN, 'Content-Length': String(Buffer.byteLength(cached.text)) })
  return new Response(cached.text, { status: 200, headers: headers as Record<string, string> })
}
