import { asc, eq, inArray } from 'drizzle-orm'
import type { Agent, BusinessEntityType, Country, PermissionDefinition } from '../../contract/identity'
import { hasPermission, SUPER_ADMIN_ROLE_ID } from '../auth/policy'
import type { Caller } from '../context'
import type { Db, Tx } from '../db/client'
import { agents, businessEntityTypes, countries, permissions, rolePermissions, roles, users } from '../db/schema'

/** Identity data: agent records and their staff, permission codes, and the reference lists. */

/**
 * Agent records with their staff users. With UCV (or as super admin) a caller sees every user of a
 * record; without it, only themself. The caller always comes first, so users[0] is their own role.
 */
export async function loadAgents(db: Db, caller: Caller, agentIds?: number[]): Promise<Agent[]> {
  const rows = await db
    .select()
    .from(agents)
    .where(agentIds ? inArray(agents.id, agentIds) : undefined)
    .orderBy(asc(agents.id))
  if (!rows.length) return []
  const staff = await db
    .select({
      id: users.id,
      agentId: users.agentId,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      roleId: users.roleId,
      role: roles.name,
      roleType: roles.roleType,
      active: users.active,
    })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(
      inArray(
        users.agentId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(users.id))
  const seesEveryone = hasPermission(caller, 'UCV')
  return rows.map((agent) => {
    const members = staff
      .filter((u) => u.agentId === agent.id && (seesEveryone || u.id === caller.userId))
      .sort((a, b) => Number(b.id === caller.userId) - Number(a.id === caller.userId))
      .map(({ agentId: _agentId, ...user }) => user)
    return { id: agent.id, name: agent.name, createdAt: agent.createdAt.toISOString(), users: members }
  })
}

/** The permission codes of a role (every code for the super admin role). */
export async function roleCodes(db: Db, roleId: number): Promise<string[]> {
  if (roleId === SUPER_ADMIN_ROLE_ID) {
    const all = await db.select({ permCode: permissions.permCode }).from(permissions).orderBy(asc(permissions.id))
    return all.map((p) => p.permCode)
  }
  const rows = await db
    .select({ permCode: permissions.permCode })
    .from(rolePermissions)
    .innerJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
    .where(eq(rolePermissions.roleId, roleId))
    .orderBy(asc(permissions.id))
  return rows.map((p) => p.permCode)
}

/** Every permission definition, in catalogue order. */
export function listPermissions(db: Db): Promise<PermissionDefinition[]> {
  return db.select({ id: permissions.id, permCode: permissions.permCode, name: permissions.name }).from(permissions).orderBy(asc(permissions.id))
}

/** The role of a user, or undefined when there is no such user. */
export async function roleIdOfUser(db: Db, userId: number): Promise<number | undefined> {
  const [user] = await db.select({ roleId: users.roleId }).from(users).where(eq(users.id, userId))
  return user?.roleId
}

/** Countries, United States first, then by name. */
export function listCountries(db: Db): Promise<Country[]> {
  return db.select({ id: countries.id, name: countries.name, iso2: countries.iso2 }).from(countries).orderBy(asc(countries.sortOrder), asc(countries.name))
}

/** Whether a country id is one of the list. */
export async function countryExists(db: Db | Tx, id: number): Promise<boolean> {
  const [country] = await db.select({ id: countries.id }).from(countries).where(eq(countries.id, id))
  return country !== undefined
}

/** Whether a business entity type id is one of the list. */
export async function businessEntityTypeExists(db: Db | Tx, id: number): Promise<boolean> {
  const [type] = await db.select({ id: businessEntityTypes.id }).from(businessEntityTypes).where(eq(businessEntityTypes.id, id))
  return type !== undefined
}

/** Florida entity kinds. */
export function listBusinessEntityTypes(db: Db): Promise<BusinessEntityType[]> {
  return db.select({ id: businessEntityTypes.id, name: businessEntityTypes.name }).from(businessEntityTypes).orderBy(asc(businessEntityTypes.id))
}
