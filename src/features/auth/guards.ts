import { redirect, type ParsedLocation } from '@tanstack/react-router'
import { AccessDeniedError, sessionHasPermission, type PermCode } from '~/lib/permissions'
import { getSession, userKind, type Session } from '~/lib/session'

/**
 * Route guards, used in `beforeLoad`. A missing session redirects to
 * /login with the page to come back to; a signed-in user who may not open a page gets
 * AccessDeniedError, shown as "You do not have access to this page" inside the layout. Staff who must
 * still set up a second factor are sent to Account Settings → Security.
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

/** Where staff who must still set up a second factor are sent. */
export const SECOND_FACTOR_SETUP_PATH = '/account-settings/security'

/**
 * The pages staff who must still set up a second factor may open: their own Account Settings (the
 * server answers those calls, and refuses the staff ones until a factor is set up). Log out is in the
 * account menu, on every page.
 */
export function openDuringSecondFactorSetup(pathname: string): boolean {
  return pathname === '/account-settings' || pathname.startsWith('/account-settings/')
}

/**
 * Where a signed-in user opening `location` must go instead to set up a second factor first (with the
 * page to go on to after), or null when the page may open.
 */
export function secondFactorSetupRedirect(session: Pick<Session, 'secondFactorSetupRequired'>, location: Pick<ParsedLocation, 'pathname' | 'href'>) {
  if (!session.secondFactorSetupRequired || openDuringSecondFactorSetup(location.pathname)) return null
  return { to: SECOND_FACTOR_SETUP_PATH, search: { next: safeRedirectTarget(location.href) }, replace: true } as const
}

/** The signed-in layout's guard: staff without the second factor the portal requires of them set it up first. */
export function requireSecondFactorSetUp(session: Session, location: ParsedLocation): void {
  const target = secondFactorSetupRedirect(session, location)
  if (target) throw redirect(target)
}
