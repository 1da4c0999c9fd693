import { gzipSync } from 'node:zlib'
import type { Context, MiddlewareHandler } from 'hono'
import type { AppEnv } from '../context'
import { jsonAnswerHeaders, markComplete, type HeaderRecord } from './security'

/** Smaller answers gain nothing from compression (the gzip frame and the CPU cost outweigh it). */
const MIN_BYTES = 1024

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
    const gzip = /\bgzip\b/i.test(c.req.header('accept-encoding') ?? '')
    c.json = ((object: unknown, arg?: number | ResponseInit, headers?: HeaderRecord) => writeJson(c, JSON.stringify(object), gzip, arg, headers)) as typeof c.json
    await next()
  }
}

function writeJson(c: Context<AppEnv>, text: string, gzip: boolean, arg: number | ResponseInit | undefined, headers: HeaderRecord | undefined): Response {
  // c.body keeps what the handler set with c.header and c.status; its overloads are narrower than c.json's.
  const body = c.body as (data: string | Uint8Array<ArrayBuffer>, arg?: number | ResponseInit, headers?: HeaderRecord) => Response
  const base = jsonAnswerHeaders(c, { Vary: 'Accept-Encoding', ...headers })
  // String length counts UTF-16 units, not bytes: close enough for a threshold.
  if (!gzip || text.length < MIN_BYTES) return markComplete(body(text, arg, base))
  return markComplete(body(new Uint8Array(gzipSync(text, { level: 6 })), arg, { ...base, 'Content-Encoding': 'gzip' }))
}
