import { gzipSync } from 'node:zlib'
import type { MiddlewareHandler } from 'hono'
import type { AppEnv } from '../context'

/** Smaller answers gain nothing from compression (the gzip frame and the CPU cost outweigh it). */
const MIN_BYTES = 1024

/**
 * Gzips JSON answers of 1 KB and more (a page of a list is 8-15 KB) when the caller accepts gzip. JSON
 * answers are built in memory, so compressing them in one call is cheaper than a compression stream per
 * request; files and streams pass untouched.
 */
export function compressJson(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next()
    const res = c.res
    if (!res.body || res.headers.has('Content-Encoding') || !res.headers.get('Content-Type')?.startsWith('application/json')) return
    res.headers.append('Vary', 'Accept-Encoding')
    if (!/\bgzip\b/i.test(c.req.header('accept-encoding') ?? '')) return
    const body = Buffer.from(await res.arrayBuffer())
    if (body.length < MIN_BYTES) {
      c.res = new Response(body, res)
      return
    }
    const compressed = new Response(gzipSync(body, { level: 6 }), res)
    compressed.headers.set('Content-Encoding', 'gzip')
    compressed.headers.delete('Content-Length')
    c.res = compressed
  }
}
