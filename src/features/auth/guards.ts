import { redirect, type ParsedLocation } from '@tanstack/react-router'
import { AccessDeniedError, sessionHasPermission, type PermCode } from '~/lib/permissions'
import { getSession, userKind, type Session } from '~/lib/session'

/**
 * Route guards, used in `beforeLoad`. A missing session redirects to
 * /login with the page to come back to; a signed-in user who may not open a page gets
 * AccessDeniedError, shown as "You do not have access to this page" inside the layout.
 */

/** Only same-origin paths may be a redirect target after sign-in (no open redirects). */
export function safeRedirectTarget(target: unknown): string | undefined {
  if (typeof target !== 'string') return undefined
  if (!target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return undefined
  if (target.startsWith('/login')) return undefined
  return target
}

export function requireSession(location: ParsedLocation): Session {
  const session = getSession()
  if (!session) {
    throw redirect({
      to: '/login',
      search: { redirect: safeRedirectTarget(location.href) },
      replace: true,
    })
  }
  return session
}

/** The provider area: agents only. */
export function requireAgent(): void {
  const session = getSession()
  if (!session || userKind(session.user) !== 'agent') throw new AccessDeniedError('agent-only')
}

/** The client area: clients only. */
export function requireClient(): void {
  const session = getSession()
  if (!session || userKind(session.user) !== 'client') throw new AccessDeniedError('client-only')
}

/** A page needing a permission code; super admin passes. */
export function requirePermission(code: PermCode): () => void {
  return () => {
    if (!sessionHasPermission(getSession(), code)) throw new AccessDeniedError('permission', code)
  }
}
