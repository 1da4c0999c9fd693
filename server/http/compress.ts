import type { MiddlewareHandler } from 'hono'
import type { AppEnv } from '../context'
import { acceptsGzip, gzipText, MIN_GZIP_BYTES, worthGzip } from './gzip'
import { headerOf, heldText } from './held-response'

/**
 * Gzips JSON answers of 1 KB and more (a page of a list is 8-15 KB) when the caller accepts gzip, after
 * the handler. Leaves alone what is not JSON (files, streams), answers that carry a Content-Encoding
 * already (cached answers, encoded once: server/http/cached-json.ts) and those whose Content-Length says
 * they are too small to gain. Hono's own `compress` streams every answer through a CompressionStream,
 * small ones too, which costs more than the rest of a small request.
 */
export function compressJson(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next()
    const res = c.res
    if (c.req.method === 'HEAD' || res.status === 204 || res.status === 206 || res.status === 304) return
    if (!headerOf(res, 'content-type')?.startsWith('application/json') || headerOf(res, 'content-encoding') !== null) return
    const length = headerOf(res, 'content-length')
    if (length !== null && Number(length) < MIN_GZIP_BYTES) return
    // A small answer made from a string goes out untouched: reading it back would cost more than the rest of it.
    const made = heldText(res)
    if (made !== undefined && !worthGzip(made)) return
    const headers = res.headers
    if (!headers.has('vary')) headers.set('Vary', 'Accept-Encoding')
    if (!acceptsGzip(c)) return
    const text = made ?? (await res.text())
    const compress = worthGzip(text)
    const out = new Headers(headers)
    if (compress) {
      out.set('Content-Encoding', 'gzip')
      out.delete('Content-Length')
    }
    // Unset first, so Hono takes the new response as it is rather than merging the old one's headers in.
    c.res = undefined
    c.res = new Response(compress ? gzipText(text) : text, { status: res.status, headers: out })
  }
}
