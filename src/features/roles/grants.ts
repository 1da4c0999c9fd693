import type { Role } from '@contract/roles'
import { isPermCode } from '@contract/permissions'
import { isSuperAdmin, sessionHasPermission } from '~/lib/permissions'
import type { Session } from '~/lib/session'

/**
 * What the signed-in user may give, mirroring the server's rule: nobody grants a code they do not hold,
 * and only a super admin gives the super admin role.
 */
export function canGrantRole(session: Session | null, role: Pick<Role, 'superAdmin' | 'permCodes'>): boolean {
  if (!session) return false
  if (role.superAdmin) return isSuperAdmin(session)
  return role.permCodes.every((code) => isPermCode(code) && sessionHasPermission(session, code))
}
