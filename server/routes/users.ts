import { Hono } from 'hono'
import { IdParamsSchema } from '../../contract/common'
import { CreateUserBodySchema, UpdateUserBodySchema, UserListQuerySchema, type StaffUserDetail } from '../../contract/users'
import { access } from '../auth/policy'
import { secondStepMethods } from '../auth/second-factor'
import type { AppEnv } from '../context'
import { notFound } from '../http/errors'
import { validate } from '../http/validate'
import { writeContext } from '../http/write-context'
import { userHistory } from '../users/history'
import { createStaffUser, resendInvitation, setStaffUserActive, updateStaffUser } from '../users/operations'
import { findStaffUser, listStaffUsers } from '../users/queries'

/** Staff users (docs/api-users-roles.md): list and view with UCV, add with UCC, change with UCE. */

export const userRoutes = new Hono<AppEnv>()
  .get('/users', access.agent('UCV'), validate('query', UserListQuerySchema), async (c) => {
    return c.json(await listStaffUsers(c.get('deps').db, c.req.valid('query')))
  })

  .get('/users/:id', access.agent('UCV'), validate('param', IdParamsSchema), async (c) => {
    const { db } = c.get('deps')
    const { id } = c.req.valid('param')
    const user = await findStaffUser(db, id)
    if (!user) throw notFound('User')
    const [secondFactors, history] = await Promise.all([secondStepMethods(db, id), userHistory(db, id)])
    return c.json({ ...user, secondFactors, history } satisfies StaffUserDetail)
  })

  .post('/users', access.agent('UCC'), validate('json', CreateUserBodySchema), async (c) => {
    return c.json(await createStaffUser(c.get('deps'), writeContext(c), c.req.valid('json')), 201)
  })

  .patch('/users/:id', access.agent('UCE'), validate('param', IdParamsSchema), validate('json', UpdateUserBodySchema), async (c) => {
    return c.json(await updateStaffUser(c.get('deps'), writeContext(c), c.req.valid('param').id, c.req.valid('json')))
  })

  .post('/users/:id/deactivate', access.agent('UCE'), validate('param', IdParamsSchema), async (c) => {
    return c.json(await setStaffUserActive(c.get('deps'), writeContext(c), c.req.valid('param').id, false))
  })

  .post('/users/:id/reactivate', access.agent('UCE'), validate('param', IdParamsSchema), async (c) => {
    return c.json(await setStaffUserActive(c.get('deps'), writeContext(c), c.req.valid('param').id, true))
  })

  .post('/users/:id/invitation', access.agent('UCE'), validate('param', IdParamsSchema), async (c) => {
    return c.json(await resendInvitation(c.get('deps'), writeContext(c), c.req.valid('param').id), 202)
  })
