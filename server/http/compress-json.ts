import { gzipSync } from 'node:zlib'
import type { Context, MiddlewareHandler } from 'hono'
import type { AppEnv } from '../context'
import { jsonAnswerHeaders, markComplete, type HeaderRecord } from './security'

/** Smaller answers gain nothing from compression (the gzip frame and the CPU cost outweigh it). */
const MIN_BYTES = 1024
/**
 * Fast settings for small answers: a 4 KB window and level 3 compress a page of a list in half the time
 * of zlib's defaults (most of which is setting up the default 32 KB window), for answers 10-15 % larger
 * (a 20-row invoice page: 980 bytes instead of 880).
 */
const GZIP = { level: 3, windowBits: 12, memLevel: 5 }

/**
 * Gzips JSON answers of 1 KB and more (a page of a list is 8-15 KB) when the caller accepts gzip.
 *
 * It does so where the JSON is written: `c.json` on this request serialises once and hands the bytes
 * (compressed or not) straight to the response, with all of its headers. Compressing after the handler
 * instead would have to read the finished response's body back, which turns the adapter's cheap string
 * response into a web stream and costs more than the rest of a small request. Files and streams never
 * pass through `c.json`.
 */
export function compressJson(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const gzip = acceptsGzip(c)
    // Whether the handler shaped the answer with c.header or c.status before calling c.json: if not, the
    // answer is made directly from its body and a plain header object, which the adapter writes as they
    // are (Hono would first copy several headers into a web Headers object, and the adapter copy them out).
    let shaped = false
    const header = c.header
    const status = c.status
    c.header = ((...args: Parameters<typeof header>) => {
      shaped = true
      return header(...args)
    }) as typeof c.header
    c.status = ((code: Parameters<typeof status>[0]) => {
      shaped = true
      return status(code)
    }) as typeof c.status
    c.json = ((object: unknown, arg?: number | ResponseInit, headers?: HeaderRecord) => writeJson(c, JSON.stringify(object), { gzip, shaped }, arg, headers)) as typeof c.json
    await next()
  }
}

export const acceptsGzip = (c: Context<AppEnv>) => /\bgzip\b/i.test(c.req.header('accept-encoding') ?? '')

/** A JSON answer's bytes as `c.json` makes them: gzipped (`gzip`) or the text itself. */
export interface JsonBytes {
  data: string | Uint8Array<ArrayBuffer>
  gzip: boolean
}

const PLAIN = { Vary: 'Accept-Encoding' }
const GZIPPED = { Vary: 'Accept-Encoding', 'Content-Encoding': 'gzip' }

/** The response for JSON bytes, with every header it needs, when the handler shaped nothing of its own. */
export function jsonAnswer(c: Context<AppEnv>, bytes: JsonBytes, status = 200): Response {
  const headers = jsonAnswerHeaders(c, bytes.gzip ? GZIPPED : PLAIN)
  return markComplete(new Response(bytes.data, { status, headers: headers as Record<string, string> }))
}

function writeJson(c: Context<AppEnv>, text: string, how: { gzip: boolean; shaped: boolean }, arg: number | ResponseInit | undefined, headers: HeaderRecord | undefined): Response {
  // String length counts UTF-16 units, not bytes: close enough for a threshold.
  const compress = how.gzip && text.length >= MIN_BYTES
  const bytes: JsonBytes = { data: compress ? new Uint8Array(gzipSync(text, GZIP)) : text, gzip: compress }
  if (!how.shaped && typeof arg !== 'object' && !headers) {
    const status = arg ?? 200
    // A route that keeps its answers (server/http/kept-answers.ts) keeps what it answered in full.
    if (status === 200) c.get('keepAnswer')?.(bytes)
    return jsonAnswer(c, bytes, status)
  }
  const base = jsonAnswerHeaders(c, { Vary: 'Accept-Encoding', ...headers })
  const all = compress ? { ...base, 'Content-Encoding': 'gzip' } : base
  if (!how.shaped && typeof arg !== 'object' && !Object.values(all).some(Array.isArray)) return markComplete(new Response(bytes.data, { status: arg ?? 200, headers: all as Record<string, string> }))
  // c.body keeps what the handler set with c.header and c.status; its overloads are narrower than c.json's.
  const body = c.body as (data: string | Uint8Array<ArrayBuffer>, arg?: number | ResponseInit, headers?: HeaderRecord) => Response
  return markComplete(body(bytes.data, arg, all))
}
