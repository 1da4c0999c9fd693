import { Hono } from 'hono'
import { IdParamsSchema } from '../../contract/common'
import { MailRuleInputSchema, MailRuleParamsSchema } from '../../contract/mail-rules'
import { access } from '../auth/policy'
import { clientAddress } from '../auth/rate-limit'
import type { AppEnv } from '../context'
import { createMailRule, deleteMailRule, listMailRules } from '../clients/mail-rules'
import { notFound } from '../http/errors'
import { validate } from '../http/validate'

/**
 * A client's automatic mail rules: GET/POST /api/client/{id}/mail-rules, DELETE
 * /api/client/{id}/mail-rules/{ruleId}. The same access as the mail handling: the client itself, or
 * staff: any agent reads, a change needs PCE. Another client's id, or a rule or address of another
 * client, answers 404.
 */
export const mailRuleRoutes = new Hono<AppEnv>()
  .get('/client/:id{[0-9]+}/mail-rules', access.ownClient('id', 'documents'), validate('param', IdParamsSchema), async (c) => {
    const rules = await listMailRules(c.get('deps').db, c.req.valid('param').id)
    if (!rules) throw notFound('Client')
    return c.json(rules)
  })
  .post(
    '/client/:id{[0-9]+}/mail-rules',
    access.ownClient('id', 'account', 'PCE'),
    validate('param', IdParamsSchema),
    validate('json', MailRuleInputSchema),
    async (c) => {
      const { db, clock } = c.get('deps')
      const change = { at: clock.now(), actorUserId: c.get('caller').userId, ip: clientAddress(c), requestId: c.get('requestId') }
      return c.json(await createMailRule(db, c.req.valid('param').id, c.req.valid('json'), change), 201)
    },
  )
  .delete('/client/:id{[0-9]+}/mail-rules/:ruleId{[0-9]+}', access.ownClient('id', 'account', 'PCE'), validate('param', MailRuleParamsSchema), async (c) => {
    const { db, clock } = c.get('deps')
    const { id, ruleId } = c.req.valid('param')
    await deleteMailRule(db, id, ruleId, { at: clock.now(), actorUserId: c.get('caller').userId, ip: clientAddress(c), requestId: c.get('requestId') })
    return c.body(null, 204)
  })
