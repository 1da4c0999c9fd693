import { Hono, type Context } from 'hono'
import { IdParamsSchema } from '../../contract/common'
import { CompleteMailActionSchema, MailActionListQuerySchema, type MailActionKind } from '../../contract/mail-actions'
import { access } from '../auth/policy'
import type { AppEnv } from '../context'
import { completeMailAction, listMailActions, requestMailAction } from '../documents/mail-actions'
import { validate } from '../http/validate'

/**
 * A client's actions on a piece of mail, and staff's one queue of them (contract/mail-actions.ts):
 * POST /document/{id}/open-and-scan, /shred and /hold by the client, on its own documents only
 * (another client's answer 404); asking again for the action already open answers it (200) without a
 * second row. Staff with DCV (the permission that moves mail requests along) list and complete them.
 */
/** The client's request for `action` on its document (the path's id, checked by the route). */
async function ask(c: Context<AppEnv>, action: MailActionKind): Promise<Response> {
  const id = Number(c.req.param('id'))
  const answer = await requestMailAction(c.get('deps'), c.get('caller'), id, action, { requestId: c.get('requestId') })
  return c.json(answer.body, answer.status)
}

export const mailActionRoutes = new Hono<AppEnv>()
  .post('/document/:id{[0-9]+}/open-and-scan', access.client('documents'), validate('param', IdParamsSchema), (c) => ask(c, 'open-and-scan'))
  .post('/document/:id{[0-9]+}/shred', access.client('documents'), validate('param', IdParamsSchema), (c) => ask(c, 'shred'))
  .post('/document/:id{[0-9]+}/hold', access.client('documents'), validate('param', IdParamsSchema), (c) => ask(c, 'hold'))

  // The mailroom's queue: open actions (the default) oldest first, with their age.
  .get('/mail-actions', access.agent('DCV'), validate('query', MailActionListQuerySchema), async (c) => {
    const deps = c.get('deps')
    return c.json(await listMailActions(deps.db, deps.clock.now(), c.req.valid('query')))
  })

  .post('/mail-actions/:id{[0-9]+}/complete', access.agent('DCV'), validate('param', IdParamsSchema), validate('json', CompleteMailActionSchema), async (c) => {
    const { id } = c.req.valid('param')
    return c.json(await completeMailAction(c.get('deps'), c.get('caller'), id, c.req.valid('json'), { requestId: c.get('requestId') }))
  })
