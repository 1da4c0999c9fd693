import { Hono } from 'hono'
import { MailHandlingSchema } from '../../contract/addresses'
import { IdParamsSchema } from '../../contract/common'
import { access } from '../auth/policy'
import { clientAddress } from '../auth/rate-limit'
import type { AppEnv } from '../context'
import { readMailHandling, setMailHandling } from '../clients/mail-handling'
import { notFound } from '../http/errors'
import { validate } from '../http/validate'

/**
 * How a client's mail is handled: GET/PUT /api/client/{id}/mail-handling with
 * `{ mode: 'scan-all' | 'envelope-first' }`. The client itself, or staff: any agent reads, a change
 * needs PCE. Another client's id answers 404.
 */
export const mailHandlingRoutes = new Hono<AppEnv>()
  .get('/client/:id{[0-9]+}/mail-handling', access.ownClient('id', 'documents'), validate('param', IdParamsSchema), async (c) => {
    const handling = await readMailHandling(c.get('deps').db, c.req.valid('param').id)
    if (!handling) throw notFound('Client')
    return c.json(handling)
  })
  .put(
    '/client/:id{[0-9]+}/mail-handling',
    access.ownClient('id', 'account', 'PCE'),
    validate('param', IdParamsSchema),
    validate('json', MailHandlingSchema),
    async (c) => {
      const { db, clock } = c.get('deps')
      const change = { at: clock.now(), actorUserId: c.get('caller').userId, ip: clientAddress(c), requestId: c.get('requestId') }
      const handling = await setMailHandling(db, c.req.valid('param').id, c.req.valid('json').mode, change)
      if (!handling) throw notFound('Client')
      return c.json(handling)
    },
  )
