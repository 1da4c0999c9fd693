import { Hono } from 'hono'
import { IdParamsSchema } from '../../contract/common'
import { RoleBodySchema } from '../../contract/roles'
import { access } from '../auth/policy'
import type { AppEnv } from '../context'
import { notFound } from '../http/errors'
import { validate } from '../http/validate'
import { writeContext } from '../http/write-context'
import { createRole, deleteRole, updateRole } from '../roles/operations'
import { findStaffRole, listStaffRoles } from '../roles/queries'

/**
 * Staff roles (docs/api-users-roles.md): view with RCV, add with RCC, change and delete with RCE. The
 * list is also open to whoever manages users (UCV, UCC, UCE), who pick roles from it.
 */
export const roleRoutes = new Hono<AppEnv>()
  .get('/roles', access.agentAny('RCV', 'UCV', 'UCC', 'UCE'), async (c) => {
    return c.json(await listStaffRoles(c.get('deps').db))
  })

  .get('/roles/:id', access.agentAny('RCV', 'RCE'), validate('param', IdParamsSchema), async (c) => {
    const role = await findStaffRole(c.get('deps').db, c.req.valid('param').id)
    if (!role) throw notFound('Role')
    return c.json(role)
  })

  .post('/roles', access.agent('RCC'), validate('json', RoleBodySchema), async (c) => {
    return c.json(await createRole(c.get('deps').db, writeContext(c), c.req.valid('json')), 201)
  })

  .put('/roles/:id', access.agent('RCE'), validate('param', IdParamsSchema), validate('json', RoleBodySchema), async (c) => {
    return c.json(await updateRole(c.get('deps').db, writeContext(c), c.req.valid('param').id, c.req.valid('json')))
  })

  .delete('/roles/:id', access.agent('RCE'), validate('param', IdParamsSchema), async (c) => {
    await deleteRole(c.get('deps').db, writeContext(c), c.req.valid('param').id)
    return c.body(null, 204)
  })
