import type { MiddlewareHandler } from 'hono'
import type { AppEnv } from '../context'

/**
 * Security headers on every response. The Content-Security-Policy allows only the portal's own scripts;
 * card frames of an external processor are allowed by origin when that processor is configured.
 */
export function securityHeaders(options: { frameOrigins?: string[]; scriptOrigins?: string[] } = {}): MiddlewareHandler<AppEnv> {
  const frame = ["'self'", 'blob:', ...(options.frameOrigins ?? [])].join(' ')
  const script = ["'self'", ...(options.scriptOrigins ?? [])].join(' ')
  const csp = [
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
    await next()
    const h = c.res.headers
    // Hashed build files (scripts, styles, images) are never documents: a policy or frame rule on them
    // does nothing, and leaving them out saves most of a kilobyte on each of a page's dozens of files.
    if (c.req.path.startsWith('/assets/')) {
      h.set('X-Content-Type-Options', 'nosniff')
      h.set('Cross-Origin-Resource-Policy', 'same-origin')
      return
    }
    // A route that must be framed by the portal (a card frame) sets its own policy first.
    if (!h.has('Content-Security-Policy')) h.set('Content-Security-Policy', csp)
    h.set('Strict-Transport-Security', 'max-age=63072000; includeSubDomains')
    h.set('X-Content-Type-Options', 'nosniff')
    h.set('Referrer-Policy', 'strict-origin-when-cross-origin')
    if (!h.has('X-Frame-Options')) h.set('X-Frame-Options', 'DENY')
    h.set('Cross-Origin-Opener-Policy', 'same-origin')
    h.set('Permissions-Policy', 'camera=(self), microphone=(), geolocation=(), payment=(self)')
  }
}
