import { SUPER_ADMIN_ROLE_ID, type PermCode } from '@contract/permissions'
import { getSession, useSession, type Session } from './session'

export { PERM, SUPER_ADMIN_ROLE_ID, type PermCode } from '@contract/permissions'

export function isSuperAdmin(session: Session | null | undefined): boolean {
  return session?.user.roleId === SUPER_ADMIN_ROLE_ID
}

/** Whether the session holds `code`; super admin (role id 1) holds every code. */
export function sessionHasPermission(session: Session | null | undefined, code: PermCode): boolean {
  if (!session) return false
  return isSuperAdmin(session) || session.permissions.includes(code)
}

/** Whether the signed-in user holds `code` right now (for guards and event handlers). */
export function hasPermission(code: PermCode): boolean {
  return sessionHasPermission(getSession(), code)
}

/** Whether the signed-in user holds `code`, re-rendering when the session changes. */
export function usePermission(code: PermCode): boolean {
  return sessionHasPermission(useSession(), code)
}

/**
 * Thrown by a route guard when the signed-in user may not open a page (the other area, or a missing
 * permission code). The route's error component shows "You do not have access to this page" inside
 * the layout, with a way back to the user's dashboard.
 */
export class AccessDeniedError extends Error {
  override name = 'AccessDeniedError'
  constructor(
    readonly reason: 'agent-only' | 'client-only' | 'permission' | 'role',
    readonly code?: PermCode,
  ) {
    super('You do not have access to this page')
  }
}
