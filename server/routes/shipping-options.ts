import { Hono } from 'hono'
import { IdParamsSchema } from '../../contract/common'
import { CreateShippingOptionSchema, UpdateShippingOptionSchema } from '../../contract/shipping'
import { access } from '../auth/policy'
import { clientAddress } from '../auth/rate-limit'
import type { AppEnv } from '../context'
import { validate } from '../http/validate'
import { createShippingOption, listShippingOptions, updateShippingOption } from '../shipping/options'

/** Carriers and speeds for mailing originals, with their prices: everyone reads the active ones, staff with SHE manage them. */
export const shippingOptionRoutes = new Hono<AppEnv>()
  .get('/shipping-options', access.signedIn(), async (c) => c.json(await listShippingOptions(c.get('deps').db, c.get('caller'))))
  .post('/shipping-options', access.agent('SHE'), validate('json', CreateShippingOptionSchema), async (c) => {
    const { db, clock } = c.get('deps')
    const change = { at: clock.now(), actorUserId: c.get('caller').userId, ip: clientAddress(c), requestId: c.get('requestId') }
    return c.json(await createShippingOption(db, c.req.valid('json'), change), 201)
  })
  .put('/shipping-options/:id', access.agent('SHE'), validate('param', IdParamsSchema), validate('json', UpdateShippingOptionSchema), async (c) => {
    const { db, clock } = c.get('deps')
    const change = { at: clock.now(), actorUserId: c.get('caller').userId, ip: clientAddress(c), requestId: c.get('requestId') }
    return c.json(await updateShippingOption(db, c.req.valid('param').id, c.req.valid('json'), change))
  })
