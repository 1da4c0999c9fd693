import { asc, eq, inArray } from 'drizzle-orm'
import { Hono } from 'hono'
import type { Agent, BusinessEntityType, Country, PermissionDefinition } from '../../contract/identity'
import { AgentIdParamsSchema, UserIdParamsSchema } from '../../contract/identity'
import { access, hasPermission, isAgent, SUPER_ADMIN_ROLE_ID } from '../auth/policy'
import type { AppEnv, Caller } from '../context'
import type { Db } from '../db/client'
import { agents, businessEntityTypes, countries, permissions, rolePermissions, roles, users } from '../db/schema'
import { forbidden, notFound } from '../http/errors'
import { validate } from '../http/validate'

/** Reference lists change only with a release; browsers may keep them for an hour. */
const REFERENCE_CACHE = { 'Cache-Control': 'public, max-age=3600' }

/**
 * Agent records with their staff users. With UCV (or as super admin) a caller sees every user of a
 * record; without it, only themself. The caller always comes first, so users[0] is their own role.
 */
async function loadAgents(db: Db, caller: Caller, agentIds?: number[]): Promise<Agent[]> {
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
    .where(inArray(users.agentId, rows.map((r) => r.id)))
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

async function roleCodes(db: Db, roleId: number): Promise<string[]> {
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

export const identityRoutes = new Hono<AppEnv>()
  /** Agent records: all of them with UCV (or as super admin), else the caller's own. */
  .get('/agent', access.agent(), async (c) => {
    const { deps, caller } = c.var
    if (hasPermission(caller, 'UCV')) return c.json(await loadAgents(deps.db, caller))
    return c.json(caller.agentId ? await loadAgents(deps.db, caller, [caller.agentId]) : [])
  })

  /** One agent record: the caller's own, or any with UCV. */
  .get('/agent/:agentId', access.agent(), validate('param', AgentIdParamsSchema), async (c) => {
    const { deps, caller } = c.var
    const { agentId } = c.req.valid('param')
    if (agentId !== caller.agentId && !hasPermission(caller, 'UCV')) throw forbidden()
    const [agent] = await loadAgents(deps.db, caller, [agentId])
    if (!agent) throw notFound('Agent')
    return c.json(agent)
  })

  /** Every permission definition (the roles screens list them). */
  .get('/permissions', access.signedIn(), async (c) => {
    const rows: PermissionDefinition[] = await c.var.deps.db
      .select({ id: permissions.id, permCode: permissions.permCode, name: permissions.name })
      .from(permissions)
      .orderBy(asc(permissions.id))
    return c.json(rows)
  })

  /**
   * The permission codes of a user's role: anyone may read their own; other users need an agent with
   * UCV. A client asking about anyone else gets 404, as if the user did not exist.
   */
  .get('/user/:id/permissions', access.signedIn(), validate('param', UserIdParamsSchema), async (c) => {
    const { deps, caller } = c.var
    const { id } = c.req.valid('param')
    if (id !== caller.userId) {
      if (!isAgent(caller)) throw notFound('User')
      if (!hasPermission(caller, 'UCV')) throw forbidden()
    }
    const [user] = await deps.db.select({ roleId: users.roleId }).from(users).where(eq(users.id, id))
    if (!user) throw notFound('User')
    const codes = await roleCodes(deps.db, user.roleId)
    return c.json(codes.map((permCode) => ({ permCode })))
  })

  .get('/country', access.public(), async (c) => {
    const rows: Country[] = await c.var.deps.db
      .select({ id: countries.id, name: countries.name, iso2: countries.iso2 })
      .from(countries)
      .orderBy(asc(countries.sortOrder), asc(countries.name))
    return c.json(rows, 200, REFERENCE_CACHE)
  })

  .get('/business-entity-types', access.public(), async (c) => {
    const rows: BusinessEntityType[] = await c.var.deps.db
      .select({ id: businessEntityTypes.id, name: businessEntityTypes.name })
      .from(businessEntityTypes)
      .orderBy(asc(businessEntityTypes.id))
    return c.json(rows, 200, REFERENCE_CACHE)
  })
