import { Hono } from 'hono'
import { AgentIdParamsSchema, UserIdParamsSchema } from '../../contract/identity'
import { access, hasPermission, isAgent } from '../auth/policy'
import type { AppEnv } from '../context'
import { listBusinessEntityTypes, listCountries, listPermissions, loadAgents, roleCodes, roleIdOfUser } from '../identity/queries'
import { forbidden, notFound } from '../http/errors'
import { validate } from '../http/validate'

/** Reference lists change only with a release; browsers may keep them for an hour. */
const REFERENCE_CACHE = { 'Cache-Control': 'public, max-age=3600' }

export const identityRoutes = new Hono<AppEnv>()
  /** Agent records: all of them with UCV (or as super admin), else the caller's own. */
  .get('/agent', access.agent(), async (c) => {
    const deps = c.get('deps')
    const caller = c.get('caller')
    if (hasPermission(caller, 'UCV')) return c.json(await loadAgents(deps.db, caller))
    return c.json(caller.agentId ? await loadAgents(deps.db, caller, [caller.agentId]) : [])
  })

  /** One agent record: the caller's own, or any with UCV. */
  .get('/agent/:agentId', access.agent(), validate('param', AgentIdParamsSchema), async (c) => {
    const deps = c.get('deps')
    const caller = c.get('caller')
    const { agentId } = c.req.valid('param')
    if (agentId !== caller.agentId && !hasPermission(caller, 'UCV')) throw forbidden()
    const [agent] = await loadAgents(deps.db, caller, [agentId])
    if (!agent) throw notFound('Agent')
    return c.json(agent)
  })

  /** Every permission definition (the roles screens list them). */
  .get('/permissions', access.signedIn(), async (c) => {
    return c.json(await listPermissions(c.get('deps').db))
  })

  /**
   * The permission codes of a user's role: anyone may read their own; other users need an agent with
   * UCV. A client asking about anyone else gets 404, as if the user did not exist.
   */
  .get('/user/:id/permissions', access.signedIn(), validate('param', UserIdParamsSchema), async (c) => {
    const deps = c.get('deps')
    const caller = c.get('caller')
    const { id } = c.req.valid('param')
    if (id !== caller.userId) {
      if (!isAgent(caller)) throw notFound('User')
      if (!hasPermission(caller, 'UCV')) throw forbidden()
    }
    const roleId = await roleIdOfUser(deps.db, id)
    if (roleId === undefined) throw notFound('User')
    const codes = await roleCodes(deps.db, roleId)
    return c.json(codes.map((permCode) => ({ permCode })))
  })

  .get('/country', access.public(), async (c) => {
    return c.json(await listCountries(c.get('deps').db), 200, REFERENCE_CACHE)
  })

  .get('/business-entity-types', access.public(), async (c) => {
    return c.json(await listBusinessEntityTypes(c.get('deps').db), 200, REFERENCE_CACHE)
  })
