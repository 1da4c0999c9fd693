import { and, asc, count, eq, inArray, sql } from 'drizzle-orm'
import { PERMISSION_CODES, SUPER_ADMIN_ROLE_ID, type PermCode } from '../../contract/permissions'
import type { Role } from '../../contract/roles'
import type { Db, Tx } from '../db/client'
import { permissions, rolePermissions, roles } from '../db/schema'

/** Reads of staff roles (role type 'agent'; the client role is not managed here). */

const STAFF_ROLE_TYPE = 'agent'

/** The codes each role holds, by role id; the super admin role holds every code. */
async function codesByRole(db: Db | Tx, roleIds: number[]): Promise<Map<number, PermCode[]>> {
  const byRole = new Map<number, PermCode[]>(roleIds.map((id) => [id, []]))
  if (!roleIds.length) return byRole
  const rows = await db
    .select({ roleId: rolePermissions.roleId, permCode: permissions.permCode })
    .from(rolePermissions)
    .innerJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
    .where(inArray(rolePermissions.roleId, roleIds))
  const order = new Map(PERMISSION_CODES.map((code, i) => [code as string, i]))
  for (const row of rows) byRole.get(row.roleId)?.push(row.permCode as PermCode)
  for (const [id, codes] of byRole) {
    if (id === SUPER_ADMIN_ROLE_ID) byRole.set(id, [...PERMISSION_CODES])
    else codes.sort((a, b) => (order.get(a) ?? 999) - (order.get(b) ?? 999))
  }
  return byRole
}

async function toWireRoles(db: Db | Tx, rows: { id: number; name: string; description: string; userCount: number }[]): Promise<Role[]> {
  const codes = await codesByRole(
    db,
    rows.map((r) => r.id),
  )
  return rows.map((row) => ({ ...row, superAdmin: row.id === SUPER_ADMIN_ROLE_ID, permCodes: codes.get(row.id) ?? [] }))
}

const roleColumns = {
  id: roles.id,
  name: roles.name,
  description: roles.description,
  // Spelled out: inside a subquery an unqualified "id" would be the users table's.
  userCount: sql<number>`(select count(*)::int from "users" as "holders" where "holders"."role_id" = "roles"."id")`.mapWith(Number),
}

/** Every staff role, super admin first, then by name. */
export async function listStaffRoles(db: Db): Promise<Role[]> {
  const rows = await db
    .select(roleColumns)
    .from(roles)
    .where(eq(roles.roleType, STAFF_ROLE_TYPE))
    .orderBy(sql`${roles.id} = ${SUPER_ADMIN_ROLE_ID} desc`, asc(sql`lower(${roles.name})`), asc(roles.id))
  return toWireRoles(db, rows)
}

/** One staff role, or undefined (also for the client role). */
export async function findStaffRole(db: Db | Tx, id: number): Promise<Role | undefined> {
  const rows = await db
    .select(roleColumns)
    .from(roles)
    .where(and(eq(roles.id, id), eq(roles.roleType, STAFF_ROLE_TYPE)))
  const [role] = await toWireRoles(db, rows)
  return role
}

/** Another role of this name, in any letter case. */
export async function roleNameTaken(db: Db | Tx, name: string, exceptId?: number): Promise<boolean> {
  const [{ n }] = await db
    .select({ n: count() })
    .from(roles)
    .where(and(eq(sql`lower(${roles.name})`, name.toLowerCase()), exceptId ? sql`${roles.id} <> ${exceptId}` : undefined))
  return n > 0
}

export { STAFF_ROLE_TYPE }
