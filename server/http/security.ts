import type { Context, MiddlewareHandler } from 'hono'
import type { AppEnv } from '../context'
import { headerOf } from './held-response'

/** Headers of a response that is complete when it is made: every JSON answer of the API. */
export type HeaderRecord = Record<string, string | string[]>

/** What every response carries, document or data. */
const EVERY_RESPONSE = {
  'Strict-Transport-Security': 'max-age=63072000; includeSubDomains',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
} as const

/**
 * An API answer is data, never a page: it may load nothing, run nothing and be framed by nothing.
 * (Files served by the API set a stricter, sandboxing policy of their own.)
 */
const API_ANSWER: HeaderRecord = {
  ...EVERY_RESPONSE,
  'Content-Security-Policy': "default-src 'none'; frame-ancestors 'none'",
  'X-Frame-Options': 'DENY',
  'Cross-Origin-Resource-Policy': 'same-origin',
  'Cache-Control': 'no-store',
}

/**
 * The headers of a file the API serves (a document, a support attachment, an invoice PDF). Opened
 * directly, the file runs no script and reaches nothing of the portal; other sites cannot embed it; and
 * the browser's HTTP cache keeps none of it (the PWA keeps opened documents in its per-user file cache,
 * which log out clears, so a shared device keeps nothing of the previous user).
 */
export const FILE_HEADERS = {
  'Cache-Control': 'no-store',
  'X-Content-Type-Options': 'nosniff',
  'Content-Security-Policy': 'sandbox',
  'Cross-Origin-Resource-Policy': 'same-origin',
} as const

/**
 * The headers of a JSON answer made as a plain Response (a cached answer: server/http/cached-json.ts), in
 * full: `responseHeaders` leaves an answer that carries X-Request-Id as it is.
 */
export function jsonAnswerHeaders(c: Context<AppEnv>, own?: HeaderRecord): HeaderRecord {
  const requestId = c.get('requestId')
  return { ...API_ANSWER, ...(requestId ? { 'X-Request-Id': requestId } : {}), 'Content-Type': 'application/json', ...own }
}

const isRequestId = (value: string | undefined): value is string => !!value && value.length <= 255 && !/[^\w\-=]/.test(value)

/**
 * The request id (the caller's X-Request-Id when it is a plain token, else a new one) and the security
 * headers of every response. The Content-Security-Policy of pages allows only the portal's own scripts;
 * card frames of an external processor are allowed by origin when that processor is configured.
 */
export function responseHeaders(options: { frameOrigins?: string[]; scriptOrigins?: string[] } = {}): MiddlewareHandler<AppEnv> {
  const frame = ["'self'", 'blob:', ...(options.frameOrigins ?? [])].join(' ')
  // 'wasm-unsafe-eval' lets the portal's own WebAssembly compile (the upload form's cover sheet reader);
  // it allows no JavaScript eval.
  const script = ["'self'", "'wasm-unsafe-eval'", ...(options.scriptOrigins ?? [])].join(' ')
  const pagePolicy = [
    "default-src 'self'",
    `script-src ${script}`,
    // Ark UI positions popovers with inline style attributes.
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    "connect-src 'self'",
    `frame-src ${frame}`,
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ')
  return async (c, next) => {
    const incoming = c.req.header('x-request-id')
    c.set('requestId', isRequestId(incoming) ? incoming : crypto.randomUUID())
    await next()
    // An answer made with jsonAnswerHeaders (a cached answer) has every header already.
    if (headerOf(c.res, 'X-Request-Id') !== null) return
    const h = c.res.headers
    h.set('X-Request-Id', c.get('requestId'))
    h.set('X-Content-Type-Options', 'nosniff')
    // Hashed build files (scripts, styles, images) are never documents: a policy or frame rule on them
    // does nothing, and leaving them out saves most of a kilobyte on each of a page's dozens of files.
    if (c.req.path.startsWith('/assets/')) {
      h.set('Cross-Origin-Resource-Policy', 'same-origin')
      return
    }
    const api = c.req.path.startsWith('/api/')
    // A JSON answer, not a page or a script (the API also serves a few: the unsubscribe link's page, the
    // sandbox card frames and their scripts, which a sandboxed frame loads from an origin of its own).
    const data = api && /^application\/(?:problem\+)?json\b/.test(h.get('Content-Type') ?? '')
    // A route that must be framed by the portal (a card frame) or a served file sets its own policy first.
    if (!h.has('Content-Security-Policy')) h.set('Content-Security-Policy', data ? (API_ANSWER['Content-Security-Policy'] as string) : pagePolicy)
    if (data && !h.has('Cross-Origin-Resource-Policy')) h.set('Cross-Origin-Resource-Policy', 'same-origin')
    h.set('Strict-Transport-Security', EVERY_RESPONSE['Strict-Transport-Security'])
    h.set('Referrer-Policy', EVERY_RESPONSE['Referrer-Policy'])
    if (!h.has('X-Frame-Options')) h.set('X-Frame-Options', 'DENY')
    h.set('Cross-Origin-Opener-Policy', 'same-origin')
    h.set('Permissions-Policy', 'camera=(self), microphone=(), geolocation=(), payment=(self)')
    if (api && !h.has('Cache-Control')) h.set('Cache-Control', 'no-store')
  }
}
